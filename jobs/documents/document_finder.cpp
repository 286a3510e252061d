// The inputs read record by record, each matched against the ids asked for.
#include "jobs/documents/document_finder.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <system_error>

#include "io/input/input_plan.hpp"
#include "io/io_error.hpp"
#include "io/read/record_reader.hpp"
#include "io/write/tsv.hpp"
#include "jobs/documents/document_parser.hpp"

namespace neardup {
namespace {

// How a document matches an id asked for: by its id field or location as they are, or as the
// TSV outputs print them, or not at all.
enum class Match { kNone, kPrinted, kAsIs };

Match match_of(const std::string& wanted, const std::string& id, const std::string& location) {
  if (id == wanted || location == wanted) return Match::kAsIs;
  if (wanted.find('\\') == std::string::npos) return Match::kNone;  // nothing was escaped
  return escape_tsv_field(id) == wanted || escape_tsv_field(location) == wanted ? Match::kPrinted
                                                                                : Match::kNone;
}

// The inputs and their splits as a job cuts them (a line's number counts on across a file's
// splits as the sketch's does), listed and cut in this process without MPI.
struct LocalInputs {
  InputFiles files;
  std::vector<Split> splits;
};

// While it lives, this process works in `directory` (unchanged when empty); then it is back
// where it was.
class InDirectory {
 public:
  explicit InDirectory(const std::string& directory) {
    if (directory.empty()) return;
    std::error_code error;
    previous_ = std::filesystem::current_path(error);
    if (!error) std::filesystem::current_path(directory, error);
    if (error) {
      throw JobError("cannot read the inputs from " + directory +
                     ", the run's directory: " + error.message());
    }
  }
  ~InDirectory() {
    std::error_code ignored;  // back to a directory this process was in a moment ago
    if (!previous_.empty()) std::filesystem::current_path(previous_, ignored);
  }
  InDirectory(const InDirectory&) = delete;
  InDirectory& operator=(const InDirectory&) = delete;

 private:
  std::filesystem::path previous_;
};

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
  const InDirectory run_directory(options.working_directory);
  const LocalInputs plan = list_inputs(options);
  DocumentParser parser(options.document);
  ParsedLine parsed;
  std::vector<std::optional<FoundDoc>> found(ids.size());
  std::vector<Match> matched(ids.size(), Match::kNone);
  const auto done = [&] {
    return std::all_of(matched.begin(), matched.end(), [](Match m) { return m == Match::kAsIs; });
  };
  std::uint32_t current_file = UINT32_MAX;
  std::uint64_t line = 0;
  for (const Split& split : plan.splits) {
    if (done()) break;
    const InputFile& file = plan.files[split.file];
    if (split.file != current_file) {
      current_file = split.file;
      line = 0;
    }
    const auto reader =
        open_records(file.path, file.format, split.begin, split.end, options.max_doc_bytes);
    Record record;
    while (!done() && reader->next(record)) {
      ++line;
      if (record.oversized || record.binary ||
          parser.parse(file, record.bytes, parsed) != LineStatus::kOk) {
        continue;
      }
      const std::string location =
          is_text(file.format) ? file.path : file.path + ":" + std::to_string(line);
      const std::string id = parsed.has_id ? parsed.id : location;
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const Match match = match_of(ids[i], id, location);
        if (match > matched[i]) {
          found[i] = FoundDoc{id, location, std::string(parsed.text)};
          matched[i] = match;
        }
      }
    }
    // A decode error is one skipped record, as the sketch counts it: a file cut into splits
    // at frame starts numbers the lines of the splits after it on from there.
    if (!done() && !reader->decode_error().empty()) ++line;
  }
  return found;
}

JobError document_not_found(const std::string& id) {
  return JobError("explain: no document with id or location '" + id + "' in the inputs");
}

}  // namespace neardup
