// The pipeline every dedup job runs: plan, sketch, pair search, components, write (DESIGN.md).
#include "jobs/pipeline/dedup_pipeline.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>

#include "core/release.hpp"
#include "io/io_error.hpp"
#include "io/json/json_writer.hpp"
#include "io/write/atomic_file.hpp"
#include "io/write/output_names.hpp"
#include "jobs/checkpoint/run_manifest.hpp"
#include "jobs/checkpoint/split_files.hpp"
#include "jobs/checkpoint/stage_checkpoints.hpp"
#include "jobs/documents/doc_owners.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/documents/split_lines.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/progress.hpp"
#include "jobs/pipeline/html_report_stage.hpp"
#include "jobs/pipeline/output_dir.hpp"
#include "jobs/pipeline/output_guard.hpp"
#include "jobs/pipeline/output_stage.hpp"
#include "jobs/pipeline/reference_stage.hpp"
#include "jobs/pipeline/run_directory.hpp"
#include "jobs/pipeline/run_stats.hpp"
#include "jobs/stages/components_stage.hpp"
#include "jobs/stages/document_payloads.hpp"
#include "jobs/stages/duplicate_ids.hpp"
#include "jobs/stages/greedy_stage.hpp"
#include "jobs/stages/keep_stage.hpp"
#include "jobs/stages/shared_sketch.hpp"
#include "jobs/stages/sketch_lines.hpp"
#include "jobs/stages/skip_guard.hpp"
#include "jobs/stages/spill_stage.hpp"
#include "jobs/stages/verify_stage.hpp"

namespace neardup {
namespace {

// Collective: the reference index opened on every rank (errors agreed on).
std::unique_ptr<ReferenceMatcher> open_reference(MPI_Comm comm, const std::string& index_dir,
                                                 DedupMethod& method, const ShingleSpec& shingles) {
  std::unique_ptr<ReferenceMatcher> matcher;
  run_agreed(
      comm, [&] { matcher = std::make_unique<ReferenceMatcher>(index_dir, method, shingles); },
      "--reference: ");
  return matcher;
}

// The union of two lists of verified pairs sorted by documents (a pair in both once, as in
// `a`), sorted by documents.
std::vector<VerifiedPair> union_of_pairs(const std::vector<VerifiedPair>& a,
                                         const std::vector<VerifiedPair>& b) {
  std::vector<VerifiedPair> all;
  all.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(all), by_documents);
  return all;
}

// The sorted union of two sorted lists of documents.
std::vector<DocId> sorted_union(const std::vector<DocId>& a, const std::vector<DocId>& b) {
  std::vector<DocId> all;
  all.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(all));
  return all;
}

// Everything that changes a run's results, one JSON member per line: a resume must match it
// and split sketches are keyed by it.
std::string result_parameters(const JobOptions& o, const DedupMethod& method) {
  JsonWriter json;
  json.begin_object();
  write_job_parameters(json, o, ParameterScope::kResult);
  method.write_parameters(json, ParameterScope::kResult);
  json.end_object();
  return json.str();
}

// Everything that changes a document's sketch: the key of the split sketches --cache reuses.
std::string sketch_parameters(const JobOptions& o, const DedupMethod& method) {
  JsonWriter json;
  json.begin_object();
  json.key("job").value(method.name());
  json.key("sketch_format").value(kSplitFileVersion);
  write_job_parameters(json, o, ParameterScope::kSketch);
  method.write_parameters(json, ParameterScope::kSketch);
  json.end_object();
  return json.str();
}

// One run of the pipeline: the state its phases share, and one member function per phase, in
// the order run() calls them.
class DedupRun {
 public:
  DedupRun(MPI_Comm comm, const JobOptions& options, DedupMethod& method, JobSummary initial)
      : comm_(comm),
        options_(options),
        method_(method),
        exchanger_(comm, options.shuffle_bytes),
        rank_(exchanger_.rank()),
        clock_([this] { return exchanger_.bytes_sent(); }),
        directory_(exchanger_, options, method.name()) {
    report_.job = method.name();
    report_.kernel = method.kernel();
    report_.options = &options;
    report_.method = &method;
    report_.ranks = exchanger_.size();
    report_.summary = initial;
  }

  JobSummary run() {
    try {
      open();
      sketch_corpus();
      if (greedy()) {
        cluster_greedily();
      } else {
        find_pairs();
        cluster_components();
      }
      find_mirrors();
      write_outputs();
      return finish();
    } catch (const JobInterrupted&) {
      if (rank_ == 0) directory_.mark_stopped();
      throw;
    }
  }

