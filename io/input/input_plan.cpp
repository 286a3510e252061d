// Input planning: expand files, directories, globs and @LIST files into a sorted file list
// (filtered, with what walks ignored counted), cut it into splits and assign the splits to ranks.
#include "io/input/input_plan.hpp"

#include <glob.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>
#include <span>
#include <string_view>
#include <system_error>
#include <tuple>
#include <utility>

#include "io/input/regular_file.hpp"
#include "io/input/walked_names.hpp"
#include "io/io_error.hpp"
#include "io/read/compressed_frames.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

// One file found, before sizes and formats are looked up.
struct Entry {
  std::string path;
  std::string relative;
};

// Why a walk or a glob passed a path over.
enum class PassReason {
  kExtension,
  kNotIncluded,
  kExcluded,
  kNotRegular,
  kBrokenLink,
  kHidden,
  kOwnOutput,
  kHiddenDir,
  kOwnOutputDir
};

// A path a walk or a glob passed over.
struct Passed {
  std::string path;
  PassReason reason;
  std::string extension{};  // kExtension: the name's extension_key
};

// The counts of `passed`.
IgnoredFiles count_passed(std::span<const Passed> passed) {
  IgnoredFiles ignored;
  for (const Passed& p : passed) {
    switch (p.reason) {
      case PassReason::kExtension:
        ++ignored.by_extension[p.extension];
        break;
      case PassReason::kNotIncluded:
        ++ignored.not_included;
        break;
      case PassReason::kExcluded:
        ++ignored.excluded;
        break;
      case PassReason::kNotRegular:
        ++ignored.not_regular;
        break;
      case PassReason::kBrokenLink:
        ++ignored.broken_links;
        break;
      case PassReason::kHidden:
        ++ignored.hidden;
        break;
      case PassReason::kOwnOutput:
        ++ignored.own_outputs;
        break;
      case PassReason::kHiddenDir:
        ++ignored.hidden_dirs;
        break;
      case PassReason::kOwnOutputDir:
        ++ignored.own_output_dirs;
        break;
    }
  }
  return ignored;
}

// Why a walk passes over a file or folder of name kind `kind` (not kOrdinary).
PassReason name_reason(NameKind kind, bool directory) {
  if (kind == NameKind::kHidden) return directory ? PassReason::kHiddenDir : PassReason::kHidden;
  return directory ? PassReason::kOwnOutputDir : PassReason::kOwnOutput;
}

std::string trim(const std::string& line) {
  const std::size_t begin = line.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  const std::size_t end = line.find_last_not_of(" \t\r");
  return line.substr(begin, end - begin + 1);
}

// Collects the files named by arguments, directories, globs and lists; with `walk` false, a
// directory is collected itself instead of the files below it.
class Expander {
 public:
  Expander(const InputSelection& selection, bool walk) : selection_(selection), walk_(walk) {}

  // Expands one argument; relative paths are resolved against `base` (empty: as written).
  void add_argument(const std::string& argument, const fs::path& base) {
    const std::size_t before = entries_.size();
    const std::size_t passed_before = passed_.size();
    if (argument.starts_with('@')) {
      add_list(resolve(argument.substr(1), base));
      if (entries_.size() == before) throw IoError(argument + ": input list names no input");
      return;
    }
    const std::string path = resolve(argument, base);
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (fs::is_directory(status)) {
      add_directory(path);
      if (entries_.size() == before) {
        throw IoError(argument + ": directory holds no input file" + wanted_names() +
                      passed_note(passed_before));
      }
    } else if (fs::exists(status)) {
      require_regular_file(path, "input");
      entries_.push_back({path, argument});
    } else if (argument.find_first_of("*?[") != std::string::npos) {
      add_glob(path, fs::path(argument).is_absolute() ? fs::path() : base, argument);
      if (entries_.size() == before) {
        throw IoError(argument + ": no input file matches" + passed_note(passed_before));
      }
    } else {
      throw IoError(argument + ": input not found");
    }
  }

  std::vector<Entry>& entries() { return entries_; }
  std::vector<Passed>& passed() { return passed_; }

 private:
  static std::string resolve(const std::string& path, const fs::path& base) {
    return base.empty() ? path : (base / path).lexically_normal().string();
  }

