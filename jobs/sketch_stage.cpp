// Stage 2, sketch: each rank streams its splits, parses, shingles and signs every document.
#include "jobs/sketch_stage.hpp"

#include "core/tokenizer.hpp"
#include "io/io_error.hpp"
#include "io/line_reader.hpp"

namespace neardup {

SketchResult sketch_splits(const JobPlan& plan, int rank, const DocumentSpec& spec,
                           const MinHasher& hasher) {
  SketchResult result;
  result.lines_per_split.assign(plan.splits.size(), 0);
  LocalDocs& docs = result.docs;
  docs.num_perm = hasher.num_perm();
  JsonLineParser parser(spec.text_field, spec.id_field);
  ParsedLine parsed;
  TokenStream tokens;
  std::vector<std::uint64_t> shingles;
  std::array<std::size_t, kLineStatusCount> examples_per_status{};
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (plan.owners[s] != rank) continue;
    const Split& split = plan.splits[s];
    const std::string& path = plan.files[split.file].path;
    SplitLineReader reader(path, split.begin, split.end);
    std::string_view line;
    std::uint64_t offset = 0;
    std::uint64_t line_index = 0;
    for (; reader.next(line, offset); ++line_index) {
      if (line_index > 0xFFFFFFFFull) throw IoError(path + ": more than 2^32 lines in one split");
      const LineStatus status = parser.parse(line, parsed);
      ++result.status_counts[static_cast<int>(status)];
      if (status != LineStatus::kOk) {
        if (examples_per_status[static_cast<int>(status)]++ < kSkipExamples) {
          result.examples.push_back({s, static_cast<std::uint32_t>(line_index), status});
        }
        continue;
      }
      tokenize(parsed.text, tokens);
      shingle_hashes(tokens, spec.shingle, shingles);
      docs.ids.push_back(make_doc_id(s, static_cast<std::uint32_t>(line_index)));
      docs.offsets.push_back(offset);
      docs.lengths.push_back(static_cast<std::uint32_t>(line.size()));
      docs.shingles.push_back(static_cast<std::uint32_t>(shingles.size()));
      result.shingles += shingles.size();
      const std::size_t at = docs.signatures.size();
      docs.signatures.resize(at + docs.num_perm);
      hasher.sign(shingles, std::span<SigValue>(docs.signatures.data() + at, docs.num_perm));
    }
    result.lines_per_split[s] = line_index;
    result.bytes_read += reader.bytes_consumed();
  }
  return result;
}

}  // namespace neardup
