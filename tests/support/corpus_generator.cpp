// Deterministic generated corpora with planted near-duplicates at chosen similarity levels.
#include "tests/support/corpus_generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "io/json/json_writer.hpp"

namespace neardup::testing {
namespace {

constexpr const char* kEnglish[] = {
    "the",      "of",       "and",      "to",        "in",      "a",        "is",       "that",
    "for",      "it",       "as",       "was",       "with",    "be",       "by",       "on",
    "not",      "he",       "this",     "are",       "or",      "his",      "from",     "at",
    "which",    "but",      "have",     "an",        "had",     "they",     "you",      "were",
    "their",    "one",      "all",      "we",        "can",     "her",      "has",      "there",
    "been",     "if",       "more",     "when",      "will",    "would",    "who",      "so",
    "no",       "system",   "data",     "server",    "cluster", "network",  "memory",   "process",
    "file",     "record",   "report",   "meeting",   "project", "schedule", "budget",   "review",
    "message",  "customer", "order",    "service",   "manual",  "install",  "config",   "option",
    "value",    "default",  "error",    "warning",   "result",  "output",   "input",    "table",
    "index",    "query",    "update",   "delete",    "insert",  "select",   "source",   "target",
    "version",  "release",  "patch",    "kernel",    "driver",  "device",   "module",   "package",
    "library",  "function", "method",   "class",     "object",  "string",   "number",   "list",
    "array",    "monday",   "tuesday",  "friday",    "morning", "evening",  "week",     "month",
    "year",     "today",    "tomorrow", "please",    "thanks",  "regards",  "attached", "document",
    "draft",    "final",    "contract", "agreement", "price",   "market",   "energy",   "power",
    "gas",      "trading",  "risk",     "credit",    "account", "team",     "group",    "office",
    "building", "floor",    "room",     "call",      "phone",   "email",    "address",  "question",
    "answer",   "issue",    "problem",  "solution",  "change",  "request",  "approval", "policy",
    "rule",     "law",      "state",    "city",      "country", "company",  "business", "people",
    "time",     "first",    "last",     "next",      "new",     "old",      "good",     "great",
    "small",    "large",    "long",     "short",     "high",    "low",      "early",    "late",
    "open",     "close",    "start",    "stop",      "run",     "read",     "write",    "send",
    "receive",  "check",    "test",     "build",     "make"};

class WordSource {
 public:
  WordSource(bool english, std::mt19937_64& rng) : english_(english) {
    if (!english_) {
      std::uniform_int_distribution<int> length(2, 9), letter(0, 25);
      for (int i = 0; i < 8000; ++i) {
        std::string word;
        const int n = length(rng);
        for (int k = 0; k < n; ++k) word += static_cast<char>('a' + letter(rng));
        words_.push_back(word);
      }
    } else {
      words_.assign(std::begin(kEnglish), std::end(kEnglish));
    }
    // Zipf-like weights: word i has weight 1 / (i + 1).
    std::vector<double> weights(words_.size());
    for (std::size_t i = 0; i < weights.size(); ++i) weights[i] = 1.0 / static_cast<double>(i + 1);
    pick_ = std::discrete_distribution<std::size_t>(weights.begin(), weights.end());
  }

  const std::string& word(std::mt19937_64& rng) { return words_[pick_(rng)]; }

  // A word that is unlikely to occur anywhere else (so an edit always changes its shingles).
  std::string fresh_word(std::mt19937_64& rng) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "x%llx", static_cast<unsigned long long>(rng() >> 20));
    return buffer;
  }

 private:
  bool english_;
  std::vector<std::string> words_;
  std::discrete_distribution<std::size_t> pick_;
};

std::string render(const std::vector<std::string>& tokens, std::mt19937_64& rng, bool english) {
  std::string text;
  std::uniform_int_distribution<int> percent(0, 99);
  bool sentence_start = true;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (i > 0) text += ' ';
    std::string word = tokens[i];
    if (sentence_start && english && !word.empty()) word[0] = static_cast<char>(word[0] - 32);
    text += word;
    sentence_start = false;
    const int p = percent(rng);
    if (p < 6) {
      text += '.';
      sentence_start = true;
    } else if (p < 9) {
      text += ',';
    }
  }
  text += '.';
  return text;
}

// Replaces tokens at random positions until the share of changed word-5-gram positions
// reaches 2(1-level)/(1+level)... i.e. until (S - changed) / (S + changed) <= level.
std::vector<std::string> edit_to_level(std::vector<std::string> tokens, double level,
                                       WordSource& words, std::mt19937_64& rng) {
  if (level >= 1.0 || tokens.size() < 5) return tokens;
  const std::size_t shingles = tokens.size() - 4;
  std::vector<bool> changed(shingles, false);
  std::size_t changed_count = 0;
  std::uniform_int_distribution<std::size_t> position(0, tokens.size() - 1);
  const auto similarity = [&] {
    return static_cast<double>(shingles - changed_count) /
           static_cast<double>(shingles + changed_count);
  };
  while (similarity() > level) {
    const std::size_t i = position(rng);
    tokens[i] = words.fresh_word(rng);
    const std::size_t first = i >= 4 ? i - 4 : 0;
    const std::size_t last = std::min(i, shingles - 1);
    for (std::size_t s = first; s <= last; ++s) {
      if (!changed[s]) {
        changed[s] = true;
        ++changed_count;
      }
    }
  }
  return tokens;
}

}  // namespace

std::span<const char* const> english_words() { return kEnglish; }

std::string to_json_line(const GeneratedDoc& doc) {
  return "{\"id\": \"" + json_escape(doc.id) + "\", \"text\": \"" + json_escape(doc.text) + "\"}";
}

std::vector<GeneratedDoc> generate_corpus(const CorpusSpec& spec) {
  std::mt19937_64 rng(spec.seed);
  WordSource words(spec.english, rng);
  std::uniform_int_distribution<std::size_t> length(spec.min_tokens, spec.max_tokens);
  std::bernoulli_distribution planted(spec.planted_fraction);
  std::vector<GeneratedDoc> docs;
  char id[64];
  for (std::size_t b = 0; b < spec.base_docs; ++b) {
    std::vector<std::string> tokens(length(rng));
    for (std::string& token : tokens) token = words.word(rng);
    std::snprintf(id, sizeof id, "doc-%06zu", b);
    docs.push_back({id, render(tokens, rng, spec.english), b});
    if (!planted(rng)) continue;
    for (std::size_t v = 0; v < spec.levels.size(); ++v) {
      std::snprintf(id, sizeof id, "doc-%06zu-v%zu", b, v);
      docs.push_back(
          {id, render(edit_to_level(tokens, spec.levels[v], words, rng), rng, spec.english), b});
    }
    for (std::size_t c = 0; c < spec.exact_copies; ++c) {
      std::snprintf(id, sizeof id, "doc-%06zu-c%zu", b, c);
      docs.push_back({id, docs[docs.size() - 1 - spec.levels.size() - c].text, b});
    }
  }
  std::shuffle(docs.begin(), docs.end(), rng);
  return docs;
}

}  // namespace neardup::testing
