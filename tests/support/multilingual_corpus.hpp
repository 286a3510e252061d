// Multilingual corpora (zh, ja, ru, de, en) with near-duplicates from character edits.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tests/support/corpus_generator.hpp"

namespace neardup::testing {

/// What to generate, per language. Base documents are prose built from the language's own
/// inventory of words (Chinese and Japanese: characters written without spaces, with
/// full-width punctuation; Russian, German, English: capitalized words with the language's
/// letters and typographic punctuation). A share of them get variants: character edits
/// (a Han or kana character, or a letter inside a word, substituted, inserted or deleted),
/// changes the Unicode tokenizer must ignore (case, NFD, full-width letters and digits,
/// no-break or ideographic spaces, typographic vs ASCII punctuation), both, or exact copies.
struct MultilingualSpec {
  std::uint64_t seed = 42;
  std::size_t base_docs = 160;  // per language
  /// Length of a base document: characters (Chinese, Japanese) or words (the others),
  /// log-uniform in [min_length, max_length].
  std::size_t min_length = 30;
  std::size_t max_length = 600;
  double planted_fraction = 0.45;  // share of base documents that get variants
  std::size_t max_variants = 5;    // 1 to max_variants variants per planted base
  /// Very short documents per language (1-2 greetings or acknowledgements: a few characters
  /// or words), a third of them with a variant the tokenizer must ignore (or an exact copy).
  std::size_t short_docs = 40;
  /// Share of base documents of 150 units or more that end in one of the footers every
  /// language shares (English with Chinese and Japanese): look-alikes across languages that
  /// are not duplicates.
  double footer_fraction = 0.2;
};

/// The languages generated, in order: "zh", "ja", "ru", "de", "en".
std::span<const char* const> multilingual_languages();

/// Generates the corpus; the same spec always gives the same documents, in shuffled order.
/// Ids are LANG-GROUP-MEMBER-CHANGES: "ru-0042-0-base" is a base document, "ru-0042-3-edit4+nfd"
/// its third variant (4 character edits, then decomposed to NFD), "ja-s012-1-width" a variant
/// of short document 12; shape_of(id) is the language. CHANGES is described at changes_of.
/// GeneratedDoc::base numbers the group, unique across languages.
std::vector<GeneratedDoc> generate_multilingual_corpus(const MultilingualSpec& spec);

/// The CHANGES part of a generated document's id (after its last '-'): "base" (a base
/// document), or the changes that made a variant from it, in order, joined by '+': "copy" (an
/// exact copy), "editN" (N character edits), and those the Unicode tokenizer must ignore:
/// "case" (upper or lower case), "nfd" (letters decomposed into base and combining mark),
/// "width" (ASCII letters and digits made full-width), "space" (spaces made U+00A0 or U+3000,
/// or U+3000 added between CJK sentences), "punct" (typographic quotes, apostrophes, dashes
/// and full-width punctuation made ASCII).
std::string changes_of(const std::string& id);

/// Whether the document is a variant that differs from its base only in ways the Unicode
/// tokenizer must ignore (no "edit", not the base; exact copies included): its shingle set
/// under the Unicode tokenizer is that of its base.
bool is_invisible_variant(const std::string& id);

}  // namespace neardup::testing