  std::string wanted_names() const {
    const std::string names = walked_names(selection_.format);
    return names.empty() ? "" : " (" + names + ")";
  }

  // "; ignored N files: ..." for what was passed over since passed_[first], or "".
  std::string passed_note(std::size_t first) const {
    const std::string text =
        ignored_files_text(count_passed(std::span<const Passed>(passed_).subspan(first)));
    return text.empty() ? "" : "; " + text;
  }

  // Adds the files below `directory`, or the directory itself when not walking.
  void add_directory(const std::string& directory) {
    if (!walk_) {
      entries_.push_back({directory, directory});
      return;
    }
    std::vector<fs::path> ancestors;
    walk(directory, "", ancestors);
  }

  // Adds the file at `path` found by a walk or a glob unless the filter leaves it out.
  void add_filtered(const std::string& path, const std::string& relative) {
    switch (filter_verdict(selection_.filter, relative)) {
      case FilterVerdict::kTaken:
        entries_.push_back({path, relative});
        return;
      case FilterVerdict::kNotIncluded:
        passed_.push_back({path, PassReason::kNotIncluded});
        return;
      case FilterVerdict::kExcluded:
        passed_.push_back({path, PassReason::kExcluded});
        return;
    }
  }

  // True when --include brings back the file or folder at `relative` that its name (of kind
  // `kind`) would pass over: a pattern matching the file and naming files of its kind, a
  // pattern spelling out the folder's path for a folder (walked_names.hpp).
  bool included_anyway(const std::string& relative, NameKind kind, bool directory) const {
    const std::vector<std::string>& include = selection_.filter.include;
    return std::any_of(include.begin(), include.end(), [&](const std::string& pattern) {
      return directory ? pattern_enters(pattern, relative)
                       : pattern_names_kind(pattern, kind) && pattern_matches(pattern, relative);
    });
  }

  // Walks into, takes or passes over the entry `entry` of a walk, at `relative` below its root.
  void add_walked(const fs::directory_entry& entry, const std::string& relative,
                  std::vector<fs::path>& ancestors) {
    const std::string path = entry.path().string();
    const std::string name = entry.path().filename().string();
    std::error_code status_error;
    const fs::file_status status = entry.status(status_error);
    if (status_error && status_error != std::errc::no_such_file_or_directory) {
      throw IoError(path + ": cannot read status: " + status_error.message());
    }
    const bool directory = fs::is_directory(status);
    const NameKind kind = name_kind(name);
    if (kind != NameKind::kOrdinary && !included_anyway(relative, kind, directory)) {
      passed_.push_back({path, name_reason(kind, directory)});
    } else if (directory) {
      walk(entry.path(), relative, ancestors);
    } else if (!fs::exists(status) && entry.is_symlink(status_error)) {
      passed_.push_back({path, PassReason::kBrokenLink});
    } else if (!fs::is_regular_file(status)) {
      passed_.push_back({path, PassReason::kNotRegular});
    } else if (!walk_takes(name, selection_.format)) {
      passed_.push_back({path, PassReason::kExtension, extension_key(name)});
    } else {
      add_filtered(path, relative);
    }
  }

  // Adds the files below `directory`; `prefix` is its path relative to the walk's root and
  // `ancestors` the canonical paths of the directories being walked (to stop link loops).
  void walk(const fs::path& directory, const std::string& prefix,
            std::vector<fs::path>& ancestors) {
    std::error_code error;
    fs::path canonical = fs::canonical(directory, error);
    if (error) throw IoError(directory.string() + ": cannot open directory: " + error.message());
    if (std::find(ancestors.begin(), ancestors.end(), canonical) != ancestors.end()) return;
    ancestors.push_back(std::move(canonical));
    fs::directory_iterator it(directory, error);
    for (const fs::directory_iterator end; !error && it != end; it.increment(error)) {
      const std::string name = it->path().filename().string();
      add_walked(*it, prefix.empty() ? name : prefix + "/" + name, ancestors);
    }
    if (error) throw IoError(directory.string() + ": cannot open directory: " + error.message());
    ancestors.pop_back();
  }

