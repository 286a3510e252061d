// The pipeline every dedup job runs: plan, sketch, pair search, components, write (DESIGN.md).
#include "jobs/dedup_pipeline.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>

#include "core/release.hpp"
#include "io/atomic_file.hpp"
#include "io/io_error.hpp"
#include "io/json_writer.hpp"
#include "jobs/checkpoint.hpp"
#include "jobs/components.hpp"
#include "jobs/duplicate_ids.hpp"
#include "jobs/interrupt.hpp"
#include "jobs/log.hpp"
#include "jobs/mpi_check.hpp"
#include "jobs/output_dir.hpp"
#include "jobs/output_stage.hpp"
#include "jobs/plan_stage.hpp"
#include "jobs/progress.hpp"
#include "jobs/reference_stage.hpp"
#include "jobs/report_stage.hpp"
#include "jobs/run_report.hpp"
#include "jobs/spill_stage.hpp"

namespace neardup {
namespace {

std::string describe(const SkipExample& e, const DocSource& source) {
  std::string text =
      source.location(make_doc_id(e.split, e.line)) + ": skipped: " + line_status_name(e.status);
  if (!e.detail.empty()) text += " (" + e.detail + ")";
  return text;
}

// Rank 0 logs the first examples of every skip reason, with file and line.
void log_skip_examples(Exchanger& exchanger, const SketchResult& sketch, const DocSource& source) {
  std::string mine;
  for (const SkipExample& e : sketch.examples) {
    mine += static_cast<char>('0' + static_cast<int>(e.status));
    mine += describe(e, source) + "\n";
  }
  std::vector<std::string> to_root(static_cast<std::size_t>(exchanger.size()));
  to_root[0] = mine;
  const std::vector<std::string> got = exchanger.exchange_blocks(to_root);
  if (exchanger.rank() != 0) return;
  std::array<std::size_t, kLineStatusCount> shown{};
  for (const std::string& block : got) {
    std::size_t start = 0;
    while (start < block.size()) {
      const std::size_t end = block.find('\n', start);
      const auto status = static_cast<std::size_t>(block[start] - '0');
      if (shown[status]++ < kSkipExamples) log_info(block.substr(start + 1, end - start - 1));
      start = end + 1;
    }
  }
}

// Rank 0 logs how many documents repeat an earlier document's id, with examples.
void log_duplicate_ids(const DuplicateIds& duplicates, const DocSource& source) {
  if (duplicates.count == 0) return;
  log_info(std::to_string(duplicates.count) +
           " documents repeat the id of an earlier document (they are still told apart by "
           "position)");
  for (const IdRepeat& r : duplicates.examples) {
    log_info(source.location(r.later) + ": same id as " + source.location(r.earlier));
  }
}

// Collective: the reference index opened on every rank (errors agreed on).
std::unique_ptr<ReferenceMatcher> open_reference(MPI_Comm comm, const std::string& index_dir,
                                                 DedupMethod& method, const ShingleSpec& shingles) {
  std::unique_ptr<ReferenceMatcher> matcher;
  std::string error;
  try {
    matcher = std::make_unique<ReferenceMatcher>(index_dir, method, shingles);
  } catch (const std::exception& e) {
    error = std::string("--reference: ") + e.what();
  }
  agree_on_errors(comm, error);
  return matcher;
}

// The sorted union of two sorted lists of documents.
std::vector<DocId> sorted_union(const std::vector<DocId>& a, const std::vector<DocId>& b) {
  std::vector<DocId> all;
  all.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(all));
  return all;
}

// Where this rank spills the records of compressed inputs that later stages re-read.
std::string spill_path(const JobOptions& options, int rank) {
  const std::filesystem::path dir = options.tmp_dir.empty()
                                        ? std::filesystem::path(options.output) / "_tmp"
                                        : std::filesystem::path(options.tmp_dir);
  char name[96];
  std::snprintf(name, sizeof name, "neardup-spill-%016zx-rank-%05d",
                std::hash<std::string>{}(std::filesystem::absolute(options.output).string()), rank);
  return (dir / name).string();
}

// Everything that changes a run's results, one JSON member per line: a resume must match it
// and split sketches are keyed by it.
std::string result_parameters(const JobOptions& o, const DedupMethod& method) {
  JsonWriter json;
  json.begin_object();
  json.key("text_field").value(o.document.text_field);
  json.key("id_field").value(o.document.id_field);
  json.key("format").value(o.format ? input_format_name(*o.format) : "auto");
  json.key("max_doc_bytes").value(o.max_doc_bytes);
  json.key("strict").value(o.strict);
  json.key("split_bytes").value(o.split_bytes);
  // Without pairs/ verification skips pairs already joined: the pairs stage's result differs.
  json.key("write_pairs").value(o.write_pairs);
  if (!o.reference.empty()) json.key("reference").value(o.reference);
  method.write_parameters(json);
  json.end_object();
  return json.str();
}

// Everything that changes a document's sketch: the key of the split sketches --cache reuses.
std::string sketch_parameters(const JobOptions& o, const DedupMethod& method) {
  JsonWriter json;
  json.begin_object();
  json.key("job").value(method.name());
  json.key("sketch_format").value(2);  // 2: features count shingle positions, not distinct ones
  json.key("text_field").value(o.document.text_field);
  json.key("id_field").value(o.document.id_field);
  json.key("format").value(o.format ? input_format_name(*o.format) : "auto");
  json.key("max_doc_bytes").value(o.max_doc_bytes);
  method.write_sketch_parameters(json);
  json.end_object();
  return json.str();
}

// Collective: the manifest of this run. A resume loads the saved one (rank 0) and refuses to
// continue when it differs from `now`; a new run with checkpoints saves `now`.
RunManifest open_checkpoint(MPI_Comm comm, const JobOptions& options, RunManifest now) {
  const std::string dir = checkpoint_dir_of(options.output);
  std::string error, text;
  if (comm_rank(comm) == 0) {
    try {
      if (!options.resume.empty()) {
        const RunManifest saved = load_manifest(dir);
        error = resume_mismatch(saved, now);
        if (!error.empty()) error = options.output + ": cannot resume: " + error;
        text = manifest_to_text(saved);
      } else {
        std::filesystem::create_directories(std::filesystem::path(dir) / "splits");
        save_manifest(dir, now);
        text = manifest_to_text(now);
      }
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  agree_on_errors(comm, error);
  return manifest_from_text(broadcast_string(comm, text));
}

// Collective: records on rank 0 that a stage's results are saved, after every rank saved its
// part (`error` is this rank's failure to save, "" when it did).
void finish_stage(MPI_Comm comm, const JobOptions& options, RunManifest& manifest,
                  const std::string& stage, const std::string& error) {
  agree_on_errors(comm, error);
  manifest.finished.push_back(stage);
  manifest.part_ranks = comm_size(comm);
  std::string failure;
  if (comm_rank(comm) == 0) {
    try {
      save_manifest(checkpoint_dir_of(options.output), manifest);
    } catch (const std::exception& e) {
      failure = e.what();
    }
  }
  agree_on_errors(comm, failure);
}

// Saves this rank's part of a stage's results; returns the error, "" when saved.
template <class T>
std::string save_part(const JobOptions& options, const std::string& stage, int rank,
                      const std::vector<T>& records) {
  try {
    save_stage_part<T>(checkpoint_dir_of(options.output), stage, rank, records);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

// Collective: a saved stage's records, each on the rank `owner_of` names, sorted.
template <class T, class Owner, class Less>
std::vector<T> load_parts(Exchanger& exchanger, const JobOptions& options,
                          const RunManifest& manifest, const std::string& stage, Owner owner_of,
                          Less less) {
  std::vector<T> records;
  std::string error;
  try {
    records = load_stage_parts<T>(checkpoint_dir_of(options.output), stage, manifest.part_ranks,
                                  exchanger.rank(), exchanger.size());
  } catch (const std::exception& e) {
    error = e.what();
  }
  agree_on_errors(exchanger.comm(), error);
  records = exchanger.shuffle(std::span<const T>(records), owner_of);
  std::sort(records.begin(), records.end(), less);
  return records;
}

}  // namespace

JobSummary run_dedup_job(MPI_Comm comm, const JobOptions& options, DedupMethod& method,
                         JobSummary initial) {
  Exchanger exchanger(comm, options.shuffle_bytes);
  const int rank = exchanger.rank();
  StageClock clock([&exchanger] { return exchanger.bytes_sent(); });
  RunReport report;
  report.job = method.name();
  report.kernel = method.kernel();
  report.options = &options;
  report.method = &method;
  report.ranks = exchanger.size();
  report.summary = initial;
  JobSummary& summary = report.summary;

  clock.start("plan");
  const JobPlan plan = make_plan(comm, options.inputs, options.format, options.split_bytes);
  std::vector<std::string> subdirs = {"clusters"};
  if (options.write_pairs) subdirs.push_back("pairs");
  if (options.write_deduped) subdirs.push_back("deduped");
  if (options.write_removed) subdirs.push_back("removed");
  if (!options.reference.empty()) subdirs.push_back("reference");
  const bool spill = plan.has_compressed_input();
  if (spill && options.tmp_dir.empty()) subdirs.push_back("_tmp");
  const bool resuming = !options.resume.empty();
  const ExistingOutput existing = resuming            ? ExistingOutput::kResume
                                  : options.overwrite ? ExistingOutput::kOverwrite
                                                      : ExistingOutput::kRefuse;
  agree_on_errors(
      comm, rank == 0 ? prepare_output_dir(options.output, subdirs, existing) : std::string());
  const std::string reference_scratch =
      (std::filesystem::path(options.output) / "_reference_index").string();
  const std::string reference_index =
      options.reference.empty() ? "" : resolve_reference(comm, options, method, reference_scratch);
  const bool checkpointing = options.checkpoint || resuming;
  RunManifest manifest;
  manifest.job = method.name();
  manifest.parameters = result_parameters(options, method);
  manifest.splits = plan.splits.size();
  const bool caching = !options.cache_dir.empty();
  if (checkpointing || caching) manifest.inputs = stamp_inputs(comm, plan);
  if (checkpointing) {
    manifest = open_checkpoint(comm, options, std::move(manifest));
    report.resumed = resuming;
    if (resuming) log_info("resuming the run in " + options.output);
  }
  std::optional<SplitFiles> split_files;
  if (checkpointing || caching) {
    const std::string dir =
        caching ? options.cache_dir
                : (std::filesystem::path(checkpoint_dir_of(options.output)) / "splits").string();
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    agree_on_errors(comm, error ? dir + ": cannot create: " + error.message() : "");
    split_files.emplace(dir, plan, manifest.inputs, sketch_parameters(options, method));
  }
  const std::string spill_file = spill_path(options, rank);
  if (spill && !options.tmp_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options.tmp_dir, error);
    agree_on_errors(comm, error ? options.tmp_dir + ": cannot create: " + error.message() : "");
  }
  report.input_files = plan.files.size();
  report.input_bytes = plan.total_bytes();
  report.splits = plan.splits.size();
  report.input_bytes_per_rank = plan.bytes_per_rank(exchanger.size());
  log_info(std::string(method.name()) + ": " + std::to_string(plan.files.size()) + " files, " +
           std::to_string(plan.total_bytes()) + " bytes, " + std::to_string(plan.splits.size()) +
           " splits on " + std::to_string(exchanger.size()) + " ranks; " + method.describe());
  const OwnerFn owner = [&plan](DocId doc) { return plan.owners[split_of(doc)]; };

  clock.start("sketch");
  Progress progress(comm, "sketch", plan.total_bytes(), options.progress_seconds);
  SketchLimits limits{options.max_doc_bytes, options.strict, false, &stop_requested()};
  limits.on_progress = [&](std::uint64_t bytes, std::uint64_t docs) {
    progress.advance(bytes, docs);
  };
  SketchResult sketch = sketch_splits(plan, rank, options.document, method, limits,
                                      split_files ? &*split_files : nullptr);
  progress.finish();
  stop_if_requested(comm, sketch.interrupted);
  report.splits_reused = sum_over_ranks(comm, sketch.splits_loaded);
  if (report.splits_reused > 0) {
    log_info("reused the sketches of " + std::to_string(report.splits_reused) + " of " +
             std::to_string(plan.splits.size()) + " splits (" +
             (caching ? "cache " + options.cache_dir : "checkpoint") + ")");
  }
  report.damaged_checkpoints = sum_over_ranks(comm, split_files ? split_files->damaged() : 0);
  report.bytes_read_per_rank = gather_per_rank(comm, sketch.bytes_read);
  std::vector<std::uint64_t> lines_per_split(plan.splits.size());
  mpi_check(MPI_Allreduce(sketch.lines_per_split.data(), lines_per_split.data(),
                          static_cast<int>(lines_per_split.size()), MPI_UINT64_T, MPI_SUM, comm),
            "MPI_Allreduce");
  const std::vector<std::uint64_t> bases = line_bases(plan, lines_per_split);
  DocSource source(plan, sketch.docs, bases, options.document, spill_file);
  if (options.strict) {
    agree_on_errors(comm, sketch.examples.empty()
                              ? std::string()
                              : describe(sketch.examples.front(), source) + " (--strict)");
  }
  log_skip_examples(exchanger, sketch, source);
  const DuplicateIds duplicate_ids =
      find_duplicate_ids(exchanger, std::move(sketch.id_keys), kSkipExamples);
  report.duplicate_ids = duplicate_ids.count;
  if (rank == 0) log_duplicate_ids(duplicate_ids, source);
  report.features = sum_over_ranks(comm, sketch.features);
  std::unique_ptr<ReferenceMatcher> reference;
  std::vector<DocId> reference_docs;  // this rank's documents with reference candidates
  if (!options.reference.empty()) {
    clock.start("reference lookup");
    reference = open_reference(comm, reference_index, method, options.document.shingle);
    reference_docs = reference->find_candidates(sketch.docs);
  }

  bool records_ready = false;
  const auto need_records = [&](std::span<const DocPair> pairs) {
    if (records_ready) throw std::logic_error("need_records called twice");
    records_ready = true;
    if (!spill) return;
    clock.start("spill");
    std::vector<DocId> needed = candidate_documents(exchanger, pairs, owner);
    if (reference && reference->exact()) needed = sorted_union(needed, reference_docs);
    report.spilled_bytes =
        sum_over_ranks(comm, spill_compressed_records(plan, rank, needed, sketch.docs, spill_file,
                                                      options.max_doc_bytes));
  };
  const auto pair_less = [](const VerifiedPair& x, const VerifiedPair& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  };
  std::vector<VerifiedPair> verified;
  if (manifest.has_finished("pairs")) {
    clock.start("load pairs");
    verified = load_parts<VerifiedPair>(
        exchanger, options, manifest, "pairs", [&](const VerifiedPair& p) { return owner(p.a); },
        pair_less);
    summary.candidate_pairs = manifest.candidate_pairs;
    report.method_counts = manifest.method_counts;
  } else {
    PairSearch search{exchanger, sketch.docs, source, owner, clock, need_records};
    verified = method.find_pairs(search, summary);
    report.method_counts = method.counts();
    if (checkpointing) {
      manifest.candidate_pairs = summary.candidate_pairs;
      manifest.method_counts = report.method_counts;
      finish_stage(comm, options, manifest, "pairs", save_part(options, "pairs", rank, verified));
      fault_point("pairs_saved");
    }
    stop_if_requested(comm);
  }
  summary.verified_pairs = sum_over_ranks(comm, verified.size());
  std::vector<DocPair> edges;
  edges.reserve(verified.size());
  for (const VerifiedPair& p : verified) edges.push_back({p.a, p.b});
  if (!records_ready) need_records(edges);

  clock.start("components");
  std::vector<ClusterMember> members;
  if (manifest.has_finished("components")) {
    members = load_parts<ClusterMember>(
        exchanger, options, manifest, "components",
        [&](const ClusterMember& m) { return owner(m.doc); },
        [](const ClusterMember& x, const ClusterMember& y) { return x.doc < y.doc; });
    report.component_rounds = manifest.component_rounds;
  } else {
    ComponentCounts component_counts;
    members = connected_components(exchanger, edges, owner, component_counts);
    report.component_rounds = component_counts.rounds;
    if (checkpointing) {
      manifest.component_rounds = component_counts.rounds;
      finish_stage(comm, options, manifest, "components",
                   save_part(options, "components", rank, members));
    }
    stop_if_requested(comm);
  }
  release(edges);
  std::vector<DocId> removed;
  std::uint64_t roots = 0;
  for (const ClusterMember& m : members) {
    if (m.doc != m.root) removed.push_back(m.doc);
    roots += m.doc == m.root;
  }
  summary.clusters = sum_over_ranks(comm, roots);

  std::vector<ReferenceMatch> references;
  if (reference) {
    clock.start("reference");
    std::string error;
    try {
      references = reference->match(sketch.docs, source);
    } catch (const std::exception& e) {
      error = e.what();
    }
    agree_on_errors(comm, error);
    report.removed_by_reference = sum_over_ranks(comm, references.size());
    std::vector<DocId> referenced, all;
    for (const ReferenceMatch& m : references) referenced.push_back(m.doc);
    std::set_union(removed.begin(), removed.end(), referenced.begin(), referenced.end(),
                   std::back_inserter(all));
    removed = std::move(all);
  }

  clock.start("write");
  write_clusters(exchanger, members, source, owner, options.output);
  if (options.write_pairs) write_pairs(exchanger, verified, source, owner, options.output);
  if (options.write_removed) {
    write_removed(exchanger, members, references, source, owner, options.output);
  }
  if (!options.reference.empty()) {
    write_reference_matches(rank, references, source, options.output);
  }
  std::uint64_t deduped_lines = 0;
  if (options.write_deduped) {
    deduped_lines =
        write_deduped(plan, rank, sketch.docs, removed, options.output, options.max_doc_bytes);
  }
  HtmlReport page;
  if (options.write_report) {
    clock.start("report");
    page = gather_html_report(exchanger, verified, members, source, owner);
  }
  clock.stop();
  if (spill) std::filesystem::remove(spill_file);

  summary.docs_read =
      std::accumulate(lines_per_split.begin(), lines_per_split.end(), std::uint64_t{0});
  summary.docs_removed = sum_over_ranks(comm, removed.size());
  summary.docs_kept = sum_over_ranks(comm, sketch.docs.size() - removed.size());
  for (int status = 1; status < kLineStatusCount; ++status) {
    summary.skipped_by_reason[static_cast<std::size_t>(status)] =
        sum_over_ranks(comm, sketch.status_counts[static_cast<std::size_t>(status)]);
    summary.docs_skipped += summary.skipped_by_reason[static_cast<std::size_t>(status)];
  }
  report.deduped_lines = options.write_deduped ? sum_over_ranks(comm, deduped_lines) : 0;
  summary.bytes_shuffled = sum_over_ranks(comm, exchanger.bytes_sent());
  report.stages = clock.reduce(comm);
  report.peak_rss_per_rank = gather_per_rank(comm, peak_rss_bytes());

  const bool balanced =
      summary.docs_read == summary.docs_kept + summary.docs_removed + summary.docs_skipped &&
      (!options.write_deduped || report.deduped_lines == summary.docs_kept);
  if (!balanced) {
    throw std::logic_error("accounting invariant violated: docs_read " +
                           std::to_string(summary.docs_read) + " != kept " +
                           std::to_string(summary.docs_kept) + " + removed " +
                           std::to_string(summary.docs_removed) + " + skipped " +
                           std::to_string(summary.docs_skipped));
  }
  mpi_check(MPI_Barrier(comm), "MPI_Barrier");
  if (rank == 0) {
    const std::string stats = stats_json(report);
    write_file_atomically((std::filesystem::path(options.output) / "stats.json").string(), stats);
    if (options.write_report) {
      describe_run(page, report);
      write_file_atomically((std::filesystem::path(options.output) / "report.html").string(),
                            render_html_report(page));
    }
    if (spill && options.tmp_dir.empty()) {
      std::filesystem::remove_all(std::filesystem::path(options.output) / "_tmp");
    }
    write_file_atomically((std::filesystem::path(options.output) / "_SUCCESS").string(), stats);
    if (checkpointing) std::filesystem::remove_all(checkpoint_dir_of(options.output));
    if (reference_index == reference_scratch) std::filesystem::remove_all(reference_scratch);
    log_info("wrote " + options.output);
  }
  mpi_check(MPI_Barrier(comm), "MPI_Barrier");
  report.summary_text = summary_text(report);
  if (rank == 0) {
    std::fputs(report.summary_text.c_str(), stdout);
    std::fflush(stdout);
  }
  return summary;
}

}  // namespace neardup
