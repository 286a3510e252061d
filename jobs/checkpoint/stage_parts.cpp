// Finished stages' results kept per rank, read back by any rank count.
#include "jobs/checkpoint/stage_parts.hpp"

#include <cstdio>
#include <filesystem>

#include "io/checked_file.hpp"

namespace neardup {
namespace {

constexpr const char* kPartMagic = "neardup-stage-part";
constexpr std::uint32_t kPartVersion = 1;

std::string part_path(const std::string& dir, const std::string& name, int rank) {
  char file[96];
  std::snprintf(file, sizeof file, "%s-%05d.part", name.c_str(), rank);
  return (std::filesystem::path(dir) / file).string();
}

}  // namespace

void save_stage_part_bytes(const std::string& dir, const std::string& name, int rank,
                           std::string_view bytes) {
  save_checked_file(part_path(dir, name, rank), kPartMagic, kPartVersion, bytes);
}

std::string load_stage_parts_bytes(const std::string& dir, const std::string& name, int part_ranks,
                                   int rank, int ranks) {
  std::string bytes;
  for (int part = rank; part < part_ranks; part += ranks) {
    bytes +=
        load_checked_file(part_path(dir, name, part), kPartMagic, kPartVersion, "checkpoint part");
  }
  return bytes;
}

}  // namespace neardup
