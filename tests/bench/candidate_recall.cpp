// Which sketch proposes the candidates: for classic MinHash, one permutation hashing (OPH) and,
// as an experiment, C-MinHash, the candidate recall of LSH banding (of the pairs with exact
// Jaccard >= t, the share that share a band key; also the share that pass the sketch filter,
// and of those the share sharing a bucket of at most --max-bucket documents, what candidate
// pairs alone propose) at several t over generated or given corpora,
// with the bands, band keys and shingles the minhash job uses, and each sketch's speed.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "core/id_mix.hpp"
#include "core/lsh/band_keys.hpp"
#include "core/lsh/lsh_params.hpp"
#include "core/sketch/minhash.hpp"
#include "core/sketch/one_permutation.hpp"
#include "core/sketch/shingles.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "io/json/json_line.hpp"
#include "jobs/options/lsh_options.hpp"
#include "tests/support/brute_force.hpp"
#include "tests/support/multilingual_corpus.hpp"
#include "tests/support/realistic_corpus.hpp"

using namespace neardup;
using namespace neardup::testing;

namespace {

using Clock = std::chrono::steady_clock;
using Signer = std::function<void(std::span<const std::uint64_t>, std::span<SigValue>)>;

// C-MinHash (Li & Li 2021): one permutation sigma, then K circulant shifts of a second
// permutation pi: h_k(x) = pi(sigma(x) + k mod 2^64), sigma(x) = mix_id(x + s1) and
// pi(y) = mix_id(y ^ s2), both bijections. Entry k is the high 32 bits of min_x h_k(x).
// An experiment of this tool only (scalar, not tuned).
class CirculantMinHasher {
 public:
  CirculantMinHasher(unsigned num_perm, std::uint64_t seed) : num_perm_(num_perm) {
    std::uint64_t state = seed ^ 0x632D6D696E686173ULL;  // "c-minhas"
    sigma_offset_ = splitmix64(state);
    pi_key_ = splitmix64(state);
  }

  void sign(std::span<const std::uint64_t> shingles, std::span<SigValue> out) const {
    thread_local std::vector<std::uint64_t> mins;
    mins.assign(num_perm_, ~std::uint64_t{0});
    for (const std::uint64_t x : shingles) {
      const std::uint64_t position = mix_id(x + sigma_offset_);
      for (unsigned k = 0; k < num_perm_; ++k) {
        mins[k] = std::min(mins[k], mix_id((position + k) ^ pi_key_));
      }
    }
    for (unsigned k = 0; k < num_perm_; ++k) {
      out[k] = shingles.empty() ? kEmptySigValue : static_cast<SigValue>(mins[k] >> 32);
    }
  }

