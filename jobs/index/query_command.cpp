// `neardup query`: answers, for each document read, which indexed documents are its
// near-duplicates; or, with --dedup-list N, deduplicates ranked result lists.
#include "jobs/index/query_command.hpp"

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "io/input/input_plan.hpp"
#include "io/json/json_line.hpp"
#include "io/json/json_writer.hpp"
#include "io/json/raw_json_fields.hpp"
#include "io/read/record_reader.hpp"
#include "jobs/documents/document_parser.hpp"
#include "jobs/mpi/log.hpp"

namespace neardup {
namespace {

std::string json_string(std::string_view text) { return "\"" + json_escape(text) + "\""; }

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6f", value);
  return buffer;
}

// How a match is stated under the index's rule: a SimHash index's answers name their Hamming
// distance ("hamming"), and carry a "similarity" only when it was verified (exact Jaccard of
// the shingle sets); a MinHash index's similarity is the exact Jaccard or the signatures'
// estimate (the answer's "rule" says which).
std::string match_measures(const IndexMeta& meta, const IndexMatch& match) {
  if (meta.sketch.part<SimhashIndexPart>() == nullptr)
    return "\"similarity\": " + number(match.similarity);
  std::string out = "\"hamming\": " + std::to_string(match.distance);
  if (meta.sketch.store_shingles) out += ", \"similarity\": " + number(match.similarity);
  return out;
}

// The end of an answer that is an error.
std::string error_end(const char* reason) {
  return std::string(", \"error\": \"") + reason + "\"}\n";
}

// The answer to a record that was not read (doc_too_large, binary_file): its line, and a text
// file's id (its relative path, known without reading it).
std::string unread_record(std::uint64_t line, const InputFile& file, LineStatus status) {
  std::string out = "{\"line\": " + std::to_string(line);
  if (is_text(file.format)) out += ", \"id\": " + json_string(file.relative);
  return out + error_end(line_status_name(status));
}

// The start of an answer, echoing its query line: {"line": N, and when the line is a JSON
// object its "id" (--id-field) and, when asked for, the "fields" it has of --keep-field's.
class LineEcho {
 public:
  explicit LineEcho(const std::vector<std::string>& keep_fields)
      : names_(unique(keep_fields)), fields_(names_) {}

  std::string start(std::uint64_t line_number, const ParsedLine& parsed) {
    std::string out = "{\"line\": " + std::to_string(line_number);
    if (parsed.has_id) out += ", \"id\": " + json_string(parsed.id);
    if (parsed.record.empty() || names_.empty()) return out;
    out += ", \"fields\": {";
    const std::vector<std::optional<std::string_view>>& values = fields_.read(parsed.record);
    bool first = true;
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (!values[i]) continue;
      out += (first ? "" : ", ") + json_string(names_[i]) + ": ";
      out += *values[i];
      first = false;
    }
    return out + "}";
  }

 private:
  // The names, each once, in the order first given.
  static std::vector<std::string> unique(const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const std::string& name : names) {
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
  }

  std::vector<std::string> names_;
  RawJsonFields fields_;
};

// Answers one line of a --dedup-list run.
class ListDeduplicator {
 public:
  ListDeduplicator(NearDupIndex& index, const QueryOptions& options)
      : index_(index),
        options_(options),
        echo_(options.keep_fields),
        line_parser_(options.text_field, options.id_field),
        result_parser_(options.text_field, options.id_field) {}

