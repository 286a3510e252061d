// Stage 2 for compressed files that cannot be cut into byte ranges: the rank that reads one
// decompresses it and hands batches of its records to every rank, which sketch them and own
// their documents.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/read/record_reader.hpp"
#include "io/write/atomic_file.hpp"
#include "jobs/documents/doc_owners.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/document_sink.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// Sketches the shared splits of a plan (JobPlan::shared) with every rank, in collective
/// rounds. In each round every reader (the split's owner in the plan) hands each rank a run of
/// consecutive lines (1 to 8 MiB) it read in the previous round, then reads the next round's
/// while each rank sketches what it got, keeps the records of its documents in a rank-local file
/// (where DocSource reads them) and owns those documents (SketchResult::shared_ranges). A reader
/// keeps a smaller run for itself, sized from how fast it decompresses and sketches, so it is not
/// the straggler. Document ids are those of the split (its lines), whoever sketches them, so
/// results do not depend on the rank count or the rounds.
class SharedSketch {
 public:
  /// `records_path`: the rank-local scratch file for the records of this rank's documents of
  /// shared splits. `round_bytes` bounds the bytes of records a reader hands out per round
  /// (1 MiB per rank in the first round, doubling up to 8 MiB per rank).
  SharedSketch(Exchanger& exchanger, const JobPlan& plan, const DocumentSpec& spec,
               Sketcher& sketcher, const SketchLimits& limits, std::string records_path,
               std::size_t round_bytes);

  /// Collective: one round, adding to `into` the documents this rank got, its skips and
  /// per-split counts (a reader: its split's lines, content hash and bytes read), its ranges
  /// (shared_ranges) and the lines it skipped (shared_skipped). Returns false, doing nothing
  /// more, once every shared split is read, a rank was asked to stop (then into.interrupted)
  /// or one stopped at a skip under --strict; the records file is then complete. Throws
  /// JobError on every rank when one failed to read or write.
  bool round(SketchResult& into);

 private:
  // fill() into pending_, timed.
  void timed_fill(SketchResult& into);
  // A reader: hands out its records until each rank has its share (or its splits end).
  void fill(std::vector<std::string>& blocks, SketchResult& into);
  // A reader: the next record of its split to hand out (oversized ones are counted as
  // skips); false when the split has ended (its counts recorded) or cannot be read on.
  bool next_record(Record& record, SketchResult& into);
  // A reader: opens its next split; false when it has none left.
  bool open_next(SketchResult& into);
  // A reader: the split it reads has ended: records its counts.
  void end_split(SketchResult& into);
  // Sketches one received block (its segments of lines).
  void take(std::string_view block, SketchResult& into);
  // Counts line `line` of split `s` as skipped for `status`.
  void skip(SketchResult& into, std::uint32_t s, std::uint64_t line, LineStatus status,
            std::string detail);
  // The bytes of a round's records destination `d` gets from this reader.
  std::size_t share(std::size_t d) const;
  // Collective, at the end: commits the records file (errors agreed on).
  void finish();

  Exchanger& exchanger_;
  const JobPlan& plan_;
  const DocumentSpec& spec_;
  Sketcher& sketcher_;
  const SketchLimits& limits_;
  std::size_t round_bytes_;
  std::size_t fills_ = 0;  // rounds of records read so far
  std::optional<AtomicFile> records_;
  std::uint64_t records_written_ = 0;
  std::optional<DocumentSink> sink_;
  std::vector<std::string> pending_;  // per rank: the records the next round hands out
  std::vector<std::uint32_t> mine_;   // the shared splits this rank reads, in order
  std::size_t next_ = 0;              // mine_[next_ - 1] is being read
  std::unique_ptr<RecordReader> reader_;
  std::uint64_t line_ = 0;  // next line of the split being read
  std::uint64_t reported_bytes_ = 0;
  double own_fraction_;      // of a round's bytes this reader keeps for itself
  double read_seconds_ = 0;  // spent reading, and the bytes read then
  double read_bytes_ = 0;
  double sketch_seconds_ = 0;  // spent sketching its own share, and those bytes
  double sketch_bytes_ = 0;
  std::array<std::size_t, kLineStatusCount> examples_per_status_{};
  std::string error_;
  bool stopped_ = false;
  bool done_ = false;
};

/// Collective: every rank's shared ranges (SketchResult::shared_ranges), on every rank.
std::vector<SharedRange> gather_shared_ranges(MPI_Comm comm, const std::vector<SharedRange>& mine);

}  // namespace neardup
