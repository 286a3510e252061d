// The minhash job on every input format (plain, gzip, zstd, text files plain or compressed) and
// on a corpus seeded with every kind of bad input: identical clusters, exact counts per skip
// reason, byte-exact deduplicated output in the input's compression, --strict naming the file
// and line; discovery: --include / --exclude, binary text files and ignored files counted.
#include <gtest/gtest.h>
#include <mpi.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "jobs/documents/job_plan.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/pipeline/output_stage.hpp"
#include "jobs/stages/spill_stage.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/corpus_generator.hpp"
#include "tests/support/split_compression.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::GeneratedDoc;
using testing::part_lines;
using testing::shared_temp_dir;
using testing::split_tabs;
using testing::world_rank;

void run_shell(const std::string& command) {
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string json_lines(const std::vector<GeneratedDoc>& docs, std::size_t first, std::size_t last) {
  std::string text;
  for (std::size_t i = first; i < last; ++i) text += testing::to_json_line(docs[i]) + "\n";
  return text;
}

MinhashOptions options_for(std::vector<std::string> inputs, const std::string& output) {
  MinhashOptions o;
  o.inputs = std::move(inputs);
  o.output = output;
  o.verify = VerifyMode::kExact;
  o.write_pairs = true;
  o.write_deduped = true;
  o.write_removed = true;
  o.overwrite = true;
  return o;
}

// The clusters of an output as sets of member ids (mapped by `name`), sorted: independent of
// which member is kept.
std::vector<std::vector<std::string>> partition(
    const std::string& out, const std::function<std::string(std::string)>& name) {
  std::map<std::string, std::vector<std::string>> by_cluster;
  for (const std::string& line : part_lines(out, "clusters")) {
    const auto f = split_tabs(line);
    by_cluster[name(f[1])].push_back(name(f[0]));
  }
  std::vector<std::vector<std::string>> clusters;
  for (auto& [root, members] : by_cluster) {
    std::sort(members.begin(), members.end());
    clusters.push_back(members);
  }
  std::sort(clusters.begin(), clusters.end());
  return clusters;
}

// Decompressed lines of every part in OUT/SUB, parts in name order; each part's name must end
// in `extension`.
std::vector<std::string> decompressed_lines(const std::string& out, const std::string& sub,
                                            const std::string& tool, const std::string& extension) {
  std::vector<std::string> lines;
  std::vector<fs::path> parts;
  for (const auto& entry : fs::directory_iterator(fs::path(out) / sub)) {
    parts.push_back(entry.path());
  }
  std::sort(parts.begin(), parts.end());
  for (const fs::path& part : parts) {
    EXPECT_TRUE(part.string().ends_with(extension)) << part;
    const fs::path plain = part.string() + ".plain";
    run_shell(tool + " -dc '" + part.string() + "' > '" + plain.string() + "'");
    for (std::string& line : testing::lines_of(plain)) lines.push_back(std::move(line));
    fs::remove(plain);
  }
  return lines;
}

// The lines with the paths of the inputs in `sub` (gz, zst) made those of their plain copies.
std::vector<std::string> with_plain_paths(std::vector<std::string> lines, const std::string& sub,
                                          const std::string& extension) {
  for (std::string& line : lines) {
    for (const auto& [from, to] : {std::pair{"/" + sub + "/", std::string("/plain/")},
                                   std::pair{".jsonl" + extension + ":", std::string(".jsonl:")}}) {
      for (std::size_t at = line.find(from); at != std::string::npos; at = line.find(from, at)) {
        line.replace(at, from.size(), to);
        at += to.size();
      }
    }
  }
  return lines;
}

TEST(InputFormats, EveryFormatGivesTheSameClusters) {
  const std::string dir = shared_temp_dir();
  testing::CorpusSpec spec;
  spec.seed = 31;
  spec.base_docs = 400;
  spec.min_tokens = 30;
  spec.max_tokens = 200;
  spec.levels = {0.5, 0.85, 0.95, 1.0};
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  const std::size_t half = docs.size() / 2, quarter = docs.size() * 3 / 4;
  if (world_rank() == 0) {
    write_bytes(dir + "/plain/a.jsonl", json_lines(docs, 0, half));
    write_bytes(dir + "/plain/b.jsonl", json_lines(docs, half, docs.size()));
    // Compressed with the system tools; b has two gzip members and two zstd frames.
    fs::create_directories(dir + "/gz");
    fs::create_directories(dir + "/zst");
    write_bytes(dir + "/b1", json_lines(docs, half, quarter));
    write_bytes(dir + "/b2", json_lines(docs, quarter, docs.size()));
    run_shell("gzip -c " + dir + "/plain/a.jsonl > " + dir + "/gz/a.jsonl.gz");
    run_shell("gzip -c " + dir + "/b1 > " + dir + "/gz/b.jsonl.gz");
    run_shell("gzip -c " + dir + "/b2 >> " + dir + "/gz/b.jsonl.gz");
    run_shell("zstd -q -c " + dir + "/plain/a.jsonl > " + dir + "/zst/a.jsonl.zst");
    run_shell("zstd -q -c " + dir + "/b1 > " + dir + "/zst/b.jsonl.zst");
    run_shell("zstd -q -c " + dir + "/b2 >> " + dir + "/zst/b.jsonl.zst");
    for (std::size_t i = 0; i < docs.size(); ++i) {
      write_bytes(dir + "/text/shard" + std::to_string(i % 3) + "/" + docs[i].id + ".txt",
                  docs[i].text);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const JobSummary plain = run_minhash(MPI_COMM_WORLD, options_for({dir + "/plain"}, dir + "/o1"));
  const JobSummary gz = run_minhash(MPI_COMM_WORLD, options_for({dir + "/gz"}, dir + "/o2"));
  const JobSummary zst = run_minhash(MPI_COMM_WORLD, options_for({dir + "/zst"}, dir + "/o3"));
  // Text files come in path order, not the JSON Lines' order, and greedy clusters follow the
  // input order: text is compared with the plain input's transitive components, which do not.
  MinhashOptions text_options = options_for({dir + "/text"}, dir + "/o4");
  text_options.format = InputFormat::kText;
  text_options.clusters = ClusterRule::kComponents;
  const JobSummary text = run_minhash(MPI_COMM_WORLD, text_options);
  MinhashOptions components = options_for({dir + "/plain"}, dir + "/o5");
  components.clusters = ClusterRule::kComponents;
  const JobSummary plain_components = run_minhash(MPI_COMM_WORLD, components);
  for (const auto& [s, like] :
       {std::pair{&gz, &plain}, std::pair{&zst, &plain}, std::pair{&text, &plain_components}}) {
    EXPECT_EQ(s->docs_read, docs.size());
    EXPECT_EQ(s->docs_skipped, 0u);
    EXPECT_EQ(s->docs_removed, like->docs_removed);
    EXPECT_EQ(s->verified_pairs, like->verified_pairs);
  }
  if (world_rank() == 0) {
    EXPECT_GT(plain.docs_removed, 100u);
    const auto same = [](std::string id) { return id; };
    const auto text_id = [](std::string id) {  // shardK/ID.txt -> ID
      id = id.substr(id.find('/') + 1);
      return id.substr(0, id.size() - 4);
    };
    const std::vector<std::string> rows = testing::sorted(part_lines(dir + "/o1", "clusters"));
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o2", "clusters")), rows);
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o3", "clusters")), rows);
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o2", "pairs")),
              testing::sorted(part_lines(dir + "/o1", "pairs")));
    EXPECT_EQ(partition(dir + "/o4", text_id), partition(dir + "/o5", same));
    // deduped/ keeps the input's compression and holds the same lines.
    const std::vector<std::string> kept = part_lines(dir + "/o1", "deduped");
    EXPECT_EQ(kept.size(), plain.docs_kept);
    EXPECT_EQ(decompressed_lines(dir + "/o2", "deduped", "gzip", ".jsonl.gz"), kept);
    EXPECT_EQ(decompressed_lines(dir + "/o3", "deduped", "zstd", ".jsonl.zst"), kept);
    // Text input: deduped/ mirrors the kept files, byte for byte.
    std::size_t text_files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir + "/o4/deduped")) {
      if (!entry.is_regular_file()) continue;
      ++text_files;
      const std::string relative = fs::relative(entry.path(), dir + "/o4/deduped").string();
      EXPECT_EQ(read_bytes(entry.path()), read_bytes(dir + "/text/" + relative)) << relative;
    }
    EXPECT_EQ(text_files, text.docs_kept);
    // removed/ names, for each removed document, the document kept in its place.
    std::map<std::string, std::string> root_of;
    for (const std::string& line : part_lines(dir + "/o1", "clusters")) {
      const auto f = split_tabs(line);
      root_of[f[0]] = f[1];
    }
    const std::vector<std::string> removed = part_lines(dir + "/o1", "removed");
    EXPECT_EQ(removed.size(), plain.docs_removed);
    // removed/ takes the input's compression: one gzip (zstd) part per rank, together holding
    // the plain run's rows but for the inputs' paths (which rank holds a row depends on how
    // the inputs' bytes balance over the ranks).
    const int ranks = comm_size(MPI_COMM_WORLD);
    EXPECT_EQ(testing::part_count(dir + "/o2", "removed"), static_cast<std::size_t>(ranks));
    EXPECT_EQ(testing::part_count(dir + "/o3", "removed"), static_cast<std::size_t>(ranks));
    EXPECT_EQ(testing::sorted(with_plain_paths(
                  decompressed_lines(dir + "/o2", "removed", "gzip", ".jsonl.gz"), "gz", ".gz")),
              testing::sorted(removed));
    EXPECT_EQ(testing::sorted(with_plain_paths(
                  decompressed_lines(dir + "/o3", "removed", "zstd", ".jsonl.zst"), "zst", ".zst")),
              testing::sorted(removed));
    for (const std::string& line : removed) {
      const std::string id = line.substr(8, line.find('"', 8) - 8);  // {"id": "...
      EXPECT_NE(line.find("\"kept\": \"" + root_of.at(id) + "\""), std::string::npos) << line;
      EXPECT_NE(line.find("\"original\": \"{\\\"id\\\": \\\"" + id), std::string::npos) << line;
    }
    fs::remove_all(dir);
  }
}

