// Near-duplicate hosts: what one cluster tells about each pair of hosts it spans, and the row
// a pair of hosts gets once every cluster is counted.
#include "core/hosts/host_pairs.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <utility>

namespace neardup {

bool cluster_host_shares(std::span<std::uint64_t> hosts, std::size_t max_hosts,
                         std::vector<HostShare>& out) {
  std::sort(hosts.begin(), hosts.end());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> counts;  // (host, members), by host
  for (const std::uint64_t h : hosts) {
    if (h == 0) continue;
    if (counts.empty() || counts.back().first != h) counts.emplace_back(h, 0);
    ++counts.back().second;
  }
  if (counts.size() > max_hosts) return false;
  for (const auto& [host, docs] : counts) {
    for (const auto& other : counts) {
      if (other.first != host) out.push_back({host, other.first, docs});
    }
  }
  return true;
}

std::optional<MirrorRow> mirror_row(const HostTotal& x, std::uint64_t x_shared, const HostTotal& y,
                                    std::uint64_t y_shared, double min_share) {
  const bool x_smaller = x.docs != y.docs ? x.docs < y.docs : x.name < y.name;
  const HostTotal& a = x_smaller ? x : y;
  const HostTotal& b = x_smaller ? y : x;
  const std::uint64_t shared = x_smaller ? x_shared : y_shared;
  const double share =
      a.docs == 0 ? 0.0 : static_cast<double>(shared) / static_cast<double>(a.docs);
  if (shared == 0 || share < min_share) return std::nullopt;
  return MirrorRow{a.name, b.name, shared, a.docs, b.docs, share};
}

std::string mirror_row_line(const MirrorRow& row) {
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "\t%llu\t%llu\t%llu\t%.6f\n",
                static_cast<unsigned long long>(row.shared_docs),
                static_cast<unsigned long long>(row.docs_a),
                static_cast<unsigned long long>(row.docs_b), row.share);
  return row.host_a + '\t' + row.host_b + numbers;
}

}  // namespace neardup

namespace neardup {

std::optional<MirrorRow> parse_mirror_row_line(std::string_view line) {
  if (line.ends_with('\n')) line.remove_suffix(1);
  std::vector<std::string_view> fields;
  for (std::size_t begin = 0;;) {
    const std::size_t tab = line.find('\t', begin);
    fields.push_back(line.substr(begin, tab - begin));
    if (tab == std::string_view::npos) break;
    begin = tab + 1;
  }
  if (fields.size() != 6) return std::nullopt;
  MirrorRow row{std::string(fields[0]), std::string(fields[1]), 0, 0, 0, 0};
  std::uint64_t* numbers[] = {&row.shared_docs, &row.docs_a, &row.docs_b};
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string_view f = fields[i + 2];
    if (std::from_chars(f.data(), f.data() + f.size(), *numbers[i]).ptr != f.data() + f.size()) {
      return std::nullopt;
    }
  }
  const std::string share(fields[5]);
  char* end = nullptr;
  row.share = std::strtod(share.c_str(), &end);
  if (share.empty() || end != share.c_str() + share.size()) return std::nullopt;
  return row;
}

bool more_shared(const MirrorRow& x, const MirrorRow& y) {
  return std::tie(y.shared_docs, y.share, x.host_a, x.host_b) <
         std::tie(x.shared_docs, x.share, y.host_a, y.host_b);
}

}  // namespace neardup
