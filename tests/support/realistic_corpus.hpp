// Generated corpora with the shapes real ones have: near-identical families, shared
// boilerplate, very short documents, quoted mail replies, source files with licence headers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/support/corpus_generator.hpp"

namespace neardup::testing {

/// How many documents of each shape to generate. Every document's id starts with its shape
/// ("family-", "boiler-", "short-", "mail-", "source-", "plain-"), so results can be broken
/// down by shape.
struct RealisticSpec {
  std::uint64_t seed = 42;
  /// Families of near-identical long documents (generated register headers, templated pages):
  /// each member is the family's template with `min_line_edits` to `max_line_edits` of its
  /// lines changed, so members are 0.6-0.95 similar to each other.
  std::size_t families = 2;
  std::size_t family_size = 250;   // more than minhash's --max-bucket
  std::size_t family_lines = 150;  // lines of 6-12 words each
  double min_line_edits = 0.02;
  double max_line_edits = 0.05;
  /// Groups of documents sharing a header (licence, template) that is 45-80% of each document
  /// without being duplicates (pairwise Jaccard about 0.3-0.7); a tenth of each group are
  /// lightly edited copies of another member, true duplicates inside a crowd of look-alikes.
  std::size_t boilerplate_groups = 3;
  std::size_t boilerplate_group_size = 150;
  /// Documents of 1-9 words from a small vocabulary, so exact repeats and near misses abound.
  std::size_t short_docs = 300;
  /// Mail threads of 2-6 messages; each reply adds a few lines and quotes the previous
  /// message with "> " (nested quotes included).
  std::size_t mail_threads = 50;
  /// Source files under one of two licence headers; a fifth are forks of another file with
  /// 1-5 lines changed.
  std::size_t source_files = 120;
  /// Unrelated prose, some of it with accented, Cyrillic or CJK words.
  std::size_t plain_docs = 200;
};

/// Generates the corpus; the same spec always gives the same documents, in shuffled order.
/// GeneratedDoc::base numbers the group a document was made from (family, thread, ...).
std::vector<GeneratedDoc> generate_realistic_corpus(const RealisticSpec& spec);

/// The shape of a generated document: its id up to the first '-' ("family", "mail", ...).
std::string shape_of(const std::string& id);

}  // namespace neardup::testing
