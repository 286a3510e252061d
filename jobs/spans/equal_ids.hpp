// The ids of the documents holding cuts' equal runs (spans/' kept_in_id), fetched from the
// ranks owning them, a bounded batch of cuts at a time.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/spans/span_cuts_stage.hpp"

namespace neardup {

/// The id (as spans/ writes it) of a document this rank owns.
using IdOf = std::function<std::string(DocId doc)>;

/// Some documents' ids, sorted by document.
class DocIds {
 public:
  DocIds() = default;
  explicit DocIds(std::vector<std::pair<DocId, std::string>> ids);

  /// The id of `doc`, which must be one of them.
  const std::string& of(DocId doc) const;

 private:
  std::vector<std::pair<DocId, std::string>> ids_;
};

/// Collective: the ids of the documents `cuts` name as equal (tokens.equal_doc), each asked
/// once of the rank owning it (`id_of` answers for this rank's; an error reading one fails
/// every rank).
DocIds equal_doc_ids(Exchanger& exchanger, std::span<const ConfirmedCut> cuts, const IdOf& id_of,
                     const OwnerFn& owner);

}  // namespace neardup
