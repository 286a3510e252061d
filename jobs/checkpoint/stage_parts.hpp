// Finished stages' results kept per rank (stage parts), read back by any rank count; each part
// says whose it is, so a part of another run, stage or partition is never taken for this one.
#pragma once

#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace neardup {

/// Whose a stage part is: written at the head of every part and checked when it is read.
struct PartIdentity {
  std::string run_id;  // the checkpointed run's (RunManifest::run_id), kept across resumes
  std::string stage;   // "pairs", "components"
  int part = 0;        // the rank that wrote it
  int parts = 0;       // how many ranks wrote the stage
};

/// Writes the bytes of part `id.part` of stage `id.stage` to DIR/STAGE-PART.part, with `id`,
/// atomically and checksummed.
void save_stage_part_bytes(const std::string& dir, const PartIdentity& id, std::string_view bytes);

/// The bytes of the parts of stage `stage` of run `run_id`, written by `part_ranks` ranks,
/// that this rank reads (parts rank, rank + ranks, ...), concatenated. Throws IoError naming a
/// damaged part, or a part whose identity is not the one its name and the manifest promise
/// (another run's, another stage's, another rank's: a copied or swapped file).
std::string load_stage_parts_bytes(const std::string& dir, const std::string& run_id,
                                   const std::string& stage, int part_ranks, int rank, int ranks);

/// save_stage_part_bytes for a flat array of trivially copyable records.
template <class T>
void save_stage_part(const std::string& dir, const PartIdentity& id, std::span<const T> records) {
  static_assert(std::is_trivially_copyable_v<T>);
  save_stage_part_bytes(dir, id,
                        {reinterpret_cast<const char*>(records.data()), records.size_bytes()});
}

/// load_stage_parts_bytes as records; the caller sends them to their owners.
template <class T>
std::vector<T> load_stage_parts(const std::string& dir, const std::string& run_id,
                                const std::string& stage, int part_ranks, int rank, int ranks) {
  static_assert(std::is_trivially_copyable_v<T>);
  const std::string bytes = load_stage_parts_bytes(dir, run_id, stage, part_ranks, rank, ranks);
  std::vector<T> records(bytes.size() / sizeof(T));
  std::memcpy(records.data(), bytes.data(), records.size() * sizeof(T));
  return records;
}

}  // namespace neardup
