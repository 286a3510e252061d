// The documents one rank owns: where each record is, its feature count and its sketch.
#include "jobs/documents/local_docs.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace neardup {

std::size_t LocalDocs::index_of(DocId id) const {
  const auto it = std::lower_bound(ids.begin(), ids.end(), id);
  if (it == ids.end() || *it != id) {
    throw std::logic_error("document " + std::to_string(id) + " is not owned by this rank");
  }
  return static_cast<std::size_t>(it - ids.begin());
}

}  // namespace neardup
