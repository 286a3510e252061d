// An index that stores shingle sets (index build --verify exact, the default) decides matches as
// the minhash job does: query answers, ranked-list dedup and --reference (compressed batch, so the
// spill path) equal brute force over exact Jaccard of realistic documents; an index of the
// previous format is refused with a clear message.
#include <gtest/gtest.h>
#include <mpi.h>
#include <simdjson.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

#include "core/lsh/band_keys.hpp"
#include "core/lsh/lsh_params.hpp"
#include "core/sketch/jaccard.hpp"
#include "core/sketch/minhash.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "core/sketch/sketch_format.hpp"
#include "io/io_error.hpp"
#include "jobs/index/index_job.hpp"
#include "jobs/index/index_meta.hpp"
#include "jobs/index/query_command.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/output_files.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::GeneratedDoc;

constexpr double kThreshold = 0.8;

// Realistic documents split into the indexed ones (even positions) and the others.
struct Halves {
  std::vector<GeneratedDoc> indexed, others;
  std::vector<std::vector<std::uint64_t>> indexed_sets, other_sets;
};

Halves realistic_halves() {
  testing::RealisticSpec spec;
  spec.seed = 7;
  spec.families = 1;
  spec.family_size = 160;
  spec.boilerplate_groups = 2;
  spec.boilerplate_group_size = 100;
  spec.short_docs = 200;
  spec.mail_threads = 30;
  spec.source_files = 80;
  spec.plain_docs = 100;
  const std::vector<GeneratedDoc> all = testing::generate_realistic_corpus(spec);
  Halves h;
  for (std::size_t i = 0; i < all.size(); ++i) {
    (i % 2 == 0 ? h.indexed : h.others).push_back(all[i]);
    (i % 2 == 0 ? h.indexed_sets : h.other_sets).push_back(shingle_set(all[i].text, {}));
  }
  return h;
}

// Collective: an index of `docs` built with the given method, storing shingle sets.
std::string build_exact_index(const std::string& dir, const std::vector<GeneratedDoc>& docs,
                              const std::string& method) {
  testing::write_corpus(dir + "/indexed", docs, 3);
  IndexBuildOptions build;
  build.inputs = {dir + "/indexed"};
  build.output = dir + "/index";
  build.method = method;
  build.split_bytes = 64 << 10;
  build.verify = VerifyMode::kExact;  // the default, said here
  const IndexBuildSummary summary = run_index_build(MPI_COMM_WORLD, build);
  EXPECT_EQ(summary.docs_indexed, docs.size());
  EXPECT_GT(summary.shingle_bytes, 0u);
  return build.output;
}

// Query answers: line number -> (matched id -> similarity); every answer must say "exact".
std::map<std::uint64_t, std::map<std::string, double>> query_all(
    const std::string& index_dir, const std::vector<GeneratedDoc>& queries) {
  std::string lines;
  for (const GeneratedDoc& q : queries) lines += testing::to_json_line(q) + "\n";
  NearDupIndex index(index_dir);
  std::istringstream in(lines);
  std::ostringstream out;
  run_queries(index, {}, in, out);
  std::map<std::uint64_t, std::map<std::string, double>> answers;
  simdjson::dom::parser parser;
  std::istringstream answer_lines(out.str());
  std::string line;
  while (std::getline(answer_lines, line)) {
    const simdjson::dom::element root = parser.parse(line);
    EXPECT_EQ(std::string_view(root["rule"].get_string().value()), "exact") << line;
    auto& matches = answers[root["line"].get_uint64().value()];
    for (const simdjson::dom::element m : root["matches"].get_array()) {
      matches[std::string(m["id"].get_string().value())] = m["similarity"].get_double().value();
    }
  }
  return answers;
}

// Checks the answers against `expected(q, d)` (whether indexed document d must match query q)
// and the similarities against exact Jaccard; returns the matches found.
std::size_t expect_answers(const Halves& h,
                           const std::map<std::uint64_t, std::map<std::string, double>>& answers,
                           const std::function<bool(std::size_t, std::size_t, double)>& expected) {
  std::size_t found = 0;
  for (std::size_t q = 0; q < h.others.size(); ++q) {
    std::set<std::string> want;
    std::map<std::string, double> jaccard;
    for (std::size_t d = 0; d < h.indexed.size(); ++d) {
      const double j = exact_jaccard(h.other_sets[q], h.indexed_sets[d]);
      jaccard[h.indexed[d].id] = j;
      if (expected(q, d, j)) want.insert(h.indexed[d].id);
    }
    std::set<std::string> got;
    for (const auto& [id, similarity] : answers.at(q + 1)) {
      got.insert(id);
      EXPECT_NEAR(similarity, jaccard[id], 1e-6) << h.others[q].id << " ~ " << id;
    }
    EXPECT_EQ(got, want) << "query " << h.others[q].id;
    found += got.size();
  }
  return found;
}