  // Adds the matches of a glob pattern but those whose names a walk passes over and the pattern
  // does not name (pattern_names_kind: "out/*" passes over out/_SUCCESS, "out/_*" takes it); a
  // matched file's relative path is the match, relative to `base` unless that is empty.
  void add_glob(const std::string& pattern, const fs::path& base, const std::string& argument) {
    glob_t matches{};
    const int status = glob(pattern.c_str(), GLOB_ERR, nullptr, &matches);
    std::vector<std::string> paths;
    if (status == 0) paths.assign(matches.gl_pathv, matches.gl_pathv + matches.gl_pathc);
    globfree(&matches);
    if (status == GLOB_NOMATCH) throw IoError(argument + ": no input file matches");
    if (status != 0) throw IoError(argument + ": cannot expand this pattern");
    for (const std::string& path : paths) {
      const bool directory = fs::is_directory(path);
      const NameKind kind = name_kind(fs::path(path).filename().string());
      if (kind != NameKind::kOrdinary && !pattern_names_kind(pattern, kind)) {
        passed_.push_back({path, name_reason(kind, directory)});
      } else if (directory) {
        add_directory(path);
      } else {
        require_regular_file(path, "input");
        const std::string relative =
            base.empty() ? path : fs::path(path).lexically_relative(base).string();
        add_filtered(path, relative.empty() ? path : relative);
      }
    }
  }

  // Adds every input named by the list file at `list_path`.
  void add_list(const std::string& list_path) {
    if (fs::is_directory(list_path)) throw IoError(list_path + ": input list is a directory");
    require_regular_file(list_path, "input list");
    std::ifstream in(list_path, std::ios::binary);
    if (!in) throw IoError(errno_message(list_path, "cannot open input list"));
    std::error_code error;
    const fs::path canonical = fs::weakly_canonical(list_path, error);
    if (std::find(open_lists_.begin(), open_lists_.end(), canonical) != open_lists_.end()) {
      throw IoError(list_path + ": input list includes itself");
    }
    open_lists_.push_back(canonical);
    const fs::path base = fs::path(list_path).parent_path();
    std::string line;
    for (std::uint64_t number = 1; std::getline(in, line); ++number) {
      const std::string argument = trim(line);
      if (argument.empty() || argument.front() == '#') continue;
      try {
        add_argument(argument, base);
      } catch (const IoError& e) {
        throw IoError(list_path + ":" + std::to_string(number) + ": " + e.what());
      }
    }
    if (in.bad()) throw IoError(list_path + ": cannot read input list");
    open_lists_.pop_back();
  }

  InputSelection selection_;
  bool walk_;
  std::vector<Entry> entries_;
  std::vector<Passed> passed_;  // what walks and globs passed over, a path perhaps many times
  std::vector<fs::path> open_lists_;
};

// The counts of `passed`, each path once and none of those listed in `entries` (sorted by
// path): a file one argument passes over and another takes is read, not ignored.
IgnoredFiles passed_over(std::vector<Passed>& passed, const std::vector<Entry>& entries) {
  std::sort(passed.begin(), passed.end(), [](const Passed& x, const Passed& y) {
    return x.path != y.path ? x.path < y.path : x.reason < y.reason;
  });
  passed.erase(std::unique(passed.begin(), passed.end(),
                           [](const Passed& x, const Passed& y) { return x.path == y.path; }),
               passed.end());
  std::erase_if(passed, [&entries](const Passed& p) {
    const auto at =
        std::lower_bound(entries.begin(), entries.end(), p.path,
                         [](const Entry& e, const std::string& path) { return e.path < path; });
    return at != entries.end() && at->path == p.path;
  });
  return count_passed(passed);
}

// One listed file with what stat(2) says of it.
struct StatedEntry {
  Entry entry;
  std::uint64_t size = 0;
  dev_t device = 0;
  ino_t inode = 0;
};

// `entries` with their sizes and identities; throws IoError naming a file stat(2) fails on.
std::vector<StatedEntry> stat_entries(std::vector<Entry>& entries) {
  std::vector<StatedEntry> stated;
  stated.reserve(entries.size());
  for (Entry& entry : entries) {
    struct stat info {};
    if (::stat(entry.path.c_str(), &info) != 0) {
      throw IoError(errno_message(entry.path, "cannot read size"));
    }
    stated.push_back(
        {std::move(entry), static_cast<std::uint64_t>(info.st_size), info.st_dev, info.st_ino});
  }
  return stated;
}