 private:
  // Whether stage results are saved (--no-checkpoint: not; --resume: always).
  bool checkpointing() const { return directory_.checkpointing(); }
  // The run's manifest: the saved one after a resume.
  RunManifest& manifest() { return directory_.checkpoints().manifest(); }

  // Plans the inputs, prepares the output directory, resolves --reference and opens the
  // checkpoint and the split store.
  void open() {
    clock_.start("plan");
    plan_ = make_plan(comm_, options_, SplitSharing::kUnsplittable);
    spill_ = plan_.has_compressed_input();
    prepare_output();
    reference_scratch_ =
        (std::filesystem::path(options_.output) / output_name(Output::kReferenceIndex)).string();
    if (!options_.reference.empty()) {
      reference_index_ = resolve_reference(comm_, options_, method_, reference_scratch_);
    }
    caching_ = !options_.cache_dir.empty();
    directory_.open_checkpoints(plan_, result_parameters(options_, method_));
    report_.resumed = directory_.resumed();
    if (checkpointing() || caching_) {
      const std::string dir =
          caching_
              ? options_.cache_dir
              : (std::filesystem::path(checkpoint_dir_of(options_.output)) / "splits").string();
      create_directory(dir);
      split_files_.emplace(dir, plan_, directory_.stamps(), sketch_parameters(options_, method_),
                           options_.max_doc_bytes);
    }
    spill_file_ = scratch_path(options_.output, options_.tmp_dir, "spill", rank_);
    shared_file_ = scratch_path(options_.output, options_.tmp_dir, "shared", rank_);
    if (spill_ && !options_.tmp_dir.empty()) create_directory(options_.tmp_dir);
    report_.input_files = plan_.files.size();
    report_.ignored_files = plan_.ignored;
    report_.input_warnings = plan_.format_hints;
    report_.input_bytes = plan_.total_bytes();
    report_.splits = plan_.splits.size();
    report_.input_bytes_per_rank = plan_.bytes_per_rank(exchanger_.size());
    log_info(std::string(method_.name()) + ": " + std::to_string(plan_.files.size()) + " files, " +
             std::to_string(plan_.total_bytes()) + " bytes, " +
             std::to_string(plan_.splits.size()) + " splits on " +
             std::to_string(exchanger_.size()) + " ranks; " + method_.describe());
    if (!plan_.shared.empty()) {
      log_info(std::to_string(std::count(plan_.shared.begin(), plan_.shared.end(), 1)) +
               " compressed files that cannot be split are read by one rank each and their "
               "records handed to every rank");
    }
  }

  // Collective: the output directory with the subdirectories this run writes.
  void prepare_output() {
    std::vector<Output> folders = {Output::kClusters};
    if (options_.write_pairs) folders.push_back(Output::kPairs);
    if (hosts()) folders.push_back(Output::kHosts);
    if (options_.write_deduped) folders.push_back(Output::kDeduped);
    if (options_.write_removed) folders.push_back(Output::kRemoved);
    if (!options_.reference.empty()) folders.push_back(Output::kReference);
    if (spill_ && options_.tmp_dir.empty()) folders.push_back(Output::kTmp);
    std::vector<std::string> subdirs;
    for (const Output folder : folders) subdirs.emplace_back(output_name(folder));
    directory_.take(subdirs);
  }

  // Collective: throws JobError naming the first input whose size or mtime changed since the
  // plan (every rank checks the files it read).
  void check_inputs_unchanged() { directory_.check_inputs_unchanged(); }

  // Collective: creates `dir` on every rank (errors agreed on).
  void create_directory(const std::string& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    agree_on_errors(comm_, error ? dir + ": cannot create: " + error.message() : "");
  }

