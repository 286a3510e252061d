// After the components, --keep: each cluster keeps the document its rule prefers (the longest,
// the shortest, the largest or smallest value of a field), chosen on the rank owning the
// cluster, the same for any rank count and split size.
#include "jobs/stages/keep_stage.hpp"

#include <algorithm>
#include <limits>

#include "io/json/raw_json_fields.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// A member on its way to its cluster's deciding rank.
struct Contender {
  DocId first = 0;  // the cluster's first document: who decides
  KeepCandidate candidate;
};

// A member's new root, on its way back to the member's owner.
struct Verdict {
  DocId doc = 0;
  DocId kept = 0;
};

// This rank's members as contenders, each with its value under `rule`.
std::vector<Contender> contenders(const std::vector<ClusterMember>& members, DocSource& source,
                                  const KeepRule& rule, std::uint64_t& missing,
                                  DocId& first_missing) {
  std::vector<DocId> docs;
  docs.reserve(members.size());
  for (const ClusterMember& m : members) docs.push_back(m.doc);
  const std::vector<KeepCandidate> values = keep_values(docs, source, rule, missing, first_missing);
  std::vector<Contender> out;
  out.reserve(members.size());
  for (std::size_t i = 0; i < members.size(); ++i) out.push_back({members[i].root, values[i]});
  return out;
}

// Each cluster's kept document, for every contender of the clusters this rank decides.
std::vector<Verdict> decide(std::vector<Contender>& mine, const KeepRule& rule,
                            std::uint64_t& moved) {
  std::sort(mine.begin(), mine.end(), [](const Contender& x, const Contender& y) {
    return x.first != y.first ? x.first < y.first : x.candidate.doc < y.candidate.doc;
  });
  std::vector<Verdict> out;
  out.reserve(mine.size());
  for (std::size_t begin = 0, end; begin < mine.size(); begin = end) {
    const KeepCandidate* best = &mine[begin].candidate;
    for (end = begin; end < mine.size() && mine[end].first == mine[begin].first; ++end) {
      if (kept_before(rule, mine[end].candidate, *best)) best = &mine[end].candidate;
    }
    moved += best->doc != mine[begin].first;
    for (std::size_t i = begin; i < end; ++i) out.push_back({mine[i].candidate.doc, best->doc});
  }
  return out;
}

}  // namespace

std::vector<KeepCandidate> keep_values(std::span<const DocId> docs, DocSource& source,
                                       const KeepRule& rule, std::uint64_t& missing,
                                       DocId& first_missing) {
  missing = 0;
  first_missing = std::numeric_limits<DocId>::max();
  std::vector<KeepCandidate> out;
  out.reserve(docs.size());
  if (rule.by == KeepBy::kInputOrder) {
    for (const DocId doc : docs) out.push_back({KeepValue{}, true, doc});
    return out;
  }
  RawJsonFields field({rule.field});
  for (const DocId doc : docs) {
    const std::optional<std::string_view> raw =
        rule.by == KeepBy::kLength ? std::nullopt : field.read(source.json_record(doc))[0];
    const std::optional<KeepValue> value =
        rule.by == KeepBy::kLength
            ? keep_integer(static_cast<std::int64_t>(source.text(doc).size()))
            : (raw ? parse_keep_value(*raw) : std::nullopt);
    if (!value) {
      ++missing;
      first_missing = std::min(first_missing, doc);
    }
    out.push_back({value.value_or(KeepValue{}), value.has_value(), doc});
  }
  return out;
}

std::string first_missing_location(MPI_Comm comm, DocSource& source, const OwnerFn& owner,
                                   std::uint64_t missing, DocId first_missing,
                                   std::uint64_t& total_missing) {
  total_missing = sum_over_ranks(comm, missing);
  if (total_missing == 0) return "";
  const DocId first = ~max_over_ranks(comm, ~first_missing);
  return broadcast_string(comm, first == first_missing ? source.location(first) : "", owner(first));
}

void apply_keep_rule(Exchanger& exchanger, std::vector<ClusterMember>& members, DocSource& source,
                     const OwnerFn& owner, const KeepRule& rule, KeepCounts& counts) {
  counts = {};
  if (rule.by == KeepBy::kInputOrder) return;
  std::uint64_t missing = 0;
  DocId first_missing = 0;
  std::vector<Contender> mine =
      exchanger.shuffle_consuming(contenders(members, source, rule, missing, first_missing),
                                  [&](const Contender& c) { return owner(c.first); });
  std::vector<Verdict> back = exchanger.shuffle_consuming(
      decide(mine, rule, counts.moved), [&](const Verdict& v) { return owner(v.doc); });
  release(mine);
  std::sort(back.begin(), back.end(),
            [](const Verdict& x, const Verdict& y) { return x.doc < y.doc; });
  for (std::size_t i = 0; i < members.size(); ++i) members[i].root = back[i].kept;
  const MPI_Comm comm = exchanger.comm();
  counts.moved = sum_over_ranks(comm, counts.moved);
  counts.first_without_value =
      first_missing_location(comm, source, owner, missing, first_missing, counts.without_value);
}

}  // namespace neardup
