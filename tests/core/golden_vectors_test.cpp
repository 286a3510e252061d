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

#include "core/lsh/band_keys.hpp"
#include "core/sketch/minhash.hpp"
#include "core/sketch/minhash_kernels.hpp"
#include "core/sketch/one_permutation.hpp"
#include "core/sketch/shingles.hpp"

namespace neardup {
namespace {

constexpr std::string_view kText =
    "The quick brown fox jumps over the lazy dog; THE QUICK brown fox naps. "
    "Near-duplicate detection: shingles, MinHash signatures & band keys, 2026 edition! "
    "Incomprehensible internationalization.";

// python3 tests/core/golden/derive_golden.py (XXH3 agrees with xxhsum -H3 on lengths 0-19 and
// 31-128 and on padded tokens)
constexpr std::uint64_t kShingles[] = {
    0x9e786d04ccdda66ull,  0x12834a5819f89ab0ull, 0x3c0e90ca2ea493aaull, 0x40102152095df26aull,
    0x47be6bd00b2d085aull, 0x50f41a809e7675edull, 0x55db52dc924a51bbull, 0x5bdf910aa3a4f547ull,
    0x5ec3107165274d0aull, 0x71d0de90703ee919ull, 0x7b135c1edccdad7eull, 0x8163f821899f589aull,
    0x84e368a6fa81d6a4ull, 0x89d8ab275a8d3d16ull, 0x97256066cec99e87ull, 0xa6c9a53746650816ull,
    0xb33c82bce67ba4ffull, 0xb93488e209838c00ull, 0xef73d84bd7421c81ull, 0xf15a3830d174e6b3ull,
    0xf5fa8546a09b2ba9ull, 0xf9ab982e940887c8ull};
constexpr std::uint32_t kMinhash[] = {
    0x216ddaf1u, 0xc66f39u,   0x7b5d31du,  0xf5108e1u,  0x6c5a7bau,  0x5f085fu,   0x15c44ffu,
    0xf28274fu,  0x5b58226u,  0xce357fu,   0x5311e15u,  0x9e622a5u,  0x188c3726u, 0x150acc4eu,
    0x57e087du,  0x4a7c64du,  0x6dd75d2u,  0x1d95b85u,  0x2d570du,   0xde87795u,  0x12cca06au,
    0xdfc372bu,  0xd2e97f9u,  0x1b569150u, 0xc260e1au,  0x6b7bf5fu,  0x17663e3u,  0x7784cfdu,
    0x1c7be93u,  0x98eecc5u,  0x7afeb31u,  0x61feb9du,  0xfa97d86u,  0x14d9657u,  0x6a9a181u,
    0x1b32f9e4u, 0x12a96f79u, 0x5219a9cu,  0x270794ccu, 0x4d04f96u,  0x113e2205u, 0x5b074adu,
    0xfddaf6cu,  0x3edd8440u, 0xe58c7f3u,  0x7fce5ffu,  0x2a2b7232u, 0x21781e3u,  0x10a4c165u,
    0xf6623eu,   0x609eaf5u,  0x65fbcccu,  0x1b0b821fu, 0x3e25d8du,  0x7b6a9cbu,  0x38e8f1au,
    0x53e3026u,  0x191812cfu, 0xceffef1u,  0x12c64300u, 0x63c2750u,  0xa9450b4u,  0xe56ecaeu,
    0x465968cu,  0x2a1402du,  0xa9e5017u,  0x58ab46u,   0x6985e2fu,  0x1c28408u,  0x150ce159u,
    0xcaf145fu,  0xa28f7b4u,  0x51758ceu,  0x2956b2cu,  0x7daf271u,  0x183bc3acu, 0x592670eu,
    0x68923eau,  0x1547642au, 0xbbb75c9u,  0x63c03d2u,  0x33d6444u,  0x64eee94u,  0xfbbb381u,
    0x1954d265u, 0x132ccea1u, 0x37b18d9u,  0x20849aeu,  0x13853f6u,  0x23e52876u, 0x8f9e48fu,
    0xe9666cu,   0x19ffdd0u,  0x1f90fe1u,  0x6a71010u,  0x1adcc785u, 0xf90913u,   0x1a8fa012u,
    0x15ebfbd5u, 0x30a5ffu,   0x4174cbdu,  0x8331631u,  0xf680c37u,  0x1d3e89u,   0x23a55b1u,
    0x2336a88u,  0x115e2dbu,  0xa271a6cu,  0x1a6cae4fu, 0x135c46u,   0x985cddeu,  0x9f12a0u,
    0x108607d3u, 0xc12403u,   0x6cdfe42u,  0x5d262e6u,  0xc58b9cbu,  0x68f3a2du,  0x87d68e0u,
    0xebc66du,   0xb070c5eu,  0x50d30a2u,  0xd00d034u,  0x4cf5f21u,  0x44e5569u,  0x91928a2u,
    0x3a9d6adu,  0x58c866bu};
constexpr std::uint64_t kBandKeys[] = {
    0xdd0299399a92f07bull, 0x900db2cbbdec2bc6ull, 0xf69af382bf0457bfull, 0xe8c966a376f5c016ull,
    0x7a0fba733f146d14ull, 0x5ae40c0bf171e723ull, 0x27b650f6e3df3870ull, 0xf83ad8b9812cf495ull,
    0xbc129f3c6f4698bbull, 0xa8dff17f42eca819ull, 0xd8a64c5663683158ull, 0x2d67b7566ed9b463ull,
    0x3539228ca83da0aull,  0xa6c36d9bf2f5456aull, 0x6ea7237668f36f8ull,  0x4095c6404533758dull,
    0xbd2a52dcd3b871b3ull, 0x668d763f50a1d568ull};
constexpr std::uint32_t kOnePermutation[] = {
    0x31b858f3u, 0x633c0022u, 0xb00040e5u, 0x633c0022u, 0xd95f0558u, 0x10a6641u,  0xf3f2324eu,
    0x92298d30u, 0xb6674711u, 0x6cf8965du, 0xf303fd2cu, 0xd7ef8727u, 0xd95f0558u, 0x633c0022u,
    0x6ab7cdbau, 0x48fd6c26u, 0xdfaef4eu,  0xdfaef4eu,  0x6ab7cdbau, 0xb6674711u, 0xdfaef4eu,
    0x48fd6c26u, 0xf303fd2cu, 0xe2a3ed21u, 0x633c0022u, 0x6614610cu, 0x8ed4cb11u, 0x6cf8965du,
    0x93077c5au, 0x6614610cu, 0xdfaef4eu,  0xdfaef4eu,  0x6ab7cdbau, 0xd95f0558u, 0x48fd6c26u,
    0xb00040e5u, 0xd7ef8727u, 0xd95f0558u, 0x25d1faa7u, 0x633c0022u, 0xe7a5033eu, 0x92298d30u,
    0x633c0022u, 0x6ab7cdbau, 0x6ab7cdbau, 0x92298d30u, 0x6614610cu, 0x25d1faa7u, 0xf303fd2cu,
    0xe7a5033eu, 0xb6674711u, 0x633c0022u, 0xdfaef4eu,  0xb00040e5u, 0x25d1faa7u, 0x6614610cu,
    0x6e458366u, 0xb00040e5u, 0x48fd6c26u, 0xb6674711u, 0x6e458366u, 0x48fd6c26u, 0x25d1faa7u,
    0x10a6641u,  0xf3f2324eu, 0xd95f0558u, 0x6cf8965du, 0x92298d30u, 0xd95f0558u, 0xe7a5033eu,
    0x31b858f3u, 0xdfaef4eu,  0xe2a3ed21u, 0x48fd6c26u, 0x93077c5au, 0x6614610cu, 0x10a6641u,
    0xd7ef8727u, 0xd7ef8727u, 0xf303fd2cu, 0x92298d30u, 0x8ed4cb11u, 0xb6674711u, 0x6614610cu,
    0x6614610cu, 0x48fd6c26u, 0x8ed4cb11u, 0x6e458366u, 0xab320c9bu, 0xe2a3ed21u, 0x93077c5au,
    0x6e458366u, 0x10a6641u,  0xf3f2324eu, 0xb6674711u, 0x31b858f3u, 0xab320c9bu, 0x8ed4cb11u,
    0x6e458366u, 0x93077c5au, 0x92298d30u, 0x6e458366u, 0x6cf8965du, 0xb00040e5u, 0xd7ef8727u,
    0x10a6641u,  0x6614610cu, 0x31b858f3u, 0x25d1faa7u, 0x6614610cu, 0x25d1faa7u, 0x25d1faa7u,
    0xdfaef4eu,  0x92298d30u, 0xb6674711u, 0xab320c9bu, 0xb00040e5u, 0xb6674711u, 0x8ed4cb11u,
    0x6ab7cdbau, 0xd95f0558u, 0xe2a3ed21u, 0xe7a5033eu, 0xd95f0558u, 0xb00040e5u, 0x10a6641u,
    0x92298d30u, 0x6ab7cdbau};

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
