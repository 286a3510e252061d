// The spans job's driver: plan, read, search, cut, write (DESIGN.md), one phase a member.
#include "jobs/methods/spans_job.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

#include "core/text/token_origins.hpp"
#include "io/io_error.hpp"
#include "io/json/json_string_edit.hpp"
#include "io/json/json_writer.hpp"
#include "io/read/file_records.hpp"
#include "io/write/atomic_file.hpp"
#include "io/write/output_names.hpp"
#include "io/write/tsv.hpp"
#include "jobs/documents/doc_owners.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/documents/split_lines.hpp"
#include "jobs/methods/spans_checkpoints.hpp"
#include "jobs/mpi/all_gathered.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/progress.hpp"
#include "jobs/mpi/stage_stats.hpp"
#include "jobs/options/option_json.hpp"
#include "jobs/pipeline/output_dir.hpp"
#include "jobs/pipeline/output_stage.hpp"
#include "jobs/pipeline/run_directory.hpp"
#include "jobs/pipeline/run_stats.hpp"
#include "jobs/pipeline/span_report_stage.hpp"
#include "jobs/spans/equal_ids.hpp"
#include "jobs/spans/span_cuts_stage.hpp"
#include "jobs/spans/span_facts_stage.hpp"
#include "jobs/spans/unit_facts_stage.hpp"
#include "jobs/stages/duplicate_ids.hpp"
#include "jobs/stages/shared_sketch.hpp"
#include "jobs/stages/sketch_lines.hpp"
#include "jobs/stages/skip_guard.hpp"
#include "jobs/stages/spill_stage.hpp"
#include "jobs/version.hpp"

namespace neardup {
namespace {

// The read stage's "sketch": none (the search reads the documents again), so that the shared
// stage reads, counts and locates every record as the dedup jobs do.
class NoSketch final : public Sketcher {
 public:
  unsigned sketch_words() const override { return 0; }
  std::uint32_t sketch(std::string_view text, std::span<std::uint32_t>) override {
    return text.empty() ? 0 : 1;
  }
};

// What a rank's confirmed cuts take out: runs, tokens and bytes.
struct CutTotals {
  std::uint64_t cuts = 0;
  std::uint64_t tokens = 0;
  std::uint64_t bytes = 0;
};

// What one kept copy's id is taken to hold when a batch of spans/ rows is sized.
constexpr std::uint64_t kIdBytes = 64;

// A cut's bytes, sent to the rank writing its document's split when that is another rank.
struct DocByteCut {
  DocId doc = 0;
  ByteCut bytes;
};

// A record with its text field cut, every other byte as read. A record whose field cannot be
// rewritten in place (its key written with escapes, or repeated) is an error naming it: the
// cuts were reported, so writing it uncut would be a silent lie.
class RecordCutter {
 public:
  RecordCutter(const JobPlan& plan, const DocumentSpec& spec, const DocSource& source)
      : plan_(plan), source_(source), parser_(spec), edit_(spec.text_field) {}

  std::string cut(DocId doc, std::string_view record, std::span<const ByteCut> cuts) {
    const InputFile& file = plan_.files[plan_.splits[split_of(doc)].file];
    if (parser_.parse(file, record, parsed_) != LineStatus::kOk) fail(doc, "it no longer parses");
    const std::string text = text_without(parsed_.text, cuts);
    if (is_text(file.format)) {  // the text is the record after any byte-order mark
      const auto prefix = static_cast<std::size_t>(parsed_.text.data() - record.data());
      return std::string(record.substr(0, prefix)) + text;
    }
    std::optional<std::string> edited = edit_.with_text(parsed_.record, text);
    // `text` and `edited` are copies: the parser is free to read the edited record back.
    if (!edited || parser_.parse(file, *edited, parsed_) != LineStatus::kOk ||
        parsed_.text != text) {
      fail(doc,
           "its text field cannot be rewritten in place (a key written with escapes, or "
           "repeated)");
    }
    static constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    if (record.starts_with(kByteOrderMark) && !edited->starts_with(kByteOrderMark)) {
      edited->insert(0, kByteOrderMark);
    }
    return *edited;
  }

 private:
  [[noreturn]] void fail(DocId doc, const std::string& why) const {
    throw IoError(source_.location(doc) + ": cannot write the cut record to deduped/: " + why);
  }

