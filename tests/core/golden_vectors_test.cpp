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
    0xfa951aebb2508efull,  0x279b7da6bc4a482aull, 0x3d3943d37024dce7ull, 0x408c17353bbcd569ull,
    0x4ce31bc0a3d6344bull, 0x542272a3091ba16cull, 0x5c6f52e189203d77ull, 0x5ed9475a2526435aull,
    0x63581992c00e29c9ull, 0x7d8ea10d7239e8b9ull, 0x7ecc0d0da677eee4ull, 0x8015b0560fc59f12ull,
    0x81b48a2123228a3full, 0x880d0567649d5028ull, 0xa6e2104e701f8af8ull, 0xbd856ba69f2420bbull,
    0xbe86e33676af6198ull, 0xcf12f091a692d2b8ull, 0xdcedf0eb63427713ull, 0xeadb428d43399736ull};
constexpr std::uint32_t kMinhash[] = {
    0x6e54ad6u,  0xf9109fu,   0x466d7ecu, 0xc9383ffu,  0x4c6d78bu,  0xd4c6261u,  0x709e4edu,
    0x33c50c8u,  0x5e8530fu,  0x1c94fe7u, 0x1703b5b1u, 0x300e21fu,  0x1012563du, 0x183793eu,
    0xfc7d5ffu,  0xf1284au,   0x4915f75u, 0x12a6f717u, 0x24bf7f82u, 0x1d200944u, 0x719ba71u,
    0x3d00dfbu,  0xb4dcabdu,  0x422d12bu, 0x1e4d116u,  0x24494e01u, 0x1a01ada8u, 0xa02dca1u,
    0x3af81fdu,  0x1e7f1b17u, 0x50a3c41u, 0xef20d47u,  0x63861dbu,  0xc768e92u,  0x1b3f290u,
    0xaa7606fu,  0x2e92afu,   0x7860a13u, 0x1367848cu, 0x751f04fu,  0xee5693au,  0x5a23f6fu,
    0x3bf1780u,  0x757ca89u,  0xa353b00u, 0x9145703u,  0xbf4ed5u,   0xacb0f4u,   0x9802763u,
    0xba91b4u,   0xee073a5u,  0xb16c64au, 0xf9cc8e4u,  0x655aa4du,  0x6c04702u,  0x35e991du,
    0x1b86a45u,  0x1836460eu, 0x281b30u,  0xa168af5u,  0x13d9ddd5u, 0x163b0d1u,  0xd9da05u,
    0x4258ecu,   0xf89a920u,  0x6518e53u, 0xd212c62u,  0x12fa048au, 0x4886adfu,  0xa14f536u,
    0x9da3b85u,  0xb64d470u,  0x493503au, 0x7c94187u,  0x54c6a25u,  0x39a604bu,  0x3ad1446u,
    0x151d35b6u, 0xacb0bd4u,  0x4c8cd4fu, 0x16db3ba0u, 0x18fb183du, 0x17d1a831u, 0x2ec5531u,
    0x10e0a144u, 0xa07b3fu,   0x3aa4acu,  0x2a44ed5u,  0x50dae21u,  0xfe156cu,   0x262945cu,
    0x23bd1f1u,  0x7ef2d44u,  0x34c4704u, 0x38d97f1u,  0x11212d87u, 0x61379d0u,  0x10f1ff91u,
    0x7dcce9du,  0x81d41efu,  0x4de91ccu, 0x7b386f5u,  0x53915ebu,  0x1c69f9f1u, 0x13bf84au,
    0x159d9939u, 0x286e037u,  0xb4ed3au,  0x269cb0e2u, 0x7ff8d63u,  0x2642bdbu,  0x7e2d383u,
    0x1150a48u,  0x96f924fu,  0x4d271f1u, 0xd5153afu,  0x4fe037du,  0x26bc03cu,  0x85d10bu,
    0xb8c7b7au,  0xf1c92cbu,  0x9f16c81u, 0xda8192au,  0x10a34527u, 0x2120f06u,  0x2c42cefu,
    0x1f66acu,   0x316dcd2u};
