// Finished stages' results kept per rank (stage parts), read back by any rank count.
#pragma once

#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace neardup {

/// Writes this rank's bytes of a finished stage to DIR/NAME-RANK.part (atomically, checksummed).
void save_stage_part_bytes(const std::string& dir, const std::string& name, int rank,
                           std::string_view bytes);

/// The bytes of the parts `part_ranks` ranks wrote for stage `name` that this rank reads
/// (parts rank, rank + ranks, ...), concatenated. Throws IoError naming a damaged part.
std::string load_stage_parts_bytes(const std::string& dir, const std::string& name, int part_ranks,
                                   int rank, int ranks);

/// save_stage_part_bytes for a flat array of trivially copyable records.
template <class T>
void save_stage_part(const std::string& dir, const std::string& name, int rank,
                     std::span<const T> records) {
  static_assert(std::is_trivially_copyable_v<T>);
  save_stage_part_bytes(dir, name, rank,
                        {reinterpret_cast<const char*>(records.data()), records.size_bytes()});
}

/// load_stage_parts_bytes as records; the caller sends them to their owners.
template <class T>
std::vector<T> load_stage_parts(const std::string& dir, const std::string& name, int part_ranks,
                                int rank, int ranks) {
  static_assert(std::is_trivially_copyable_v<T>);
  const std::string bytes = load_stage_parts_bytes(dir, name, part_ranks, rank, ranks);
  std::vector<T> records(bytes.size() / sizeof(T));
  std::memcpy(records.data(), bytes.data(), records.size() * sizeof(T));
  return records;
}

}  // namespace neardup