  const JobPlan& plan_;
  const DocSource& source_;
  DocumentParser parser_;
  ParsedLine parsed_;
  JsonStringEdit edit_;
};

class SpansRun {
 public:
  SpansRun(MPI_Comm comm, const SpansOptions& options)
      : comm_(comm),
        options_(options),
        exchanger_(comm, options.shuffle_bytes),
        rank_(exchanger_.rank()),
        clock_([this] { return exchanger_.bytes_sent(); }),
        directory_(exchanger_, options, "spans"),
        tokenizer_(options.document.tokenizer) {}
  ~SpansRun() { remove_stage_scratch(); }
  SpansRun(const SpansRun&) = delete;
  SpansRun& operator=(const SpansRun&) = delete;

  SpansSummary run() {
    try {
      open();
      read_corpus();
      cut();
      write_outputs();
      gather_report();
      remove_scratch();
      return finish();
    } catch (const JobInterrupted&) {
      if (rank_ == 0) directory_.mark_stopped();
      throw;
    }
  }

 private:
  // Plans the inputs, takes the output directory and opens (or resumes) the checkpoints.
  void open() {
    clock_.start("plan");
    plan_ = make_plan(comm_, options_, SplitSharing::kUnsplittable);
    spill_ = plan_.has_compressed_input();
    std::vector<std::string> subdirs = {std::string(output_name(Output::kSpans)),
                                        std::string(output_name(Output::kDeduped))};
    if (options_.tmp_dir.empty()) subdirs.emplace_back(output_name(Output::kTmp));
    directory_.take(subdirs);
    directory_.open_checkpoints(plan_, result_parameters());
    spill_file_ = scratch_path(options_.output, options_.tmp_dir, "spill", rank_);
    shared_file_ = scratch_path(options_.output, options_.tmp_dir, "shared", rank_);
    search_file_ = scratch_path(options_.output, options_.tmp_dir, "search", rank_);
    facts_file_ = scratch_path(options_.output, options_.tmp_dir, "facts", rank_);
    cuts_file_ = scratch_path(options_.output, options_.tmp_dir, "cuts", rank_);
    if (!options_.tmp_dir.empty()) {  // the search may spill, whatever the inputs
      std::error_code error;
      std::filesystem::create_directories(options_.tmp_dir, error);
      agree_on_errors(comm_, error ? options_.tmp_dir + ": cannot create: " + error.message() : "");
    }
    const std::string what =
        units() ? std::string(span_unit_name(options_.spec.unit)) + "s in " +
                      std::to_string(options_.spec.min_docs) + "+ documents"
                : "runs of " + std::to_string(options_.spec.min_tokens) + " tokens, " +
                      std::to_string(options_.spec.fingerprint_tokens()) + "-token fingerprints";
    log_info("spans: " + std::to_string(plan_.files.size()) + " files, " +
             std::to_string(plan_.total_bytes()) + " bytes, " +
             std::to_string(plan_.splits.size()) + " splits on " +
             std::to_string(exchanger_.size()) + " ranks; " + what);
    if (!plan_.shared.empty()) {
      log_info(std::to_string(std::count(plan_.shared.begin(), plan_.shared.end(), 1)) +
               " compressed files that cannot be split are read by one rank each and their "
               "records handed to every rank");
    }
  }

