// Stage 2, sketch: each rank streams its splits, parses every record and sketches each document.
#include "jobs/stages/sketch_stage.hpp"

#include <algorithm>
#include <numeric>

#include "io/io_error.hpp"
#include "io/read/record_reader.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/stages/document_sink.hpp"
#include "jobs/stages/shared_sketch.hpp"

namespace neardup {
namespace {

// Reserves room for the tables to grow by `factor` times what they hold beyond their first
// `fixed` documents (which are not counted as growing): growing them one document at a time
// would, at each reallocation, copy what they hold.
void reserve_documents(SketchResult& result, std::size_t fixed, double factor) {
  const auto grown = [fixed, factor](std::size_t size) {
    const std::size_t growing = size - std::min(size, fixed);
    return size + static_cast<std::size_t>(static_cast<double>(growing) * (factor - 1)) + 16;
  };
  LocalDocs& docs = result.docs;
  const std::size_t count = grown(docs.ids.size());
  docs.ids.reserve(count);
  docs.offsets.reserve(count);
  docs.lengths.reserve(count);
  docs.features.reserve(count);
  docs.sketches.reserve(count * docs.sketch_words);
  if (!result.id_keys.empty()) result.id_keys.reserve(grown(result.id_keys.size()));
  if (!result.host_ids.empty()) result.host_ids.reserve(count);
}

// Adds what a split counted to the rank's result, as split `s`.
void add_tally(SketchResult& result, std::uint32_t s, SplitTally&& tally,
               std::array<std::size_t, kLineStatusCount>& examples_per_status) {
  for (std::size_t status = 0; status < kLineStatusCount; ++status) {
    result.status_counts[status] += tally.status_counts[status];
  }
  for (SkipExample& e : tally.examples) {
    if (examples_per_status[static_cast<std::size_t>(e.status)]++ < kSkipExamples) {
      e.split = s;
      result.examples.push_back(std::move(e));
    }
  }
  result.bytes_read += tally.bytes_read;
  result.invalid_utf8_bytes += tally.invalid_utf8_bytes;
  SplitCounts& counts = result.splits.at(s);
  counts.lines = tally.lines;
  counts.skipped =
      std::accumulate(tally.status_counts.begin() + 1, tally.status_counts.end(), std::uint64_t{0});
  counts.done = true;
  counts.content_hash = tally.content_hash;
}

}  // namespace

SplitDocsView split_docs_view(const SketchResult& result, std::size_t first_doc,
                              std::size_t first_id_key) {
  const LocalDocs& docs = result.docs;
  const unsigned words = docs.sketch_words;
  SplitDocsView view;
  view.sketch_words = words;
  view.ids = std::span(docs.ids).subspan(first_doc);
  view.offsets = std::span(docs.offsets).subspan(first_doc);
  view.lengths = std::span(docs.lengths).subspan(first_doc);
  view.features = std::span(docs.features).subspan(first_doc);
  view.sketches = std::span(docs.sketches).subspan(first_doc * words);
  view.id_keys = std::span(result.id_keys).subspan(first_id_key);
  if (!result.doc_ids.empty()) {
    view.doc_ids = std::span(result.doc_ids).subspan(first_doc);
    view.has_doc_id = std::span(result.has_doc_id).subspan(first_doc);
  }
  if (!result.host_ids.empty()) {
    view.host_ids = std::span(result.host_ids).subspan(first_doc);
    view.host_names = &result.host_names;
  }
  return view;
}

SplitTally sketch_split(const JobPlan& plan, std::uint32_t s, const DocumentSpec& spec,
                        Sketcher& sketcher, const SketchLimits& limits, SketchResult& into) {
  SplitTally result;
  DocumentSink sink(spec, sketcher, limits.keep_ids, into);
  std::array<std::size_t, kLineStatusCount> examples_per_status{};
  const Split& split = plan.splits[s];
  const InputFile& file = plan.files[split.file];
  std::uint64_t index = 0, documents = 0;
  std::uint64_t reported_bytes = 0, reported_docs = 0;
  const std::uint64_t invalid_before = sketcher.invalid_utf8_bytes();
  const auto wants_example = [&](LineStatus status) {
    return examples_per_status[static_cast<std::size_t>(status)] < kSkipExamples;
  };
  const auto skip = [&](LineStatus status, std::string detail) {
    ++result.status_counts[static_cast<std::size_t>(status)];
    if (examples_per_status[static_cast<std::size_t>(status)]++ < kSkipExamples) {
      result.examples.push_back({s, static_cast<std::uint32_t>(index), status, std::move(detail)});
    }
    ++index;
    result.stopped = limits.stop_at_first_skip;
  };
  try {
    const auto reader =
        open_records(file.path, file.format, split.begin, split.end, limits.max_record_bytes);
    Record record;
    while (!result.stopped && reader->next(record)) {
      if (index >= 0xFFFFFFFFull) throw IoError(file.path + ": more than 2^32 lines in one split");
      if (record.oversized) {
        skip(LineStatus::kDocTooLarge, std::to_string(record.size) + " bytes");
        continue;
      }
      if (record.binary) {
        skip(LineStatus::kBinaryFile,
             "a NUL byte in the first " + std::to_string(kBinarySniffBytes) + " bytes");
        continue;
      }
      const DocId id = make_doc_id(s, static_cast<std::uint32_t>(index));
      const LineStatus status =
          sink.add(file, id, record.bytes, record.offset, result.invalid_utf8_bytes);
      if (status != LineStatus::kOk) {
        skip(status,
             wants_example(status) ? sink.skip_detail(status, record.bytes) : std::string());
        continue;
      }
      ++index;
      ++documents;
      if (limits.on_progress && documents % 1024 == 0) {
        const std::uint64_t consumed = reader->bytes_consumed();
        limits.on_progress(consumed - reported_bytes, documents - reported_docs);
        reported_bytes = consumed;
        reported_docs = documents;
      }
    }
    if (!result.stopped && !reader->decode_error().empty()) {
      skip(LineStatus::kUndecodableInput, reader->decode_error());
    }
    result.bytes_read += reader->bytes_consumed();
    result.content_hash = reader->content_hash();
  } catch (const IoError& e) {
    if (index >= 0xFFFFFFFFull) throw;
    skip(LineStatus::kUnreadableFile, e.what());
  }
  result.lines = index;
  result.invalid_utf8_bytes += sketcher.invalid_utf8_bytes() - invalid_before;
  if (limits.on_progress) {
    limits.on_progress(result.bytes_read - std::min(reported_bytes, result.bytes_read),
                       documents - reported_docs);
  }
  return result;
}

SketchResult sketch_splits(const JobPlan& plan, int rank, const DocumentSpec& spec,
                           Sketcher& sketcher, const SketchLimits& limits, SplitStore* store,
                           SharedSketch* shared) {
  SketchResult result;
  result.docs.sketch_words = sketcher.sketch_words();
  std::array<std::size_t, kLineStatusCount> examples_per_status{};
  std::uint64_t owned_bytes = 0, done_bytes = 0;
  const auto owns = [&](std::uint32_t s) { return plan.owners[s] == rank && !plan.is_shared(s); };
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (owns(s)) owned_bytes += plan.splits[s].end - plan.splits[s].begin;
  }
  bool reserved = false, checked = !limits.early_check;
  while (shared != nullptr && shared->round(result)) {
    if (!checked) checked = limits.early_check(result, false);
  }
  const std::size_t shared_docs = result.docs.size();
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (!owns(s)) continue;
    if (limits.stop_requested != nullptr && limits.stop_requested->load()) {
      result.interrupted = true;
      break;
    }
    const std::size_t first_doc = result.docs.size(), first_id_key = result.id_keys.size();
    std::optional<SplitTally> tally = store != nullptr ? store->load(s, result) : std::nullopt;
    if (tally) {
      ++result.splits_loaded;
      for (std::size_t i = first_doc; i < result.docs.size(); ++i) {
        result.features += result.docs.features[i];
      }
      if (limits.on_progress) limits.on_progress(tally->bytes_read, result.docs.size() - first_doc);
    } else {
      tally = sketch_split(plan, s, spec, sketcher, limits, result);
      if (!tally->stopped && store != nullptr) {
        store->save(s, *tally, split_docs_view(result, first_doc, first_id_key));
      }
    }
    const bool stopped = tally->stopped;
    add_tally(result, s, std::move(*tally), examples_per_status);
    done_bytes += plan.splits[s].end - plan.splits[s].begin;
    if (!reserved && result.docs.size() > shared_docs && done_bytes > 0) {
      // Documents per input byte so far, times the bytes this rank owns, + 5%.
      reserve_documents(result, shared_docs,
                        static_cast<double>(owned_bytes) / static_cast<double>(done_bytes) * 1.05);
      reserved = true;
    }
    if (!checked) checked = limits.early_check(result, false);
    if (stopped) break;
    fault_point("split");
  }
  while (!checked) checked = limits.early_check(result, true);
  if (shared != nullptr) sort_by_document(result);
  return result;
}