  std::string answer(std::uint64_t line_number, std::string_view line) {
    const LineStatus status = line_parser_.parse(line, line_);
    std::string out = echo_.start(line_number, line_);
    if (line_.record.empty()) return out + error_end(line_status_name(status));
    padded_ = simdjson::padded_string(line_.record);
    simdjson::ondemand::document document;
    simdjson::ondemand::array results;
    if (raw_parser_.iterate(padded_).get(document) != simdjson::SUCCESS ||
        document.find_field_unordered(options_.results_field).get_array().get(results) !=
            simdjson::SUCCESS) {
      return out + error_end("missing_results");
    }
    kept_sketches_.clear();
    kept_shingles_.clear();
    std::vector<std::string> kept_ids;
    std::string dropped;
    std::string unchecked;  // results without text to check: neither kept nor dropped
    std::size_t position = 0;
    for (simdjson::simdjson_result<simdjson::ondemand::value> result : results) {
      if (kept_ids.size() == options_.dedup_list) break;
      std::string id = "#" + std::to_string(position++);
      const std::string_view text = read_result(result, id);
      if (!index_.sketch(text, sketch_, shingles_)) {
        unchecked += std::string(unchecked.empty() ? "" : ", ") + json_string(id);
        continue;
      }
      IndexMatch match;
      std::size_t duplicate_of = kept_ids.size();
      for (std::size_t k = 0; k < kept_sketches_.size(); ++k) {
        if (index_.close(sketch_, shingles_, kept_sketches_[k], kept_shingles_[k], match)) {
          duplicate_of = k;
          break;
        }
      }
      if (duplicate_of < kept_ids.size()) {
        dropped += std::string(dropped.empty() ? "" : ", ") + "{\"id\": " + json_string(id) +
                   ", \"duplicate_of\": " + json_string(kept_ids[duplicate_of]) + ", " +
                   match_measures(index_.meta(), match) + "}";
        continue;
      }
      kept_ids.push_back(id);
      kept_sketches_.push_back(sketch_);
      kept_shingles_.push_back(shingles_);
    }
    out += ", \"kept\": [";
    for (std::size_t k = 0; k < kept_ids.size(); ++k)
      out += (k ? ", " : "") + json_string(kept_ids[k]);
    return out + "], \"dropped\": [" + dropped + "], \"unchecked\": [" + unchecked +
           "], \"rule\": \"" + index_rule(index_.meta().sketch) + "\"}\n";
  }

 private:
  // The text of one result: the result itself when it is a string; for an object, its text
  // field read as a query record is, and its id (when it has one, with or without a text)
  // into `id`; else empty.
  std::string_view read_result(simdjson::simdjson_result<simdjson::ondemand::value> result,
                               std::string& id) {
    simdjson::ondemand::json_type type;
    if (result.type().get(type) != simdjson::SUCCESS) return {};
    std::string_view text;
    if (type == simdjson::ondemand::json_type::string) {
      return result.get_string().get(text) == simdjson::SUCCESS ? text : std::string_view();
    }
    simdjson::ondemand::object object;
    std::string_view raw;
    if (type != simdjson::ondemand::json_type::object ||
        result.get_object().get(object) != simdjson::SUCCESS ||
        object.raw_json().get(raw) != simdjson::SUCCESS) {
      return {};
    }
    const LineStatus status = result_parser_.parse(raw, parsed_);
    if (parsed_.has_id) id = parsed_.id;  // also of a result without text
    return status == LineStatus::kOk ? parsed_.text : std::string_view();
  }

  NearDupIndex& index_;
  const QueryOptions& options_;
  LineEcho echo_;
  JsonLineParser line_parser_;    // reads whole lines (their id; their text is not needed)
  JsonLineParser result_parser_;  // reads each result object as a query record
  ParsedLine line_;
  ParsedLine parsed_;
  simdjson::ondemand::parser raw_parser_;
  simdjson::padded_string padded_;
  std::vector<std::uint32_t> sketch_;
  std::vector<std::uint64_t> shingles_;  // when the index is exact
  std::vector<std::vector<std::uint32_t>> kept_sketches_;
  std::vector<std::vector<std::uint64_t>> kept_shingles_;
};

// The fields a query reads documents by (the index's tokens and shingles are its own).
DocumentSpec query_document(const QueryOptions& options) {
  DocumentSpec spec;
  spec.text_field = options.text_field;
  spec.id_field = options.id_field;
  return spec;
}

// Answers one record of a normal query run.
class QueryAnswerer {
 public:
  QueryAnswerer(NearDupIndex& index, const QueryOptions& options)
      : index_(index), echo_(options.keep_fields), parser_(query_document(options)) {}

  std::string answer(std::uint64_t line_number, const InputFile& file, std::string_view record,
                     bool& failed) {
    ParsedLine parsed;
    const LineStatus status = parser_.parse(file, record, parsed);
    failed = true;
    std::string out = echo_.start(line_number, parsed);
    if (status != LineStatus::kOk) return out + error_end(line_status_name(status));
    if (!index_.sketch(parsed.text, sketch_, shingles_)) return out + error_end("empty_text");
    failed = false;
    out += ", \"matches\": [";
    bool first = true;
    for (const IndexMatch& m : index_.query(sketch_, shingles_)) {
      out += std::string(first ? "" : ", ") + "{\"id\": " + json_string(m.id) + ", " +
             match_measures(index_.meta(), m) + "}";
      first = false;
    }
    return out + "], \"rule\": \"" + index_rule(index_.meta().sketch) + "\"}\n";
  }

 private:
  NearDupIndex& index_;
  LineEcho echo_;
  DocumentParser parser_;
  std::vector<std::uint32_t> sketch_;
  std::vector<std::uint64_t> shingles_;
};

double percentile(std::vector<double>& values, double p) {
  if (values.empty()) return 0;
  const auto at = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(at), values.end());
  return values[at];
}

