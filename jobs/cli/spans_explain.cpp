// Spans explain: the document and its kept copies read from the inputs, its rows from spans/,
// each cut's tokens compared with the copy's.
#include "jobs/cli/spans_explain.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string_view>

#include "core/text/token_origins.hpp"
#include "io/read/utf8.hpp"
#include "io/write/output_names.hpp"
#include "io/write/tsv.hpp"
#include "jobs/cli/explain_command.hpp"
#include "jobs/cli/tsv_parts.hpp"
#include "jobs/documents/document_finder.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// A row of spans/: id, byte_start, byte_end, tokens, kept_in_id, kept_byte_start.
struct SpanRow {
  std::string id;
  std::uint64_t start = 0, end = 0, tokens = 0;
  std::string kept_id;
  std::int64_t kept_start = -1;
};

// The number in field `text` of spans/ (`empty` when it is empty); throws naming the folder
// when it is not one.
template <class T>
T number_in(const std::string& text, const std::filesystem::path& folder, T empty) {
  if (text.empty()) return empty;
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw JobError(folder.string() + ": '" + text + "' is not a number (not a spans/ row)");
  }
  return value;
}

// Calls `row` with every row of spans/ whose id is in `ids`; counts the rows whose kept copy
// is in `kept_in` (when not null).
void read_span_rows(const std::filesystem::path& folder, const std::set<std::string>& ids,
                    const std::string* kept_in, std::uint64_t& kept_rows,
                    const std::function<void(SpanRow)>& row) {
  read_tsv_parts(folder, [&](std::span<const std::string> f) {
    if (f.size() < 6) throw JobError(folder.string() + ": a row with fewer than 6 fields");
    if (kept_in != nullptr && f[4] == *kept_in) ++kept_rows;
    if (!ids.contains(f[0])) return;
    row({f[0], number_in<std::uint64_t>(f[1], folder, 0), number_in<std::uint64_t>(f[2], folder, 0),
         number_in<std::uint64_t>(f[3], folder, 0), f[4],
         number_in<std::int64_t>(f[5], folder, -1)});
  });
}

// A text's canonical tokens and the bytes each came from.
struct Located {
  TokenStream tokens;
  std::vector<TokenOrigin> origins;
  bool located = false;
};

Located locate(std::string_view text, TokenizerKind kind) {
  Located out;
  Tokenizer tokenizer(kind);
  out.located = tokenize_with_origins(tokenizer, text, out.tokens, out.origins);
  return out;
}

std::string_view token_at(const Located& doc, std::size_t i) {
  return std::string_view(doc.tokens.text)
      .substr(doc.tokens.starts[i], doc.tokens.ends[i] - doc.tokens.starts[i]);
}

// The first token of `doc` whose first byte is at or after `byte` (origins are in order).
std::size_t first_token_from(const Located& doc, std::uint64_t byte) {
  return static_cast<std::size_t>(
      std::lower_bound(doc.origins.begin(), doc.origins.end(), byte,
                       [](const TokenOrigin& o, std::uint64_t b) { return o.start < b; }) -
      doc.origins.begin());
}

// The tokens [first, last) of `doc` whose first byte lies in [start, end).
std::pair<std::size_t, std::size_t> tokens_within(const Located& doc, std::uint64_t start,
                                                  std::uint64_t end) {
  return {first_token_from(doc, start), first_token_from(doc, end)};
}

// Whether `count` tokens of `copy` from the one starting at byte `start` are tokens
// [first, first + count) of `doc`; sets `copy_end` to the byte after them.
bool copy_equal(const Located& doc, std::size_t first, std::size_t count, const Located& copy,
                std::int64_t start, std::uint64_t& copy_end) {
  if (start < 0) return false;
  const std::size_t at = first_token_from(copy, static_cast<std::uint64_t>(start));
  if (count == 0 || at == copy.origins.size() || std::int64_t{copy.origins[at].start} != start ||
      at + count > copy.origins.size()) {
    return false;
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (token_at(doc, first + i) != token_at(copy, at + i)) return false;
  }
  copy_end = copy.origins[at + count - 1].end;
  return true;
}

// At most `max` bytes of `text` (whole characters), escaped as the TSV outputs escape a field.
std::string excerpt(std::string_view text, std::size_t max) {
  const std::size_t kept = utf8_prefix_length(text, max);
  return escape_tsv_field(text.substr(0, kept)) + (kept < text.size() ? "..." : "");
}

// "1 run", "2 runs".
std::string runs(std::uint64_t n) { return std::to_string(n) + (n == 1 ? " run" : " runs"); }

}  // namespace

SpansOptions spans_options_of_run(const std::string& output_dir) {
  SpansOptions o;
  read_run_parameters(output_dir, "spans", o, [&](OptionJsonReader& r) {
    describe_input_options(r, o);
    describe_spans_options(r, o);
  });
  return o;
}