  // Reads every record once, counting and locating the documents (the dedup jobs' sketch
  // stage with no sketch), and makes them readable again.
  void read_corpus() {
    clock_.start("read");
    Progress progress(comm_, "read", plan_.total_bytes(), options_.progress_seconds);
    SketchLimits limits{options_.max_doc_bytes, options_.strict, false, &stop_requested()};
    limits.on_progress = [&](std::uint64_t bytes, std::uint64_t docs) {
      progress.advance(bytes, docs);
    };
    limits.early_check = [this](const SketchResult& so_far, bool done) {
      return check_skip_fraction_early(comm_, so_far, done, options_.max_skip_fraction, plan_);
    };
    NoSketch sketcher;
    std::optional<SharedSketch> shared;
    if (!plan_.shared.empty()) {
      shared.emplace(exchanger_, plan_, options_.document, sketcher, limits, shared_file_,
                     options_.shuffle_bytes);
    }
    sketch_ = sketch_splits(plan_, rank_, options_.document, sketcher, limits, nullptr,
                            shared ? &*shared : nullptr);
    owners_.emplace(plan_, plan_.shared.empty()
                               ? std::vector<SharedRange>()
                               : gather_shared_ranges(comm_, sketch_.shared_ranges));
    owner_ = [this](DocId doc) { return (*owners_)(doc); };
    progress.finish();
    directory_.check_inputs_unchanged();
    stop_if_requested(comm_, sketch_.interrupted);
    lines_ = SplitLines(comm_, plan_, sketch_.splits);
    if (spill_) {
      spill_compressed_records(plan_, rank_, sketch_.docs.ids, sketch_.docs, spill_file_,
                               options_.max_doc_bytes);
    }
    source_.emplace(plan_, sketch_.docs, lines_, options_.document, spill_file_, shared_file_);
    fail_on_skips_if_strict(comm_, options_.strict, sketch_, *source_);
    log_skip_examples(exchanger_, sketch_, *source_);
    check_skip_fraction(comm_, sketch_, options_.max_skip_fraction, plan_, *source_);
    const DuplicateIds duplicates =
        find_duplicate_ids(exchanger_, std::move(sketch_.id_keys), kSkipExamples);
    duplicate_ids_ = duplicates.count;
    if (rank_ == 0) log_duplicate_ids(duplicates, *source_);
  }

  // Whether the job compares lines or paragraphs rather than runs.
  bool units() const { return options_.spec.unit != SpanUnit::kRun; }

  // What one round of the search or of the cuts holds on a rank.
  std::uint64_t round_bytes() const {
    return options_.round_bytes != 0 ? options_.round_bytes : options_.shuffle_bytes;
  }

  // Reads a document this rank owns with its tokens and their bytes.
  LocatedOf located_of() {
    return [this](DocId doc, LocatedText& out) {
      out.text = source_->text(doc);
      out.located = tokenize_with_origins(tokenizer_, out.text, out.tokens, out.origins);
    };
  }

  // Everything that changes what a run cuts, one JSON member per line: a resume must match it.
  std::string result_parameters() const {
    JsonWriter json;
    json.begin_object();
    json.key("spans_checkpoint_format").value(kSpansCheckpointVersion);
    write_options(json, options_, ParameterScope::kResult, describe_spans_job_options);
    json.key("kgram").value(options_.spec.kgram);  // where the anchors of the saved facts are
    json.key("fingerprint_mask").value(options_.fingerprint_mask);
    json.end_object();
    return json.str();
  }

  StageCheckpoints& checkpoints() { return directory_.checkpoints(); }

  // The "facts" stage, checkpointed: the facts of every repeated window (or unit) of this
  // rank's documents, streamed to a file in document order (the checkpoint's part, or scratch).
  RecordsInFile search() {
    if (checkpoints().manifest().has_finished("facts")) clock_.start("load facts");
    const TokensOf tokens_of = [this](DocId doc, TokenStream& out) {
      tokenizer_.tokenize(source_->text(doc), out);
    };
    return checkpoints().checkpointed_stream<SavedFact>(
        "facts", facts_file_, [this](const SavedFact& f) { return owner_(f.doc); },
        fact_record_less,
        [&](StagePartWriter& writer) {
          clock_.start("search");
          fault_point("search");
          const FactSink sink = [&](const FactRecord& f) { writer.write(f); };
          const SearchRounds rounds{search_file_, round_bytes()};
          if (units()) {
            find_unit_facts(exchanger_, sketch_.docs.ids, located_of(), options_.spec,
                            options_.fingerprint_mask, owner_, rounds, sink, search_counts_);
          } else {
            find_span_facts(exchanger_, sketch_.docs.ids, tokens_of, options_.spec,
                            options_.fingerprint_mask, owner_, rounds, sink, search_counts_);
          }
        },
        [this](const RunManifest& m) { search_counts_ = search_counts_of(m.method_counts, rank_); },
        [this](RunManifest& m) { m.method_counts = saved_search_counts(comm_, search_counts_); });
  }

