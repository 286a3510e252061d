// Finished stages' results kept per rank, read back by any rank count, each part naming whose
// it is.
#include "jobs/checkpoint/stage_parts.hpp"

#include <cstdio>
#include <filesystem>

#include "io/io_error.hpp"
#include "io/write/checked_file.hpp"

namespace neardup {
namespace {

constexpr const char* kPartMagic = "neardup-stage-part";
// 2: the payload starts with the part's identity line.
constexpr std::uint32_t kPartVersion = 2;

std::string part_path(const std::string& dir, const std::string& stage, int part) {
  char file[96];
  std::snprintf(file, sizeof file, "%s-%05d.part", stage.c_str(), part);
  return (std::filesystem::path(dir) / file).string();
}

// The identity line at the head of a part: "run=ID stage=STAGE part=P parts=N\n".
std::string identity_line(const PartIdentity& id) {
  return "run=" + id.run_id + " stage=" + id.stage + " part=" + std::to_string(id.part) +
         " parts=" + std::to_string(id.parts) + "\n";
}

}  // namespace

void save_stage_part_bytes(const std::string& dir, const PartIdentity& id, std::string_view bytes) {
  const std::string head = identity_line(id);
  const std::string_view pieces[] = {head, bytes};
  save_checked_file(part_path(dir, id.stage, id.part), kPartMagic, kPartVersion,
                    std::span<const std::string_view>(pieces));
}

std::string load_stage_parts_bytes(const std::string& dir, const std::string& run_id,
                                   const std::string& stage, int part_ranks, int rank, int ranks) {
  std::string bytes;
  for (int part = rank; part < part_ranks; part += ranks) {
    const std::string path = part_path(dir, stage, part);
    const std::string payload =
        load_checked_file(path, kPartMagic, kPartVersion, "checkpoint part");
    const std::string expected = identity_line({run_id, stage, part, part_ranks});
    const std::size_t end = payload.find('\n');
    if (end == std::string::npos || payload.compare(0, end + 1, expected) != 0) {
      const std::string found = end == std::string::npos ? "none" : payload.substr(0, end);
      throw IoError(path + ": not this run's part (it says " + found + ", expected " +
                    expected.substr(0, expected.size() - 1) + ")");
    }
    bytes.append(payload, end + 1);
  }
  return bytes;
}

}  // namespace neardup
