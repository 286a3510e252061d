// neardup-gen-corpus: writes a generated JSON Lines corpus with planted near-duplicates
// (the bundled sample corpus and the benchmark corpora come from here).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "tests/support/chain_corpus.hpp"
#include "tests/support/corpus_generator.hpp"
#include "tests/support/realistic_corpus.hpp"

int main(int argc, char** argv) {
  neardup::testing::CorpusSpec spec;
  neardup::testing::RealisticSpec shapes;
  bool realistic = false;
  double chain_threshold = 0;
  std::string output;
  std::uint64_t target_bytes = 0;
  CLI::App app{"write a generated JSON Lines corpus with planted near-duplicates"};
  app.add_option("-o,--output", output, "output .jsonl file")->required();
  app.add_option("--docs", spec.base_docs, "base documents")->capture_default_str();
  app.add_option("--bytes", target_bytes, "repeat generation with new seeds until this many bytes");
  app.add_option("--seed", spec.seed, "random seed")->capture_default_str();
  app.add_option("--planted", spec.planted_fraction, "share of base documents with variants")
      ->capture_default_str();
  app.add_option("--levels", spec.levels, "similarity level of each planted variant");
  app.add_option("--copies", spec.exact_copies, "exact copies per planted base")
      ->capture_default_str();
  app.add_option("--min-tokens", spec.min_tokens)->capture_default_str();
  app.add_option("--max-tokens", spec.max_tokens)->capture_default_str();
  app.add_flag("--english", spec.english, "use common English words");
  app.add_flag("--realistic", realistic,
               "the shapes of real corpora (near-identical families, shared boilerplate, short "
               "documents, quoted mail, licence headers) instead of planted variants");
  app.add_option(
      "--chain", chain_threshold,
      "instead, the corpus whose near-duplicate graph chains (chains just above this "
      "threshold, templates, a family of 1,200, quoted mail: tests/support/chain_corpus)");
  app.add_option("--families", shapes.families,
                 "--realistic: families of near-identical "
                 "documents")
      ->capture_default_str();
  app.add_option("--family-size", shapes.family_size)->capture_default_str();
  app.add_option("--family-lines", shapes.family_lines, "lines per family document (~60 bytes)")
      ->capture_default_str();
  app.add_option("--boilerplate-groups", shapes.boilerplate_groups)->capture_default_str();
  app.add_option("--boilerplate-group-size", shapes.boilerplate_group_size)->capture_default_str();
  app.add_option("--short-docs", shapes.short_docs)->capture_default_str();
  app.add_option("--mail-threads", shapes.mail_threads)->capture_default_str();
  app.add_option("--source-files", shapes.source_files)->capture_default_str();
  app.add_option("--plain-docs", shapes.plain_docs)->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  std::ofstream out(output, std::ios::binary);
  if (!out) {
    std::cerr << output << ": cannot create\n";
    return 1;
  }
  std::uint64_t written = 0;
  std::size_t batch = 0;
  do {
    neardup::testing::CorpusSpec batch_spec = spec;
    batch_spec.seed = spec.seed + batch;
    neardup::testing::RealisticSpec batch_shapes = shapes;
    batch_shapes.seed = spec.seed + batch;
    neardup::testing::ChainSpec chains;
    chains.seed = spec.seed + batch;
    chains.threshold = chain_threshold;
    for (neardup::testing::GeneratedDoc doc :
         chain_threshold > 0 ? neardup::testing::generate_chain_corpus(chains)
         : realistic         ? neardup::testing::generate_realistic_corpus(batch_shapes)
                             : neardup::testing::generate_corpus(batch_spec)) {
      if (batch > 0) doc.id = "b" + std::to_string(batch) + "-" + doc.id;
      const std::string line = neardup::testing::to_json_line(doc) + "\n";
      out << line;
      written += line.size();
    }
    ++batch;
  } while (written < target_bytes);
  out.close();
  if (!out) {
    std::cerr << output << ": write failed\n";
    return 1;
  }
  std::cerr << "wrote " << written << " bytes to " << output << "\n";
  return 0;
}
