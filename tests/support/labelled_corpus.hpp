// A generated corpus whose every pair is labelled by construction: edited copies of one
// document, different pages sharing a site's template, short texts, mail replies quoting.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace neardup::testing {

/// How the documents of a labelled corpus were made.
enum class LabelledShape {
  kPage,         // a page of 100-2000 words and its edited copies
  kShortText,    // a text of 8-40 words and its copies with one word changed
  kSitePage,     // different pages of one site, 40-70% of each the site's template
  kMailMessage,  // messages of one thread, each reply quoting the whole previous message
};

/// One document. Documents with the same `identity` are copies of one document (true
/// duplicates); documents with different identities are different documents, however much
/// text they share. `group` numbers what they were made in (a page's family, a site, a thread).
struct LabelledDoc {
  std::string text;
  LabelledShape shape = LabelledShape::kPage;
  std::size_t group = 0;
  std::size_t identity = 0;
};

/// How many documents of each shape to make.
struct LabelledSpec {
  std::uint64_t seed = 7;
  std::size_t pages = 300;           // each with `copies_per_page` edited copies
  std::size_t copies_per_page = 3;   // each: one edit (see generate_labelled_corpus)
  std::size_t short_texts = 300;     // each with `copies_per_short` copies
  std::size_t copies_per_short = 2;  // each: one word changed
  std::size_t sites = 10;            // each with `pages_per_site` different pages
  std::size_t pages_per_site = 30;
  double min_template_share = 0.4;  // the share of a site page that is the site's template
  double max_template_share = 0.7;
  std::size_t mail_threads = 150;  // each of 2-6 messages
};

/// Makes the corpus, in shuffled order (the same spec always gives the same documents).
/// A page copy has one edit, drawn with equal chances: 1-3% of its words changed (at least
/// one), a block of 5-25% of its length added at a random place, or such a block cut. A site
/// page is the template's first 60%, its own body, then the template's rest. A reply is a
/// From and Subject line, 3-150 new words, "On DAY, NAME wrote:" and the previous message
/// with every line quoted by "> ".
std::vector<LabelledDoc> generate_labelled_corpus(const LabelledSpec& spec);

/// Words and the edits the labelled corpus is made with, for measuring single edits.
class TextMaker {
 public:
  explicit TextMaker(std::uint64_t seed) : rng_(seed) {}

  /// `n` words of prose: common English words, the frequent ones more often, and one word in
  /// seven a rare token (a name, a number, an identifier) that occurs nowhere else.
  std::vector<std::string> words(std::size_t n);
  /// Replaces `k` distinct words at random positions by rare tokens.
  void change_words(std::vector<std::string>& text, std::size_t k);
  /// Inserts `n` new words as one block at a random position.
  void add_block(std::vector<std::string>& text, std::size_t n);
  /// Removes a block of `n` consecutive words at a random position.
  void cut_block(std::vector<std::string>& text, std::size_t n);
  /// A uniform integer in [lo, hi].
  std::size_t between(std::size_t lo, std::size_t hi);
  /// A uniform real in [lo, hi).
  double uniform(double lo, double hi);

  /// The generator's state, for shuffling.
  std::mt19937_64& rng() { return rng_; }

 private:
  std::string rare();
  std::mt19937_64 rng_;
};

/// The words as text: sentences of 10 words, one per line.
std::string join_words(const std::vector<std::string>& words);

/// A short name of the shape, for tables ("page", "short", "site", "mail").
const char* shape_name(LabelledShape shape);

}  // namespace neardup::testing