  // The "cuts" stage, checkpointed: the cuts confirmed on the tokens, streamed to a file as
  // they are (the checkpoint's part, or scratch).
  void confirmed_cuts() {
    cuts_ = checkpoints().checkpointed_stream<SavedCut>(
        "cuts", cuts_file_, [this](const SavedCut& c) { return owner_(c.doc); }, saved_cut_less,
        [&](StagePartWriter& writer) {
          const RecordsInFile found = search();
          std::optional<DocumentFacts> facts;
          run_agreed(comm_, [&] { facts.emplace(found); });  // it reads the file
          clock_.start("cut");
          fault_point("cut");
          const DocumentCuts cuts_of = units() ? unit_cuts(options_.spec)
                                               : run_cuts(options_.spec, options_.fingerprint_mask,
                                                          options_.document.tokenizer);
          confirm_cuts(
              exchanger_, *facts, located_of(), cuts_of, owner_, round_bytes(),
              [&](const ConfirmedCut& c) { writer.write(c); }, cut_counts_);
        },
        [this](const RunManifest& m) {
          search_counts_ = search_counts_of(m.method_counts, rank_);
          cut_counts_ = cut_counts_of(m.method_counts, rank_);
        },
        [this](RunManifest& m) {
          m.method_counts = saved_search_counts(comm_, search_counts_);
          for (NamedCount& c : saved_cut_counts(comm_, cut_counts_)) {
            m.method_counts.push_back(std::move(c));
          }
        });
  }

  // The confirmed cuts, and the documents they leave too short (unless a cut names one as
  // the kept copy of its run: that copy stays whatever is left of its document).
  void cut() {
    if (checkpoints().manifest().has_finished("cuts")) clock_.start("load cuts");
    confirmed_cuts();
    std::vector<DocId> kept;  // documents holding a kept run, sent to their owners
    std::vector<DocId> short_docs;
    run_agreed(comm_, [&] { tally_cuts(kept, short_docs); });
    kept = exchanger_.shuffle_consuming(std::move(kept), owner_);
    sorted_unique(kept);
    for (const DocId doc : short_docs) {
      if (std::binary_search(kept.begin(), kept.end(), doc)) {
        ++short_docs_kept_;
      } else {
        removed_.push_back(doc);
      }
    }
  }

  // Reads the cuts once: counts them, and lists the documents holding their kept runs
  // (`kept`, sorted, each once) and the documents left below --min-doc-tokens (`short_docs`).
  void tally_cuts(std::vector<DocId>& kept, std::vector<DocId>& short_docs) {
    std::size_t kept_unique = 0;  // kept[0, kept_unique) is sorted and has no repeats
    FileRecords<ConfirmedCut> cuts(cuts_);
    for (const ConfirmedCut* c = cuts.next(); c != nullptr;) {
      const DocId doc = c->doc;
      const std::uint32_t doc_tokens = c->doc_tokens;
      std::uint64_t tokens_cut = 0;
      for (; c != nullptr && c->doc == doc; c = cuts.next()) {
        tokens_cut += c->tokens.end - c->tokens.begin;
        ++totals_.cuts;
        totals_.tokens += c->tokens.end - c->tokens.begin;
        totals_.bytes += c->bytes.end - c->bytes.start;
        if (c->tokens.kept) kept.push_back(c->tokens.equal_doc);
      }
      ++docs_cut_;
      if (doc_tokens - tokens_cut < options_.min_doc_tokens) short_docs.push_back(doc);
      if (kept.size() >= 2 * kept_unique + 4096) kept_unique = sorted_unique(kept);
    }
    sorted_unique(kept);
  }

  // Sorts `docs` and drops repeats; returns how many are left.
  static std::size_t sorted_unique(std::vector<DocId>& docs) {
    std::sort(docs.begin(), docs.end());
    docs.erase(std::unique(docs.begin(), docs.end()), docs.end());
    return docs.size();
  }

  void write_outputs() {
    fault_point("write");
    clock_.start("write");
    write_spans();
    write_deduped_corpus();
    clock_.stop();
  }

