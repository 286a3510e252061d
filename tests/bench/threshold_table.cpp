// What a Jaccard threshold means on text: over a corpus whose pairs are labelled by
// construction (tests/support/labelled_corpus), how many true duplicates and how many
// different documents are at or above each threshold, with the default shingles (word 5-grams,
// Unicode tokens); and what single edits of one page give which similarity. Prints Markdown.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/graph/union_find.hpp"
#include "core/sketch/jaccard.hpp"
#include "core/sketch/shingles.hpp"
#include "tests/support/brute_force.hpp"
#include "tests/support/greedy_oracle.hpp"
#include "tests/support/labelled_corpus.hpp"

using namespace neardup;
using namespace neardup::testing;

namespace {

const std::vector<double> kThresholds = {0.5, 0.6, 0.7, 0.8, 0.9};

// The kinds of pairs the tables count, in column order.
enum PairKind { kPageCopies, kShortCopies, kSitePages, kMailThread, kUnrelated, kKinds };
constexpr const char* kKindNames[kKinds] = {
    "copies of one page", "copies of one short text", "different pages of one site",
    "a mail message and one quoting it", "unrelated documents"};

PairKind kind_of(const LabelledDoc& a, const LabelledDoc& b) {
  if (a.group != b.group) return kUnrelated;
  switch (a.shape) {
    case LabelledShape::kPage:
      return kPageCopies;
    case LabelledShape::kShortText:
      return kShortCopies;
    case LabelledShape::kSitePage:
      return kSitePages;
    default:
      return kMailThread;
  }
}

std::string count_of(std::size_t part, std::size_t whole) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%zu of %zu (%.0f%%)", part, whole,
                whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return buffer;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5)];
}

// Every pair's kind and exact Jaccard (0 for pairs sharing no shingle).
struct PairTable {
  std::size_t total[kKinds] = {};
  std::vector<double> similarity[kKinds];  // the pairs inside a group, all of them
  std::vector<TruePair> shared;            // every pair sharing a shingle
};

PairTable measure_pairs(const std::vector<LabelledDoc>& docs) {
  std::vector<std::string> texts;
  for (const LabelledDoc& d : docs) texts.push_back(d.text);
  PairTable table;
  table.shared = all_pairs_at_least(texts, ShingleSpec{}, 0.0);
  std::map<std::pair<std::size_t, std::size_t>, double> in_group;
  for (const TruePair& p : table.shared) {
    if (docs[p.a].group == docs[p.b].group) in_group[{p.a, p.b}] = p.jaccard;
  }
  std::map<std::size_t, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < docs.size(); ++i) groups[docs[i].group].push_back(i);
  std::size_t grouped = 0;
  for (const auto& [group, members] : groups) {
    for (std::size_t x = 0; x < members.size(); ++x) {
      for (std::size_t y = x + 1; y < members.size(); ++y) {
        const PairKind kind = kind_of(docs[members[x]], docs[members[y]]);
        const auto found = in_group.find({members[x], members[y]});
        table.similarity[kind].push_back(found == in_group.end() ? 0.0 : found->second);
        ++table.total[kind];
        ++grouped;
      }
    }
  }
  table.total[kUnrelated] = docs.size() * (docs.size() - 1) / 2 - grouped;
  return table;
}

void print_pair_table(const std::vector<LabelledDoc>& docs, const PairTable& table) {
  std::printf("\n## Pairs at or above t (exact Jaccard)\n\n| t |");
  for (const char* name : kKindNames) std::printf(" %s |", name);
  std::printf("\n|---|---|---|---|---|---|\n");
  for (const double t : kThresholds) {
    std::size_t at_least[kKinds] = {};
    for (const TruePair& p : table.shared) {
      if (p.jaccard >= t) ++at_least[kind_of(docs[p.a], docs[p.b])];
    }
    std::printf("| %.1f |", t);
    for (int k = 0; k < kKinds; ++k)
      std::printf(" %s |", count_of(at_least[k], table.total[k]).c_str());
    std::printf("\n");
  }
  std::printf("\n## Similarity of the pairs inside a group: min / p10 / median / p90 / max\n\n");
  for (int k = 0; k < kUnrelated; ++k) {
    const std::vector<double>& s = table.similarity[k];
    std::printf("- %s: %.2f / %.2f / %.2f / %.2f / %.2f\n", kKindNames[k], percentile(s, 0),
                percentile(s, 0.1), percentile(s, 0.5), percentile(s, 0.9), percentile(s, 1));
  }
}

// Which documents are kept at t, in input order: greedily (the default: each document not yet
// removed is kept and removes its near-duplicates) or, with `components`, one per connected
// component of the pairs >= t (--clusters components).
std::vector<char> kept_at(std::size_t n, const PairTable& table, double t, bool components) {
  std::vector<char> kept(n, 0);
  if (components) {
    UnionFind clusters(n);
    for (const TruePair& p : table.shared) {
      if (p.jaccard >= t) clusters.unite(p.a, p.b);
    }
    for (std::size_t i = 0; i < n; ++i) kept[i] = clusters.find(i) == i;
    return kept;
  }
  std::vector<TruePair> pairs;
  for (const TruePair& p : table.shared) {
    if (p.jaccard >= t) pairs.push_back(p);
  }
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  const std::vector<OracleDecision> decisions = greedy_oracle(n, pairs, order);
  for (std::size_t i = 0; i < n; ++i) kept[i] = decisions[i].kept == i;
  return kept;
}

