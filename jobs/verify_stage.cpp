// Stage 5, verify: each candidate pair is checked against the threshold on the rank that owns
// its first document, with the second document's payload fetched from its owner in rounds.
#include "jobs/verify_stage.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_set>

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

// The payload size bounds of the documents other ranks own that appear in `pairs`, fetched
// from their owners once (4 bytes a document).
class RemoteSizes {
 public:
  RemoteSizes(Exchanger& exchanger, std::span<const DocPair> pairs, const PayloadAccess& access) {
    const int rank = exchanger.rank();
    for (const DocPair& p : pairs) {
      if (access.owner(p.a) != rank) docs_.push_back(p.a);
      if (access.owner(p.b) != rank) docs_.push_back(p.b);
    }
    std::sort(docs_.begin(), docs_.end());
    docs_.erase(std::unique(docs_.begin(), docs_.end()), docs_.end());
    const PayloadFn size = [&](DocId doc, std::string& out) {
      const auto bytes = static_cast<std::uint32_t>(
          std::min<std::uint64_t>(access.size_of(doc), std::numeric_limits<std::uint32_t>::max()));
      out.append(reinterpret_cast<const char*>(&bytes), sizeof bytes);
    };
    const Payloads payloads = fetch_payloads(exchanger, docs_, access.owner, size);
    sizes_.resize(docs_.size());
    for (std::size_t i = 0; i < docs_.size(); ++i) {
      std::memcpy(&sizes_[i], payloads.get(docs_[i]).data(), sizeof sizes_[i]);
    }
  }

  // The size bound of a document of another rank that appears in the pairs.
  std::uint64_t get(DocId doc) const {
    return sizes_[std::lower_bound(docs_.begin(), docs_.end(), doc) - docs_.begin()];
  }

 private:
  std::vector<DocId> docs_;
  std::vector<std::uint32_t> sizes_;
};

}  // namespace

const char* verify_mode_name(VerifyMode mode) {
  return mode == VerifyMode::kEstimate ? "estimate" : "exact";
}

VerifyMode verify_mode_named(std::string_view name) {
  return name == verify_mode_name(VerifyMode::kEstimate) ? VerifyMode::kEstimate
                                                         : VerifyMode::kExact;
}

std::vector<std::size_t> plan_verify_rounds(std::span<const DocPair> pairs,
                                            const std::function<std::uint64_t(DocId)>& bytes_of,
                                            std::uint64_t round_bytes) {
  std::vector<std::size_t> starts;
  std::unordered_set<DocId> in_round;
  std::uint64_t bytes = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const DocPair& p = pairs[i];
    const std::uint64_t more =
        (in_round.count(p.a) ? 0 : bytes_of(p.a)) + (in_round.count(p.b) ? 0 : bytes_of(p.b));
    if (starts.empty() || (bytes + more > round_bytes && !in_round.empty())) {
      starts.push_back(i);
      in_round.clear();
      bytes = 0;
    }
    bytes += (in_round.insert(p.a).second ? bytes_of(p.a) : 0) +
             (in_round.insert(p.b).second ? bytes_of(p.b) : 0);
  }
  starts.push_back(pairs.size());
  return starts;
}

std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            double threshold, VerifyMode mode, unsigned min_agree,
                                            const PayloadAccess& access) {
  const int rank = exchanger.rank();
  const auto is_local = [&](DocId doc) { return access.local && access.owner(doc) == rank; };
  const RemoteSizes remote(exchanger, pairs, access);
  const auto bytes_of = [&](DocId doc) {
    if (is_local(doc)) return std::uint64_t{0};  // read in place, never fetched
    return access.owner(doc) == rank ? access.size_of(doc) : remote.get(doc);
  };
  const std::vector<std::size_t> starts = plan_verify_rounds(pairs, bytes_of, access.round_bytes);
  const std::uint64_t rounds = max_over_ranks(exchanger.comm(), starts.size() - 1);
  std::vector<VerifiedPair> verified;
  std::vector<DocId> requests;
  std::vector<SigValue> sig_a, sig_b;
  std::vector<std::uint64_t> set_a, set_b;
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const std::size_t first = starts[std::min<std::size_t>(round, starts.size() - 1)];
    const std::size_t last = starts[std::min<std::size_t>(round + 1, starts.size() - 1)];
    const std::span<const DocPair> chunk = pairs.subspan(first, last - first);
    requests.clear();
    for (const DocPair& p : chunk) {
      if (!is_local(p.a)) requests.push_back(p.a);
      if (!is_local(p.b)) requests.push_back(p.b);
    }
    std::sort(requests.begin(), requests.end());
    requests.erase(std::unique(requests.begin(), requests.end()), requests.end());
    const Payloads payloads = fetch_payloads(exchanger, requests, access.owner, access.provide);
    const auto payload_of = [&](DocId doc) {
      return is_local(doc) ? access.local(doc) : payloads.get(doc);
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
