// Bytes kept by bucket, in memory up to a budget and past it in one scratch file, each bucket
// taken back whole: what a stage holds for later rounds without holding it all in memory.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "io/scratch/scratch_file.hpp"

namespace neardup {

/// Bytes appended to numbered buckets. While they fit in `memory_bytes` they stay in memory;
/// past it every bucket's bytes in memory are appended to a scratch file and memory starts
/// again. The file, `path` and this process's id, is made then and unlinked at once: it lives
/// as long as the spill, whatever ends the process, and only grows (taking a bucket frees no
/// disk). A bucket's bytes come back in the order appended. Throws IoError naming `path` when
/// the file cannot be made, written or read.
class BucketSpill {
 public:
  BucketSpill(std::string path, std::size_t buckets, std::uint64_t memory_bytes);

  /// Appends `bytes` to `bucket`.
  void append(std::size_t bucket, std::string_view bytes);

  /// Appends the bytes of `value` (trivially copyable) to `bucket`.
  template <class T>
  void put(std::size_t bucket, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    append(bucket, {reinterpret_cast<const char*>(&value), sizeof value});
  }

  /// The bytes appended to `bucket` since it was last taken.
  std::uint64_t bytes(std::size_t bucket) const { return bytes_[bucket]; }

  /// Every byte appended to `bucket` since it was last taken, in order; the bucket is empty
  /// after.
  std::string take(std::size_t bucket);

  /// Whether any bytes went to the file.
  bool spilled() const { return file_.made(); }

  /// The bytes written to the file.
  std::uint64_t spilled_bytes() const { return file_.size(); }

 private:
  // A stretch of one bucket's bytes in the file.
  struct Chunk {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
  };

  void spill();

  ScratchFile file_;
  std::uint64_t memory_bytes_;
  std::vector<std::string> memory_;
  std::vector<std::vector<Chunk>> chunks_;
  std::vector<std::uint64_t> bytes_;
  std::uint64_t in_memory_ = 0;
};

}  // namespace neardup
