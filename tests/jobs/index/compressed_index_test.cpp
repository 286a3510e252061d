// Compressed SimHash indexes (index build --compress): the same answers as a flat index of the
// same fingerprints and as brute force, at sizes from one document up, with equal fingerprints
// and several segments; a damaged block whose checksum was fixed is refused by the structural
// check, naming the file and the block.
#include <gtest/gtest.h>
#include <mpi.h>
#include <xxhash.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/sketch/minhash.hpp"
#include "io/io_error.hpp"
#include "jobs/index/near_dup_index.hpp"
#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

// n fingerprints: random ones, near copies of earlier ones (1 to 3 bits flipped) and exact
// copies (equal keys in every table).
std::vector<std::uint64_t> fingerprints(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> fps;
  for (std::size_t d = 0; d < n; ++d) {
    const std::uint64_t kind = rng() % 4;
    std::uint64_t fp = d == 0 || kind == 0 ? rng() : fps[rng() % fps.size()];
    for (std::uint64_t flips = kind == 1 ? 1 + rng() % 3 : 0; flips > 0; --flips) {
      fp ^= 1ull << (rng() % 64);
    }
    fps.push_back(fp);
  }
  return fps;
}

// Writes an index of `segments` segments at DIR, document d of segment s having
// fingerprint fps[s][d] and id "s-d".
void write_index(const std::string& dir, const std::vector<std::vector<std::uint64_t>>& segments,
                 bool compress) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  IndexMeta meta;
  meta.sketch.store_shingles = false;
  meta.sketch.method = SimhashIndexPart{{}, {}, compress};
  for (std::size_t s = 0; s < segments.size(); ++s) {
    SegmentDocs batch;
    for (std::size_t d = 0; d < segments[s].size(); ++d) {
      batch.sketches.push_back(static_cast<std::uint32_t>(segments[s][d]));
      batch.sketches.push_back(static_cast<std::uint32_t>(segments[s][d] >> 32));
      batch.ids.push_back(std::to_string(s) + "-" + std::to_string(d));
    }
    meta.segments.push_back(write_index_segment(dir, "seg-" + std::to_string(s), meta, batch));
  }
  meta.batches = 1;
  save_index_meta(dir, meta);
}

// {"id distance"} of an index's answer to fingerprint fp.
std::multiset<std::string> answer(const NearDupIndex& index, std::uint64_t fp) {
  const std::uint32_t sketch[2] = {static_cast<std::uint32_t>(fp),
                                   static_cast<std::uint32_t>(fp >> 32)};
  std::multiset<std::string> found;
  for (const IndexMatch& m : index.query(sketch)) {
    found.insert(m.id + " " + std::to_string(m.distance));
  }
  return found;
}

// {"id distance"} of every indexed fingerprint within 3 bits of fp.
std::multiset<std::string> brute_force(const std::vector<std::vector<std::uint64_t>>& segments,
                                       std::uint64_t fp) {
  std::multiset<std::string> found;
  for (std::size_t s = 0; s < segments.size(); ++s) {
    for (std::size_t d = 0; d < segments[s].size(); ++d) {
      const int distance = std::popcount(fp ^ segments[s][d]);
      if (distance <= 3) {
        found.insert(std::to_string(s) + "-" + std::to_string(d) + " " + std::to_string(distance));
      }
    }
  }
  return found;
}

