// Generated corpora whose near-duplicate graph chains, to test clustering that keeps documents.
#include "tests/support/chain_corpus.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

#include "core/sketch/jaccard.hpp"
#include "core/sketch/shingles.hpp"

namespace neardup::testing {
namespace {

using Tokens = std::vector<std::string>;
using Lines = std::vector<std::string>;

// How far above the threshold consecutive chain documents may be.
constexpr double kChainBand = 0.05;
// Words per line of rendered text.
constexpr std::size_t kLineWords = 10;

class Words {
 public:
  explicit Words(std::uint64_t seed) : rng(seed), english_(english_words()) {}

  // Zipf-like: the square of a uniform draw favours the frequent words at the front.
  std::string common() {
    const double u = unit_(rng);
    return english_[static_cast<std::size_t>(u * u * static_cast<double>(english_.size()))];
  }

  // A token that occurs nowhere else, so replacing a word with it changes every shingle
  // that covers the word.
  std::string fresh() {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "v%llx", static_cast<unsigned long long>(rng() >> 24));
    return buffer;
  }

  // `count` words of prose, a few of them fresh.
  Tokens prose(std::size_t count) {
    Tokens tokens(count);
    for (std::string& token : tokens) token = unit_(rng) < 0.15 ? fresh() : common();
    return tokens;
  }

  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  }
  std::size_t between(std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
  }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit_(rng); }

  std::mt19937_64 rng;

 private:
  std::span<const char* const> english_;
  std::uniform_real_distribution<double> unit_{0.0, 1.0};
};

// The documents generated so far, and the next unused group number (GeneratedDoc::base).
struct Corpus {
  std::vector<GeneratedDoc> docs;
  std::size_t next_group = 0;
};

// `tokens` as lines of kLineWords words, each ending with a period (which tokenizing drops).
Lines lines_of(const Tokens& tokens) {
  Lines lines;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (i % kLineWords == 0) lines.emplace_back();
    lines.back() +=
        tokens[i] + (i + 1 == tokens.size() || i % kLineWords == kLineWords - 1 ? "." : " ");
  }
  return lines;
}

std::string join(const Lines& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

std::string render(const Tokens& tokens) { return join(lines_of(tokens)); }

std::vector<std::uint64_t> shingles_of(const Tokens& tokens) {
  return shingle_set(render(tokens), ShingleSpec{});
}

std::string id_of(const char* shape, std::size_t group, std::size_t member) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%s-%03zu-%04zu", shape, group, member);
  return buffer;
}

// The positions of a `size`-word document at least 5 from each of `replaced`, shuffled: words
// that far apart share no 5-gram, so two steps of a chain change disjoint shingles.
std::vector<std::size_t> open_positions(std::size_t size, const std::vector<std::size_t>& replaced,
                                        Words& words) {
  std::vector<std::size_t> open;
  for (std::size_t p = 0; p < size; ++p) {
    const auto near = [p](std::size_t r) { return (p > r ? p - r : r - p) < 5; };
    if (std::none_of(replaced.begin(), replaced.end(), near)) open.push_back(p);
  }
  std::shuffle(open.begin(), open.end(), words.rng);
  return open;
}

// The next document of a chain: `previous` with fresh words at open positions, one at a time,
// each kept unless it takes the exact Jaccard with `previous` below t, until the Jaccard is in
// [t, t + kChainBand). `replaced` holds the positions the previous step replaced, and then
// this step's.
Tokens next_in_chain(const Tokens& previous, double t, std::vector<std::size_t>& replaced,
                     Words& words) {
  const std::vector<std::uint64_t> before = shingles_of(previous);
  const std::vector<std::size_t> open = open_positions(previous.size(), replaced, words);
  replaced.clear();
  Tokens next = previous;
  for (const std::size_t p : open) {
    next[p] = words.fresh();
    const double j = exact_jaccard(before, shingles_of(next));
    if (j < t) {
      next[p] = previous[p];
      continue;
    }
    replaced.push_back(p);
    if (j < t + kChainBand) return next;
  }
  throw std::runtime_error("chain_words too few for a chain step in [t, t + 0.05)");
}

void add_chains(const ChainSpec& spec, Words& words, Corpus& corpus) {
  for (std::size_t c = 0; c < spec.chains; ++c, ++corpus.next_group) {
    Tokens doc = words.prose(spec.chain_words);
    std::vector<std::size_t> replaced;
    for (std::size_t m = 0; m < spec.chain_length; ++m) {
      if (m > 0) doc = next_in_chain(doc, spec.threshold, replaced, words);
      corpus.docs.push_back({id_of("chain", c, m), render(doc), corpus.next_group});
    }
  }
}

