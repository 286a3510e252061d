// Re-reads the documents a rank owns, for what later stages need: id strings and shingle sets.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "io/read/random_reader.hpp"
#include "jobs/documents/document_parser.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/documents/split_lines.hpp"
#include "jobs/options/document_spec.hpp"

namespace neardup {

/// Reads a document's record again (one pread) and derives its id or shingle set. Keeping only
/// offsets during the sketch keeps memory at a few bytes per document beyond the signature.
/// Documents of compressed files are read from `spill_path`, where the spill stage copied the
/// records later stages need (see spill_stage.hpp), and those of shared splits from
/// `shared_path`, where the sketch stage kept them (see shared_sketch.hpp).
class DocSource {
 public:
  /// `lines` says how many lines of a file come before each split (SplitLines::base); shingle
  /// sets are tokenized with `ascii` for ASCII text (see Tokenizer).
  DocSource(const JobPlan& plan, const LocalDocs& docs, const SplitLines& lines,
            const DocumentSpec& spec, const std::string& spill_path, const std::string& shared_path,
            AsciiTokenizerFn ascii = tokenize);

  /// The document's original record (its line, or a text file's content), byte for byte;
  /// valid until the next call.
  std::string_view record(DocId doc);

  /// The document's id: its id field (string, or number as JSON text) or else "path:line".
  std::string id(DocId doc);

  /// The document's text (its text field, or a text file's content).
  std::string text(DocId doc);

  /// The document's JSON record as read (ParsedLine::record: valid JSON, repaired where it
  /// was not UTF-8), or "" for a text file's document; valid until the next call.
  std::string_view json_record(DocId doc);

  /// "path:line" of a document (1-based line number).
  std::string location(DocId doc) const;

  /// The document's sorted, distinct shingle hashes; valid until the next call.
  std::span<const std::uint64_t> shingle_set(DocId doc);

  /// Appends the document's sorted shingle hashes (8 bytes each) to `out`.
  void append_shingles(DocId doc, std::string& out);

  /// The document's sketch (its 32-bit words, native byte order) as bytes, where it lies in
  /// the rank's tables.
  std::string_view sketch_bytes(DocId doc) const;

  /// Appends the document's sketch (sketch_bytes) to `out`.
  void append_sketch(DocId doc, std::string& out) const { out += sketch_bytes(doc); }

 private:
  void parse(DocId doc);
  // The path of reader_'s file `file`: the input files, then the spill file at index
  // files.size() and the shared records at files.size() + 1.
  const std::string& path_of(std::uint32_t file) const;

  const JobPlan& plan_;
  const LocalDocs& docs_;
  const SplitLines& lines_;
  DocumentSpec spec_;
  std::string spill_path_;
  std::string shared_path_;
  RandomReader reader_;
  DocumentParser parser_;
  ParsedLine parsed_;
  Tokenizer tokenizer_;
  TokenStream tokens_;  // append_shingles' buffers, kept across documents
  std::vector<std::uint64_t> shingles_;
  ShingleSortScratch scratch_;
};

}  // namespace neardup
