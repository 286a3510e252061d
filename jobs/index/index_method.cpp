// One method's part of a persistent index: how its documents are sketched, how a segment's
// tables are written and opened, and how a query's candidates are found in them.
#include "jobs/index/index_method.hpp"

#include "jobs/index/minhash_index.hpp"
#include "jobs/index/simhash_index.hpp"

namespace neardup {

std::unique_ptr<IndexMethod> make_index_method(const IndexSketch& sketch) {
  return std::visit(
      [&](const auto& part) -> std::unique_ptr<IndexMethod> {
        if constexpr (std::is_same_v<std::decay_t<decltype(part)>, SimhashIndexPart>) {
          return std::make_unique<SimhashIndex>(sketch, part);
        } else {
          return std::make_unique<MinhashIndex>(sketch, part);
        }
      },
      sketch.method);
}

}  // namespace neardup
