// Stage 2, sketch: each rank streams its splits, parses every record and sketches each document.
#include "jobs/sketch_stage.hpp"

#include <filesystem>

#include "io/io_error.hpp"
#include "io/record_reader.hpp"
#include "jobs/document_parser.hpp"

namespace neardup {

SketchResult sketch_splits(const JobPlan& plan, int rank, const DocumentSpec& spec,
                           Sketcher& sketcher, const SketchLimits& limits) {
  SketchResult result;
  result.lines_per_split.assign(plan.splits.size(), 0);
  LocalDocs& docs = result.docs;
  docs.sketch_words = sketcher.sketch_words();
  DocumentParser parser(spec);
  ParsedLine parsed;
  std::array<std::size_t, kLineStatusCount> examples_per_status{};
  bool stopped = false;
  for (std::uint32_t s = 0; s < plan.splits.size() && !stopped; ++s) {
    if (plan.owners[s] != rank) continue;
    const Split& split = plan.splits[s];
    const InputFile& file = plan.files[split.file];
    std::uint64_t index = 0;
    const auto skip = [&](LineStatus status, std::string detail) {
      ++result.status_counts[static_cast<int>(status)];
      if (examples_per_status[static_cast<int>(status)]++ < kSkipExamples) {
        result.examples.push_back(
            {s, static_cast<std::uint32_t>(index), status, std::move(detail)});
      }
      ++index;
      stopped = limits.stop_at_first_skip;
    };
    try {
      if (!std::filesystem::is_regular_file(file.path))
        throw IoError(file.path + ": not a regular file");
      const auto reader =
          open_records(file.path, file.format, split.begin, split.end, limits.max_record_bytes);
      Record record;
      while (!stopped && reader->next(record)) {
        if (index >= 0xFFFFFFFFull)
          throw IoError(file.path + ": more than 2^32 lines in one split");
        if (record.oversized) {
          skip(LineStatus::kDocTooLarge, std::to_string(record.size) + " bytes");
          continue;
        }
        const LineStatus status = parser.parse(file, record.bytes, parsed);
        if (status != LineStatus::kOk) {
          skip(status, "");
          continue;
        }
        const DocId doc = make_doc_id(s, static_cast<std::uint32_t>(index));
        if (parsed.has_id) result.id_keys.push_back({hash128(parsed.id), doc});
        if (limits.keep_ids) {
          result.doc_ids.push_back(parsed.has_id ? parsed.id : std::string());
          result.has_doc_id.push_back(parsed.has_id);
        }
        docs.ids.push_back(doc);
        docs.offsets.push_back(record.offset);
        docs.lengths.push_back(static_cast<std::uint32_t>(record.bytes.size()));
        const std::size_t at = docs.sketches.size();
        docs.sketches.resize(at + docs.sketch_words);
        const std::uint32_t features = sketcher.sketch(
            parsed.text, std::span<std::uint32_t>(docs.sketches.data() + at, docs.sketch_words));
        docs.features.push_back(features);
        result.features += features;
        ++index;
      }
      if (!stopped && !reader->decode_error().empty()) {
        skip(LineStatus::kUndecodableInput, reader->decode_error());
      }
      result.bytes_read += reader->bytes_consumed();
    } catch (const IoError& e) {
      if (index >= 0xFFFFFFFFull) throw;
      skip(LineStatus::kUnreadableFile, e.what());
    }
    result.lines_per_split[s] = index;
  }
  return result;
}

}  // namespace neardup
