// Which rank owns a document: its split's owner, or for a shared split, the rank that
// sketched the range of lines holding it.
#pragma once

#include <compare>
#include <cstdint>
#include <vector>

#include "core/doc_id.hpp"
#include "jobs/documents/job_plan.hpp"

namespace neardup {

/// Lines [first_line, end_line) of shared split `split`, whose documents `rank` sketched and
/// owns.
struct SharedRange {
  std::uint32_t split = 0;
  std::uint32_t first_line = 0;
  std::uint32_t end_line = 0;
  std::int32_t rank = 0;
  auto operator<=>(const SharedRange&) const = default;
};

/// The owner of every document of a plan.
class DocOwners {
 public:
  /// Owners by `plan` (which must outlive this), with the ranges of its shared splits from
  /// every rank (any order; they must not overlap).
  DocOwners(const JobPlan& plan, std::vector<SharedRange> ranges);

  /// The rank that owns `doc`: plan.owners of its split, or for a shared split the rank of
  /// the range holding its line (the split's reader when no range holds it).
  int operator()(DocId doc) const;

 private:
  const JobPlan* plan_;
  std::vector<SharedRange> ranges_;  // sorted
};

}  // namespace neardup
