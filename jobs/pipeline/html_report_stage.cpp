// report.html: the figures and samples a user looks at before deleting what a run removed,
// gathered from every rank and written by rank 0.
#include "jobs/pipeline/html_report_stage.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/id_mix.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// A cluster as its kept document's owner sees it.
struct ClusterInfo {
  std::uint64_t key;  // mix_id(root): the sample order, fixed for a corpus and rank count-free
  DocId root;
  DocId removed;  // the first removed document
  std::uint64_t size;
};

// Bin of a cluster size: 2 -> 0, 3-4 -> 1, 5-8 -> 2, ...
std::size_t size_bin(std::uint64_t size) {
  return static_cast<std::size_t>(std::bit_width(size - 1)) - 1;
}

bool larger(const ClusterInfo& x, const ClusterInfo& y) {
  return x.size != y.size ? x.size > y.size : x.root < y.root;
}

bool sampled_first(const ClusterInfo& x, const ClusterInfo& y) { return x.key < y.key; }

// The first `count` of `items` in `order`, sorted.
template <class Less>
void keep_first(std::vector<ClusterInfo>& items, std::size_t count, Less order) {
  const std::size_t kept = std::min(count, items.size());
  std::partial_sort(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(kept), items.end(),
                    order);
  items.resize(kept);
}

// `text` cut to at most `max` bytes, not inside a UTF-8 sequence.
std::string cut_utf8(std::string text, std::size_t max, bool& truncated) {
  truncated = text.size() > max;
  if (!truncated) return text;
  std::size_t end = max;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  text.resize(end);
  return text;
}

std::vector<std::uint64_t> sum_on_root(MPI_Comm comm, const std::vector<std::uint64_t>& local) {
  std::vector<std::uint64_t> total(local.size());
  mpi_check(MPI_Reduce(local.data(), total.data(), static_cast<int>(local.size()), MPI_UINT64_T,
                       MPI_SUM, 0, comm),
            "MPI_Reduce");
  return total;
}

// This rank's verified pairs by similarity bin.
std::vector<std::uint64_t> similarity_bins(std::span<const VerifiedPair> verified) {
  std::vector<std::uint64_t> bins(kReportSimilarityBins, 0);
  for (const VerifiedPair& p : verified) {
    const double bin = std::clamp(p.similarity, 0.0, 1.0) * kReportSimilarityBins;
    ++bins[std::min(kReportSimilarityBins - 1, static_cast<std::size_t>(bin))];
  }
  return bins;
}

// Collective: the clusters (2 or more members) whose root this rank owns, counted into
// `size_bins` by size.
std::vector<ClusterInfo> owned_clusters(Exchanger& exchanger,
                                        std::span<const ClusterMember> members,
                                        const OwnerFn& owner,
                                        std::vector<std::uint64_t>& size_bins) {
  std::vector<ClusterMember> by_root =
      exchanger.shuffle(members, [&](const ClusterMember& m) { return owner(m.root); });
  std::sort(by_root.begin(), by_root.end(), [](const ClusterMember& x, const ClusterMember& y) {
    return x.root != y.root ? x.root < y.root : x.doc < y.doc;
  });
  std::vector<ClusterInfo> clusters;
  for (std::size_t i = 0; i < by_root.size();) {
    std::size_t j = i;
    DocId removed = by_root[i].root;
    while (j < by_root.size() && by_root[j].root == by_root[i].root) {
      if (removed == by_root[i].root && by_root[j].doc != by_root[j].root) removed = by_root[j].doc;
      ++j;
    }
    const std::uint64_t size = j - i;
    if (size >= 2) {
      ++size_bins[size_bin(size)];
      clusters.push_back({mix_id(by_root[i].root), by_root[i].root, removed, size});
    }
    i = j;
  }
  return clusters;
}

// The clusters the page shows, chosen on rank 0 from every rank's.
struct ShownClusters {
  std::vector<ClusterInfo> largest;
  std::vector<ClusterInfo> samples;
};

// Collective: each rank's best candidates go to rank 0, which keeps the overall best.
ShownClusters choose_shown(Exchanger& exchanger, std::vector<ClusterInfo> clusters) {
  ShownClusters shown{clusters, std::move(clusters)};
  keep_first(shown.largest, kReportLargest, larger);
  keep_first(shown.samples, kReportSamples, sampled_first);
  const auto to_rank_0 = [](const ClusterInfo&) { return 0; };
  shown.largest = exchanger.shuffle(std::span<const ClusterInfo>(shown.largest), to_rank_0);
  shown.samples = exchanger.shuffle(std::span<const ClusterInfo>(shown.samples), to_rank_0);
  keep_first(shown.largest, kReportLargest, larger);
  keep_first(shown.samples, kReportSamples, sampled_first);
  return shown;
}

