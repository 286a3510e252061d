// Stage 2, sketch: each rank streams its splits, parses every record and sketches each document.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/hash128.hpp"
#include "io/read/line_status.hpp"
#include "jobs/documents/doc_owners.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/documents/split_tallies.hpp"
#include "jobs/options/document_spec.hpp"

namespace neardup {

/// A skipped record, located by split and record index within the split, with details (the
/// decoder's or the system's message) where there are any.
struct SkipExample {
  std::uint32_t split = 0;
  std::uint32_t line = 0;
  LineStatus status = LineStatus::kOk;
  std::string detail;
};

/// The hash of a document's id (its id field, or a text file's relative path), to find
/// documents that share an id. Documents without an id field have none.
struct IdKey {
  Hash128 hash;
  DocId doc = 0;
  auto operator<=>(const IdKey&) const = default;
};

/// The names of host ids (core/hosts/url_host.hpp: host_id of the name).
using HostNames = std::unordered_map<std::uint64_t, std::string>;

/// What a job computes from a document's text: a fixed number of 32-bit sketch words.
class Sketcher {
 public:
  virtual ~Sketcher() = default;
  /// Number of 32-bit words in every document's sketch.
  virtual unsigned sketch_words() const = 0;
  /// Writes the sketch of `text` into `out` (sketch_words() words) and returns the document's
  /// feature count (distinct shingles or tokens); 0 marks an empty document, never matched.
  virtual std::uint32_t sketch(std::string_view text, std::span<std::uint32_t> out) = 0;
  /// Bytes of invalid UTF-8 the sketches so far met (their tokenizer's count; 0 when the
  /// sketch reads no tokens or its tokenizer counts none).
  virtual std::uint64_t invalid_utf8_bytes() const { return 0; }
};

struct SketchResult;

/// How the sketch stage reads records.
struct SketchLimits {
  std::uint64_t max_record_bytes = 64ull << 20;       // longer records are skipped as doc_too_large
  bool stop_at_first_skip = false;                    // --strict: stop reading at the first skip
  bool keep_ids = false;                              // fill SketchResult::doc_ids
  const std::atomic<bool>* stop_requested = nullptr;  // when set, stop between splits
  /// Called now and then with the input bytes and documents done since the last call.
  std::function<void(std::uint64_t bytes, std::uint64_t docs)> on_progress{};
  /// The early check, called on every rank with what it read so far: after each of its splits
  /// until it returns true, then, when it has read them all, again with `done` until it returns
  /// true. Every rank makes the same number of calls when every call returns the same on every
  /// rank, so it may be collective.
  std::function<bool(const SketchResult& so_far, bool done)> early_check{};
};

/// What a rank's sketch stage produced and counted. Its per-document tables (docs, id_keys,
/// doc_ids, has_doc_id, host_ids) are filled split by split, in split order.
struct SketchResult {
  LocalDocs docs;
  SplitTallies splits;  // the counts of each split this rank read
  std::array<std::uint64_t, kLineStatusCount> status_counts{};
  std::vector<SkipExample> examples;  // the first kSkipExamples of each reason on this rank
  std::vector<IdKey> id_keys;         // documents with an id, by document
  std::vector<std::string> doc_ids;   // keep_ids: each document's id field ("" when none)
  std::vector<char> has_doc_id;       // keep_ids: whether the document has an id field
  // With DocumentSpec::host_field: each document's host id (url_host, host_id; for none, the
  // id of why: host_problem_id),
  // and the name of every host id in them.
  std::vector<std::uint64_t> host_ids;
  HostNames host_names;
  std::uint64_t bytes_read = 0;
  std::uint64_t invalid_utf8_bytes = 0;    // in the documents (see SplitTally)
  std::uint64_t features = 0;              // sum over documents
  std::uint64_t splits_loaded = 0;         // splits taken from the SplitStore instead of sketched
  std::vector<SharedRange> shared_ranges;  // the lines of shared splits this rank sketched
  std::vector<DocId> shared_skipped;       // the lines of shared splits it skipped (any order)
  std::uint64_t shared_record_bytes = 0;   // of its documents of shared splits, kept in scratch
  bool interrupted = false;                // stopped early because *stop_requested became true
};

/// What reading one split counted besides its documents, independent of the split's number in
/// a plan (skips are located by their line within the split), so it can be stored and reused.
struct SplitTally {
  std::uint64_t lines = 0;  // records in the split, documents and skipped ones
  std::array<std::uint64_t, kLineStatusCount> status_counts{};
  std::vector<SkipExample> examples;  // the first kSkipExamples of each reason in the split
  std::uint64_t bytes_read = 0;
  // Invalid UTF-8 bytes in the split's documents: those a JSON record's repair replaced by
  // U+FFFD, and those the tokenizer met (Sketcher::invalid_utf8_bytes: a text file's).
  std::uint64_t invalid_utf8_bytes = 0;
  // RecordReader::content_hash of the split's records: what later reads of the split (deduped/,
  // a resume) must find again.
  std::uint64_t content_hash = 0;
  bool stopped = false;  // --strict stopped reading in this split (never stored)
};

/// One split's documents where they sit in a rank's tables (SketchResult), without a copy.
struct SplitDocsView {
  unsigned sketch_words = 0;
  std::span<const DocId> ids;  // the split's number in them is not stored, only the lines
  std::span<const std::uint64_t> offsets;
  std::span<const std::uint32_t> lengths;
  std::span<const std::uint32_t> features;
  std::span<const std::uint32_t> sketches;  // ids.size() * sketch_words
  std::span<const IdKey> id_keys;
  std::span<const std::string> doc_ids;     // keep_ids only, else empty
  std::span<const char> has_doc_id;         // keep_ids only, else empty
  std::span<const std::uint64_t> host_ids;  // with a host field only, else empty
  const HostNames* host_names = nullptr;    // names of (at least) the ids in host_ids
};

/// Where finished splits' sketches are kept across runs (checkpoints to resume, a cache for
/// re-runs). The sketch stage asks before sketching a split and stores it after.
class SplitStore {
 public:
  virtual ~SplitStore() = default;
  /// Splits are loaded in ascending order, and a split that is not found is sketched and
  /// saved before the next is loaded.
  /// Appends the stored documents of split `s` of the plan to `into`'s per-document tables
  /// (with ids of split `s`) and returns the split's tally; nullopt, leaving `into` unchanged,
  /// when there is none or it is damaged (the split is then sketched again).
  virtual std::optional<SplitTally> load(std::uint32_t s, SketchResult& into) = 0;
  /// Stores the tally and documents of split `s` of the plan.
  virtual void save(std::uint32_t s, const SplitTally& tally, const SplitDocsView& docs) = 0;
};

/// How many skipped lines of each reason are kept as examples for the log.
inline constexpr std::size_t kSkipExamples = 10;

/// Sketches split `s` of `plan` with `sketcher`, appending its documents to `into`'s
/// per-document tables, and returns what it counted. Records that are not documents are counted
/// by reason; so are the rest of a file whose compressed data cannot be decoded (one count, at
/// the record where decoding failed) and a split that cannot be opened or read (one count).
/// Throws IoError when the split holds more than 2^32 records.
SplitTally sketch_split(const JobPlan& plan, std::uint32_t s, const DocumentSpec& spec,
                        Sketcher& sketcher, const SketchLimits& limits, SketchResult& into);

/// The documents of `result` from index `first_doc` and id key `first_id_key` on.
SplitDocsView split_docs_view(const SketchResult& result, std::size_t first_doc,
                              std::size_t first_id_key);

class SharedSketch;

/// Sketches the splits that `plan` assigns to `rank`: first, with `shared` (collective; null
/// when the plan shares no split), the records of the shared splits this rank gets, then its
/// own splits in split order, taking each from `store` when it has it and storing the ones it
/// sketches (store may be null; shared splits are never stored). Its documents come out sorted
/// by id. Between splits (and rounds), stops when limits.stop_requested is set
/// (result.interrupted).
SketchResult sketch_splits(const JobPlan& plan, int rank, const DocumentSpec& spec,
                           Sketcher& sketcher, const SketchLimits& limits,
                           SplitStore* store = nullptr, SharedSketch* shared = nullptr);

/// Sorts a rank's per-document tables (docs, id_keys, doc_ids, has_doc_id, host_ids) and its
/// skip examples by document id, when they are not.
void sort_by_document(SketchResult& result);

}  // namespace neardup
