// report.html: the figures and samples a user looks at before deleting what a run removed,
// gathered from every rank and written by rank 0.
#include "jobs/pipeline/html_report_stage.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <tuple>

#include "core/id_mix.hpp"
#include "core/sketch/jaccard.hpp"
#include "io/read/utf8.hpp"
#include "jobs/documents/payload_fields.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/version.hpp"

namespace neardup {
namespace {

// A cluster as its kept document's owner sees it.
struct ClusterInfo {
  DocId root;  // the kept document
  std::uint64_t size;
  // Of its removed members to root: kUnknownSimilarity when one of them is not known.
  double lowest_similarity;
};

// The clusters whose kept document this rank owns.
struct OwnedClusters {
  std::vector<ClusterMember> by_root;  // their members, sorted by (root, doc)
  std::vector<ClusterInfo> clusters;
  std::vector<std::uint64_t> size_bins;  // clusters by size: 2, 3-4, 5-8, ...
};

// What rank 0 chose to show, and what it needs of each document named.
struct Shown {
  std::vector<ClusterInfo> largest;
  std::vector<VerifiedPair> hard_cases;
  std::vector<VerifiedPair> neighbours;  // of the first largest clusters' kept documents
  std::vector<ClusterMember> probes;     // members compared with their kept document
  std::vector<VerifiedPair> near_misses;
};

// A document as its owner described it.
struct FetchedDoc {
  ReportDocument doc;
  std::vector<std::uint64_t> sketch;  // the smallest shingle hashes
};

// Bin of a cluster size: 2 -> 0, 3-4 -> 1, 5-8 -> 2, ...
std::size_t size_bin(std::uint64_t size) {
  return static_cast<std::size_t>(std::bit_width(size - 1)) - 1;
}

bool larger(const ClusterInfo& x, const ClusterInfo& y) {
  return x.size != y.size ? x.size > y.size : x.root < y.root;
}

bool harder(const VerifiedPair& x, const VerifiedPair& y) {
  return std::tie(x.similarity, x.a, x.b) < std::tie(y.similarity, y.a, y.b);
}

// The first `count` of `items` in `order`, sorted.
template <class T, class Less>
void keep_first(std::vector<T>& items, std::size_t count, Less order) {
  const std::size_t kept = std::min(count, items.size());
  std::partial_sort(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(kept), items.end(),
                    order);
  items.resize(kept);
}

// Collective: every rank's `items` on rank 0.
template <class T>
std::vector<T> on_rank_0(Exchanger& exchanger, const std::vector<T>& items) {
  return exchanger.shuffle(std::span<const T>(items), [](const T&) { return 0; });
}

// Collective: rank 0's `items` on every rank.
template <class T>
std::vector<T> from_rank_0(MPI_Comm comm, const std::vector<T>& items) {
  const std::string bytes = broadcast_string(
      comm, std::string(reinterpret_cast<const char*>(items.data()), items.size() * sizeof(T)));
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

std::vector<std::uint64_t> sum_on_root(MPI_Comm comm, const std::vector<std::uint64_t>& local) {
  std::vector<std::uint64_t> total(local.size());
  mpi_check(MPI_Reduce(local.data(), total.data(), static_cast<int>(local.size()), MPI_UINT64_T,
                       MPI_SUM, 0, comm),
            "MPI_Reduce");
  return total;
}

// Collective: every rank's verified pairs counted into `histogram`, on rank 0.
void count_pairs(MPI_Comm comm, std::span<const VerifiedPair> verified,
                 ReportHistogram& histogram) {
  for (const VerifiedPair& p : verified) histogram.add(p.similarity);
  histogram.bins = sum_on_root(comm, histogram.bins);
}

// The lowest similarity to their root of the removed members among by_root[from, to) (one
// cluster's members): kUnknownSimilarity, below any other, when one of them is unknown.
double lowest_similarity(std::span<const ClusterMember> by_root, std::size_t from, std::size_t to) {
  double lowest = 1;
  for (std::size_t i = from; i < to; ++i) {
    if (by_root[i].doc != by_root[i].root) lowest = std::min(lowest, by_root[i].similarity);
  }
  return lowest;
}

// Collective: the clusters whose kept document (root) this rank owns, with their members.
OwnedClusters owned_clusters(Exchanger& exchanger, std::span<const ClusterMember> members,
                             const OwnerFn& owner) {
  OwnedClusters owned{
      exchanger.shuffle(members, [&](const ClusterMember& m) { return owner(m.root); }),
      {},
      std::vector<std::uint64_t>(64, 0)};
  std::vector<ClusterMember>& by_root = owned.by_root;
  std::sort(by_root.begin(), by_root.end(), [](const ClusterMember& x, const ClusterMember& y) {
    return x.root != y.root ? x.root < y.root : x.doc < y.doc;
  });
  for (std::size_t i = 0; i < by_root.size();) {
    std::size_t j = i;
    while (j < by_root.size() && by_root[j].root == by_root[i].root) ++j;
    const std::uint64_t size = j - i;
    if (size >= 2) {
      ++owned.size_bins[size_bin(size)];
      owned.clusters.push_back({by_root[i].root, size, lowest_similarity(by_root, i, j)});
    }
    i = j;
  }
  return owned;
}

// Collective: the largest clusters, on every rank.
std::vector<ClusterInfo> largest_clusters(Exchanger& exchanger, std::vector<ClusterInfo> clusters) {
  keep_first(clusters, kReportLargest, larger);
  clusters = on_rank_0(exchanger, clusters);
  keep_first(clusters, kReportLargest, larger);
  return from_rank_0(exchanger.comm(), clusters);
}

// Collective: the verified pairs of lowest similarity, on rank 0.
std::vector<VerifiedPair> hardest_pairs(Exchanger& exchanger,
                                        std::span<const VerifiedPair> verified) {
  std::vector<VerifiedPair> hardest(std::min(kReportHardCases, verified.size()));
  std::partial_sort_copy(verified.begin(), verified.end(), hardest.begin(), hardest.end(), harder);
  hardest = on_rank_0(exchanger, hardest);
  keep_first(hardest, kReportHardCases, harder);
  return hardest;
}

// Collective: for each cluster of `sampled` (on every rank), the verified pair holding its
// kept document of lowest similarity (ties: the other document first in input order), on
// rank 0 in the order of `sampled`. Every member of a cluster is in one of its verified pairs.
std::vector<VerifiedPair> kept_neighbours(Exchanger& exchanger,
                                          std::span<const VerifiedPair> verified,
                                          std::span<const ClusterInfo> sampled) {
  std::map<DocId, VerifiedPair> best;  // by kept document
  const auto offer = [&](DocId kept, const VerifiedPair& p) {
    const auto other = [kept](const VerifiedPair& q) { return q.a == kept ? q.b : q.a; };
    const auto [at, first] = best.emplace(kept, p);
    if (!first &&
        std::pair(p.similarity, other(p)) < std::pair(at->second.similarity, other(at->second))) {
      at->second = p;
    }
  };
  std::vector<DocId> kept;
  for (const ClusterInfo& c : sampled) kept.push_back(c.root);
  std::sort(kept.begin(), kept.end());
  for (const VerifiedPair& p : verified) {
    if (std::binary_search(kept.begin(), kept.end(), p.a)) offer(p.a, p);
    if (std::binary_search(kept.begin(), kept.end(), p.b)) offer(p.b, p);
  }
  std::vector<VerifiedPair> local;
  for (const auto& [doc, p] : best) local.push_back(p);
  best.clear();
  for (const VerifiedPair& p : on_rank_0(exchanger, local)) {
    offer(std::binary_search(kept.begin(), kept.end(), p.a) ? p.a : p.b, p);
  }
  std::vector<VerifiedPair> neighbours;
  for (const ClusterInfo& c : sampled) {
    if (const auto at = best.find(c.root); at != best.end()) neighbours.push_back(at->second);
  }
  return neighbours;
}

// Collective: up to kReportProbes members of each of `largest` (on every rank), those of
// lowest mix_id, chosen by the owner of the kept document (which has every member), on rank 0.
std::vector<ClusterMember> overlap_probes(Exchanger& exchanger, const OwnedClusters& owned,
                                          std::span<const ClusterInfo> largest,
                                          const OwnerFn& owner) {
  std::vector<ClusterMember> probes;
  const auto by_root = [](const ClusterMember& x, const ClusterMember& y) {
    return x.root < y.root;
  };
  for (const ClusterInfo& c : largest) {
    if (owner(c.root) != exchanger.rank()) continue;
    const auto [from, to] = std::equal_range(owned.by_root.begin(), owned.by_root.end(),
                                             ClusterMember{0, c.root}, by_root);
    std::vector<ClusterMember> members;
    for (auto m = from; m != to; ++m) {
      if (m->doc != m->root) members.push_back(*m);
    }
    keep_first(members, kReportProbes, [](const ClusterMember& x, const ClusterMember& y) {
      return mix_id(x.doc) < mix_id(y.doc);
    });
    probes.insert(probes.end(), members.begin(), members.end());
  }
  return on_rank_0(exchanger, probes);
}

// `text` cut to at most `max` bytes, not inside a UTF-8 sequence.
std::string cut_utf8(std::string text, std::size_t max, bool& truncated) {
  truncated = text.size() > max;
  text.resize(utf8_prefix_length(text, max));
  return text;
}

// Collective: every document `shown` names, described by its owner. Payload: whether it is
// kept (1 byte: not in `removed`, this rank's removed documents), its id, location (both cut as
// the page shows them: report_name) and text (cut) as length-prefixed fields, then its bottom-k
// shingle sketch.
std::map<DocId, FetchedDoc> fetch_documents(Exchanger& exchanger, const Shown& shown,
                                            std::span<const DocId> removed, DocSource& source,
                                            const OwnerFn& owner) {
  std::vector<DocId> requests;
  for (const ClusterInfo& c : shown.largest) requests.push_back(c.root);
  for (const auto* pairs : {&shown.hard_cases, &shown.neighbours, &shown.near_misses}) {
    for (const VerifiedPair& p : *pairs) requests.insert(requests.end(), {p.a, p.b});
  }
  for (const ClusterMember& m : shown.probes) requests.push_back(m.doc);
  if (exchanger.rank() != 0) requests.clear();
  std::sort(requests.begin(), requests.end());
  requests.erase(std::unique(requests.begin(), requests.end()), requests.end());
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    out += std::binary_search(removed.begin(), removed.end(), doc) ? '0' : '1';
    put_field(out, report_name(source.id(doc)));  // cut as the page shows it: 1 MB ids stay home
    put_field(out, report_name(source.location(doc)));
    bool truncated = false;
    put_field(out, cut_utf8(source.text(doc), kReportTextBytes + 1, truncated));
    const std::span<const std::uint64_t> shingles = source.shingle_set(doc);
    out.append(reinterpret_cast<const char*>(shingles.data()),
               std::min(shingles.size(), kReportSketchHashes) * sizeof(std::uint64_t));
  };
  const Payloads payloads = fetch_payloads(exchanger, requests, owner, provide);
  std::map<DocId, FetchedDoc> fetched;
  for (const DocId doc : requests) {
    std::string_view payload = payloads.get(doc);
    FetchedDoc& d = fetched[doc];
    d.doc.kept = payload.front() == '1';
    payload.remove_prefix(1);
    d.doc.id = take_field(payload);
    d.doc.location = take_field(payload);
    d.doc.text = cut_utf8(std::string(take_field(payload)), kReportTextBytes, d.doc.truncated);
    d.sketch.resize(payload.size() / sizeof(std::uint64_t));
    std::memcpy(d.sketch.data(), payload.data(), payload.size());
  }
  return fetched;
}

// Rank 0: a shown pair, the kept document on the left when either is kept.
ReportSample sample_of(const VerifiedPair& p, std::map<DocId, FetchedDoc>& fetched,
                       std::uint64_t cluster_size) {
  ReportSample sample{fetched[p.a].doc, fetched[p.b].doc, p.similarity, cluster_size};
  if (sample.right.kept) std::swap(sample.left, sample.right);
  return sample;
}

// Rank 0: a listed cluster, with its kept document's least overlap with the members probed.
ReportCluster cluster_of(const ClusterInfo& c, std::span<const ClusterMember> probes,
                         std::map<DocId, FetchedDoc>& fetched) {
  const FetchedDoc& kept = fetched[c.root];
  ReportCluster cluster{kept.doc.id, kept.doc.location, c.size, std::nullopt, 0, std::nullopt};
  if (c.lowest_similarity >= 0) cluster.lowest_similarity = c.lowest_similarity;
  for (const ClusterMember& probe : probes) {
    if (probe.root != c.root) continue;
    const FetchedDoc& member = fetched[probe.doc];
    if (kept.sketch.empty() && member.sketch.empty()) continue;  // no shingles to compare
    const double jaccard = bottom_k_jaccard(kept.sketch, member.sketch, kReportSketchHashes);
    ++cluster.compared;
    if (!cluster.least_overlap || jaccard < cluster.least_overlap->jaccard) {
      cluster.least_overlap = ReportOverlap{member.doc.id, member.doc.location, jaccard};
    }
  }
  return cluster;
}

// Rank 0: the page's clusters and samples from what was chosen and fetched.
void assemble_shown(HtmlReport& report, Shown& shown, std::map<DocId, FetchedDoc>& fetched) {
  std::sort(shown.probes.begin(), shown.probes.end());  // by member: ties in input order
  for (const ClusterInfo& c : shown.largest) {
    report.largest.push_back(cluster_of(c, shown.probes, fetched));
  }
  for (const VerifiedPair& p : shown.hard_cases)
    report.hard_cases.push_back(sample_of(p, fetched, 0));
  for (const VerifiedPair& p : shown.neighbours) {
    const auto cluster =
        std::find_if(shown.largest.begin(), shown.largest.end(),
                     [&](const ClusterInfo& c) { return c.root == p.a || c.root == p.b; });
    report.cluster_samples.push_back(sample_of(p, fetched, cluster->size));
  }
  for (const VerifiedPair& p : shown.near_misses) {
    report.near_misses.pairs.push_back({fetched[p.a].doc, fetched[p.b].doc, p.similarity, 0});
  }
}

}  // namespace

HtmlReport gather_html_report(Exchanger& exchanger, const ReportInputs& run, DocSource& source,
                              const OwnerFn& owner) {
  const MPI_Comm comm = exchanger.comm();
  HtmlReport report;
  report.similarity_histogram = whole_range_histogram(kReportSimilarityBins);
  report.threshold_histogram = threshold_window_histogram(run.threshold, kReportThresholdBins);
  count_pairs(comm, run.verified, report.similarity_histogram);
  count_pairs(comm, run.verified, report.threshold_histogram);
  const OwnedClusters owned = owned_clusters(exchanger, run.members, owner);
  const std::vector<std::uint64_t> sizes_total = sum_on_root(comm, owned.size_bins);
  Shown shown;
  shown.largest = largest_clusters(exchanger, owned.clusters);
  shown.hard_cases = hardest_pairs(exchanger, run.verified);
  shown.neighbours = kept_neighbours(
      exchanger, run.verified,
      std::span(shown.largest).first(std::min(kReportClusterSamples, shown.largest.size())));
  shown.probes = overlap_probes(exchanger, owned, shown.largest, owner);
  if (run.near_misses) {
    report.near_misses = {true, run.near_misses->count, {}};
    shown.near_misses.assign(run.near_misses->most_similar.begin(),
                             run.near_misses->most_similar.end());
  }
  std::map<DocId, FetchedDoc> fetched =
      fetch_documents(exchanger, shown, run.removed, source, owner);
  if (exchanger.rank() != 0) return {};
  for (std::size_t b = 0; b < sizes_total.size(); ++b) {
    if (sizes_total[b] > 0)
      report.cluster_sizes.emplace_back(std::uint64_t{2} << b, sizes_total[b]);
  }
  assemble_shown(report, shown, fetched);
  return report;
}

std::vector<MirrorRow> gather_top_mirrors(Exchanger& exchanger, std::span<const MirrorRow> rows) {
  std::vector<MirrorRow> top(rows.begin(), rows.end());
  keep_first(top, kReportMirrors, more_shared);
  std::vector<std::string> blocks(static_cast<std::size_t>(exchanger.size()));
  for (const MirrorRow& row : top) blocks[0] += mirror_row_line(row);
  top.clear();
  for (const std::string_view block : exchanger.exchange_blocks(blocks)) {
    for (std::size_t begin = 0, end; begin < block.size(); begin = end + 1) {
      end = block.find('\n', begin);
      top.push_back(*parse_mirror_row_line(block.substr(begin, end - begin)));
    }
  }
  keep_first(top, kReportMirrors, more_shared);
  return top;
}

// The documents whose URL has an invalid host (stats.json's invalid_hosts, summed).
std::uint64_t invalid_hosts(const MirrorCounts& m) {
  std::uint64_t sum = 0;
  for (const std::uint64_t count : m.invalid_hosts) sum += count;
  return sum;
}

void describe_run(HtmlReport& page, const RunReport& report) {
  const JobSummary& s = report.summary;
  page.job = report.job;
  page.output = report.options->output;
  page.version = kNeardupVersion;
  page.command_line = report.options->command_line;
  page.generated = report_time_now();
  page.ranks = report.ranks;
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
  if (!report.options->document.host_field.empty()) {
    const MirrorCounts& m = report.mirrors;
    page.counts.insert(page.counts.end(), {{"hosts", m.hosts},
                                           {"documents without a host", m.docs_without_host},
                                           {"of them with an invalid host", invalid_hosts(m)},
                                           {"near-duplicate host pairs", m.mirror_pairs},
                                           {"clusters of too many hosts", m.skipped_clusters}});
  }
  page.docs_read = s.docs_read;
  page.docs_skipped = s.docs_skipped;
  page.duplicate_ids = report.duplicate_ids;
  for (int status = 1; status < kLineStatusCount; ++status) {
    const std::uint64_t count = s.skipped_by_reason[static_cast<std::size_t>(status)];
    if (count > 0) {
      page.skipped.emplace_back(line_status_name(static_cast<LineStatus>(status)), count);
    }
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
