// The MinHash inner loop in several instruction sets, all computing the same function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace neardup {

/// An implementation of the MinHash inner loop. Every kernel gives bit-identical results.
enum class MinhashKernel { kScalar, kAvx2, kAvx512 };

/// "scalar", "avx2" or "avx512".
const char* minhash_kernel_name(MinhashKernel kernel);

/// Whether this CPU (and operating system) can run the kernel.
bool minhash_kernel_supported(MinhashKernel kernel);

/// The fastest kernel this CPU supports.
MinhashKernel best_minhash_kernel();

/// Every kernel this CPU supports, scalar first.
std::vector<MinhashKernel> supported_minhash_kernels();

/// The kernel's signature: for every i < p, out[i] = the high 32 bits of
/// min over k < n of (a[i] * x[k] + b[i]) mod 2^64. Needs n >= 1.
using MinhashKernelFn = void (*)(const std::uint64_t* a, const std::uint64_t* b, std::size_t p,
                                 const std::uint64_t* x, std::size_t n, std::uint32_t* out);

/// The function of a kernel; the kernel must be supported.
MinhashKernelFn minhash_kernel_fn(MinhashKernel kernel);

/// The kernels themselves (see MinhashKernelFn); call only those the CPU supports.
void min_hash_scalar(const std::uint64_t* a, const std::uint64_t* b, std::size_t p,
                     const std::uint64_t* x, std::size_t n, std::uint32_t* out);
void min_hash_avx2(const std::uint64_t* a, const std::uint64_t* b, std::size_t p,
                   const std::uint64_t* x, std::size_t n, std::uint32_t* out);
void min_hash_avx512(const std::uint64_t* a, const std::uint64_t* b, std::size_t p,
                     const std::uint64_t* x, std::size_t n, std::uint32_t* out);

}  // namespace neardup
