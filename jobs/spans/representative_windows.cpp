// Representatives' window hashes kept by k-gram bucket and sent in rounds to their k-grams'
// owners, grouped there by hash, and every window's fact, followers' included, sent back as
// runs.
#include "jobs/spans/representative_windows.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <tuple>

#include "core/release.hpp"
#include "core/sketch/shingles.hpp"
#include "core/spans/window_groups.hpp"
#include "jobs/mpi/compressed_blocks.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/packed_values.hpp"
#include "jobs/spans/record_coding.hpp"
#include "jobs/spans/search_rounds.hpp"

namespace neardup {
namespace {

using Kind = WindowFact::Kind;

// HeldRep reads a window hash as the first kSearchHashBytes bytes of its value.
static_assert(std::endian::native == std::endian::little);

// A representative's windows as its owner sends them to its k-gram's owner, their hashes
// (kSearchHashBytes each) after it: the k-gram hash, where the anchor is, the windows it
// anchors [first, first + count), and the anchors it stands for (itself and its followers).
struct RepHeader {
  std::uint64_t kgram = 0;
  DocId doc = 0;
  std::uint32_t anchor = 0;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  std::uint32_t places = 1;
};

// A header written on the wire: its place as a change, its k-gram hash's low kSearchHashBytes
// bytes, its windows' offsets and counts as varints (about 12 bytes for 32).
void encode_header(RecordWriter& out, const RepHeader& h) {
  out.place(h.doc, h.anchor);
  out.low_bytes(h.kgram, kSearchHashBytes);
  out.number(h.anchor - h.first);
  out.number(h.count);
  out.number(h.places);
}

// A header encode_header wrote (its k-gram hash's high bytes 0).
RepHeader decode_header(RecordReader& in) {
  RepHeader h;
  std::tie(h.doc, h.anchor) = in.place();
  h.kgram = in.low_bytes(kSearchHashBytes);
  h.first = h.anchor - static_cast<std::uint32_t>(in.number());
  h.count = static_cast<std::uint32_t>(in.number());
  h.places = static_cast<std::uint32_t>(in.number());
  return h;
}

// A representative's windows as its k-gram's owner holds them: their hashes, read in place
// in the received blocks.
struct HeldRep {
  RepHeader header;
  const char* hashes = nullptr;

