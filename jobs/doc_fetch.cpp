// Distributed lookup: fetch a payload (signature, shingle set, id) of any document from the
// rank that owns it, with one request exchange and one response exchange.
#include "jobs/doc_fetch.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

namespace neardup {
namespace {

template <class T>
void append_raw(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
T read_raw(const std::string& in, std::size_t& at) {
  T value;
  std::memcpy(&value, in.data() + at, sizeof value);
  at += sizeof value;
  return value;
}

}  // namespace

std::string_view Payloads::get(DocId id) const {
  const auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
  if (it == ids_.end() || *it != id) throw std::logic_error("payload was not fetched");
  const auto i = static_cast<std::size_t>(it - ids_.begin());
  return std::string_view(arena_).substr(offsets_[i], offsets_[i + 1] - offsets_[i]);
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
  std::string payload;
  for (std::size_t s = 0; s < ranks; ++s) {
    for (std::size_t at = 0; at < incoming[s].size();) {
      const auto id = read_raw<DocId>(incoming[s], at);
      payload.clear();
      provide(id, payload);
      append_raw(answers[s], static_cast<std::uint64_t>(payload.size()));
      answers[s] += payload;
    }
  }
  const std::vector<std::string> replies = exchanger.exchange_blocks(answers);

  Payloads result;
  std::vector<std::pair<DocId, std::string_view>> found;
  found.reserve(requests.size());
  for (std::size_t d = 0; d < ranks; ++d) {
    std::size_t at = 0;
    for (const DocId id : asked[d]) {
      const auto length = read_raw<std::uint64_t>(replies[d], at);
      found.emplace_back(id, std::string_view(replies[d]).substr(at, length));
      at += length;
    }
  }
  std::sort(found.begin(), found.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  result.ids_.reserve(found.size());
  result.offsets_.reserve(found.size() + 1);
  result.offsets_.push_back(0);
  for (const auto& [id, bytes] : found) {
    result.ids_.push_back(id);
    result.arena_ += bytes;
    result.offsets_.push_back(result.arena_.size());
  }
  return result;
}

}  // namespace neardup
