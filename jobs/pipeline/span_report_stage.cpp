// The spans page's repeats counted on their copies' owners, its documents chosen where they
// are, each rank's best candidates packed to rank 0, which keeps the best of all.
#include "jobs/pipeline/span_report_stage.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

#include "io/read/utf8.hpp"
#include "jobs/mpi/compressed_blocks.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/packed_values.hpp"

namespace neardup {
namespace {

// Cuts naming one kept copy: its document, first token and length.
struct RepeatCount {
  DocId doc = 0;
  std::uint32_t begin = 0;
  std::uint32_t tokens = 0;
  std::uint64_t copies = 0;
};

// The `keep` best of `items`, with their names: by `score` (higher first), ties by `name`.
// Only the items scoring at least the keep-th best score are named (naming reads documents).
template <class T, class Score, class Name>
std::vector<std::pair<T, std::string>> best(std::vector<T> items, std::size_t keep, Score score,
                                            Name name) {
  std::sort(items.begin(), items.end(),
            [&](const T& a, const T& b) { return score(a) > score(b); });
  std::vector<std::pair<T, std::string>> out;
  for (const T& item : items) {
    if (out.size() >= keep && score(item) < score(out[keep - 1].first)) break;
    out.emplace_back(item, name(item));
  }
  std::sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
    return score(a.first) != score(b.first) ? score(a.first) > score(b.first) : a.second < b.second;
  });
  if (out.size() > keep) out.resize(keep);
  return out;
}

// Collective: the kept copies named by this rank's cuts, counted on the copies' owners.
std::vector<RepeatCount> repeat_counts(Exchanger& exchanger, const RecordsInFile& cuts,
                                       const OwnerFn& owner) {
  std::map<std::tuple<DocId, std::uint32_t, std::uint32_t>, std::uint64_t> local;
  FileRecords<ConfirmedCut> read(cuts);
  for (const ConfirmedCut* c = read.next(); c != nullptr; c = read.next()) {
    ++local[{c->tokens.equal_doc, c->tokens.equal_begin, c->tokens.end - c->tokens.begin}];
  }
  std::vector<RepeatCount> counts;
  for (const auto& [key, copies] : local) {
    counts.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), copies});
  }
  counts = exchanger.shuffle_consuming(std::move(counts),
                                       [&](const RepeatCount& r) { return owner(r.doc); });
  std::sort(counts.begin(), counts.end(), [](const RepeatCount& a, const RepeatCount& b) {
    return std::tie(a.doc, a.begin, a.tokens) < std::tie(b.doc, b.begin, b.tokens);
  });
  std::vector<RepeatCount> summed;
  for (const RepeatCount& r : counts) {
    if (!summed.empty() && summed.back().doc == r.doc && summed.back().begin == r.begin &&
        summed.back().tokens == r.tokens) {
      summed.back().copies += r.copies;
    } else {
      summed.push_back(r);
    }
  }
  return summed;
}

// This rank's best repeats, packed for rank 0: how many, then each one's copies, tokens,
// first token, truncated, id and text.
std::string packed_repeats(std::vector<RepeatCount> counts, const SpansReportSource& source) {
  LocatedText doc;
  std::map<DocId, std::string> ids;
  const auto named = best(
      std::move(counts), kSpansReportRepeats, [](const RepeatCount& r) { return r.copies; },
      [&](const RepeatCount& r) {  // the id, then the first token and length, ordered as numbers
        auto [id, added] = ids.try_emplace(r.doc);
        if (added) id->second = source.id_of(r.doc);
        char place[32];
        std::snprintf(place, sizeof place, "%010u %010u", r.begin, r.tokens);
        return id->second + '\0' + place;
      });
  std::string out;
  put_value(out, std::uint64_t{named.size()});
  for (const auto& [r, name] : named) {
    source.located_of(r.doc, doc);
    std::string_view text;
    if (doc.located && r.tokens > 0 && r.begin + r.tokens <= doc.origins.size()) {
      const std::uint32_t start = doc.origins[r.begin].start;
      text =
          std::string_view(doc.text).substr(start, doc.origins[r.begin + r.tokens - 1].end - start);
    }
    const std::size_t shown = utf8_prefix_length(text, kSpansReportTextBytes);
    put_value(out, r.copies);
    put_value(out, std::uint64_t{r.tokens});
    put_value(out, r.begin);
    put_value(out, static_cast<std::uint8_t>(shown < text.size()));
    put_string(out, name.substr(0, name.rfind('\0')));
    put_string(out, text.substr(0, shown));
  }
  return out;
}

// The byte cuts of `docs` (sorted) among `cuts`, by document.
std::map<DocId, std::vector<ByteCut>> byte_cuts_of(const RecordsInFile& cuts,
                                                   std::span<const DocId> docs) {
  std::map<DocId, std::vector<ByteCut>> out;
  FileRecords<ConfirmedCut> read(cuts);
  for (const ConfirmedCut* c = read.next(); c != nullptr; c = read.next()) {
    if (std::binary_search(docs.begin(), docs.end(), c->doc)) out[c->doc].push_back(c->bytes);
  }
  return out;
}