TEST(ExactIndex, MinhashQueryIsBandCandidatesAtExactJaccard) {
  const std::string dir = testing::shared_temp_dir();
  const Halves h = realistic_halves();
  const std::string index = build_exact_index(dir, h.indexed, "minhash");
  if (testing::world_rank() == 0) {
    const MinHasher hasher(128, 1);
    const BandLayout layout = choose_band_layout(kThreshold, 128, 0.01, 0.99);
    const unsigned filter = sketch_filter_min_agree(kThreshold, 128);
    struct Sketch {
      std::vector<SigValue> sig = std::vector<SigValue>(128);
      std::vector<std::uint64_t> bands;
    };
    const auto sketch_of = [&](const std::vector<std::uint64_t>& set) {
      Sketch s;
      hasher.sign(set, s.sig);
      s.bands.resize(layout.bands);
      band_keys(s.sig, layout, s.bands);
      return s;
    };
    std::vector<Sketch> indexed;
    for (const auto& set : h.indexed_sets) indexed.push_back(sketch_of(set));
    std::vector<Sketch> queries;
    for (const auto& set : h.other_sets) queries.push_back(sketch_of(set));
    std::size_t truth = 0;
    const std::size_t found =
        expect_answers(h, query_all(index, h.others), [&](std::size_t q, std::size_t d, double j) {
          truth += j >= kThreshold;
          bool shares = false;
          for (unsigned b = 0; b < layout.bands; ++b) {
            shares |= queries[q].bands[b] == indexed[d].bands[b];
          }
          return shares && agreeing_entries(queries[q].sig, indexed[d].sig) >= filter &&
                 j >= kThreshold;
        });
    EXPECT_GT(truth, 200u);
    EXPECT_GE(static_cast<double>(found), 0.99 * static_cast<double>(truth));
    fs::remove_all(dir);
  }
}

TEST(ExactIndex, SimhashQueryIsHammingCandidatesAtExactJaccard) {
  const std::string dir = testing::shared_temp_dir();
  const Halves h = realistic_halves();
  const std::string index = build_exact_index(dir, h.indexed, "simhash");
  if (testing::world_rank() == 0) {
    const SimhashSpec spec;  // the index build defaults: tokens, tf
    std::vector<std::uint64_t> indexed, queries;
    for (const GeneratedDoc& d : h.indexed) indexed.push_back(simhash(d.text, spec));
    for (const GeneratedDoc& d : h.others) queries.push_back(simhash(d.text, spec));
    const std::size_t found =
        expect_answers(h, query_all(index, h.others), [&](std::size_t q, std::size_t d, double j) {
          return std::popcount(queries[q] ^ indexed[d]) <= 3 && j >= kThreshold;
        });
    EXPECT_GT(found, 100u);
    fs::remove_all(dir);
  }
}

TEST(ExactIndex, DedupListDropsResultsAtExactJaccard) {
  const std::string dir = testing::shared_temp_dir();
  const Halves h = realistic_halves();
  const std::string index_dir = build_exact_index(dir, h.indexed, "minhash");
  if (testing::world_rank() == 0) {
    const MinHasher hasher(128, 1);
    const unsigned filter = sketch_filter_min_agree(kThreshold, 128);
    std::vector<std::vector<SigValue>> sigs;
    for (const auto& set : h.other_sets) {
      sigs.emplace_back(128);
      hasher.sign(set, sigs.back());
    }
    std::string lines;
    std::vector<std::vector<std::size_t>> lists;
    for (std::size_t l = 0; l < 20; ++l) {
      std::vector<std::size_t> list;
      std::string line = "{\"results\": [";
      for (std::size_t r = 0; r < 40; ++r) {
        list.push_back((l * 17 + r * 7) % h.others.size());
        line += (r ? ", " : "") + testing::to_json_line(h.others[list.back()]);
      }
      lists.push_back(list);
      lines += line + "]}\n";
    }
    NearDupIndex index(index_dir);
    std::istringstream in(lines);
    std::ostringstream out;
    QueryOptions options;
    options.dedup_list = 12;
    run_queries(index, options, in, out);
    std::istringstream answers(out.str());
    std::string answer;
    std::size_t dropped = 0;
    for (const auto& list : lists) {
      ASSERT_TRUE(std::getline(answers, answer));
      std::vector<std::size_t> kept;  // greedy over brute force, in rank order
      for (const std::size_t doc : list) {
        if (kept.size() == 12) break;
        bool duplicate = false;
        for (const std::size_t k : kept) {
          duplicate |= agreeing_entries(sigs[doc], sigs[k]) >= filter &&
                       exact_jaccard(h.other_sets[doc], h.other_sets[k]) >= kThreshold;
        }
        dropped += duplicate;
        if (!duplicate) kept.push_back(doc);
      }
      std::string expected = "\"kept\": [";
      for (std::size_t i = 0; i < kept.size(); ++i) {
        expected += (i ? ", \"" : "\"") + h.others[kept[i]].id + "\"";
      }
      EXPECT_NE(answer.find(expected + "]"), std::string::npos) << answer;
    }
    EXPECT_GT(dropped, 5u);
    fs::remove_all(dir);
  }
}

