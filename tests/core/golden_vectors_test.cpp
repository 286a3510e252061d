// Golden vectors: the shingle hashes, MinHash signature, band keys and one-permutation
// signature of a fixed text, which indexes, caches and checkpoints store, equal values derived
// without neardup's code by golden/derive_golden.py (its own XXH3, checked against xxhsum; the
// MinHash family, banding and densification from their specifications). A change to any of
// them changes stored meanings: bump the format versions that hold them.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/band_keys.hpp"
#include "core/minhash.hpp"
#include "core/minhash_kernels.hpp"
#include "core/one_permutation.hpp"
#include "core/shingles.hpp"

namespace neardup {
namespace {

constexpr std::string_view kText =
    "The quick brown fox jumps over the lazy dog; THE QUICK brown fox naps. "
    "Near-duplicate detection: shingles, MinHash signatures & band keys, 2026 edition!";

// python3 tests/core/golden/derive_golden.py (XXH3 agrees with xxhsum -H3 on lengths 0-19 and
// 31-128)
constexpr std::uint64_t kShingles[] = {
    0xcd2c25c9e6e33d6ull,  0x129d2854b25930c2ull, 0x18858762280dbc9dull, 0x22bb81d5f905dd72ull,
    0x2d74a0c5c96f8013ull, 0x4c173aab008b2bc7ull, 0x4e4716f51095ae99ull, 0x4e567bc4bec83d58ull,
    0x547824c5119494f9ull, 0x65114847b33246a8ull, 0x671f0356bac5dc31ull, 0x7b7332ee4ad5fb14ull,
    0x90602c70ee7f6208ull, 0xa5d9313c02cc2865ull, 0xb60fb6e3054ab259ull, 0xbdde38e7260c12b2ull,
    0xd8153fdb05aadb79ull, 0xdba2a82673be1824ull, 0xe2ca6e263b39e075ull, 0xe89b9c68ff423bc5ull};
constexpr std::uint32_t kMinhash[] = {
    0xbc8dff7u,  0x45bc86au,  0x70f0b02u,  0x1df4d6e4u, 0xe477314u,  0xdef7d1fu,  0x29fe446du,
    0x4c0e7du,   0x218c54afu, 0x3a0a67du,  0x1585ddu,   0x19012db3u, 0xfe2074du,  0xa317a6cu,
    0xcbe3fc7u,  0xc492f0cu,  0x2dfc10fu,  0xefe209u,   0xbcf26fdu,  0xe2636cbu,  0x3add8d4u,
    0x67f9996u,  0x20134b39u, 0x12f521c0u, 0x8796356u,  0x10baa35u,  0x1a01605au, 0x1c416e0u,
    0x14d85186u, 0x41a2447u,  0x18ff3db6u, 0x3163f1bu,  0x237d674u,  0x8e671dau,  0x38025bau,
    0x89b62f0u,  0xdcc5175u,  0x4dd5279u,  0x2cba8d65u, 0x63fe98eu,  0x14d2a17au, 0x1e984305u,
    0xebef7fu,   0xf92ab2u,   0x5900d5eu,  0x70f1b03u,  0x12ed271u,  0x1422c47fu, 0x2a0faf4u,
    0xabda05cu,  0x8221c2u,   0x18ed7314u, 0xa4df55eu,  0x769ae53u,  0x2a50978u,  0xce7fa76u,
    0x6fd8d9cu,  0x6a6e69au,  0x438bbb2u,  0xba5a9aeu,  0x5cb4313u,  0x1d9e8d0bu, 0x7d93ee2u,
    0x7263289u,  0x2ce3679u,  0xbc5b013u,  0x41cb8bu,   0xd388e76u,  0x104e065au, 0xa5f9fedu,
    0x752eddbu,  0x31d68acu,  0xb79334au,  0x21bb5b4u,  0xc8842b7u,  0x9718fc1u,  0x87335d8u,
    0x25d16713u, 0x10f1372eu, 0x542ab33u,  0x1f88b28u,  0x80bac0u,   0x4899049u,  0xa42ac7du,
    0x113afa5u,  0x10be6a36u, 0x137b3f97u, 0x67c0358u,  0x4dd9ee9u,  0xcfdc60du,  0x12471f0u,
    0x2dd471bbu, 0x7e0fc58u,  0x530106du,  0x3edf17au,  0xde2a5c9u,  0x31235f1u,  0x1660cb45u,
    0x601c75fu,  0x141c17b9u, 0x2636157u,  0x9ef3b4au,  0x810652cu,  0xa0257d6u,  0xfa09fdu,
    0x14b5218cu, 0x9a46242u,  0x13092363u, 0x3fdd101u,  0x26af0b6u,  0x1f25454u,  0x4fb67cfu,
    0x792276u,   0x95e3125u,  0x1b971934u, 0x2fd2c08u,  0x3c818eu,   0x408bf87u,  0x13c5df0u,
    0x5d91983u,  0x783be00u,  0x104cd2f0u, 0x4ea1c9au,  0xdee46cbu,  0x13f12b3cu, 0x4d49d0fu,
    0x397e43u,   0x7ed6b98u};
constexpr std::uint64_t kBandKeys[] = {
    0xa38e78feeef919full,  0x41590e8d0357435full, 0x5f54010944e7aeaull,  0x66b969e55c6394f6ull,
    0xef7950e7eee756d4ull, 0x99808fbb957346a4ull, 0x485c607a58238895ull, 0x3a75a357703114cfull,
    0x5f3f630c22144129ull, 0x183e26144d033981ull, 0x92d73e9e021c6937ull, 0x58ee60b877c09ab8ull,
    0x4b405c1c542393a2ull, 0x84a69d633fb3aa7bull, 0xccec22dc9111df17ull, 0x3874c020f3df70c8ull,
    0xdfa952f8e69ea8c0ull, 0x2e9303fe287377bdull};
constexpr std::uint32_t kOnePermutation[] = {
    0x731ba55cu, 0xf143145cu, 0xb86a5a96u, 0x67d4daefu, 0xb86a5a96u, 0xb216aee4u, 0x731ba55cu,
    0x67d4daefu, 0x333b062cu, 0xf143145cu, 0xf143145cu, 0x56a75355u, 0x914c0781u, 0x7bb83241u,
    0x800630b5u, 0x511c4330u, 0x67d4daefu, 0x56a75355u, 0xf143145cu, 0xb86a5a96u, 0xc82af4a1u,
    0xc82af4a1u, 0xc82af4a1u, 0xfd1bbe45u, 0xd9b6af4du, 0x41e6c3bbu, 0xfd1bbe45u, 0xc82af4a1u,
    0x800630b5u, 0xd9b6af4du, 0xd08b96d3u, 0xf4d2ec34u, 0x7bb83241u, 0xf4d2ec34u, 0xd9b6af4du,
    0xb216aee4u, 0x333b062cu, 0x41e6c3bbu, 0x800630b5u, 0xc82af4a1u, 0xf4d2ec34u, 0xd9b6af4du,
    0x67d4daefu, 0xd08b96d3u, 0xd08b96d3u, 0x67d4daefu, 0xd9b6af4du, 0xc82af4a1u, 0xb86a5a96u,
    0x7bb83241u, 0x2966a6du,  0x67d4daefu, 0x800630b5u, 0xf4d2ec34u, 0xc82af4a1u, 0x41e6c3bbu,
    0xf4d2ec34u, 0x914c0781u, 0x7bb83241u, 0x800630b5u, 0xc82af4a1u, 0x511c4330u, 0x7bb83241u,
    0xf4d2ec34u, 0x914c0781u, 0xc82af4a1u, 0xb86a5a96u, 0x56a75355u, 0xd9b6af4du, 0x56a75355u,
    0xf143145cu, 0x41e6c3bbu, 0xc82af4a1u, 0xc82af4a1u, 0xd08b96d3u, 0x731ba55cu, 0xd9b6af4du,
    0xf4d2ec34u, 0x333b062cu, 0x41e6c3bbu, 0xd08b96d3u, 0x24098b93u, 0xfd1bbe45u, 0xfd1bbe45u,
    0xc82af4a1u, 0x7bb83241u, 0x333b062cu, 0xc82af4a1u, 0x2966a6du,  0x67d4daefu, 0x24098b93u,
    0x7bb83241u, 0xfd1bbe45u, 0xd08b96d3u, 0xb216aee4u, 0xd9b6af4du, 0xb216aee4u, 0x24098b93u,
    0x800630b5u, 0x800630b5u, 0x7bb83241u, 0x511c4330u, 0xb86a5a96u, 0x914c0781u, 0xd9b6af4du,
    0x800630b5u, 0xf4d2ec34u, 0xfd1bbe45u, 0xb86a5a96u, 0x914c0781u, 0x914c0781u, 0xd9b6af4du,
    0x914c0781u, 0x731ba55cu, 0x7bb83241u, 0x56a75355u, 0x67d4daefu, 0xd9b6af4du, 0xc82af4a1u,
    0x41e6c3bbu, 0xfd1bbe45u, 0x7bb83241u, 0x731ba55cu, 0x731ba55cu, 0x56a75355u, 0xf4d2ec34u,
    0x333b062cu, 0xd08b96d3u};

template <class T, std::size_t N>
std::vector<T> vector_of(const T (&values)[N]) {
  return std::vector<T>(values, values + N);
}

TEST(GoldenVectors, WordShingleHashes) { EXPECT_EQ(shingle_set(kText, {}), vector_of(kShingles)); }

TEST(GoldenVectors, MinhashSignatureOnEveryKernel) {
  const std::vector<std::uint64_t> shingles = shingle_set(kText, {});
  for (const MinhashKernel kernel : supported_minhash_kernels()) {
    std::vector<SigValue> signature(128);
    MinHasher(128, 1, kernel).sign(shingles, signature);
    EXPECT_EQ(signature, vector_of(kMinhash)) << minhash_kernel_name(kernel);
  }
}

TEST(GoldenVectors, BandKeys) {
  std::vector<std::uint64_t> keys(18);
  band_keys(std::span<const SigValue>(kMinhash), {18, 7}, keys);
  EXPECT_EQ(keys, vector_of(kBandKeys));
}

TEST(GoldenVectors, OnePermutationSignature) {
  std::vector<SigValue> signature(128);
  OnePermutationHasher(128, 1).sign(shingle_set(kText, {}), signature);
  EXPECT_EQ(signature, vector_of(kOnePermutation));
}

}  // namespace
}  // namespace neardup
