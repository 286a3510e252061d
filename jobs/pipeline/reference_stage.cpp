// Deduplication against an earlier corpus: this run's documents looked up in a persistent
// index of it (neardup index build, or one built here from an earlier run's deduped/), each
// match naming the earlier document.
#include "jobs/pipeline/reference_stage.hpp"

#include <filesystem>

#include "io/io_error.hpp"
#include "io/write/output_names.hpp"
#include "jobs/index/index_job.hpp"
#include "jobs/index/index_meta.hpp"
#include "jobs/index/near_dup_index.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

enum class ReferenceKind { kIndex, kEarlierOutput };

// Rank 0: what PATH is, or the reason it cannot be a reference of this run.
std::string classify_reference(const std::string& path, const DedupMethod& method,
                               ReferenceKind& kind) {
  std::error_code error;
  const std::string job = method.name();
  if (job == "exact") {
    return "--reference " + path +
           ": exact runs have no index to match against (use minhash or simhash)";
  }
  if (fs::exists(fs::path(path) / "index.meta", error)) {
    kind = ReferenceKind::kIndex;
    try {
      const IndexMeta meta = load_index_meta(path);
      if (meta.sketch.method_name() != job) {
        return path + ": a " + meta.sketch.method_name() + " index cannot be the reference of a " +
               job + " run (build it with neardup index build --method " + job + ")";
      }
      const std::optional<IndexSketch> wanted = method.index_sketch();
      if (wanted && wanted->store_shingles && !meta.sketch.store_shingles) {
        return "--reference " + path + ": the index holds no shingle sets, so its matches " +
               "would be decided by the sketches (rule " + index_rule(meta.sketch) + "), not by " +
               "exact Jaccard as this run's --verify exact; rebuild it with neardup index " +
               "build --verify exact (its default), or run with --verify " +
               (job == "minhash" ? "estimate" : "none");
      }
    } catch (const std::exception& e) {
      return std::string("--reference: ") + e.what();
    }
    return "";
  }
  if (fs::exists(fs::path(path) / output_name(Output::kStats), error)) {
    kind = ReferenceKind::kEarlierOutput;
    const fs::path deduped = fs::path(path) / output_name(Output::kDeduped);
    if (!fs::is_directory(deduped, error) || fs::is_empty(deduped, error)) {
      return path +
             ": an earlier output without deduped/ (it ran without --write-deduped); build an "
             "index of its corpus with neardup index build --method " +
             job + " and pass that";
    }
    return "";
  }
  if (!fs::exists(path, error)) return "--reference " + path + ": no such directory";
  return path + ": neither an index (no index.meta) nor a finished neardup output (no stats.json)";
}

// Texts whose sketches must agree between the run and the index (different lengths and words;
// the last one is not ASCII, so the tokenizers differ on it).
const char* const kProbes[] = {
    "the quick brown fox jumps over the lazy dog while the cat sleeps on the warm mat",
    "Near-duplicate detection: shingles, MinHash signatures and SimHash fingerprints 42",
    "a b c d e f g h i j k l m n o p q r s t u v w x y z",
    "ÄRGER über die Straße, doesn’t: 東京タワー",  // tells the tokenizers apart
};

}  // namespace

