// The sketch filter: candidates whose MinHash signatures agree too little to pass the exact
// check are dropped before it, so their shingle sets are never made.
#include "jobs/methods/sketch_filter.hpp"

#include <algorithm>
#include <cstring>

#include "core/sketch/minhash.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

std::vector<DocPair> sketch_filter(Exchanger& exchanger, const LocalDocs& docs,
                                   const OwnerFn& owner, std::span<const DocPair> candidates,
                                   unsigned cut, std::uint64_t round_bytes) {
  const int rank = exchanger.rank();
  const auto local = [&](DocId doc) { return owner(doc) == rank; };
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    const std::span<const SigValue> sketch = docs.sketch(docs.index_of(doc));
    out.append(reinterpret_cast<const char*>(sketch.data()), sketch.size_bytes());
  };
  const std::uint64_t sketch_bytes = std::uint64_t{docs.sketch_words} * sizeof(SigValue);
  const PayloadSizeFn size_of = [&](DocId) { return sketch_bytes; };
  // A round's pairs bring at most two remote documents each.
  const std::size_t per_round =
      std::max<std::uint64_t>(1, round_bytes / (2 * (sketch_bytes + 2 * sizeof(DocId))));
  std::vector<DocPair> likely;
  std::vector<SigValue> a_fetched, b_fetched;
  Payloads fetched;  // a round's signatures; its buffers hold the next round's
  for (std::size_t at = 0; any_rank(exchanger.comm(), at < candidates.size()); at += per_round) {
    const std::size_t first = std::min(at, candidates.size());
    const std::span<const DocPair> round =
        candidates.subspan(first, std::min(per_round, candidates.size() - first));
    std::vector<DocId> remote;
    for (const DocPair& p : round) {
      if (!local(p.a)) remote.push_back(p.a);
      if (!local(p.b)) remote.push_back(p.b);
    }
    std::sort(remote.begin(), remote.end());
    remote.erase(std::unique(remote.begin(), remote.end()), remote.end());
    fetched = answer_requests(exchanger, send_requests(exchanger, remote, owner), provide, size_of,
                              &fetched);
    const auto sketch_of = [&](DocId doc, std::vector<SigValue>& copy) {
      if (local(doc)) return docs.sketch(docs.index_of(doc));
      const std::string_view bytes = fetched.get(doc);
      copy.resize(bytes.size() / sizeof(SigValue));
      std::memcpy(copy.data(), bytes.data(), copy.size() * sizeof(SigValue));
      return std::span<const SigValue>(copy);
    };
    for (const DocPair& p : round) {
      if (agreeing_entries(sketch_of(p.a, a_fetched), sketch_of(p.b, b_fetched)) >= cut) {
        likely.push_back(p);
      }
    }
  }
  return likely;
}

}  // namespace neardup
