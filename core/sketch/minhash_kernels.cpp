// Choosing a MinHash kernel by the CPU's features at run time.
#include "core/sketch/minhash_kernels.hpp"

namespace neardup {

const char* minhash_kernel_name(MinhashKernel kernel) {
  switch (kernel) {
    case MinhashKernel::kAvx512:
      return "avx512";
    case MinhashKernel::kAvx2:
      return "avx2";
    case MinhashKernel::kScalar:
      break;
  }
  return "scalar";
}

bool minhash_kernel_supported(MinhashKernel kernel) {
  // __builtin_cpu_supports also requires the operating system to save the wide registers.
  switch (kernel) {
    case MinhashKernel::kAvx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
    case MinhashKernel::kAvx2:
      return __builtin_cpu_supports("avx2");
    case MinhashKernel::kScalar:
      break;
  }
  return true;
}

std::vector<MinhashKernel> supported_minhash_kernels() {
  std::vector<MinhashKernel> kernels;
  for (MinhashKernel k : {MinhashKernel::kScalar, MinhashKernel::kAvx2, MinhashKernel::kAvx512}) {
    if (minhash_kernel_supported(k)) kernels.push_back(k);
  }
  return kernels;
}

MinhashKernel best_minhash_kernel() { return supported_minhash_kernels().back(); }

MinhashKernelFn minhash_kernel_fn(MinhashKernel kernel) {
  switch (kernel) {
    case MinhashKernel::kAvx512:
      return min_hash_avx512;
    case MinhashKernel::kAvx2:
      return min_hash_avx2;
    case MinhashKernel::kScalar:
      break;
  }
  return min_hash_scalar;
}

}  // namespace neardup
