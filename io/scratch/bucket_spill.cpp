// Buckets of bytes in memory, appended to one scratch file when they outgrow their budget.
#include "io/scratch/bucket_spill.hpp"

#include <utility>

namespace neardup {

BucketSpill::BucketSpill(std::string path, std::size_t buckets, std::uint64_t memory_bytes)
    : file_(std::move(path)),
      memory_bytes_(memory_bytes),
      memory_(buckets),
      chunks_(buckets),
      bytes_(buckets, 0) {}

void BucketSpill::append(std::size_t bucket, std::string_view bytes) {
  memory_[bucket].append(bytes);
  bytes_[bucket] += bytes.size();
  in_memory_ += bytes.size();
  if (in_memory_ > memory_bytes_) spill();
}

void BucketSpill::spill() {
  for (std::size_t b = 0; b < memory_.size(); ++b) {
    std::string& held = memory_[b];
    if (held.empty()) continue;
    chunks_[b].push_back({file_.append(held), held.size()});
    in_memory_ -= held.size();
    std::string().swap(held);
  }
}

std::string BucketSpill::take(std::size_t bucket) {
  std::string out;
  out.reserve(bytes_[bucket]);
  for (const Chunk& chunk : chunks_[bucket]) {
    const std::size_t start = out.size();
    out.resize(start + chunk.size);
    file_.read(chunk.offset, out.data() + start, chunk.size);
  }
  out += memory_[bucket];
  in_memory_ -= memory_[bucket].size();
  std::string().swap(memory_[bucket]);
  chunks_[bucket].clear();
  bytes_[bucket] = 0;
  return out;
}

}  // namespace neardup
