// Benchmark of the default online index (index build with no flags: MinHash with stored shingle
// sets, exact answers): builds an index of N generated documents in segments of 1M (as ranks
// write them), then answers queries (half near copies of indexed documents, half new ones) as
// `neardup query` does (sketch, candidates, exact Jaccard) twice, printing one RESULT line with
// the bytes per document (and of them the shingle sets') and the latency p50/p99 of each pass.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/lsh/lsh_params.hpp"
#include "core/sketch/minhash.hpp"
#include "jobs/index/index_job.hpp"
#include "jobs/index/near_dup_index.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kSegmentDocs = 1'000'000;
constexpr std::uint64_t kVocabulary = 50'000;

// Document `doc`'s text: `words` words drawn from the vocabulary by a generator seeded with the
// document; `edit_seed` != 0 replaces about 1% of the words (a near copy: Jaccard about 0.9).
std::string document_text(std::uint64_t doc, unsigned words, std::uint64_t edit_seed) {
  std::uint64_t seed = doc;
  std::uint64_t state = neardup::splitmix64(seed);  // hashed: documents' word streams never align
  std::uint64_t edits = edit_seed;
  std::string text;
  for (unsigned w = 0; w < words; ++w) {
    std::uint64_t word = neardup::splitmix64(state) % kVocabulary;
    if (edit_seed != 0 && neardup::splitmix64(edits) % 100 == 0) word = neardup::splitmix64(edits);
    text += "w" + std::to_string(word) + ' ';
  }
  return text;
}

// The metadata `neardup index build` writes with no flags.
neardup::IndexMeta default_meta() {
  const neardup::IndexBuildOptions o;
  neardup::IndexMeta meta;
  meta.sketch = neardup::index_sketch_of(o);
  return meta;
}

// Writes documents [first, last) as one segment of `meta` in `dir`.
neardup::IndexSegment write_segment(const std::string& dir, const std::string& name,
                                    const neardup::IndexMeta& meta, std::uint64_t first,
                                    std::uint64_t last, unsigned words) {
  const std::unique_ptr<neardup::Sketcher> sketcher =
      neardup::make_index_method(meta.sketch)->make_sketcher();
  fs::create_directories(fs::path(dir) / name);
  neardup::ShingleRecordingSketcher recorder(*sketcher, meta.sketch.shingles, meta.sketch.tokenizer,
                                             (fs::path(dir) / name).string());
  neardup::SegmentDocs batch;
  std::vector<std::uint32_t> sketch(recorder.sketch_words());
  for (std::uint64_t d = first; d < last; ++d) {
    recorder.sketch(document_text(d, words, 0), sketch);
    batch.sketches.insert(batch.sketches.end(), sketch.begin(), sketch.end());
    batch.ids.push_back(std::to_string(d));
  }
  batch.shingles = recorder.finish();
  batch.shingle_offsets = recorder.offsets();
  return neardup::write_index_segment(dir, name, meta, batch);
}

struct Pass {
  double p50 = 0, p99 = 0;
  std::uint64_t matches = 0;
};

// Answers every query as `neardup query` does, timing each (sketch and lookup).
Pass run_queries(neardup::NearDupIndex& index, const std::vector<std::string>& queries) {
  std::vector<double> latencies;
  std::vector<std::uint32_t> sketch;
  std::vector<std::uint64_t> shingles;
  Pass pass;
  for (const std::string& text : queries) {
    const auto begin = Clock::now();
    if (index.sketch(text, sketch, shingles)) pass.matches += index.query(sketch, shingles).size();
    latencies.push_back(std::chrono::duration<double, std::micro>(Clock::now() - begin).count());
  }
  std::sort(latencies.begin(), latencies.end());
  pass.p50 = latencies[latencies.size() / 2];
  pass.p99 = latencies[latencies.size() * 99 / 100];
  return pass;
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s INDEX_DIR [DOCS=10000000] [QUERIES=20000] [WORDS=150]\n",
                 argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  const std::uint64_t docs = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 10'000'000;
  const std::uint64_t count = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 20'000;
  const unsigned words = argc > 4 ? static_cast<unsigned>(std::strtoul(argv[4], nullptr, 10)) : 150;
  auto start = Clock::now();
  fs::remove_all(dir);
  fs::create_directories(dir);
  neardup::IndexMeta meta = default_meta();
  for (std::uint64_t first = 0, s = 0; first < docs; first += kSegmentDocs, ++s) {
    const std::string name = "seg-0000-" + std::to_string(s);
    meta.segments.push_back(
        write_segment(dir, name, meta, first, std::min(docs, first + kSegmentDocs), words));
  }
  meta.batches = 1;
  neardup::save_index_meta(dir, meta);
  const double build_seconds = seconds_since(start);

  start = Clock::now();
  neardup::NearDupIndex index(dir);
  const double open_seconds = seconds_since(start);
  std::uint64_t bytes = 0, shingle_bytes = 0;
  for (const neardup::IndexSegment& segment : index.meta().segments) {
    for (const neardup::IndexFile& f : segment.files) bytes += f.bytes;
    shingle_bytes += neardup::shingle_bytes(segment);
  }
  std::vector<std::string> queries;
  std::uint64_t state = 7;
  for (std::uint64_t q = 0; q < count; ++q) {
    const std::uint64_t d = neardup::splitmix64(state) % docs;
    queries.push_back(q % 2 == 0 ? document_text(d, words, q + 1)
                                 : document_text(docs + q, words, 0));
  }
  const Pass first = run_queries(index, queries);
  const Pass warm = run_queries(index, queries);
  const auto per_doc = [docs](std::uint64_t b) {
    return static_cast<double>(b) / static_cast<double>(docs);
  };
  std::printf(
      "RESULT bench=exact_index docs=%llu words=%u index_bytes=%llu bytes_per_doc=%.1f "
      "shingle_bytes_per_doc=%.1f build_seconds=%.1f open_seconds=%.2f queries=%llu "
      "matches=%llu first_p50_us=%.1f first_p99_us=%.1f p50_us=%.1f p99_us=%.1f\n",
      static_cast<unsigned long long>(docs), words, static_cast<unsigned long long>(bytes),
      per_doc(bytes), per_doc(shingle_bytes), build_seconds, open_seconds,
      static_cast<unsigned long long>(count), static_cast<unsigned long long>(warm.matches),
      first.p50, first.p99, warm.p50, warm.p99);
  return first.matches == warm.matches && warm.matches >= count / 4 ? 0 : 1;
}