// Clusters at t, keeping the first document in input order as neardup does (greedily, or with
// `components` transitively): copies removed (a document removed while a copy of it is kept)
// and documents lost (no copy of it kept: removed as the duplicate of a different document).
void print_cluster_table(const std::vector<LabelledDoc>& docs, const PairTable& table,
                         bool components) {
  std::printf(components ? "\n## Transitive clusters at t (--clusters components), first document "
                           "kept\n\n"
                         : "\n## Greedy clusters at t (the default), first document kept\n\n");
  std::printf(
      "| t | page copies removed | short-text copies removed | site pages lost | "
      "mail messages lost | pages or short texts lost |\n|---|---|---|---|---|---|\n");
  for (const double t : kThresholds) {
    const std::vector<char> kept = kept_at(docs.size(), table, t, components);
    struct Identity {
      LabelledShape shape;
      std::size_t docs = 0;
      std::size_t kept = 0;
    };
    std::map<std::size_t, Identity> identities;
    for (std::size_t i = 0; i < docs.size(); ++i) {
      Identity& identity = identities[docs[i].identity];
      identity.shape = docs[i].shape;
      ++identity.docs;
      identity.kept += kept[i];
    }
    // Columns: copies of pages and short texts; lost site pages, mail messages, the others.
    std::size_t removed[2] = {}, copies[2] = {}, lost[3] = {}, of[3] = {};
    for (const auto& [id, identity] : identities) {
      const auto shape = static_cast<std::size_t>(identity.shape);
      if (shape < 2) {
        copies[shape] += identity.docs - 1;
        removed[shape] += identity.docs - std::max<std::size_t>(identity.kept, 1);
      }
      const std::size_t column = shape < 2 ? 2 : shape - 2;
      ++of[column];
      if (identity.kept == 0) ++lost[column];
    }
    std::printf("| %.1f | %s | %s | %s | %s | %s |\n", t, count_of(removed[0], copies[0]).c_str(),
                count_of(removed[1], copies[1]).c_str(), count_of(lost[0], of[0]).c_str(),
                count_of(lost[1], of[1]).c_str(), count_of(lost[2], of[2]).c_str());
  }
}

// Where the texts of the single-edit examples come from: generated prose, or windows of
// consecutive words of a real text file.
class TextSource {
 public:
  TextSource(TextMaker& maker, std::vector<std::string> file_words)
      : maker_(maker), file_words_(std::move(file_words)) {}

  std::vector<std::string> take(std::size_t n) {
    if (file_words_.size() < n) return maker_.words(n);
    const auto at = static_cast<std::ptrdiff_t>(maker_.between(0, file_words_.size() - n));
    return {file_words_.begin() + at, file_words_.begin() + at + static_cast<std::ptrdiff_t>(n)};
  }

 private:
  TextMaker& maker_;
  std::vector<std::string> file_words_;
};

double similarity(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return exact_jaccard(shingle_set(join_words(a), ShingleSpec{}),
                       shingle_set(join_words(b), ShingleSpec{}));
}

// One way of making a pair from an edit size: returns the pair's similarity.
using PairMaker = std::function<double(std::size_t size)>;

// The median similarity of `trials` pairs made at `size`.
double median_similarity(const PairMaker& make, std::size_t size, std::size_t trials) {
  std::vector<double> values;
  for (std::size_t i = 0; i < trials; ++i) values.push_back(make(size));
  return percentile(values, 0.5);
}

// For each threshold, the last size (scanning 0, 1, 2, ...) whose median similarity is >= t
// when similarity falls with size, or the first such size when it rises.
std::vector<std::size_t> sizes_at_thresholds(const PairMaker& make, std::size_t max_size,
                                             std::size_t trials, bool rising) {
  std::vector<std::size_t> at(kThresholds.size(), 0);
  std::vector<bool> done(kThresholds.size(), false);
  for (std::size_t size = 0; size <= max_size; ++size) {
    const double median = median_similarity(make, size, trials);
    for (std::size_t i = 0; i < kThresholds.size(); ++i) {
      if (done[i]) continue;
      const bool at_least = median >= kThresholds[i];
      if (at_least) at[i] = size;
      // Falling: the last size at or above t is found once one falls below it.
      done[i] = rising ? at_least : !at_least;
    }
    if (std::all_of(done.begin(), done.end(), [](bool d) { return d; })) break;
  }
  return at;
}