// How many trailing components `path` shares with its canonical path: all of them when no
// symbolic link is on the way; a link above the inputs (a home directory on a cluster) costs
// every name of a file the same, a link among them costs the names through it more.
std::size_t direct_components(const std::string& path) {
  std::error_code error;
  const fs::path canonical = fs::canonical(path, error);
  if (error) return 0;
  const fs::path given = fs::absolute(path, error).lexically_normal();
  std::vector<fs::path> a(given.begin(), given.end()), b(canonical.begin(), canonical.end());
  std::size_t shared = 0;
  while (shared < a.size() && shared < b.size() &&
         a[a.size() - 1 - shared] == b[b.size() - 1 - shared]) {
    ++shared;
  }
  return shared;
}

// Of the entries order[first, last) of `stated`, all one file, the one to read: the one reached
// through the fewest symbolic links (most direct_components), the first by path among equals.
std::size_t kept_name(const std::vector<StatedEntry>& stated, const std::vector<std::size_t>& order,
                      std::size_t first, std::size_t last) {
  std::size_t best = order[first];
  std::size_t best_direct = direct_components(stated[best].entry.path);
  for (std::size_t i = first + 1; i < last; ++i) {
    const std::size_t direct = direct_components(stated[order[i]].entry.path);
    if (direct > best_direct) {
      best = order[i];
      best_direct = direct;
    }
  }
  return best;
}

// Leaves one entry per file (device and inode) of `stated` (sorted by path), the kept_name, and
// counts the others in `ignored`, the first by path as its example.
void drop_aliases(std::vector<StatedEntry>& stated, IgnoredFiles& ignored) {
  std::vector<std::size_t> order(stated.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto same = [&stated](std::size_t x, std::size_t y) {
    return stated[x].device == stated[y].device && stated[x].inode == stated[y].inode;
  };
  std::stable_sort(order.begin(), order.end(), [&stated](std::size_t x, std::size_t y) {
    return std::tie(stated[x].device, stated[x].inode) <
           std::tie(stated[y].device, stated[y].inode);
  });
  std::vector<bool> alias(stated.size(), false);
  std::size_t example = stated.size();
  for (std::size_t first = 0, last = 0; first < order.size(); first = last) {
    for (last = first + 1; last < order.size() && same(order[first], order[last]);) ++last;
    if (last - first == 1 || stated[order[first]].inode == 0) continue;
    const std::size_t kept = kept_name(stated, order, first, last);
    for (std::size_t i = first; i < last; ++i) {
      if (order[i] == kept) continue;
      alias[order[i]] = true;
      ++ignored.aliases;
      if (order[i] < example) {
        example = order[i];
        ignored.alias_example = stated[order[i]].entry.path + " = " + stated[kept].entry.path;
      }
    }
  }
  std::size_t at = 0;
  std::erase_if(stated, [&alias, &at](const StatedEntry&) { return alias[at++]; });
}

}  // namespace

std::string errno_message(const std::string& path, const std::string& action) {
  return path + ": " + action + ": " + std::generic_category().message(errno);
}

std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments,
                                     const InputSelection& selection, IgnoredFiles* ignored) {
  Expander expander(selection, true);
  for (const std::string& argument : arguments) expander.add_argument(argument, fs::path());
  std::vector<Entry>& entries = expander.entries();
  std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
    if (x.path != y.path) return x.path < y.path;
    if (x.relative.size() != y.relative.size()) return x.relative.size() < y.relative.size();
    return x.relative < y.relative;
  });
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const Entry& x, const Entry& y) { return x.path == y.path; }),
                entries.end());
  if (entries.empty()) throw IoError("no input files given");
  IgnoredFiles passed = passed_over(expander.passed(), entries);
  std::vector<StatedEntry> stated = stat_entries(entries);
  drop_aliases(stated, passed);
  if (ignored != nullptr) ignored->add(passed);
  std::vector<InputFile> files;
  files.reserve(stated.size());
  for (StatedEntry& s : stated) {
    const InputFormat format = file_format(s.entry.path, selection.format);
    files.push_back({std::move(s.entry.path), s.size, format, std::move(s.entry.relative)});
  }
  return files;
}

