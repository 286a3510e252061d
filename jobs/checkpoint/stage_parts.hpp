// Finished stages' results kept per rank (stage parts), read back by any rank count; each part
// says whose it is, so a part of another run, stage or partition is never taken for this one.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "io/read/file_records.hpp"
#include "io/write/checked_file.hpp"

namespace neardup {

/// Whose a stage part is: written at the head of every part and checked when it is read.
struct PartIdentity {
  std::string run_id;  // the checkpointed run's (RunManifest::run_id), kept across resumes
  std::string stage;   // "pairs", "components"
  int part = 0;        // the rank that wrote it
  int parts = 0;       // how many ranks wrote the stage
};

/// The path of part `part` of `stage` in checkpoint directory `dir`: DIR/STAGE-PART.part.
std::string stage_part_path(const std::string& dir, const std::string& stage, int part);

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
  if (!records.empty()) std::memcpy(records.data(), bytes.data(), records.size() * sizeof(T));
  return records;
}

/// A stage part written as a stream of records of `record_size` bytes: the file
/// save_stage_part writes, at `path` (stage_part_path, or a scratch file of the same form),
/// whose records never all sit in memory. An error creating or writing the file is kept, and
/// thrown by commit() (an IoError naming the path), so that ranks writing in step learn of it
/// together; destroyed without commit(), it leaves nothing.
class StagePartWriter {
 public:
  StagePartWriter(const std::string& path, const PartIdentity& id, std::size_t record_size,
                  SyncOnCommit sync = SyncOnCommit::kYes);

  /// Appends a record (trivially copyable, of the writer's record size).
  template <class T>
  void write(const T& record) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (sizeof(T) != record_size_) throw std::logic_error("a record of another size");
    ++count_;
    if (!error_.empty()) return;
    try {
      file_->write({reinterpret_cast<const char*>(&record), sizeof(T)});
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  /// Commits the file (throwing the first write error, if any); says where its records lie.
  RecordsInFile commit();

 private:
  std::string path_;
  std::optional<CheckedFileWriter> file_;  // empty when it could not be created
  std::size_t record_size_;
  std::uint64_t records_offset_ = 0;  // in the payload: after the identity line
  std::uint64_t count_ = 0;
  std::string error_;  // the first write error
};

/// Checks the part at `path` (its checksum, and that it is part `id`) reading it once, without
/// holding it, and says where its records of `record_size` bytes lie. Throws IoError naming the
/// path as load_stage_parts_bytes does, and when it holds a part of a record.
RecordsInFile check_stage_part(const std::string& path, const PartIdentity& id,
                               std::size_t record_size);

}  // namespace neardup