  // Sketches this rank's splits (or reuses stored sketches), then what needs every rank's
  // line counts: the documents' locations, --strict, skips, repeated ids, reference lookup.
  void sketch_corpus() {
    clock_.start("sketch");
    Progress progress(comm_, "sketch", plan_.total_bytes(), options_.progress_seconds);
    SketchLimits limits{options_.max_doc_bytes, options_.strict, false, &stop_requested()};
    limits.on_progress = [&](std::uint64_t bytes, std::uint64_t docs) {
      progress.advance(bytes, docs);
    };
    limits.early_check = [this](const SketchResult& so_far, bool done) {
      return check_skip_fraction_early(comm_, so_far, done, options_.max_skip_fraction, plan_);
    };
    std::optional<SharedSketch> shared;
    if (!plan_.shared.empty()) {
      shared.emplace(exchanger_, plan_, options_.document, method_, limits, shared_file_,
                     options_.shuffle_bytes);
    }
    sketch_ = sketch_splits(plan_, rank_, options_.document, method_, limits,
                            split_files_ ? &*split_files_ : nullptr, shared ? &*shared : nullptr);
    owners_.emplace(plan_, plan_.shared.empty()
                               ? std::vector<SharedRange>()
                               : gather_shared_ranges(comm_, sketch_.shared_ranges));
    owner_ = [this](DocId doc) { return (*owners_)(doc); };
    progress.finish();
    check_inputs_unchanged();
    stop_if_requested(comm_, sketch_.interrupted);
    report_.splits_reused = sum_over_ranks(comm_, sketch_.splits_loaded);
    if (report_.splits_reused > 0) {
      log_info("reused the sketches of " + std::to_string(report_.splits_reused) + " of " +
               std::to_string(plan_.splits.size()) + " splits (" +
               (caching_ ? "cache " + options_.cache_dir : "checkpoint") + ")");
    }
    report_.damaged_checkpoints = sum_over_ranks(comm_, split_files_ ? split_files_->damaged() : 0);
    report_.splits_changed = sum_over_ranks(comm_, split_files_ ? split_files_->changed() : 0);
    if (report_.splits_changed > 0 && !manifest().finished.empty()) {
      log_info(std::to_string(report_.splits_changed) +
               " splits changed since the checkpoint: the later stages run again");
      manifest().finished.clear();
    }
    report_.bytes_read_per_rank = gather_per_rank(comm_, sketch_.bytes_read);
    report_.documents_per_rank = gather_per_rank(comm_, sketch_.docs.size());
    report_.shared_record_bytes = sum_over_ranks(comm_, sketch_.shared_record_bytes);
    lines_ = SplitLines(comm_, plan_, sketch_.splits);
    source_.emplace(plan_, sketch_.docs, lines_, options_.document, spill_file_, shared_file_,
                    method_.ascii_tokenizer());
    fail_on_skips_if_strict(comm_, options_.strict, sketch_, *source_);
    log_skip_examples(exchanger_, sketch_, *source_);
    check_skip_fraction(comm_, sketch_, options_.max_skip_fraction, plan_, *source_);
    const DuplicateIds duplicate_ids =
        find_duplicate_ids(exchanger_, std::move(sketch_.id_keys), kSkipExamples);
    report_.duplicate_ids = duplicate_ids.count;
    if (rank_ == 0) log_duplicate_ids(duplicate_ids, *source_);
    report_.features = sum_over_ranks(comm_, sketch_.features);
    report_.invalid_utf8_bytes = sum_over_ranks(comm_, sketch_.invalid_utf8_bytes);
    if (!options_.reference.empty()) {
      clock_.start("reference lookup");
      reference_ = open_reference(comm_, reference_index_, method_, options_.document.shingle);
      reference_docs_ = reference_->find_candidates(sketch_.docs);
    }
  }

  // Collective, once: makes the records later stages re-read readable (spills the compressed
  // ones of the documents of `pairs` (each on rank owner(a)) and of `groups`, and of the
  // reference candidates).
  void need_records(std::span<const DocPair> pairs, std::span<const GroupedDoc> groups = {}) {
    if (records_ready_) throw std::logic_error("need_records called twice");
    records_ready_ = true;
    if (!spill_) return;
    clock_.start("spill");
    std::vector<DocId> needed = candidate_documents(exchanger_, pairs, owner_);
    std::vector<DocId> grouped;
    for (const GroupedDoc& g : groups) grouped.push_back(g.doc);
    grouped = exchanger_.shuffle_consuming(std::move(grouped), owner_);
    // A document can be in several groups (one per band whose bucket was too large to list).
    std::sort(grouped.begin(), grouped.end());
    grouped.erase(std::unique(grouped.begin(), grouped.end()), grouped.end());
    needed = sorted_union(needed, grouped);
    if (reference_ && reference_->exact()) needed = sorted_union(needed, reference_docs_);
    report_.spilled_bytes =
        sum_over_ranks(comm_, spill_compressed_records(plan_, rank_, needed, sketch_.docs,
                                                       spill_file_, options_.max_doc_bytes));
  }

