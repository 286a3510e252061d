// Units hashed, shuffled by hash, grouped by documents, and their facts sent back.
#include "jobs/stages/unit_facts_stage.hpp"

#include <algorithm>

#include "core/hash128.hpp"
#include "core/spans/text_units.hpp"
#include "core/spans/window_groups.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

SpanFacts find_unit_facts(Exchanger& exchanger, std::span<const DocId> docs,
                          const LocatedOf& located_of, const SpanSpec& spec, std::uint64_t mask,
                          const OwnerFn& owner, SpanSearchCounts& counts) {
  std::vector<Fingerprint> units;
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
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
        units.push_back({hash128(tokens).high & mask, id, u.begin});
      }
    }
  });
  counts.anchors = units.size();
  const int ranks = exchanger.size();
  units = exchanger.shuffle_consuming(
      std::move(units), [&](const Fingerprint& f) { return fingerprint_owner(f.hash, ranks); });
  std::sort(units.begin(), units.end());
  const std::vector<WindowFact> facts = window_facts(units, spec.min_docs);
  SpanFacts found;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (facts[i].kind != WindowFact::Kind::kUnique) {
      found.windows.push_back({units[i].doc, units[i].token, units[i].token, 1, facts[i]});
    }
  }
  counts.repeated = found.windows.size();
  units = {};
  found.windows = exchanger.shuffle_consuming(std::move(found.windows),
                                              [&](const WindowRun& w) { return owner(w.doc); });
  std::sort(found.windows.begin(), found.windows.end(), run_by_place);
  return found;
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
