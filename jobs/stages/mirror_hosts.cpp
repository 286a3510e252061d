// Near-duplicate hosts (mirrors) from the clusters: each host's documents counted on the host's
// owner, each cluster's hosts on the cluster's, and each pair of hosts on the pair's owner.
#include "jobs/stages/mirror_hosts.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "core/hosts/url_host.hpp"
#include "core/id_mix.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/packed_values.hpp"

namespace neardup {
namespace {

// A cluster member's host on its way to the cluster's rank.
struct RootHost {
  DocId root = 0;
  std::uint64_t host = 0;
};

// A host's documents and name, on this rank (the host's owner).
using HostTable = std::map<std::uint64_t, HostTotal>;

int rank_of(std::uint64_t key, int ranks) {
  return static_cast<int>(mix_id(key) % static_cast<std::uint64_t>(ranks));
}

// The rank that owns the pair of hosts `x` and `y` (either order).
int pair_rank(std::uint64_t x, std::uint64_t y, int ranks) {
  return rank_of(mix_id(std::min(x, y)) ^ std::max(x, y), ranks);
}

// Collective: every host's documents summed, with its name, on the host's rank. Of two names
// with one id (a 64-bit hash collision) the smaller is kept. Documents without a host are
// counted in `counts` (this rank's).
HostTable count_hosts(Exchanger& exchanger, std::span<const std::uint64_t> host_ids,
                      const HostNames& names, MirrorCounts& counts) {
  std::map<std::uint64_t, std::uint64_t> local;
  for (const std::uint64_t id : host_ids) {
    if (is_host_id(id)) {
      ++local[id];
      continue;
    }
    ++counts.docs_without_host;
    if (id != 0) ++counts.invalid_hosts[static_cast<std::size_t>(id)];
  }
  std::vector<std::string> blocks(static_cast<std::size_t>(exchanger.size()));
  for (const auto& [id, docs] : local) {
    std::string& block = blocks[static_cast<std::size_t>(rank_of(id, exchanger.size()))];
    const std::string& name = names.at(id);
    put_value<std::uint64_t>(block, id);
    put_value<std::uint64_t>(block, docs);
    put_value<std::uint64_t>(block, name.size());
    block += name;
  }
  HostTable table;
  for (const std::string_view block : exchanger.exchange_blocks(blocks)) {
    for (std::string_view in = block; !in.empty();) {
      const std::uint64_t id = take_value<std::uint64_t>(in), docs = take_value<std::uint64_t>(in),
                          size = take_value<std::uint64_t>(in);
      const std::string_view name = in.substr(0, size);
      in.remove_prefix(size);
      auto [it, added] = table.try_emplace(id, HostTotal{std::string(name), 0});
      if (!added && name < it->second.name) it->second.name = name;
      it->second.docs += docs;
    }
  }
  return table;
}

// Collective: on the rank of each cluster's root, the (root, host) of its members with a host,
// sorted.
std::vector<RootHost> cluster_hosts(Exchanger& exchanger, std::span<const ClusterMember> members,
                                    const LocalDocs& docs,
                                    std::span<const std::uint64_t> host_ids) {
  std::vector<RootHost> mine;
  for (const ClusterMember& m : members) {
    const std::uint64_t host = host_ids[docs.index_of(m.doc)];
    if (is_host_id(host)) mine.push_back({m.root, host});
  }
  const int ranks = exchanger.size();
  std::vector<RootHost> got = exchanger.shuffle_consuming(
      std::move(mine), [ranks](const RootHost& r) { return rank_of(r.root, ranks); });
  std::sort(got.begin(), got.end(), [](const RootHost& x, const RootHost& y) {
    return std::tie(x.root, x.host) < std::tie(y.root, y.host);
  });
  return got;
}

// `shares` sorted by (host, other) with the docs of equal pairs summed.
void sum_shares(std::vector<HostShare>& shares) {
  std::sort(shares.begin(), shares.end(), [](const HostShare& x, const HostShare& y) {
    return std::tie(x.host, x.other) < std::tie(y.host, y.other);
  });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < shares.size(); ++i) {
    if (kept > 0 && shares[kept - 1].host == shares[i].host &&
        shares[kept - 1].other == shares[i].other) {
      shares[kept - 1].docs += shares[i].docs;
    } else {
      shares[kept++] = shares[i];
    }
  }
  shares.resize(kept);
}

// The host shares of the clusters in `by_root` (sorted by root), summed; counts the clusters
// of too many hosts in `skipped`.
std::vector<HostShare> shares_of_clusters(std::span<const RootHost> by_root,
                                          std::uint64_t& skipped) {
  std::vector<HostShare> shares;
  std::vector<std::uint64_t> hosts;
  for (std::size_t begin = 0, end; begin < by_root.size(); begin = end) {
    hosts.clear();
    for (end = begin; end < by_root.size() && by_root[end].root == by_root[begin].root; ++end) {
      hosts.push_back(by_root[end].host);
    }
    skipped += !cluster_host_shares(hosts, kMaxClusterHosts, shares);
  }
  sum_shares(shares);
  return shares;
}

// Collective: the HostTotal of every host in `shares`, fetched from the hosts' ranks.
std::map<std::uint64_t, HostTotal> fetch_totals(Exchanger& exchanger,
                                                std::span<const HostShare> shares,
                                                const HostTable& table) {
  std::vector<std::uint64_t> wanted;
  for (const HostShare& s : shares) wanted.push_back(s.host);
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  const int ranks = exchanger.size();
  const Payloads payloads = fetch_payloads(
      exchanger, wanted, [ranks](std::uint64_t id) { return rank_of(id, ranks); },
      [&table](std::uint64_t id, std::string& out) {
        const HostTotal& total = table.at(id);
        put_value<std::uint64_t>(out, total.docs);
        out += total.name;
      });
  std::map<std::uint64_t, HostTotal> totals;
  for (const std::uint64_t id : wanted) {
    std::string_view in = payloads.get(id);
    const std::uint64_t docs = take_value<std::uint64_t>(in);
    totals.emplace(id, HostTotal{std::string(in), docs});
  }
  return totals;
}

// The rows of the host pairs in `shares` (sorted by (host, other), summed, each pair's both
// directions on this rank).
std::vector<MirrorRow> rows_of(std::span<const HostShare> shares,
                               const std::map<std::uint64_t, HostTotal>& totals, double min_share) {
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> shared;
  for (const HostShare& s : shares) shared[{s.host, s.other}] = s.docs;
  std::vector<MirrorRow> rows;
  for (const auto& [pair, docs] : shared) {
    const auto [x, y] = pair;
    if (x > y) continue;
    const auto back = shared.find({y, x});
    const std::optional<MirrorRow> row = mirror_row(
        totals.at(x), docs, totals.at(y), back == shared.end() ? 0 : back->second, min_share);
    if (row) rows.push_back(*row);
  }
  std::sort(rows.begin(), rows.end(), [](const MirrorRow& a, const MirrorRow& b) {
    return std::tie(a.host_a, a.host_b) < std::tie(b.host_a, b.host_b);
  });
  return rows;
}

}  // namespace

