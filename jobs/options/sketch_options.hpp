// The sketch flags the dedup jobs and `index build` share, described once so that a flag means
// one thing in every command and an index stores what they set: document shingles, SimHash
// features.
#pragma once

#include <span>

#include "core/tables/permuted_tables.hpp"
#include "jobs/options/option_choices.hpp"
#include "jobs/options/option_list.hpp"

namespace neardup {

/// Lists the document shingles `shingle` (a ShingleSpec) for visitor `v`: --shingle and --ngram,
/// what MinHash sketches and the sets an exact check compares (minhash, explain, index build;
/// index.meta stores them through this list).
template <class V, class S>
void describe_shingle_options(V& v, S& shingle, ParameterScope scope) {
  v.choice({"--shingle", "shingle", scope,
            "shingle kind, word or char: MinHash's shingles and the sets --verify exact compares"},
           shingle.kind, std::span<const Choice<ShingleKind>>(shingle_kind_choices()));
  v.number({"--ngram", "ngram", scope,
            "shingle length in words or characters (MinHash's shingles and the sets --verify "
            "exact compares)"},
           shingle.n, {1u, 1000u});
}

/// Lists SimHash's features `spec` (a SimhashSpec) for visitor `v`: --features, --weight,
/// --feature-ngram and --char-ngram (simhash, index build --method simhash; index.meta stores
/// them through this list).
template <class V, class S>
void describe_simhash_features(V& v, S& spec, ParameterScope scope) {
  v.choice({"--features", "features", scope, "SimHash features: tokens, shingles or char"},
           spec.features, std::span<const Choice<SimhashFeatures>>(simhash_features_choices()));
  v.choice({"--weight", "weight", scope, "SimHash feature weight: tf, binary or logtf (1 + ln tf)"},
           spec.weight, std::span<const Choice<SimhashWeight>>(simhash_weight_choices()));
  v.number({"--feature-ngram", "shingle_n", scope,
            "SimHash: words per feature shingle (--features shingles)"},
           spec.shingle_n, {1u, 1000u});
  v.number({"--char-ngram", "char_n", scope, "SimHash: bytes per feature (--features char)"},
           spec.char_n, {1u, 1000u});
}

/// Lists the SimHash tables' design in `o.max_distance` and `o.blocks` for visitor `v`: -k and
/// --blocks (simhash, index build --method simhash).
template <class V, class O>
void describe_table_design(V& v, O& o, ParameterScope scope) {
  v.number({"-k,--max-distance", "max_distance", scope,
            "SimHash: documents whose fingerprints differ in at most this many of the 64 bits "
            "(inclusive) are candidates"},
           o.max_distance, {0u, 63u});
  v.number({"--blocks", "blocks", scope,
            "SimHash: fingerprint blocks m (default k + 3: C(m, k) tables, 20 for k = 3)"},
           o.blocks, {0u, 64u});
}

/// The SimHash tables' design of the flags `o` (-k, and --blocks or its default k + 3).
template <class O>
TableDesign table_design_of(const O& o) {
  return {o.max_distance, o.blocks != 0 ? o.blocks : o.max_distance + 3};
}

}  // namespace neardup
