// The minhash job: shingles, MinHash signatures, LSH bands, verification (DESIGN.md 1-7).
#include "jobs/methods/minhash_job.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "core/release.hpp"
#include "core/sketch/minhash.hpp"
#include "jobs/methods/sketch_filter.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/options/option_json.hpp"
#include "jobs/pipeline/dedup_pipeline.hpp"
#include "jobs/stages/candidates_stage.hpp"
#include "jobs/stages/sketchers.hpp"

namespace neardup {
namespace {

// MinHash over shingles; candidates from LSH bands; verified by estimate or exact Jaccard.
class MinhashMethod final : public DedupMethod {
 public:
  MinhashMethod(const MinhashOptions& options, BandLayout layout)
      : options_(options),
        layout_(layout),
        sketcher_(options.num_perm, options.seed, options.document.shingle,
                  options.document.tokenizer, options.kernel,
                  options.signature == SignatureKind::kOph) {}

  const char* name() const override { return "minhash"; }

  std::string describe() const override {
    return std::string("sketch ") + signature_kind_name(options_.signature) + ", " +
           std::to_string(layout_.bands) + " bands x " + std::to_string(layout_.rows) +
           " rows; kernel " + kernel();
  }

  unsigned sketch_words() const override { return options_.num_perm; }

  std::uint32_t sketch(std::string_view text, std::span<std::uint32_t> out) override {
    return sketcher_.sketch(text, out);
  }

  std::uint64_t invalid_utf8_bytes() const override { return sketcher_.invalid_utf8_bytes(); }

  CandidateGraph find_candidates(PairSearch& search, JobSummary& summary) override {
    const MPI_Comm comm = search.exchanger.comm();
    search.clock.start("candidates");
    CandidateCounts counts;
    CandidateGraph graph;
    graph.pairs = neardup::find_candidates(
        search.exchanger, search.docs, layout_, options_.max_bucket, options_.shuffle_bytes,
        search.owner, counts, search.groups ? &graph.groups : nullptr);
    summary.candidate_pairs = sum_over_ranks(comm, counts.candidate_pairs);
    band_tuples_ = sum_over_ranks(comm, counts.band_tuples);
    raw_pairs_ = sum_over_ranks(comm, counts.raw_pairs);
    capped_buckets_ = sum_over_ranks(comm, counts.capped_buckets);
    if (options_.verify == VerifyMode::kEstimate) return graph;
    // Exact: the signatures first drop the candidates far below the threshold (they would
    // fail, and reading them is the cost), then the shingle sets decide.
    search.clock.start("filter");
    std::vector<DocPair> likely = sketch_filter(
        search.exchanger, search.docs, search.owner, graph.pairs,
        sketch_filter_min_agree(options_.threshold, options_.num_perm), options_.shuffle_bytes);
    graph.pairs = std::move(likely);
    pairs_filtered_ = summary.candidate_pairs - sum_over_ranks(comm, graph.pairs.size());
    return graph;
  }

  CandidateRule candidate_rule() const override {
    if (options_.verify == VerifyMode::kEstimate) {
      CheckRule rule{CheckKind::kAgreement, options_.threshold};
      rule.min_agree =
          min_agreeing_entries(options_.threshold, options_.num_perm, options_.pass_at_threshold);
      return {rule, 0};
    }
    return {{CheckKind::kJaccard, options_.threshold},
            sketch_filter_min_agree(options_.threshold, options_.num_perm)};
  }

  void write_parameters(JsonWriter& json, ParameterScope scope) const override {
    MinhashOptions resolved = options_;
    resolved.bands = layout_.bands;
    resolved.rows = layout_.rows;
    write_options(json, resolved, scope, describe_minhash_options);
    if (scope == ParameterScope::kRun) json.key("lsh_threshold").value(lsh_threshold(layout_));
  }

  std::string kernel() const override { return sketcher_.kernel(); }
  AsciiTokenizerFn ascii_tokenizer() const override { return sketcher_.ascii_tokenizer(); }

  SimilarityAxis similarity_axis() const override {
    const bool exact = options_.verify == VerifyMode::kExact;
    char banding[256];
    std::snprintf(banding, sizeof banding,
                  " A pair exactly at the threshold becomes a candidate with P = %.4f (%u bands "
                  "of %u rows); pairs that never become candidates are the only ones missed.",
                  candidate_probability(options_.threshold, layout_), layout_.bands, layout_.rows);
    const unsigned min_agree =
        min_agreeing_entries(options_.threshold, options_.num_perm, options_.pass_at_threshold);
    return {exact ? "exact Jaccard similarity of the shingle sets"
                  : "estimated Jaccard similarity (share of equal signature entries)",
            options_.threshold, ReportBanding{layout_.bands, layout_.rows},
            exact ? "Verification: exact. Every candidate pair was kept only if the exact "
                    "Jaccard of its shingle sets is at or above the threshold, so no removal "
                    "rests on an estimate." +
                        std::string(banding)
                  : "Verification: estimate (at least " + std::to_string(min_agree) + " of " +
                        std::to_string(options_.num_perm) + " signature entries agree); " +
                        estimate_trade_text(options_.threshold, options_.num_perm, min_agree) +
                        ". --verify exact removes none wrongly." + banding};
  }

  std::optional<IndexSketch> index_sketch() const override {
    return index_sketch_like(options_, minhash_index_part(options_, layout_));
  }

  std::vector<std::pair<std::string, std::uint64_t>> counts() const override {
    return {{"band_tuples", band_tuples_},
            {"candidate_pairs_raw", raw_pairs_},
            {"capped_buckets", capped_buckets_},
            {"pairs_filtered_by_sketch", pairs_filtered_}};
  }

 private:
  const MinhashOptions& options_;
  BandLayout layout_;
  MinhashSketcher sketcher_;
  std::uint64_t band_tuples_ = 0;
  std::uint64_t raw_pairs_ = 0;
  std::uint64_t capped_buckets_ = 0;
  std::uint64_t pairs_filtered_ = 0;  // exact: candidates the signatures dropped
};

}  // namespace

JobSummary run_minhash(MPI_Comm comm, const MinhashOptions& options) {
  agree_on_usage(comm, validate(options));
  JobSummary summary;
  summary.layout = band_layout_of(options);
  MinhashMethod method(options, summary.layout);
  return run_dedup_job(comm, options, method, summary);
}

}  // namespace neardup
