// Stages 3 and 4, shuffle and candidates: band tuples go to the rank owning their key, equal
// keys are grouped, and the candidate pairs they give go to the rank owning their first doc.
#include "jobs/stages/candidates_stage.hpp"

#include <algorithm>
#include <chrono>

#include "core/lsh/band_keys.hpp"
#include "core/release.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/stage_stats.hpp"

namespace neardup {
namespace {

// Fewest band tuples whose pairs are emitted and merged at once.
constexpr std::size_t kSliceTuples = 1 << 18;

// The bytes below which a message costs mostly its latency (InfiniBand and shared memory reach
// most of their bandwidth from tens of KiB).
constexpr std::uint64_t kSmallMessage = 64 << 10;

}  // namespace

std::vector<DocPair> find_candidates(Exchanger& exchanger, const LocalDocs& docs, BandLayout layout,
                                     std::size_t max_all_pairs, std::size_t round_bytes,
                                     const OwnerFn& owner, CandidateCounts& counts,
                                     std::vector<GroupedDoc>* groups) {
  const auto ranks = static_cast<std::uint64_t>(exchanger.size());
  // Bands are shuffled and grouped a group at a time, so a rank holds the received tuples (and
  // the sort's scratch) of one group, not of all bands: 2 x 16 bytes per document and band of
  // the group. A group is one band, unless one band would send less than kSmallMessage to each
  // rank (many ranks, few documents each): then enough bands to reach it, as far as they fit
  // in one round's bytes on the rank with the most documents, since each exchange costs a
  // message to every other rank whatever it carries. Keys of different bands differ (the band
  // seeds the hash), so grouping bands loses no bucket.
  const std::uint64_t most_docs =
      std::max<std::uint64_t>(1, max_over_ranks(exchanger.comm(), docs.size()));
  const std::uint64_t band_bytes = most_docs * sizeof(BandTuple);
  const std::uint64_t fill_messages = (kSmallMessage * ranks + band_bytes - 1) / band_bytes;
  const std::uint64_t fit_round = round_bytes / (2 * band_bytes);
  const auto bands_per_group = static_cast<unsigned>(
      std::clamp<std::uint64_t>(std::min(fill_messages, fit_round), 1, layout.bands));
  // Tuples are made and shuffled an eighth of a round at a time: they and their packed copy
  // are scratch beside the received tuples, which are what a group must hold.
  const std::size_t docs_per_chunk =
      std::max<std::size_t>(1, round_bytes / 8 / (bands_per_group * sizeof(BandTuple)));
  const std::uint64_t chunks = (most_docs + docs_per_chunk - 1) / docs_per_chunk;
  std::vector<BandTuple> received;
  std::vector<BandTuple> tuples;
  std::vector<DocPair> pairs, fresh, pair_scratch;
  std::vector<BandTuple> capped;
  for (unsigned group = 0; group < layout.bands; group += bands_per_group) {
    const unsigned group_end = std::min(layout.bands, group + bands_per_group);
    received.clear();
    for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
      tuples.clear();
      const std::size_t first = std::min(docs.size(), chunk * docs_per_chunk);
      const std::size_t last = std::min(docs.size(), first + docs_per_chunk);
      for (std::size_t i = first; i < last; ++i) {
        if (docs.features[i] == 0) continue;
        for (unsigned band = group; band < group_end; ++band) {
          tuples.push_back({band_key(docs.sketch(i), layout, band), docs.ids[i]});
        }
      }
      const auto start = std::chrono::steady_clock::now();
      exchanger.shuffle_into(
          std::span<const BandTuple>(tuples),
          [ranks](const BandTuple& t) { return static_cast<int>(t.key % ranks); }, received);
      counts.shuffle_seconds += seconds_since(start);
    }
    counts.band_tuples += received.size();
    sort_band_tuples(received);
    // Pairs are emitted, deduplicated and merged into the distinct pairs so far a slice of
    // buckets at a time: a near-duplicate pair collides in many bands, and keeping every copy
    // held ~9x the distinct pairs. A slice has at least as many tuples as there are distinct
    // pairs, so merging costs no more than emitting.
    for (std::size_t begin = 0; begin < received.size();) {
      std::size_t end =
          std::min(received.size(), begin + std::max<std::size_t>(kSliceTuples, pairs.size()));
      while (end < received.size() && received[end].key == received[end - 1].key) ++end;
      fresh.clear();
      capped.clear();
      counts.capped_buckets +=
          emit_candidate_pairs(std::span<const BandTuple>(received).subspan(begin, end - begin),
                               max_all_pairs, fresh, groups ? &capped : nullptr);
      for (const BandTuple& t : capped) groups->push_back({t.key, t.doc});
      counts.raw_pairs += fresh.size();
      sort_doc_pairs(fresh, pair_scratch);
      fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
      merge_distinct_pairs(pairs, fresh);
      begin = end;
    }
  }
  exchanger.release_scratch();
  release(tuples);
  release(received);
  release(fresh);
  release(capped);
  release(pair_scratch);
  const auto start = std::chrono::steady_clock::now();
  std::vector<DocPair> mine =
      exchanger.shuffle_consuming(std::move(pairs), [&](const DocPair& p) { return owner(p.a); });
  counts.shuffle_seconds += seconds_since(start);
  // Each rank sends its pairs sorted: from one rank in one round they arrive in order.
  if (!std::is_sorted(mine.begin(), mine.end())) sort_doc_pairs(mine);
  mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  counts.candidate_pairs = mine.size();
  return mine;
}

}  // namespace neardup