TEST(ExactIndex, ReferenceRemovesExactlyTheBatchDocumentsAtJaccardT) {
  const std::string dir = testing::shared_temp_dir();
  const Halves h = realistic_halves();
  const std::string index = build_exact_index(dir, h.indexed, "minhash");
  testing::write_corpus(dir + "/plain", h.others, 2);
  if (testing::world_rank() == 0) {
    fs::create_directories(dir + "/batch");
    for (const char* name : {"a.jsonl", "b.jsonl"}) {
      const std::string command =
          "gzip -c " + dir + "/plain/" + name + " > " + dir + "/batch/" + name + ".gz";
      ASSERT_EQ(std::system(command.c_str()), 0) << command;
    }
  }
  mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  MinhashOptions options;
  options.inputs = {dir + "/batch"};
  options.output = dir + "/out";
  options.reference = index;
  options.write_removed = true;
  options.split_bytes = 64 << 10;
  run_minhash(MPI_COMM_WORLD, options);
  if (testing::world_rank() == 0) {
    std::map<std::string, std::size_t> other_of, indexed_of;
    for (std::size_t i = 0; i < h.others.size(); ++i) other_of[h.others[i].id] = i;
    for (std::size_t i = 0; i < h.indexed.size(); ++i) indexed_of[h.indexed[i].id] = i;
    std::set<std::string> truth;  // batch documents with an earlier twin at J >= t
    for (std::size_t q = 0; q < h.others.size(); ++q) {
      for (std::size_t d = 0; d < h.indexed.size(); ++d) {
        if (exact_jaccard(h.other_sets[q], h.indexed_sets[d]) >= kThreshold) {
          truth.insert(h.others[q].id);
          break;
        }
      }
    }
    std::set<std::string> found;
    for (const std::string& line : testing::part_lines(dir + "/out", "reference")) {
      const std::vector<std::string> f = testing::split_tabs(line);
      ASSERT_EQ(f.size(), 3u) << line;
      ASSERT_TRUE(other_of.count(f[0]) && indexed_of.count(f[1])) << line;
      const double j =
          exact_jaccard(h.other_sets[other_of[f[0]]], h.indexed_sets[indexed_of[f[1]]]);
      EXPECT_GE(j, kThreshold) << line;
      EXPECT_NEAR(std::stod(f[2]), j, 1e-6) << line;
      EXPECT_TRUE(found.insert(f[0]).second) << "listed twice: " << line;
    }
    for (const std::string& id : found) EXPECT_TRUE(truth.count(id)) << id;
    EXPECT_GT(truth.size(), 100u);
    EXPECT_GE(static_cast<double>(found.size()), 0.99 * static_cast<double>(truth.size()));
    EXPECT_EQ(testing::stat(dir + "/out", "/removed_by_reference"), found.size());
    // The compressed batch's records were re-read: spilled (1 rank), or kept as the ranks
    // sketched them (its two files shared among 2-4 ranks).
    EXPECT_GT(testing::stat(dir + "/out", "/spilled_bytes") +
                  testing::stat(dir + "/out", "/shared_record_bytes"),
              0u);
    fs::remove_all(dir);
  }
}

// Rewrites the version in the header line of the index metadata at `index` to `version`.
void set_meta_version(const std::string& index, std::uint32_t version) {
  const std::string path = index + "/index.meta";
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::size_t magic_end = text.find(' ');
  const std::size_t version_end = text.find(' ', magic_end + 1);
  ASSERT_EQ(text.substr(0, magic_end), "neardup-index");
  text.replace(magic_end + 1, version_end - magic_end - 1, std::to_string(version));
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

TEST(ExactIndex, AnIndexOfAnotherLayoutOrSketchFormatIsRefusedSayingToRebuild) {
  const std::string dir = testing::shared_temp_dir();
  const Halves h = realistic_halves();
  const std::string index = build_exact_index(dir, h.indexed, "minhash");
  if (testing::world_rank() == 0) {
    SketchFormat other_hash = kSketchFormat;
    ++other_hash.shingle_hash;
    // The layout before this one, and this layout with shingle hashes of another version.
    for (const std::uint32_t version : {stored_format_version(kIndexLayoutVersion - 1),
                                        stored_format_version(kIndexLayoutVersion, other_hash)}) {
      set_meta_version(index, version);
      try {
        NearDupIndex opened(index);
        ADD_FAILURE() << "an index of format " << describe_stored_version(version) << " was opened";
      } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find(
                      "index metadata format " + describe_stored_version(version) +
                      ", this neardup reads " + describe_stored_version(kIndexFormatVersion) +
                      ": rebuild the index"),
                  std::string::npos)
            << e.what();
      }
    }
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace neardup
