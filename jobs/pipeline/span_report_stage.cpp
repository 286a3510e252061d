// The spans page's repeats counted on their copies' owners, its documents chosen where they
// are, each rank's best candidates packed to rank 0, which keeps the best of all.
#include "jobs/pipeline/span_report_stage.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <tuple>

#include "io/read/utf8.hpp"
#include "io/scratch/sorted_runs.hpp"
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

// Keeps, of the items offered, every one that could be among the `keep` best by `score`: all
// scoring at least the keep-th best score so far (ties too), pruned whenever they double.
template <class T, class Score>
class Contenders {
 public:
  Contenders(std::size_t keep, Score score) : keep_(keep), score_(score) {}

  void offer(const T& item) {
    items_.push_back(item);
    if (items_.size() >= limit_) prune();
  }

  // The contenders, unordered.
  std::vector<T> take() {
    prune();
    return std::move(items_);
  }

 private:
  void prune() {
    if (items_.size() > keep_) {
      const auto higher = [&](const T& a, const T& b) { return score_(a) > score_(b); };
      const auto kth = items_.begin() + static_cast<std::ptrdiff_t>(keep_ - 1);
      std::nth_element(items_.begin(), kth, items_.end(), higher);
      const auto cutoff = score_(*kth);
      std::erase_if(items_, [&](const T& item) { return score_(item) < cutoff; });
    }
    limit_ = std::max<std::size_t>(2 * items_.size(), 2 * keep_ + 64);
  }

  std::size_t keep_;
  Score score_;
  std::vector<T> items_;
  std::size_t limit_ = 0;
};

// Orders repeat counts by their kept copy: document, first token, length.
constexpr auto by_copy = [](const RepeatCount& a, const RepeatCount& b) {
  return std::tie(a.doc, a.begin, a.tokens) < std::tie(b.doc, b.begin, b.tokens);
};

// What one cut of a batch holds while its kept copy is counted (its record, a tree node).
constexpr std::uint64_t kCountedCutBytes = sizeof(ConfirmedCut) + 64;

// Collective: the kept copies named by every rank's cuts, counted on the copies' owners, that
// could be among the page's repeats (Contenders). The cuts are read in batches of `rounds`'
// bytes; each owner gathers the counts as SortedRuns and sums them as it reads them back.
std::vector<RepeatCount> repeat_contenders(Exchanger& exchanger, const RecordsInFile& cuts,
                                           const OwnerFn& owner, const SearchRounds& rounds) {
  const std::uint64_t batch_cuts =
      std::max<std::uint64_t>(1, rounds.round_bytes / kCountedCutBytes);
  SortedRuns<RepeatCount, decltype(by_copy)> gathered(rounds.path + "-repeats",
                                                      rounds.findings_bytes());
  std::optional<FileRecords<ConfirmedCut>> read;
  run_agreed(exchanger.comm(), [&] { read.emplace(cuts); });
  do {
    std::map<std::tuple<DocId, std::uint32_t, std::uint32_t>, std::uint64_t> batch;
    run_agreed(exchanger.comm(), [&] {
      std::vector<ConfirmedCut> taken;
      read->take(batch_cuts, taken);
      for (const ConfirmedCut& c : taken) {
        ++batch[{c.tokens.equal_doc, c.tokens.equal_begin, c.tokens.end - c.tokens.begin}];
      }
    });
    std::vector<RepeatCount> counts;
    for (const auto& [key, copies] : batch) {
      counts.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), copies});
    }
    counts = exchanger.shuffle_consuming(std::move(counts),
                                         [&](const RepeatCount& r) { return owner(r.doc); });
    run_agreed(exchanger.comm(), [&] { gathered.add(counts); });  // a spill may fail here only
  } while (any_rank(exchanger.comm(), read->left() > 0));
  const auto copies = [](const RepeatCount& r) { return r.copies; };
  Contenders<RepeatCount, decltype(copies)> contenders(kSpansReportRepeats, copies);
  run_agreed(exchanger.comm(), [&] {  // reading the runs back may fail on this rank only
    auto counts = gathered.read(rounds.findings_bytes());
    std::optional<RepeatCount> sum;
    for (const RepeatCount* r = counts.next(); r != nullptr; r = counts.next()) {
      if (sum && !by_copy(*sum, *r)) {
        sum->copies += r->copies;
        continue;
      }
      if (sum) contenders.offer(*sum);
      sum = *r;
    }
    if (sum) contenders.offer(*sum);
  });
  return contenders.take();
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
  using Lost = std::pair<DocId, std::uint64_t>;  // (doc, bytes cut)
  const auto bytes_lost = [](const Lost& d) { return d.second; };
  Contenders<Lost, decltype(bytes_lost)> lost(kSpansReportDocuments, bytes_lost);
  std::optional<Lost> doc_lost;
  FileRecords<ConfirmedCut> read(cuts);
  for (const ConfirmedCut* c = read.next(); c != nullptr; c = read.next()) {
    if (doc_lost && doc_lost->first != c->doc) lost.offer(*doc_lost);
    if (!doc_lost || doc_lost->first != c->doc) doc_lost = Lost(c->doc, 0);
    doc_lost->second += c->bytes.end - c->bytes.start;
  }
  if (doc_lost) lost.offer(*doc_lost);
  const auto named = best(lost.take(), kSpansReportDocuments, bytes_lost, [&](const auto& d) {
    return source.id_of(d.first) + '\0' + source.location_of(d.first);
  });
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
                                const OwnerFn& owner, const SearchRounds& rounds) {
  std::vector<RepeatCount> counts = repeat_contenders(exchanger, cuts, owner, rounds);
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
