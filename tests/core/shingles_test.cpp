// Unit tests for core/shingles: word shingles combine golden XXH3-64 token hashes (computed
// with `xxhsum -H3`) by the polynomial of the header; character shingles are golden XXH3-64
// hashes of their bytes.
#include "core/shingles.hpp"

#include <gtest/gtest.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/text/tokenizer.hpp"

namespace neardup {
namespace {

using Hashes = std::vector<std::uint64_t>;

// Golden values: printf '%s' '<text>' | xxhsum -H3 (xxhsum 0.8.1, XXH3 64-bit, seed 0).
constexpr std::uint64_t kThe = 0xcb1283631cf33d7dULL;
constexpr std::uint64_t kQuick = 0xa484d68ab370b322ULL;
constexpr std::uint64_t kBrown = 0x0e2bc6a228ded8ebULL;
constexpr std::uint64_t kFox = 0xc1cfee97854b92cfULL;
constexpr std::uint64_t kJumps = 0x9730029fc993cbc3ULL;
constexpr std::uint64_t kOver = 0x021987b1080c5631ULL;
constexpr std::uint64_t kHello = 0x9555e8555c62dcfdULL;
constexpr std::uint64_t kWorld = 0xd6476c25083d69beULL;
constexpr std::uint64_t kWord = 0xe3ce369cf66c5c55ULL;
constexpr std::uint64_t kOne = 0x911faba7321fe1a0ULL;
constexpr std::uint64_t kTwo = 0x6c0560bdcb29998bULL;
constexpr std::uint64_t kThree = 0xc11df15eb3a3e385ULL;
constexpr std::uint64_t kFour = 0xadc1176ac1ea0d6bULL;
constexpr std::uint64_t kFive = 0x1c198c5ba936fdeaULL;
constexpr std::uint64_t kX = 0xeaf06c6480b2cd11ULL;
constexpr std::uint64_t kY = 0x272b57e6d7c0a9e5ULL;
constexpr std::uint64_t kZ = 0x54a7d9dde88eadb0ULL;
constexpr std::uint64_t kD = 0x45f80274c9c7a7caULL;
constexpr std::uint64_t kAus = 0xc730b0f1c9063c50ULL;
constexpr std::uint64_t kGruesse = 0x5746690366ebbcadULL;        // "gr\xc3\xbc\xc3\x9fe"
constexpr std::uint64_t kKoeln = 0x4d689a63ce687316ULL;          // "k\xc3\xb6ln"
constexpr std::uint64_t kGruesseFolded = 0x573416cd729ad814ULL;  // "gr\xc3\xbcsse"
constexpr std::uint64_t kAbSpace = 0xf8364a62a6f5676eULL;        // "ab "
constexpr std::uint64_t kBSpaceC = 0xd342d59876b9ac2cULL;        // "b c"
constexpr std::uint64_t kSpaceCd = 0x7fb03395afbcb3f7ULL;        // " cd"
constexpr std::uint64_t kAb = 0xa873719c24d5735cULL;             // "ab"
constexpr std::uint64_t kA = 0xe6c632b61e964e1fULL;              // "a"
constexpr std::uint64_t kB = 0x575a0b1c44d8843fULL;              // "b"
constexpr std::uint64_t kC = 0x8c40219a46b9f81bULL;              // "c"
constexpr std::uint64_t kAa = 0x369242a646a19333ULL;             // "aa"

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
            sorted({kA, kB, 0xfc1537fc103cb7cfULL /* " " */}));
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
      for (std::size_t j = i; j < i + k; ++j) {
        const std::uint32_t at = tokens.starts[j];
        h = h * kShingleBase + XXH3_64bits(tokens.text.data() + at, tokens.ends[j] - at);
      }
      ASSERT_EQ(rolled[i], h) << "n = " << n << ", window " << i;
    }
  }
}

// The number of distinct hashes over every window of every stream `streams` yields.
template <class Streams>
std::size_t distinct_hashes(std::size_t count, unsigned n, Streams streams) {
  Hashes seen, out;
  for (std::size_t s = 0; s < count; ++s) {
    shingle_hashes(streams(s), ShingleSpec{ShingleKind::kWord, n}, out);
    seen.insert(seen.end(), out.begin(), out.end());
  }
  std::sort(seen.begin(), seen.end());
  return static_cast<std::size_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
}

// Collisions are bounded: every one of the 16^5 = 1,048,576 word 5-grams over 16 tokens
// (permutations and repeats of the same tokens included) and every one of the 2^20 sequences
// of two tokens as a 20-gram (Thue-Morse pairs among them, the classic trap of polynomial
// hashes mod 2^64) gets a hash of its own. At a collision probability near 2^-60 per pair the
// chance of any collision among 2^20 shingles is about 2^-21.
TEST(Shingles, DistinctWordShinglesGetDistinctHashes) {
  std::vector<std::string> sixteen;
  for (int t = 0; t < 16; ++t) sixteen.push_back("t" + std::to_string(t));
  const std::size_t five_grams = 1u << 20;
  EXPECT_EQ(distinct_hashes(five_grams, 5,
                            [&](std::size_t s) {
                              return stream_of(sixteen, 5,
                                               [s](std::size_t i) { return (s >> (4 * i)) & 15; });
                            }),
            five_grams);
  const std::vector<std::string> two = {"a", "b"};
  EXPECT_EQ(distinct_hashes(five_grams, 20,
                            [&](std::size_t s) {
                              return stream_of(two, 20,
                                               [s](std::size_t i) { return (s >> i) & 1; });
                            }),
            five_grams);
}

}  // namespace
}  // namespace neardup
