// Audits what runs removed (not run by CI): for each run's clusters/ over a JSON Lines corpus,
// the removed documents whose exact Jaccard with the document kept in their place is below t
// (unique documents a user deleting them would lose), by shape (the id up to its first '-');
// between two runs, the removals only one of them made.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <unordered_map>

#include "core/sketch/jaccard.hpp"
#include "core/sketch/shingles.hpp"
#include "io/json/json_line.hpp"
#include "tests/support/output_files.hpp"
#include "tests/support/realistic_corpus.hpp"

using namespace neardup;
using namespace neardup::testing;

namespace {

// Every document of the corpus files by id: its shingle set under the default shingling.
std::unordered_map<std::string, std::vector<std::uint64_t>> read_corpus(
    const std::vector<std::string>& files) {
  std::unordered_map<std::string, std::vector<std::uint64_t>> sets;
  JsonLineParser parser("text", "id");
  ParsedLine parsed;
  for (const std::string& file : files) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      if (parser.parse(line, parsed) != LineStatus::kOk || !parsed.has_id) continue;
      sets[parsed.id] = shingle_set(parsed.text, ShingleSpec{});
    }
  }
  return sets;
}

// One run's removals: removed id -> kept id.
std::map<std::string, std::string> removals(const std::string& run) {
  std::map<std::string, std::string> out;
  for (const std::string& line : part_lines(run, "clusters")) {
    const std::vector<std::string> f = split_tabs(line);
    if (f.size() >= 3 && f[2] == "0") out[f[0]] = f[1];
  }
  return out;
}

// Prints, by shape, the removed documents and those below t of their kept document.
void audit(const std::string& run,
           const std::unordered_map<std::string, std::vector<std::uint64_t>>& sets,
           double threshold) {
  std::map<std::string, std::pair<std::size_t, std::size_t>> by_shape;  // removed, lost
  std::size_t removed = 0, lost = 0;
  for (const auto& [id, kept] : removals(run)) {
    const double j = exact_jaccard(sets.at(id), sets.at(kept));
    auto& [shape_removed, shape_lost] = by_shape[shape_of(id)];
    ++shape_removed;
    ++removed;
    if (j < threshold) {
      ++shape_lost;
      ++lost;
    }
  }
  std::printf("RESULT audit run=%s removed=%zu below_t_of_kept=%zu share=%.4f\n", run.c_str(),
              removed, lost, removed ? static_cast<double>(lost) / removed : 0.0);
  for (const auto& [shape, counts] : by_shape) {
    std::printf("RESULT audit run=%s shape=%s removed=%zu below_t_of_kept=%zu\n", run.c_str(),
                shape.c_str(), counts.first, counts.second);
  }
}

// Prints, by shape, the documents that one run removed and the other kept.
void compare(const std::string& a, const std::string& b) {
  const std::map<std::string, std::string> ra = removals(a), rb = removals(b);
  std::map<std::string, std::pair<std::size_t, std::size_t>> by_shape;  // only a, only b
  for (const auto& [id, kept] : ra) by_shape[shape_of(id)].first += !rb.count(id);
  for (const auto& [id, kept] : rb) by_shape[shape_of(id)].second += !ra.count(id);
  for (const auto& [shape, counts] : by_shape) {
    std::printf("RESULT compare shape=%s removed_only_by_first=%zu removed_only_by_second=%zu\n",
                shape.c_str(), counts.first, counts.second);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"audit runs' removals against exact Jaccard with the kept document"};
  std::vector<std::string> corpus, runs;
  double threshold = 0.8;
  app.add_option("-i,--input", corpus, "the corpus's JSON Lines files (text, id)")->required();
  app.add_option("--run", runs, "a run's output directory (repeatable; two are compared)")
      ->required();
  app.add_option("-t,--threshold", threshold, "the runs' threshold");
  CLI11_PARSE(app, argc, argv);
  const auto sets = read_corpus(corpus);
  for (const std::string& run : runs) audit(run, sets, threshold);
  if (runs.size() == 2) compare(runs[0], runs[1]);
  return 0;
}
