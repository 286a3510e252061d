// `neardup index build` and `neardup index add`: sketch inputs on every rank and write one
// index segment per rank, then commit the index metadata on rank 0.
#include "jobs/index/index_job.hpp"

#include <cstdio>
#include <filesystem>
#include <optional>

#include "core/lsh/lsh_params.hpp"
#include "core/tables/permuted_tables.hpp"
#include "io/io_error.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/index/index_directory.hpp"
#include "jobs/index/near_dup_index.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/sketch_lines.hpp"
#include "jobs/stages/skip_guard.hpp"
#include "jobs/version.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

// The options a batch is read with: the index's tokenizer, and for `index add` the index's
// text and id fields unless the batch names its own.
JobOptions batch_options(const IndexBuildOptions& o, const IndexMeta& meta) {
  JobOptions reading = o;
  if (o.add && reading.document.text_field.empty()) reading.document.text_field = meta.text_field;
  if (o.add && reading.document.id_field.empty()) reading.document.id_field = meta.id_field;
  reading.document.tokenizer = meta.sketch.tokenizer;
  return reading;
}

// "METHOD[ SIGNATURE][, shingle sets stored][, compressed tables]" for the log.
std::string describe_sketch(const IndexSketch& sketch) {
  std::string text = sketch.method_name();
  if (const auto* minhash = sketch.part<MinhashIndexPart>()) {
    text += std::string(" ") + signature_kind_name(minhash->signature);
  }
  if (sketch.store_shingles) text += ", shingle sets stored";
  if (const auto* simhash = sketch.part<SimhashIndexPart>(); simhash && simhash->compress) {
    text += ", compressed tables";
  }
  return text;
}

// "text field T, id field I" for the log ("(none)" for no id field).
std::string fields_text(const std::string& text_field, const std::string& id_field) {
  return "text field " + text_field + ", id field " + (id_field.empty() ? "(none)" : id_field);
}

std::string validate(const IndexBuildOptions& o) {
  // An add's fields not given are the index's, valid whatever they are (IndexMeta{}'s here).
  if (std::string shared = validate_job_options(batch_options(o, IndexMeta{})); !shared.empty())
    return shared;
  if (o.add) return "";
  if (std::string problem = bounds_problem(o, describe_index_options); !problem.empty()) {
    return problem;
  }
  if (o.method == "simhash" && o.verify == VerifyMode::kEstimate) {
    return "--verify estimate is minhash's; a simhash index verifies exact or none";
  }
  if (o.method == "minhash" && o.verify == VerifyMode::kNone) {
    return "--verify none is simhash's; a minhash index verifies exact or estimate";
  }
  if (o.method == "simhash") {
    const std::string problem = check_design(table_design_of(o));
    return problem.empty() ? "" : "--max-distance / --blocks: " + problem;
  }
  if (o.method != "minhash") return "--method must be simhash or minhash";
  if (o.compress)
    return "--compress: only simhash indexes compress (MinHash band tables stay flat)";
  return validate_lsh_options(o);
}

// This rank's segment of a build or add that fails before its commit: removed on the way out,
// so a failed run leaves the index as it was (a killed one leaves it to the next writer).
struct UncommittedSegment {
  fs::path dir;
  bool committed = false;
  ~UncommittedSegment() {
    std::error_code ignored;
    if (!committed) fs::remove_all(dir, ignored);
  }
};

// The name of the segment this rank writes in this build or add: the batch, the writer's run
// (so a writer whose lock was broken can never name, nor remove, its breaker's segments) and
// the rank.
std::string segment_name(const IndexMeta& meta, const std::string& run, int rank) {
  char name[96];
  std::snprintf(name, sizeof name, "seg-%04llu-%s-%05d",
                static_cast<unsigned long long>(meta.batches), run.c_str(), rank);
  return name;
}

// This rank's indexed documents (those with tokens) from its sketch, and how many were empty.
SegmentDocs segment_docs(const SketchResult& sketch, DocSource& source, std::uint64_t& empty) {
  const LocalDocs& docs = sketch.docs;
  SegmentDocs batch;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (docs.features[i] == 0) {
      ++empty;
      continue;
    }
    const auto words = docs.sketch(i);
    batch.sketches.insert(batch.sketches.end(), words.begin(), words.end());
    batch.ids.push_back(sketch.has_doc_id[i] ? sketch.doc_ids[i] : source.location(docs.ids[i]));
  }
  return batch;
}

