// The persistent index: build at any rank count, query, add a batch, query again; the answers
// equal brute force over the indexed documents' sketches; bad query lines get error records;
// a truncated or corrupt index is refused naming the file.
#include <gtest/gtest.h>
#include <mpi.h>
#include <simdjson.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/lsh/band_keys.hpp"
#include "core/lsh/lsh_params.hpp"
#include "core/sketch/jaccard.hpp"
#include "core/sketch/minhash.hpp"
#include "core/sketch/one_permutation.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "io/io_error.hpp"
#include "jobs/index/index_job.hpp"
#include "jobs/index/query_command.hpp"
#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::GeneratedDoc;

std::vector<GeneratedDoc> corpus(std::uint64_t seed, const std::string& prefix) {
  testing::CorpusSpec spec;
  spec.seed = seed;
  spec.base_docs = 400;
  spec.levels = {0.7, 0.9, 0.95, 1.0};
  std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  for (GeneratedDoc& d : docs) d.id = prefix + d.id;
  return docs;
}

// Query lines: some documents of both batches, some new ones, and bad lines.
std::string query_lines(const std::vector<GeneratedDoc>& a, const std::vector<GeneratedDoc>& b,
                        std::vector<GeneratedDoc>& queries) {
  const std::vector<GeneratedDoc> fresh = corpus(99, "new-");
  for (std::size_t i = 0; i < a.size(); i += 7) queries.push_back(a[i]);
  for (std::size_t i = 0; i < b.size(); i += 7) queries.push_back(b[i]);
  for (std::size_t i = 0; i < fresh.size(); i += 13) queries.push_back(fresh[i]);
  std::string text;
  for (const GeneratedDoc& q : queries) text += testing::to_json_line(q) + "\n";
  return text + "{not json\n{\"id\": \"x\", \"text\": \"!!!\"}\n\n{\"id\": \"y\"}\n";
}

// query line number -> {"id distance"} from the query output; error lines -> {"error:REASON"}.
std::map<std::uint64_t, std::set<std::string>> parse_answers(const std::string& output) {
  std::map<std::uint64_t, std::set<std::string>> answers;
  simdjson::dom::parser parser;
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line)) {
    const simdjson::dom::element root = parser.parse(line);
    const std::uint64_t number = root["line"].get_uint64();
    std::set<std::string>& set = answers[number];
    std::string_view error;
    if (root["error"].get_string().get(error) == simdjson::SUCCESS) {
      set.insert("error:" + std::string(error));
      continue;
    }
    for (const simdjson::dom::element m : root["matches"].get_array()) {
      std::uint64_t hamming = 0;  // a MinHash index's answers have no distance
      if (m["hamming"].get_uint64().get(hamming) == simdjson::SUCCESS) {
        EXPECT_EQ(m["similarity"].error(), simdjson::NO_SUCH_FIELD)
            << "an unverified SimHash answer states a similarity";
      }
      set.insert(std::string(m["id"].get_string().value()) + " " + std::to_string(hamming));
    }
  }
  return answers;
}

std::string run_query(const std::string& index_dir, const std::string& lines, std::size_t& errors) {
  NearDupIndex index(index_dir);
  std::istringstream in(lines);
  std::ostringstream out;
  const QueryCounts counts = run_queries(index, {}, in, out);
  errors = counts.errors;
  return out.str();
}

// Brute force: for each query, every indexed document within k bits (simhash).
std::map<std::uint64_t, std::set<std::string>> simhash_truth(
    const std::vector<GeneratedDoc>& indexed, const std::vector<GeneratedDoc>& queries,
    const SimhashSpec& spec) {
  std::vector<std::uint64_t> fingerprints;
  for (const GeneratedDoc& d : indexed) fingerprints.push_back(simhash(d.text, spec));
  std::map<std::uint64_t, std::set<std::string>> truth;
  for (std::size_t q = 0; q < queries.size(); ++q) {
    const std::uint64_t fq = simhash(queries[q].text, spec);
    std::set<std::string>& set = truth[q + 1];
    for (std::size_t d = 0; d < indexed.size(); ++d) {
      const int distance = std::popcount(fq ^ fingerprints[d]);
      if (distance <= 3) set.insert(indexed[d].id + " " + std::to_string(distance));
    }
  }
  return truth;
}