namespace {

// Reorders `values` (one per document, `width` each) by `order`.
template <class T>
void permute(std::vector<T>& values, const std::vector<std::size_t>& order, std::size_t width = 1) {
  if (values.empty()) return;
  std::vector<T> sorted;
  sorted.reserve(values.size());
  for (const std::size_t i : order) {
    for (std::size_t w = 0; w < width; ++w) sorted.push_back(std::move(values[i * width + w]));
  }
  values = std::move(sorted);
}

}  // namespace

void sort_by_document(SketchResult& result) {
  LocalDocs& docs = result.docs;
  std::sort(result.id_keys.begin(), result.id_keys.end(),
            [](const IdKey& x, const IdKey& y) { return x.doc < y.doc; });
  std::sort(result.examples.begin(), result.examples.end(),
            [](const SkipExample& x, const SkipExample& y) {
              return std::pair{x.split, x.line} < std::pair{y.split, y.line};
            });
  if (std::is_sorted(docs.ids.begin(), docs.ids.end())) return;
  std::vector<std::size_t> order(docs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t x, std::size_t y) { return docs.ids[x] < docs.ids[y]; });
  permute(docs.ids, order);
  permute(docs.offsets, order);
  permute(docs.lengths, order);
  permute(docs.features, order);
  permute(docs.sketches, order, docs.sketch_words);
  permute(result.doc_ids, order);
  permute(result.has_doc_id, order);
  permute(result.host_ids, order);
}

}  // namespace neardup
