// The equal runs' document ids: asked of their owners once per batch, answered as strings.
#include "jobs/spans/equal_ids.hpp"

#include <algorithm>
#include <stdexcept>

#include "jobs/mpi/compressed_blocks.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/packed_values.hpp"

namespace neardup {
namespace {

// A document's id asked for by rank `from`.
struct IdRequest {
  DocId doc = 0;
  std::int32_t from = 0;
  auto operator<=>(const IdRequest&) const = default;
};

}  // namespace

DocIds::DocIds(std::vector<std::pair<DocId, std::string>> ids) : ids_(std::move(ids)) {
  std::sort(ids_.begin(), ids_.end());
}

const std::string& DocIds::of(DocId doc) const {
  const auto it = std::lower_bound(ids_.begin(), ids_.end(), doc,
                                   [](const auto& p, DocId d) { return p.first < d; });
  if (it == ids_.end() || it->first != doc) throw std::logic_error("a document's id not fetched");
  return it->second;
}

DocIds equal_doc_ids(Exchanger& exchanger, std::span<const ConfirmedCut> cuts, const IdOf& id_of,
                     const OwnerFn& owner) {
  std::vector<IdRequest> requests;
  requests.reserve(cuts.size());
  for (const ConfirmedCut& c : cuts) {
    if (requests.empty() || requests.back().doc != c.tokens.equal_doc) {
      requests.push_back({c.tokens.equal_doc, exchanger.rank()});
    }
  }
  std::sort(requests.begin(), requests.end());
  requests.erase(std::unique(requests.begin(), requests.end()), requests.end());
  requests = exchanger.shuffle_consuming(std::move(requests),
                                         [&](const IdRequest& r) { return owner(r.doc); });
  std::vector<std::string> blocks(static_cast<std::size_t>(exchanger.size()));
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
    for (const IdRequest& r : requests) {
      std::string& to = blocks[static_cast<std::size_t>(r.from)];
      put_value(to, r.doc);
      put_string(to, id_of(r.doc));
    }
  });
  std::vector<std::pair<DocId, std::string>> ids;
  for (std::string_view in : exchange_compressed_blocks(exchanger, std::move(blocks))) {
    while (!in.empty()) {
      const auto doc = take_value<DocId>(in);
      ids.emplace_back(doc, take_string(in));
    }
  }
  return DocIds(std::move(ids));
}

}  // namespace neardup