  // Collective (under --no-report, nothing): what report.html shows of the documents, on rank
  // 0, read before the scratch files go.
  void gather_report() {
    if (!options_.write_report) return;
    clock_.start("report");
    const SpansReportSource source{located_of(), [this](DocId doc) { return source_->id(doc); },
                                   [this](DocId doc) { return source_->location(doc); }};
    report_ = gather_spans_report(exchanger_, cuts_, removed_, source, owner_,
                                  {search_file_, round_bytes()});
    for (int status = 1; status < kLineStatusCount; ++status) {
      const std::uint64_t count =
          sum_over_ranks(comm_, sketch_.status_counts[static_cast<std::size_t>(status)]);
      if (count > 0) {
        report_.run.skipped.emplace_back(line_status_name(static_cast<LineStatus>(status)), count);
      }
    }
    clock_.stop();
  }

  // The spill and shared-split files, and the facts and cuts when not checkpointed: scratch,
  // removed once nothing reads them again (or the run fails: ~SpansRun).
  void remove_scratch() {
    std::error_code ignored;  // a file left behind is no reason to fail
    if (spill_) std::filesystem::remove(spill_file_, ignored);
    if (!plan_.shared.empty()) std::filesystem::remove(shared_file_, ignored);
    remove_stage_scratch();
  }

  // The facts' and the cuts' scratch files (a rank's share of them each), if any.
  void remove_stage_scratch() {
    std::error_code ignored;
    if (!facts_file_.empty()) std::filesystem::remove(facts_file_, ignored);
    if (!cuts_file_.empty()) std::filesystem::remove(cuts_file_, ignored);
  }

  // Collective: spans/part-RANK.tsv, every confirmed cut of this rank's documents, written a
  // batch at a time with the ids of its kept copies (fetched from their owners).
  void write_spans() {
    const bool kept = options_.spec.keep == KeepOccurrence::kFirst;
    const std::size_t batch_cuts =
        std::max<std::uint64_t>(1, round_bytes() / (sizeof(ConfirmedCut) + kIdBytes));
    const IdOf id_of = [this](DocId doc) { return source_->id(doc); };
    std::optional<AtomicFile> file;
    std::optional<FileRecords<ConfirmedCut>> cuts;
    run_agreed(comm_, [&] {
      file.emplace(part_path(options_.output, output_name(Output::kSpans),
                             static_cast<std::size_t>(rank_), "tsv"));
      cuts.emplace(cuts_);
    });
    std::vector<ConfirmedCut> batch;
    do {
      batch.clear();
      run_agreed(comm_, [&] { cuts->take(batch_cuts, batch); });
      const DocIds ids = kept ? equal_doc_ids(exchanger_, batch, id_of, owner_) : DocIds();
      run_agreed(comm_, [&] { write_span_rows(batch, ids, *file); });
    } while (any_rank(comm_, cuts->left() > 0));
    run_agreed(comm_, [&] { file->commit(); });
  }

  // Writes the rows of `cuts` (each with its kept copy's id from `ids` under --keep-occurrence
  // first) to `file`.
  void write_span_rows(std::span<const ConfirmedCut> cuts, const DocIds& ids, AtomicFile& file) {
    const bool kept = options_.spec.keep == KeepOccurrence::kFirst;
    std::string id;
    for (std::size_t i = 0; i < cuts.size(); ++i) {
      const ConfirmedCut& c = cuts[i];
      if (i == 0 || cuts[i - 1].doc != c.doc) id = escape_tsv_field(source_->id(c.doc));
      std::string row = id + '\t' + std::to_string(c.bytes.start) + '\t' +
                        std::to_string(c.bytes.end) + '\t' +
                        std::to_string(c.tokens.end - c.tokens.begin) + '\t';
      if (kept) {
        row += escape_tsv_field(ids.of(c.tokens.equal_doc)) + '\t';
        if (c.equal_byte_start >= 0) row += std::to_string(c.equal_byte_start);
      } else {
        row += '\t';
      }
      file.write(row + '\n');
    }
  }