// The spill reads each compressed split once, in document order: a list it cannot walk that way
// (a repeat, or out of order) is refused before anything is read, not reported as a changed input.
TEST(InputFormats, SpillRefusesDocumentsNotSortedAndDistinct) {
  const std::string dir = shared_temp_dir();
  const std::string spill = dir + "/spill-" + std::to_string(world_rank());
  JobPlan plan;
  LocalDocs docs;
  for (const std::vector<DocId>& needed :
       {std::vector<DocId>{make_doc_id(0, 1), make_doc_id(0, 1)},
        std::vector<DocId>{make_doc_id(0, 2), make_doc_id(0, 1)}}) {
    EXPECT_THROW(spill_compressed_records(plan, 0, needed, docs, spill, 1 << 20), std::logic_error);
    EXPECT_FALSE(fs::exists(spill));
  }
  EXPECT_EQ(spill_compressed_records(plan, 0, {}, docs, spill, 1 << 20), 0u);
  MPI_Barrier(MPI_COMM_WORLD);
  if (world_rank() == 0) fs::remove_all(dir);
}

// A bucket larger than --max-bucket becomes a candidate group, listing a document once per band
// it shares: a compressed split's records spilled for the checks must still be read once each.
TEST(InputFormats, CompressedInputWithCandidateGroupsGivesTheSameClusters) {
  const std::string dir = shared_temp_dir();
  testing::CorpusSpec spec;
  spec.seed = 37;
  spec.base_docs = 120;
  spec.min_tokens = 30;
  spec.max_tokens = 120;
  spec.levels = {0.9, 1.0};
  std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  const std::size_t copies = 40;
  for (std::size_t i = 0; i < copies; ++i) {
    docs.push_back({"same-" + std::to_string(i), docs.front().text});
  }
  std::sort(docs.begin(), docs.end(), [](const GeneratedDoc& x, const GeneratedDoc& y) {
    return std::hash<std::string>{}(x.id) < std::hash<std::string>{}(y.id);
  });
  const std::size_t half = docs.size() / 2;
  if (world_rank() == 0) {
    write_bytes(dir + "/plain/a.jsonl", json_lines(docs, 0, half));
    write_bytes(dir + "/plain/b.jsonl", json_lines(docs, half, docs.size()));
    fs::create_directories(dir + "/gz");
    for (const char* name : {"a", "b"}) {
      run_shell("gzip -c " + dir + "/plain/" + name + ".jsonl > " + dir + "/gz/" + name +
                ".jsonl.gz");
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MinhashOptions plain_options = options_for({dir + "/plain"}, dir + "/o1");
  plain_options.max_bucket = 4;
  MinhashOptions gz_options = plain_options;
  gz_options.inputs = {dir + "/gz"};
  gz_options.output = dir + "/o2";
  const JobSummary plain = run_minhash(MPI_COMM_WORLD, plain_options);
  const JobSummary gz = run_minhash(MPI_COMM_WORLD, gz_options);
  EXPECT_EQ(gz.docs_read, docs.size());
  EXPECT_EQ(gz.docs_removed, plain.docs_removed);
  EXPECT_GE(plain.docs_removed, copies);
  if (world_rank() == 0) {
    EXPECT_GT(testing::stat(dir + "/o2", "/capped_buckets"), 0u);
    int ranks = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    // On one rank no split is shared: the records the checks read are spilled.
    if (ranks == 1) {
      EXPECT_GT(testing::stat(dir + "/o2", "/spilled_bytes"), 0u);
    }
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o2", "clusters")),
              testing::sorted(part_lines(dir + "/o1", "clusters")));
  }
}

// Rank 0 writes each document as DIR/shardK/ID.txt (K = i % 3).
void write_text_tree(const std::string& dir, const std::vector<GeneratedDoc>& docs) {
  for (std::size_t i = 0; i < docs.size(); ++i) {
    write_bytes(dir + "/shard" + std::to_string(i % 3) + "/" + docs[i].id + ".txt", docs[i].text);
  }
}

// A text document's id (a path below the input) reduced to the generated id: its file name
// without ".txt" and any ".gz" or ".zst".
std::string generated_id(std::string id) {
  id = id.substr(id.rfind('/') + 1);
  for (const char* suffix : {".gz", ".zst"}) {
    if (id.ends_with(suffix)) id.resize(id.size() - std::string(suffix).size());
  }
  return id.substr(0, id.size() - 4);
}

testing::CorpusSpec small_text_corpus(std::uint64_t seed) {
  testing::CorpusSpec spec;
  spec.seed = seed;
  spec.base_docs = 80;
  spec.min_tokens = 30;
  spec.max_tokens = 150;
  spec.levels = {0.5, 0.85, 0.95, 1.0};
  return spec;
}

TEST(InputFormats, CompressedTextFilesGiveTheSameClustersAsPlainText) {
  const std::string dir = shared_temp_dir();
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(small_text_corpus(33));
  if (world_rank() == 0) {
    write_text_tree(dir + "/plain", docs);
    write_text_tree(dir + "/packed", docs);
    // shard0 and shard2 gzip-compressed, shard1 zstd-compressed, each file in place.
    run_shell("gzip -r " + dir + "/packed/shard0 " + dir + "/packed/shard2");
    run_shell("zstd -q --rm " + dir + "/packed/shard1/*.txt");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MinhashOptions plain_options = options_for({dir + "/plain"}, dir + "/o1");
  plain_options.format = InputFormat::kText;
  MinhashOptions packed_options = options_for({dir + "/packed"}, dir + "/o2");
  packed_options.format = InputFormat::kText;
  const JobSummary plain = run_minhash(MPI_COMM_WORLD, plain_options);
  const JobSummary packed = run_minhash(MPI_COMM_WORLD, packed_options);
  EXPECT_EQ(plain.docs_read, docs.size());
  EXPECT_EQ(packed.docs_read, docs.size());
  EXPECT_EQ(packed.docs_skipped, 0u);
  EXPECT_EQ(packed.docs_removed, plain.docs_removed);
  EXPECT_EQ(packed.verified_pairs, plain.verified_pairs);
  if (world_rank() == 0) {
    EXPECT_GT(plain.docs_removed, 20u);
    EXPECT_EQ(partition(dir + "/o2", generated_id), partition(dir + "/o1", generated_id));
    // deduped/ keeps each kept file under its name, compressed as it was, with the same text:
    // decompressed in place by the tools, it holds the plain files of the plain run's deduped/.
    const std::string decoded = dir + "/decoded";
    run_shell("cp -r " + dir + "/o2/deduped " + decoded + " && gzip -dr " + decoded +
              " && zstd -q -d --rm " + decoded + "/shard1/*.zst");
    std::uint64_t kept = 0;
    for (const auto& entry : fs::recursive_directory_iterator(decoded)) {
      if (!entry.is_regular_file()) continue;
      ++kept;
      const std::string relative = fs::relative(entry.path(), decoded).string();
      EXPECT_EQ(read_bytes(entry.path()), read_bytes(dir + "/plain/" + relative)) << relative;
    }
    EXPECT_EQ(kept, packed.docs_kept);
    fs::remove_all(dir);
  }
}

// A text tree with images (binary: counted skips), .bin files and an old/ copy left out by
// --exclude, a README.md not matching --include, and _SUCCESS and .cache passed over by name:
// exact counts in the summary and stats.json, and the clusters of the documents alone.
TEST(Discovery, FilteredAndBinaryTextFilesAreCountedExactly) {
  const std::string dir = shared_temp_dir();
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(small_text_corpus(34));
  if (world_rank() == 0) {
    write_text_tree(dir + "/tree/docs", docs);
    write_text_tree(dir + "/clean", docs);
    for (int i = 0; i < 4; ++i) {  // copies of documents: duplicates, were they read
      write_bytes(dir + "/tree/old/" + docs[i].id + ".txt", docs[i].text);
    }
    for (int i = 0; i < 5; ++i) {
      write_bytes(dir + "/tree/img/p" + std::to_string(i) + ".png",
                  std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) + std::string(100 * i, 'x'));
    }
    for (int i = 0; i < 3; ++i) write_bytes(dir + "/tree/bin/x" + std::to_string(i) + ".bin", "b");
    write_bytes(dir + "/tree/docs/README.md", "about these documents\n");
    write_bytes(dir + "/tree/_SUCCESS", "");
    write_bytes(dir + "/tree/.cache/c.txt", "cached words here\n");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MinhashOptions options = options_for({dir + "/tree"}, dir + "/out");
  options.format = InputFormat::kText;
  options.filter = {{"*.txt", "*.png", "*.bin"}, {"*.bin", "old/*"}};
  const JobSummary s = run_minhash(MPI_COMM_WORLD, options);
  MinhashOptions clean_options = options_for({dir + "/clean"}, dir + "/clean-out");
  clean_options.format = InputFormat::kText;
  const JobSummary clean = run_minhash(MPI_COMM_WORLD, clean_options);
  EXPECT_EQ(s.docs_read, docs.size() + 5);
  EXPECT_EQ(s.skipped_by_reason[static_cast<int>(LineStatus::kBinaryFile)], 5u);
  EXPECT_EQ(s.docs_skipped, 5u);
  EXPECT_EQ(s.docs_removed, clean.docs_removed);
  if (world_rank() == 0) {
    const std::string out = dir + "/out";
    EXPECT_EQ(testing::stat(out, "/docs_skipped_by_reason/binary_file"), 5u);
    EXPECT_EQ(testing::stat(out, "/input_files"), docs.size() + 5);
    EXPECT_EQ(testing::stat(out, "/ignored_files/excluded"), 7u);
    EXPECT_EQ(testing::stat(out, "/ignored_files/not_included"), 1u);
    EXPECT_EQ(testing::stat(out, "/ignored_files/own_outputs"), 1u);  // _SUCCESS
    EXPECT_EQ(testing::stat(out, "/ignored_files/hidden_dirs"), 1u);  // .cache, not entered
    EXPECT_EQ(testing::stat(out, "/ignored_files/total"), 9u);        // files only
    EXPECT_EQ(testing::stat(out, "/ignored_files/total_dirs"), 1u);
    EXPECT_EQ(testing::stat(dir + "/clean-out", "/ignored_files/total"), 0u);
    EXPECT_EQ(partition(out, generated_id), partition(dir + "/clean-out", generated_id));
    fs::remove_all(dir);
  }
}

// JSON Lines found by extension in any letter case; other files counted by extension, and a
// copy left out by --exclude.
TEST(Discovery, UpperCaseExtensionsAreReadOthersCounted) {
  const std::string dir = shared_temp_dir();
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(small_text_corpus(35));
  const std::size_t half = docs.size() / 2;
  if (world_rank() == 0) {
    write_bytes(dir + "/in/a.jsonl", json_lines(docs, 0, half));
    write_bytes(dir + "/in/B.JSONL", json_lines(docs, half, docs.size()));
    write_bytes(dir + "/in/f.jsonl", json_lines(docs, 0, half));
    write_bytes(dir + "/in/c.parquet", "PAR1");
    write_bytes(dir + "/in/sub/d.jsonl.bz2", "BZh9");
    write_bytes(dir + "/in/sub/e.txt", "words\n");
    write_bytes(dir + "/in/sub/g.TXT", "words\n");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MinhashOptions options = options_for({dir + "/in"}, dir + "/out");
  options.filter.exclude = {"f.*"};
  const JobSummary s = run_minhash(MPI_COMM_WORLD, options);
  EXPECT_EQ(s.docs_read, docs.size());
  EXPECT_EQ(s.docs_skipped, 0u);
  if (world_rank() == 0) {
    const std::string out = dir + "/out";
    EXPECT_EQ(testing::stat(out, "/input_files"), 2u);
    EXPECT_EQ(testing::stat(out, "/ignored_files/by_extension/.parquet"), 1u);
    EXPECT_EQ(testing::stat(out, "/ignored_files/by_extension/.jsonl.bz2"), 1u);
    EXPECT_EQ(testing::stat(out, "/ignored_files/by_extension/.txt"), 2u);
    EXPECT_EQ(testing::stat(out, "/ignored_files/excluded"), 1u);
    EXPECT_EQ(testing::stat(out, "/ignored_files/total"), 5u);
    fs::remove_all(dir);
  }
}

// removed/ parts hold documents of every input, so they take the compression of most input
// bytes; a tie goes to plain, then zstd.
TEST(InputFormats, RemovedPartsTakeTheCompressionOfMostInputBytes) {
  constexpr InputFormat kJsonl = InputFormat::kJsonl, kJsonlGzip = InputFormat::kJsonlGzip,
                        kJsonlZstd = InputFormat::kJsonlZstd, kText = InputFormat::kText,
                        kTextGzip = InputFormat::kTextGzip, kTextZstd = InputFormat::kTextZstd;
  const auto format_of = [](std::vector<std::pair<InputFormat, std::uint64_t>> files) {
    JobPlan plan;
    for (const auto& [format, size] : files) {
      plan.files.push_back({.path = "f", .size = size, .format = format});
    }
    return removed_part_format(plan);
  };
  EXPECT_EQ(format_of({{kJsonlGzip, 10}}), kJsonlGzip);
  EXPECT_EQ(format_of({{kJsonlZstd, 10}, {kJsonlZstd, 0}}), kJsonlZstd);
  EXPECT_EQ(format_of({{kJsonl, 10}}), kJsonl);
  EXPECT_EQ(format_of({{kText, 10}, {kJsonlGzip, 9}}), kJsonl);
  EXPECT_EQ(format_of({{kTextGzip, 10}, {kJsonl, 9}}), kJsonlGzip);  // text read decompressed
  EXPECT_EQ(format_of({{kTextZstd, 4}, {kJsonlZstd, 4}, {kJsonlGzip, 7}}), kJsonlZstd);
  EXPECT_EQ(format_of({}), kJsonl);
  EXPECT_EQ(format_of({{kJsonl, 10}, {kJsonlZstd, 6}, {kJsonlGzip, 7}, {kJsonlZstd, 5}}),
            kJsonlZstd);
  EXPECT_EQ(format_of({{kJsonlZstd, 5}, {kJsonl, 10}, {kJsonlGzip, 9}}), kJsonl);
  EXPECT_EQ(format_of({{kJsonlZstd, 5}, {kJsonl, 5}}), kJsonl);
  EXPECT_EQ(format_of({{kJsonlGzip, 5}, {kJsonlZstd, 5}, {kJsonl, 4}}), kJsonlZstd);
}

// A UNIX socket: it exists but is not a regular file; named as an input it is refused, in a
// walked directory it is passed over.
void make_socket(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof address.sun_path);
  std::copy(path.begin(), path.end(), address.sun_path);
  ASSERT_EQ(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0) << path;
  ::close(fd);
}

// a.jsonl: good documents written in awkward ways, and one line of every parse failure.
std::vector<std::string> awkward_lines(const std::vector<GeneratedDoc>& docs) {
  const auto line = [&](std::size_t i) { return testing::to_json_line(docs[i]); };
  return {
      "\xEF\xBB\xBF" + line(0),  // BOM
      line(1) + "\r",            // CRLF
      R"({"id": "bad-utf8", "text": "caf)"
      "\xC3\x28"
      R"( ok )"
      "\xFF"
      R"( end words here"})",
      std::string(R"({"id": "nul-byte", "text": "one )") + '\0' + R"( two three four five"})",
      "{not json",                                                        // malformed
      "",                                                                 // blank
      "  \t ",                                                            // blank
      R"({"id": "no-text"})",                                             // missing text
      R"({"id": "number-text", "text": 17})",                             // text not a string
      R"({"id": "huge", "text": ")" + std::string(1100000, 'w') + "\"}",  // > 1 MiB
      line(2),
      line(2),  // an exact duplicate: removed
      line(3),  // the last line has no newline
  };
}

