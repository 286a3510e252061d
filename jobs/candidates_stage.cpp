// Stages 3 and 4, shuffle and candidates: band tuples go to the rank owning their key, equal
// keys are grouped, and the candidate pairs they give go to the rank owning their first doc.
#include "jobs/candidates_stage.hpp"

#include <algorithm>
#include <chrono>

#include "core/band_keys.hpp"
#include "jobs/mpi_check.hpp"

namespace neardup {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<DocPair> find_candidates(Exchanger& exchanger, const LocalDocs& docs, BandLayout layout,
                                     std::size_t max_all_pairs, std::size_t round_bytes,
                                     const OwnerFn& owner, CandidateCounts& counts) {
  const auto ranks = static_cast<std::uint64_t>(exchanger.size());
  const std::size_t docs_per_chunk =
      std::max<std::size_t>(1, round_bytes / (layout.bands * sizeof(BandTuple)));
  const std::uint64_t chunks =
      max_over_ranks(exchanger.comm(), (docs.size() + docs_per_chunk - 1) / docs_per_chunk);
  std::vector<BandTuple> received;
  std::vector<BandTuple> tuples;
  std::vector<std::uint64_t> keys(layout.bands);
  for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
    tuples.clear();
    const std::size_t first = std::min(docs.size(), chunk * docs_per_chunk);
    const std::size_t last = std::min(docs.size(), first + docs_per_chunk);
    for (std::size_t i = first; i < last; ++i) {
      if (docs.features[i] == 0) continue;
      band_keys(docs.sketch(i), layout, keys);
      for (const std::uint64_t key : keys) tuples.push_back({key, docs.ids[i]});
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<BandTuple> got =
        exchanger.shuffle(std::span<const BandTuple>(tuples),
                          [ranks](const BandTuple& t) { return static_cast<int>(t.key % ranks); });
    counts.shuffle_seconds += seconds_since(start);
    received.insert(received.end(), got.begin(), got.end());
  }
  counts.band_tuples = received.size();
  sort_band_tuples(received);
  std::vector<DocPair> pairs;
  counts.capped_buckets = emit_candidate_pairs(received, max_all_pairs, pairs);
  received = {};
  counts.raw_pairs = pairs.size();
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  const auto start = std::chrono::steady_clock::now();
  std::vector<DocPair> mine = exchanger.shuffle(std::span<const DocPair>(pairs),
                                                [&](const DocPair& p) { return owner(p.a); });
  counts.shuffle_seconds += seconds_since(start);
  std::sort(mine.begin(), mine.end());
  mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  counts.candidate_pairs = mine.size();
  return mine;
}

}  // namespace neardup