// Collective: rank 0 opens the index directory for this build or add, taking its lock, and
// every rank gets the metadata: a new index's (sketched as `sketch`) or the one an add extends.
IndexMeta open_for_writing(MPI_Comm comm, const IndexBuildOptions& options,
                           const IndexSketch& sketch, std::optional<RunLock>& lock) {
  IndexMeta meta;
  meta.neardup_version = kNeardupVersion;
  meta.text_field = options.document.text_field;
  meta.id_field = options.document.id_field;
  meta.sketch = sketch;
  std::string opened;
  if (comm_rank(comm) == 0) {
    const IndexWrite write{options.output, options.add, options.overwrite,
                           RunLockPolicy{.break_lock = options.break_lock}};
    opened = open_index_for_writing(write, lock, meta);
  }
  agree_on_errors(comm, opened);
  return index_meta_from_text(
      broadcast_string(comm, comm_rank(comm) == 0 ? index_meta_to_text(meta) : ""));
}

// Logs what this build or add indexes, and the fields its batch is read by.
void log_batch(const IndexBuildOptions& options, const IndexMeta& meta, const JobOptions& reading,
               const JobPlan& plan, int ranks) {
  log_info("index " + std::string(options.add ? "add" : "build") + " (" +
           describe_sketch(meta.sketch) + "): " + std::to_string(plan.files.size()) + " files, " +
           std::to_string(plan.total_bytes()) + " bytes on " + std::to_string(ranks) + " ranks; " +
           fields_text(reading.document.text_field, reading.document.id_field));
  if (reading.document.text_field != meta.text_field ||
      reading.document.id_field != meta.id_field) {
    log_info("index add: the index was built with " + fields_text(meta.text_field, meta.id_field) +
             " (query's default); this batch is read with its own");
  }
}

// What sketches this rank's batch: the method's sketcher, wrapped, when the index stores shingle
// sets, in a recorder writing them into the segment's directory.
class BatchSketcher {
 public:
  // Collective: creates the segment directory when the sets are recorded.
  BatchSketcher(MPI_Comm comm, const IndexSketch& sketch, const fs::path& segment_dir)
      : sketcher_(make_index_method(sketch)->make_sketcher()) {
    if (!sketch.store_shingles) return;
    std::error_code error;
    fs::create_directories(segment_dir, error);
    agree_on_errors(
        comm, error ? segment_dir.string() + ": cannot create: " + error.message() : std::string());
    recorder_.emplace(*sketcher_, sketch.shingles, sketch.tokenizer, segment_dir.string());
    agree_on_errors(comm, recorder_->error());
  }
  Sketcher& active() { return recorder_ ? static_cast<Sketcher&>(*recorder_) : *sketcher_; }
  // Hands the recorded sets to `batch`; the first recording error, or "".
  std::string finish(SegmentDocs& batch) {
    if (!recorder_) return "";
    batch.shingles = recorder_->finish();
    batch.shingle_offsets = recorder_->offsets();
    return recorder_->error();
  }

 private:
  std::unique_ptr<Sketcher> sketcher_;
  std::optional<ShingleRecordingSketcher> recorder_;
};

// Writes this rank's segment NAME of `batch` and returns its record as text; a rank with no
// document to index removes the directory made for the shingle sets and returns "". Errors go
// to `error`.
std::string write_segment(const std::string& index_dir, const std::string& name,
                          const IndexMeta& meta, BatchSketcher& sketcher, SegmentDocs& batch,
                          std::string& error) {
  error = sketcher.finish(batch);
  if (!error.empty()) return "";
  if (batch.ids.empty()) {
    std::error_code ignored;
    fs::remove(fs::path(index_dir) / name, ignored);
    return "";
  }
  try {
    return index_segment_to_text(write_index_segment(index_dir, name, meta, batch));
  } catch (const IoError& e) {
    error = e.what();
    return "";
  }
}

// Rank 0: index.meta with every rank's segment, written while this run still holds the lock;
// then the segments it no longer lists go. Returns "" or the error.
std::string commit_meta(const IndexBuildOptions& options, IndexMeta& meta,
                        const ReceivedBlocks& segments, std::optional<RunLock>& lock) {
  fault_point("index_commit");
  if (!lock->held()) {
    return options.output + ": another run took the index's lock (--break-lock); this " +
           (options.add ? "add" : "build") + " is not committed";
  }
  try {
    for (const std::string_view text : segments) {
      if (!text.empty()) meta.segments.push_back(index_segment_from_text(std::string(text)));
    }
    ++meta.batches;
    save_index_meta(options.output, meta);
  } catch (const IoError& e) {
    return e.what();
  }
  fault_point("index_committed");
  remove_unlisted_segments(options.output, meta);
  lock->release();
  return "";
}

