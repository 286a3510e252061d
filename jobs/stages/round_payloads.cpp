// The payloads a round of checks reads: this rank's documents' made here (or viewed in place),
// other ranks' fetched from their owners, in buffers kept from round to round.
#include "jobs/stages/round_payloads.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "jobs/mpi/huge_pages.hpp"

namespace neardup {

std::vector<std::uint64_t> payload_bytes(Exchanger& exchanger, std::span<const DocId> docs,
                                         const PayloadAccess& access) {
  const int rank = exchanger.rank();
  std::vector<std::uint64_t> bytes(docs.size(), 0);
  std::vector<DocId> remote;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    if (access.owner(docs[d]) != rank) {
      remote.push_back(docs[d]);
    } else if (!access.local) {
      bytes[d] = access.size_of(docs[d]);
    }
  }
  std::sort(remote.begin(), remote.end());
  remote.erase(std::unique(remote.begin(), remote.end()), remote.end());
  const PayloadFn size = [&](DocId doc, std::string& out) {
    const auto bound = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(access.size_of(doc), std::numeric_limits<std::uint32_t>::max()));
    out.append(reinterpret_cast<const char*>(&bound), sizeof bound);
  };
  const Payloads sizes = fetch_payloads(exchanger, remote, access.owner, size);
  for (std::size_t d = 0; d < docs.size(); ++d) {
    if (access.owner(docs[d]) == rank) continue;
    std::uint32_t bound = 0;
    std::memcpy(&bound, sizes.get(docs[d]).data(), sizeof bound);
    bytes[d] = bound;
  }
  return bytes;
}

RoundPayloads::RoundPayloads(Exchanger& exchanger, const PayloadAccess& access,
                             std::span<const DocId> docs, std::span<const std::uint64_t> bytes)
    : exchanger_(exchanger), access_(access), docs_(docs), views_(docs.size()) {
  std::uint64_t mine = 0, remote = 0;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    (access_.owner(docs[d]) == exchanger_.rank() ? mine : remote) += bytes[d];
  }
  // A round's documents, this rank's and the fetched ones, fit the budget and all of them
  // together; the answers to other ranks are about as many as the fetched ones (reuse_buffer
  // grows them when not). No more is reserved: under strict overcommit, address space counts.
  if (!access_.local) reserve_buffer(made_, std::min(access_.round_bytes, mine));
  if (exchanger_.size() > 1) {
    const std::uint64_t fetched = std::min(access_.round_bytes, remote);
    fetched_.reserve(fetched, fetched);
  }
}

void RoundPayloads::load(std::span<const std::uint32_t> round) {
  const int rank = exchanger_.rank();
  std::vector<std::uint32_t> mine, remote;
  for (const std::uint32_t d : round)
    (access_.owner(docs_[d]) == rank ? mine : remote).push_back(d);
  // Asked for in the round's order, not by id: the checks' order puts near-duplicates side by
  // side, and their owners make them 13% faster in that order (11.3 -> 9.8 us a shingle set).
  std::vector<DocId> remote_ids;
  for (const std::uint32_t d : remote) remote_ids.push_back(docs_[d]);
  // This rank makes its own payloads while the owners of the remote ones make theirs.
  const PayloadRequests requests = send_requests(exchanger_, remote_ids, access_.owner);
  make_mine(mine);
  // The last round's payloads are done with: their buffers take this round's.
  fetched_ = answer_requests(exchanger_, requests, access_.provide, access_.size_of, &fetched_);
  for (const std::uint32_t d : remote) views_[d] = fetched_.get(docs_[d]);
}

void RoundPayloads::make_mine(std::span<const std::uint32_t> mine) {
  if (access_.local) {
    for (const std::uint32_t d : mine) views_[d] = access_.local(docs_[d]);
    return;
  }
  std::uint64_t bound = 0;
  for (const std::uint32_t d : mine) bound += access_.size_of(docs_[d]);
  reuse_buffer(made_, bound);  // payloads never outgrow their bounds: no copy while appending
  std::vector<std::size_t> starts;
  for (const std::uint32_t d : mine) {
    starts.push_back(made_.size());
    access_.provide(docs_[d], made_);
  }
  starts.push_back(made_.size());
  for (std::size_t k = 0; k < mine.size(); ++k) {
    views_[mine[k]] = std::string_view(made_).substr(starts[k], starts[k + 1] - starts[k]);
  }
}

}  // namespace neardup
