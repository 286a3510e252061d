// Input planning: expand files, directories and globs into a sorted file list, cut into splits.
#include "io/input_plan.hpp"

#include <glob.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <system_error>

#include "io/io_error.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

bool is_json_lines_name(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".jsonl" || ext == ".json" || ext == ".ndjson";
}

bool is_hidden_name(const fs::path& path) {
  const std::string name = path.filename().string();
  return !name.empty() && (name[0] == '.' || name[0] == '_');
}

void add_directory(const std::string& root, std::vector<std::string>& out) {
  std::error_code error;
  fs::recursive_directory_iterator it(root, fs::directory_options::follow_directory_symlink, error);
  if (error) throw IoError(root + ": cannot list directory: " + error.message());
  for (const fs::recursive_directory_iterator end; it != end; it.increment(error)) {
    if (error) throw IoError(root + ": cannot list directory: " + error.message());
    if (is_hidden_name(it->path())) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && is_json_lines_name(it->path())) out.push_back(it->path().string());
  }
}

void add_glob(const std::string& pattern, std::vector<std::string>& out) {
  glob_t matches{};
  const int status = glob(pattern.c_str(), GLOB_ERR, nullptr, &matches);
  if (status == GLOB_NOMATCH) {
    globfree(&matches);
    throw IoError(pattern + ": no input matches this pattern");
  }
  if (status != 0) {
    globfree(&matches);
    throw IoError(pattern + ": cannot expand this pattern");
  }
  for (std::size_t i = 0; i < matches.gl_pathc; ++i) {
    const std::string path = matches.gl_pathv[i];
    if (fs::is_directory(path)) {
      add_directory(path, out);
    } else {
      out.push_back(path);
    }
  }
  globfree(&matches);
}

}  // namespace

std::string errno_message(const std::string& path, const std::string& action) {
  return path + ": " + action + ": " + std::generic_category().message(errno);
}

std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments) {
  std::vector<std::string> paths;
  for (const std::string& argument : arguments) {
    std::error_code error;
    const fs::file_status status = fs::status(argument, error);
    if (fs::is_directory(status)) {
      const std::size_t before = paths.size();
      add_directory(argument, paths);
      if (paths.size() == before) {
        throw IoError(argument + ": directory holds no .jsonl, .json or .ndjson file");
      }
    } else if (fs::exists(status)) {
      paths.push_back(argument);
    } else if (argument.find_first_of("*?[") != std::string::npos) {
      add_glob(argument, paths);
    } else {
      throw IoError(argument + ": input not found");
    }
  }
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  if (paths.empty()) throw IoError("no input files given");
  std::vector<InputFile> files;
  files.reserve(paths.size());
  for (const std::string& path : paths) {
    std::error_code error;
    const auto size = fs::file_size(path, error);
    if (error) throw IoError(path + ": cannot read size: " + error.message());
    files.push_back({path, static_cast<std::uint64_t>(size)});
  }
  return files;
}

std::vector<Split> cut_splits(const std::vector<InputFile>& files, std::uint64_t split_bytes) {
  if (split_bytes == 0) split_bytes = 1;
  std::vector<Split> splits;
  for (std::uint32_t f = 0; f < files.size(); ++f) {
    for (std::uint64_t begin = 0; begin < files[f].size; begin += split_bytes) {
      splits.push_back({f, begin, std::min(files[f].size, begin + split_bytes)});
    }
  }
  return splits;
}

std::vector<int> assign_splits(const std::vector<Split>& splits, int ranks) {
  std::vector<std::size_t> order(splits.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return splits[x].end - splits[x].begin > splits[y].end - splits[y].begin;
  });
  std::vector<std::uint64_t> load(static_cast<std::size_t>(ranks), 0);
  std::vector<int> owner(splits.size(), 0);
  for (const std::size_t s : order) {
    const auto lightest = std::min_element(load.begin(), load.end()) - load.begin();
    owner[s] = static_cast<int>(lightest);
    load[static_cast<std::size_t>(lightest)] += splits[s].end - splits[s].begin;
  }
  return owner;
}

}  // namespace neardup
