// Stage 5, verify: each candidate pair is checked against the threshold on the rank that owns
// its first document, with the second document's payload fetched from its owner in rounds.
#include "jobs/verify_stage.hpp"

#include <algorithm>
#include <cstring>

#include "core/jaccard.hpp"
#include "core/minhash.hpp"
#include "jobs/mpi_check.hpp"

namespace neardup {
namespace {

template <class T>
void decode(std::string_view bytes, std::vector<T>& out) {
  out.resize(bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
}

}  // namespace

std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            double threshold, VerifyMode mode, unsigned min_agree,
                                            const OwnerFn& owner, const PayloadFn& provide,
                                            const PayloadViewFn& local,
                                            std::size_t pairs_per_round) {
  const int rank = exchanger.rank();
  const auto is_local = [&](DocId doc) { return local && owner(doc) == rank; };
  pairs_per_round = std::max<std::size_t>(1, pairs_per_round);
  const std::uint64_t rounds =
      max_over_ranks(exchanger.comm(), (pairs.size() + pairs_per_round - 1) / pairs_per_round);
  std::vector<VerifiedPair> verified;
  std::vector<DocId> requests;
  std::vector<SigValue> sig_a, sig_b;
  std::vector<std::uint64_t> set_a, set_b;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const std::size_t first = std::min(pairs.size(), round * pairs_per_round);
    const std::size_t last = std::min(pairs.size(), first + pairs_per_round);
    const std::span<const DocPair> chunk = pairs.subspan(first, last - first);
    requests.clear();
    for (const DocPair& p : chunk) {
      if (!is_local(p.a)) requests.push_back(p.a);
      if (!is_local(p.b)) requests.push_back(p.b);
    }
    std::sort(requests.begin(), requests.end());
    requests.erase(std::unique(requests.begin(), requests.end()), requests.end());
    const Payloads payloads = fetch_payloads(exchanger, requests, owner, provide);
    const auto payload_of = [&](DocId doc) {
      return is_local(doc) ? local(doc) : payloads.get(doc);
    };
    for (const DocPair& p : chunk) {
      if (mode == VerifyMode::kEstimate) {
        decode(payload_of(p.a), sig_a);
        decode(payload_of(p.b), sig_b);
        const unsigned agree = agreeing_entries(sig_a, sig_b);
        if (agree >= min_agree) {
          verified.push_back({p.a, p.b, static_cast<double>(agree) / sig_a.size()});
        }
      } else {
        decode(payload_of(p.a), set_a);
        decode(payload_of(p.b), set_b);
        const double similarity = exact_jaccard(set_a, set_b);
        if (similarity >= threshold) verified.push_back({p.a, p.b, similarity});
      }
    }
  }
  return verified;
}

}  // namespace neardup
