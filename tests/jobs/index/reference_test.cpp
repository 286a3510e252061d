// Deduplication against an earlier corpus (--reference): exactly the planted cross-batch
// duplicates are removed (also checked with exact Jaccard computed here), each naming a real
// earlier document it duplicates; the rest of the batch is deduplicated as usual.
#include <gtest/gtest.h>
#include <mpi.h>
#include <simdjson.h>

#include <filesystem>
#include <map>
#include <set>

#include "core/sketch/jaccard.hpp"
#include "core/sketch/shingles.hpp"
#include "jobs/index/index_job.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/corpus_generator.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::GeneratedDoc;

// The index holds sketches, not texts, so a match is decided on the 128-permutation estimate
// (standard error <= 0.045): pairs at exact Jaccard >= kSure must be found, pairs below kNever
// (more than 3 standard errors under the 0.8 threshold) must not, the band between may go
// either way.
constexpr double kSure = 0.9;
constexpr double kNever = 0.65;

void check_reference_output(const std::vector<GeneratedDoc>& earlier,
                            const std::vector<GeneratedDoc>& batch, const std::string& out,
                            const JobSummary& summary) {
  ShingleSpec shingles;
  std::vector<std::vector<std::uint64_t>> earlier_sets;
  for (const GeneratedDoc& d : earlier) earlier_sets.push_back(shingle_set(d.text, shingles));
  std::map<std::string, std::map<std::string, double>> close;  // batch id -> earlier id -> J
  std::set<std::string> sure;
  for (const GeneratedDoc& d : batch) {
    const std::vector<std::uint64_t> mine = shingle_set(d.text, shingles);
    for (std::size_t e = 0; e < earlier.size(); ++e) {
      const double j = exact_jaccard(mine, earlier_sets[e]);
      if (j >= kNever) close[d.id][earlier[e].id] = j;
      if (j >= kSure) sure.insert(d.id);
    }
  }
  ASSERT_GT(sure.size(), 100u);
  // The planted cross-batch duplicates: batch documents derived from an earlier one's base.
  std::map<std::size_t, std::set<std::string>> earlier_of_base;
  for (const GeneratedDoc& d : earlier) earlier_of_base[d.base].insert(d.id);
  std::map<std::string, std::set<std::string>> planted;
  for (const GeneratedDoc& d : batch) {
    if (earlier_of_base.count(d.base)) planted[d.id] = earlier_of_base[d.base];
  }

  std::map<std::string, std::string> found;  // batch id -> the earlier id it names
  for (const std::string& line : testing::part_lines(out, "reference")) {
    const std::vector<std::string> f = testing::split_tabs(line);
    ASSERT_EQ(f.size(), 3u) << line;
    EXPECT_TRUE(found.emplace(f[0], f[1]).second) << "listed twice: " << f[0];
    const double similarity = std::stod(f[2]);
    EXPECT_GE(similarity, kNever) << line;
    EXPECT_LE(similarity, 1.0) << line;
  }
  for (const std::string& id : sure) EXPECT_TRUE(found.count(id)) << id << " was missed";
  EXPECT_EQ(found.size(), planted.size());
  for (const auto& [id, earlier_id] : found) {
    EXPECT_TRUE(planted.count(id) && planted[id].count(earlier_id))
        << id << " -> " << earlier_id << " is not a planted pair";
  }
  for (const auto& [id, earlier_id] : found) {
    const auto twins = close.find(id);
    ASSERT_TRUE(twins != close.end()) << id << " removed by the reference but has no earlier twin";
    EXPECT_TRUE(twins->second.count(earlier_id))
        << id << " names " << earlier_id << ", which is not close to it";
  }
  EXPECT_EQ(testing::stat(out, "/removed_by_reference"), found.size());

  // None of them is in deduped/; every removed document is listed once in removed/.
  std::set<std::string> deduped;
  for (const std::string& line : testing::part_lines(out, "deduped")) deduped.insert(line);
  std::map<std::string, std::string> line_of;
  for (const GeneratedDoc& d : batch) line_of[d.id] = testing::to_json_line(d);
  for (const auto& [id, earlier_id] : found) EXPECT_FALSE(deduped.count(line_of[id])) << id;
  std::map<std::string, std::string> removed_kept;  // removed id -> what it was removed for
  simdjson::dom::parser parser;
  for (const std::string& line : testing::part_lines(out, "removed")) {
    const simdjson::dom::element record = parser.parse(line);
    const std::string id(record["id"].get_string().value());
    const std::string kept(record["kept"].get_string().value());
    EXPECT_TRUE(removed_kept.emplace(id, kept).second) << "removed twice: " << id;
  }
  for (const auto& [id, earlier_id] : found) EXPECT_EQ(removed_kept[id], earlier_id) << id;
  EXPECT_EQ(deduped.size(), summary.docs_kept);
  EXPECT_EQ(removed_kept.size(), summary.docs_removed);
  EXPECT_EQ(summary.docs_read, summary.docs_kept + summary.docs_removed);
  EXPECT_EQ(summary.docs_read, batch.size());
  EXPECT_GT(summary.docs_removed, found.size());  // the batch's own duplicates go too
}