std::string resolve_reference(MPI_Comm comm, const JobOptions& options, const DedupMethod& method,
                              const std::string& scratch_dir) {
  int rank = 0;
  mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  ReferenceKind kind = ReferenceKind::kIndex;
  agree_on_errors(comm,
                  rank == 0 ? classify_reference(options.reference, method, kind) : std::string());
  int earlier_output = kind == ReferenceKind::kEarlierOutput ? 1 : 0;
  mpi_check(MPI_Bcast(&earlier_output, 1, MPI_INT, 0, comm), "MPI_Bcast");
  if (earlier_output == 0) return options.reference;

  IndexBuildOptions build;
  static_cast<JobOptions&>(build) = options;
  build.inputs = {(fs::path(options.reference) / output_name(Output::kDeduped)).string()};
  build.output = scratch_dir;
  build.overwrite = true;
  build.resume.clear();
  build.reference.clear();
  build.cache_dir.clear();
  build.checkpoint = false;
  build.write_deduped = build.write_removed = build.write_pairs = false;
  const std::optional<IndexSketch> sketch = method.index_sketch();
  if (!sketch) {
    throw JobError("--reference " + options.reference + ": no index sketches like this " +
                   method.name() + " run (indexes hold minhash and simhash sketches)");
  }
  if (rank == 0) {
    std::error_code error;
    fs::remove_all(scratch_dir, error);
  }
  mpi_check(MPI_Barrier(comm), "MPI_Barrier");
  log_info("reference: indexing the kept documents of " + options.reference);
  run_index_build(comm, build, *sketch);
  return scratch_dir;
}

ReferenceMatcher::ReferenceMatcher(const std::string& index_dir, Sketcher& sketcher,
                                   const ShingleSpec& run_shingles)
    : index_(std::make_unique<NearDupIndex>(index_dir)) {
  std::vector<std::uint32_t> mine(sketcher.sketch_words()), theirs;
  std::vector<std::uint64_t> shingles;
  for (const char* probe : kProbes) {
    sketcher.sketch(probe, mine);
    if (!index_->sketch(probe, theirs, shingles) || theirs != mine) {
      throw IoError(index_dir +
                    ": the reference index sketches documents differently from this run (other "
                    "--tokenizer, shingles, --sketch, --num-perm, --seed, --features, --weight, "
                    "--feature-ngram or --char-ngram); rebuild it or match its parameters");
    }
  }
  const ShingleSpec stored = index_->meta().sketch.shingles;
  if (exact() && stored != run_shingles) {
    const auto name = [](const ShingleSpec& spec) {
      return std::to_string(spec.n) + (spec.kind == ShingleKind::kChar ? "-char" : "-word") +
             " shingles" +
             (spec.sample > 1 ? " (1 in " + std::to_string(spec.sample) + " sampled)" : "");
    };
    const bool simhash = index_->meta().sketch.part<SimhashIndexPart>() != nullptr;
    throw IoError(index_dir + ": the reference index stores sets of " + name(stored) +
                  ", this run compares " + name(run_shingles) + "; rebuild it or match its " +
                  (simhash ? "--verify-ngram" : "--shingle, --ngram and --shingle-sample"));
  }
}

ReferenceMatcher::~ReferenceMatcher() = default;

bool ReferenceMatcher::exact() const { return index_->exact(); }

const IndexMeta& ReferenceMatcher::index_meta() const { return index_->meta(); }

std::vector<DocId> ReferenceMatcher::find_candidates(const LocalDocs& docs) {
  constexpr std::size_t kKept = 8;  // the first usually passes; beyond, look up again
  looked_.clear();
  std::vector<DocId> found;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (docs.features[i] == 0) continue;
    const std::vector<IndexCandidate> candidates = index_->candidates(docs.sketch(i));
    if (candidates.empty()) continue;
    looked_.push_back(
        {docs.ids[i], index_->closest_candidates(candidates, kKept), candidates.size() > kKept});
    found.push_back(docs.ids[i]);
  }
  return found;
}

std::vector<ReferenceMatch> ReferenceMatcher::match(const LocalDocs& docs, DocSource& source) {
  std::vector<ReferenceMatch> matches;
  for (const Looked& looked : looked_) {
    const std::span<const std::uint64_t> shingles =
        exact() ? source.shingle_set(looked.doc) : std::span<const std::uint64_t>();
    std::optional<IndexMatch> found = index_->closest_match(looked.closest, shingles);
    if (!found && looked.more) {
      found = index_->closest_match(index_->candidates(docs.sketch(docs.index_of(looked.doc))),
                                    shingles);
    }
    if (found) matches.push_back({looked.doc, found->id, found->similarity});
  }
  return matches;
}

}  // namespace neardup