  // Whether clusters are greedy (the default) rather than transitive components.
  bool greedy() const { return options_.clusters == ClusterRule::kGreedy; }

  // The method's candidates, searched once, with the records that checks and later stages
  // read made ready.
  CandidateGraph& candidates() {
    if (!candidates_) {
      PairSearch search{exchanger_, sketch_.docs, owner_, clock_, greedy()};
      candidates_ = method_.find_candidates(search, report_.summary);
      for (const auto& [name, count] : method_.counts()) set_count(name, count);
      need_records(candidates_->pairs, candidates_->groups);
      rule_ = method_.candidate_rule();
    }
    return *candidates_;
  }

  // The payloads the method's check reads, made once the candidates are known.
  const PayloadAccess& payloads() {
    if (!payloads_) {
      payloads_.emplace(rule_.check.kind, *source_, sketch_.docs, owner_, options_.shuffle_bytes);
    }
    return payloads_->access();
  }

  // Sets a count of stats.json (kept across a resume), adding it when new.
  void set_count(const std::string& name, std::uint64_t count) {
    for (auto& [known, value] : report_.method_counts) {
      if (known == name) {
        value = count;
        return;
      }
    }
    report_.method_counts.emplace_back(name, count);
  }

  // Collective: the candidate pairs checked: all of them (`every_pair`), or as few as keep the
  // connected components (a spanning forest of the clusters).
  std::vector<VerifiedPair> verify_pairs(bool every_pair) {
    CandidateGraph& graph = candidates();
    std::vector<DocPair> pairs = greedy() ? graph.pairs : std::move(graph.pairs);
    clock_.start("verify");
    VerifyCounts counts;
    std::vector<VerifiedPair> verified = verify_by_component(
        exchanger_, std::move(pairs), {rule_.check, !every_pair}, payloads(), counts);
    set_count("pairs_checked", sum_over_ranks(comm_, counts.checked));
    set_count("pairs_skipped_joined", sum_over_ranks(comm_, counts.skipped_joined));
    set_count("verify_rounds", counts.rounds);
    return verified;
  }

  // The "pairs" stage: the verified pairs, checkpointed.
  void checkpointed_pairs(bool every_pair) {
    if (manifest().has_finished("pairs")) clock_.start("load pairs");
    JobSummary& summary = report_.summary;
    verified_ = directory_.checkpoints().checkpointed<VerifiedPair>(
        "pairs", [this](const VerifiedPair& p) { return owner_(p.a); }, by_documents,
        [&] { return verify_pairs(every_pair); },
        [&](const RunManifest& m) {
          summary.candidate_pairs = m.candidate_pairs;
          for (const auto& [name, count] : m.method_counts) set_count(name, count);
        },
        [&](RunManifest& m) {
          m.candidate_pairs = summary.candidate_pairs;
          m.method_counts = report_.method_counts;
        });
    summary.verified_pairs = sum_over_ranks(comm_, verified_.size());
  }

  // --clusters components: the verified pairs (all with --write-pairs, else a spanning forest
  // of the clusters), with the records later stages read made ready.
  void find_pairs() {
    checkpointed_pairs(options_.write_pairs);
    edges_.reserve(verified_.size());
    for (const VerifiedPair& p : verified_) edges_.push_back({p.a, p.b});
    if (!records_ready_) need_records(edges_);
    candidates_.reset();
  }

  // --clusters components: connected components of the verified pairs, each keeping the
  // document --keep prefers, and the documents they remove.
  void cluster_components() {
    match_reference();
    clock_.start("components");
    members_ = directory_.checkpoints().checkpointed<ClusterMember>(
        "components", [this](const ClusterMember& m) { return owner_(m.doc); },
        [](const ClusterMember& x, const ClusterMember& y) { return x.doc < y.doc; },
        [&] {
          ComponentCounts counts;
          std::vector<ClusterMember> members =
              connected_components(exchanger_, edges_, owner_, counts);
          report_.component_rounds = counts.rounds;
          return members;
        },
        [&](const RunManifest& m) { report_.component_rounds = m.component_rounds; },
        [&](RunManifest& m) { m.component_rounds = report_.component_rounds; });
    release(edges_);
    keep_chosen_documents();
    count_clusters();
  }