void expect_bad_lines_answered(const std::map<std::uint64_t, std::set<std::string>>& answers,
                               std::size_t queries) {
  EXPECT_EQ(answers.size(), queries + 4);
  EXPECT_EQ(answers.at(queries + 1), std::set<std::string>{"error:malformed_json"});
  EXPECT_EQ(answers.at(queries + 2), std::set<std::string>{"error:empty_text"});
  EXPECT_EQ(answers.at(queries + 3), std::set<std::string>{"error:blank_line"});
  EXPECT_EQ(answers.at(queries + 4), std::set<std::string>{"error:missing_text"});
}

// A SimHash index (flat or compressed tables) answers what brute force says, before and after
// an add, which keeps the index's choice of tables.
void expect_simhash_build_query_add_equals_brute_force(bool compress) {
  const std::string dir = testing::shared_temp_dir();
  const std::vector<GeneratedDoc> a = corpus(1, "a-"), b = corpus(2, "b-");
  testing::write_corpus(dir + "/a", a, 3);
  testing::write_corpus(dir + "/b", b, 2);
  IndexBuildOptions build;
  build.inputs = {dir + "/a"};
  build.output = dir + "/index";
  build.split_bytes = 1 << 20;
  build.method = "simhash";
  build.verify = VerifyMode::kNone;
  build.simhash.features = SimhashFeatures::kShingles;
  build.compress = compress;
  const IndexBuildSummary built = run_index_build(MPI_COMM_WORLD, build);
  EXPECT_EQ(built.docs_indexed, a.size());
  std::vector<GeneratedDoc> queries;
  const std::string lines = query_lines(a, b, queries);
  if (testing::world_rank() == 0) {
    std::size_t errors = 0;
    const auto answers = parse_answers(run_query(dir + "/index", lines, errors));
    EXPECT_EQ(errors, 4u);
    expect_bad_lines_answered(answers, queries.size());
    const auto truth = simhash_truth(a, queries, build.simhash);
    std::size_t matched = 0;
    for (const auto& [line, expected] : truth) {
      EXPECT_EQ(answers.at(line), expected) << "query line " << line;
      matched += expected.size();
    }
    EXPECT_GT(matched, queries.size() / 2);
  }
  IndexBuildOptions add;
  add.add = true;
  add.inputs = {dir + "/b"};
  add.output = dir + "/index";
  const IndexBuildSummary added = run_index_build(MPI_COMM_WORLD, add);
  EXPECT_EQ(added.index_docs, a.size() + b.size());
  if (testing::world_rank() == 0) {
    std::size_t errors = 0;
    const auto answers = parse_answers(run_query(dir + "/index", lines, errors));
    EXPECT_EQ(NearDupIndex(dir + "/index").meta().sketch.part<SimhashIndexPart>()->compress,
              compress);
    std::vector<GeneratedDoc> both = a;
    both.insert(both.end(), b.begin(), b.end());
    for (const auto& [line, expected] : simhash_truth(both, queries, build.simhash)) {
      EXPECT_EQ(answers.at(line), expected) << "query line " << line;
    }
    expect_bad_lines_answered(answers, queries.size());
    fs::remove_all(dir);
  }
}

TEST(Index, SimhashBuildQueryAddQueryEqualsBruteForce) {
  expect_simhash_build_query_add_equals_brute_force(false);
}

TEST(Index, CompressedSimhashBuildQueryAddQueryEqualsBruteForce) {
  expect_simhash_build_query_add_equals_brute_force(true);
}

