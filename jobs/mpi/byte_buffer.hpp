// Byte buffers that MPI fills: grown without zeroing, since every byte is written by the
// receive before anything reads it.
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace neardup {

/// std::allocator, except that an element made without a value is left uninitialised instead
/// of zeroed: resize() then only reserves what a receive will write.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <class U>
  UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}

  template <class U>
  void construct(U* at) noexcept {
    ::new (static_cast<void*>(at)) U;
  }
  template <class U, class... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }
};

/// Received bytes. Resizing one for a receive of 27 MB a round took 0.08 s a rank in
/// verification at 2 ranks (zeroing, and faulting pages in twice), more than the receive.
using ByteBuffer = std::vector<char, UninitializedAllocator<char>>;

}  // namespace neardup
