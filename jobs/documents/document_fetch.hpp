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
#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// Which rank owns a document.
using OwnerFn = std::function<int(DocId)>;

/// Appends the payload of a document this rank owns to `out`.
using PayloadFn = std::function<void(DocId, std::string& out)>;

/// The payload of a document this rank owns as a view into the rank's tables, for payloads
/// that need no computing (signatures). The view stays valid while the tables do.
using PayloadViewFn = std::function<std::string_view(DocId)>;

/// An upper bound of the payload bytes of a document this rank owns.
using PayloadSizeFn = std::function<std::uint64_t(DocId)>;

/// Payloads fetched for a set of documents, looked up by id.
class Payloads {
 public:
  /// The payload of a requested document; throws std::logic_error for an unrequested one.
  std::string_view get(DocId id) const;

  /// Makes room for answers and replies of up to these sizes before the first round (see
  /// reserve_buffer), for a caller that passes these payloads as answer_requests' `reuse`.
  void reserve(std::size_t answer_bytes, std::size_t reply_bytes);

 private:
  friend Payloads answer_requests(Exchanger&, const struct PayloadRequests&, const PayloadFn&,
                                  const PayloadSizeFn&, Payloads*);
  ByteBuffer replies_;                                     // as received, by source rank
  std::vector<std::pair<DocId, std::string_view>> found_;  // by id, into replies_
  std::string answers_;  // what this rank sent, kept only to be reused (answer_requests)
};

/// Requests sent by fetch_payloads' first half: what this rank asked of each rank, and what
/// each rank asked of this one.
struct PayloadRequests {
  std::vector<std::vector<DocId>> asked;  // by owner rank, in request order
  ReceivedBlocks incoming;                // by asking rank, DocIds as raw bytes
  std::size_t requests = 0;
};

/// Collective, the first half of fetch_payloads: sends this rank's `requests` (distinct) to
/// their owners, which make the payloads in the order asked: a caller that asks for near-
/// duplicates one after another has them made faster (their texts, token streams and hash
/// orders alike keep the owner's caches and branch predictors warm). A rank may do other work
/// before answer_requests, which then overlaps with the other ranks' answering.
PayloadRequests send_requests(Exchanger& exchanger, std::span<const DocId> requests,
                              const OwnerFn& owner);

/// Collective, the second half: answers the requests made of this rank with `provide` and
/// receives the payloads it asked for. With `size_of`, the answers are built in a buffer
/// reserved from it (large payloads are then never copied while building). With `reuse`, the
/// payloads of an earlier call, no longer needed: their memory holds the new answers and
/// replies, so a caller fetching in rounds faults its buffers in once, not every round.
Payloads answer_requests(Exchanger& exchanger, const PayloadRequests& requests,
                         const PayloadFn& provide, const PayloadSizeFn& size_of = {},
                         Payloads* reuse = nullptr);

/// Collective: every rank asks for the payloads of `requests` (distinct) and answers
/// the requests for the documents it owns with `provide` (send_requests, then
/// answer_requests).
Payloads fetch_payloads(Exchanger& exchanger, std::span<const DocId> requests, const OwnerFn& owner,
                        const PayloadFn& provide, const PayloadSizeFn& size_of = {});

}  // namespace neardup