// The generated corpus split into an earlier corpus (every third document) and a new batch.
struct Batches {
  std::vector<GeneratedDoc> earlier, batch;
  std::string dir;
};

Batches write_batches() {
  testing::CorpusSpec spec;
  spec.seed = 77;
  spec.base_docs = 500;
  spec.levels = {0.95, 1.0};
  spec.exact_copies = 1;
  spec.min_tokens = 150;  // long enough that every planted pair is above 0.9
  const std::vector<GeneratedDoc> all = testing::generate_corpus(spec);
  Batches b;
  for (std::size_t i = 0; i < all.size(); ++i) (i % 3 == 0 ? b.earlier : b.batch).push_back(all[i]);
  b.dir = testing::shared_temp_dir();
  testing::write_corpus(b.dir + "/earlier", b.earlier, 2);
  testing::write_corpus(b.dir + "/batch", b.batch, 3);
  return b;
}

JobSummary run_batch_against(const Batches& b, const std::string& reference,
                             VerifyMode verify = VerifyMode::kExact,
                             SignatureKind signature = kDefaultSignature) {
  MinhashOptions options;
  options.verify = verify;
  options.signature = signature;
  options.overwrite = true;
  options.inputs = {b.dir + "/batch"};
  options.output = b.dir + "/out";
  options.reference = reference;
  options.write_deduped = true;
  options.write_removed = true;
  return run_minhash(MPI_COMM_WORLD, options);
}

void finish(const Batches& b) {
  mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  if (testing::world_rank() == 0) fs::remove_all(b.dir);
}

