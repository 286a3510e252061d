// `neardup explain --run DIR --id X` on a spans run: each run cut from the document shown
// with the copy kept in its place, checked token by token, and what the document keeps for
// other documents' cuts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jobs/options/spans_options.hpp"

namespace neardup {

/// The inputs and flags of the spans run that wrote `output_dir`, from its stats.json.
/// Throws JobError when there is none or it is not a spans run's.
SpansOptions spans_options_of_run(const std::string& output_dir);

/// A run cut from the document (a row of spans/), checked against its kept copy.
struct ExplainedCut {
  std::uint64_t byte_start = 0, byte_end = 0;  // in the document's text
  std::uint64_t tokens = 0;                    // as spans/ counts them
  std::string text;                            // the bytes cut
  std::string kept_id;                         // the document holding the kept copy
  std::int64_t kept_byte_start = -1;           // where the copy starts in its text (-1: unknown)
  std::string kept_location;                   // path:line of kept_id ("": not in the inputs)
  bool within_text = true;                     // the row's bytes lie in the document's text
  bool checked = false;                        // the copy's first byte was known: compared
  bool kept_equal = false;                     // the copy's tokens are the cut's, one by one
  bool kept_copy_cut = false;                  // spans/ cuts bytes of the copy from its document
};

/// What a spans run did to one document.
struct SpansExplanation {
  std::string id;            // as spans/ names it
  std::string location;      // path:line (or the text file's path)
  std::uint64_t tokens = 0;  // canonical tokens of its text
  std::uint64_t tokens_left = 0;
  std::vector<ExplainedCut> cuts;     // in text order
  std::uint64_t kept_for_others = 0;  // rows of spans/ naming it as their kept copy
  bool removed = false;               // left with too few tokens and kept for none
  std::uint32_t min_doc_tokens = 1;   // the run's --min-doc-tokens
  bool keep_first = true;             // --keep-occurrence first: each cut names a kept copy
};

/// Reads the inputs of `options` (the run's: spans_options_of_run) for the document `id` (id
/// field or path:line, as is or as spans/ prints it) and the documents holding its kept copies,
/// then `output_dir`'s spans/, and checks each cut's tokens against its kept copy's. Throws
/// JobError naming the id when the document is not in the inputs, or the directory when it
/// has no spans/.
SpansExplanation explain_spans(const SpansOptions& options, const std::string& output_dir,
                               const std::string& id);

/// The explanation as lines of text for a terminal.
std::string spans_explanation_text(const SpansExplanation& explained);

}  // namespace neardup