  std::uint64_t hash(std::uint32_t i) const {
    std::uint64_t value = 0;
    std::memcpy(&value, hashes + std::size_t{i} * kSearchHashBytes, kSearchHashBytes);
    return value;
  }
};

// A representative's window as its k-gram's owner groups it, the anchors it stands for, and
// where its fact goes among the group's.
struct HeldWindow {
  Fingerprint print;
  std::uint32_t places = 1;
  std::uint32_t fact = 0;
};

// What group_windows works in, kept between groups so that it is allocated once a round.
struct GroupScratch {
  std::vector<HeldWindow> held;
  std::vector<Fingerprint> prints;
};

// The windows of this rank's representatives (`reps`, read by place) into `windows` by their
// k-gram's bucket: a RepHeader, then the hashes of the windows it anchors.
void representative_windows(RepRuns::Reader& reps, const TokensOf& tokens_of,
                            DocumentWinnower& winnower, const SpanSpec& spec, std::uint64_t mask,
                            BucketSpill& windows, SpanSearchCounts& counts) {
  std::vector<std::uint64_t> window_hashes;
  std::string packed;
  TokenStream tokens;
  std::vector<RepAnchor> of_doc;
  for (const RepAnchor* next = reps.next(); next != nullptr;) {
    const DocId doc = next->doc;
    of_doc.clear();
    for (; next != nullptr && next->doc == doc; next = reps.next()) of_doc.push_back(*next);
    const std::span<const RepAnchor> part(of_doc);
    tokens_of(doc, tokens);
    winnower.winnow(tokens);
    word_shingles_of(winnower.token_hashes(), spec.min_tokens, window_hashes);
    const std::vector<std::uint32_t>& anchor_of = winnower.anchor_of_window();
    for (std::uint32_t p = 0; p < anchor_of.size();) {
      const std::uint32_t anchor = anchor_of[p];
      std::uint32_t end = p + 1;
      while (end < anchor_of.size() && anchor_of[end] == anchor) ++end;
      if (const RepAnchor* rep = at_token(part, anchor)) {
        const std::uint64_t kgram = winnower.kgrams()[anchor];
        const std::size_t bucket = search_bucket(kgram);
        windows.put(bucket, RepHeader{kgram, doc, anchor, p, end - p, rep->places});
        packed.clear();
        RecordWriter hashes(packed);
        for (std::uint32_t w = p; w < end; ++w) {
          hashes.low_bytes(window_hashes[w] & mask, kSearchHashBytes);
        }
        windows.append(bucket, packed);
        counts.windows += end - p;
      }
      p = end;
    }
  }
}

// Representatives' windows (headers and hashes, as spilled) written to the blocks for their
// k-grams' owners among `ranks` (`writers[d]` writes rank d's).
void append_by_owner(std::string_view windows, int ranks, std::vector<RecordWriter>& writers) {
  while (!windows.empty()) {
    const auto header = take_value<RepHeader>(windows);
    const std::size_t hashes = std::size_t{header.count} * kSearchHashBytes;
    RecordWriter& out = writers[static_cast<std::size_t>(fingerprint_owner(header.kgram, ranks))];
    encode_header(out, header);
    out.raw(windows.substr(0, hashes));
    windows.remove_prefix(hashes);
  }
}

// One round's representatives' windows (the buckets of `range` in `spill`: headers and
// hashes), taken bucket by bucket into blocks for their k-grams' owners among `ranks`.
std::vector<std::string> blocks_by_owner(BucketSpill& spill, BucketRange range, int ranks) {
  std::vector<std::string> blocks(static_cast<std::size_t>(ranks));
  std::vector<RecordWriter> writers = writers_of(blocks);
  for (std::size_t b = range.begin; b < range.end; ++b) {
    const std::string bucket = spill.take(b);
    append_by_owner(bucket, ranks, writers);
  }
  return blocks;
}

// The representatives' windows received from every rank (`blocks`, which must outlive
// them), sorted by (k-gram, doc, anchor).
std::vector<HeldRep> held_reps(const ReceivedBlocks& blocks) {
  std::vector<HeldRep> reps;
  for (std::string_view block : blocks) {
    RecordReader in(block);
    while (!in.empty()) {
      const RepHeader header = decode_header(in);
      reps.push_back({header, in.raw(std::size_t{header.count} * kSearchHashBytes).data()});
    }
  }
  std::sort(reps.begin(), reps.end(), [](const HeldRep& a, const HeldRep& b) {
    return std::tie(a.header.kgram, a.header.doc, a.header.anchor) <
           std::tie(b.header.kgram, b.header.doc, b.header.anchor);
  });
  return reps;
}

// The window groups of one k-gram's representatives (`group`, by place): the fact of each
// window among them, group[r]'s in `facts` from `offsets[r]` on. A window is repeated when
// another representative has it or its representative has followers.
void group_windows(std::span<const HeldRep> group, std::vector<WindowFact>& facts,
                   std::vector<std::size_t>& offsets, GroupScratch& scratch,
                   SpanSearchCounts& counts) {
  std::vector<HeldWindow>& held = scratch.held;
  held.clear();
  offsets.clear();
  for (const HeldRep& r : group) {
    offsets.push_back(held.size());
    for (std::uint32_t i = 0; i < r.header.count; ++i) {
      const auto fact = static_cast<std::uint32_t>(held.size());
      held.push_back({{r.hash(i), r.header.doc, r.header.first + i}, r.header.places, fact});
    }
  }
  std::sort(held.begin(), held.end(),
            [](const HeldWindow& a, const HeldWindow& b) { return a.print < b.print; });
  std::vector<Fingerprint>& prints = scratch.prints;
  prints.resize(held.size());
  for (std::size_t i = 0; i < held.size(); ++i) prints[i] = held[i].print;
  const std::vector<WindowFact> found = window_facts(prints);
  facts.assign(prints.size(), WindowFact{});
  for (std::size_t i = 0; i < prints.size(); ++i) {
    facts[held[i].fact] = found[i];
    const bool repeated = found[i].kind != Kind::kUnique || held[i].places > 1;
    counts.repeated += repeated;
    if (repeated && found[i].kind != Kind::kCopy) {  // the first of its group: note its size
      std::uint64_t places = 0;
      for (std::size_t j = i; j < prints.size() && prints[j].hash == prints[i].hash; ++j) {
        places += held[j].places;
      }
      note_repeat(places, counts.largest);
    }
  }
}

// One round on the k-grams' owners: the representatives' windows grouped, and the facts of
// their and their followers' (`followers`, sorted) windows as runs, sent to the documents'
// owners and added to `out` there.
void window_round(Exchanger& exchanger, std::vector<std::string> blocks,
                  std::span<const Follower> followers, const OwnerFn& owner, WindowRuns& out,
                  SpanSearchCounts& counts) {
  ReceivedBlocks received = exchange_compressed_blocks(exchanger, std::move(blocks));
  std::vector<HeldRep> reps = held_reps(received);
  std::vector<WindowRun> runs;
  std::vector<WindowFact> facts;
  std::vector<std::size_t> offsets;
  GroupScratch scratch;
  for (std::size_t begin = 0; begin < reps.size();) {
    std::size_t end = begin + 1;
    while (end < reps.size() && reps[end].header.kgram == reps[begin].header.kgram) ++end;
    const std::span<const HeldRep> group = std::span(reps).subspan(begin, end - begin);
    group_windows(group, facts, offsets, scratch, counts);
    for (std::size_t r = 0; r < group.size(); ++r) {
      const RepHeader& h = group[r].header;
      auto first =
          std::lower_bound(followers.begin(), followers.end(), Follower{h.doc, h.anchor, 0, 0});
      auto last = first;
      while (last != followers.end() && last->rep_doc == h.doc && last->rep_token == h.anchor) {
        ++last;
      }
      resolve_followers({h.doc, h.anchor, h.first, std::span(facts).subspan(offsets[r], h.count)},
                        {first, last}, runs);
    }
    begin = end;
  }
  counts.window_runs += runs.size();
  release(reps);
  received = ReceivedBlocks();
  std::sort(runs.begin(), runs.end(), run_by_place);  // so that each takes a few bytes
  const std::vector<WindowRun> received_runs = exchange_records(
      exchanger, std::move(runs), [&](const WindowRun& w) { return owner(w.doc); },
      encode_window_run, decode_window_run);
  run_agreed(exchanger.comm(), [&] { out.add(received_runs); });  // a spill may fail here only
}

}  // namespace

void representative_window_runs(Exchanger& exchanger, RepRuns& reps, BucketSpill& followers,
                                const TokensOf& tokens_of, DocumentWinnower& winnower,
                                const SpanSpec& spec, std::uint64_t mask, const OwnerFn& owner,
                                const SearchRounds& rounds, WindowRuns& runs,
                                SpanSearchCounts& counts) {
  BucketSpill windows(rounds.path + "-windows", kSearchBuckets, rounds.round_bytes);
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
    RepRuns::Reader reader = reps.read(rounds.findings_bytes());
    representative_windows(reader, tokens_of, winnower, spec, mask, windows, counts);
  });
  counts.spilled_bytes += reps.spilled_bytes();
  std::vector<std::uint64_t> held = bucket_bytes(windows);
  for (std::size_t b = 0; b < held.size(); ++b) held[b] += followers.bytes(b);
  for (const BucketRange range : bucket_rounds(exchanger.comm(), held, rounds.round_bytes)) {
    std::vector<std::string> blocks;
    std::vector<Follower> round_followers;
    run_agreed(exchanger.comm(), [&] {  // reading the spill may fail on this rank only
      blocks = blocks_by_owner(windows, range, exchanger.size());
      round_followers = take_values<Follower>(followers, range);
    });
    std::sort(round_followers.begin(), round_followers.end());
    window_round(exchanger, std::move(blocks), round_followers, owner, runs, counts);
    ++counts.rounds;
  }
  counts.spilled_bytes += windows.spilled_bytes();
}

}  // namespace neardup
