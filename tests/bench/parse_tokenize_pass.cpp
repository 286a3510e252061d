// The benchmark yardstick: a bare pass that only reads (decompressing .gz/.zst), parses and
// tokenizes JSON Lines files (no shingles, no MinHash, no MPI), printing one RESULT line; with
// --simhash tokens|shingles|char it also fingerprints each document (SimHash MB/s per core).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/simhash.hpp"
#include "core/tokenizer.hpp"
#include "io/input_plan.hpp"
#include "io/json_line.hpp"
#include "io/record_reader.hpp"

int main(int argc, char** argv) {
  int first_input = 1;
  std::string pass = "parse_tokenize";
  neardup::SimhashSpec spec;
  if (argc > 2 && std::strcmp(argv[1], "--simhash") == 0) {
    const std::string features = argv[2];
    if (features == "shingles")
      spec.features = neardup::SimhashFeatures::kShingles;
    else if (features == "char")
      spec.features = neardup::SimhashFeatures::kChars;
    else if (features != "tokens") {
      std::fprintf(stderr, "--simhash takes tokens, shingles or char\n");
      return 2;
    }
    pass = "simhash_" + features;
    first_input = 3;
  }
  if (argc <= first_input) {
    std::fprintf(stderr, "usage: %s [--simhash tokens|shingles|char] INPUT...\n", argv[0]);
    return 2;
  }
  const std::vector<std::string> inputs(argv + first_input, argv + argc);
  const bool fingerprint = first_input == 3;
  neardup::SimhashScratch scratch;
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
      neardup::tokenize(parsed.text, stream);
      ++docs;
      tokens += stream.size();
      if (fingerprint) fingerprint_xor ^= neardup::simhash_of(stream, spec, scratch);
    }
    file_bytes += file.size;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "RESULT pass=%s format=%s file_bytes=%llu text_bytes=%llu docs=%llu tokens=%llu "
      "seconds=%.3f text_mb_per_s=%.1f fingerprint_xor=%016llx\n",
      pass.c_str(), formats.c_str(), static_cast<unsigned long long>(file_bytes),
      static_cast<unsigned long long>(text_bytes), static_cast<unsigned long long>(docs),
      static_cast<unsigned long long>(tokens), seconds, text_bytes / 1e6 / seconds,
      static_cast<unsigned long long>(fingerprint_xor));
  return 0;
}
