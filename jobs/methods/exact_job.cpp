// The exact job: documents with the same 128-bit XXH3 digest of their canonical tokens (or raw
// text) are duplicates.
#include "jobs/methods/exact_job.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/hash128.hpp"
#include "core/id_mix.hpp"
#include "core/release.hpp"
#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/options/option_json.hpp"
#include "jobs/pipeline/dedup_pipeline.hpp"

namespace neardup {
namespace {

// A document's digest, shuffled to the rank that owns the digest.
struct DigestTuple {
  Hash128 digest;
  DocId doc;
  friend bool operator<(const DigestTuple& x, const DigestTuple& y) {
    return x.digest != y.digest ? x.digest < y.digest : x.doc < y.doc;
  }
};

// Appends a run of equal digests to `groups` as one group.
void add_group(std::span<const DigestTuple> equal, std::vector<GroupedDoc>& groups) {
  const std::uint64_t key = mix_id(equal[0].digest.high) ^ equal[0].digest.low;
  for (const DigestTuple& t : equal) groups.push_back({key, t.doc});
}

Hash128 digest_of(std::span<const std::uint32_t> sketch) {
  Hash128 digest;
  std::memcpy(&digest.high, sketch.data(), 8);
  std::memcpy(&digest.low, sketch.data() + 2, 8);
  return digest;
}

// Equal digests: every copy is paired with the first copy (a star, what transitive clustering
// needs), and the copies are a group (every two are duplicates, what greedy clustering needs).
class ExactMethod final : public DedupMethod {
 public:
  explicit ExactMethod(const ExactOptions& options)
      : options_(options), tokenizer_(options.document.tokenizer) {}

  const char* name() const override { return "exact"; }

  std::string describe() const override {
    return options_.normalize ? "XXH3-128 of the canonical tokens" : "XXH3-128 of the raw text";
  }

  unsigned sketch_words() const override { return 4; }

  std::uint32_t sketch(std::string_view text, std::span<std::uint32_t> out) override {
    std::uint32_t features = text.empty() ? 0 : 1;
    Hash128 digest;
    if (options_.normalize) {
      tokenizer_.tokenize(text, tokens_);
      features = static_cast<std::uint32_t>(tokens_.size());
      digest = hash128(tokens_.text);
    } else {
      digest = hash128(text);
    }
    std::memcpy(out.data(), &digest.high, 8);
    std::memcpy(out.data() + 2, &digest.low, 8);
    return features;
  }

  std::uint64_t invalid_utf8_bytes() const override { return tokenizer_.invalid_utf8_bytes(); }

  CandidateGraph find_candidates(PairSearch& search, JobSummary& summary) override {
    search.clock.start("candidates");
    const LocalDocs& docs = search.docs;
    std::vector<DigestTuple> tuples;
    tuples.reserve(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) {
      if (docs.features[i] != 0) tuples.push_back({digest_of(docs.sketch(i)), docs.ids[i]});
    }
    const auto ranks = static_cast<std::uint64_t>(search.exchanger.size());
    std::vector<DigestTuple> mine = search.exchanger.shuffle_consuming(
        std::move(tuples),
        [ranks](const DigestTuple& t) { return static_cast<int>(t.digest.low % ranks); });
    std::sort(mine.begin(), mine.end());
    CandidateGraph graph;
    std::vector<DocPair> pairs;
    std::uint64_t groups = 0;
    for (std::size_t i = 0; i < mine.size();) {
      std::size_t j = i + 1;
      while (j < mine.size() && mine[j].digest == mine[i].digest) {
        pairs.push_back({mine[i].doc, mine[j].doc});
        ++j;
      }
      if (j - i > 1) {
        ++groups;
        if (search.groups) add_group(std::span(mine).subspan(i, j - i), graph.groups);
      }
      i = j;
    }
    release(mine);
    graph.pairs = search.exchanger.shuffle_consuming(
        std::move(pairs), [&](const DocPair& p) { return search.owner(p.a); });
    sort_doc_pairs(graph.pairs);
    const MPI_Comm comm = search.exchanger.comm();
    summary.candidate_pairs = sum_over_ranks(comm, graph.pairs.size());
    duplicate_groups_ = sum_over_ranks(comm, groups);
    return graph;
  }

  CandidateRule candidate_rule() const override { return {{CheckKind::kEqual}, 0}; }

  void write_parameters(JsonWriter& json, ParameterScope scope) const override {
    write_options(json, options_, scope, describe_exact_options);
  }

  std::string kernel() const override { return "xxh3-128"; }
  AsciiTokenizerFn ascii_tokenizer() const override { return tokenize; }

  std::optional<IndexSketch> index_sketch() const override { return std::nullopt; }

  SimilarityAxis similarity_axis() const override {
    return {"similarity (1: identical normalized text)", 1.0, std::nullopt,
            "Verification: equal 128-bit digests of the normalized text."};
  }

  std::vector<std::pair<std::string, std::uint64_t>> counts() const override {
    return {{"duplicate_groups", duplicate_groups_}};
  }

 private:
  const ExactOptions& options_;
  Tokenizer tokenizer_;
  TokenStream tokens_;
  std::uint64_t duplicate_groups_ = 0;
};

}  // namespace

std::string validate(const ExactOptions& options) { return validate_job_options(options); }

JobSummary run_exact(MPI_Comm comm, const ExactOptions& options) {
  agree_on_usage(comm, validate(options));
  ExactMethod method(options);
  return run_dedup_job(comm, options, method);
}

}  // namespace neardup
