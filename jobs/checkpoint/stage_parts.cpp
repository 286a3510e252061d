// Finished stages' results kept per rank, read back by any rank count, each part naming whose
// it is.
#include "jobs/checkpoint/stage_parts.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "io/io_error.hpp"
#include "io/write/checked_file.hpp"

namespace neardup {
namespace {

constexpr const char* kPartMagic = "neardup-stage-part";
// 2: the payload starts with the part's identity line.
constexpr std::uint32_t kPartVersion = 2;

// The identity line at the head of a part: "run=ID stage=STAGE part=P parts=N\n".
std::string identity_line(const PartIdentity& id) {
  return "run=" + id.run_id + " stage=" + id.stage + " part=" + std::to_string(id.part) +
         " parts=" + std::to_string(id.parts) + "\n";
}

// Throws IoError naming `path` unless `head` (the payload's first line, with its newline) is
// the identity line of `id`.
void check_identity(const std::string& path, std::string_view head, const PartIdentity& id) {
  const std::string expected = identity_line(id);
  if (head == expected) return;
  const std::size_t end = head.find('\n');
  const std::string found =
      end == std::string_view::npos ? "none" : std::string(head.substr(0, end));
  throw IoError(path + ": not this run's part (it says " + found + ", expected " +
                expected.substr(0, expected.size() - 1) + ")");
}

}  // namespace

std::string stage_part_path(const std::string& dir, const std::string& stage, int part) {
  char file[96];
  std::snprintf(file, sizeof file, "%s-%05d.part", stage.c_str(), part);
  return (std::filesystem::path(dir) / file).string();
}

void save_stage_part_bytes(const std::string& dir, const PartIdentity& id, std::string_view bytes) {
  const std::string head = identity_line(id);
  const std::string_view pieces[] = {head, bytes};
  save_checked_file(stage_part_path(dir, id.stage, id.part), kPartMagic, kPartVersion,
                    std::span<const std::string_view>(pieces));
}

std::string load_stage_parts_bytes(const std::string& dir, const std::string& run_id,
                                   const std::string& stage, int part_ranks, int rank, int ranks) {
  std::string bytes;
  for (int part = rank; part < part_ranks; part += ranks) {
    const std::string path = stage_part_path(dir, stage, part);
    const std::string payload =
        load_checked_file(path, kPartMagic, kPartVersion, "checkpoint part");
    const std::size_t end = payload.find('\n');
    check_identity(path,
                   std::string_view(payload).substr(0, end == std::string::npos ? end : end + 1),
                   {run_id, stage, part, part_ranks});
    bytes.append(payload, end + 1);
  }
  return bytes;
}

StagePartWriter::StagePartWriter(const std::string& path, const PartIdentity& id,
                                 std::size_t record_size, SyncOnCommit sync)
    : path_(path), record_size_(record_size) {
  try {
    file_.emplace(path, kPartMagic, kPartVersion, sync);
    file_->write(identity_line(id));
    records_offset_ = file_->size();
  } catch (const std::exception& e) {
    error_ = e.what();
  }
}

RecordsInFile StagePartWriter::commit() {
  if (!error_.empty()) throw IoError(error_);
  file_->commit();
  return {path_, file_->payload_offset() + records_offset_, count_};
}

RecordsInFile check_stage_part(const std::string& path, const PartIdentity& id,
                               std::size_t record_size) {
  const CheckedPayload payload =
      check_checked_file(path, kPartMagic, kPartVersion, "checkpoint part");
  const std::string expected = identity_line(id);
  std::string head(std::min<std::uint64_t>(expected.size(), payload.size), '\0');
  FileStretchReader(path, payload.offset, head.size()).read(head.data(), head.size());
  check_identity(path, head, id);
  const std::uint64_t bytes = payload.size - head.size();
  if (bytes % record_size != 0) {
    throw IoError(path + ": checkpoint part holds a part of a record (" + std::to_string(bytes) +
                  " bytes of records of " + std::to_string(record_size) + ")");
  }
  return {path, payload.offset + head.size(), bytes / record_size};
}

}  // namespace neardup
