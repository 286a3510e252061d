// Units hashed, shuffled by hash in rounds of buckets, grouped by documents, and their facts
// sent back.
#include "jobs/spans/unit_facts_stage.hpp"

#include <algorithm>

#include "core/hash128.hpp"
#include "core/spans/text_units.hpp"
#include "core/spans/window_groups.hpp"
#include "io/scratch/bucket_spill.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/spans/record_coding.hpp"
#include "jobs/spans/search_rounds.hpp"

namespace neardup {

namespace {

// A unit on the wire: its place as a change, its whole hash (units are grouped across the
// corpus, where 48 bits would collide), about 11 bytes for 24.
void encode_unit(RecordWriter& out, const Fingerprint& unit) {
  out.place(unit.doc, unit.token);
  out.low_bytes(unit.hash, sizeof unit.hash);
}

// A unit encode_unit wrote.
Fingerprint decode_unit(RecordReader& in) {
  const auto [doc, token] = in.place();
  return {in.low_bytes(sizeof(std::uint64_t)), doc, token};
}

// This rank's documents' units into `units` by their hash's bucket.
void document_units(std::span<const DocId> docs, const LocatedOf& located_of, const SpanSpec& spec,
                    std::uint64_t mask, BucketSpill& units, SpanSearchCounts& counts) {
  LocatedText doc;
  for (const DocId id : docs) {
    located_of(id, doc);
    if (!doc.located) {
      ++counts.unlocated_docs;
      continue;
    }
    for (const TextUnit& u : text_units(doc.text, doc.origins, spec.unit)) {
      const std::string_view tokens =
          std::string_view(doc.tokens.text)
              .substr(doc.tokens.starts[u.begin],
                      doc.tokens.ends[u.end - 1] - doc.tokens.starts[u.begin]);
      const std::uint64_t hash = hash128(tokens).high & mask;
      units.put(search_bucket(hash), Fingerprint{hash, id, u.begin});
      ++counts.anchors;
    }
  }
}

// One round's units shuffled to their hashes' owners and grouped there; the facts of the
// repeated ones sent to the documents' owners and added to `found`.
void unit_round(Exchanger& exchanger, std::vector<Fingerprint> units, const SpanSpec& spec,
                const OwnerFn& owner, WindowRuns& found, SpanSearchCounts& counts) {
  const int ranks = exchanger.size();
  units = exchange_records(
      exchanger, std::move(units),
      [&](const Fingerprint& f) { return fingerprint_owner(f.hash, ranks); }, encode_unit,
      decode_unit);
  std::sort(units.begin(), units.end());
  const std::vector<WindowFact> facts = window_facts(units, spec.min_docs);
  std::vector<WindowRun> repeated;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (facts[i].kind != WindowFact::Kind::kUnique) {
      repeated.push_back({units[i].doc, units[i].token, units[i].token, 1, facts[i]});
    }
  }
  counts.repeated += repeated.size();
  release(units);
  std::sort(repeated.begin(), repeated.end(), run_by_place);  // so that each takes a few bytes
  const std::vector<WindowRun> received = exchange_records(
      exchanger, std::move(repeated), [&](const WindowRun& w) { return owner(w.doc); },
      encode_window_run, decode_window_run);
  run_agreed(exchanger.comm(), [&] { found.add(received); });  // a spill may fail here only
}

}  // namespace

void find_unit_facts(Exchanger& exchanger, std::span<const DocId> docs, const LocatedOf& located_of,
                     const SpanSpec& spec, std::uint64_t mask, const OwnerFn& owner,
                     const SearchRounds& rounds, const FactSink& facts, SpanSearchCounts& counts) {
  BucketSpill units(rounds.path + "-units", kSearchBuckets, rounds.round_bytes);
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
    document_units(docs, located_of, spec, mask, units, counts);
  });
  WindowRuns found(rounds.path + "-runs", rounds.findings_bytes());
  for (const BucketRange range :
       bucket_rounds(exchanger.comm(), bucket_bytes(units), rounds.round_bytes)) {
    std::vector<Fingerprint> round;
    run_agreed(exchanger.comm(), [&] { round = take_values<Fingerprint>(units, range); });
    unit_round(exchanger, std::move(round), spec, owner, found, counts);
    ++counts.rounds;
  }
  run_agreed(exchanger.comm(), [&] {  // reading the runs back may fail on this rank only
    WindowRuns::Reader windows = found.read(rounds.findings_bytes());
    for (const WindowRun* run = windows.next(); run != nullptr; run = windows.next()) facts(*run);
  });
  counts.spilled_bytes += units.spilled_bytes() + found.spilled_bytes();
}

DocumentCuts unit_cuts(const SpanSpec& spec) {
  return [spec](const LocatedText& doc, std::span<const TokenFact>,
                std::span<const WindowRun> windows) {
    ProposedCuts out;
    if (!doc.located) return out;
    const std::vector<TextUnit> units = text_units(doc.text, doc.origins, spec.unit);
    std::vector<WindowFact> facts(units.size());
    std::size_t next = 0;
    for (std::size_t i = 0; i < units.size(); ++i) {
      while (next < windows.size() && windows[next].token < units[i].begin) ++next;
      if (next < windows.size() && windows[next].token == units[i].begin) {
        facts[i] = windows[next].fact;
      }
    }
    std::size_t u = 0;
    for (const TokenCut& cut : cut_units(units, facts, spec.keep)) {
      while (units[u].begin != cut.begin) ++u;
      out.emplace_back(cut, units[u].bytes);
    }
    return out;
  };
}

}  // namespace neardup
