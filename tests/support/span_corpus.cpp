// The span corpus: documents as token lists with a script each, rendered with random
// separators, so that a planted run's copies have the same tokens and other bytes.
#include "tests/support/span_corpus.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

namespace neardup::testing {
namespace {

enum class Script { kAscii, kCyrillic, kHan };

struct Token {
  Script script = Script::kAscii;
  std::string text;  // lower case (ASCII, Cyrillic) or one Han character
};

using Tokens = std::vector<Token>;

// How a copy of a run is written: as generated, upper case, or full-width ASCII letters.
enum class Style { kPlain, kUpper, kFullWidth };

std::string utf8(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

class Generator {
 public:
  explicit Generator(const SpanCorpusSpec& spec) : spec_(spec), rng_(spec.seed) {
    for (int i = 0; i < 3000; ++i) ascii_.push_back(random_word(Script::kAscii));
    for (int i = 0; i < 1000; ++i) cyrillic_.push_back(random_word(Script::kCyrillic));
  }

  // Filler of `count` tokens: runs of Han characters between runs of words.
  Tokens filler(std::size_t count) {
    Tokens out;
    while (out.size() < count) {
      const bool han = pick(4) == 0;
      const std::size_t run = 1 + pick(han ? 20 : 12);
      for (std::size_t i = 0; i < run && out.size() < count; ++i) {
        if (han) {
          out.push_back({Script::kHan, utf8(0x4E00 + static_cast<char32_t>(pick(3000)))});
        } else if (pick(6) == 0) {
          out.push_back({Script::kCyrillic, cyrillic_[pick(cyrillic_.size())]});
        } else {
          out.push_back({Script::kAscii, ascii_[pick(ascii_.size())]});
        }
      }
    }
    return out;
  }

  std::size_t filler_length() {
    const double lo = std::log(static_cast<double>(spec_.min_words));
    const double hi = std::log(static_cast<double>(spec_.max_words));
    return static_cast<std::size_t>(std::exp(std::uniform_real_distribution<>(lo, hi)(rng_)));
  }

  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }

  // Writes tokens with random separators: none between Han characters (or a Han character
  // and a word) half the time, else a space, punctuation or line breaks.
  std::string render(const Tokens& tokens, const std::vector<Style>& styles) {
    static const char* const kSeparators[] = {" ",  " ",  " ",   ", ",   ". ",
                                              "\n", "  ", " - ", "\n\n", "; "};
    std::string out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (i > 0) {
        const bool han_edge =
            tokens[i].script == Script::kHan || tokens[i - 1].script == Script::kHan;
        if (!(han_edge && pick(2) == 0)) out += kSeparators[pick(std::size(kSeparators))];
      }
      out += styled(tokens[i], styles[i]);
    }
    return out;
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::string random_word(Script script) {
    std::string word;
    const std::size_t length = 3 + pick(6);
    for (std::size_t i = 0; i < length; ++i) {
      word += script == Script::kAscii ? utf8(U'a' + static_cast<char32_t>(pick(26)))
                                       : utf8(0x430 + static_cast<char32_t>(pick(32)));
    }
    return word;
  }

  static std::string styled(const Token& token, Style style) {
    if (style == Style::kPlain || token.script == Script::kHan) return token.text;
    std::string out;
    if (token.script == Script::kCyrillic) {  // а-я are U+0430-U+044F, А-Я 0x20 below
      if (style != Style::kUpper) return token.text;
      for (std::size_t i = 0; i + 1 < token.text.size(); i += 2) {
        const char32_t cp = ((token.text[i] & 0x1F) << 6) | (token.text[i + 1] & 0x3F);
        out += utf8(cp - 0x20);
      }
      return out;
    }
    for (const char c : token.text) {
      out += style == Style::kUpper ? utf8(static_cast<char32_t>(c - 'a' + 'A'))
                                    : utf8(0xFF41 + static_cast<char32_t>(c - 'a'));
    }
    return out;
  }

  const SpanCorpusSpec& spec_;
  std::mt19937_64 rng_;
  std::vector<std::string> ascii_;
  std::vector<std::string> cyrillic_;
};

// A filler document and the runs planted into it, each with the style of its copy.
struct Draft {
  Tokens tokens;
  std::vector<Style> styles;
};

void plant(Draft& doc, const Tokens& run, Generator& gen) {
  const std::size_t at = gen.pick(doc.tokens.size() + 1);
  const auto style = static_cast<Style>(gen.pick(4) == 0 ? 1 + gen.pick(2) : 0);
  doc.tokens.insert(doc.tokens.begin() + static_cast<std::ptrdiff_t>(at), run.begin(), run.end());
  doc.styles.insert(doc.styles.begin() + static_cast<std::ptrdiff_t>(at), run.size(), style);
}

// Copies each run into 2-4 documents, a quarter of them twice into one.
void plant_copies(std::vector<Draft>& docs, const Tokens& run, Generator& gen) {
  const std::size_t copies = 2 + gen.pick(3);
  for (std::size_t c = 0; c < copies; ++c) {
    Draft& doc = docs[gen.pick(docs.size())];
    plant(doc, run, gen);
    if (gen.pick(4) == 0) plant(doc, run, gen);
  }
}

}  // namespace

std::vector<GeneratedDoc> generate_span_corpus(const SpanCorpusSpec& spec) {
  Generator gen(spec);
  std::vector<Draft> drafts(spec.docs);
  for (Draft& doc : drafts) {
    doc.tokens = gen.filler(gen.filler_length());
    doc.styles.assign(doc.tokens.size(), Style::kPlain);
  }
  const std::size_t m = spec.min_tokens;
  for (std::size_t r = 0; r < spec.planted_runs; ++r) {
    for (const std::size_t length : {m - 1, m, m + 1, 2 * m, 5 * m}) {
      plant_copies(drafts, gen.filler(length), gen);
    }
    if (r % 4 != 0) continue;
    const Tokens whole = gen.filler(3 * m);
    plant(drafts[gen.pick(drafts.size())], whole, gen);
    plant(drafts[gen.pick(drafts.size())], Tokens(whole.begin(), whole.begin() + 2 * m), gen);
    plant(drafts[gen.pick(drafts.size())], Tokens(whole.begin() + m, whole.end()), gen);
  }
  const Tokens popular = gen.filler(m + m / 2);
  std::vector<GeneratedDoc> out;
  for (std::size_t i = 0; i < spec.popular_copies; ++i) {
    Draft doc{gen.filler(1 + gen.pick(6)), {}};
    doc.styles.assign(doc.tokens.size(), Style::kPlain);
    plant(doc, popular, gen);
    out.push_back({"pop-" + std::to_string(i), gen.render(doc.tokens, doc.styles), i});
  }
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    out.push_back({"doc-" + std::to_string(i), gen.render(drafts[i].tokens, drafts[i].styles),
                   spec.popular_copies + i});
  }
  std::shuffle(out.begin(), out.end(), gen.rng());
  return out;
}

}  // namespace neardup::testing
