// Distributed lookup: fetch a payload (signature, shingle set, id) of any document from the
// rank that owns it, with one request exchange and one response exchange.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/doc_id.hpp"
#include "jobs/exchange.hpp"

namespace neardup {

/// Which rank owns a document.
using OwnerFn = std::function<int(DocId)>;

/// Appends the payload of a document this rank owns to `out`.
using PayloadFn = std::function<void(DocId, std::string& out)>;

/// The payload of a document this rank owns as a view into the rank's tables, for payloads
/// that need no computing (signatures). The view stays valid while the tables do.
using PayloadViewFn = std::function<std::string_view(DocId)>;

/// Payloads fetched for a set of documents, looked up by id.
class Payloads {
 public:
  /// The payload of a requested document; throws std::logic_error for an unrequested one.
  std::string_view get(DocId id) const;

 private:
  friend Payloads fetch_payloads(Exchanger&, std::span<const DocId>, const OwnerFn&,
                                 const PayloadFn&);
  std::vector<std::string> replies_;                       // as received, one per rank
  std::vector<std::pair<DocId, std::string_view>> found_;  // by id, into replies_
};

/// Collective: every rank asks for the payloads of `requests` (sorted, distinct) and answers
/// the requests for the documents it owns with `provide`.
Payloads fetch_payloads(Exchanger& exchanger, std::span<const DocId> requests, const OwnerFn& owner,
                        const PayloadFn& provide);

}  // namespace neardup