// This rank's documents that lost the most bytes, packed for rank 0.
std::string packed_documents(const RecordsInFile& cuts, std::span<const DocId> removed,
                             const SpansReportSource& source) {
  std::vector<std::pair<DocId, std::uint64_t>> lost;  // (doc, bytes cut)
  FileRecords<ConfirmedCut> read(cuts);
  for (const ConfirmedCut* c = read.next(); c != nullptr; c = read.next()) {
    if (lost.empty() || lost.back().first != c->doc) lost.emplace_back(c->doc, 0);
    lost.back().second += c->bytes.end - c->bytes.start;
  }
  const auto named = best(
      std::move(lost), kSpansReportDocuments, [](const auto& d) { return d.second; },
      [&](const auto& d) { return source.id_of(d.first) + '\0' + source.location_of(d.first); });
  std::vector<DocId> shown_docs;
  for (const auto& [d, name] : named) shown_docs.push_back(d.first);
  std::sort(shown_docs.begin(), shown_docs.end());
  const std::map<DocId, std::vector<ByteCut>> doc_cuts = byte_cuts_of(cuts, shown_docs);
  std::string out;
  LocatedText doc;
  for (const auto& [d, name] : named) {
    source.located_of(d.first, doc);
    const std::size_t shown = utf8_prefix_length(doc.text, kSpansReportTextBytes);
    const std::size_t split = name.rfind('\0');
    put_string(out, name.substr(0, split));
    put_string(out, name.substr(split + 1));
    put_string(out, std::string_view(doc.text).substr(0, shown));
    put_value(out, std::uint64_t{doc.text.size()});
    put_value(out, d.second);
    put_value(out, static_cast<std::uint8_t>(
                       std::binary_search(removed.begin(), removed.end(), d.first)));
    std::vector<std::pair<std::uint64_t, std::uint64_t>> shown_cuts;
    for (const ByteCut& b : doc_cuts.at(d.first)) {
      if (b.start < shown) shown_cuts.emplace_back(b.start, std::min<std::uint64_t>(b.end, shown));
    }
    put_value(out, std::uint64_t{shown_cuts.size()});
    for (const auto& [start, end] : shown_cuts) {
      put_value(out, start);
      put_value(out, end);
    }
  }
  return out;
}

// A rank's block (packed_repeats, then packed_documents) added to `report`; nothing when the
// block is empty (sent to a rank other than 0).
void unpack(std::string_view in, SpansReport& report) {
  if (in.empty()) return;
  const auto repeats = take_value<std::uint64_t>(in);
  for (std::uint64_t i = 0; i < repeats; ++i) {
    SpansReportRepeat r;
    r.copies = take_value<std::uint64_t>(in);
    r.tokens = take_value<std::uint64_t>(in);
    r.first_token = take_value<std::uint32_t>(in);
    r.truncated = take_value<std::uint8_t>(in) != 0;
    r.kept_id = take_string(in);
    r.text = take_string(in);
    report.repeats.push_back(std::move(r));
  }
  while (!in.empty()) {
    SpansReportDocument d;
    d.id = take_string(in);
    d.location = take_string(in);
    d.text = take_string(in);
    d.text_bytes = take_value<std::uint64_t>(in);
    d.bytes_cut = take_value<std::uint64_t>(in);
    d.removed = take_value<std::uint8_t>(in) != 0;
    d.truncated = d.text.size() < d.text_bytes;
    d.cuts.resize(take_value<std::uint64_t>(in));
    for (auto& [start, end] : d.cuts) {
      start = take_value<std::uint64_t>(in);
      end = take_value<std::uint64_t>(in);
    }
    report.documents.push_back(std::move(d));
  }
}

}  // namespace

SpansReport gather_spans_report(Exchanger& exchanger, const RecordsInFile& cuts,
                                std::span<const DocId> removed, const SpansReportSource& source,
                                const OwnerFn& owner) {
  std::vector<RepeatCount> counts = repeat_counts(exchanger, cuts, owner);
  std::vector<std::string> blocks(static_cast<std::size_t>(exchanger.size()));
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
    blocks[0] = packed_repeats(std::move(counts), source) + packed_documents(cuts, removed, source);
  });
  SpansReport report;
  for (const std::string_view block : exchange_compressed_blocks(exchanger, std::move(blocks))) {
    unpack(block, report);
  }
  if (exchanger.rank() != 0) return {};
  std::sort(report.repeats.begin(), report.repeats.end(), [](const auto& a, const auto& b) {
    return a.copies != b.copies
               ? a.copies > b.copies
               : std::tie(a.kept_id, a.first_token) < std::tie(b.kept_id, b.first_token);
  });
  if (report.repeats.size() > kSpansReportRepeats) report.repeats.resize(kSpansReportRepeats);
  std::sort(report.documents.begin(), report.documents.end(), [](const auto& a, const auto& b) {
    return a.bytes_cut != b.bytes_cut ? a.bytes_cut > b.bytes_cut
                                      : std::tie(a.id, a.location) < std::tie(b.id, b.location);
  });
  if (report.documents.size() > kSpansReportDocuments) {
    report.documents.resize(kSpansReportDocuments);
  }
  return report;
}

}  // namespace neardup
