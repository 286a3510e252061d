// Spans cuts: proposed from the facts, then confirmed against stretches of equal text fetched
// in one request shuffle and one answer exchange per round.
#include "jobs/spans/span_cuts_stage.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include "jobs/mpi/compressed_blocks.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/spans/record_coding.hpp"

namespace neardup {
namespace {

// A run of another document's tokens that a cut says it equals.
struct RunRef {
  DocId doc = 0;
  std::uint32_t begin = 0;
  std::uint32_t length = 0;
  auto operator<=>(const RunRef&) const = default;
};

// A request for the first byte of token `offset` of a stretch of equal text (where a cut's
// kept copy starts), and for the stretch itself when `with_text`, as shuffled to its owner.
struct RunRequest {
  RunRef run;
  std::int32_t from = 0;     // the asking rank
  std::uint32_t serial = 0;  // the stretch's number on that rank
  std::uint32_t offset = 0;
  std::uint32_t with_text = 0;
};

// A request on the wire: its offset and whether it asks for the text, then, when it does (the
// first request of its stretch), the stretch, the asking rank and the stretch's number. The
// other requests of a stretch follow the first in their block, and take 1-2 bytes.
void encode_request(RecordWriter& out, const RunRequest& r) {
  out.number(std::uint64_t{r.offset} << 1 | r.with_text);
  if (r.with_text == 0) return;
  out.place(r.run.doc, r.run.begin);
  out.number(r.run.length);
  out.number(static_cast<std::uint32_t>(r.from));
  out.number(r.serial);
}

// Reads the requests of one block in order: one without text is of the stretch before it, so
// a block must start with a request with text.
struct RequestDecoder {
  RunRequest last;
  bool started = false;

  RunRequest operator()(RecordReader& in) {
    const std::uint64_t first = in.number();
    last.offset = static_cast<std::uint32_t>(first >> 1);
    last.with_text = static_cast<std::uint32_t>(first & 1);
    if (last.with_text == 0) {
      if (!started) throw std::logic_error("a block of requests starts without its stretch");
      return last;
    }
    started = true;
    std::tie(last.run.doc, last.run.begin) = in.place();
    last.run.length = static_cast<std::uint32_t>(in.number());
    last.from = static_cast<std::int32_t>(in.number());
    last.serial = static_cast<std::uint32_t>(in.number());
    return last;
  }
};

// A fetched stretch of equal text: the canonical text of its first `tokens` tokens (fewer than
// asked when its document ends first), where each starts in that text, and the first byte of
// the tokens asked for (offset, byte; -1: unknown).
struct StretchAnswer {
  std::uint32_t tokens = 0;
  std::string text;
  std::vector<std::uint32_t> token_starts;
  std::vector<std::pair<std::uint32_t, std::int64_t>> starts;

  // `starts` sorted by offset (as the owner answers them).
  std::int64_t start_of(std::uint32_t offset) const {
    const auto it = std::lower_bound(starts.begin(), starts.end(), offset,
                                     [](const auto& s, std::uint32_t at) { return s.first < at; });
    return it != starts.end() && it->first == offset ? it->second : -1;
  }

