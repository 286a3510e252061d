// neardup-test-compress: writes a file as a splittable compressed input, BGZF (bgzip's layout)
// or zstd frames (pzstd's, with --skippable), for tests and benchmarks where bgzip or pzstd
// is not installed.
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <iterator>

#include "tests/support/split_compression.hpp"

int main(int argc, char** argv) {
  std::string kind, input, output;
  std::size_t piece_bytes = neardup::testing::kBgzfBlockBytes;
  bool skippable = false;
  CLI::App app{"write a file as BGZF or as zstd frames of a fixed content size"};
  app.add_option("kind", kind, "bgzf or zstd")->required()->check(CLI::IsMember({"bgzf", "zstd"}));
  app.add_option("input", input, "the file to compress")->required();
  app.add_option("output", output, "the compressed file to write")->required();
  app.add_option("--piece-bytes", piece_bytes, "content bytes per member or frame")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30));
  app.add_flag("--skippable", skippable, "zstd: a skippable frame before each frame, as pzstd");
  CLI11_PARSE(app, argc, argv);
  std::ifstream in(input, std::ios::binary);
  if (!in) {
    std::cerr << input << ": cannot open\n";
    return 1;
  }
  const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    const neardup::testing::PiecedFile file =
        kind == "bgzf" ? neardup::testing::bgzf(content, piece_bytes)
                       : neardup::testing::zstd_frames(content, piece_bytes, skippable);
    std::ofstream out(output, std::ios::binary);
    out << file.bytes;
    out.close();
    if (!out) {
      std::cerr << output << ": cannot write\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
