// Greedy clustering in keep order (the pivot algorithm; the lexicographically first maximal
// independent set of the duplicate graph), checking candidate pairs lazily, in rounds whose
// documents' payloads fit a byte budget.
#include "core/graph/greedy_clusters.hpp"

#include <algorithm>
#include <stdexcept>

namespace neardup {
namespace {

// How far a round plans documents that its earlier documents may remove: their candidates at
// most this many times the others', plus a slack.
constexpr std::uint64_t kAheadFactor = 4;
constexpr std::uint64_t kAheadSlack = 1 << 16;

// A compressed adjacency: for each of `rows` rows, the values `add` gives it, in a flat array.
template <class ForEach>
void build_rows(std::size_t rows, ForEach for_each, std::vector<std::size_t>& start,
                std::vector<std::uint32_t>& values) {
  start.assign(rows + 1, 0);
  for_each([&](std::uint32_t row, std::uint32_t) { ++start[row + 1]; });
  for (std::size_t r = 0; r < rows; ++r) start[r + 1] += start[r];
  values.resize(start[rows]);
  std::vector<std::size_t> at(start.begin(), start.end() - 1);
  for_each([&](std::uint32_t row, std::uint32_t value) { values[at[row]++] = value; });
}

void check_number(std::uint32_t doc, std::uint32_t docs) {
  if (doc >= docs) throw std::invalid_argument("greedy clusters: document number out of range");
}

}  // namespace

GreedyClusters::GreedyClusters(std::uint32_t docs, std::span<const NumberedPair> pairs,
                               std::span<const std::uint32_t> group_members,
                               std::span<const std::size_t> group_starts, GroupRule rule)
    : docs_(docs),
      rule_(std::move(rule)),
      status_(docs, Status::kUndecided),
      kept_by_(docs, kNone),
      similarity_(docs, 0.0),
      listed_(docs, 0),
      in_round_(docs, 0),
      maybe_(docs, 0) {
  for (const NumberedPair& p : pairs) {
    check_number(p.a, docs);
    check_number(p.b, docs);
  }
  build_rows(
      docs,
      [&](auto add) {
        for (const NumberedPair& p : pairs) {
          if (p.a != p.b) add(std::min(p.a, p.b), std::max(p.a, p.b));
        }
      },
      later_start_, later_);
  const std::size_t groups = group_starts.empty() ? 0 : group_starts.size() - 1;
  member_start_.assign(1, 0);
  for (std::size_t g = 0; g < groups; ++g) {  // each group's members sorted, each once
    const std::size_t begin = members_.size();
    members_.insert(members_.end(),
                    group_members.begin() + static_cast<std::ptrdiff_t>(group_starts[g]),
                    group_members.begin() + static_cast<std::ptrdiff_t>(group_starts[g + 1]));
    const auto first = members_.begin() + static_cast<std::ptrdiff_t>(begin);
    std::for_each(first, members_.end(), [&](std::uint32_t d) { check_number(d, docs); });
    std::sort(first, members_.end());
    members_.erase(std::unique(first, members_.end()), members_.end());
    member_start_.push_back(members_.size());
  }
  build_rows(
      docs,
      [&](auto add) {
        for (std::size_t g = 0; g < groups; ++g) {
          for (std::size_t i = member_start_[g]; i < member_start_[g + 1]; ++i) {
            add(members_[i], static_cast<std::uint32_t>(g));
          }
        }
      },
      groups_start_, groups_);
  scans_.assign(groups, 0);
}

void GreedyClusters::remove_beforehand(std::uint32_t doc) {
  check_number(doc, docs_);
  status_[doc] = Status::kRemoved;
}

std::uint32_t GreedyClusters::list_candidates(std::uint32_t v) {
  scratch_.clear();
  scratch_via_group_.clear();
  if (++listing_ == 0) {  // wrapped: no stamp may match an old one
    std::fill(listed_.begin(), listed_.end(), 0);
    listing_ = 1;
  }
  const std::uint32_t stamp = listing_;
  const auto fresh = [&](std::uint32_t u) {
    if (status_[u] != Status::kUndecided || listed_[u] == stamp) return false;
    listed_[u] = stamp;
    return true;
  };
  for (std::size_t i = later_start_[v]; i < later_start_[v + 1]; ++i) {
    if (!fresh(later_[i])) continue;
    scratch_.push_back(later_[i]);
    scratch_via_group_.push_back(0);
  }
  std::uint32_t open = 0;
  for (std::size_t i = groups_start_[v]; i < groups_start_[v + 1]; ++i) {
    const std::uint32_t g = groups_[i];
    if (!open_group(g)) continue;  // checked by as many kept members as it may be
    ++open;
    const std::span<const std::uint32_t> members = group(g);
    for (auto u = std::upper_bound(members.begin(), members.end(), v); u != members.end(); ++u) {
      if (!fresh(*u)) continue;
      if (rule_.filter && !rule_.filter(v, *u)) {
        ++counts_.group_filtered;
        continue;
      }
      scratch_.push_back(*u);
      scratch_via_group_.push_back(1);
    }
  }
  return open;
}

std::span<const std::uint32_t> GreedyClusters::group(std::uint32_t g) const {
  return std::span<const std::uint32_t>(members_).subspan(member_start_[g],
                                                          member_start_[g + 1] - member_start_[g]);
}

std::uint64_t GreedyClusters::take(std::uint32_t doc, std::span<const std::uint64_t> bytes) {
  if (in_round_[doc] == round_) return 0;
  in_round_[doc] = round_;
  round_docs_.push_back(doc);
  return bytes[doc];
}

std::uint64_t GreedyClusters::added_bytes(std::uint32_t v,
                                          std::span<const std::uint32_t> candidates,
                                          std::span<const std::uint64_t> bytes) const {
  std::uint64_t more = in_round_[v] == round_ ? 0 : bytes[v];
  for (const std::uint32_t u : candidates) more += in_round_[u] == round_ ? 0 : bytes[u];
  return more;
}

std::size_t GreedyClusters::plan_split(std::uint32_t v, std::uint32_t open_groups,
                                       std::span<const std::uint64_t> bytes, std::uint64_t budget) {
  // The document itself does not count against its candidates' budget: one larger than the
  // budget still checks a budget's worth of them a round, not one.
  const std::uint64_t own = take(v, bytes);
  const std::size_t begin = targets_.size();
  std::size_t n = 0;
  for (; n < scratch_.size(); ++n) {
    const std::uint32_t u = scratch_[n];
    const std::uint64_t more = in_round_[u] == round_ ? 0 : bytes[u];
    if (n > 0 && used_ + more > budget) break;
    used_ += take(u, bytes);
    targets_.push_back(u);
    targets_via_group_.push_back(scratch_via_group_[n]);
    maybe_[u] = round_;
  }
  used_ += own;
  entries_.push_back({v, begin, targets_.size(), open_groups});
  pending_doc_ = v;
  pending_.assign(scratch_.begin() + static_cast<std::ptrdiff_t>(n), scratch_.end());
  pending_via_group_.assign(scratch_via_group_.begin() + static_cast<std::ptrdiff_t>(n),
                            scratch_via_group_.end());
  return n;
}

bool GreedyClusters::open_group(std::uint32_t g) const {
  return rule_.checkers == 0 || scans_[g] < rule_.checkers;
}

std::span<const std::uint32_t> GreedyClusters::plan_round(std::span<const std::uint64_t> bytes,
                                                          std::uint64_t budget) {
  ++round_;
  entries_.clear();
  targets_.clear();
  targets_via_group_.clear();
  round_docs_.clear();
  used_ = 0;
  std::uint64_t sure = 0, ahead = 0;  // candidates of documents that may be removed: ahead
  if (!pending_.empty()) {
    scratch_.swap(pending_);
    scratch_via_group_.swap(pending_via_group_);
    sure += plan_split(pending_doc_, 0, bytes, budget);
  }
  while (pending_.empty() && cursor_ < docs_) {
    const std::uint32_t v = cursor_;
    if (status_[v] == Status::kRemoved) {
      ++cursor_;
      continue;
    }
    const std::uint32_t open = list_candidates(v);
    const bool maybe_removed = maybe_[v] == round_;
    if (!entries_.empty() && !scratch_.empty()) {
      if (maybe_removed && ahead + scratch_.size() > kAheadFactor * sure + kAheadSlack) break;
      if (used_ + added_bytes(v, scratch_, bytes) > budget) break;
    }
    ++cursor_;
    if (scratch_.empty()) {
      // Nothing to check; a member of groups is still decided in order, as it takes a check
      // of the open ones when kept.
      if (groups_start_[v + 1] > groups_start_[v]) {
        entries_.push_back({v, targets_.size(), targets_.size(), open});
      }
      continue;
    }
    if (entries_.empty() && used_ + added_bytes(v, scratch_, bytes) > budget) {
      sure += plan_split(v, open, bytes, budget);
      break;
    }
    used_ += take(v, bytes);
    const std::size_t begin = targets_.size();
    for (std::size_t n = 0; n < scratch_.size(); ++n) {
      used_ += take(scratch_[n], bytes);
      targets_.push_back(scratch_[n]);
      targets_via_group_.push_back(scratch_via_group_[n]);
      maybe_[scratch_[n]] = round_;
    }
    entries_.push_back({v, begin, targets_.size(), open});
    (maybe_removed ? ahead : sure) += scratch_.size();
  }
  if (!targets_.empty()) ++counts_.rounds;
  counts_.planned += targets_.size();
  std::sort(round_docs_.begin(), round_docs_.end());
  return round_docs_;
}

void GreedyClusters::keep(const Entry& e) {
  status_[e.doc] = Status::kKept;
  scanning_.clear();
  for (std::size_t i = groups_start_[e.doc]; i < groups_start_[e.doc + 1]; ++i) {
    const std::uint32_t g = groups_[i];
    if (!open_group(g)) {
      ++counts_.group_passed;
      continue;
    }
    ++scans_[g];
    scanning_.push_back(g);
  }
  // A group closed since planning: its members are candidates only through another group.
  all_groups_open_ = scanning_.size() == e.open_groups;
}

bool GreedyClusters::still_candidate(std::size_t target) const {
  if (!targets_via_group_[target] || all_groups_open_) return true;
  const std::uint32_t u = targets_[target];
  return std::any_of(scanning_.begin(), scanning_.end(), [&](std::uint32_t g) {
    const std::span<const std::uint32_t> members = group(g);
    return std::binary_search(members.begin(), members.end(), u);
  });
}

void GreedyClusters::decide_round(const CandidateCheck& check) {
  for (const Entry& e : entries_) {
    if (status_[e.doc] == Status::kRemoved) continue;
    if (status_[e.doc] == Status::kUndecided) keep(e);  // else a split document, kept already
    for (std::size_t i = e.begin; i < e.end; ++i) {
      const std::uint32_t u = targets_[i];
      if (status_[u] != Status::kUndecided || !still_candidate(i)) continue;
      ++counts_.checks;
      double similarity = 0;
      if (!check(e.doc, u, similarity)) continue;
      ++counts_.passed;
      status_[u] = Status::kRemoved;
      kept_by_[u] = e.doc;
      similarity_[u] = similarity;
    }
  }
  entries_.clear();
}

}  // namespace neardup