// Collective: the id and text (cut for the page) of every document the shown clusters name,
// fetched from their owners. Payload: the id's length (8 bytes), the id, then the text.
Payloads fetch_shown_texts(Exchanger& exchanger, const ShownClusters& shown, DocSource& source,
                           const OwnerFn& owner) {
  std::vector<DocId> requests;
  for (const ClusterInfo& c : shown.largest) requests.push_back(c.root);
  for (const ClusterInfo& c : shown.samples) {
    requests.push_back(c.root);
    requests.push_back(c.removed);
  }
  std::sort(requests.begin(), requests.end());
  requests.erase(std::unique(requests.begin(), requests.end()), requests.end());
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    const std::string id = source.id(doc);
    const std::uint64_t length = id.size();
    out.append(reinterpret_cast<const char*>(&length), sizeof length);
    out += id;
    bool truncated = false;
    out += cut_utf8(source.text(doc), kReportTextBytes + 1, truncated);
  };
  return fetch_payloads(exchanger, requests, owner, provide);
}

// Rank 0: the page's figures from the global counts, the shown clusters and their texts.
HtmlReport assemble_report(std::vector<std::uint64_t> similarity_total,
                           const std::vector<std::uint64_t>& sizes_total,
                           const ShownClusters& shown, const Payloads& payloads) {
  const auto id_and_text = [&](DocId doc, std::string& id, std::string& text, bool& truncated) {
    const std::string_view payload = payloads.get(doc);
    std::uint64_t length = 0;
    std::memcpy(&length, payload.data(), sizeof length);
    id.assign(payload.substr(sizeof length, length));
    text =
        cut_utf8(std::string(payload.substr(sizeof length + length)), kReportTextBytes, truncated);
  };
  HtmlReport report;
  report.similarity_histogram = std::move(similarity_total);
  for (std::size_t b = 0; b < sizes_total.size(); ++b) {
    if (sizes_total[b] > 0)
      report.cluster_sizes.emplace_back(std::uint64_t{2} << b, sizes_total[b]);
  }
  std::string text;
  bool truncated = false;
  for (const ClusterInfo& c : shown.largest) {
    ReportCluster cluster;
    id_and_text(c.root, cluster.kept_id, text, truncated);
    cluster.size = c.size;
    report.largest.push_back(std::move(cluster));
  }
  for (const ClusterInfo& c : shown.samples) {
    ReportSample sample;
    id_and_text(c.root, sample.kept_id, sample.kept_text, sample.kept_truncated);
    id_and_text(c.removed, sample.removed_id, sample.removed_text, sample.removed_truncated);
    sample.cluster_size = c.size;
    report.samples.push_back(std::move(sample));
  }
  return report;
}

}  // namespace

HtmlReport gather_html_report(Exchanger& exchanger, std::span<const VerifiedPair> verified,
                              std::span<const ClusterMember> members, DocSource& source,
                              const OwnerFn& owner) {
  const MPI_Comm comm = exchanger.comm();
  std::vector<std::uint64_t> size_bins(64, 0);
  const ShownClusters shown =
      choose_shown(exchanger, owned_clusters(exchanger, members, owner, size_bins));
  std::vector<std::uint64_t> similarity_total = sum_on_root(comm, similarity_bins(verified));
  const std::vector<std::uint64_t> sizes_total = sum_on_root(comm, size_bins);
  const Payloads payloads = fetch_shown_texts(exchanger, shown, source, owner);
  if (exchanger.rank() != 0) return {};
  return assemble_report(std::move(similarity_total), sizes_total, shown, payloads);
}

void describe_run(HtmlReport& page, const RunReport& report) {
  const JobSummary& s = report.summary;
  page.job = report.job;
  page.output = report.options->output;
  page.tokenizer = report.options->document.tokenizer;
  page.inputs = report.options->inputs;
  JsonWriter parameters;
  write_run_parameters(parameters, report);
  page.parameters = parameters.str();
  page.counts = {{"documents read", s.docs_read},
                 {"kept", s.docs_kept},
                 {"removed", s.docs_removed},
                 {"skipped", s.docs_skipped},
                 {"clusters", s.clusters},
                 {"candidate pairs", s.candidate_pairs},
                 {"verified pairs", s.verified_pairs},
                 {"documents repeating an earlier id", report.duplicate_ids}};
  for (int status = 1; status < kLineStatusCount; ++status) {
    const std::uint64_t count = s.skipped_by_reason[static_cast<std::size_t>(status)];
    if (count > 0)
      page.skipped.emplace_back(line_status_name(static_cast<LineStatus>(status)), count);
  }
  for (const StageSpread& stage : report.stages) {
    page.stages.push_back({stage.name, stage.min, stage.avg, stage.max});
  }
  const SimilarityAxis axis = report.method->similarity_axis();
  page.similarity_name = axis.name;
  page.threshold = axis.threshold;
  page.banding = axis.banding;
  page.verification = axis.verification;
}

}  // namespace neardup
