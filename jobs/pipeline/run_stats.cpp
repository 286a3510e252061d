// What a finished run reports: stats.json (every count, parameter and per-stage spread) and
// the human summary printed at the end.
#include "jobs/pipeline/run_stats.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/hosts/host_name.hpp"
#include "io/input/input_plan.hpp"
#include "io/json/json_writer.hpp"
#include "jobs/version.hpp"

namespace neardup {
namespace {

double total_seconds(const RunReport& report) {
  double total = 0;
  for (const StageSpread& s : report.stages) total += s.max;
  return total;
}

void write_rank_spread(JsonWriter& json, const char* key, const RankSpread& spread) {
  json.key(key).begin_object();
  json.key("min").value(spread.min);
  json.key("avg").value(spread.avg);
  json.key("max").value(spread.max);
  json.key("sum").value(spread.sum);
  json.end_object();
}

void write_communication(JsonWriter& json, const TrafficSpread& traffic) {
  json.key("communication").begin_object();
  write_rank_spread(json, "bytes_sent", traffic.bytes_sent);
  write_rank_spread(json, "bytes_received", traffic.bytes_received);
  write_rank_spread(json, "messages_sent", traffic.messages_sent);
  write_rank_spread(json, "messages_received", traffic.messages_received);
  json.key("collectives").value(traffic.collectives);
  json.key("collectives_agree").value(traffic.collectives_agree);
  const RankSpread& in_mpi = traffic.mpi_nanoseconds;
  json.key("mpi_seconds").begin_object();
  json.key("min").value(static_cast<double>(in_mpi.min) / 1e9);
  json.key("avg").value(in_mpi.avg / 1e9);
  json.key("max").value(static_cast<double>(in_mpi.max) / 1e9);
  json.end_object();
  json.end_object();
}

// The stages whose ranks made different numbers of collective calls (none in a correct run).
std::string stages_with_disagreeing_collectives(const RunReport& report) {
  std::string names;
  for (const StageSpread& stage : report.stages) {
    if (!stage.communication.collectives_agree) names += (names.empty() ? "" : ", ") + stage.name;
  }
  return names;
}

// The per-stage table: seconds across ranks, MB shuffled, peak RSS and traffic.
std::string stage_table(const std::vector<StageSpread>& stages) {
  char buffer[256];
  std::string out =
      "stage         min s     avg s     max s   max/avg   MB shuffled   peak RSS MB"
      "   sent MB max/avg   msgs max   colls   MPI s min/max\n";
  for (const StageSpread& stage : stages) {
    const TrafficSpread& c = stage.communication;
    std::snprintf(buffer, sizeof buffer,
                  "%-12s %7.3f   %7.3f   %7.3f   %7.2f   %11.1f   %11.1f   %8.2f/%-8.2f %8llu"
                  "   %5llu   %5.3f/%-5.3f\n",
                  stage.name.c_str(), stage.min, stage.avg, stage.max, stage.imbalance(),
                  static_cast<double>(stage.bytes_shuffled) / 1e6,
                  static_cast<double>(stage.peak_rss) / 1e6,
                  static_cast<double>(c.bytes_sent.max) / 1e6, c.bytes_sent.avg / 1e6,
                  static_cast<unsigned long long>(c.messages_sent.max),
                  static_cast<unsigned long long>(c.collectives),
                  static_cast<double>(c.mpi_nanoseconds.min) / 1e9,
                  static_cast<double>(c.mpi_nanoseconds.max) / 1e9);
    out += buffer;
  }
  return out;
}

// The run's traffic in one line, and a warning when ranks made different numbers of collectives.
std::string communication_summary(const RunReport& report) {
  const TrafficSpread& c = report.communication;
  char buffer[256];
  std::snprintf(buffer, sizeof buffer,
                "communication: %.1f MB sent between ranks (per rank max %.1f MB, avg %.1f MB), "
                "%llu messages, %llu collective calls\n",
                static_cast<double>(c.bytes_sent.sum) / 1e6,
                static_cast<double>(c.bytes_sent.max) / 1e6, c.bytes_sent.avg / 1e6,
                static_cast<unsigned long long>(c.messages_sent.sum),
                static_cast<unsigned long long>(c.collectives));
  std::string out = buffer;
  const std::string disagreeing = stages_with_disagreeing_collectives(report);
  if (!disagreeing.empty() || !c.collectives_agree) {
    out += "warning: ranks made different numbers of collective calls (stages: " +
           (disagreeing.empty() ? std::string("none") : disagreeing) + ")\n";
  }
  return out;
}

}  // namespace

void write_stage_spreads(JsonWriter& json, const std::vector<StageSpread>& stages) {
  json.key("stages").begin_object();
  for (const StageSpread& stage : stages) {
    json.key(stage.name).begin_object();
    json.key("min_seconds").value(stage.min);
    json.key("avg_seconds").value(stage.avg);
    json.key("max_seconds").value(stage.max);
    json.key("imbalance").value(stage.imbalance());
    json.key("bytes_shuffled").value(stage.bytes_shuffled);
    json.key("peak_rss_bytes").value(stage.peak_rss);
    write_communication(json, stage.communication);
    json.end_object();
  }
  json.end_object();
}

void write_run_parameters(JsonWriter& json, const RunReport& r) {
  const JobOptions& o = *r.options;
  json.begin_object();
  write_job_parameters(json, o, ParameterScope::kRun);
  r.method->write_parameters(json, ParameterScope::kRun);
  json.end_object();
}

std::string stats_json(const RunReport& r) {
  const JobSummary& s = r.summary;
  JsonWriter json;
  json.begin_object();
  json.key("job").value(r.job);
  json.key("neardup_version").value(kNeardupVersion);
  json.key("kernel").value(r.kernel);
  json.key("ranks").value(r.ranks);
  json.key("parameters");
  write_run_parameters(json, r);
  // Where the run was started and its inputs from there: explain --run reads the inputs from
  // anywhere, and a reader sees which files were meant.
  const std::string cwd = std::filesystem::current_path().string();
  json.key("command_line").value(r.options->command_line);
  json.key("working_directory").value(cwd);
  json.key("input_paths").begin_array();
  for (const std::string& input : r.options->inputs) json.value(input_argument_under(input, cwd));
  json.end_array();
  json.key("input_files").value(r.input_files);
  json.key("ignored_files");
  write_ignored_files(json, r.ignored_files);
  json.key("input_warnings").begin_object();
  for (std::size_t h = 0; h < kFormatHintCount; ++h) {
    json.key(format_hint_key(static_cast<FormatHint>(h + 1))).value(r.input_warnings[h]);
  }
  json.end_object();
  json.key("input_bytes").value(r.input_bytes);
  json.key("splits").value(r.splits);
  json.key("docs_read").value(s.docs_read);
  json.key("docs_kept").value(s.docs_kept);
  json.key("docs_removed").value(s.docs_removed);
  json.key("docs_skipped").value(s.docs_skipped);
  json.key("docs_skipped_by_reason").begin_object();
  for (int status = 1; status < kLineStatusCount; ++status) {
    json.key(line_status_name(static_cast<LineStatus>(status)))
        .value(s.skipped_by_reason[static_cast<std::size_t>(status)]);
  }
  json.end_object();
  json.key("features").value(r.features);
  json.key("invalid_utf8_bytes").value(r.invalid_utf8_bytes);
  for (const auto& [name, count] : r.method_counts) json.key(name).value(count);
  json.key("candidate_edges").value(s.candidate_pairs);
  json.key("verified_edges").value(s.verified_pairs);
  json.key("clusters").value(s.clusters);
  json.key("component_rounds").value(r.component_rounds);
  json.key("keep_moved_clusters").value(r.keep.moved);
  json.key("keep_without_value").value(r.keep.without_value);
  json.key("hosts").value(r.mirrors.hosts);
  json.key("docs_without_host").value(r.mirrors.docs_without_host);
  json.key("invalid_hosts").begin_object();
  for (std::size_t problem = 2; problem < kHostProblemCount; ++problem) {  // past kNoHost
    json.key(host_problem_name(static_cast<HostProblem>(problem)))
        .value(r.mirrors.invalid_hosts[problem]);
  }
  json.end_object();
  json.key("mirror_pairs").value(r.mirrors.mirror_pairs);
  json.key("host_skipped_clusters").value(r.mirrors.skipped_clusters);
  json.key("deduped_lines").value(r.deduped_lines);
  json.key("bytes_shuffled").value(s.bytes_shuffled);
  json.key("duplicate_ids").value(r.duplicate_ids);
  json.key("spilled_bytes").value(r.spilled_bytes);
  json.key("shared_record_bytes").value(r.shared_record_bytes);
  json.key("resumed").value(r.resumed);
  json.key("removed_by_reference").value(r.removed_by_reference);
  json.key("splits_reused").value(r.splits_reused);
  json.key("damaged_checkpoints").value(r.damaged_checkpoints);
  json.key("splits_changed").value(r.splits_changed);
  json.key("input_bytes_per_rank").begin_object();
  json.key("min").value(
      r.input_bytes_per_rank.empty()
          ? 0
          : *std::min_element(r.input_bytes_per_rank.begin(), r.input_bytes_per_rank.end()));
  json.key("avg").value(r.input_bytes_per_rank.empty()
                            ? 0.0
                            : static_cast<double>(r.input_bytes) /
                                  static_cast<double>(r.input_bytes_per_rank.size()));
  json.key("max").value(
      r.input_bytes_per_rank.empty()
          ? 0
          : *std::max_element(r.input_bytes_per_rank.begin(), r.input_bytes_per_rank.end()));
  json.key("per_rank").begin_array();
  for (const std::uint64_t b : r.input_bytes_per_rank) json.value(b);
  json.end_array();
  json.end_object();
  json.key("bytes_read_per_rank").begin_array();
  for (const std::uint64_t b : r.bytes_read_per_rank) json.value(b);
  json.end_array();
  json.key("documents_per_rank").begin_array();
  for (const std::uint64_t d : r.documents_per_rank) json.value(d);
  json.end_array();
  json.key("peak_rss_bytes_per_rank").begin_array();
  for (const std::uint64_t b : r.peak_rss_per_rank) json.value(b);
  json.end_array();
  write_stage_spreads(json, r.stages);
  write_communication(json, r.communication);
  json.key("total_seconds").value(total_seconds(r));
  json.end_object();
  return json.str();
}

std::string summary_text(const RunReport& r) {
  const JobSummary& s = r.summary;
  const double seconds = total_seconds(r);
  const double mb = static_cast<double>(r.input_bytes) / 1e6;
  const std::uint64_t peak =
      r.peak_rss_per_rank.empty()
          ? 0
          : *std::max_element(r.peak_rss_per_rank.begin(), r.peak_rss_per_rank.end());
  char buffer[512];
  std::string out;
  std::snprintf(
      buffer, sizeof buffer,
      "neardup %s: %llu docs read, %llu kept, %llu removed, %llu skipped; "
      "%llu clusters; %llu candidate pairs, %llu verified\n",
      r.job.c_str(), static_cast<unsigned long long>(s.docs_read),
      static_cast<unsigned long long>(s.docs_kept), static_cast<unsigned long long>(s.docs_removed),
      static_cast<unsigned long long>(s.docs_skipped), static_cast<unsigned long long>(s.clusters),
      static_cast<unsigned long long>(s.candidate_pairs),
      static_cast<unsigned long long>(s.verified_pairs));
  out += buffer;
  std::snprintf(buffer, sizeof buffer,
                "%.1f MB in %.2f s on %d ranks (%.1f MB/s, %.1f MB/s per rank); %.1f MB "
                "shuffled; peak RSS %.1f MB per rank (max)\n",
                mb, seconds, r.ranks, seconds > 0 ? mb / seconds : 0.0,
                seconds > 0 ? mb / seconds / r.ranks : 0.0,
                static_cast<double>(s.bytes_shuffled) / 1e6, static_cast<double>(peak) / 1e6);
  out += buffer;
  out += stage_table(r.stages);
  out += communication_summary(r);
  if (!r.peak_rss_per_rank.empty()) {
    const auto [low, high] =
        std::minmax_element(r.peak_rss_per_rank.begin(), r.peak_rss_per_rank.end());
    double sum = 0;
    for (const std::uint64_t b : r.peak_rss_per_rank) sum += static_cast<double>(b);
    const double avg = sum / static_cast<double>(r.peak_rss_per_rank.size());
    std::snprintf(buffer, sizeof buffer,
                  "peak RSS per rank: min %.1f MB, avg %.1f MB, max %.1f MB (max/avg %.2f)\n",
                  static_cast<double>(*low) / 1e6, avg / 1e6, static_cast<double>(*high) / 1e6,
                  avg > 0 ? static_cast<double>(*high) / avg : 1.0);
    out += buffer;
  }
  std::snprintf(
      buffer, sizeof buffer,
      "RESULT job=%s ranks=%d bytes=%llu docs=%llu kept=%llu removed=%llu "
      "skipped=%llu clusters=%llu candidates=%llu verified=%llu seconds=%.3f "
      "mb_per_s=%.2f bytes_shuffled=%llu peak_rss=%llu\n",
      r.job.c_str(), r.ranks, static_cast<unsigned long long>(r.input_bytes),
      static_cast<unsigned long long>(s.docs_read), static_cast<unsigned long long>(s.docs_kept),
      static_cast<unsigned long long>(s.docs_removed),
      static_cast<unsigned long long>(s.docs_skipped), static_cast<unsigned long long>(s.clusters),
      static_cast<unsigned long long>(s.candidate_pairs),
      static_cast<unsigned long long>(s.verified_pairs), seconds, seconds > 0 ? mb / seconds : 0.0,
      static_cast<unsigned long long>(s.bytes_shuffled), static_cast<unsigned long long>(peak));
  out += buffer;
  return out;
}

}  // namespace neardup
