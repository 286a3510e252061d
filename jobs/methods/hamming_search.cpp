// The distributed SimHash pair search: every pair of fingerprints within k bits, found with
// Manku et al.'s permuted tables, one table per exchange, each pair reported once.
#include "jobs/methods/hamming_search.hpp"

#include <algorithm>
#include <bit>

#include "core/id_mix.hpp"
#include "core/radix_sort.hpp"
#include "core/release.hpp"

namespace neardup {
namespace {

// One document in one table: its fingerprint permuted for the table (the key in the top bits)
// and the doc; 16 bytes, so each table's sort moves a third less than with the key apart.
struct TableTuple {
  std::uint64_t permuted;
  DocId doc;
};

// A document of a group being compared: its fingerprint and the doc.
struct GroupMember {
  std::uint64_t fingerprint;
  DocId doc;
};

// The key of the candidate group of a capped run (`other` is the run itself) or of a capped
// pair of runs, from their fingerprints.
std::uint64_t run_group_key(std::uint64_t fingerprint, std::uint64_t other) {
  return mix_id(mix_id(std::min(fingerprint, other)) ^ std::max(fingerprint, other));
}

// Appends the runs' documents to `groups` as one group.
void add_group(std::span<const GroupMember> x, std::span<const GroupMember> y,
               std::vector<GroupedDoc>* groups) {
  if (!groups) return;
  const std::uint64_t key = run_group_key(x[0].fingerprint, y[0].fingerprint);
  for (const GroupMember& m : x) groups->push_back({key, m.doc});
  if (y.data() == x.data()) return;
  for (const GroupMember& m : y) groups->push_back({key, m.doc});
}

void add_pair(DocId x, DocId y, std::uint32_t distance, std::vector<HammingPair>& out) {
  out.push_back(x < y ? HammingPair{x, y, distance} : HammingPair{y, x, distance});
}

// Pairs between two runs of documents (the same or different fingerprints): all of them when
// both runs are small, else one edge between their first documents plus the caller's stars,
// and the two runs as a group.
void pair_runs(std::span<const GroupMember> x, std::span<const GroupMember> y,
               std::uint32_t distance, std::size_t max_run, std::vector<HammingPair>& out,
               std::vector<GroupedDoc>* groups, HammingSearchCounts& counts) {
  if (x.size() > max_run || y.size() > max_run) {
    ++counts.capped_runs;
    add_pair(x[0].doc, y[0].doc, distance, out);
    add_group(x, y, groups);
    return;
  }
  for (const GroupMember& a : x) {
    for (const GroupMember& b : y) add_pair(a.doc, b.doc, distance, out);
  }
}

// Compares one group (equal key in table `t`, sorted by fingerprint then doc) and appends the
// pairs this table is responsible for.
void compare_group(std::span<const GroupMember> group, unsigned t, const PermutedTables& tables,
                   const HammingSearchLimits& limits, std::vector<HammingPair>& out,
                   std::vector<GroupedDoc>* groups, HammingSearchCounts& counts) {
  std::vector<std::span<const GroupMember>> runs;
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
    const std::span<const GroupMember> run = runs[i];
    if (t == tables.first_shared_table(run[0].fingerprint, run[0].fingerprint)) {
      if (run.size() > limits.max_run) {
        ++counts.capped_runs;
        for (std::size_t m = 1; m < run.size(); ++m) add_pair(run[0].doc, run[m].doc, 0, out);
        add_group(run, run, groups);
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
        pair_runs(run, runs[j], distance, limits.max_run, out, groups, counts);
      }
    }
  }
}

}  // namespace

std::vector<HammingPair> find_hamming_pairs(Exchanger& exchanger,
                                            std::span<const FingerprintDoc> docs,
                                            const TableDesign& design,
                                            const HammingSearchLimits& limits, const OwnerFn& owner,
                                            HammingSearchCounts& counts,
                                            std::vector<GroupedDoc>* groups) {
  const PermutedTables tables(design);
  const auto ranks = static_cast<std::uint64_t>(exchanger.size());
  std::vector<HammingPair> found;
  // Buffers reused by every table: allocated and page-faulted once, not 20 times.
  std::vector<TableTuple> tuples, received, scratch;
  std::vector<GroupMember> group;
  for (unsigned t = 0; t < tables.size(); ++t) {
    const unsigned bits = tables.key_bits(t);
    const unsigned shift = 64 - bits;
    const auto key_of = [shift](const TableTuple& x) { return x.permuted >> shift; };
    tuples.resize(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) {
      tuples[i] = {tables.permute(t, docs[i].fingerprint), docs[i].doc};
    }
    const std::uint64_t salt = mix_id(t + 1);
    received.clear();
    exchanger.shuffle_into(
        std::span<const TableTuple>(tuples),
        [&](const TableTuple& x) { return static_cast<int>(mix_id(key_of(x) ^ salt) % ranks); },
        received);
    counts.tuples += received.size();
    radix_sort(received, key_of, bits, scratch);
    for (std::size_t i = 0; i < received.size();) {
      std::size_t j = i + 1;
      while (j < received.size() && key_of(received[j]) == key_of(received[i])) ++j;
      if (j - i > 1) {
        group.clear();
        for (std::size_t m = i; m < j; ++m) {
          group.push_back({tables.unpermute(t, received[m].permuted), received[m].doc});
        }
        std::sort(group.begin(), group.end(), [](const GroupMember& x, const GroupMember& y) {
          return x.fingerprint != y.fingerprint ? x.fingerprint < y.fingerprint : x.doc < y.doc;
        });
        compare_group(group, t, tables, limits, found, groups, counts);
      }
      i = j;
    }
  }
  exchanger.release_scratch();
  release(tuples);
  release(received);
  release(scratch);
  std::vector<HammingPair> mine = exchanger.shuffle(
      std::span<const HammingPair>(found), [&](const HammingPair& p) { return owner(p.a); });
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace neardup