std::string input_pattern_problem(const std::vector<std::string>& arguments) {
  for (const std::string& argument : arguments) {
    std::error_code error;
    if (argument.starts_with('@') || fs::exists(argument, error)) continue;
    if (argument.find_first_of("*?[") == std::string::npos) continue;
    if (std::string problem = pattern_problem(argument); !problem.empty()) {
      return "-i '" + argument + "': " + problem;
    }
  }
  return "";
}

std::string input_argument_under(const std::string& argument, const std::string& directory) {
  const bool list = argument.starts_with('@');
  const fs::path path(list ? argument.substr(1) : argument);
  if (path.is_absolute() || directory.empty()) return argument;
  return (list ? "@" : "") + (fs::path(directory) / path).lexically_normal().string();
}

std::vector<std::string> input_roots(const std::vector<std::string>& arguments) {
  Expander expander(InputSelection{}, false);
  for (const std::string& argument : arguments) {
    try {
      expander.add_argument(argument, fs::path());
    } catch (const IoError&) {
      // expand_inputs reports it
    }
  }
  std::vector<std::string> roots;
  for (const Entry& entry : expander.entries()) roots.push_back(entry.path);
  return roots;
}

bool walks_frames(const InputFiles& files, std::size_t f, std::uint64_t split_bytes) {
  const InputFormat format = files.format_of(f);
  return is_compressed(format) && !is_text(format) &&
         files.size_of(f) > std::max<std::uint64_t>(split_bytes, 1);
}

std::vector<std::uint64_t> walk_split_begins(const InputFile& file, std::uint64_t split_bytes) {
  return frame_split_begins(file.path, file.format, file.size, split_bytes,
                            longest_walked_piece(split_bytes));
}

std::vector<Split> cut_splits(const InputFiles& files, std::uint64_t split_bytes,
                              const std::vector<std::vector<std::uint64_t>>& frame_begins) {
  if (split_bytes == 0) split_bytes = 1;
  std::vector<Split> splits;
  for (std::uint32_t f = 0; f < files.size(); ++f) {
    const std::uint64_t size = files.size_of(f);
    const InputFormat format = files.format_of(f);
    if (walks_frames(files, f, split_bytes)) {
      std::vector<std::uint64_t> begins =
          f < frame_begins.size() ? frame_begins[f] : walk_split_begins(files[f], split_bytes);
      if (begins.empty() || begins.front() != 0) begins.insert(begins.begin(), 0);
      for (std::size_t i = 0; i < begins.size(); ++i) {
        splits.push_back({f, begins[i], i + 1 < begins.size() ? begins[i + 1] : size});
      }
      continue;
    }
    if (is_text(format) || is_compressed(format) || size == 0) {
      splits.push_back({f, 0, size});
      continue;
    }
    for (std::uint64_t begin = 0; begin < size; begin += split_bytes) {
      splits.push_back({f, begin, std::min(size, begin + split_bytes)});
    }
  }
  return splits;
}

std::vector<Split> cut_splits(const InputFiles& files, std::uint64_t split_bytes) {
  return cut_splits(files, split_bytes, {});
}

std::vector<int> assign_splits(const std::vector<Split>& splits, int ranks) {
  std::vector<std::size_t> order(splits.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return splits[x].end - splits[x].begin > splits[y].end - splits[y].begin;
  });
  // The lightest rank (the lowest on a tie) from a min-heap of (load, rank): O(splits x log
  // ranks), not O(splits x ranks), which every rank pays at 100,000 splits x 64,000 ranks.
  using Load = std::pair<std::uint64_t, int>;
  std::vector<Load> heap(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) heap[static_cast<std::size_t>(r)] = {0, r};
  std::vector<int> owner(splits.size(), 0);
  for (const std::size_t s : order) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<>());
    owner[s] = heap.back().second;
    heap.back().first += splits[s].end - splits[s].begin;
    std::push_heap(heap.begin(), heap.end(), std::greater<>());
  }
  return owner;
}

}  // namespace neardup
