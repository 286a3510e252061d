// The benchmark yardstick: a bare pass that only reads, parses and tokenizes JSON Lines files
// (no shingles, no MinHash, no MPI), printing one RESULT line.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/tokenizer.hpp"
#include "io/input_plan.hpp"
#include "io/json_line.hpp"
#include "io/line_reader.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s INPUT...\n", argv[0]);
    return 2;
  }
  const std::vector<std::string> inputs(argv + 1, argv + argc);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t bytes = 0, docs = 0, tokens = 0;
  neardup::JsonLineParser parser("text", "id");
  neardup::ParsedLine parsed;
  neardup::TokenStream stream;
  for (const neardup::InputFile& file : neardup::expand_inputs(inputs)) {
    neardup::SplitLineReader reader(file.path, 0, file.size);
    std::string_view line;
    std::uint64_t offset = 0;
    while (reader.next(line, offset)) {
      if (parser.parse(line, parsed) != neardup::LineStatus::kOk) continue;
      neardup::tokenize(parsed.text, stream);
      ++docs;
      tokens += stream.size();
    }
    bytes += file.size;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "RESULT pass=parse_tokenize bytes=%llu docs=%llu tokens=%llu seconds=%.3f mb_per_s=%.1f\n",
      static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(docs),
      static_cast<unsigned long long>(tokens), seconds, bytes / 1e6 / seconds);
  return 0;
}
