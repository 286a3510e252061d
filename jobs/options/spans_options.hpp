// What `neardup spans` is told: the repeat length, the fingerprints, which occurrence stays,
// and the shared flags of a job over a corpus.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/spans/span_spec.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/options/option_choices.hpp"

namespace neardup {

/// The flags of `neardup spans`, with their defaults.
struct SpansOptions : JobOptions {
  SpanSpec spec;
  /// A document left with fewer tokens than this after its cuts is removed whole.
  std::uint32_t min_doc_tokens = 1;
  /// Not a flag: ANDed into every fingerprint, so that tests can force fingerprints of
  /// different text to collide (the tokens are compared before anything is cut).
  std::uint64_t fingerprint_mask = ~std::uint64_t{0};
  /// Not a flag: what one round of the search (anchors, representatives' windows) or of the
  /// cuts' confirmation (proposed text) holds on a rank; 0 takes --shuffle-mb's bytes (tests
  /// set a few KiB, below the flag's 1 MiB, to make many rounds).
  std::uint64_t round_bytes = 0;
};

/// Lists spans's own flags for visitor `v`.
inline constexpr struct DescribeSpansOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    describe_tokenizer_option(v, o);
    v.choice({"--unit", "unit", kResult,
              "run: every run of at least --min-tokens tokens found elsewhere (exact "
              "substrings); line or paragraph (lines between blank lines): a whole unit whose "
              "tokens occur as a unit in at least --min-docs documents"},
             o.spec.unit, std::span<const Choice<SpanUnit>>(span_unit_choices()));
    v.number({"--min-docs", "min_docs", kResult,
              "--unit line or paragraph: a unit is cut when it occurs in at least this many "
              "documents"},
             o.spec.min_docs, {2u, 1u << 30});
    v.number({"--min-tokens", "min_tokens", kResult,
              "the shortest repeat cut, in canonical tokens: every run of at least this many "
              "tokens found elsewhere in the corpus (Lee et al. 2022 use 50)"},
             o.spec.min_tokens, {2u, 1u << 20});
    v.number({"--kgram", "kgram", kRun,
              "tokens hashed into one fingerprint (at most --min-tokens; 0: --min-tokens / 4, "
              "at most 12); winnowing keeps one of every --min-tokens - kgram + 1 of them: only "
              "speed depends on it, never what is cut"},
             o.spec.kgram, {0u, 1u << 20});
    v.choice({"--keep-occurrence", "keep_occurrence", kResult,
              "first: the first occurrence of a repeat in input order stays and every other is "
              "cut, so every cut names a kept copy; none: every occurrence is cut"},
             o.spec.keep, std::span<const Choice<KeepOccurrence>>(keep_occurrence_choices()));
    v.number({"--min-doc-tokens", "min_doc_tokens", kResult,
              "a document left with fewer tokens after its cuts is removed whole (counted); one "
              "left with none always is"},
             o.min_doc_tokens, {1u, 1u << 30});
  }
} describe_spans_options;

/// Every flag of `neardup spans` for visitor `v`: the corpus, the run, then its own.
inline constexpr struct DescribeSpansJobOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    describe_input_options(v, o);
    describe_run_options(v, o);
    describe_checkpoint_options(v, o);
    describe_spans_options(v, o);
  }
} describe_spans_job_options;

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const SpansOptions& options);

}  // namespace neardup
