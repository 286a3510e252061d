// Google Benchmark micro-benchmarks of the per-document kernels: tokenizer (ASCII on the best
// kernel and on each kernel, and the Unicode one on ASCII (best and scalar), English with
// typographic quotes, mixed European and Chinese), shingle hashing (of one document again and
// of many in turn), each MinHash kernel, a whole MinHash sketch per kernel, band keys, SimHash,
// and the radix sort of 16-byte tuples against std::sort. Text is random words of 5 letters + a
// space on average (6 bytes per token), the yardstick of the performance targets.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/lsh/band_keys.hpp"
#include "core/radix_sort.hpp"
#include "core/sketch/minhash.hpp"
#include "core/sketch/minhash_kernels.hpp"
#include "core/sketch/one_permutation.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "core/text/tokenizer.hpp"
#include "core/text/unicode_tokenizer.hpp"

namespace neardup {
namespace {

// Random lower-case words of 1-9 letters (mean 5), separated by spaces: ~6 bytes per token.
std::string random_text(std::size_t bytes, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::string text;
  text.reserve(bytes + 16);
  while (text.size() < bytes) {
    const std::size_t letters = 1 + rng() % 9;
    for (std::size_t i = 0; i < letters; ++i) text.push_back(static_cast<char>('a' + rng() % 26));
    text.push_back(' ');
  }
  return text;
}

constexpr std::size_t kDocBytes = 6000;  // a typical web page's text: ~1000 tokens

void BM_Tokenize(benchmark::State& state) {
  const std::string text = random_text(kDocBytes, 1);
  TokenStream tokens;
  for (auto _ : state) {
    tokenize(text, tokens);
    benchmark::DoNotOptimize(tokens.text.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_Tokenize);

// Sentences repeated to a document's size, for the Unicode tokenizer per language.
std::string repeated(const char* sentence) {
  std::string text;
  while (text.size() < kDocBytes) text += sentence;
  return text;
}

// One ASCII tokenizer kernel (tokenize above runs the best one); skipped when the CPU lacks it.
void BM_TokenizeKernel(benchmark::State& state, AsciiTokenizerFn kernel, bool supported) {
  if (!supported) {
    state.SkipWithError("this CPU cannot run the kernel");
    return;
  }
  const std::string text = random_text(kDocBytes, 1);
  TokenStream tokens;
  for (auto _ : state) {
    kernel(text, tokens);
    benchmark::DoNotOptimize(tokens.text.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK_CAPTURE(BM_TokenizeKernel, scalar, tokenize_scalar, true);
BENCHMARK_CAPTURE(BM_TokenizeKernel, avx2, tokenize_avx2, tokenize_avx2_supported());
BENCHMARK_CAPTURE(BM_TokenizeKernel, avx512, tokenize_avx512, tokenize_avx512_supported());
BENCHMARK_CAPTURE(BM_TokenizeKernel, avx512_vbmi2, tokenize_avx512_vbmi2,
                  tokenize_avx512_vbmi2_supported());

// The Unicode tokenizer on `sentence` repeated (random ASCII words when null), its ASCII fast
// path on the CPU's best kernel (scalar: on the scalar kernel, to compare with
// BM_TokenizeKernel/scalar).
void BM_TokenizeUnicode(benchmark::State& state, const char* sentence, bool scalar) {
  const std::string text = sentence == nullptr ? random_text(kDocBytes, 1) : repeated(sentence);
  TokenStream tokens;
  std::uint64_t invalid = 0;
  for (auto _ : state) {
    tokenize_unicode(text, tokens, invalid, scalar ? tokenize_scalar : tokenize);
    benchmark::DoNotOptimize(tokens.text.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK_CAPTURE(BM_TokenizeUnicode, ascii, nullptr, false);
BENCHMARK_CAPTURE(BM_TokenizeUnicode, ascii_scalar, nullptr, true);
// English prose with the typographic quotes and dashes real pages have (a few per sentence).
BENCHMARK_CAPTURE(BM_TokenizeUnicode, english,
                  "The committee\u2019s report, published on Tuesday, found that the new rail "
                  "line would cut journey times by a third \u2014 but only if the \u201cmissing "
                  "link\u201d between the two stations is finished by 2030. ",
                  false);
// German, French, Polish, Russian and Greek sentences, accents and other alphabets.
BENCHMARK_CAPTURE(BM_TokenizeUnicode, european,
                  "\u00c4rger \u00fcber die Stra\u00dfe: gr\u00f6\u00dfere \u00dcbungen "
                  "f\u00fcr J\u00fcrgen. L\u2019\u00e9t\u00e9 dernier, la f\u00eate du "
                  "village \u00e9tait tr\u00e8s appr\u00e9ci\u00e9e. Za\u017c\u00f3\u0142\u0107 "
                  "g\u0119\u015bl\u0105 ja\u017a\u0144. \u041f\u0440\u0438\u0432\u0435\u0442, "
                  "\u043c\u0438\u0440! \u039a\u03b1\u03bb\u03b7\u03bc\u03ad\u03c1\u03b1 "
                  "\u03ba\u03cc\u03c3\u03bc\u03b5. ",
                  false);
BENCHMARK_CAPTURE(BM_TokenizeUnicode, chinese,
                  "\u8fd1\u5e74\u6765\u968f\u7740\u4eba\u5de5\u667a\u80fd\u6280\u672f"
                  "\u7684\u5feb\u901f\u53d1\u5c55\uff0c\u8d8a\u6765\u8d8a\u591a\u7684"
                  "\u4f01\u4e1a\u5f00\u59cb\u5229\u7528\u5927\u89c4\u6a21\u8bed\u8a00"
                  "\u6a21\u578b\u5904\u7406\u6587\u672c\u6570\u636e\u3002",
                  false);

void BM_ShingleHashes(benchmark::State& state) {
  const std::string text = random_text(kDocBytes, 2);
  TokenStream tokens;
  tokenize(text, tokens);
  std::vector<std::uint64_t> shingles;
  const ShingleSpec spec;
  for (auto _ : state) {
    shingle_hashes(tokens, spec, shingles);
    benchmark::DoNotOptimize(shingles.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ShingleHashes);

// As BM_ShingleHashes, cycling through 128 different documents: one document hashed over and
// over lets the branch predictor learn its token lengths, which a corpus never repeats (on
// Zen 4 it learns a few tens of thousands of tokens).
void BM_ShingleHashesManyDocuments(benchmark::State& state) {
  std::vector<TokenStream> documents(128);
  std::uint64_t seed = 100;
  for (TokenStream& tokens : documents) tokenize(random_text(kDocBytes, seed++), tokens);
  std::vector<std::uint64_t> shingles;
  const ShingleSpec spec;
  std::size_t next = 0, bytes = 0;
  for (auto _ : state) {
    const TokenStream& tokens = documents[next];
    next = (next + 1) % documents.size();
    shingle_hashes(tokens, spec, shingles);
    benchmark::DoNotOptimize(shingles.data());
    bytes += tokens.text.size() + 1;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_ShingleHashesManyDocuments);

// The kernel alone on 1000 shingles x 128 permutations; bytes = 6 per shingle.
void BM_MinhashKernel(benchmark::State& state, MinhashKernel kernel) {
  std::mt19937_64 rng(3);
  std::vector<std::uint64_t> a(128), b(128), x(1000);
  for (auto& v : a) v = rng() | 1;
  for (auto& v : b) v = rng();
  for (auto& v : x) v = rng();
  std::vector<std::uint32_t> out(128);
  const MinhashKernelFn fn = minhash_kernel_fn(kernel);
  for (auto _ : state) {
    fn(a.data(), b.data(), a.size(), x.data(), x.size(), out.data());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * x.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * x.size() * 6));
}

// Tokenize + shingle hashes + a 128-entry signature by `hasher` + 32 x 4 band keys of one
// document.
template <class Hasher>
void sketch_benchmark(benchmark::State& state, const Hasher& hasher) {
  const std::string text = random_text(kDocBytes, 4);
  const ShingleSpec spec;
  const BandLayout layout{32, 4};
  TokenStream tokens;
  std::vector<std::uint64_t> shingles, keys(layout.bands);
  std::vector<SigValue> signature(128);
  for (auto _ : state) {
    tokenize(text, tokens);
    shingle_hashes(tokens, spec, shingles);
    hasher.sign(shingles, signature);
    band_keys(signature, layout, keys);
    benchmark::DoNotOptimize(keys.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}

void BM_MinhashSketch(benchmark::State& state, MinhashKernel kernel) {
  sketch_benchmark(state, MinHasher(128, 1, kernel));
}

// One permutation hashing (128 bins) instead of 128 MinHash permutations.
void BM_OnePermutationSketch(benchmark::State& state) {
  sketch_benchmark(state, OnePermutationHasher(128, 1));
}
BENCHMARK(BM_OnePermutationSketch);

void BM_BandKeys(benchmark::State& state) {
  std::mt19937_64 rng(5);
  std::vector<SigValue> signature(128);
  for (auto& v : signature) v = static_cast<SigValue>(rng());
  const BandLayout layout{32, 4};
  std::vector<std::uint64_t> keys(layout.bands);
  for (auto _ : state) {
    band_keys(signature, layout, keys);
    benchmark::DoNotOptimize(keys.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_BandKeys);

void BM_SimHash(benchmark::State& state, SimhashFeatures features) {
  const std::string text = random_text(kDocBytes, 6);
  SimhashSpec spec;
  spec.features = features;
  TokenStream tokens;
  SimhashScratch scratch;
  for (auto _ : state) {
    tokenize(text, tokens);
    benchmark::DoNotOptimize(simhash_of(tokens, spec, scratch));
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK_CAPTURE(BM_SimHash, tokens, SimhashFeatures::kTokens);
BENCHMARK_CAPTURE(BM_SimHash, shingles, SimhashFeatures::kShingles);

struct Tuple {
  std::uint64_t key;
  std::uint64_t doc;
};

std::vector<Tuple> random_tuples(std::size_t n) {
  std::mt19937_64 rng(7);
  std::vector<Tuple> tuples(n);
  for (std::size_t i = 0; i < n; ++i) tuples[i] = {rng(), i};
  return tuples;
}

void BM_RadixSortTuples(benchmark::State& state) {
  const std::vector<Tuple> input = random_tuples(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<Tuple> tuples = input;
    state.ResumeTiming();
    radix_sort(
        tuples, [](const Tuple& t) { return t.key; }, 64);
    benchmark::DoNotOptimize(tuples.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * input.size()));
}
BENCHMARK(BM_RadixSortTuples)->Arg(1 << 22)->Unit(benchmark::kMillisecond);

void BM_StdSortTuples(benchmark::State& state) {
  const std::vector<Tuple> input = random_tuples(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<Tuple> tuples = input;
    state.ResumeTiming();
    std::sort(tuples.begin(), tuples.end(),
              [](const Tuple& a, const Tuple& b) { return a.key < b.key; });
    benchmark::DoNotOptimize(tuples.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * input.size()));
}
BENCHMARK(BM_StdSortTuples)->Arg(1 << 22)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace neardup

// The MinHash benchmarks are registered once per kernel this CPU supports, named after it.
int main(int argc, char** argv) {
  for (const neardup::MinhashKernel kernel : neardup::supported_minhash_kernels()) {
    const std::string name = neardup::minhash_kernel_name(kernel);
    benchmark::RegisterBenchmark(("BM_MinhashKernel/" + name).c_str(), neardup::BM_MinhashKernel,
                                 kernel);
    benchmark::RegisterBenchmark(("BM_MinhashSketch/" + name).c_str(), neardup::BM_MinhashSketch,
                                 kernel);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
