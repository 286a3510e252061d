// Transparent huge pages for large buffers: fewer page faults when they are first written.
#pragma once

#include <algorithm>
#include <cstddef>

namespace neardup {

/// Asks the kernel to back the 2 MiB-aligned part of [data, data + bytes) with transparent
/// huge pages (THP in "madvise" mode, the default of many distributions, uses them only when
/// asked), so filling a buffer of many megabytes takes one page fault per 2 MiB instead of one
/// per 4 KiB: on a 5,000-document family, exact verification's payload buffers took 0.3 s of
/// page faults out of 1.3 s. Advice only: buffers under 4 MiB are left alone, errors ignored.
void advise_huge_pages(const void* data, std::size_t bytes);

/// Makes room in the empty `buffer` for `bytes` up front, advised huge pages: address space
/// only (a page is touched when first written), so a buffer that rounds fill to varying sizes
/// up to `bytes` is never moved. Each move by reuse_buffer touches fresh memory again, which
/// costs more than the copy: on the 2-core VM of docs/performance.md a fresh page costs
/// 0.4 ms a MB the first time (0.06 ms once warm).
template <class Buffer>
void reserve_buffer(Buffer& buffer, std::size_t bytes) {
  if (bytes <= buffer.capacity()) return;
  buffer.reserve(bytes);
  advise_huge_pages(buffer.data(), buffer.capacity());
}

/// Empties `buffer` (a std::string or std::vector<char> reused from round to round) and makes
/// room for `bytes`: when its memory is too small, new memory at least 1.5 times the old,
/// advised huge pages, so rounds of varying sizes fault memory in a few times, not each time
/// one outgrows the last.
template <class Buffer>
void reuse_buffer(Buffer& buffer, std::size_t bytes) {
  buffer.clear();
  if (bytes <= buffer.capacity()) return;
  Buffer grown;
  grown.reserve(std::max(bytes, buffer.capacity() + buffer.capacity() / 2));
  advise_huge_pages(grown.data(), grown.capacity());
  buffer.swap(grown);
}

}  // namespace neardup
