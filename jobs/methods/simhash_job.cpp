// The simhash job: 64-bit Charikar fingerprints, pairs within k bits by permuted tables.
#include "jobs/methods/simhash_job.hpp"

#include <vector>

#include "jobs/methods/hamming_search.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/options/option_json.hpp"
#include "jobs/pipeline/dedup_pipeline.hpp"
#include "jobs/stages/sketchers.hpp"

namespace neardup {
namespace {

// Charikar fingerprints; pairs from Manku et al.'s permuted tables.
class SimhashMethod final : public DedupMethod {
 public:
  explicit SimhashMethod(const SimhashOptions& options)
      : options_(options),
        design_(table_design_of(options)),
        tables_(design_),
        sketcher_(options.simhash, options.document.tokenizer) {}

  const char* name() const override { return "simhash"; }

  std::string describe() const override {
    return "k = " + std::to_string(design_.max_distance) + " bits, " +
           std::to_string(design_.blocks) + " blocks, " + std::to_string(tables_.size()) +
           " tables";
  }

  unsigned sketch_words() const override { return 2; }

  std::uint32_t sketch(std::string_view text, std::span<std::uint32_t> out) override {
    return sketcher_.sketch(text, out);
  }

  std::uint64_t invalid_utf8_bytes() const override { return sketcher_.invalid_utf8_bytes(); }

  CandidateGraph find_candidates(PairSearch& search, JobSummary& summary) override {
    search.clock.start("candidates");
    const LocalDocs& docs = search.docs;
    std::vector<FingerprintDoc> fingerprints;
    fingerprints.reserve(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) {
      if (docs.features[i] == 0) continue;
      fingerprints.push_back({fingerprint_of(docs.sketch(i)), docs.ids[i]});
    }
    HammingSearchCounts counts;
    CandidateGraph graph;
    const std::vector<HammingPair> found =
        find_hamming_pairs(search.exchanger, fingerprints, design_, options_.limits, search.owner,
                           counts, search.groups ? &graph.groups : nullptr);
    const MPI_Comm comm = search.exchanger.comm();
    summary.candidate_pairs = sum_over_ranks(comm, found.size());
    tuples_ = sum_over_ranks(comm, counts.tuples);
    comparisons_ = sum_over_ranks(comm, counts.comparisons);
    capped_runs_ = sum_over_ranks(comm, counts.capped_runs);
    oversized_groups_ = sum_over_ranks(comm, counts.oversized_groups);
    largest_group_ = max_over_ranks(comm, counts.largest_group);
    if (oversized_groups_ > 0) {
      log_info("warning: " + std::to_string(oversized_groups_) + " table groups hold more than " +
               std::to_string(options_.limits.max_group) + " distinct fingerprints (largest " +
               std::to_string(largest_group_) +
               "); each was compared within a window only, so pairs may be missed there");
    }
    graph.pairs.reserve(found.size());
    for (const HammingPair& p : found) graph.pairs.push_back({p.a, p.b});
    return graph;
  }

  CandidateRule candidate_rule() const override {
    if (options_.verify == VerifyMode::kNone) {
      CheckRule rule{CheckKind::kHamming};
      rule.max_distance = design_.max_distance;
      return {rule, 0};
    }
    return {{CheckKind::kJaccard, options_.threshold}, 0};
  }

  void write_parameters(JsonWriter& json, ParameterScope scope) const override {
    SimhashOptions resolved = options_;
    resolved.max_distance = design_.max_distance;
    resolved.blocks = design_.blocks;
    write_options(json, resolved, scope, describe_simhash_options);
    if (scope == ParameterScope::kRun) {
      json.key("tables").value(static_cast<std::uint64_t>(tables_.size()));
    }
  }

  std::string kernel() const override { return "byte-lane counters"; }
  AsciiTokenizerFn ascii_tokenizer() const override { return tokenize; }

  SimilarityAxis similarity_axis() const override {
    if (options_.verify == VerifyMode::kExact) {
      return {"exact Jaccard similarity of the shingle sets", options_.threshold, std::nullopt,
              "Verification: exact. Fingerprints within " + std::to_string(design_.max_distance) +
                  " bits only propose candidates; a pair is kept only if the exact Jaccard of "
                  "its shingle sets is at or above the threshold."};
    }
    return {"1 - Hamming distance / 64 of the fingerprints",
            1.0 - static_cast<double>(design_.max_distance) / 64.0, std::nullopt,
            "Verification: none (--verify none): every pair within the Hamming distance is a "
            "duplicate, also documents that only share boilerplate; clusters can chain "
            "unrelated documents."};
  }

  std::optional<IndexSketch> index_sketch() const override {
    return index_sketch_like(options_, SimhashIndexPart{options_.simhash, design_, false});
  }

  std::vector<std::pair<std::string, std::uint64_t>> counts() const override {
    return {{"table_tuples", tuples_},
            {"comparisons", comparisons_},
            {"capped_runs", capped_runs_},
            {"oversized_groups", oversized_groups_},
            {"largest_group", largest_group_}};
  }

 private:
  const SimhashOptions& options_;
  TableDesign design_;
  PermutedTables tables_;
  SimhashSketcher sketcher_;
  std::uint64_t tuples_ = 0;
  std::uint64_t comparisons_ = 0;
  std::uint64_t capped_runs_ = 0;
  std::uint64_t oversized_groups_ = 0;
  std::uint64_t largest_group_ = 0;
};

}  // namespace

std::string validate(const SimhashOptions& o) {
  if (std::string shared = validate_job_options(o); !shared.empty()) return shared;
  if (std::string problem = bounds_problem(o, describe_simhash_options); !problem.empty())
    return problem;
  if (const std::string problem = check_design(table_design_of(o)); !problem.empty()) {
    return "--max-distance / --blocks: " + problem;
  }
  if (o.verify == VerifyMode::kEstimate) return "--verify must be exact or none";
  return "";
}

JobSummary run_simhash(MPI_Comm comm, const SimhashOptions& options) {
  agree_on_usage(comm, validate(options));
  SimhashMethod method(options);
  return run_dedup_job(comm, options, method);
}

}  // namespace neardup