// A MinHash index of either sketch answers what band sharing plus the estimate rule over
// signatures computed here says.
void expect_minhash_query_equals_brute_force(SignatureKind kind) {
  const std::string dir = testing::shared_temp_dir();
  const std::vector<GeneratedDoc> a = corpus(3, "a-");
  testing::write_corpus(dir + "/a", a, 2);
  IndexBuildOptions build;
  build.inputs = {dir + "/a"};
  build.output = dir + "/index";
  build.method = "minhash";
  build.verify = VerifyMode::kEstimate;
  build.signature = kind;
  build.split_bytes = 1 << 20;
  run_index_build(MPI_COMM_WORLD, build);
  std::vector<GeneratedDoc> queries;
  const std::string lines = query_lines(a, corpus(4, "b-"), queries);
  if (testing::world_rank() == 0) {
    std::size_t errors = 0;
    const auto answers = parse_answers(run_query(dir + "/index", lines, errors));
    expect_bad_lines_answered(answers, queries.size());
    const MinHasher hasher(128, 1);
    const OnePermutationHasher one_permutation(128, 1);
    const BandLayout layout = choose_band_layout(0.8, 128, 0.01, 0.99);
    const unsigned min_agree = min_agreeing_entries(0.8, 128, kDefaultPassAtThreshold);
    const auto signature = [&](const std::string& text) {
      std::vector<SigValue> sig(128);
      if (kind == SignatureKind::kOph) {
        one_permutation.sign(shingle_set(text, {}), sig);
      } else {
        hasher.sign(shingle_set(text, {}), sig);
      }
      return sig;
    };
    std::vector<std::vector<SigValue>> sigs;
    std::vector<std::vector<std::uint64_t>> bands;
    for (const GeneratedDoc& d : a) {
      sigs.push_back(signature(d.text));
      bands.emplace_back(layout.bands);
      band_keys(sigs.back(), layout, bands.back());
    }
    std::size_t matched = 0;
    for (std::size_t q = 0; q < queries.size(); ++q) {
      const std::vector<SigValue> sq = signature(queries[q].text);
      std::vector<std::uint64_t> bq(layout.bands);
      band_keys(sq, layout, bq);
      std::set<std::string> expected;
      for (std::size_t d = 0; d < a.size(); ++d) {
        bool shares = false;
        for (unsigned j = 0; j < layout.bands; ++j) shares |= bq[j] == bands[d][j];
        if (shares && agreeing_entries(sq, sigs[d]) >= min_agree) expected.insert(a[d].id + " 0");
      }
      EXPECT_EQ(answers.at(q + 1), expected) << "query line " << q + 1;
      matched += expected.size();
    }
    EXPECT_GT(matched, queries.size() / 3);
    fs::remove_all(dir);
  }
}

TEST(Index, MinhashQueryEqualsBandSharingVerifiedBruteForce) {
  static_assert(kDefaultSignature == SignatureKind::kOph);
  expect_minhash_query_equals_brute_force(SignatureKind::kOph);
}

TEST(Index, ClassicMinhashQueryEqualsBandSharingVerifiedBruteForce) {
  expect_minhash_query_equals_brute_force(SignatureKind::kMinhash);
}

// `index build` with no flags answers as the minhash job decides: a MinHash index storing
// shingle sets, every match at exact Jaccard >= 0.8 of the query (computed here), stated as its
// similarity under the rule "exact"; and it finds nearly every such indexed document.
TEST(Index, TheDefaultIndexAnswersByExactJaccard) {
  const std::string dir = testing::shared_temp_dir();
  const std::vector<GeneratedDoc> a = corpus(7, "a-");
  testing::write_corpus(dir + "/a", a, 2);
  IndexBuildOptions build;
  build.inputs = {dir + "/a"};
  build.output = dir + "/index";
  run_index_build(MPI_COMM_WORLD, build);
  std::vector<GeneratedDoc> queries;
  const std::string lines = query_lines(a, corpus(8, "b-"), queries);
  if (testing::world_rank() == 0) {
    const NearDupIndex index(dir + "/index");
    EXPECT_NE(index.meta().sketch.part<MinhashIndexPart>(), nullptr);
    EXPECT_TRUE(index.meta().sketch.store_shingles);
    std::size_t errors = 0;
    std::istringstream answers(run_query(dir + "/index", lines, errors));
    std::vector<std::vector<std::uint64_t>> sets;
    for (const GeneratedDoc& d : a) sets.push_back(shingle_set(d.text, {}));
    simdjson::dom::parser parser;
    std::string line;
    std::size_t truth = 0, found = 0;
    for (std::size_t q = 0; q < queries.size() && std::getline(answers, line); ++q) {
      const simdjson::dom::element root = parser.parse(line);
      EXPECT_EQ(std::string_view(root["rule"].get_string().value()), "exact") << line;
      std::map<std::string, double> matches;
      for (const simdjson::dom::element m : root["matches"].get_array()) {
        EXPECT_EQ(m["hamming"].error(), simdjson::NO_SUCH_FIELD) << line;
        matches[std::string(m["id"].get_string().value())] = m["similarity"].get_double();
      }
      const std::vector<std::uint64_t> query_set = shingle_set(queries[q].text, {});
      for (std::size_t d = 0; d < a.size(); ++d) {
        const double j = exact_jaccard(query_set, sets[d]);
        const auto match = matches.find(a[d].id);
        if (match != matches.end()) {
          EXPECT_GE(j, 0.8) << a[d].id << " answered for query " << q + 1;
          EXPECT_NEAR(match->second, j, 1e-6) << a[d].id;
        }
        truth += j >= 0.8;
        found += j >= 0.8 && match != matches.end();
      }
    }
    EXPECT_GT(truth, queries.size() / 3);
    EXPECT_GE(static_cast<double>(found), 0.97 * static_cast<double>(truth));
    fs::remove_all(dir);
  }
}