SpansExplanation explain_spans(const SpansOptions& options, const std::string& output_dir,
                               const std::string& id) {
  const std::filesystem::path folder =
      std::filesystem::path(output_dir) / output_name(Output::kSpans);
  if (!std::filesystem::is_directory(folder)) {
    throw JobError(folder.string() + ": not found (is " + output_dir + " a finished spans run?)");
  }
  const std::optional<FoundDoc> found = find_documents(options, std::span(&id, 1))[0];
  if (!found) throw document_not_found(id);
  SpansExplanation e;
  e.id = found->name;
  e.location = found->location;
  e.min_doc_tokens = options.min_doc_tokens;
  e.keep_first = options.spec.keep == KeepOccurrence::kFirst;
  std::vector<SpanRow> rows;
  read_span_rows(folder, {found->name}, e.keep_first ? &found->name : nullptr, e.kept_for_others,
                 [&](SpanRow r) { rows.push_back(std::move(r)); });
  std::sort(rows.begin(), rows.end(),
            [](const SpanRow& a, const SpanRow& b) { return a.start < b.start; });
  std::set<std::string> kept_ids;
  for (const SpanRow& r : rows) {
    if (e.keep_first) kept_ids.insert(r.kept_id);
  }
  std::map<std::string, std::vector<SpanRow>> kept_rows;
  std::uint64_t unused = 0;
  read_span_rows(folder, kept_ids, nullptr, unused,
                 [&](SpanRow r) { kept_rows[r.id].push_back(std::move(r)); });
  const std::vector<std::string> wanted(kept_ids.begin(), kept_ids.end());
  const std::vector<std::optional<FoundDoc>> kept_docs = find_documents(options, wanted);
  std::map<std::string, std::pair<const FoundDoc*, Located>> copies;
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    if (kept_docs[i]) {
      copies[wanted[i]] = {&*kept_docs[i], locate(kept_docs[i]->text, options.document.tokenizer)};
    }
  }
  const Located doc = locate(found->text, options.document.tokenizer);
  e.tokens = doc.tokens.size();
  std::uint64_t tokens_cut = 0;
  for (const SpanRow& r : rows) {
    tokens_cut += r.tokens;
    ExplainedCut c;
    c.byte_start = r.start;
    c.byte_end = r.end;
    c.tokens = r.tokens;
    c.within_text = r.start <= r.end && r.end <= found->text.size();
    if (c.within_text) c.text = found->text.substr(r.start, r.end - r.start);
    c.kept_id = r.kept_id;
    c.kept_byte_start = r.kept_start;
    const auto it = e.keep_first ? copies.find(r.kept_id) : copies.end();
    if (it != copies.end() && c.within_text) {
      const auto& [kept_doc, copy] = it->second;
      c.kept_location = kept_doc->location;
      const auto [first, last] = tokens_within(doc, r.start, r.end);
      std::uint64_t copy_end = 0;
      c.checked = r.kept_start >= 0;
      c.kept_equal = last - first == r.tokens &&
                     copy_equal(doc, first, last - first, copy, r.kept_start, copy_end);
      for (const SpanRow& k : kept_rows[r.kept_id]) {
        if (c.kept_equal && std::int64_t(k.start) < std::int64_t(copy_end) &&
            std::int64_t(k.end) > r.kept_start) {
          c.kept_copy_cut = true;
        }
      }
    }
    e.cuts.push_back(std::move(c));
  }
  e.tokens_left = e.tokens > tokens_cut ? e.tokens - tokens_cut : 0;
  e.removed = !rows.empty() && e.tokens_left < e.min_doc_tokens && e.kept_for_others == 0;
  return e;
}

std::string spans_explanation_text(const SpansExplanation& e) {
  std::uint64_t bytes = 0;
  for (const ExplainedCut& c : e.cuts) bytes += c.byte_end - c.byte_start;
  std::string out = "spans: " + escape_tsv_field(e.id) + " (" + e.location +
                    "): " + std::to_string(e.tokens) + " tokens; " + runs(e.cuts.size()) +
                    " cut (" + std::to_string(e.tokens - e.tokens_left) + " tokens, " +
                    std::to_string(bytes) + " bytes), " + std::to_string(e.tokens_left) +
                    " tokens left\n";
  if (e.removed) {
    out += "removed whole from deduped/: fewer than --min-doc-tokens " +
           std::to_string(e.min_doc_tokens) + " tokens left\n";
  }
  if (e.kept_for_others > 0) {
    out += "holds the kept copy of " + runs(e.kept_for_others) +
           " cut elsewhere (other documents, or itself): it stays in deduped/\n";
  }
  for (std::size_t i = 0; i < e.cuts.size(); ++i) {
    const ExplainedCut& c = e.cuts[i];
    out += "cut " + std::to_string(i + 1) + ": bytes " + std::to_string(c.byte_start) + "-" +
           std::to_string(c.byte_end) + ", " + std::to_string(c.tokens) + " tokens";
    if (!e.keep_first) {
      out += ", cut from every occurrence (--keep-occurrence none)\n";
    } else if (!c.within_text) {
      out += ": NOT within this document's text (does its id name several documents?)\n";
    } else if (c.kept_location.empty()) {
      out += ", kept in " + escape_tsv_field(c.kept_id) + ": not found in the inputs\n";
    } else if (!c.checked) {
      out += ", kept in " + escape_tsv_field(c.kept_id) + " (" + c.kept_location +
             ") from a byte the run could not tell: not checked\n";
    } else {
      out += ", kept in " + escape_tsv_field(c.kept_id) + " (" + c.kept_location + ") from byte " +
             std::to_string(c.kept_byte_start) +
             "\n  tokens equal to the kept copy's: " + (c.kept_equal ? "yes" : "NO");
      if (c.kept_equal)
        out += std::string("; the kept copy is cut too: ") + (c.kept_copy_cut ? "YES" : "no");
      out += "\n";
    }
    out += "  \"" + excerpt(c.text, 160) + "\"\n";
  }
  return out;
}

}  // namespace neardup
