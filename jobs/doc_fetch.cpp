// Distributed lookup: fetch a payload (signature, shingle set, id) of any document from the
// rank that owns it, with one request exchange and one response exchange.
#include "jobs/doc_fetch.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include "core/release.hpp"

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

Payloads fetch_payloads(Exchanger& exchanger, std::span<const DocId> requests, const OwnerFn& owner,
                        const PayloadFn& provide) {
  const auto ranks = static_cast<std::size_t>(exchanger.size());
  std::vector<std::string> asks(ranks);
  std::vector<std::vector<DocId>> asked(ranks);
  for (const DocId id : requests) {
    const auto d = static_cast<std::size_t>(owner(id));
    append_raw(asks[d], id);
    asked[d].push_back(id);
  }
  const std::vector<std::string> incoming = exchanger.exchange_blocks(asks);
  std::vector<std::string> answers(ranks);
  for (std::size_t s = 0; s < ranks; ++s) {
    std::string& answer = answers[s];
    for (std::size_t at = 0; at < incoming[s].size();) {
      const auto id = read_raw<DocId>(incoming[s], at);
      const std::size_t length_at = answer.size();
      append_raw(answer, std::uint64_t{0});
      provide(id, answer);
      const std::uint64_t length = answer.size() - length_at - sizeof length;
      std::memcpy(answer.data() + length_at, &length, sizeof length);
    }
  }
  // The payloads stay where they were received: moving a Payloads moves the vector of replies,
  // not the strings the views point into.
  Payloads result;
  result.replies_ = exchanger.exchange_blocks(answers);
  release(answers);
  result.found_.reserve(requests.size());
  for (std::size_t d = 0; d < ranks; ++d) {
    const std::string_view reply = result.replies_[d];
    std::size_t at = 0;
    for (const DocId id : asked[d]) {
      const auto length = read_raw<std::uint64_t>(reply, at);
      result.found_.emplace_back(id, reply.substr(at, length));
      at += length;
    }
  }
  std::sort(result.found_.begin(), result.found_.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  return result;
}

}  // namespace neardup