// Rank 0 writes in/: a.jsonl (`a_lines`, the last without a newline), a gzip file cut short, a
// zstd file with a corrupt byte and an unreadable file.
void write_bad_inputs(const std::string& dir, const std::vector<GeneratedDoc>& docs,
                      const std::vector<std::string>& a_lines) {
  std::string a;
  for (std::size_t i = 0; i < a_lines.size(); ++i) {
    a += a_lines[i];
    if (i + 1 < a_lines.size()) a += "\n";
  }
  write_bytes(dir + "/in/a.jsonl", a);
  // b.jsonl.gz is cut short and c.jsonl.zst has a corrupt byte: the lines before the damage
  // are documents, the rest of each file is one undecodable_input.
  write_bytes(dir + "/b.jsonl", json_lines(docs, 10, 40));
  run_shell("gzip -c " + dir + "/b.jsonl > " + dir + "/b.full.gz");
  const std::string gz = read_bytes(dir + "/b.full.gz");
  write_bytes(dir + "/in/b.jsonl.gz", gz.substr(0, gz.size() * 2 / 3));
  write_bytes(dir + "/c.jsonl", json_lines(docs, 40, 60));
  run_shell("zstd -q -c " + dir + "/c.jsonl > " + dir + "/c.full.zst");
  std::string zst = read_bytes(dir + "/c.full.zst");
  zst[zst.size() / 2] = static_cast<char>(zst[zst.size() / 2] ^ 0x55);
  write_bytes(dir + "/in/c.jsonl.zst", zst);
  make_socket(dir + "/in/d.jsonl");
}