  // The text of tokens [first, first + count), or nullopt when the stretch lacks them.
  std::optional<std::string_view> run(std::uint32_t first, std::uint32_t count) const {
    if (count == 0 || first + count > tokens) return std::nullopt;
    const std::size_t end = first + count < tokens ? token_starts[first + count] - 1 : text.size();
    return std::string_view(text).substr(token_starts[first], end - token_starts[first]);
  }
};

// Where a run lies in the stretch fetched for it: the stretch's number and the run's first
// token in it.
struct RunPlace {
  std::uint32_t stretch = 0;
  std::uint32_t shift = 0;
};

// A proposed cut and its own canonical text, waiting for its equal run.
struct Proposed {
  ConfirmedCut cut;
  std::string text;
  std::uint32_t serial = 0;
  std::uint32_t length = 0;  // the run's tokens
  std::uint32_t offset = 0;  // of the cut's first token in the run
};

std::string_view run_text(const TokenStream& tokens, std::uint32_t begin, std::uint32_t end) {
  return std::string_view(tokens.text)
      .substr(tokens.starts[begin], tokens.ends[end - 1] - tokens.starts[begin]);
}

// What a round holds for one proposed cut besides its text: the proposal, and when its run is
// new, the run's numbering entry (a tree node), place and request, and its answer's record.
constexpr std::uint64_t kProposalBytes = sizeof(Proposed);
constexpr std::uint64_t kRunBytes = sizeof(std::pair<const RunRef, std::uint32_t>) + 32 +
                                    sizeof(RunPlace) + sizeof(RunRequest) + sizeof(StretchAnswer);

// The proposed cuts of this rank's next documents of `facts`, taken until what they hold
// (their text, records and runs) reaches `round_bytes` (at least one document), and the
// distinct runs their proofs name, numbered. Short cuts (lines) are many records for little
// text: counting only the text let a round hold several times its bytes.
std::vector<Proposed> propose(DocumentFacts& facts, std::uint64_t round_bytes,
                              const LocatedOf& located_of, const DocumentCuts& cuts_of,
                              std::map<RunRef, std::uint32_t>& runs, SpanCutCounts& counts) {
  std::vector<Proposed> proposed;
  LocatedText doc;
  std::vector<TokenFact> anchors;
  std::vector<WindowRun> windows;
  std::uint64_t held_bytes = 0;
  while (facts.more() && (held_bytes < round_bytes || proposed.empty())) {
    const DocId id = facts.next(anchors, windows);
    located_of(id, doc);
    const ProposedCuts cuts = cuts_of(doc, anchors, windows);
    counts.proposed += cuts.size();
    if (!doc.located && !cuts.empty()) ++counts.unlocated_docs;
    for (const auto& [cut, bytes] : doc.located ? cuts : ProposedCuts{}) {
      const RunRef run{cut.equal_doc, cut.equal_proof_begin(), cut.proof_end - cut.proof_begin};
      const auto [it, added] = runs.emplace(run, static_cast<std::uint32_t>(runs.size()));
      Proposed p;
      p.cut.doc = id;
      p.cut.doc_tokens = static_cast<std::uint32_t>(doc.tokens.size());
      p.cut.tokens = cut;
      p.cut.bytes = bytes;
      p.text = run_text(doc.tokens, cut.proof_begin, cut.proof_end);
      p.serial = it->second;
      p.length = run.length;
      p.offset = cut.begin - cut.proof_begin;
      held_bytes += p.text.size() + kProposalBytes + (added ? kRunBytes : 0);
      proposed.push_back(std::move(p));
    }
  }
  return proposed;
}

// Answers the requests this rank received: per asking rank, its answers as bytes. Each: the
// stretch's number, the offset and whether the text follows, the first byte of the offset's
// token (+1: 0 when unknown); with the text, the tokens and the text.
std::vector<std::string> answer(std::vector<RunRequest> requests, int ranks,
                                const LocatedOf& located_of) {
  std::sort(requests.begin(), requests.end(), [](const RunRequest& a, const RunRequest& b) {
    return std::tie(a.run, a.from, a.offset) < std::tie(b.run, b.from, b.offset);
  });
  std::vector<std::string> out(static_cast<std::size_t>(ranks));
  std::vector<RecordWriter> writers = writers_of(out);
  LocatedText doc;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const RunRequest& r = requests[i];
    if (i == 0 || requests[i - 1].run.doc != r.run.doc) located_of(r.run.doc, doc);
    RecordWriter& to = writers[static_cast<std::size_t>(r.from)];
    const std::size_t size = doc.tokens.size();
    const std::uint32_t named = r.run.begin + r.offset;
    to.number(r.serial);
    to.number(std::uint64_t{r.offset} << 1 | r.with_text);
    to.number(named < size && doc.located && named < doc.origins.size()
                  ? std::uint64_t{doc.origins[named].start} + 1
                  : 0);
    if (r.with_text == 0) continue;
    const auto tokens = static_cast<std::uint32_t>(
        r.run.begin < size ? std::min<std::size_t>(r.run.length, size - r.run.begin) : 0);
    to.number(tokens);
    if (tokens == 0) continue;
    to.text(run_text(doc.tokens, r.run.begin, r.run.begin + tokens));
  }
  return out;
}

// The stretches of equal text to fetch for `runs` (by serial in `places`): each document's
// overlapping or touching runs merged into one.
std::vector<RunRef> stretches_of(const std::map<RunRef, std::uint32_t>& runs,
                                 std::vector<RunPlace>& places) {
  std::vector<RunRef> stretches;
  places.assign(runs.size(), RunPlace{});
  for (const auto& [run, serial] : runs) {  // by document, then first token
    const std::uint32_t end = run.begin + run.length;
    if (stretches.empty() || stretches.back().doc != run.doc ||
        run.begin > stretches.back().begin + stretches.back().length) {
      stretches.push_back(run);
    } else {
      RunRef& last = stretches.back();
      last.length = std::max(last.length, end - last.begin);
    }
    places[serial] = {static_cast<std::uint32_t>(stretches.size() - 1),
                      run.begin - stretches.back().begin};
  }
  return stretches;
}

// Reads one answer (as `answer` wrote it) into its stretch's in `answers`.
void read_answer(RecordReader& in, std::vector<StretchAnswer>& answers) {
  const std::uint64_t stretch = in.number();
  if (stretch >= answers.size()) throw std::logic_error("an answer names no stretch asked for");
  StretchAnswer& a = answers[stretch];
  const std::uint64_t second = in.number();
  const auto offset = static_cast<std::uint32_t>(second >> 1);
  a.starts.emplace_back(offset, static_cast<std::int64_t>(in.number()) - 1);
  if ((second & 1) == 0) return;
  a.tokens = static_cast<std::uint32_t>(in.number());
  if (a.tokens == 0) return;
  a.text = in.text();
  a.token_starts.reserve(a.tokens);
  a.token_starts.push_back(0);
  for (std::uint32_t i = 0; i < a.text.size(); ++i) {
    if (a.text[i] == ' ') a.token_starts.push_back(i + 1);  // tokens hold no space
  }
  if (a.token_starts.size() != a.tokens) a.tokens = 0;  // not as TokenStream says: refuse
}

// Collective: fetches the stretches of equal text covering `runs` (stretches_of) from their
// owners, each once, with the first byte of every token of them `proposed` cuts start at.
std::vector<StretchAnswer> fetch_stretches(Exchanger& exchanger, std::span<const RunRef> stretches,
                                           std::span<const RunPlace> places,
                                           std::span<const Proposed> proposed,
                                           const LocatedOf& located_of, const OwnerFn& owner) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wanted;  // (stretch, offset)
  wanted.reserve(proposed.size());
  for (const Proposed& p : proposed) {
    const RunPlace& at = places[p.serial];
    wanted.emplace_back(at.stretch, at.shift + p.offset);
  }
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  std::vector<RunRequest> requests;
  requests.reserve(wanted.size());
  std::uint32_t last_stretch = UINT32_MAX;
  for (const auto& [stretch, offset] : wanted) {
    requests.push_back(
        {stretches[stretch], exchanger.rank(), stretch, offset, stretch != last_stretch ? 1u : 0u});
    last_stretch = stretch;
  }
  requests = exchange_records(
      exchanger, std::move(requests), [&](const RunRequest& r) { return owner(r.run.doc); },
      encode_request, RequestDecoder{});
  std::vector<std::string> blocks;
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
    blocks = answer(std::move(requests), exchanger.size(), located_of);
  });
  const ReceivedBlocks replies = exchange_compressed_blocks(exchanger, std::move(blocks));
  std::vector<StretchAnswer> answers(stretches.size());
  for (const std::string_view block : replies) {
    RecordReader in(block);
    while (!in.empty()) read_answer(in, answers);
  }
  return answers;
}