  // deduped/: every split's records, cut, by the rank that reads the split. The cuts of this
  // rank's documents are read in order as the records are written; those of documents in
  // shared splits that another rank writes are sent to it.
  void write_deduped_corpus() {
    std::vector<DocByteCut> elsewhere;  // of documents of shared splits another rank writes
    run_agreed(comm_, [&] {
      FileRecords<ConfirmedCut> cuts(cuts_);
      for (const ConfirmedCut* c = cuts.next(); c != nullptr; c = cuts.next()) {
        if (plan_.owners[split_of(c->doc)] != rank_) elsewhere.push_back({c->doc, c->bytes});
      }
    });
    const auto writer_of = [this](const DocByteCut& c) { return plan_.owners[split_of(c.doc)]; };
    std::vector<DocByteCut> received =
        exchanger_.shuffle_consuming(std::move(elsewhere), writer_of);
    std::stable_sort(received.begin(), received.end(),
                     [](const DocByteCut& a, const DocByteCut& b) { return a.doc < b.doc; });
    const std::vector<DocId> dropped =
        shared_dropped_lines(exchanger_, plan_, sketch_.shared_skipped, removed_);
    const std::vector<std::uint32_t> clashing = agreed_clashing_text_parts(comm_, plan_);
    run_agreed(comm_, [&] {
      RecordCutter cutter(plan_, options_.document, *source_);
      FileRecords<ConfirmedCut> own(cuts_);
      const ConfirmedCut* next = own.next();
      std::vector<ByteCut> of_doc;
      const RecordRewrite rewrite = [&](DocId doc, std::string_view record) {
        of_doc.clear();
        for (; next != nullptr && next->doc <= doc; next = own.next()) {
          if (next->doc == doc) of_doc.push_back(next->bytes);
        }
        const auto first = std::lower_bound(received.begin(), received.end(), doc,
                                            [](const DocByteCut& c, DocId d) { return c.doc < d; });
        for (auto it = first; it != received.end() && it->doc == doc; ++it) {
          of_doc.push_back(it->bytes);
        }
        if (of_doc.empty()) return std::optional<std::string>();
        return std::optional<std::string>(cutter.cut(doc, record, of_doc));
      };
      deduped_written_ = write_deduped(plan_, rank_, sketch_.docs, sketch_.splits, removed_,
                                       SharedDeduped{dropped, lines_}, clashing, options_.output,
                                       options_.max_doc_bytes, rewrite);
    });
  }

  // Counts every document once (or throws), then rank 0 writes stats.json and _SUCCESS.
  SpansSummary finish() {
    SpansSummary s;
    s.docs_read = lines_.total();
    std::uint64_t skipped = 0;
    for (int status = 1; status < kLineStatusCount; ++status) {
      skipped += sketch_.status_counts[static_cast<std::size_t>(status)];
    }
    s.docs_skipped = sum_over_ranks(comm_, skipped);
    s.docs_cut = sum_over_ranks(comm_, docs_cut_);
    s.docs_removed = sum_over_ranks(comm_, removed_.size());
    s.cuts = sum_over_ranks(comm_, totals_.cuts);
    s.tokens_cut = sum_over_ranks(comm_, totals_.tokens);
    s.bytes_cut = sum_over_ranks(comm_, totals_.bytes);
    s.cuts_refused = sum_over_ranks(comm_, cut_counts_.refused);
    s.cut_rounds = max_over_ranks(comm_, cut_counts_.rounds);
    s.search_rounds = max_over_ranks(comm_, search_counts_.rounds);
    s.search_bytes_spilled = sum_over_ranks(comm_, search_counts_.spilled_bytes);
    s.unlocated_docs =
        sum_over_ranks(comm_, cut_counts_.unlocated_docs + search_counts_.unlocated_docs);
    s.bytes_shuffled = sum_over_ranks(comm_, exchanger_.bytes_sent());
    const std::uint64_t docs = sum_over_ranks(comm_, sketch_.docs.size());
    const std::uint64_t written = sum_over_ranks(comm_, deduped_written_);
    const bool adds_up = docs + s.docs_skipped == s.docs_read && written + s.docs_removed == docs;
    agree_on_errors(comm_, adds_up ? "" : accounting_problem(docs, written, s));
    directory_.check_inputs_unchanged();
    const std::vector<StageSpread> stages = clock_.reduce(comm_);
    const std::string stats = stats_json(s, docs, written, stages);
    run_agreed(comm_, [&] {
      if (rank_ != 0) return;
      describe_report(s, docs, stages);
      commit_outputs(stats);
    });
    if (rank_ == 0) {
      std::printf(
          "spans: %llu documents read, %llu cut (%llu runs, %llu tokens, %llu bytes), "
          "%llu removed whole\n",
          static_cast<unsigned long long>(s.docs_read), static_cast<unsigned long long>(s.docs_cut),
          static_cast<unsigned long long>(s.cuts), static_cast<unsigned long long>(s.tokens_cut),
          static_cast<unsigned long long>(s.bytes_cut),
          static_cast<unsigned long long>(s.docs_removed));
      std::fflush(stdout);
    }
    return s;
  }

