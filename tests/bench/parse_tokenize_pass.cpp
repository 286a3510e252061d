// The benchmark yardstick: a bare pass that only reads (decompressing .gz/.zst), parses and
// tokenizes JSON Lines files (no shingles, no MinHash, no MPI), printing one RESULT line.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/tokenizer.hpp"
#include "io/input_plan.hpp"
#include "io/json_line.hpp"
#include "io/record_reader.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s INPUT...\n", argv[0]);
    return 2;
  }
  const std::vector<std::string> inputs(argv + 1, argv + argc);
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
    }
    file_bytes += file.size;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "RESULT pass=parse_tokenize format=%s file_bytes=%llu text_bytes=%llu docs=%llu "
      "tokens=%llu seconds=%.3f text_mb_per_s=%.1f\n",
      formats.c_str(), static_cast<unsigned long long>(file_bytes),
      static_cast<unsigned long long>(text_bytes), static_cast<unsigned long long>(docs),
      static_cast<unsigned long long>(tokens), seconds, text_bytes / 1e6 / seconds);
  return 0;
}