// Reads the next line of `in` (up to '\n' or the end) into `line`, holding at most `max_bytes`
// of it: a longer line sets `too_large` and the rest of it is read past. False at the end.
bool read_line(std::istream& in, std::uint64_t max_bytes, std::string& line, bool& too_large) {
  line.clear();
  too_large = false;
  std::streambuf& buffer = *in.rdbuf();
  for (int c = buffer.sbumpc();; c = buffer.sbumpc()) {
    if (c == std::char_traits<char>::eof()) return !line.empty() || too_large;
    if (c == '\n') return true;
    if (line.size() < max_bytes) {
      line.push_back(static_cast<char>(c));
    } else {
      too_large = true;
    }
  }
}

// What standard input is read as: JSON Lines.
const InputFile kStandardInput{"-", 0, InputFormat::kJsonl, "-"};

// Runs every record that `next(record, unread, file)` yields through the answerer, timing
// each; a record not read (`unread`: over --max-doc-mb, or a binary text file) is answered
// with that status.
template <class Next>
QueryCounts answer_all(NearDupIndex& index, QueryOptions options, Next next, std::ostream& out) {
  if (options.text_field.empty()) options.text_field = index.meta().text_field;
  if (options.id_field.empty()) options.id_field = index.meta().id_field;
  QueryAnswerer answerer(index, options);
  ListDeduplicator deduplicator(index, options);
  QueryCounts counts;
  std::vector<double> latencies;
  const auto start = std::chrono::steady_clock::now();
  std::string_view line;
  LineStatus unread = LineStatus::kOk;
  const InputFile* file = &kStandardInput;
  while (next(line, unread, file)) {
    ++counts.lines;
    const auto begin = std::chrono::steady_clock::now();
    bool failed = true;
    std::string answer = unread != LineStatus::kOk ? unread_record(counts.lines, *file, unread)
                         : options.dedup_list > 0
                             ? deduplicator.answer(counts.lines, line)
                             : answerer.answer(counts.lines, *file, line, failed);
    if (unread == LineStatus::kOk && options.dedup_list > 0) {
      failed = answer.find("\"error\": ") != std::string::npos;
    }
    latencies.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin)
            .count());
    counts.errors += failed;
    counts.answered += !failed;
    out << answer;
  }
  out.flush();
  counts.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  counts.p50_microseconds = percentile(latencies, 0.5);
  counts.p99_microseconds = percentile(latencies, 0.99);
  return counts;
}

}  // namespace

QueryCounts run_queries(NearDupIndex& index, const QueryOptions& options, std::istream& in,
                        std::ostream& out) {
  std::string buffer;
  return answer_all(
      index, options,
      [&](std::string_view& line, LineStatus& unread, const InputFile*&) {
        bool too_large = false;
        if (!read_line(in, options.max_doc_bytes, buffer, too_large)) return false;
        line = buffer;
        unread = too_large ? LineStatus::kDocTooLarge : LineStatus::kOk;
        return true;
      },
      out);
}

QueryCounts run_query_command(const QueryOptions& options, std::ostream& out) {
  NearDupIndex index(options.index);
  if (options.inputs.empty()) return run_queries(index, options, std::cin, out);
  IgnoredFiles ignored;
  const std::vector<InputFile> files =
      expand_inputs(options.inputs, {options.format, options.filter}, &ignored);
  if (const std::string text = ignored_files_text(ignored); !text.empty()) log_info(text);
  std::size_t next_file = 0;
  std::unique_ptr<RecordReader> reader;
  Record record;
  return answer_all(
      index, options,
      [&](std::string_view& line, LineStatus& unread, const InputFile*& file) {
        while (true) {
          if (reader && reader->next(record)) {
            line = record.bytes;
            unread = record.oversized ? LineStatus::kDocTooLarge
                     : record.binary  ? LineStatus::kBinaryFile
                                      : LineStatus::kOk;
            return true;
          }
          if (next_file == files.size()) return false;
          file = &files[next_file++];
          reader = open_records(file->path, file->format, 0, file->size, options.max_doc_bytes);
        }
      },
      out);
}

std::string query_problem(const QueryOptions& options) {
  if (!options.format || *options.format == InputFormat::kJsonl) return "";
  if (options.inputs.empty()) {
    return std::string("--format ") + input_format_name(*options.format) +
           " needs -i: standard input is read as plain JSON Lines";
  }
  if (options.dedup_list > 0 && is_text(*options.format)) {
    return "--dedup-list reads JSON lists: --format text cannot hold them";
  }
  return "";
}

}  // namespace neardup
