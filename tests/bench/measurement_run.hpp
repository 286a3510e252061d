// What the quality tools' in-process job runs share: the corpus in WORK/in, the outputs in
// WORK/out, pairs written, no checkpoint, report or progress.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/corpus_generator.hpp"

namespace neardup {

/// Replaces WORK with WORK/in/corpus.jsonl holding `docs`, one JSON line each.
inline void write_measurement_corpus(const std::string& work,
                                     const std::vector<testing::GeneratedDoc>& docs) {
  std::filesystem::remove_all(work);
  std::filesystem::create_directories(work + "/in");
  std::ofstream out(work + "/in/corpus.jsonl", std::ios::binary);
  for (const testing::GeneratedDoc& d : docs) out << testing::to_json_line(d) << "\n";
}

/// Sets a job's options `o` to read WORK/in and replace WORK/out, writing pairs/ and nothing
/// a measurement does not read.
template <class Options>
void set_measurement_run(Options& o, const std::string& work) {
  o.inputs = {work + "/in"};
  o.output = work + "/out";
  o.overwrite = true;
  o.write_pairs = true;
  o.checkpoint = false;
  o.write_report = false;
  o.progress_seconds = 0;
}

}  // namespace neardup
