// Near-duplicate hosts: what one cluster tells about each pair of hosts it spans, and the row
// a pair of hosts gets once every cluster is counted.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// Clusters spanning more hosts than this are left out of the host pairs: a page copied by
/// many sites (a licence, a cookie notice) is no sign of a mirror, and the pairs of its
/// hosts grow quadratically (100 hosts: 9,900 ordered pairs).
inline constexpr std::size_t kMaxClusterHosts = 100;

/// Of one cluster: `docs` of its documents are on `host` and it holds a document of `other`.
struct HostShare {
  std::uint64_t host = 0;
  std::uint64_t other = 0;
  std::uint64_t docs = 0;
  friend bool operator==(const HostShare&, const HostShare&) = default;
};

/// Appends, for a cluster whose members' host ids are `hosts` (any order, 0 for a member
/// without a host, which is not counted), one HostShare for every ordered pair of distinct
/// hosts (h, h') in the cluster: (h, h', members on h). Sorts `hosts`. Returns false, and
/// appends nothing, when the cluster spans more than `max_hosts` hosts.
bool cluster_host_shares(std::span<std::uint64_t> hosts, std::size_t max_hosts,
                         std::vector<HostShare>& out);

/// A host, named, and the documents it has.
struct HostTotal {
  std::string name;
  std::uint64_t docs = 0;
};

/// A row of hosts/: host_a is the smaller host of the pair (fewer documents; on a tie the
/// lexicographically smaller name), shared_docs its documents whose cluster holds a document
/// of host_b, share = shared_docs / docs_a.
struct MirrorRow {
  std::string host_a, host_b;
  std::uint64_t shared_docs = 0, docs_a = 0, docs_b = 0;
  double share = 0;
  friend bool operator==(const MirrorRow&, const MirrorRow&) = default;
};

/// The row of hosts `x` and `y`, where `x_shared` of x's documents have a near-duplicate on y
/// and `y_shared` of y's on x; nullopt when the smaller host's share is below `min_share`.
std::optional<MirrorRow> mirror_row(const HostTotal& x, std::uint64_t x_shared, const HostTotal& y,
                                    std::uint64_t y_shared, double min_share);

/// The row as a line of hosts/ (tab-separated, share with 6 decimals, '\n'-terminated).
std::string mirror_row_line(const MirrorRow& row);

/// The row a line of mirror_row_line's spells (with or without its '\n'); nullopt for any
/// other text.
std::optional<MirrorRow> parse_mirror_row_line(std::string_view line);

/// Whether row `x` is listed before `y` among the most shared: more shared documents first,
/// then the larger share, then by host names.
bool more_shared(const MirrorRow& x, const MirrorRow& y);

}  // namespace neardup
