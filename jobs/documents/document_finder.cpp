// The inputs read record by record, each matched against the ids asked for.
#include "jobs/documents/document_finder.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <unordered_map>

#include "io/input/input_plan.hpp"
#include "io/io_error.hpp"
#include "io/read/record_reader.hpp"
#include "io/write/tsv.hpp"
#include "jobs/documents/document_parser.hpp"

namespace neardup {
namespace {

// How a document matches an id asked for: by its id field or location as they are, or as the
// TSV outputs print them (escaped), or not at all.
enum class Match { kNone, kPrinted, kAsIs };

// The ids asked for and the documents found for them so far, looked up by name: each record
// costs a few hash lookups, whatever the number of ids.
class Wanted {
 public:
  explicit Wanted(std::span<const std::string> ids)
      : found_(ids.size()), matched_(ids.size(), Match::kNone), pending_(ids.size()) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      positions_[ids[i]].push_back(i);
      // An escaped name holds a backslash; one without is matched as it is or not at all.
      if (ids[i].find('\\') != std::string::npos) escaped_ = true;
    }
  }

  // Whether every id has a document matching it as is.
  bool done() const { return pending_ == 0; }

  // Offers the document named `id` (its id field, or its location) at `location`.
  void offer(const std::string& id, const std::string& location, std::string_view text) {
    for (const std::string* name : {&id, &location}) take(*name, Match::kAsIs, id, location, text);
    if (!escaped_) return;
    for (const std::string* name : {&id, &location}) {
      take(escape_tsv_field(*name), Match::kPrinted, id, location, text);
    }
  }

  std::vector<std::optional<FoundDoc>> take_found() { return std::move(found_); }

 private:
  // The first document matching an id as is wins; one matching only as printed is kept until
  // one matches as is.
  void take(const std::string& name, Match match, const std::string& id,
            const std::string& location, std::string_view text) {
    const auto at = positions_.find(name);
    if (at == positions_.end()) return;
    for (const std::size_t i : at->second) {
      if (match <= matched_[i]) continue;
      found_[i] = FoundDoc{id, location, std::string(text)};
      matched_[i] = match;
      if (match == Match::kAsIs) --pending_;
    }
  }

  std::unordered_map<std::string, std::vector<std::size_t>> positions_;  // id -> its indices
  std::vector<std::optional<FoundDoc>> found_;
  std::vector<Match> matched_;
  std::size_t pending_;  // ids not yet matched as is
  bool escaped_ = false;
};

// The inputs and their splits as a job cuts them (a line's number counts on across a file's
// splits as the sketch's does), listed and cut in this process without MPI.
struct LocalInputs {
  InputFiles files;
  std::vector<Split> splits;
};

// While it lives, this process works in `directory` (unchanged when empty); then it is back
// where it was, by a handle on that directory, so even one since renamed or removed.
class InDirectory {
 public:
  explicit InDirectory(const std::string& directory) {
    if (directory.empty()) return;
    // O_PATH: a handle to come back by, which needs no right to read the directory.
    previous_ = ::open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (previous_ < 0) {
      throw JobError(std::string("cannot note the current directory to come back to: ") +
                     std::strerror(errno));
    }
    if (::chdir(directory.c_str()) != 0) {
      const std::string reason = std::strerror(errno);
      ::close(previous_);
      throw JobError("cannot read the inputs from " + directory +
                     ", the run's directory: " + reason);
    }
  }
  ~InDirectory() {
    if (previous_ < 0) return;
    [[maybe_unused]] const int ignored = ::fchdir(previous_);  // a directory held open
    ::close(previous_);
  }
  InDirectory(const InDirectory&) = delete;
  InDirectory& operator=(const InDirectory&) = delete;

 private:
  int previous_ = -1;
};

// Whether any input argument (a path, a glob or an @LIST file) is relative: only then do the
// inputs depend on the directory they are read from.
bool any_relative(const std::vector<std::string>& inputs) {
  for (const std::string& input : inputs) {
    const std::string path = input.starts_with('@') ? input.substr(1) : input;
    if (!std::filesystem::path(path).is_absolute()) return true;
  }
  return false;
}

LocalInputs list_inputs(const JobOptions& options) {
  try {
    IgnoredFiles ignored;
    LocalInputs inputs;
    inputs.files = expand_inputs(options.inputs, {options.format, options.filter}, &ignored);
    inputs.splits = cut_splits(inputs.files, options.split_bytes);
    return inputs;
  } catch (const IoError& e) {
    throw JobError(e.what());
  }
}

}  // namespace

std::vector<std::optional<FoundDoc>> find_documents(const JobOptions& options,
                                                    std::span<const std::string> ids) {
  const InDirectory run_directory(any_relative(options.inputs) ? options.working_directory : "");
  const LocalInputs plan = list_inputs(options);
  DocumentParser parser(options.document);
  ParsedLine parsed;
  Wanted wanted(ids);
  std::uint32_t current_file = UINT32_MAX;
  std::uint64_t line = 0;
  for (const Split& split : plan.splits) {
    if (wanted.done()) break;
    const InputFile& file = plan.files[split.file];
    if (split.file != current_file) {
      current_file = split.file;
      line = 0;
    }
    const auto reader =
        open_records(file.path, file.format, split.begin, split.end, options.max_doc_bytes);
    Record record;
    while (!wanted.done() && reader->next(record)) {
      ++line;
      if (record.oversized || record.binary ||
          parser.parse(file, record.bytes, parsed) != LineStatus::kOk) {
        continue;
      }
      const std::string location =
          is_text(file.format) ? file.path : file.path + ":" + std::to_string(line);
      wanted.offer(parsed.has_id ? parsed.id : location, location, parsed.text);
    }
    // A decode error is one skipped record, as the sketch counts it: a file cut into splits
    // at frame starts numbers the lines of the splits after it on from there.
    if (!wanted.done() && !reader->decode_error().empty()) ++line;
  }
  return wanted.take_found();
}

JobError document_not_found(const std::string& id) {
  return JobError("explain: no document with id or location '" + id + "' in the inputs");
}

}  // namespace neardup