  // The default: greedy clusters in keep order (--write-pairs: every candidate pair is also
  // verified, for pairs/), and the documents they remove.
  void cluster_greedily() {
    if (options_.write_pairs) checkpointed_pairs(true);
    members_ = directory_.checkpoints().checkpointed<ClusterMember>(
        "clusters", [this](const ClusterMember& m) { return owner_(m.doc); },
        [](const ClusterMember& x, const ClusterMember& y) { return x.doc < y.doc; },
        [&] { return decide_clusters(); },
        [&](const RunManifest& m) {
          report_.summary.candidate_pairs = m.candidate_pairs;
          for (const auto& [name, count] : m.method_counts) set_count(name, count);
          report_.keep.moved = m.keep_moved;
          report_.keep.without_value = m.keep_without_value;
          if (rank_ == 0) near_misses_ = m.near_misses;
        },
        [&](RunManifest& m) {
          m.candidate_pairs = report_.summary.candidate_pairs;
          m.method_counts = report_.method_counts;
          m.keep_moved = report_.keep.moved;
          m.keep_without_value = report_.keep.without_value;
          m.near_misses = near_misses_;
        });
    candidates_.reset();
    // Every pair the run verified: with --write-pairs the listed candidate pairs that passed,
    // and in any case each removed document with its kept one (found through a group too).
    std::vector<VerifiedPair> removals = removal_pairs(exchanger_, members_, owner_);
    verified_ = options_.write_pairs ? union_of_pairs(verified_, removals) : std::move(removals);
    report_.summary.verified_pairs = sum_over_ranks(comm_, verified_.size());
    if (!records_ready_) need_records(edges_read_later());
    match_reference();
    count_clusters();
  }

  // Collective, after a resume that loaded the clusters: the pairs whose documents later
  // stages read (the verified pairs, for pairs/ and report.html, and rank 0's near misses, for
  // report.html), each on rank owner(a).
  std::vector<DocPair> edges_read_later() {
    const std::vector<VerifiedPair> near =
        exchanger_.shuffle(std::span<const VerifiedPair>(near_misses_),
                           [this](const VerifiedPair& p) { return owner_(p.a); });
    std::vector<DocPair> edges;
    for (const VerifiedPair& p : verified_) edges.push_back({p.a, p.b});
    for (const VerifiedPair& p : near) edges.push_back({p.a, p.b});
    return edges;
  }

  // Collective: the greedy clusters of the candidates, after --reference removed what an
  // earlier corpus has.
  std::vector<ClusterMember> decide_clusters() {
    CandidateGraph& graph = candidates();
    match_reference();
    std::vector<DocId> referenced;
    for (const ReferenceMatch& m : references_) referenced.push_back(m.doc);
    const KeepRule keep = *parse_keep_rule(options_.keep);
    const double t = rule_.check.threshold;  // 0 where every candidate passes: no near misses
    const GreedyInputs in{
        owner_,     sketch_.docs, *source_, keep, rule_, payloads(), options_.group_checkers,
        referenced, t - 0.1,      t};
    GreedyCounts counts;
    GreedyResult result =
        greedy_clusters(exchanger_, graph, in, options_.shuffle_bytes, clock_, counts);
    set_count("greedy_rounds", counts.rounds);
    set_count("greedy_checks", counts.checks);
    set_count("greedy_checks_planned", counts.planned);
    set_count("group_pairs_filtered", counts.group_filtered);
    set_count("group_members_past_checkers", counts.group_passed);
    set_count("candidate_components", counts.components);
    set_count("largest_candidate_component", counts.largest_component);
    set_count("near_misses", counts.near_misses);
    report_.keep = {counts.keep_moved, counts.without_value, counts.first_without_value};
    near_misses_ = top_near_misses(exchanger_, std::move(result.near_misses));
    log_keep_rule(keep);
    return std::move(result.members);
  }

  // The clusters (their kept documents) and the documents they remove, with --reference's.
  void count_clusters() {
    std::uint64_t roots = 0;
    for (const ClusterMember& m : members_) {
      if (m.doc != m.root) removed_.push_back(m.doc);
      roots += m.doc == m.root;
    }
    report_.summary.clusters = sum_over_ranks(comm_, roots);
    std::vector<DocId> referenced;
    for (const ReferenceMatch& m : references_) referenced.push_back(m.doc);
    removed_ = sorted_union(removed_, referenced);
  }