TEST(Reference, AnIndexOfTheEarlierCorpus) {
  const Batches b = write_batches();
  IndexBuildOptions build;
  build.inputs = {b.dir + "/earlier"};
  build.output = b.dir + "/index";
  build.method = "minhash";
  build.verify = VerifyMode::kEstimate;
  run_index_build(MPI_COMM_WORLD, build);
  // The index holds sketches only: an estimate run may use it, an exact run refuses it.
  try {
    run_batch_against(b, b.dir + "/index");
    ADD_FAILURE() << "an exact run used an index without shingle sets";
  } catch (const JobError& e) {
    EXPECT_NE(std::string(e.what()).find("the index holds no shingle sets"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("--verify exact"), std::string::npos) << e.what();
  }
  const JobSummary summary = run_batch_against(b, b.dir + "/index", VerifyMode::kEstimate);
  if (testing::world_rank() == 0)
    check_reference_output(b.earlier, b.batch, b.dir + "/out", summary);
  // An index of classic MinHash serves a classic run, and a run of the default sketch refuses it
  // naming --sketch among the parameters to match.
  build.output = b.dir + "/index-classic";
  build.signature = SignatureKind::kMinhash;
  run_index_build(MPI_COMM_WORLD, build);
  try {
    run_batch_against(b, b.dir + "/index-classic", VerifyMode::kEstimate);
    ADD_FAILURE() << "an OPH run used a classic MinHash index";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("sketches documents differently"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("--sketch"), std::string::npos) << e.what();
  }
  const JobSummary classic = run_batch_against(b, b.dir + "/index-classic", VerifyMode::kEstimate,
                                               SignatureKind::kMinhash);
  if (testing::world_rank() == 0)
    check_reference_output(b.earlier, b.batch, b.dir + "/out", classic);
  finish(b);
}

TEST(Reference, AnEarlierRunsOutputMatchesItsKeptDocuments) {
  const Batches b = write_batches();
  MinhashOptions earlier_run;
  earlier_run.inputs = {b.dir + "/earlier"};
  earlier_run.output = b.dir + "/earlier-out";
  earlier_run.write_deduped = true;
  run_minhash(MPI_COMM_WORLD, earlier_run);
  const JobSummary summary = run_batch_against(b, b.dir + "/earlier-out");
  if (testing::world_rank() == 0) {
    std::set<std::string> kept_lines;
    for (const std::string& line : testing::part_lines(b.dir + "/earlier-out", "deduped"))
      kept_lines.insert(line);
    std::vector<GeneratedDoc> kept;
    for (const GeneratedDoc& d : b.earlier)
      if (kept_lines.count(testing::to_json_line(d))) kept.push_back(d);
    EXPECT_EQ(kept.size(), kept_lines.size());
    EXPECT_LT(kept.size(), b.earlier.size());
    check_reference_output(kept, b.batch, b.dir + "/out", summary);
    EXPECT_FALSE(fs::exists(b.dir + "/out/_reference_index"));
  }
  finish(b);
}

// A document of the batch that the earlier corpus has is removed before clustering: it keeps
// nothing, so a batch document that is its near-duplicate but not the earlier document's is
// kept, not removed for a document that is itself gone (a chain through the reference).
TEST(Reference, ADocumentTheReferenceHasKeepsNothing) {
  const std::string dir = testing::shared_temp_dir();
  const ShingleSpec shingles;
  const auto words = testing::english_words();
  std::vector<GeneratedDoc> earlier, batch;
  for (std::size_t t = 0; t < 20; ++t) {
    std::vector<std::string> text(200);
    for (std::size_t w = 0; w < text.size(); ++w)
      text[w] = words[(t * 7919 + w * 104729) % words.size()] + std::to_string(w % 13);
    const auto joined = [](const std::vector<std::string>& v) {
      std::string out;
      for (const std::string& w : v) out += (out.empty() ? "" : " ") + w;
      return out;
    };
    std::vector<std::string> a = text;
    a[100] = a[101] = "edited";  // a: the earlier document with two words changed
    std::vector<std::string> b = a;
    const std::string r_text = joined(text), a_text = joined(a);
    // b: a with words changed 20 apart until b is a near-duplicate of a but not of r.
    for (std::size_t w = 10;
         exact_jaccard(shingle_set(joined(b), shingles), shingle_set(r_text, shingles)) >= 0.8;
         w += 20) {
      b[w] = "changed" + std::to_string(w);
    }
    const std::string b_text = joined(b);
    ASSERT_GE(exact_jaccard(shingle_set(a_text, shingles), shingle_set(r_text, shingles)), 0.9);
    ASSERT_GE(exact_jaccard(shingle_set(a_text, shingles), shingle_set(b_text, shingles)), 0.8);
    earlier.push_back({"r" + std::to_string(t), r_text, t});
    batch.push_back({"a" + std::to_string(t), a_text, t});
    batch.push_back({"b" + std::to_string(t), b_text, t});
  }
  testing::write_corpus(dir + "/earlier", earlier, 1);
  testing::write_corpus(dir + "/batch", batch, 2);
  MinhashOptions earlier_run;
  earlier_run.inputs = {dir + "/earlier"};
  earlier_run.output = dir + "/earlier-out";
  earlier_run.write_deduped = true;
  run_minhash(MPI_COMM_WORLD, earlier_run);
  MinhashOptions options;
  options.inputs = {dir + "/batch"};
  options.output = dir + "/out";
  options.reference = dir + "/earlier-out";
  options.write_removed = true;
  const JobSummary summary = run_minhash(MPI_COMM_WORLD, options);
  EXPECT_EQ(summary.docs_removed, earlier.size());
  if (testing::world_rank() == 0) {
    std::map<std::string, std::string> removed_for;
    simdjson::dom::parser parser;
    for (const std::string& line : testing::part_lines(dir + "/out", "removed")) {
      const simdjson::dom::element record = parser.parse(line);
      removed_for[std::string(record["id"].get_string().value())] =
          std::string(record["kept"].get_string().value());
    }
    for (std::size_t t = 0; t < earlier.size(); ++t) {
      EXPECT_EQ(removed_for["a" + std::to_string(t)], "r" + std::to_string(t));
      EXPECT_FALSE(removed_for.count("b" + std::to_string(t))) << "b" << t << " removed";
    }
    EXPECT_TRUE(testing::part_lines(dir + "/out", "clusters").empty());
  }
  mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  if (testing::world_rank() == 0) fs::remove_all(dir);
}

}  // namespace
}  // namespace neardup
