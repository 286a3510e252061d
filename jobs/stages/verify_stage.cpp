// Stage 5, verify: each candidate pair is checked against the threshold on the rank that holds
// it, with its documents' payloads made by their owners (fetched when remote) in rounds.
#include "jobs/stages/verify_stage.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "core/jaccard.hpp"
#include "core/minhash.hpp"
#include "core/union_find.hpp"
#include "jobs/mpi/huge_pages.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/verify_rounds.hpp"

namespace neardup {
namespace {

template <class T>
void decode(std::string_view bytes, std::vector<T>& out) {
  out.resize(bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
}

// Collective: the payload size bound of every document of `docs` (for this rank's documents
// viewed in place through access.local, 0: they are never copied); other ranks' documents'
// bounds are fetched from their owners once (4 bytes a document).
std::vector<std::uint64_t> payload_bytes(Exchanger& exchanger, const DenseDocs& docs,
                                         const PayloadAccess& access) {
  const int rank = exchanger.rank();
  std::vector<std::uint64_t> bytes(docs.size(), 0);
  std::vector<DocId> remote;
  for (std::uint32_t d = 0; d < docs.size(); ++d) {
    if (access.owner(docs.doc(d)) != rank) {
      remote.push_back(docs.doc(d));
    } else if (!access.local) {
      bytes[d] = access.size_of(docs.doc(d));
    }
  }
  const PayloadFn size = [&](DocId doc, std::string& out) {
    const auto bound = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(access.size_of(doc), std::numeric_limits<std::uint32_t>::max()));
    out.append(reinterpret_cast<const char*>(&bound), sizeof bound);
  };
  const Payloads sizes = fetch_payloads(exchanger, remote, access.owner, size);
  for (std::uint32_t d = 0; d < docs.size(); ++d) {
    if (access.owner(docs.doc(d)) == rank) continue;
    std::uint32_t bound = 0;
    std::memcpy(&bound, sizes.get(docs.doc(d)).data(), sizeof bound);
    bytes[d] = bound;
  }
  return bytes;
}

// The payloads of a round's documents: other ranks' fetched (collective), this rank's made
// here with access.provide into one buffer (kept from round to round), or viewed in place
// through access.local.
class RoundPayloads {
 public:
  RoundPayloads(Exchanger& exchanger, const PayloadAccess& access, const DenseDocs& docs)
      : exchanger_(exchanger), access_(access), docs_(docs), views_(docs.size()) {}

  // Collective: makes the payloads of the documents of pairs[i], i in `round`, readable.
  void load(std::span<const DensePair> pairs, std::span<const std::size_t> round) {
    const int rank = exchanger_.rank();
    std::vector<std::uint32_t> mine, remote;
    for (const std::size_t i : round) {
      for (const std::uint32_t d : {pairs[i].a, pairs[i].b}) {
        (access_.owner(docs_.doc(d)) == rank ? mine : remote).push_back(d);
      }
    }
    for (std::vector<std::uint32_t>* list : {&mine, &remote}) {
      std::sort(list->begin(), list->end());
      list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    std::vector<DocId> remote_ids;
    for (const std::uint32_t d : remote) remote_ids.push_back(docs_.doc(d));
    // This rank makes its own payloads while the owners of the remote ones make theirs.
    const PayloadRequests requests = send_requests(exchanger_, remote_ids, access_.owner);
    make_mine(mine);
    // The last round's payloads are done with: their buffers take this round's.
    fetched_ = answer_requests(exchanger_, requests, access_.provide, access_.size_of, &fetched_);
    for (const std::uint32_t d : remote) views_[d] = fetched_.get(docs_.doc(d));
  }

  // The payload of document d of a pair of the last round loaded.
  std::string_view get(std::uint32_t d) const { return views_[d]; }

 private:
  // Makes (or views in place) the payloads of this rank's documents `mine`.
  void make_mine(std::span<const std::uint32_t> mine) {
    if (access_.local) {
      for (const std::uint32_t d : mine) views_[d] = access_.local(docs_.doc(d));
      return;
    }
    std::uint64_t bound = 0;
    for (const std::uint32_t d : mine) bound += access_.size_of(docs_.doc(d));
    reuse_buffer(made_, bound);  // payloads never outgrow their bounds: no copy while appending
    std::vector<std::size_t> starts;
    for (const std::uint32_t d : mine) {
      starts.push_back(made_.size());
      access_.provide(docs_.doc(d), made_);
    }
    starts.push_back(made_.size());
    for (std::size_t k = 0; k < mine.size(); ++k) {
      views_[mine[k]] = std::string_view(made_).substr(starts[k], starts[k + 1] - starts[k]);
    }
  }

  Exchanger& exchanger_;
  const PayloadAccess& access_;
  const DenseDocs& docs_;
  std::vector<std::string_view> views_;  // by document number, valid for the loaded round
  std::string made_;
  Payloads fetched_;
};

// A pair's similarity under `rule` from its payloads, and whether it passes.
class PairCheck {
 public:
  explicit PairCheck(const VerifyRule& rule) : rule_(rule) {}

  bool passes(std::string_view a, std::string_view b, double& similarity) {
    if (rule_.mode == VerifyMode::kEstimate) {
      decode(a, sig_a_);
      decode(b, sig_b_);
      const unsigned agree = agreeing_entries(sig_a_, sig_b_);
      similarity = static_cast<double>(agree) / static_cast<double>(sig_a_.size());
      return agree >= rule_.min_agree;
    }
    decode(a, set_a_);
    decode(b, set_b_);
    similarity = exact_jaccard(set_a_, set_b_);
    return similarity >= rule_.threshold;
  }

 private:
  const VerifyRule& rule_;
  std::vector<SigValue> sig_a_, sig_b_;
  std::vector<std::uint64_t> set_a_, set_b_;
};

}  // namespace

std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            const VerifyRule& rule, const PayloadAccess& access,
                                            VerifyCounts& counts) {
  const DenseDocs docs(pairs);
  const std::vector<DensePair> dense = docs.number(pairs);
  const std::vector<std::uint64_t> bytes = payload_bytes(exchanger, docs, access);
  UnionFind joined(docs.size());
  const auto skip = [&](const DensePair& p) {
    const bool skipped = rule.skip_joined && joined.find(p.a) == joined.find(p.b);
    counts.skipped_joined += skipped;
    return skipped;
  };
  RoundPlanner planner(dense, bytes, access.round_bytes);
  RoundPayloads payloads(exchanger, access, docs);
  PairCheck check(rule);
  std::vector<VerifiedPair> verified;
  while (any_rank(exchanger.comm(), !planner.done())) {
    const std::vector<std::size_t> round = planner.next_round(skip);
    ++counts.rounds;
    payloads.load(dense, round);
    for (const std::size_t i : round) {
      const DensePair& p = dense[i];
      if (skip(p)) continue;  // joined by a pair verified earlier in this round
      ++counts.checked;
      double similarity = 0;
      if (!check.passes(payloads.get(p.a), payloads.get(p.b), similarity)) continue;
      verified.push_back({pairs[i].a, pairs[i].b, similarity});
      joined.unite(p.a, p.b);
    }
  }
  // Rounds take the pairs component by component; the input's order is (a, b).
  std::sort(verified.begin(), verified.end(), by_documents);
  return verified;
}

}  // namespace neardup
