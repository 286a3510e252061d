// `neardup query`: answers, for each document read, which indexed documents are its
// near-duplicates; or, with --dedup-list N, deduplicates ranked result lists.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "io/input/input_filter.hpp"
#include "io/input/input_format.hpp"
#include "jobs/index/near_dup_index.hpp"

namespace neardup {

/// The flags of `neardup query`.
struct QueryOptions {
  std::string index;
  std::vector<std::string> inputs;        // files, directories, globs, @LIST; empty: standard input
  std::optional<InputFormat> format;      // --format of the inputs (nullopt: by extension)
  InputFilter filter;                     // --include / --exclude, for walked and globbed files
  std::string text_field;                 // "" = the index's
  std::string id_field;                   // "" = the index's
  std::size_t dedup_list = 0;             // > 0: each line is a ranked list; keep its first N
  std::string results_field = "results";  // --dedup-list: the array of results in each line
  std::vector<std::string> keep_fields;   // --keep-field: echoed in each answer's "fields"
  std::uint64_t max_doc_bytes = 64ull << 20;  // --max-doc-mb: longer lines are doc_too_large
};

/// What a query run did, with the latency of each answered line (sketch + lookup).
struct QueryCounts {
  std::uint64_t lines = 0;
  std::uint64_t answered = 0;
  std::uint64_t errors = 0;  // lines answered with an error record
  double seconds = 0;
  double p50_microseconds = 0;
  double p99_microseconds = 0;
};

/// Reads one query per line from `in` and writes one JSON line per input line to `out`:
///   {"line": N, "id": ID, "fields": {NAME: VALUE, ...},
///    "matches": [{"id", MEASURES}, ...], "rule": R}
/// (matches as NearDupIndex::query orders them; R the index_rule that decided them: "exact",
/// "estimate" or "hamming"; MEASURES "similarity" for a MinHash index (the exact Jaccard or the
/// estimate, as R says), "hamming" (the distance in bits) for a SimHash index, with
/// "similarity" (the exact Jaccard) when R is "exact"), or
///   {"line": N, "id": ID, "fields": {...}, "error": REASON}  (malformed_json, missing_text,
///   text_not_string, blank_line, doc_too_large: longer than max_doc_bytes, never held whole
///   in memory; empty_text), and the stream goes on.
/// Each answer echoes its line: "id" is the line's id (id_field, read as the jobs read it: a
/// string, or a number's JSON text, as a JSON string) when it has one; "fields" is there when
/// keep_fields names any, with the raw JSON of each of them the line has (RawJsonFields:
/// objects and numbers exactly as written), keyed by the name as given; a field the line lacks
/// is left out (so an explicit null stays distinguishable from an absent field). A line that
/// is not a JSON object (malformed_json, blank_line) or is not read (doc_too_large) echoes
/// only "line". Lines are read as the jobs read records (JsonLineParser: invalid UTF-8
/// repaired, numbers of any size, numeric ids as written). With dedup_list N, each line is an
/// object whose results_field is an array of results (objects with the text and id fields,
/// each read as a query line is, or strings), best first; the answer keeps, in order, each
/// result that is not a near-duplicate of a better-ranked kept one, up to N:
///   {"line": N, "id": ID, "fields": {...}, "kept": [ID, ...],
///    "dropped": [{"id", "duplicate_of", MEASURES}, ...], "unchecked": [ID, ...], "rule": R}
/// ("id" and "fields" echo the list line as above) where a result without an id is named by its
/// position ("#0", "#1", ...); a result without text to compare (no text field, not a string,
/// no tokens) is neither kept nor dropped but listed in "unchecked", and does not count toward
/// N. Or {"line": N, ..., "error": REASON} (the reasons above, or missing_results).
QueryCounts run_queries(NearDupIndex& index, const QueryOptions& options, std::istream& in,
                        std::ostream& out);

/// The same over options.inputs, read as the jobs read them (expand_inputs in options.format,
/// filtered by options.filter, what the walks ignored logged; each record turned into a
/// document by DocumentParser): a text file is one query whose "id" is its relative path (also
/// in its error answers: binary_file for one with a NUL byte in its first 8 KiB,
/// doc_too_large; "fields" is never there: a text file has no JSON fields). Or standard input,
/// read as JSON Lines, when there are no inputs.
QueryCounts run_query_command(const QueryOptions& options, std::ostream& out);

/// Why `options` cannot run (a usage message), or "": a --format other than jsonl needs inputs
/// (standard input is plain JSON Lines), and text cannot hold --dedup-list's lists.
std::string query_problem(const QueryOptions& options);

}  // namespace neardup
