// The distributed SimHash pair search: every pair of fingerprints within k bits, found with
// Manku et al.'s permuted tables, one table per exchange, each pair reported once.
#include "jobs/hamming_search.hpp"

#include <algorithm>
#include <bit>

#include "core/id_mix.hpp"
#include "core/radix_sort.hpp"

namespace neardup {
namespace {

// One document in one table: the table's key (right-aligned), its fingerprint and the doc.
struct TableTuple {
  std::uint64_t key;
  std::uint64_t fingerprint;
  DocId doc;
};

void add_pair(DocId x, DocId y, std::uint32_t distance, std::vector<HammingPair>& out) {
  out.push_back(x < y ? HammingPair{x, y, distance} : HammingPair{y, x, distance});
}

// Pairs between two runs of documents (the same or different fingerprints): all of them when
// both runs are small, else one edge between their first documents plus the caller's stars.
void pair_runs(std::span<const TableTuple> x, std::span<const TableTuple> y, std::uint32_t distance,
               std::size_t max_run, std::vector<HammingPair>& out, HammingSearchCounts& counts) {
  if (x.size() > max_run || y.size() > max_run) {
    ++counts.capped_runs;
    add_pair(x[0].doc, y[0].doc, distance, out);
    return;
  }
  for (const TableTuple& a : x) {
    for (const TableTuple& b : y) add_pair(a.doc, b.doc, distance, out);
  }
}

// Compares one group (equal key in table `t`, sorted by fingerprint then doc) and appends the
// pairs this table is responsible for.
void compare_group(std::span<const TableTuple> group, unsigned t, const PermutedTables& tables,
                   const HammingSearchLimits& limits, std::vector<HammingPair>& out,
                   HammingSearchCounts& counts) {
  std::vector<std::span<const TableTuple>> runs;
  for (std::size_t i = 0; i < group.size();) {
    std::size_t j = i + 1;
    while (j < group.size() && group[j].fingerprint == group[i].fingerprint) ++j;
    runs.push_back(group.subspan(i, j - i));
    i = j;
  }
  counts.largest_group = std::max<std::uint64_t>(counts.largest_group, runs.size());
  const bool oversized = runs.size() > limits.max_group;
  counts.oversized_groups += oversized;
  const unsigned k = tables.design().max_distance;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::span<const TableTuple> run = runs[i];
    if (t == tables.first_shared_table(run[0].fingerprint, run[0].fingerprint)) {
      if (run.size() > limits.max_run) {
        ++counts.capped_runs;
        for (std::size_t m = 1; m < run.size(); ++m) add_pair(run[0].doc, run[m].doc, 0, out);
      } else {
        for (std::size_t m = 0; m < run.size(); ++m) {
          for (std::size_t n = m + 1; n < run.size(); ++n) add_pair(run[m].doc, run[n].doc, 0, out);
        }
      }
    }
    const std::size_t last =
        oversized ? std::min(runs.size(), i + 1 + limits.max_group) : runs.size();
    for (std::size_t j = i + 1; j < last; ++j) {
      ++counts.comparisons;
      const std::uint64_t a = run[0].fingerprint, b = runs[j][0].fingerprint;
      const auto distance = static_cast<std::uint32_t>(std::popcount(a ^ b));
      if (distance <= k && tables.first_shared_table(a, b) == t) {
        pair_runs(run, runs[j], distance, limits.max_run, out, counts);
      }
    }
  }
}

}  // namespace

std::vector<HammingPair> find_hamming_pairs(Exchanger& exchanger,
                                            std::span<const FingerprintDoc> docs,
                                            const TableDesign& design,
                                            const HammingSearchLimits& limits, const OwnerFn& owner,
                                            HammingSearchCounts& counts) {
  const PermutedTables tables(design);
  const auto ranks = static_cast<std::uint64_t>(exchanger.size());
  std::vector<HammingPair> found;
  std::vector<TableTuple> tuples;
  for (unsigned t = 0; t < tables.size(); ++t) {
    const unsigned bits = tables.key_bits(t);
    tuples.clear();
    tuples.reserve(docs.size());
    for (const FingerprintDoc& d : docs) {
      tuples.push_back({tables.key(t, d.fingerprint) >> (64 - bits), d.fingerprint, d.doc});
    }
    const std::uint64_t salt = mix_id(t + 1);
    std::vector<TableTuple> received = exchanger.shuffle(
        std::span<const TableTuple>(tuples),
        [&](const TableTuple& x) { return static_cast<int>(mix_id(x.key ^ salt) % ranks); });
    counts.tuples += received.size();
    radix_sort(
        received, [](const TableTuple& x) { return x.key; }, bits);
    for (std::size_t i = 0; i < received.size();) {
      std::size_t j = i + 1;
      while (j < received.size() && received[j].key == received[i].key) ++j;
      if (j - i > 1) {
        std::sort(received.begin() + static_cast<std::ptrdiff_t>(i),
                  received.begin() + static_cast<std::ptrdiff_t>(j),
                  [](const TableTuple& x, const TableTuple& y) {
                    return x.fingerprint != y.fingerprint ? x.fingerprint < y.fingerprint
                                                          : x.doc < y.doc;
                  });
        compare_group(std::span<const TableTuple>(received).subspan(i, j - i), t, tables, limits,
                      found, counts);
      }
      i = j;
    }
  }
  tuples = {};
  std::vector<HammingPair> mine = exchanger.shuffle(
      std::span<const HammingPair>(found), [&](const HammingPair& p) { return owner(p.a); });
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace neardup
