// Stage 2, sketch: each rank streams its splits, parses every record and sketches each document.
#include "jobs/sketch_stage.hpp"

#include <algorithm>
#include <filesystem>

#include "io/io_error.hpp"
#include "io/record_reader.hpp"
#include "jobs/document_parser.hpp"
#include "jobs/interrupt.hpp"

namespace neardup {
namespace {

// Reserves room for about `docs` documents: growing the rank's tables by doubling would, at
// the last reallocation, hold the old and the new copy at once (up to 3x the signatures).
void reserve_documents(LocalDocs& docs, std::size_t count) {
  docs.ids.reserve(count);
  docs.offsets.reserve(count);
  docs.lengths.reserve(count);
  docs.features.reserve(count);
  docs.sketches.reserve(count * docs.sketch_words);
}

// Adds one split's sketch to the rank's result, as split `s`.
void append_split(SketchResult& result, std::uint32_t s, SplitSketch&& split,
                  std::array<std::size_t, kLineStatusCount>& examples_per_status) {
  LocalDocs& docs = result.docs;
  for (const std::uint32_t line : split.doc_lines) docs.ids.push_back(make_doc_id(s, line));
  docs.offsets.insert(docs.offsets.end(), split.offsets.begin(), split.offsets.end());
  docs.lengths.insert(docs.lengths.end(), split.lengths.begin(), split.lengths.end());
  docs.features.insert(docs.features.end(), split.features.begin(), split.features.end());
  docs.sketches.insert(docs.sketches.end(), split.sketches.begin(), split.sketches.end());
  for (const std::uint32_t f : split.features) result.features += f;
  for (std::size_t i = 0; i < split.id_hashes.size(); ++i) {
    result.id_keys.push_back({split.id_hashes[i], make_doc_id(s, split.id_lines[i])});
  }
  for (std::size_t i = 0; i < split.doc_ids.size(); ++i) {
    result.doc_ids.push_back(std::move(split.doc_ids[i]));
    result.has_doc_id.push_back(split.has_doc_id[i] != 0);
  }
  for (std::size_t status = 0; status < kLineStatusCount; ++status) {
    result.status_counts[status] += split.status_counts[status];
  }
  for (SkipExample& e : split.examples) {
    if (examples_per_status[static_cast<std::size_t>(e.status)]++ < kSkipExamples) {
      e.split = s;
      result.examples.push_back(std::move(e));
    }
  }
  result.bytes_read += split.bytes_read;
  result.lines_per_split[s] = split.lines;
}

}  // namespace

SplitSketch sketch_split(const JobPlan& plan, std::uint32_t s, const DocumentSpec& spec,
                         Sketcher& sketcher, const SketchLimits& limits) {
  SplitSketch result;
  const unsigned words = sketcher.sketch_words();
  DocumentParser parser(spec);
  ParsedLine parsed;
  std::array<std::size_t, kLineStatusCount> examples_per_status{};
  const Split& split = plan.splits[s];
  const InputFile& file = plan.files[split.file];
  std::uint64_t index = 0;
  std::uint64_t reported_bytes = 0, reported_docs = 0;
  const auto skip = [&](LineStatus status, std::string detail) {
    ++result.status_counts[static_cast<int>(status)];
    if (examples_per_status[static_cast<int>(status)]++ < kSkipExamples) {
      result.examples.push_back({s, static_cast<std::uint32_t>(index), status, std::move(detail)});
    }
    ++index;
    result.stopped = limits.stop_at_first_skip;
  };
  try {
    if (!std::filesystem::is_regular_file(file.path))
      throw IoError(file.path + ": not a regular file");
    const auto reader =
        open_records(file.path, file.format, split.begin, split.end, limits.max_record_bytes);
    Record record;
    while (!result.stopped && reader->next(record)) {
      if (index >= 0xFFFFFFFFull) throw IoError(file.path + ": more than 2^32 lines in one split");
      if (record.oversized) {
        skip(LineStatus::kDocTooLarge, std::to_string(record.size) + " bytes");
        continue;
      }
      const LineStatus status = parser.parse(file, record.bytes, parsed);
      if (status != LineStatus::kOk) {
        skip(status, "");
        continue;
      }
      const auto line = static_cast<std::uint32_t>(index);
      if (parsed.has_id) {
        result.id_hashes.push_back(hash128(parsed.id));
        result.id_lines.push_back(line);
      }
      if (limits.keep_ids) {
        result.doc_ids.push_back(parsed.has_id ? parsed.id : std::string());
        result.has_doc_id.push_back(parsed.has_id);
      }
      result.doc_lines.push_back(line);
      result.offsets.push_back(record.offset);
      result.lengths.push_back(static_cast<std::uint32_t>(record.bytes.size()));
      const std::size_t at = result.sketches.size();
      result.sketches.resize(at + words);
      result.features.push_back(sketcher.sketch(
          parsed.text, std::span<std::uint32_t>(result.sketches.data() + at, words)));
      ++index;
      if (limits.on_progress && result.doc_lines.size() % 1024 == 0) {
        const std::uint64_t consumed = reader->bytes_consumed();
        limits.on_progress(consumed - reported_bytes, result.doc_lines.size() - reported_docs);
        reported_bytes = consumed;
        reported_docs = result.doc_lines.size();
      }
    }
    if (!result.stopped && !reader->decode_error().empty()) {
      skip(LineStatus::kUndecodableInput, reader->decode_error());
    }
    result.bytes_read += reader->bytes_consumed();
  } catch (const IoError& e) {
    if (index >= 0xFFFFFFFFull) throw;
    skip(LineStatus::kUnreadableFile, e.what());
  }
  result.lines = index;
  if (limits.on_progress) {
    limits.on_progress(result.bytes_read - std::min(reported_bytes, result.bytes_read),
                       result.doc_lines.size() - reported_docs);
  }
  return result;
}

SketchResult sketch_splits(const JobPlan& plan, int rank, const DocumentSpec& spec,
                           Sketcher& sketcher, const SketchLimits& limits, SplitStore* store) {
  SketchResult result;
  result.lines_per_split.assign(plan.splits.size(), 0);
  result.docs.sketch_words = sketcher.sketch_words();
  std::array<std::size_t, kLineStatusCount> examples_per_status{};
  std::uint64_t owned_bytes = 0, appended_bytes = 0;
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (plan.owners[s] == rank) owned_bytes += plan.splits[s].end - plan.splits[s].begin;
  }
  bool reserved = false;
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (plan.owners[s] != rank) continue;
    if (limits.stop_requested != nullptr && limits.stop_requested->load()) {
      result.interrupted = true;
      break;
    }
    std::optional<SplitSketch> stored = store != nullptr ? store->load(s) : std::nullopt;
    result.splits_loaded += stored.has_value();
    if (stored && limits.on_progress)
      limits.on_progress(stored->bytes_read, stored->doc_lines.size());
    SplitSketch split = stored ? std::move(*stored) : sketch_split(plan, s, spec, sketcher, limits);
    const bool stopped = split.stopped;
    if (!stored && !stopped && store != nullptr) store->save(s, split);
    append_split(result, s, std::move(split), examples_per_status);
    appended_bytes += plan.splits[s].end - plan.splits[s].begin;
    if (!reserved && !result.docs.ids.empty() && appended_bytes > 0) {
      // Documents per input byte of the first split, times the bytes this rank owns, + 5%.
      const double expected = static_cast<double>(result.docs.ids.size()) *
                              static_cast<double>(owned_bytes) /
                              static_cast<double>(appended_bytes) * 1.05;
      reserve_documents(result.docs, static_cast<std::size_t>(expected) + 16);
      reserved = true;
    }
    if (stopped) break;
    fault_point("split");
  }
  return result;
}

}  // namespace neardup