TEST(Index, TruncatedOrCorruptFilesAreRefusedNamingTheFile) {
  const std::string dir = testing::shared_temp_dir();
  testing::write_corpus(dir + "/a", corpus(5, ""), 1);
  IndexBuildOptions build;
  build.inputs = {dir + "/a"};
  build.output = dir + "/index";
  build.method = "simhash";
  run_index_build(MPI_COMM_WORLD, build);
  if (testing::world_rank() == 0) {
    const auto refused = [&](const std::function<void(const std::string&)>& damage,
                             const std::string& message) {
      const std::string copy = dir + "/damaged";
      fs::remove_all(copy);
      fs::copy(dir + "/index", copy, fs::copy_options::recursive);
      damage(copy);
      try {
        NearDupIndex index(copy);
        ADD_FAILURE() << "a damaged index was opened: " << message;
      } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
      }
    };
    const std::string segment = load_index_meta(dir + "/index").segments.at(0).dir;
    const std::string table = segment + "/table-007.keys";
    refused([&](const std::string& d) { fs::resize_file(d + "/" + table, 100); },
            table + ": index file has 100 bytes");
    refused(
        [&](const std::string& d) {
          std::fstream f(d + "/" + segment + "/ids.txt", std::ios::in | std::ios::out);
          f.seekp(3);
          f.put('#');
        },
        "ids.txt: index file checksum mismatch");
    refused([&](const std::string& d) { fs::remove(d + "/" + segment + "/sketch.u32"); },
            "sketch.u32: cannot open index file");
    refused(
        [&](const std::string& d) {
          fs::resize_file(d + "/index.meta", fs::file_size(d + "/index.meta") - 10);
        },
        "index.meta: index metadata truncated");
    refused([&](const std::string& d) { std::ofstream(d + "/index.meta") << "hello\n"; },
            "index.meta: not a neardup index");
    fs::remove_all(dir);
  }
}