// Rank 0: deduped/ holds every good line byte for byte, and stats.json counts the skips.
void expect_good_lines_kept(const std::string& dir, const std::vector<std::string>& a_lines,
                            const JobSummary& s) {
  // The gzip tool recovers the same complete lines from the truncated file as neardup.
  run_shell("gzip -dc " + dir + "/in/b.jsonl.gz > " + dir + "/b.recovered 2>/dev/null || true");
  std::vector<std::string> b_lines = testing::lines_of(dir + "/b.recovered");
  if (!read_bytes(dir + "/b.recovered").ends_with("\n")) b_lines.pop_back();  // cut line
  EXPECT_GT(b_lines.size(), 0u);
  EXPECT_LT(b_lines.size(), 30u);
  // deduped/: a.jsonl's good lines byte for byte (BOM, '\r' and all), then b's, then c's.
  std::vector<std::string> want = {a_lines[0], a_lines[1],  a_lines[2],
                                   a_lines[3], a_lines[10], a_lines[12]};
  const std::vector<std::string> got_a = testing::lines_of(dir + "/out/deduped/part-00000.jsonl");
  EXPECT_EQ(got_a, want);
  const std::string b_out = dir + "/out/deduped/part-00001.jsonl.gz";
  run_shell("gzip -dc " + b_out + " > " + dir + "/b.out");
  EXPECT_EQ(testing::lines_of(dir + "/b.out"), b_lines);
  const std::uint64_t c_docs = s.docs_kept - got_a.size() - b_lines.size();
  EXPECT_LT(c_docs, 20u);
  EXPECT_EQ(testing::stat(dir + "/out", "/docs_skipped_by_reason/unreadable_file"), 0u);
  EXPECT_EQ(testing::stat(dir + "/out", "/docs_skipped_by_reason/doc_too_large"), 1u);
  EXPECT_TRUE(fs::exists(dir + "/out/_SUCCESS"));
}

