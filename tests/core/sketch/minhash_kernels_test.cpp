// Every MinHash kernel the CPU supports gives the same results as a plain loop written here,
// for all signature lengths around the vector widths and extreme coefficient values.
#include "core/sketch/minhash_kernels.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/sketch/minhash.hpp"

namespace neardup {
namespace {

std::vector<std::uint32_t> plain_min_hash(const std::vector<std::uint64_t>& a,
                                          const std::vector<std::uint64_t>& b,
                                          const std::vector<std::uint64_t>& x) {
  std::vector<std::uint32_t> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::uint64_t m = ~0ull;
    for (const std::uint64_t v : x) {
      const std::uint64_t h = a[i] * v + b[i];
      if (h < m) m = h;
    }
    out[i] = static_cast<std::uint32_t>(m >> 32);
  }
  return out;
}

std::vector<std::uint64_t> values(std::size_t n, std::mt19937_64& rng) {
  // Random values mixed with the edges of unsigned and signed 64-bit order.
  const std::uint64_t edges[] = {0,         1, ~0ull, 1ull << 63, (1ull << 63) - 1, 0xFFFFFFFFull,
                                 1ull << 32};
  std::vector<std::uint64_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = rng() % 5 == 0 ? edges[rng() % 7] : rng();
  return v;
}

TEST(MinhashKernels, ScalarIsAlwaysSupportedAndTheBestIsSupported) {
  const std::vector<MinhashKernel> kernels = supported_minhash_kernels();
  ASSERT_FALSE(kernels.empty());
  EXPECT_EQ(kernels.front(), MinhashKernel::kScalar);
  EXPECT_TRUE(minhash_kernel_supported(best_minhash_kernel()));
  EXPECT_EQ(best_minhash_kernel(), kernels.back());
}

TEST(MinhashKernels, EverySupportedKernelEqualsThePlainLoop) {
  std::mt19937_64 rng(2026);
  const std::size_t lengths[] = {1,  3,  4,  7,  8,  9,   12,  15,  16,  17,
                                 31, 33, 63, 64, 65, 100, 128, 129, 200, 256};
  const std::size_t sizes[] = {1, 2, 5, 64, 1000};
  for (const MinhashKernel kernel : supported_minhash_kernels()) {
    const MinhashKernelFn fn = minhash_kernel_fn(kernel);
    for (const std::size_t p : lengths) {
      for (const std::size_t n : sizes) {
        const std::vector<std::uint64_t> a = values(p, rng), b = values(p, rng), x = values(n, rng);
        std::vector<std::uint32_t> out(p + 1, 0xA5A5A5A5u);
        fn(a.data(), b.data(), p, x.data(), n, out.data());
        EXPECT_EQ(out.back(), 0xA5A5A5A5u) << "wrote past the end";
        out.pop_back();
        EXPECT_EQ(out, plain_min_hash(a, b, x))
            << minhash_kernel_name(kernel) << " p=" << p << " n=" << n;
      }
    }
  }
}

TEST(MinhashKernels, MinHasherSignaturesAreTheSameOnEveryKernel) {
  std::mt19937_64 rng(7);
  const std::vector<std::uint64_t> shingles = values(777, rng);
  std::vector<SigValue> want(128), got(128);
  MinHasher(128, 5, MinhashKernel::kScalar).sign(shingles, want);
  for (const MinhashKernel kernel : supported_minhash_kernels()) {
    const MinHasher hasher(128, 5, kernel);
    EXPECT_EQ(hasher.kernel(), kernel);
    hasher.sign(shingles, got);
    EXPECT_EQ(got, want) << minhash_kernel_name(kernel);
  }
}

TEST(MinhashKernels, Names) {
  EXPECT_STREQ(minhash_kernel_name(MinhashKernel::kScalar), "scalar");
  EXPECT_STREQ(minhash_kernel_name(MinhashKernel::kAvx2), "avx2");
  EXPECT_STREQ(minhash_kernel_name(MinhashKernel::kAvx512), "avx512");
}

}  // namespace
}  // namespace neardup