TEST(Index, DedupListKeepsTheFirstOfEachNearDuplicateGroupUpToN) {
  const std::string dir = testing::shared_temp_dir();
  const std::vector<GeneratedDoc> a = corpus(6, "");
  testing::write_corpus(dir + "/a", a, 1);
  IndexBuildOptions build;
  build.inputs = {dir + "/a"};
  build.output = dir + "/index";
  build.method = "simhash";
  build.verify = VerifyMode::kNone;
  build.simhash.features = SimhashFeatures::kShingles;
  run_index_build(MPI_COMM_WORLD, build);
  if (testing::world_rank() == 0) {
    // Ranked lists of 50 results drawn from the corpus (near-duplicates come in groups).
    std::map<std::size_t, std::vector<std::size_t>> by_base;
    for (std::size_t d = 0; d < a.size(); ++d) by_base[a[d].base].push_back(d);
    std::string lines;
    std::vector<std::vector<std::size_t>> lists;
    for (std::size_t l = 0; l < 20; ++l) {
      std::vector<std::size_t> list;
      std::string line = "{\"results\": [";
      for (std::size_t r = 0; r < 50; ++r) {
        const std::size_t pick = (l * 31 + r * r) % a.size();
        const std::vector<std::size_t>& group = by_base[a[list.empty() ? pick : list.back()].base];
        list.push_back(r % 3 == 2 ? group[r % group.size()] : pick);  // often a near copy
        line += (r ? ", " : "") + testing::to_json_line(a[list.back()]);
      }
      lists.push_back(list);
      lines += line + "]}\n";
    }
    lines += "[1, 2]\n{\"other\": 1}\n";
    NearDupIndex index(dir + "/index");
    std::istringstream in(lines);
    std::ostringstream out;
    QueryOptions options;
    options.dedup_list = 10;
    run_queries(index, options, in, out);
    std::size_t dropped = 0;
    for (std::size_t at = out.str().find("duplicate_of"); at != std::string::npos;
         at = out.str().find("duplicate_of", at + 1)) {
      ++dropped;
    }
    EXPECT_GT(dropped, 10u);
    std::istringstream answers(out.str());
    std::string answer;
    for (const auto& list : lists) {
      ASSERT_TRUE(std::getline(answers, answer));
      std::vector<std::size_t> kept;  // greedy over brute-force distances, in rank order
      for (const std::size_t doc : list) {
        if (kept.size() == 10) break;
        bool duplicate = false;
        for (const std::size_t k : kept) {
          duplicate |= std::popcount(simhash(a[doc].text, build.simhash) ^
                                     simhash(a[k].text, build.simhash)) <= 3;
        }
        if (!duplicate) kept.push_back(doc);
      }
      std::string expected = "\"kept\": [";
      for (std::size_t i = 0; i < kept.size(); ++i) {
        expected += (i ? ", \"" : "\"") + a[kept[i]].id + "\"";
      }
      EXPECT_NE(answer.find(expected + "]"), std::string::npos) << answer;
    }
    ASSERT_TRUE(std::getline(answers, answer));  // not an object: malformed, as a query line
    EXPECT_NE(answer.find("\"error\": \"malformed_json\""), std::string::npos) << answer;
    ASSERT_TRUE(std::getline(answers, answer));
    EXPECT_NE(answer.find("\"error\": \"missing_results\""), std::string::npos) << answer;
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace neardup

namespace neardup {
namespace {

// index.meta keeps each method's own section, every field of it, and the shared parameters.
TEST(IndexMetaSections, EachMethodsSectionRoundTripsWithEveryField) {
  IndexMeta simhash;
  simhash.text_field = "body";
  simhash.sketch.tokenizer = TokenizerKind::kAscii;
  simhash.sketch.shingles = {ShingleKind::kChar, 7, 1};
  simhash.sketch.threshold = 0.65;
  simhash.sketch.store_shingles = false;
  simhash.sketch.method =
      SimhashIndexPart{{SimhashFeatures::kShingles, SimhashWeight::kLogTf, 4, 9}, {4, 9}, true};
  const IndexMeta s = index_meta_from_text(index_meta_to_text(simhash));
  EXPECT_EQ(s.text_field, "body");
  EXPECT_EQ(s.sketch.tokenizer, TokenizerKind::kAscii);
  EXPECT_EQ(s.sketch.shingles, (ShingleSpec{ShingleKind::kChar, 7, 1}));
  EXPECT_EQ(s.sketch.threshold, 0.65);
  EXPECT_FALSE(s.sketch.store_shingles);
  EXPECT_STREQ(s.sketch.method_name(), "simhash");
  EXPECT_STREQ(index_rule(s.sketch), "hamming");
  const SimhashIndexPart* part = s.sketch.part<SimhashIndexPart>();
  ASSERT_NE(part, nullptr);
  EXPECT_EQ(part->features.features, SimhashFeatures::kShingles);
  EXPECT_EQ(part->features.weight, SimhashWeight::kLogTf);
  EXPECT_EQ(part->features.shingle_n, 4u);
  EXPECT_EQ(part->features.char_n, 9u);
  EXPECT_EQ(part->tables.max_distance, 4u);
  EXPECT_EQ(part->tables.blocks, 9u);
  EXPECT_TRUE(part->compress);
  EXPECT_EQ(s.sketch.part<MinhashIndexPart>(), nullptr);

  IndexMeta minhash;
  minhash.sketch.method = MinhashIndexPart{64, 77, SignatureKind::kMinhash, {8, 8}, 0.7};
  const IndexMeta m = index_meta_from_text(index_meta_to_text(minhash));
  const MinhashIndexPart* mp = m.sketch.part<MinhashIndexPart>();
  ASSERT_NE(mp, nullptr);
  EXPECT_STREQ(m.sketch.method_name(), "minhash");
  EXPECT_STREQ(index_rule(m.sketch), "exact");
  EXPECT_EQ(mp->num_perm, 64u);
  EXPECT_EQ(mp->seed, 77u);
  EXPECT_EQ(mp->signature, SignatureKind::kMinhash);
  EXPECT_EQ(mp->bands.bands, 8u);
  EXPECT_EQ(mp->bands.rows, 8u);
  EXPECT_EQ(mp->pass_at_threshold, 0.7);
}

// Why index.meta text is refused when read ("READ" when it is not refused).
std::string refusal(const std::string& text) {
  try {
    index_meta_from_text(text);
    return "READ";
  } catch (const IoError& e) {
    return e.what();
  }
}

// A section under a method this neardup does not know is refused, naming the method.
TEST(IndexMetaSections, AnUnknownMethodIsRefused) {
  IndexMeta meta;
  meta.sketch.method = SimhashIndexPart{};
  std::string text = index_meta_to_text(meta);
  const std::size_t at = text.find("7 simhash");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, 9, "7 lshhash");
  EXPECT_NE(refusal(text).find("lshhash"), std::string::npos) << refusal(text);
}

// A section whose values cannot be used (here a banding longer than the signature) is refused
// when read, as is an index written with another list of shared sketch flags.
TEST(IndexMetaSections, AnUnusableSectionOrAnotherFlagListIsRefused) {
  IndexMeta meta;
  meta.sketch.method = MinhashIndexPart{64, 1, SignatureKind::kOph, {9, 8}, 0.5};
  const std::string banding = refusal(index_meta_to_text(meta));
  EXPECT_NE(banding.find("MinHash banding"), std::string::npos) << banding;
  meta.sketch.method = MinhashIndexPart{};
  std::string text = index_meta_to_text(meta);
  const std::string hash = std::to_string(stored_options_hash());
  const std::size_t at = text.find(" " + hash + " ");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at + 1, hash.size(), std::to_string(stored_options_hash() ^ 1));
  EXPECT_NE(refusal(text).find("other sketch parameters"), std::string::npos) << refusal(text);
}

// The flags that build an index are the index's sketch: each method's own section.
TEST(IndexMetaSections, TheBuildFlagsFillTheMethodsSection) {
  IndexBuildOptions o;
  o.method = "simhash";
  o.simhash.features = SimhashFeatures::kShingles;
  o.simhash.shingle_n = 4;
  o.max_distance = 4;
  o.verify = VerifyMode::kNone;
  const IndexSketch simhash = index_sketch_of(o);
  ASSERT_NE(simhash.part<SimhashIndexPart>(), nullptr);
  EXPECT_EQ(simhash.part<SimhashIndexPart>()->features.shingle_n, 4u);
  EXPECT_EQ(simhash.part<SimhashIndexPart>()->tables.blocks, 7u);  // k + 3
  EXPECT_FALSE(simhash.store_shingles);

  IndexBuildOptions m;
  m.threshold = 0.8;
  m.num_perm = 128;
  m.fp_weight = 0.5;
  m.fn_weight = 0.5;
  const IndexSketch minhash = index_sketch_of(m);
  ASSERT_NE(minhash.part<MinhashIndexPart>(), nullptr);
  const BandLayout chosen = choose_band_layout(0.8, 128, 0.5, 0.5);
  EXPECT_EQ(minhash.part<MinhashIndexPart>()->bands.bands, chosen.bands);
  EXPECT_EQ(minhash.part<MinhashIndexPart>()->bands.rows, chosen.rows);
  EXPECT_TRUE(minhash.store_shingles);
}

}  // namespace
}  // namespace neardup