TEST(BadInput, EveryReasonIsCountedAndTheRestIsDeduplicated) {
  const std::string dir = shared_temp_dir();
  testing::CorpusSpec spec;
  spec.seed = 32;
  spec.base_docs = 60;
  spec.min_tokens = 20;
  spec.max_tokens = 80;
  spec.planted_fraction = 0;
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  const std::vector<std::string> a_lines = awkward_lines(docs);
  if (world_rank() == 0) write_bad_inputs(dir, docs, a_lines);
  MPI_Barrier(MPI_COMM_WORLD);
  try {
    run_minhash(MPI_COMM_WORLD, options_for({dir + "/in", dir + "/in/d.jsonl"}, dir + "/sock"));
    ADD_FAILURE() << "a socket named as an input was read";
  } catch (const JobError& e) {
    EXPECT_NE(std::string(e.what()).find("d.jsonl: input is a socket, not a regular file"),
              std::string::npos)
        << e.what();
  }
  MinhashOptions options = options_for({dir + "/in"}, dir + "/out");
  options.max_doc_bytes = 1 << 20;
  const JobSummary s = run_minhash(MPI_COMM_WORLD, options);
  const auto reason = [&](LineStatus status) {
    return s.skipped_by_reason[static_cast<int>(status)];
  };
  EXPECT_EQ(reason(LineStatus::kMalformedJson), 1u);
  EXPECT_EQ(reason(LineStatus::kBlankLine), 2u);
  EXPECT_EQ(reason(LineStatus::kMissingText), 1u);
  EXPECT_EQ(reason(LineStatus::kTextNotString), 1u);
  EXPECT_EQ(reason(LineStatus::kDocTooLarge), 1u);
  EXPECT_EQ(reason(LineStatus::kUndecodableInput), 2u);
  EXPECT_EQ(reason(LineStatus::kUnreadableFile), 0u);
  EXPECT_EQ(s.docs_skipped, 8u);
  EXPECT_EQ(s.docs_read, s.docs_kept + s.docs_removed + s.docs_skipped);
  EXPECT_EQ(s.docs_removed, 1u);
  if (world_rank() == 0) expect_good_lines_kept(dir, a_lines, s);
  // --strict: the first bad line is a fatal error naming it, on every rank, and no _SUCCESS.
  MinhashOptions strict = options_for({dir + "/in/a.jsonl"}, dir + "/strict");
  strict.strict = true;
  try {
    run_minhash(MPI_COMM_WORLD, strict);
    ADD_FAILURE() << "--strict run succeeded";
  } catch (const JobError& e) {
    EXPECT_NE(std::string(e.what()).find("a.jsonl:5: skipped: malformed_json"), std::string::npos)
        << e.what();
  }
  if (world_rank() == 0) {
    EXPECT_FALSE(fs::exists(dir + "/strict/_SUCCESS"));
    fs::remove_all(dir);
  }
}

