// Unit tests for core/sketch/shingles: word shingles combine golden token hashes (XXH3-64 of the
// token zero-padded to 16 bytes, or of a longer token's bytes, computed with `xxhsum -H3`) by
// the polynomial of the header; character shingles are golden XXH3-64 hashes of their bytes.
#include "core/sketch/shingles.hpp"

#include <gtest/gtest.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "core/text/tokenizer.hpp"

namespace neardup {
namespace {

using Hashes = std::vector<std::uint64_t>;

// Golden token hashes: { printf '%s' '<token>'; head -c <16 - its bytes> /dev/zero; } | xxhsum -H3
// (xxhsum 0.8.1, XXH3 64-bit, seed 0): each token of up to 16 bytes zero-padded to 16.
constexpr std::uint64_t kThe = 0x57f84ccc9ca69eadULL;
constexpr std::uint64_t kQuick = 0x30b2ca99b8f497feULL;
constexpr std::uint64_t kBrown = 0x1234bde939ad7877ULL;
constexpr std::uint64_t kFox = 0x3b4cf9ad68d5f4c7ULL;
constexpr std::uint64_t kJumps = 0x45c68900bc797f81ULL;
constexpr std::uint64_t kOver = 0x9d37615102d5c66dULL;
constexpr std::uint64_t kHello = 0x5be442946c15f727ULL;
constexpr std::uint64_t kWorld = 0x12ae8b1c125ba00fULL;
constexpr std::uint64_t kWord = 0x1c1fb28b4466dfcbULL;
constexpr std::uint64_t kOne = 0x5ba72a734cc7e016ULL;
constexpr std::uint64_t kTwo = 0xace94ff77d24d1ecULL;
constexpr std::uint64_t kThree = 0x7012b9c5605f8574ULL;
constexpr std::uint64_t kFour = 0xe8fff0730e082b22ULL;
constexpr std::uint64_t kFive = 0x81eb05472752b109ULL;
constexpr std::uint64_t kX = 0xe6adc9297f99cdf7ULL;
constexpr std::uint64_t kY = 0xeb23eb8c54485773ULL;
constexpr std::uint64_t kZ = 0x525ca721469855b8ULL;
constexpr std::uint64_t kD = 0xe4a5f8882753fae3ULL;
constexpr std::uint64_t kAus = 0x4bec64c0216fbb6cULL;
constexpr std::uint64_t kGruesse = 0x6d47e13b92f1e1c6ULL;        // "gr\xc3\xbc\xc3\x9fe"
constexpr std::uint64_t kKoeln = 0x2f9dbb81c5847a2aULL;          // "k\xc3\xb6ln"
constexpr std::uint64_t kGruesseFolded = 0x0249170be9115638ULL;  // "gr\xc3\xbcsse"
constexpr std::uint64_t kA = 0x08daae9151e40dadULL;
constexpr std::uint64_t kB = 0x15f219718ce5d979ULL;
constexpr std::uint64_t kC = 0xe2af9cb7d2fa96deULL;
// Tokens of 16 bytes and more: printf '%s' '<token>' | xxhsum -H3 (no padding).
constexpr std::uint64_t kIncomprehensible = 0xc1e8b49adc800a74ULL;      // 16 bytes
constexpr std::uint64_t kAbcdefghijklmnopq = 0xca7f3571df47cacfULL;     // 17 bytes
constexpr std::uint64_t kInternationalization = 0xb73ad40a442f6c37ULL;  // 20 bytes
// Character shingles: printf '%s' '<text>' | xxhsum -H3.
constexpr std::uint64_t kAbSpace = 0xf8364a62a6f5676eULL;    // "ab "
constexpr std::uint64_t kBSpaceC = 0xd342d59876b9ac2cULL;    // "b c"
constexpr std::uint64_t kSpaceCd = 0x7fb03395afbcb3f7ULL;    // " cd"
constexpr std::uint64_t kAb = 0xa873719c24d5735cULL;         // "ab"
constexpr std::uint64_t kAa = 0x369242a646a19333ULL;         // "aa"
constexpr std::uint64_t kCharA = 0xe6c632b61e964e1fULL;      // "a"
constexpr std::uint64_t kCharB = 0x575a0b1c44d8843fULL;      // "b"
constexpr std::uint64_t kCharSpace = 0xfc1537fc103cb7cfULL;  // " "

// A word shingle's hash from its tokens' hashes, by the header's definition (Horner's rule,
// written apart from the rolling form under test).
std::uint64_t shingle_of(std::initializer_list<std::uint64_t> token_hashes) {
  std::uint64_t h = 0;
  for (const std::uint64_t t : token_hashes) h = h * kShingleBase + t;
  return h;
}

const std::uint64_t kTheQuickBrownFoxJumps = shingle_of({kThe, kQuick, kBrown, kFox, kJumps});
const std::uint64_t kQuickBrownFoxJumpsOver = shingle_of({kQuick, kBrown, kFox, kJumps, kOver});
const std::uint64_t kHelloWorld = shingle_of({kHello, kWorld});
const std::uint64_t kABCD = shingle_of({kA, kB, kC, kD});
const std::uint64_t kOneTwoThreeFourFive = shingle_of({kOne, kTwo, kThree, kFour, kFive});
const std::uint64_t kABABA = shingle_of({kA, kB, kA, kB, kA});
const std::uint64_t kBABAB = shingle_of({kB, kA, kB, kA, kB});
const std::uint64_t kXY = shingle_of({kX, kY});
const std::uint64_t kYZ = shingle_of({kY, kZ});
const std::uint64_t kGruesseAus = shingle_of({kGruesse, kAus});
const std::uint64_t kAusKoeln = shingle_of({kAus, kKoeln});
const std::uint64_t kGruesseAusFolded = shingle_of({kGruesseFolded, kAus});

// Token j's hash by the header's definition: XXH3-64 of a copy, zero-padded to 16 bytes when
// it has at most 16.
std::uint64_t token_hash_of(const TokenStream& tokens, std::size_t j) {
  std::string token = tokens.text.substr(tokens.starts[j], tokens.ends[j] - tokens.starts[j]);
  if (token.size() <= 16) token.resize(16, '\0');
  return XXH3_64bits(token.data(), token.size());
}

Hashes sorted(Hashes h) {
  std::sort(h.begin(), h.end());
  return h;
}

const ShingleSpec kWord5{ShingleKind::kWord, 5};

TEST(Shingles, DefaultSpecIsWord5) {
  const ShingleSpec spec;
  EXPECT_EQ(spec.kind, ShingleKind::kWord);
  EXPECT_EQ(spec.n, 5u);
}

TEST(Shingles, SixTokensGiveTwoWordFiveGrams) {
  EXPECT_EQ(shingle_set("The quick brown fox jumps over", kWord5),
            sorted({kTheQuickBrownFoxJumps, kQuickBrownFoxJumpsOver}));
  // Punctuation and extra whitespace do not change the canonical tokens.
  EXPECT_EQ(shingle_set("  the QUICK, brown\tfox\r\njumps... over!", kWord5),
            sorted({kTheQuickBrownFoxJumps, kQuickBrownFoxJumpsOver}));
}

TEST(Shingles, ExactlyNTokensGiveOneShingle) {
  EXPECT_EQ(shingle_set("one two three four five", kWord5), Hashes{kOneTwoThreeFourFive});
}

TEST(Shingles, FewerThanNTokensGiveOneShingleOfAllTokens) {
  EXPECT_EQ(shingle_set("Hello,   WORLD!", kWord5), Hashes{kHelloWorld});
  EXPECT_EQ(shingle_set("Word", kWord5), Hashes{shingle_of({kWord})});
  EXPECT_EQ(shingle_set("a b c d", kWord5), Hashes{kABCD});
  EXPECT_EQ(shingle_set("A-B-C-D", kWord5), Hashes{kABCD});
}

// Token hashes are the golden ones, and shingles rolled from them at any length are
// shingle_hashes' of the tokens, also for fewer tokens than the length and for no tokens.
TEST(Shingles, WordShinglesFromTokenHashesAreShingleHashes) {
  Tokenizer tokenizer(TokenizerKind::kUnicode);
  TokenStream tokens;
  tokenizer.tokenize("The quick brown fox jumps over", tokens);
  Hashes hashes, rolled, direct;
  token_hashes(tokens, hashes);
  EXPECT_EQ(hashes, (Hashes{kThe, kQuick, kBrown, kFox, kJumps, kOver}));
  for (const unsigned n : {1u, 2u, 5u, 6u, 9u}) {
    word_shingles_of(hashes, n, rolled);
    shingle_hashes(tokens, {ShingleKind::kWord, n, 1}, direct);
    EXPECT_EQ(rolled, direct) << n;
  }
  word_shingles_of(hashes, 5, rolled);
  EXPECT_EQ(rolled, (Hashes{kTheQuickBrownFoxJumps, kQuickBrownFoxJumpsOver}));
  word_shingles_of({}, 5, rolled);
  EXPECT_TRUE(rolled.empty());
}

TEST(Shingles, NoTokensGiveNoShingles) {
  EXPECT_TRUE(shingle_set("", kWord5).empty());
  EXPECT_TRUE(shingle_set(" ,.;!? \t\n", kWord5).empty());
  EXPECT_TRUE(shingle_set("", ShingleSpec{ShingleKind::kChar, 3}).empty());
  EXPECT_TRUE(shingle_set("---", ShingleSpec{ShingleKind::kChar, 3}).empty());
}

TEST(Shingles, RepeatedShinglesAppearOnce) {
  // 8 tokens give 4 windows: "a b a b a", "b a b a b", "a b a b a", "b a b a b".
  EXPECT_EQ(shingle_set("a b a b a b a b", kWord5), sorted({kABABA, kBABAB}));
}

TEST(Shingles, OutputIsSortedAndDistinct) {
  const Hashes h = shingle_set(
      "it was the best of times it was the worst of times it was the age of wisdom it was the "
      "age of foolishness it was the best of times",
      kWord5);
  // 30 tokens, 26 windows, 22 distinct (counted independently with a Python set).
  EXPECT_EQ(h.size(), 22u);
  EXPECT_TRUE(std::is_sorted(h.begin(), h.end()));
  EXPECT_EQ(std::adjacent_find(h.begin(), h.end()), h.end());
}

TEST(Shingles, Utf8WordBigrams) {
  // The ASCII tokenizer keeps bytes >= 0x80 as they are; the Unicode one case-folds the sharp s
  // to "ss" (and the umlauts stay: they are lower case already).
  EXPECT_EQ(shingle_set("Gr\xc3\xbc\xc3\x9f"
                        "e aus K\xc3\xb6ln",
                        ShingleSpec{ShingleKind::kWord, 2}, TokenizerKind::kAscii),
            sorted({kGruesseAus, kAusKoeln}));
  EXPECT_EQ(shingle_set("Gr\xc3\xbc\xc3\x9f"
                        "e aus K\xc3\xb6ln",
                        ShingleSpec{ShingleKind::kWord, 2}),
            sorted({kGruesseAusFolded, kAusKoeln}));
}

TEST(Shingles, WordUnigrams) {
  EXPECT_EQ(shingle_set("B a b C", ShingleSpec{ShingleKind::kWord, 1}), sorted({kA, kB, kC}));
}

TEST(Shingles, TokensOfMoreThan16BytesAreNotPadded) {
  EXPECT_EQ(shingle_set("Incomprehensible abcdefghijklmnopq INTERNATIONALIZATION",
                        ShingleSpec{ShingleKind::kWord, 1}),
            sorted({kIncomprehensible, kAbcdefghijklmnopq, kInternationalization}));
  EXPECT_EQ(shingle_set("internationalization b", ShingleSpec{ShingleKind::kWord, 2}),
            Hashes{shingle_of({kInternationalization, kB})});
}

TEST(Shingles, TokenHashesDoNotDependOnWhereTheTokenIs) {
  // Tokens of every length 1-40 followed by 0-20 one-letter tokens: the 16 bytes from a
  // token's start hold other tokens or run past the end of the text (a copy is hashed then).
  const std::string letters = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ";
  for (std::size_t length = 1; length <= 40; ++length) {
    for (std::size_t after = 0; after <= 20; ++after) {
      std::string raw = "Lead " + letters.substr(0, length);
      for (std::size_t t = 0; t < after; ++t) raw += " " + letters.substr(t, 1);
      TokenStream tokens;
      tokenize(raw, tokens);
      Hashes out;
      shingle_hashes(tokens, ShingleSpec{ShingleKind::kWord, 1}, out);
      ASSERT_EQ(out.size(), tokens.size());
      for (std::size_t j = 0; j < tokens.size(); ++j) {
        ASSERT_EQ(out[j], token_hash_of(tokens, j)) << raw << ": token " << j;
      }
    }
  }
}

TEST(Shingles, WordBigrams) {
  EXPECT_EQ(shingle_set("x y z", ShingleSpec{ShingleKind::kWord, 2}), sorted({kXY, kYZ}));
  EXPECT_EQ(shingle_set("x, Y", ShingleSpec{ShingleKind::kWord, 2}), Hashes{kXY});
  EXPECT_EQ(shingle_set("a", ShingleSpec{ShingleKind::kWord, 2}), Hashes{kA});
}

TEST(Shingles, CharTrigramsSpanTokenBoundaries) {
  EXPECT_EQ(shingle_set("ab cd", ShingleSpec{ShingleKind::kChar, 3}),
            sorted({kAbSpace, kBSpaceC, kSpaceCd}));
  // Character shingles use the canonical text, not the raw bytes.
  EXPECT_EQ(shingle_set("AB,\t\tCD!", ShingleSpec{ShingleKind::kChar, 3}),
            sorted({kAbSpace, kBSpaceC, kSpaceCd}));
}

TEST(Shingles, CharTextShorterThanNIsOneShingle) {
  EXPECT_EQ(shingle_set("ab", ShingleSpec{ShingleKind::kChar, 3}), Hashes{kAb});
  EXPECT_EQ(shingle_set("(AB)", ShingleSpec{ShingleKind::kChar, 5}), Hashes{kAb});
  // Exactly n bytes: one window of the whole text.
  EXPECT_EQ(shingle_set("a B", ShingleSpec{ShingleKind::kChar, 3}).size(), 1u);
}

TEST(Shingles, CharRepeatsAppearOnce) {
  EXPECT_EQ(shingle_set("aaaa", ShingleSpec{ShingleKind::kChar, 2}), Hashes{kAa});
  EXPECT_EQ(shingle_set("b a", ShingleSpec{ShingleKind::kChar, 1}),
            sorted({kCharA, kCharB, kCharSpace}));
}

TEST(Shingles, TwoStepFormMatchesAndReplacesOutput) {
  TokenStream tokens;
  tokenize("The quick brown fox jumps over", tokens);
  Hashes out = {1, 2, 3};  // stale contents must be replaced
  shingle_set_of(tokens, kWord5, out);
  EXPECT_EQ(out, sorted({kTheQuickBrownFoxJumps, kQuickBrownFoxJumpsOver}));
  tokenize("", tokens);
  shingle_set_of(tokens, kWord5, out);
  EXPECT_TRUE(out.empty());
}

TEST(Shingles, PositionsInTextOrderWithRepeats) {
  TokenStream tokens;
  tokenize("The quick brown fox jumps over", tokens);
  Hashes out = {1, 2, 3};
  shingle_hashes(tokens, kWord5, out);
  EXPECT_EQ(out, (Hashes{kTheQuickBrownFoxJumps, kQuickBrownFoxJumpsOver}));
  tokenize("aaaa", tokens);
  shingle_hashes(tokens, ShingleSpec{ShingleKind::kChar, 2}, out);
  EXPECT_EQ(out, (Hashes{kAa, kAa, kAa}));
  tokenize("", tokens);
  shingle_hashes(tokens, kWord5, out);
  EXPECT_TRUE(out.empty());
}

TEST(Shingles, LongDocumentsSortedByBucketsEqualASortedUniqueCopy) {
  std::string text;
  for (int i = 0; i < 6000; ++i) text += "w" + std::to_string((i * 7919) % 1500) + " ";
  TokenStream tokens;
  tokenize(text, tokens);
  std::vector<std::uint64_t> hashes;
  shingle_hashes(tokens, ShingleSpec{}, hashes);
  std::sort(hashes.begin(), hashes.end());
  hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
  ASSERT_GT(hashes.size(), 1000u);  // long enough for thousands of buckets
  std::vector<std::uint64_t> set;
  ShingleSortScratch scratch;
  for (int round = 0; round < 2; ++round) {  // a reused scratch gives the same
    shingle_set_of(tokens, ShingleSpec{}, set, scratch);
    EXPECT_EQ(set, hashes);
  }
}

// A token stream of `count` tokens, each drawn by `pick(i)` from `vocabulary`.
template <class Pick>
TokenStream stream_of(const std::vector<std::string>& vocabulary, std::size_t count, Pick pick) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += vocabulary[pick(i)] + " ";
  TokenStream tokens;
  tokenize(text, tokens);
  return tokens;
}

TEST(Shingles, RollingHashEqualsThePolynomialOfEachWindow) {
  const std::vector<std::string> vocabulary = {"alpha", "b", "gamma7", "d", "epsilon", "zeta"};
  const TokenStream tokens =
      stream_of(vocabulary, 3000, [](std::size_t i) { return (i * i * 7 + i / 3) % 6; });
  for (const unsigned n : {1u, 2u, 3u, 5u, 9u, 64u, 2999u, 3000u, 3001u}) {
    Hashes rolled;
    shingle_hashes(tokens, ShingleSpec{ShingleKind::kWord, n}, rolled);
    const std::size_t k = std::min<std::size_t>(n, tokens.size());
    ASSERT_EQ(rolled.size(), tokens.size() - k + 1) << n;
    for (std::size_t i = 0; i < rolled.size(); i += 1 + i % 97) {
      std::uint64_t h = 0;
      for (std::size_t j = i; j < i + k; ++j) h = h * kShingleBase + token_hash_of(tokens, j);
      ASSERT_EQ(rolled[i], h) << "n = " << n << ", window " << i;
    }
  }
}

// A de Bruijn sequence B(k, n), made linear: every sequence of n symbols from 0..k-1 occurs in
// it exactly once as a window (k^n windows, k^n + n - 1 symbols). Built from the Lyndon words
// of length dividing n, in order (Fredricksen, Kessler and Maiorana).
std::vector<std::size_t> de_bruijn(std::size_t k, std::size_t n) {
  std::vector<std::size_t> word(n + 1, 0), sequence;
  std::function<void(std::size_t, std::size_t)> extend = [&](std::size_t t, std::size_t p) {
    if (t > n) {
      if (n % p == 0) sequence.insert(sequence.end(), word.begin() + 1, word.begin() + p + 1);
      return;
    }
    word[t] = word[t - p];
    extend(t + 1, p);
    for (std::size_t symbol = word[t - p] + 1; symbol < k; ++symbol) {
      word[t] = symbol;
      extend(t + 1, t);
    }
  };
  extend(1, 1);
  for (std::size_t i = 0; i + 1 < n; ++i) sequence.push_back(sequence[i]);
  return sequence;
}

// The number of distinct word n-gram hashes of the stream `symbols` spells in `vocabulary`,
// and the number of its windows.
std::pair<std::size_t, std::size_t> distinct_window_hashes(
    const std::vector<std::string>& vocabulary, const std::vector<std::size_t>& symbols,
    unsigned n) {
  Hashes hashes;
  shingle_hashes(stream_of(vocabulary, symbols.size(), [&](std::size_t i) { return symbols[i]; }),
                 ShingleSpec{ShingleKind::kWord, n}, hashes);
  const std::size_t windows = hashes.size();
  std::sort(hashes.begin(), hashes.end());
  return {static_cast<std::size_t>(std::unique(hashes.begin(), hashes.end()) - hashes.begin()),
          windows};
}

// Collisions are bounded: every one of the 16^5 = 1,048,576 word 5-grams over 16 tokens
// (permutations and repeats of the same tokens included) and every one of the 2^20 sequences
// of two tokens as a 20-gram (Thue-Morse pairs among them, the classic trap of polynomial
// hashes mod 2^64) gets a hash of its own. Each set is the windows of one de Bruijn sequence,
// hashed as one stream: 2^20 windows, all distinct, so 2^20 distinct hashes prove both that
// every n-gram was hashed and that no two collided. At a collision probability near 2^-60 per
// pair the chance of any collision among 2^20 shingles is about 2^-21.
TEST(Shingles, DistinctWordShinglesGetDistinctHashes) {
  std::vector<std::string> sixteen;
  for (int t = 0; t < 16; ++t) sixteen.push_back("t" + std::to_string(t));
  const std::pair<std::size_t, std::size_t> all = {std::size_t{1} << 20, std::size_t{1} << 20};
  EXPECT_EQ(distinct_window_hashes(sixteen, de_bruijn(16, 5), 5), all);
  EXPECT_EQ(distinct_window_hashes({"a", "b"}, de_bruijn(2, 20), 20), all);
}

}  // namespace
}  // namespace neardup
