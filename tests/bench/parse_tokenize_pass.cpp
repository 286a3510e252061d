// The benchmark yardstick: a bare pass that only reads (decompressing .gz/.zst), parses and
// tokenizes JSON Lines files (no shingles, no MinHash, no MPI), printing one RESULT line; with
// --simhash tokens|shingles|char it also fingerprints each document (SimHash MB/s per core);
// with --shingles it also hashes each document's word shingles as the minhash job does
// (pass=parse_tokenize_shingle, the yardstick for the whole job);
// --tokenizer unicode|ascii picks the tokenizer as the jobs' flag does (default unicode), and
// --kernel scalar|avx2|avx512 the ASCII tokenizer kernel as the jobs' --kernel does.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "io/input/input_plan.hpp"
#include "io/json/json_line.hpp"
#include "io/read/record_reader.hpp"

// Whether `name` is a kernel level's name (minhash_kernel_name), and which, into `level`.
bool kernel_named(const std::string& name, neardup::MinhashKernel& level) {
  for (const neardup::MinhashKernel k :
       {neardup::MinhashKernel::kScalar, neardup::MinhashKernel::kAvx2,
        neardup::MinhashKernel::kAvx512}) {
    if (name == neardup::minhash_kernel_name(k)) {
      level = k;
      return true;
    }
  }
  return false;
}

int main(int argc, char** argv) {
  int first_input = 1;
  std::string pass = "parse_tokenize";
  neardup::SimhashSpec spec;
  bool fingerprint = false, shingle = false;
  neardup::TokenizerKind kind = neardup::TokenizerKind::kUnicode;
  neardup::AsciiTokenizerFn ascii = neardup::tokenize;
  std::string kernel = "auto";
  neardup::MinhashKernel level = neardup::best_minhash_kernel();
  while (first_input + 1 < argc && argv[first_input][0] == '-') {
    const std::string flag = argv[first_input];
    if (flag == "--shingles") {
      pass = "parse_tokenize_shingle";
      shingle = true;
      ++first_input;
      continue;
    }
    const std::string value = argv[first_input + 1];
    first_input += 2;
    if (flag == "--kernel" && kernel_named(value, level)) {
      ascii = neardup::ascii_tokenizer_for(level);
      kernel = value;
    } else if (flag == "--tokenizer" && (value == "unicode" || value == "ascii")) {
      kind = value == "ascii" ? neardup::TokenizerKind::kAscii : neardup::TokenizerKind::kUnicode;
    } else if (flag == "--simhash" &&
               (value == "tokens" || value == "shingles" || value == "char")) {
      spec.features = value == "tokens"     ? neardup::SimhashFeatures::kTokens
                      : value == "shingles" ? neardup::SimhashFeatures::kShingles
                                            : neardup::SimhashFeatures::kChars;
      pass = "simhash_" + value;
      fingerprint = true;
    } else {
      std::fprintf(stderr,
                   "%s: --tokenizer takes unicode or ascii, --simhash tokens, shingles or char, "
                   "--kernel scalar, avx2 or avx512, --shingles nothing\n",
                   flag.c_str());
      return 2;
    }
  }
  if (argc <= first_input) {
    std::fprintf(
        stderr,
        "usage: %s [--shingles | --simhash tokens|shingles|char] [--tokenizer unicode|ascii] "
        "[--kernel scalar|avx2|avx512] INPUT...\n",
        argv[0]);
    return 2;
  }
  const std::vector<std::string> inputs(argv + first_input, argv + argc);
  neardup::Tokenizer tokenizer(kind, ascii);
  neardup::SimhashScratch scratch;
  std::vector<std::uint64_t> shingles;
  std::uint64_t fingerprint_xor = 0;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t file_bytes = 0, text_bytes = 0, docs = 0, tokens = 0;
  neardup::JsonLineParser parser("text", "id");
  neardup::ParsedLine parsed;
  neardup::TokenStream stream;
  std::string formats;
  for (const neardup::InputFile& file : neardup::expand_inputs(inputs)) {
    const std::string name = neardup::input_format_name(file.format);
    if (formats.find(name) == std::string::npos) formats += (formats.empty() ? "" : ",") + name;
    const auto reader = neardup::open_records(file.path, file.format, 0, file.size, 1ull << 30);
    neardup::Record record;
    while (reader->next(record)) {
      text_bytes += record.size + 1;
      if (parser.parse(record.bytes, parsed) != neardup::LineStatus::kOk) continue;
      tokenizer.tokenize(parsed.text, stream);
      ++docs;
      tokens += stream.size();
      if (fingerprint) fingerprint_xor ^= neardup::simhash_of(stream, spec, scratch);
      if (shingle) {
        neardup::shingle_hashes(stream, neardup::ShingleSpec{}, shingles);
        for (const std::uint64_t h : shingles) fingerprint_xor ^= h;
      }
    }
    file_bytes += file.size;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "RESULT pass=%s tokenizer=%s kernel=%s format=%s file_bytes=%llu text_bytes=%llu docs=%llu "
      "tokens=%llu "
      "seconds=%.3f text_mb_per_s=%.1f fingerprint_xor=%016llx\n",
      pass.c_str(), neardup::tokenizer_kind_name(kind), kernel.c_str(), formats.c_str(),
      static_cast<unsigned long long>(file_bytes), static_cast<unsigned long long>(text_bytes),
      static_cast<unsigned long long>(docs), static_cast<unsigned long long>(tokens), seconds,
      text_bytes / 1e6 / seconds, static_cast<unsigned long long>(fingerprint_xor));
  return 0;
}