  // --keep: each cluster's kept document by the rule (input order needs no step).
  void keep_chosen_documents() {
    const KeepRule rule = *parse_keep_rule(options_.keep);
    if (rule.by == KeepBy::kInputOrder) return;
    clock_.start("keep");
    apply_keep_rule(exchanger_, members_, *source_, owner_, rule, report_.keep);
    log_keep_rule(rule);
  }

  // Rank 0 logs what --keep chose (the input-order rule needs no line).
  void log_keep_rule(const KeepRule& rule) const {
    const KeepCounts& counts = report_.keep;
    if (rank_ != 0 || rule.by == KeepBy::kInputOrder) return;
    log_info("--keep " + keep_rule_name(rule) + ": " + std::to_string(counts.moved) +
             " clusters keep another document than their first");
    if (counts.without_value > 0) {
      log_warn(std::to_string(counts.without_value) + " documents " +
               (greedy() ? "with candidates" : "in clusters") +
               " have no number or ISO 8601 date at \"" + rule.field +
               "\" (the first: " + counts.first_without_value +
               "); one of them is kept only when none of its near-duplicates has one");
    }
  }

  // Whether the run finds near-duplicate hosts (--host-field).
  bool hosts() const { return !options_.document.host_field.empty(); }

  // --host-field: the host pairs whose documents are near-duplicates (written by write_outputs).
  void find_mirrors() {
    if (!hosts()) return;
    clock_.start("hosts");
    mirror_rows_ = find_mirror_hosts(exchanger_, members_, sketch_.docs, sketch_.host_ids,
                                     sketch_.host_names, options_.host_min_share, report_.mirrors);
  }

  // --reference, once: this rank's documents that duplicate an earlier one (removed too).
  void match_reference() {
    if (!reference_ || reference_matched_) return;
    reference_matched_ = true;
    clock_.start("reference");
    run_agreed(comm_, [&] { references_ = reference_->match(sketch_.docs, *source_); });
    report_.removed_by_reference = sum_over_ranks(comm_, references_.size());
  }

  // Every output directory's parts, and the report page's data.
  void write_outputs() {
    fault_point("write");
    clock_.start("write");
    DocSource& source = *source_;
    write_clusters(exchanger_, members_, source, owner_, options_.output);
    if (options_.write_pairs) write_pairs(exchanger_, verified_, source, owner_, options_.output);
    if (hosts()) {
      run_agreed(comm_, [this] { write_hosts(rank_, mirror_rows_, options_.output); });
    }
    if (options_.write_removed) {
      write_removed(exchanger_, members_, references_, source, owner_, options_.output,
                    removed_part_format(plan_));
    }
    if (!options_.reference.empty()) {
      write_reference_matches(rank_, references_, source, options_.output);
    }
    if (options_.write_deduped) {
      const std::vector<DocId> dropped =
          shared_dropped_lines(exchanger_, plan_, sketch_.shared_skipped, removed_);
      const SharedDeduped shared{dropped, lines_};
      const std::vector<std::uint32_t> clashing = agreed_clashing_text_parts(comm_, plan_);
      run_agreed(comm_, [&] {
        deduped_lines_ = write_deduped(plan_, rank_, sketch_.docs, sketch_.splits, removed_, shared,
                                       clashing, options_.output, options_.max_doc_bytes);
      });
    }
    if (options_.write_report) {
      clock_.start("report");
      const ReportInputs run{verified_, members_, removed_, recorded_near_misses(),
                             method_.similarity_axis().threshold};
      page_ = gather_html_report(exchanger_, run, source, owner_);
      page_.hosts = hosts();
      if (hosts()) page_.mirrors = gather_top_mirrors(exchanger_, mirror_rows_);
    }
    clock_.stop();
    if (spill_) std::filesystem::remove(spill_file_);
    if (!plan_.shared.empty()) std::filesystem::remove(shared_file_);
  }

  // The near misses report.html lists: greedy clustering's (rank 0's most similar, and the
  // stats.json count), none under --clusters components.
  std::optional<RecordedNearMisses> recorded_near_misses() const {
    if (!greedy()) return std::nullopt;
    RecordedNearMisses recorded{0, near_misses_};
    for (const auto& [name, count] : report_.method_counts) {
      if (name == "near_misses") recorded.count = count;
    }
    return recorded;
  }