  static std::string accounting_problem(std::uint64_t docs, std::uint64_t written,
                                        const SpansSummary& s) {
    return "documents do not add up: read " + std::to_string(s.docs_read) + ", skipped " +
           std::to_string(s.docs_skipped) + ", documents " + std::to_string(docs) +
           ", written to deduped/ " + std::to_string(written) + ", removed " +
           std::to_string(s.docs_removed);
  }

  // The run's parameters as JSON members (stats.json's "parameters", the page's).
  void write_parameters(JsonWriter& json) const {
    write_options(json, options_, ParameterScope::kRun, describe_spans_job_options);
  }

  // Rank 0: the run's part of report.html: the job, its counts, parameters and stages.
  void describe_report(const SpansSummary& s, std::uint64_t docs,
                       const std::vector<StageSpread>& stages) {
    HtmlReport& run = report_.run;
    run.job = "spans";
    run.output = options_.output;
    run.version = kNeardupVersion;
    run.command_line = options_.command_line;
    run.generated = report_time_now();
    run.ranks = exchanger_.size();
    run.tokenizer = options_.document.tokenizer;
    run.inputs = options_.inputs;
    JsonWriter parameters;
    parameters.begin_object();
    write_parameters(parameters);
    parameters.end_object();
    run.parameters = parameters.str();
    run.counts = {{"documents read", s.docs_read},
                  {"skipped", s.docs_skipped},
                  {"documents", docs},
                  {"documents cut", s.docs_cut},
                  {"removed whole", s.docs_removed},
                  {"runs cut", s.cuts},
                  {"tokens cut", s.tokens_cut},
                  {"bytes cut", s.bytes_cut},
                  {"cuts refused", s.cuts_refused}};
    run.docs_read = s.docs_read;
    run.docs_skipped = s.docs_skipped;
    run.duplicate_ids = duplicate_ids_;
    for (const StageSpread& stage : stages) {
      run.stages.push_back({stage.name, stage.min, stage.avg, stage.max});
    }
  }

  // stats.json: the run's parameters, counts and stages.
  std::string stats_json(const SpansSummary& s, std::uint64_t docs, std::uint64_t written,
                         const std::vector<StageSpread>& stages) {
    const std::vector<std::uint64_t> largest = largest_repeats();
    const std::vector<std::uint64_t> peak_rss = gather_per_rank(comm_, peak_rss_bytes());
    const std::uint64_t anchors = sum_over_ranks(comm_, search_counts_.anchors);
    const std::uint64_t shared_anchors = sum_over_ranks(comm_, search_counts_.shared_anchors);
    const std::uint64_t whole_anchors = sum_over_ranks(comm_, search_counts_.whole_anchors);
    const std::uint64_t followers = sum_over_ranks(comm_, search_counts_.follower_anchors);
    const std::uint64_t window_runs = sum_over_ranks(comm_, search_counts_.window_runs);
    const std::uint64_t windows = sum_over_ranks(comm_, search_counts_.windows);
    const std::uint64_t repeated = sum_over_ranks(comm_, search_counts_.repeated);
    const std::uint64_t proposed = sum_over_ranks(comm_, cut_counts_.proposed);
    const std::uint64_t fetched = sum_over_ranks(comm_, cut_counts_.equal_runs_fetched);
    JsonWriter json;
    json.begin_object();
    json.key("job").value("spans");
    json.key("neardup_version").value(kNeardupVersion);
    json.key("ranks").value(exchanger_.size());
    json.key("resumed").value(directory_.resumed());
    json.key("parameters").begin_object();
    write_parameters(json);
    json.end_object();
    json.key("command_line").value(options_.command_line);
    // Where the run was started: explain --run reads the inputs from anywhere.
    std::error_code unknown;  // "": explain takes the inputs as they were named
    json.key("working_directory").value(std::filesystem::current_path(unknown).string());
    json.key("input_files").value(plan_.files.size());
    json.key("input_bytes").value(plan_.total_bytes());
    json.key("splits").value(plan_.splits.size());
    json.key("docs_read").value(s.docs_read);
    json.key("docs_skipped").value(s.docs_skipped);
    json.key("documents").value(docs);
    json.key("docs_cut").value(s.docs_cut);
    json.key("docs_removed").value(s.docs_removed);
    json.key("duplicate_ids").value(duplicate_ids_);
    json.key("short_docs_kept").value(sum_over_ranks(comm_, short_docs_kept_));
    json.key("deduped_lines").value(written);
    json.key("cuts").value(s.cuts);
    json.key("tokens_cut").value(s.tokens_cut);
    json.key("bytes_cut").value(s.bytes_cut);
    json.key("cuts_proposed").value(proposed);
    json.key("cuts_refused").value(s.cuts_refused);
    json.key("unlocated_docs").value(s.unlocated_docs);
    json.key("anchors").value(anchors);
    json.key("shared_anchors").value(shared_anchors);
    json.key("whole_anchors").value(whole_anchors);
    json.key("follower_anchors").value(followers);
    json.key("windows_shuffled").value(windows);
    json.key("repeated_windows").value(repeated);
    json.key("window_runs").value(window_runs);
    json.key("equal_runs_fetched").value(fetched);
    json.key("search_rounds").value(s.search_rounds);
    json.key("search_bytes_spilled").value(s.search_bytes_spilled);
    json.key("cut_rounds").value(s.cut_rounds);
    json.key("largest_repeats").begin_array();
    for (const std::uint64_t n : largest) json.value(n);
    json.end_array();
    json.key("bytes_shuffled").value(s.bytes_shuffled);
    json.key("peak_rss_bytes_per_rank").begin_array();
    for (const std::uint64_t b : peak_rss) json.value(b);
    json.end_array();
    write_stage_spreads(json, stages);
    json.end_object();
    return json.str();
  }

