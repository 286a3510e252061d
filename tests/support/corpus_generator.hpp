// Deterministic generated corpora with planted near-duplicates at chosen similarity levels.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace neardup::testing {

/// What to generate. Every base document is random text; a fraction of them get near-duplicate
/// variants, one per level, edited (word replacements at random positions) until the share of
/// changed word-5-gram positions matches the level; exact copies are added verbatim.
struct CorpusSpec {
  std::uint64_t seed = 42;
  std::size_t base_docs = 1000;
  std::size_t min_tokens = 40;
  std::size_t max_tokens = 300;
  double planted_fraction = 0.3;  // share of base documents that get variants
  std::vector<double> levels = {0.3, 0.5, 0.7, 0.9, 0.95, 1.0};  // one variant per level
  std::size_t exact_copies = 2;  // extra verbatim copies per planted base
  bool english = false;          // common English words instead of random words
};

/// One generated document. `base` is the index of the base document it derives from.
struct GeneratedDoc {
  std::string id;
  std::string text;
  std::size_t base = 0;
};

/// Generates the corpus; the same spec always gives the same documents, in shuffled order.
std::vector<GeneratedDoc> generate_corpus(const CorpusSpec& spec);

/// The common English words the generators draw from, most frequent first.
std::span<const char* const> english_words();

/// The JSON Lines record {"id": ..., "text": ...} of a document (no trailing newline).
std::string to_json_line(const GeneratedDoc& doc);

}  // namespace neardup::testing