TEST(BadInput, DuplicateIdsAreReportedAndKeptApart) {
  const std::string dir = shared_temp_dir();
  if (world_rank() == 0) {
    write_bytes(dir + "/in/a.jsonl",
                R"({"id": "same", "text": "alpha beta gamma delta epsilon zeta eta"})"
                "\n"
                R"({"id": "same", "text": "one two three four five six seven eight"})"
                "\n"
                R"({"id": 7, "text": "red green blue cyan magenta yellow black"})"
                "\n");
    write_bytes(dir + "/in/b.jsonl",
                R"({"id": 7, "text": "north south east west up down left right"})"
                "\n");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const JobSummary s = run_minhash(MPI_COMM_WORLD, options_for({dir + "/in"}, dir + "/out"));
  EXPECT_EQ(s.docs_kept, 4u);
  if (world_rank() == 0) {
    EXPECT_EQ(testing::stat(dir + "/out", "/duplicate_ids"), 2u);
    fs::remove_all(dir);
  }
}

TEST(Splits, OneLargeFileCutIntoSplitsEqualsManySmallFiles) {
  const std::string dir = shared_temp_dir();
  testing::CorpusSpec spec;
  spec.seed = 47;
  spec.base_docs = 600;
  spec.min_tokens = 40;
  spec.max_tokens = 400;
  spec.levels = {0.6, 0.85, 0.95, 1.0};
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  constexpr std::size_t kSmallFiles = 40;
  if (world_rank() == 0) {
    write_bytes(dir + "/one/all.jsonl", json_lines(docs, 0, docs.size()));
    for (std::size_t f = 0; f < kSmallFiles; ++f) {
      char name[32];
      std::snprintf(name, sizeof name, "/many/part-%03zu.jsonl", f);
      write_bytes(dir + name, json_lines(docs, docs.size() * f / kSmallFiles,
                                         docs.size() * (f + 1) / kSmallFiles));
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MinhashOptions one_options = options_for({dir + "/one"}, dir + "/o1");
  one_options.split_bytes = 16 * 1024;  // the one file becomes dozens of splits
  const JobSummary one = run_minhash(MPI_COMM_WORLD, one_options);
  const JobSummary many = run_minhash(MPI_COMM_WORLD, options_for({dir + "/many"}, dir + "/o2"));
  EXPECT_EQ(one.docs_read, docs.size());
  EXPECT_EQ(many.docs_read, docs.size());
  EXPECT_EQ(one.docs_removed, many.docs_removed);
  if (world_rank() == 0) {
    EXPECT_GT(one.docs_removed, 100u);
    const std::string stats = read_bytes(dir + "/o1/stats.json");
    const std::size_t splits = std::stoul(stats.substr(stats.find("\"splits\": ") + 10));
    EXPECT_GT(splits, 100u) << "the large file was not cut into many splits";
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o1", "clusters")),
              testing::sorted(part_lines(dir + "/o2", "clusters")));
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o1", "pairs")),
              testing::sorted(part_lines(dir + "/o2", "pairs")));
    EXPECT_EQ(part_lines(dir + "/o1", "deduped"), part_lines(dir + "/o2", "deduped"));
    fs::remove_all(dir);
  }
}

TEST(Splits, CompressedFilesCutAtFramesEqualPlainFiles) {
  const std::string dir = shared_temp_dir();
  testing::CorpusSpec spec;
  spec.seed = 34;
  spec.base_docs = 500;
  spec.min_tokens = 40;
  spec.max_tokens = 400;
  spec.levels = {0.6, 0.85, 0.95, 1.0};
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  // a: zstd frames of 3,000 bytes (pzstd's skippable frames too), b: BGZF members of 2,000,
  // c: one zstd frame, d: plain gzip; the frames and members end inside lines.
  const std::size_t n = docs.size();
  const std::string a = json_lines(docs, 0, n / 4), b = json_lines(docs, n / 4, n / 2),
                    c = json_lines(docs, n / 2, n * 3 / 4), d = json_lines(docs, n * 3 / 4, n);
  if (world_rank() == 0) {
    write_bytes(dir + "/plain/a.jsonl", a);
    write_bytes(dir + "/plain/b.jsonl", b);
    write_bytes(dir + "/plain/c.jsonl", c);
    write_bytes(dir + "/plain/d.jsonl", d);
    write_bytes(dir + "/cut/a.jsonl.zst", testing::zstd_frames(a, 3000, true).bytes);
    write_bytes(dir + "/cut/b.jsonl.gz", testing::bgzf(b, 2000).bytes);
    write_bytes(dir + "/cut/c.jsonl.zst", testing::zstd_frames(c, c.size()).bytes);
    write_bytes(dir + "/c", c);
    write_bytes(dir + "/d", d);
    run_shell("gzip -c " + dir + "/d > " + dir + "/cut/d.jsonl.gz");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MinhashOptions plain_options = options_for({dir + "/plain"}, dir + "/o1");
  MinhashOptions cut_options = options_for({dir + "/cut"}, dir + "/o2");
  plain_options.split_bytes = cut_options.split_bytes = 16 * 1024;
  // Every rank cuts the same splits as one process walking every file.
  const JobPlan plan = make_plan(MPI_COMM_WORLD, cut_options, SplitSharing::kNone);
  const std::vector<Split> alone = cut_splits(plan.files, cut_options.split_bytes);
  ASSERT_EQ(plan.splits.size(), alone.size());
  std::vector<std::size_t> per_file(plan.files.size());
  for (std::size_t s = 0; s < alone.size(); ++s) {
    EXPECT_EQ(plan.splits[s].file, alone[s].file);
    EXPECT_EQ(plan.splits[s].begin, alone[s].begin);
    EXPECT_EQ(plan.splits[s].end, alone[s].end);
    ++per_file[plan.splits[s].file];
  }
  EXPECT_EQ(per_file, (std::vector<std::size_t>{per_file[0], per_file[1], 1, 1}));
  EXPECT_GT(per_file[0], 5u);
  EXPECT_GT(per_file[1], 5u);
  const JobSummary plain = run_minhash(MPI_COMM_WORLD, plain_options);
  const JobSummary cut = run_minhash(MPI_COMM_WORLD, cut_options);
  EXPECT_EQ(cut.docs_read, n);
  EXPECT_EQ(cut.docs_skipped, 0u);
  EXPECT_EQ(cut.docs_removed, plain.docs_removed);
  if (world_rank() == 0) {
    EXPECT_GT(plain.docs_removed, 100u);
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o2", "clusters")),
              testing::sorted(part_lines(dir + "/o1", "clusters")));
    EXPECT_EQ(testing::sorted(part_lines(dir + "/o2", "pairs")),
              testing::sorted(part_lines(dir + "/o1", "pairs")));
    // The lines of the parts in OUT/SUB, in name order, each decompressed by its extension.
    const auto lines_of_parts = [&](const std::string& sub) {
      std::vector<fs::path> parts;
      for (const auto& entry : fs::directory_iterator(dir + "/o2/" + sub)) {
        parts.push_back(entry.path());
      }
      std::sort(parts.begin(), parts.end());
      std::vector<std::string> lines;
      for (const fs::path& part : parts) {
        const std::string tool = part.string().ends_with(".zst") ? "zstd" : "gzip";
        run_shell(tool + " -dc '" + part.string() + "' > '" + dir + "/part.plain'");
        for (std::string& line : testing::lines_of(dir + "/part.plain")) lines.push_back(line);
      }
      return std::pair{parts.size(), lines};
    };
    // deduped/: a part per split, in its file's compression, the kept lines in input order.
    const auto [deduped_parts, kept] = lines_of_parts("deduped");
    EXPECT_EQ(deduped_parts, plan.splits.size());
    EXPECT_EQ(kept, part_lines(dir + "/o1", "deduped"));
    // removed/ locates each removed document at the same line of its file.
    std::vector<std::string> removed;
    for (std::string line : lines_of_parts("removed").second) {
      for (const auto& [from, to] :
           {std::pair{"/cut/", "/plain/"}, std::pair{".zst:", ":"}, std::pair{".gz:", ":"}}) {
        for (std::size_t at = line.find(from); at != std::string::npos; at = line.find(from)) {
          line.replace(at, std::string(from).size(), to);
        }
      }
      removed.push_back(line);
    }
    EXPECT_EQ(testing::sorted(removed), testing::sorted(part_lines(dir + "/o1", "removed")));
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace neardup