constexpr std::uint64_t kBandKeys[] = {
    0xf39ff1ee60b7466bull, 0xa8b63a0f4914ba20ull, 0xac5f7c1d5a65c708ull, 0xc8d103272c502fd1ull,
    0x77b2253f245bfa23ull, 0xa937e10a17e75cc6ull, 0x2fd9836bae7516a0ull, 0x5c0dcf08b9a858c7ull,
    0x8f58d10a4582c467ull, 0x56743ee456249e1aull, 0xe70dc659ba497a25ull, 0xadd76e66abf01810ull,
    0xfaa616621fc2de86ull, 0xd6211ca774946924ull, 0xf90f7cccb4d42599ull, 0x7c85475c87a1f07eull,
    0x50c7f723ebadb8bcull, 0x72f61afc2f8e207bull};
constexpr std::uint32_t kOnePermutation[] = {
    0xdd7c8d25u, 0xdd7c8d25u, 0xc2efece5u, 0xe76559c6u, 0x9548adc0u, 0xdd7c8d25u, 0x98e70853u,
    0x98e70853u, 0x85b8ddafu, 0x38261f66u, 0xb7e858fau, 0xe76559c6u, 0x9548adc0u, 0x761ec177u,
    0x74c9e69cu, 0xb3837fd8u, 0x9e3a805au, 0x98e70853u, 0x85b8ddafu, 0xe76559c6u, 0x9548adc0u,
    0x9e3a805au, 0x9e3a805au, 0x761ec177u, 0x85b8ddafu, 0x38261f66u, 0x48132995u, 0x9e3a805au,
    0xb3837fd8u, 0x38261f66u, 0x761ec177u, 0xe76559c6u, 0x9548adc0u, 0x9548adc0u, 0xb3837fd8u,
    0xb7e858fau, 0x3e027d56u, 0x9548adc0u, 0x48132995u, 0x32dacf0du, 0xe76559c6u, 0x98e70853u,
    0x85b8ddafu, 0x710a2677u, 0x48132995u, 0x178a46b4u, 0xc2efece5u, 0xc2efece5u, 0x32dacf0du,
    0x48132995u, 0x9548adc0u, 0x178a46b4u, 0xb7e858fau, 0x98e70853u, 0x178a46b4u, 0x9548adc0u,
    0x48132995u, 0x85b8ddafu, 0x979d0a27u, 0x74c9e69cu, 0xe76559c6u, 0xb3837fd8u, 0x979d0a27u,
    0xe76559c6u, 0xe76559c6u, 0x9548adc0u, 0x178a46b4u, 0xe76559c6u, 0x9548adc0u, 0x98e70853u,
    0x32dacf0du, 0x98e70853u, 0x178a46b4u, 0x178a46b4u, 0x710a2677u, 0x178a46b4u, 0x48132995u,
    0x38261f66u, 0x761ec177u, 0x38261f66u, 0x98e70853u, 0x9e3a805au, 0xc2efece5u, 0x9e3a805au,
    0x9e3a805au, 0xb3837fd8u, 0x9548adc0u, 0x9e3a805au, 0x98e70853u, 0x74c9e69cu, 0xdd7c8d25u,
    0x3e027d56u, 0x761ec177u, 0x710a2677u, 0x761ec177u, 0xc2efece5u, 0x38261f66u, 0xe76559c6u,
    0xb3837fd8u, 0x85b8ddafu, 0x98e70853u, 0x48132995u, 0x9548adc0u, 0x761ec177u, 0x9e3a805au,
    0x9548adc0u, 0xdd7c8d25u, 0x74c9e69cu, 0xdd7c8d25u, 0x979d0a27u, 0xc2efece5u, 0x979d0a27u,
    0xb7e858fau, 0x98e70853u, 0xc2efece5u, 0x178a46b4u, 0x979d0a27u, 0x710a2677u, 0x9e3a805au,
    0x761ec177u, 0x9548adc0u, 0x761ec177u, 0x3e027d56u, 0x9548adc0u, 0x85b8ddafu, 0xc2efece5u,
    0x98e70853u, 0xe76559c6u};

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
