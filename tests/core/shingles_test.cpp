// Unit tests for core/shingles: golden XXH3-64 shingle hashes computed with `xxhsum -H3`.
#include "core/shingles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/text/tokenizer.hpp"

namespace neardup {
namespace {

using Hashes = std::vector<std::uint64_t>;

// Golden values: printf '%s' '<text>' | xxhsum -H3 (xxhsum 0.8.1, XXH3 64-bit, seed 0).
constexpr std::uint64_t kTheQuickBrownFoxJumps = 0x90602c70ee7f6208ULL;
constexpr std::uint64_t kQuickBrownFoxJumpsOver = 0x547824c5119494f9ULL;
constexpr std::uint64_t kHelloWorld = 0xd447b1ea40e6988bULL;
constexpr std::uint64_t kWord = 0xe3ce369cf66c5c55ULL;
constexpr std::uint64_t kABCD = 0x187df3c45cb370bbULL;  // "a b c d"
constexpr std::uint64_t kOneTwoThreeFourFive = 0xea11017dd5073998ULL;
constexpr std::uint64_t kABABA = 0x0cc946689cbf2b54ULL;             // "a b a b a"
constexpr std::uint64_t kBABAB = 0x73859ae7215b973fULL;             // "b a b a b"
constexpr std::uint64_t kAbSpace = 0xf8364a62a6f5676eULL;           // "ab "
constexpr std::uint64_t kBSpaceC = 0xd342d59876b9ac2cULL;           // "b c"
constexpr std::uint64_t kSpaceCd = 0x7fb03395afbcb3f7ULL;           // " cd"
constexpr std::uint64_t kAb = 0xa873719c24d5735cULL;                // "ab"
constexpr std::uint64_t kA = 0xe6c632b61e964e1fULL;                 // "a"
constexpr std::uint64_t kB = 0x575a0b1c44d8843fULL;                 // "b"
constexpr std::uint64_t kC = 0x8c40219a46b9f81bULL;                 // "c"
constexpr std::uint64_t kXY = 0x37dbf7ee55357f10ULL;                // "x y"
constexpr std::uint64_t kYZ = 0x582dbfced976a51eULL;                // "y z"
constexpr std::uint64_t kAa = 0x369242a646a19333ULL;                // "aa"
constexpr std::uint64_t kGruesseAus = 0x4c38eebd42402c97ULL;        // "gr\xc3\xbc\xc3\x9fe aus"
constexpr std::uint64_t kAusKoeln = 0x3ba03743436572b0ULL;          // "aus k\xc3\xb6ln"
constexpr std::uint64_t kGruesseAusFolded = 0x1f8aaffbd3e354fcULL;  // "gr\xc3\xbcsse aus"

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
  EXPECT_EQ(shingle_set("Word", kWord5), Hashes{kWord});
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

}  // namespace
}  // namespace neardup