  // Collective: the sizes of the largest groups of equal windows over every rank.
  std::vector<std::uint64_t> largest_repeats() {
    std::vector<std::uint64_t> all =
        all_gathered(comm_, std::span<const std::uint64_t>(search_counts_.largest));
    std::sort(all.begin(), all.end(), std::greater<>());
    if (all.size() > kLargestRepeats) all.resize(kLargestRepeats);
    return all;
  }

  // Rank 0: stats.json, report.html (unless --no-report) and _SUCCESS last, the scratch gone
  // first (RunDirectory::commit).
  void commit_outputs(const std::string& stats) {
    std::optional<std::string> page;
    if (options_.write_report) page = render_spans_report(report_);
    directory_.commit(stats, page ? &*page : nullptr);
  }

  MPI_Comm comm_;
  const SpansOptions& options_;
  Exchanger exchanger_;
  int rank_;
  StageClock clock_;
  RunDirectory directory_;  // lock, guard, checkpoints, _SUCCESS
  Tokenizer tokenizer_;
  // open
  JobPlan plan_;
  bool spill_ = false;
  std::string spill_file_;
  std::string shared_file_;
  std::string search_file_;  // what the search spills starts with this path
  // read
  SketchResult sketch_;
  std::optional<DocOwners> owners_;
  OwnerFn owner_;
  SplitLines lines_;
  std::optional<DocSource> source_;
  std::uint64_t duplicate_ids_ = 0;  // documents repeating an earlier id (every rank)
  // search and cut
  SpanSearchCounts search_counts_;
  SpanCutCounts cut_counts_;
  std::string facts_file_;  // where the facts go when not checkpointed
  std::string cuts_file_;   // where the cuts go when not checkpointed
  RecordsInFile cuts_;      // this rank's confirmed cuts, by document and token
  CutTotals totals_;
  std::uint64_t docs_cut_ = 0;
  std::uint64_t short_docs_kept_ = 0;  // too short after their cuts, kept: they hold kept runs
  std::vector<DocId> removed_;         // sorted
  // write
  std::uint64_t deduped_written_ = 0;
  SpansReport report_;  // rank 0's
};

}  // namespace

SpansSummary run_spans(MPI_Comm comm, const SpansOptions& options) {
  agree_on_usage(comm, validate(options));
  return SpansRun(comm, options).run();
}

}  // namespace neardup
