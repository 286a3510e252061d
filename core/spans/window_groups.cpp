// Runs of equal hashes in sorted fingerprints.
#include "core/spans/window_groups.hpp"

namespace neardup {
namespace {

// Calls visit(begin, end) for every run of equal hashes.
template <typename Visit>
void for_each_group(std::span<const Fingerprint> sorted, Visit visit) {
  for (std::size_t begin = 0; begin < sorted.size();) {
    std::size_t end = begin + 1;
    while (end < sorted.size() && sorted[end].hash == sorted[begin].hash) ++end;
    visit(begin, end);
    begin = end;
  }
}

}  // namespace

std::vector<WindowFact> window_facts(std::span<const Fingerprint> sorted, unsigned min_docs) {
  std::vector<WindowFact> facts(sorted.size());
  for_each_group(sorted, [&](std::size_t begin, std::size_t end) {
    if (end - begin == 1) return;
    unsigned docs = 1;
    for (std::size_t i = begin + 1; i < end && docs < min_docs; ++i) {
      docs += sorted[i].doc != sorted[i - 1].doc;
    }
    if (docs < min_docs) return;
    facts[begin] = {WindowFact::Kind::kFirst, sorted[begin + 1].doc, sorted[begin + 1].token};
    for (std::size_t i = begin + 1; i < end; ++i) {
      facts[i] = {WindowFact::Kind::kCopy, sorted[begin].doc, sorted[begin].token};
    }
  });
  return facts;
}

}  // namespace neardup
