// Benchmark of the online index: builds a SimHash index of N random fingerprints (no text; ids
// are numbers), then times queries (half near copies of indexed fingerprints, half random)
// twice, printing one RESULT line with index bytes per document, table bytes per fingerprint
// per table, and query latency p50/p99 of the first pass after opening and of the second (warm).
// --compress builds the index with compressed tables (index build --compress).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "core/sketch/minhash.hpp"
#include "jobs/index/near_dup_index.hpp"

namespace {

// Latency quantiles of one pass of queries, in microseconds.
struct Pass {
  double p50 = 0, p99 = 0, per_second = 0;
  std::uint64_t matches = 0;
};

Pass run_queries(const neardup::NearDupIndex& index, const std::vector<std::uint64_t>& queries) {
  std::vector<double> latencies;
  latencies.reserve(queries.size());
  Pass pass;
  const auto all_start = std::chrono::steady_clock::now();
  for (const std::uint64_t fp : queries) {
    const std::uint32_t sketch[2] = {static_cast<std::uint32_t>(fp),
                                     static_cast<std::uint32_t>(fp >> 32)};
    const auto begin = std::chrono::steady_clock::now();
    pass.matches += index.query(sketch).size();
    latencies.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin)
            .count());
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - all_start).count();
  std::sort(latencies.begin(), latencies.end());
  pass.p50 = latencies[latencies.size() / 2];
  pass.p99 = latencies[latencies.size() * 99 / 100];
  pass.per_second = static_cast<double>(queries.size()) / seconds;
  return pass;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s INDEX_DIR [DOCS=10000000] [QUERIES=100000] [--reuse] [--compress]\n",
                 argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  const std::uint64_t docs = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 10000000;
  const std::uint64_t count = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 100000;
  // --reuse: the index in INDEX_DIR was built by an earlier run with the same DOCS.
  bool reuse = false, compress = false;
  for (int a = 4; a < argc; ++a) {
    reuse = reuse || std::string(argv[a]) == "--reuse";
    compress = compress || std::string(argv[a]) == "--compress";
  }
  std::uint64_t state = 12345;
  neardup::SegmentDocs batch;
  std::vector<std::uint32_t>& sketches = batch.sketches;
  std::vector<std::string>& ids = batch.ids;
  sketches.resize(2 * docs);
  ids.resize(docs);
  for (std::uint64_t d = 0; d < docs; ++d) {
    const std::uint64_t fp = neardup::splitmix64(state);
    sketches[2 * d] = static_cast<std::uint32_t>(fp);
    sketches[2 * d + 1] = static_cast<std::uint32_t>(fp >> 32);
    ids[d] = std::to_string(d);
  }
  auto start = std::chrono::steady_clock::now();
  if (!reuse) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    neardup::IndexMeta meta;
    meta.sketch.store_shingles = false;
    meta.sketch.method = neardup::SimhashIndexPart{{}, {}, compress};
    meta.segments.push_back(neardup::write_index_segment(dir, "seg-0000-00000", meta, batch));
    meta.batches = 1;
    neardup::save_index_meta(dir, meta);
  }
  const double build_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  start = std::chrono::steady_clock::now();
  const neardup::NearDupIndex index(dir);
  const double open_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t bytes = 0, table_bytes = 0;
  for (const neardup::IndexFile& f : index.meta().segments[0].files) {
    bytes += f.bytes;
    if (f.name.starts_with("table-")) table_bytes += f.bytes;
  }
  const double tables = 20;  // the default design, k = 3 in 6 blocks
  // Half near copies of indexed fingerprints (0-3 bits flipped), half random.
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> queries;
  for (std::uint64_t q = 0; q < count; ++q) {
    const std::uint64_t d = rng() % docs;
    std::uint64_t fp = sketches[2 * d] | static_cast<std::uint64_t>(sketches[2 * d + 1]) << 32;
    if (q % 2 == 0) {
      for (int flips = static_cast<int>(rng() % 4); flips > 0; --flips) fp ^= 1ull << (rng() % 64);
    } else {
      fp = rng();
    }
    queries.push_back(fp);
  }
  // The first pass meets the index as opened (its pages read once, to check them); the second
  // asks the same queries again, with the tables' hot parts in the CPU caches.
  const Pass first = run_queries(index, queries);
  const Pass warm = run_queries(index, queries);
  std::printf(
      "RESULT bench=index_query compress=%d docs=%llu index_bytes=%llu bytes_per_doc=%.1f "
      "table_bytes_per_entry=%.2f build_seconds=%.2f "
      "open_seconds=%.2f queries=%llu matches=%llu first_p50_us=%.2f first_p99_us=%.2f "
      "queries_per_s=%.0f p50_us=%.2f p99_us=%.2f\n",
      compress ? 1 : 0, static_cast<unsigned long long>(docs),
      static_cast<unsigned long long>(bytes),
      static_cast<double>(bytes) / static_cast<double>(docs),
      static_cast<double>(table_bytes) / (static_cast<double>(docs) * tables), build_seconds,
      open_seconds, static_cast<unsigned long long>(count),
      static_cast<unsigned long long>(warm.matches), first.p50, first.p99, warm.per_second,
      warm.p50, warm.p99);
  return first.matches == warm.matches ? 0 : 1;
}
