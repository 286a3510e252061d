// The payloads a round of checks reads: this rank's documents' made here (or viewed in place),
// other ranks' fetched from their owners, in buffers kept from round to round.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// Where checks get documents' payloads and how much of them a round may hold.
struct PayloadAccess {
  const OwnerFn& owner;
  /// Serves this rank's documents: 4-byte signature entries (estimate) or 8-byte sorted
  /// shingle hashes (exact), or any sketch.
  const PayloadFn& provide;
  /// When set, this rank's own documents are read through it instead of being computed.
  PayloadViewFn local;
  /// The size bound of a document's payload (this rank's documents).
  const PayloadSizeFn& size_of;
  /// The payload bytes (every document of a round once) a round may hold.
  std::uint64_t round_bytes = 0;
};

/// Collective: the payload size bound of each document of `docs` (for this rank's documents
/// viewed in place through access.local, 0: they are never copied); other ranks' documents'
/// bounds are fetched from their owners once (4 bytes a document).
std::vector<std::uint64_t> payload_bytes(Exchanger& exchanger, std::span<const DocId> docs,
                                         const PayloadAccess& access);

/// The payloads of a round's documents, by their numbers (indices into the `docs` given).
class RoundPayloads {
 public:
  /// `docs` (number -> document) must outlive this object; `bytes` are their payload bounds
  /// (payload_bytes). Its buffers are reserved once, for a round's budget (access.round_bytes)
  /// or for all of the payloads they can hold when those are fewer bytes.
  RoundPayloads(Exchanger& exchanger, const PayloadAccess& access, std::span<const DocId> docs,
                std::span<const std::uint64_t> bytes);

  /// Collective: makes the payloads of the documents numbered `round` (sorted, distinct)
  /// readable; the last round's are gone.
  void load(std::span<const std::uint32_t> round);

  /// The payload of document number d of the round loaded last.
  std::string_view get(std::uint32_t d) const { return views_[d]; }

 private:
  // Makes (or views in place) the payloads of this rank's documents `mine`.
  void make_mine(std::span<const std::uint32_t> mine);

  Exchanger& exchanger_;
  const PayloadAccess& access_;
  std::span<const DocId> docs_;
  std::vector<std::string_view> views_;  // by document number, valid for the loaded round
  std::string made_;
  Payloads fetched_;
};

}  // namespace neardup