// Copies of 2 distinct `members` of template group `group`, each with one word replaced.
void add_template_copies(const std::vector<Tokens>& members, std::size_t group, Words& words,
                         Corpus& corpus) {
  std::vector<std::size_t> order(members.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), words.rng);
  for (std::size_t k = 0; k < std::min<std::size_t>(2, order.size()); ++k) {
    Tokens copy = members[order[k]];
    copy[words.pick(copy.size())] = words.fresh();
    corpus.docs.push_back(
        {id_of("template", group, order[k]) + "-copy", render(copy), corpus.next_group});
  }
}

void add_templates(const ChainSpec& spec, Words& words, Corpus& corpus) {
  for (std::size_t g = 0; g < spec.template_groups; ++g, ++corpus.next_group) {
    const Tokens block = words.prose(words.between(80, 160));
    std::vector<Tokens> members;
    for (std::size_t m = 0; m < spec.template_group_size; ++m) {
      const double share = words.uniform(0.4, 0.7);
      const Tokens own = words.prose(
          static_cast<std::size_t>(static_cast<double>(block.size()) * (1 - share) / share));
      members.push_back(block);
      members.back().insert(members.back().end(), own.begin(), own.end());
      corpus.docs.push_back({id_of("template", g, m), render(members.back()), corpus.next_group});
    }
    add_template_copies(members, g, words, corpus);
  }
}

void add_big_family(const ChainSpec& spec, Words& words, Corpus& corpus) {
  const Tokens base = words.prose(spec.big_family_words);
  for (std::size_t m = 0; m < spec.big_family_size; ++m) {
    Tokens doc = base;
    // A nonzero mask over the last 3 words: 1-3 of them replaced.
    const std::size_t mask = words.between(1, 7);
    for (std::size_t k = 0; k < 3; ++k) {
      if (mask & (std::size_t{1} << k)) doc[doc.size() - 1 - k] = words.fresh();
    }
    corpus.docs.push_back({id_of("bigfamily", 0, m), render(doc), corpus.next_group});
  }
  ++corpus.next_group;
}

// A mail message: headers, `body`, and when `quoted` is not empty, the quoted message.
Lines message(const std::string& subject, const Lines& body, const Lines& quoted, Words& words) {
  Lines out = {"From: person" + std::to_string(words.pick(40)) + "@example.com",
               "Subject: " + std::string(quoted.empty() ? "" : "Re: ") + subject};
  out.insert(out.end(), body.begin(), body.end());
  if (quoted.empty()) return out;
  out.push_back("On " + words.common() + ", " + words.common() + " wrote:");
  for (const std::string& line : quoted) out.push_back("> " + line);
  return out;
}

void add_mail(const ChainSpec& spec, Words& words, Corpus& corpus) {
  for (std::size_t t = 0; t < spec.mail_threads; ++t, ++corpus.next_group) {
    const std::string subject = lines_of(words.prose(words.between(2, 6)))[0];
    Lines previous;
    const std::size_t messages = words.between(3, 6);
    for (std::size_t m = 0; m < messages; ++m) {
      const Lines body =
          lines_of(words.prose(m == 0 ? words.between(30, 200) : words.between(3, 80)));
      previous = message(subject, body, previous, words);
      corpus.docs.push_back({id_of("mail", t, m), join(previous), corpus.next_group});
    }
  }
}

void add_singletons(const ChainSpec& spec, Words& words, Corpus& corpus) {
  for (std::size_t d = 0; d < spec.singletons; ++d, ++corpus.next_group) {
    const Tokens prose = words.prose(words.between(20, 300));
    corpus.docs.push_back({id_of("single", 0, d), render(prose), corpus.next_group});
  }
}

// Puts the documents of each of the first `chains` groups in chain order (their ids' order)
// at the places the shuffle gave them.
void restore_chain_order(std::vector<GeneratedDoc>& docs, std::size_t chains) {
  std::vector<std::vector<std::size_t>> places(chains);
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (docs[i].base < chains) places[docs[i].base].push_back(i);
  }
  for (const std::vector<std::size_t>& at : places) {
    std::vector<GeneratedDoc> chain;
    for (const std::size_t i : at) chain.push_back(docs[i]);
    std::sort(chain.begin(), chain.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    for (std::size_t k = 0; k < at.size(); ++k) docs[at[k]] = std::move(chain[k]);
  }
}

}  // namespace

std::vector<GeneratedDoc> generate_chain_corpus(const ChainSpec& spec) {
  Words words(spec.seed);
  Corpus corpus;
  add_chains(spec, words, corpus);
  add_templates(spec, words, corpus);
  add_big_family(spec, words, corpus);
  add_mail(spec, words, corpus);
  add_singletons(spec, words, corpus);
  std::shuffle(corpus.docs.begin(), corpus.docs.end(), words.rng);
  if (spec.chain_in_order) restore_chain_order(corpus.docs, spec.chains);
  return std::move(corpus.docs);
}

}  // namespace neardup::testing
