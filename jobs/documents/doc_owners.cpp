// Which rank owns a document: its split's owner, or for a shared split, the rank that
// sketched the range of lines holding it.
#include "jobs/documents/doc_owners.hpp"

#include <algorithm>

namespace neardup {

DocOwners::DocOwners(const JobPlan& plan, std::vector<SharedRange> ranges)
    : plan_(&plan), ranges_(std::move(ranges)) {
  std::sort(ranges_.begin(), ranges_.end());
}

int DocOwners::operator()(DocId doc) const {
  const std::uint32_t split = split_of(doc);
  if (!plan_->is_shared(split)) return plan_->owners[split];
  const std::uint32_t line = line_of(doc);
  // The last range starting at or before the line.
  const auto after = std::upper_bound(
      ranges_.begin(), ranges_.end(), std::pair{split, line},
      [](const std::pair<std::uint32_t, std::uint32_t>& key, const SharedRange& range) {
        return key.first < range.split ||
               (key.first == range.split && key.second < range.first_line);
      });
  if (after != ranges_.begin()) {
    const SharedRange& range = *(after - 1);
    if (range.split == split && line < range.end_line) return range.rank;
  }
  return plan_->owners[split];
}

}  // namespace neardup