// Collective: rank 0 records every rank's segment, commits index.meta and returns the totals.
// Unless the lock was taken from it (--break-lock), the old index's segments go after the
// commit (a build's --overwrite); the lock is released.
void commit_segments(Exchanger& exchanger, const IndexBuildOptions& options, IndexMeta& meta,
                     const std::string& segment_text, std::optional<RunLock>& lock,
                     IndexBuildSummary& summary) {
  std::vector<std::string> to_root(static_cast<std::size_t>(exchanger.size()));
  to_root[0] = segment_text;
  const ReceivedBlocks segments = exchanger.exchange_blocks(to_root);
  std::string error;
  if (exchanger.rank() == 0) error = commit_meta(options, meta, segments, lock);
  agree_on_errors(exchanger.comm(), error);
  std::uint64_t totals[4] = {0, 0, 0, 0};
  if (exchanger.rank() == 0) {
    totals[0] = meta.docs();
    for (const IndexSegment& s : meta.segments) {
      for (const IndexFile& f : s.files) totals[1] += f.bytes;
      totals[3] += shingle_bytes(s);
    }
    totals[2] = meta.segments.size();
  }
  mpi_check(MPI_Bcast(totals, 4, MPI_UINT64_T, 0, exchanger.comm()), "MPI_Bcast");
  summary.index_docs = totals[0];
  summary.index_bytes = totals[1];
  summary.index_segments = totals[2];
  summary.shingle_bytes = totals[3];
}

}  // namespace

IndexSketch index_sketch_of(const IndexBuildOptions& o) {
  if (o.method == "simhash") {
    return index_sketch_like(o, SimhashIndexPart{o.simhash, table_design_of(o), o.compress});
  }
  return index_sketch_like(o, minhash_index_part(o, band_layout_of(o)));
}

IndexBuildSummary run_index_build(MPI_Comm comm, const IndexBuildOptions& options) {
  agree_on_usage(comm, validate(options));
  return run_index_build(comm, options, index_sketch_of(options));
}

IndexBuildSummary run_index_build(MPI_Comm comm, const IndexBuildOptions& options,
                                  const IndexSketch& sketch) {
  Exchanger exchanger(comm, options.shuffle_bytes);
  const int rank = exchanger.rank();
  std::optional<RunLock> lock;  // rank 0: the index directory's, held until the commit
  IndexMeta meta = open_for_writing(comm, options, sketch, lock);
  const JobOptions reading = batch_options(options, meta);
  const JobPlan plan = make_plan(comm, reading, SplitSharing::kNone);
  log_batch(options, meta, reading, plan, exchanger.size());
  const std::string run =
      broadcast_string(comm, rank == 0 ? lock->holder().run_id.substr(0, 8) : "");
  const std::string name = segment_name(meta, run, rank);
  const fs::path segment_dir = fs::path(options.output) / name;
  UncommittedSegment uncommitted{segment_dir};
  BatchSketcher sketcher(comm, meta.sketch, segment_dir);
  SketchLimits limits{reading.max_doc_bytes, reading.strict, true};
  limits.early_check = [&](const SketchResult& so_far, bool done) {
    return check_skip_fraction_early(comm, so_far, done, options.max_skip_fraction, plan);
  };
  const SketchResult sketched =
      sketch_splits(plan, rank, reading.document, sketcher.active(), limits);
  const SplitLines lines(comm, plan, sketched.splits);
  DocSource source(plan, sketched.docs, lines, reading.document, "", "");
  fail_on_skips_if_strict(comm, options.strict, sketched, source);
  log_skip_examples(exchanger, sketched, source);
  check_skip_fraction(comm, sketched, options.max_skip_fraction, plan, source);

  std::uint64_t empty = 0;
  SegmentDocs batch = segment_docs(sketched, source, empty);
  std::string error;
  const std::string segment_text =
      write_segment(options.output, name, meta, sketcher, batch, error);
  agree_on_errors(comm, error);
  IndexBuildSummary summary;
  summary.docs_indexed = sum_over_ranks(comm, batch.ids.size());
  summary.docs_empty = sum_over_ranks(comm, empty);
  summary.docs_read = lines.total();
  summary.docs_skipped = summary.docs_read - summary.docs_indexed - summary.docs_empty;
  commit_segments(exchanger, options, meta, segment_text, lock, summary);
  uncommitted.committed = true;
  return summary;
}

}  // namespace neardup