TEST(CompressedIndex, AnswersEqualTheFlatIndexAndBruteForceAtEverySize) {
  const std::string dir = testing::shared_temp_dir();
  if (testing::world_rank() != 0) return;
  std::mt19937_64 rng(17);
  const std::vector<std::vector<std::vector<std::uint64_t>>> indexes = {
      {fingerprints(1, 1)},
      {fingerprints(3, 2)},
      {fingerprints(100, 3)},
      {fingerprints(2000, 4)},
      {fingerprints(20000, 5)},
      {std::vector<std::uint64_t>(50, 42)},
      {fingerprints(300, 7), fingerprints(5000, 7)}};
  for (std::size_t x = 0; x < indexes.size(); ++x) {
    const std::vector<std::vector<std::uint64_t>>& segments = indexes[x];
    write_index(dir + "/flat", segments, false);
    write_index(dir + "/packed", segments, true);
    const NearDupIndex flat(dir + "/flat"), packed(dir + "/packed");
    std::size_t matches = 0;
    for (int q = 0; q < 300; ++q) {
      const auto& s = segments[rng() % segments.size()];
      std::uint64_t fp = q % 3 == 2 ? rng() : s[rng() % s.size()];
      for (std::uint64_t flips = rng() % 5; flips > 0; --flips) fp ^= 1ull << (rng() % 64);
      const std::multiset<std::string> truth = brute_force(segments, fp);
      ASSERT_EQ(answer(packed, fp), truth) << "index " << x << " query " << q;
      ASSERT_EQ(answer(flat, fp), truth) << "index " << x << " query " << q;
      matches += truth.size();
    }
    EXPECT_GT(matches, 100u) << "index " << x;
  }
  fs::remove_all(dir);
}

// Opens INDEX after `damage` to FILE of its only segment and the file's checksum fixed in
// index.meta, and expects an IoError containing `message`.
void expect_refused_after(const std::string& index, const std::string& file,
                          const std::function<void(std::vector<char>&)>& damage,
                          const std::string& message) {
  const std::string copy = index + "-damaged";
  fs::remove_all(copy);
  fs::copy(index, copy, fs::copy_options::recursive);
  const std::string path = copy + "/seg-0/" + file;
  std::vector<char> bytes(fs::file_size(path));
  std::ifstream(path, std::ios::binary)
      .read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  damage(bytes);
  std::ofstream(path, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  IndexMeta meta = load_index_meta(copy);
  for (IndexFile& f : meta.segments[0].files) {
    if (f.name == file) f.xxh3 = XXH3_64bits(bytes.data(), bytes.size());
  }
  save_index_meta(copy, meta);
  try {
    NearDupIndex opened(copy);
    ADD_FAILURE() << "a damaged index was opened: " << message;
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
  }
}

// Array element i of a file's bytes.
template <class T>
T& element(std::vector<char>& bytes, std::size_t i) {
  return reinterpret_cast<T*>(bytes.data())[i];
}

TEST(CompressedIndex, ADamagedBlockIsRefusedNamingTheFileAndTheBlock) {
  const std::string dir = testing::shared_temp_dir();
  if (testing::world_rank() != 0) return;
  // 5000 fingerprints: 8 directory bits, so 56-bit packed keys, about 20 a block.
  write_index(dir + "/index", {fingerprints(5000, 9)}, true);
  std::vector<std::uint32_t> starts(257);
  std::ifstream(dir + "/index/seg-0/table-007.dir", std::ios::binary)
      .read(reinterpret_cast<char*>(starts.data()), 257 * 4);
  expect_refused_after(
      dir + "/index", "table-007.bits",
      [&](std::vector<char>& bytes) {  // block 40's first key: top bits set, now out of order
        const std::size_t bit = starts[40] * std::size_t{56};
        element<std::uint64_t>(bytes, (bit + 55) / 64) |= 1ull << ((bit + 55) % 64);
        element<std::uint64_t>(bytes, (bit + 54) / 64) |= 1ull << ((bit + 54) % 64);
      },
      "seg-0/table-007.bits: block 40: keys not sorted at entry");
  expect_refused_after(
      dir + "/index", "table-003.dir",
      [](std::vector<char>& bytes) {
        std::swap(element<std::uint32_t>(bytes, 90), element<std::uint32_t>(bytes, 91));
      },
      "seg-0/table-003.dir: block 90: directory goes back");
  expect_refused_after(
      dir + "/index", "table-000.docs",
      [](std::vector<char>& bytes) {
        std::swap(element<std::uint32_t>(bytes, 10), element<std::uint32_t>(bytes, 2000));
      },
      "seg-0/table-000.docs: entry 10 names document");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace neardup