 private:
  unsigned num_perm_;
  std::uint64_t sigma_offset_;
  std::uint64_t pi_key_;
};

const std::vector<std::string> kSketches = {"classic", "oph", "cminhash"};

// The signing function of sketch `name` with `num_perm` entries and `seed` (kernel auto).
Signer signer_of(const std::string& name, unsigned num_perm, std::uint64_t seed) {
  if (name == "classic") {
    auto h = std::make_shared<MinHasher>(num_perm, seed);
    return [h](auto in, auto out) { h->sign(in, out); };
  }
  if (name == "oph") {
    auto h = std::make_shared<OnePermutationHasher>(num_perm, seed);
    return [h](auto in, auto out) { h->sign(in, out); };
  }
  auto h = std::make_shared<CirculantMinHasher>(num_perm, seed);
  return [h](auto in, auto out) { h->sign(in, out); };
}

struct Corpus {
  std::string name;
  std::vector<std::string> texts;
};

std::vector<std::string> texts_of(const std::vector<GeneratedDoc>& docs) {
  std::vector<std::string> texts;
  for (const GeneratedDoc& d : docs) texts.push_back(d.text);
  return texts;
}

// The "text" field of every line of a JSON Lines file; lines without one are skipped.
Corpus read_jsonl(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  JsonLineParser parser("text", "");
  Corpus corpus{path.substr(path.find_last_of('/') + 1), {}};
  std::string line;
  ParsedLine parsed;
  while (std::getline(in, line)) {
    if (parser.parse(line, parsed) == LineStatus::kOk) corpus.texts.emplace_back(parsed.text);
  }
  return corpus;
}

// The generated corpora, each of roughly 10-20k documents times `scale`.
std::vector<Corpus> generated_corpora(double scale) {
  const auto n = [scale](double x) { return static_cast<std::size_t>(x * scale + 0.5); };
  RealisticSpec real;
  real.families = n(8);
  real.boilerplate_groups = n(24);
  real.short_docs = n(1000);
  real.mail_threads = n(500);
  real.source_files = n(1200);
  real.plain_docs = n(3000);
  MultilingualSpec multi;
  multi.base_docs = n(2000);
  multi.short_docs = n(300);
  CorpusSpec plain;
  plain.base_docs = n(6000);
  plain.english = true;
  plain.levels = {0.3, 0.45, 0.5, 0.6, 0.75, 0.8, 0.85, 0.9, 0.95};
  plain.exact_copies = 1;
  CorpusSpec short_docs = plain;
  short_docs.seed = 7;
  short_docs.min_tokens = 8;
  short_docs.max_tokens = 40;
  return {{"realistic", texts_of(generate_realistic_corpus(real))},
          {"multilingual", texts_of(generate_multilingual_corpus(multi))},
          {"plain", texts_of(generate_corpus(plain))},
          {"short", texts_of(generate_corpus(short_docs))}};
}

// Shingles as the minhash job computes them: Unicode tokens, default ShingleSpec; the
// positions (repeats included) it signs and the sorted distinct set.
struct Shingled {
  std::vector<std::vector<std::uint64_t>> positions;
  std::vector<std::vector<std::uint64_t>> sets;
  double megabytes = 0;
  double seconds = 0;  // tokenize + shingle_hashes
};

Shingled shingle_corpus(const Corpus& corpus) {
  Shingled s;
  Tokenizer tokenizer(TokenizerKind::kUnicode);
  TokenStream tokens;
  const auto start = Clock::now();
  for (const std::string& text : corpus.texts) {
    tokenizer.tokenize(text, tokens);
    shingle_hashes(tokens, ShingleSpec{}, s.positions.emplace_back());
    s.megabytes += static_cast<double>(text.size()) / 1e6;
  }
  s.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (const std::string& text : corpus.texts) {
    tokenizer.tokenize(text, tokens);
    shingle_set_of(tokens, ShingleSpec{}, s.sets.emplace_back());
  }
  return s;
}

// Signatures of every document, num_perm entries each, row-major.
std::vector<SigValue> sign_all(const Signer& sign, const Shingled& s, unsigned num_perm) {
  std::vector<SigValue> sigs(s.positions.size() * num_perm);
  for (std::size_t d = 0; d < s.positions.size(); ++d) {
    sign(s.positions[d], std::span<SigValue>(sigs).subspan(d * num_perm, num_perm));
  }
  return sigs;
}

// One seed's outcome at one threshold.
struct Outcome {
  double recall = 0;           // true pairs sharing a band key / true pairs
  double filtered_recall = 0;  // ... and passing the sketch filter of exact verification
  /// ... sharing a key only in buckets of at most --max-bucket (200) documents: the pairs that
  /// candidate pairs alone (without the larger buckets as groups) would propose
  double listed_recall = 0;
  std::uint64_t candidates = 0;
};

// The documents sharing each band key.
std::unordered_map<std::uint64_t, std::uint32_t> bucket_sizes(
    const std::vector<std::uint64_t>& keys, const Shingled& s, unsigned bands) {
  std::unordered_map<std::uint64_t, std::uint32_t> sizes;
  for (std::size_t d = 0; d < s.sets.size(); ++d) {
    if (s.sets[d].empty()) continue;
    for (unsigned j = 0; j < bands; ++j) ++sizes[keys[d * bands + j]];
  }
  return sizes;
}

// Distinct pairs of documents sharing a band key (keys of all bands grouped together, as the
// job's shuffle does; documents without shingles are never banded).
std::uint64_t count_candidates(const std::vector<std::uint64_t>& keys, const Shingled& s,
                               unsigned bands) {
  std::vector<std::pair<std::uint64_t, std::uint32_t>> tuples;
  for (std::uint32_t d = 0; d < s.sets.size(); ++d) {
    if (s.sets[d].empty()) continue;
    for (unsigned j = 0; j < bands; ++j) tuples.emplace_back(keys[d * bands + j], d);
  }
  std::sort(tuples.begin(), tuples.end());
  std::vector<std::uint64_t> pairs;
  for (std::size_t lo = 0, hi; lo < tuples.size(); lo = hi) {
    for (hi = lo + 1; hi < tuples.size() && tuples[hi].first == tuples[lo].first; ++hi) {
    }
    for (std::size_t i = lo; i < hi; ++i) {
      for (std::size_t k = i + 1; k < hi; ++k) {
        pairs.push_back(std::uint64_t{tuples[i].second} << 32 | tuples[k].second);
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return static_cast<std::uint64_t>(std::unique(pairs.begin(), pairs.end()) - pairs.begin());
}

Outcome measure(const std::vector<SigValue>& sigs, const Shingled& s,
                const std::vector<TruePair>& truth, double t, BandLayout layout,
                unsigned num_perm) {
  const std::size_t docs = s.sets.size();
  std::vector<std::uint64_t> keys(docs * layout.bands);
  for (std::size_t d = 0; d < docs; ++d) {
    band_keys(std::span<const SigValue>(sigs).subspan(d * num_perm, num_perm), layout,
              std::span<std::uint64_t>(keys).subspan(d * layout.bands, layout.bands));
  }
  const unsigned cut = sketch_filter_min_agree(t, num_perm);
  const auto sizes = bucket_sizes(keys, s, layout.bands);
  constexpr std::uint32_t kMaxBucket = 200;  // MinhashOptions::max_bucket's default
  std::size_t found = 0, kept = 0, listed = 0;
  for (const TruePair& p : truth) {
    bool shared = false, small = false;
    for (unsigned j = 0; j < layout.bands; ++j) {
      const std::uint64_t key = keys[p.a * layout.bands + j];
      if (key != keys[p.b * layout.bands + j]) continue;
      shared = true;
      small = small || sizes.at(key) <= kMaxBucket;
    }
    if (!shared) continue;
    ++found;
    const bool passes =
        agreeing_entries(std::span<const SigValue>(sigs).subspan(p.a * num_perm, num_perm),
                         std::span<const SigValue>(sigs).subspan(p.b * num_perm, num_perm)) >= cut;
    kept += passes;
    listed += passes && small;
  }
  const double n = static_cast<double>(truth.size());
  return {static_cast<double>(found) / n, static_cast<double>(kept) / n,
          static_cast<double>(listed) / n, count_candidates(keys, s, layout.bands)};
}

// Median seconds per MB of signing every document with `sign`, over `runs` runs.
double seconds_per_mb(const Signer& sign, const Shingled& s, unsigned num_perm, int runs) {
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const auto start = Clock::now();
    const std::vector<SigValue> sigs = sign_all(sign, s, num_perm);
    times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2] / s.megabytes;
}

struct Row {
  std::string corpus, sketch;
  double t = 0;
  BandLayout layout;
  std::size_t true_pairs = 0;
  double recall_mean = 0, recall_min = 1, filtered_mean = 0, listed_mean = 0, theory = 0;
  double candidates = 0;
  double recall_sd = 0;         // across seeds (sample standard deviation)
  std::vector<double> recalls;  // one per seed
};

struct SpeedRow {
  std::string corpus, sketch;
  double megabytes = 0, seconds_per_mb = 0;
};

// Rows of one sketch at each threshold, over seeds 1..seeds: `all` holds the true pairs at
// the lowest threshold.
std::vector<Row> evaluate(const std::string& corpus, const std::string& sketch, const Shingled& s,
                          const std::vector<TruePair>& all, const std::vector<double>& thresholds,
                          unsigned num_perm, unsigned seeds) {
  std::vector<Row> rows;
  for (const double t : thresholds) {
    const LshOptions defaults;
    Row r;
    r.corpus = corpus;
    r.sketch = sketch;
    r.t = t;
    r.layout = choose_band_layout(t, num_perm, defaults.fp_weight, defaults.fn_weight);
    for (const TruePair& p : all) {
      if (p.jaccard < t) continue;
      ++r.true_pairs;
      r.theory += candidate_probability(p.jaccard, r.layout);
    }
    r.theory /= static_cast<double>(std::max<std::size_t>(r.true_pairs, 1));
    rows.push_back(r);
  }
  for (unsigned seed = 1; seed <= seeds; ++seed) {
    const std::vector<SigValue> sigs = sign_all(signer_of(sketch, num_perm, seed), s, num_perm);
    for (Row& r : rows) {
      std::vector<TruePair> truth;
      std::copy_if(all.begin(), all.end(), std::back_inserter(truth),
                   [&](const TruePair& p) { return p.jaccard >= r.t; });
      if (truth.empty()) continue;
      const Outcome o = measure(sigs, s, truth, r.t, r.layout, num_perm);
      r.recalls.push_back(o.recall);
      r.recall_mean += o.recall / seeds;
      r.recall_min = std::min(r.recall_min, o.recall);
      r.filtered_mean += o.filtered_recall / seeds;
      r.listed_mean += o.listed_recall / seeds;
      r.candidates += static_cast<double>(o.candidates) / seeds;
    }
  }
  for (Row& r : rows) {
    for (const double x : r.recalls) r.recall_sd += (x - r.recall_mean) * (x - r.recall_mean);
    r.recall_sd = std::sqrt(r.recall_sd / std::max<double>(1, seeds - 1.0));
  }
  return rows;
}

// The RESULT line of one row; `seconds_per_mb` is its sketch's speed on its corpus.
void print_result(const Row& r, double seconds_per_mb) {
  std::printf(
      "RESULT corpus=%s sketch=%s t=%.2f bands=%u rows=%u true_pairs=%zu recall_mean=%.5f "
      "recall_min=%.5f recall_sd=%.5f filtered_recall_mean=%.5f listed_recall_mean=%.5f "
      "scurve=%.5f candidates=%.0f sketch_s_per_mb=%.5f\n",
      r.corpus.c_str(), r.sketch.c_str(), r.t, r.layout.bands, r.layout.rows, r.true_pairs,
      r.recall_mean, r.recall_min, r.recall_sd, r.filtered_mean, r.listed_mean, r.theory,
      r.candidates, seconds_per_mb);
}

void print_tables(const std::vector<Row>& rows, const std::vector<SpeedRow>& speeds) {
  std::printf(
      "\n| corpus | t | bands x rows | true pairs | sketch | recall mean | recall min | "
      "vs classic (pp) +- s.e. | after sketch filter | S-curve | candidates |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::map<std::pair<std::string, double>, const Row*> classic;
  for (const Row& r : rows) {
    if (r.sketch == "classic") classic[{r.corpus, r.t}] = &r;
  }
  std::map<std::string, bool> within;  // sketch: within 0.2 pp of classic everywhere
  for (const Row& r : rows) {
    const auto found = classic.find({r.corpus, r.t});
    const Row& c = found == classic.end() ? r : *found->second;
    const double delta = 100 * (r.recall_mean - c.recall_mean);
    const double se = 100 * std::sqrt((r.recall_sd * r.recall_sd + c.recall_sd * c.recall_sd) /
                                      static_cast<double>(r.recalls.size()));
    within.try_emplace(r.sketch, true).first->second &= delta >= -0.2;
    std::printf(
        "| %s | %.1f | %u x %u | %zu | %s | %.4f | %.4f | %+.2f +- %.2f | %.4f | %.4f | %.0f |\n",
        r.corpus.c_str(), r.t, r.layout.bands, r.layout.rows, r.true_pairs, r.sketch.c_str(),
        r.recall_mean, r.recall_min, delta, se, r.filtered_mean, r.theory, r.candidates);
  }
  std::printf("\n| corpus | MB | sketch | s/MB | MB/s |\n|---|---|---|---|---|\n");
  for (const SpeedRow& s : speeds) {
    std::printf("| %s | %.1f | %s | %.4f | %.0f |\n", s.corpus.c_str(), s.megabytes,
                s.sketch.c_str(), s.seconds_per_mb, 1 / s.seconds_per_mb);
  }
  for (const auto& [sketch, yes] : within) {
    if (sketch == "classic") continue;
    std::printf("\n%s mean recall within 0.2 pp of classic's at every t on every corpus: %s\n",
                sketch.c_str(), yes ? "yes" : "no");
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> inputs;
  std::vector<double> thresholds = {0.5, 0.8, 0.9};
  std::vector<std::string> sketches = kSketches;
  unsigned num_perm = LshOptions{}.num_perm;
  unsigned seeds = 5;
  int runs = 5;
  double scale = 1;
  std::vector<std::string> names;
  CLI::App app{"Candidate recall of LSH banding for each sketch against exact all-pairs Jaccard"};
  app.add_option("-i,--input", inputs, "JSON Lines corpora (field text); default: generated");
  app.add_option("-t,--thresholds", thresholds)->capture_default_str();
  app.add_option("--sketches", sketches, "classic, oph, cminhash")->capture_default_str();
  app.add_option("--num-perm", num_perm)->capture_default_str();
  app.add_option("--seeds", seeds, "seeds 1..N per sketch")->capture_default_str();
  app.add_option("--runs", runs, "timed runs per sketch (median)")->capture_default_str();
  app.add_option("--corpora", names,
                 "generated corpora to use (realistic, multilingual, plain, short)");
  app.add_option("--scale", scale, "size of the generated corpora")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  std::vector<Corpus> corpora;
  if (inputs.empty()) {
    corpora = generated_corpora(scale);
    std::erase_if(corpora, [&](const Corpus& c) {
      return !names.empty() && std::find(names.begin(), names.end(), c.name) == names.end();
    });
  } else {
    for (const std::string& path : inputs) corpora.push_back(read_jsonl(path));
  }
  const double lowest = *std::min_element(thresholds.begin(), thresholds.end());
  std::vector<Row> rows;
  std::vector<SpeedRow> speeds;
  for (const Corpus& corpus : corpora) {
    const Shingled s = shingle_corpus(corpus);
    const std::vector<TruePair> all = all_pairs_at_least(corpus.texts, ShingleSpec{}, lowest);
    std::printf(
        "corpus %s: %zu documents, %.1f MB, %zu pairs with J >= %.2f; shingling %.3f s/MB\n",
        corpus.name.c_str(), corpus.texts.size(), s.megabytes, all.size(), lowest,
        s.seconds / s.megabytes);
    std::fflush(stdout);
    std::vector<Row> corpus_rows;
    for (const std::string& sketch : sketches) {
      speeds.push_back({corpus.name, sketch, s.megabytes,
                        seconds_per_mb(signer_of(sketch, num_perm, 1), s, num_perm, runs)});
      std::vector<Row> by_t = evaluate(corpus.name, sketch, s, all, thresholds, num_perm, seeds);
      for (const Row& r : by_t) {
        print_result(r, speeds.back().seconds_per_mb);
        corpus_rows.push_back(r);
      }
      std::fflush(stdout);
    }
    std::stable_sort(corpus_rows.begin(), corpus_rows.end(),
                     [](const Row& a, const Row& b) { return a.t < b.t; });
    rows.insert(rows.end(), corpus_rows.begin(), corpus_rows.end());
  }
  print_tables(rows, speeds);
  return 0;
}