// The proposed cuts whose tokens equal their equal run's (in `answers`, the stretches placed
// by `places`), with the run's first byte, given to `confirmed`; the others counted as refused.
void confirm(std::vector<Proposed>& proposed, std::span<const RunPlace> places,
             const std::vector<StretchAnswer>& answers, const CutSink& confirmed,
             SpanCutCounts& counts) {
  for (Proposed& p : proposed) {
    const RunPlace& at = places[p.serial];
    const StretchAnswer& a = answers[at.stretch];
    const std::optional<std::string_view> run = a.run(at.shift, p.length);
    if (!run || *run != p.text) {
      ++counts.refused;
      continue;
    }
    p.cut.equal_byte_start = a.start_of(at.shift + p.offset);
    confirmed(p.cut);
  }
}

}  // namespace

DocumentCuts run_cuts(const SpanSpec& spec, std::uint64_t mask, TokenizerKind tokenizer) {
  return [spec, mask, tokenizer](const LocatedText& doc, std::span<const TokenFact> anchors,
                                 std::span<const WindowRun> windows) {
    const auto tokens = static_cast<std::uint32_t>(doc.tokens.size());
    std::vector<TokenCut> cuts =
        cut_repeats(document_window_facts(doc.tokens, spec, mask, anchors, windows), tokens, spec);
    ProposedCuts out;
    if (!doc.located) {
      for (const TokenCut& cut : cuts) out.emplace_back(cut, ByteCut{});
      return out;
    }
    // Cuts that touch are removed as one run: the tokens around the run must stay two.
    Tokenizer words(tokenizer);
    for (std::size_t first = 0; first < cuts.size();) {
      std::size_t last = first;
      while (last + 1 < cuts.size() && cuts[last + 1].begin == cuts[last].end) ++last;
      if (joins_neighbours(doc.text, doc.origins, cuts[first].begin, cuts[last].end, words)) {
        ++cuts[first].begin;  // keep its first token between the two
        ++cuts[first].equal_begin;
      }
      first = last + 1;
    }
    const auto text_size = static_cast<std::uint32_t>(doc.text.size());
    for (const TokenCut& cut : cuts) {
      if (cut.begin < cut.end) {
        out.emplace_back(cut, byte_cut(doc.origins, text_size, cut.begin, cut.end));
      }
    }
    return out;
  };
}

void confirm_cuts(Exchanger& exchanger, DocumentFacts& facts, const LocatedOf& located_of,
                  const DocumentCuts& cuts_of, const OwnerFn& owner, std::uint64_t round_bytes,
                  const CutSink& confirmed, SpanCutCounts& counts) {
  do {
    std::map<RunRef, std::uint32_t> runs;
    std::vector<Proposed> proposed;
    run_agreed(exchanger.comm(),
               [&] { proposed = propose(facts, round_bytes, located_of, cuts_of, runs, counts); });
    std::vector<RunPlace> places;
    const std::vector<RunRef> stretches = stretches_of(runs, places);
    counts.equal_runs_fetched += stretches.size();
    ++counts.rounds;
    confirm(proposed, places,
            fetch_stretches(exchanger, stretches, places, proposed, located_of, owner), confirmed,
            counts);
  } while (any_rank(exchanger.comm(), facts.more()));
}

}  // namespace neardup
