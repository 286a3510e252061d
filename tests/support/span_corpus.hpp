// Corpora with text repeated inside documents: planted runs of chosen token lengths copied
// into other documents and into the same one, overlapping runs, one run copied into many
// documents, in ASCII, Cyrillic and Han text, with copies the tokenizer must see as equal.
#pragma once

#include <cstdint>
#include <vector>

#include "tests/support/corpus_generator.hpp"

namespace neardup::testing {

/// What to generate. Documents are unique filler (words of a large mixed vocabulary: ASCII,
/// Cyrillic, and Han characters, each a token, written without spaces) into which runs are
/// planted between tokens. The runs are sized around `min_tokens`: min_tokens - 1, min_tokens,
/// min_tokens + 1 (the edges of the rule), 2x and 5x; each is copied into 2-4 documents, a
/// quarter of them twice into one. A 3x run is planted whole in one document and as its two
/// overlapping 2x halves in two others. One run is planted into `popular_copies` short
/// documents. A copy may be written in upper case, with other separators or full-width
/// letters: other bytes, the same tokens. Han text meets a run without a separator.
struct SpanCorpusSpec {
  std::uint64_t seed = 7;
  std::size_t docs = 200;       // filler documents
  std::size_t min_tokens = 50;  // the repeat length the runs are sized around
  std::size_t min_words = 5;    // filler tokens per document, log-uniform in [min, max]
  std::size_t max_words = 400;
  std::size_t planted_runs = 40;     // runs of each kind copied around
  std::size_t popular_copies = 200;  // short documents holding the one popular run
};

/// Generates the corpus; the same spec always gives the same documents, in shuffled order.
/// Ids are "doc-N" (filler with plants) and "pop-N" (the popular run's documents).
std::vector<GeneratedDoc> generate_span_corpus(const SpanCorpusSpec& spec);

}  // namespace neardup::testing