std::vector<MirrorRow> find_mirror_hosts(Exchanger& exchanger,
                                         std::span<const ClusterMember> members,
                                         const LocalDocs& docs,
                                         std::span<const std::uint64_t> host_ids,
                                         const HostNames& names, double min_share,
                                         MirrorCounts& counts) {
  counts = {};
  const HostTable table = count_hosts(exchanger, host_ids, names, counts);
  const std::vector<RootHost> by_root = cluster_hosts(exchanger, members, docs, host_ids);
  const int ranks = exchanger.size();
  std::vector<HostShare> shares = exchanger.shuffle_consuming(
      shares_of_clusters(by_root, counts.skipped_clusters),
      [ranks](const HostShare& s) { return pair_rank(s.host, s.other, ranks); });
  sum_shares(shares);
  const std::vector<MirrorRow> rows =
      rows_of(shares, fetch_totals(exchanger, shares, table), min_share);
  const MPI_Comm comm = exchanger.comm();
  counts.hosts = sum_over_ranks(comm, table.size());
  counts.docs_without_host = sum_over_ranks(comm, counts.docs_without_host);
  for (std::uint64_t& invalid : counts.invalid_hosts) invalid = sum_over_ranks(comm, invalid);
  counts.skipped_clusters = sum_over_ranks(comm, counts.skipped_clusters);
  counts.mirror_pairs = sum_over_ranks(comm, rows.size());
  return rows;
}

}  // namespace neardup