void print_examples(TextMaker& maker, TextSource& source, std::size_t words, std::size_t trials) {
  const PairMaker changed = [&](std::size_t k) {
    std::vector<std::string> page = source.take(words), copy = page;
    maker.change_words(copy, k);
    return similarity(page, copy);
  };
  const PairMaker added = [&](std::size_t n) {
    std::vector<std::string> page = source.take(words), copy = page;
    maker.add_block(copy, n);
    return similarity(page, copy);
  };
  const PairMaker cut = [&](std::size_t n) {
    std::vector<std::string> page = source.take(words), copy = page;
    maker.cut_block(copy, n);
    return similarity(page, copy);
  };
  const PairMaker shared_template = [&](std::size_t n) {
    const std::vector<std::string> site = source.take(n);
    const auto header_end = static_cast<std::ptrdiff_t>(site.size() * 6 / 10);
    std::vector<std::string> pages[2];
    for (std::vector<std::string>& page : pages) {
      const std::vector<std::string> body = source.take(words - n);
      page.assign(site.begin(), site.begin() + header_end);
      page.insert(page.end(), body.begin(), body.end());
      page.insert(page.end(), site.begin() + header_end, site.end());
    }
    return similarity(pages[0], pages[1]);
  };
  const std::vector<std::size_t> k = sizes_at_thresholds(changed, words, trials, false);
  const std::vector<std::size_t> a = sizes_at_thresholds(added, 4 * words, trials, false);
  const std::vector<std::size_t> c = sizes_at_thresholds(cut, words, trials, false);
  const std::vector<std::size_t> b = sizes_at_thresholds(shared_template, words, trials, true);
  std::printf(
      "\n## One edit of a %zu-word page: the largest edit still at or above t "
      "(median of %zu)\n\n| t | words changed, scattered | words added in one block | "
      "words cut in one block | two different pages sharing a template of |\n"
      "|---|---|---|---|---|\n",
      words, trials);
  for (std::size_t i = 0; i < kThresholds.size(); ++i) {
    std::printf("| %.1f | %zu | %zu | %zu | %zu words (%.0f%% of each) |\n", kThresholds[i], k[i],
                a[i], c[i], b[i], 100.0 * static_cast<double>(b[i]) / static_cast<double>(words));
  }
  std::printf("\nShort texts with one word changed (median similarity):");
  for (const std::size_t n : {10, 20, 40, 80}) {
    const PairMaker one_change = [&](std::size_t) {
      std::vector<std::string> text = source.take(n), copy = text;
      maker.change_words(copy, 1);
      return similarity(text, copy);
    };
    std::printf(" %zu words %.2f;", n, median_similarity(one_change, 1, trials));
  }
  std::printf("\n");
}

std::vector<std::string> words_of_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  return {std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
}

std::string text_of_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void print_file_pairs(const std::vector<std::string>& paths) {
  std::printf("\n## Files compared\n\n");
  std::vector<std::vector<std::uint64_t>> sets;
  for (const std::string& path : paths)
    sets.push_back(shingle_set(text_of_file(path), ShingleSpec{}));
  for (std::size_t x = 0; x < paths.size(); ++x) {
    for (std::size_t y = x + 1; y < paths.size(); ++y) {
      std::printf("- %s vs %s: %.3f\n", paths[x].c_str(), paths[y].c_str(),
                  exact_jaccard(sets[x], sets[y]));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  LabelledSpec spec;
  std::size_t page_words = 300;
  std::size_t trials = 101;
  std::string text_file;
  std::vector<std::string> compare;
  CLI::App app{
      "What a Jaccard threshold means: true duplicates and different documents at or "
      "above each threshold on a labelled generated corpus, and single edits of a page"};
  app.add_option("--seed", spec.seed, "seed of the corpus and the edits")->capture_default_str();
  app.add_option("--min-template", spec.min_template_share,
                 "least share of a site page that is the site's template")
      ->capture_default_str();
  app.add_option("--max-template", spec.max_template_share,
                 "largest share of a site page that is the site's template")
      ->capture_default_str();
  app.add_option("--page-words", page_words, "length of the example page")->capture_default_str();
  app.add_option("--trials", trials, "pairs per example size (median)")->capture_default_str();
  app.add_option("--text", text_file,
                 "take the example pages from windows of this text file instead of generated "
                 "prose")
      ->check(CLI::ExistingFile);
  app.add_option("--compare", compare, "also print the similarity of every pair of these files")
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);

  const std::vector<LabelledDoc> docs = generate_labelled_corpus(spec);
  std::map<std::string, std::size_t> by_shape;
  for (const LabelledDoc& d : docs) ++by_shape[shape_name(d.shape)];
  std::printf("# Threshold table (seed %llu): %zu documents:",
              static_cast<unsigned long long>(spec.seed), docs.size());
  for (const auto& [shape, count] : by_shape) std::printf(" %zu %s", count, shape.c_str());
  std::printf(
      "\nsite templates %.0f-%.0f%% of a page; word 5-gram shingles, Unicode tokens "
      "(neardup's defaults)\n",
      100 * spec.min_template_share, 100 * spec.max_template_share);
  const PairTable table = measure_pairs(docs);
  print_pair_table(docs, table);
  print_cluster_table(docs, table, false);
  print_cluster_table(docs, table, true);

  TextMaker maker(spec.seed + 1);
  TextSource source(maker,
                    text_file.empty() ? std::vector<std::string>{} : words_of_file(text_file));
  print_examples(maker, source, page_words, trials);
  if (!compare.empty()) print_file_pairs(compare);
  return 0;
}