  // Counts every document once (or throws), then rank 0 writes stats.json, report.html and
  // _SUCCESS last and removes the run's scratch.
  JobSummary finish() {
    JobSummary& summary = report_.summary;
    summary.docs_read = lines_.total();
    summary.docs_removed = sum_over_ranks(comm_, removed_.size());
    summary.docs_kept = sum_over_ranks(comm_, sketch_.docs.size() - removed_.size());
    for (int status = 1; status < kLineStatusCount; ++status) {
      summary.skipped_by_reason[static_cast<std::size_t>(status)] =
          sum_over_ranks(comm_, sketch_.status_counts[static_cast<std::size_t>(status)]);
      summary.docs_skipped += summary.skipped_by_reason[static_cast<std::size_t>(status)];
    }
    report_.deduped_lines = options_.write_deduped ? sum_over_ranks(comm_, deduped_lines_) : 0;
    summary.bytes_shuffled = sum_over_ranks(comm_, exchanger_.bytes_sent());
    report_.communication = reduce_traffic(comm_, std::array{traffic_so_far()}).front();
    report_.stages = clock_.reduce(comm_);
    report_.peak_rss_per_rank = gather_per_rank(comm_, peak_rss_bytes());
    check_accounting();
    check_inputs_unchanged();
    run_agreed(comm_, [this] {
      if (rank_ == 0) commit_outputs();
    });
    report_.summary_text = summary_text(report_);
    if (rank_ == 0) {
      std::fputs(report_.summary_text.c_str(), stdout);
      std::fflush(stdout);
    }
    return summary;
  }

  // Throws when a document is not counted exactly once (kept, removed or skipped).
  void check_accounting() const {
    const JobSummary& summary = report_.summary;
    const bool balanced =
        summary.docs_read == summary.docs_kept + summary.docs_removed + summary.docs_skipped &&
        (!options_.write_deduped || report_.deduped_lines == summary.docs_kept);
    if (!balanced) {
      throw std::logic_error("accounting invariant violated: docs_read " +
                             std::to_string(summary.docs_read) + " != kept " +
                             std::to_string(summary.docs_kept) + " + removed " +
                             std::to_string(summary.docs_removed) + " + skipped " +
                             std::to_string(summary.docs_skipped));
    }
  }

  // Rank 0: stats.json, report.html, _SUCCESS last, with the scratch gone first.
  void commit_outputs() {
    std::optional<std::string> page;
    if (options_.write_report) {
      describe_run(page_, report_);
      page = render_html_report(page_);
    }
    if (reference_index_ == reference_scratch_) std::filesystem::remove_all(reference_scratch_);
    directory_.commit(stats_json(report_), page ? &*page : nullptr);
  }

  MPI_Comm comm_;
  const JobOptions& options_;
  DedupMethod& method_;
  Exchanger exchanger_;
  int rank_;
  StageClock clock_;
  RunDirectory directory_;  // lock, guard, checkpoints, _SUCCESS
  RunReport report_;
  // open
  JobPlan plan_;
  bool spill_ = false;  // compressed inputs: re-read records are spilled
  bool caching_ = false;
  std::string reference_scratch_, reference_index_, spill_file_, shared_file_;
  std::optional<SplitFiles> split_files_;
  OwnerFn owner_;
  // sketch_corpus
  SketchResult sketch_;
  SplitLines lines_;
  std::optional<DocSource> source_;
  std::optional<DocOwners> owners_;  // the owner of every document, once sketched
  std::unique_ptr<ReferenceMatcher> reference_;
  std::vector<DocId> reference_docs_;  // this rank's documents with reference candidates
  bool records_ready_ = false;
  // the clustering, match_reference, write_outputs
  std::optional<CandidateGraph> candidates_;
  CandidateRule rule_;
  std::optional<DocumentPayloads> payloads_;
  bool reference_matched_ = false;
  std::vector<VerifiedPair> near_misses_;  // rank 0: the closest failed checks (greedy)
  std::vector<VerifiedPair> verified_;
  std::vector<DocPair> edges_;
  std::vector<ClusterMember> members_;
  std::vector<MirrorRow> mirror_rows_;  // --host-field: the host pairs this rank writes
  std::vector<DocId> removed_;
  std::vector<ReferenceMatch> references_;
  std::uint64_t deduped_lines_ = 0;
  HtmlReport page_;
};

}  // namespace

JobSummary run_dedup_job(MPI_Comm comm, const JobOptions& options, DedupMethod& method,
                         JobSummary initial) {
  return DedupRun(comm, options, method, initial).run();
}

}  // namespace neardup
