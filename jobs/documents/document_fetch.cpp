// Distributed lookup: fetch a payload (signature, shingle set, id) of any document from the
// rank that owns it, with one request exchange and one response exchange.
#include "jobs/documents/document_fetch.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include "core/release.hpp"
#include "jobs/mpi/huge_pages.hpp"

namespace neardup {
namespace {

template <class T>
void append_raw(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
T read_raw(std::string_view in, std::size_t& at) {
  T value;
  std::memcpy(&value, in.data() + at, sizeof value);
  at += sizeof value;
  return value;
}

}  // namespace

std::string_view Payloads::get(DocId id) const {
  const auto it = std::lower_bound(found_.begin(), found_.end(), id,
                                   [](const auto& entry, DocId key) { return entry.first < key; });
  if (it == found_.end() || it->first != id) throw std::logic_error("payload was not fetched");
  return it->second;
}

void Payloads::reserve(std::size_t answer_bytes, std::size_t reply_bytes) {
  reserve_buffer(answers_, answer_bytes);
  reserve_buffer(replies_, reply_bytes);
}

PayloadRequests send_requests(Exchanger& exchanger, std::span<const DocId> requests,
                              const OwnerFn& owner) {
  const auto ranks = static_cast<std::size_t>(exchanger.size());
  std::vector<std::string> asks(ranks);
  PayloadRequests sent;
  sent.asked.resize(ranks);
  sent.requests = requests.size();
  for (const DocId id : requests) {
    const auto d = static_cast<std::size_t>(owner(id));
    append_raw(asks[d], id);
    sent.asked[d].push_back(id);
  }
  sent.incoming = exchanger.exchange_blocks(asks);
  return sent;
}

Payloads answer_requests(Exchanger& exchanger, const PayloadRequests& requests,
                         const PayloadFn& provide, const PayloadSizeFn& size_of, Payloads* reuse) {
  const ReceivedBlocks& incoming = requests.incoming;
  const std::size_t ranks = incoming.size();
  Payloads result = reuse ? std::move(*reuse) : Payloads();
  result.found_.clear();
  // The answers to every asking rank, one after another, each payload behind its length.
  std::string& answers = result.answers_;
  std::uint64_t bound = 0;
  if (size_of) {
    for (const std::string_view block : incoming) {
      for (std::size_t at = 0; at < block.size();) {
        bound += sizeof(std::uint64_t) + size_of(read_raw<DocId>(block, at));
      }
    }
  }
  reuse_buffer(answers, bound);
  std::vector<std::size_t> answer_counts(ranks);
  for (std::size_t s = 0; s < ranks; ++s) {
    const std::size_t start = answers.size();
    for (std::size_t at = 0; at < incoming[s].size();) {
      const auto id = read_raw<DocId>(incoming[s], at);
      const std::size_t length_at = answers.size();
      append_raw(answers, std::uint64_t{0});
      provide(id, answers);
      const std::uint64_t length = answers.size() - length_at - sizeof length;
      std::memcpy(answers.data() + length_at, &length, sizeof length);
    }
    answer_counts[s] = answers.size() - start;
  }
  // The payloads stay where they were received: moving a Payloads moves the buffer, not the
  // bytes the views point into.
  std::vector<std::size_t> reply_counts;
  exchanger.exchange_bytes_into(std::span<const char>(answers.data(), answers.size()),
                                answer_counts, reply_counts, result.replies_);
  if (!reuse) release(answers);
  result.found_.reserve(requests.requests);
  const std::string_view replies(result.replies_.data(), result.replies_.size());
  std::size_t at = 0;
  for (std::size_t d = 0; d < ranks; ++d) {
    for (const DocId id : requests.asked[d]) {
      const auto length = read_raw<std::uint64_t>(replies, at);
      result.found_.emplace_back(id, replies.substr(at, length));
      at += length;
    }
  }
  std::sort(result.found_.begin(), result.found_.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  return result;
}

Payloads fetch_payloads(Exchanger& exchanger, std::span<const DocId> requests, const OwnerFn& owner,
                        const PayloadFn& provide, const PayloadSizeFn& size_of) {
  return answer_requests(exchanger, send_requests(exchanger, requests, owner), provide, size_of);
}

}  // namespace neardup
