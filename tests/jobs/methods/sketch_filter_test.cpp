// The sketch filter under MPI: the candidates it keeps are exactly those whose signatures
// agree on at least the cut, counted serially, whatever the round budget and rank count.
#include "jobs/methods/sketch_filter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/sketch/minhash.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

constexpr unsigned kWords = 16;
constexpr DocId kDocs = 600;

// Document d's signature: its family's (d mod 20) with d-dependent entries replaced, so pairs
// of one family agree on 0-16 entries. The same on every rank.
std::vector<SigValue> signature_of(DocId d) {
  std::mt19937_64 family(d % 20);
  std::mt19937_64 own(d);
  std::vector<SigValue> sig(kWords);
  const unsigned changed = static_cast<unsigned>(d % 17);
  for (unsigned i = 0; i < kWords; ++i) {
    sig[i] = static_cast<SigValue>(family());
    if (i < changed) sig[i] ^= static_cast<SigValue>(own() | 1);
  }
  return sig;
}

TEST(SketchFilter, KeepsExactlyThePairsAgreeingOnTheCut) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int rank = exchanger.rank();
  const int ranks = exchanger.size();
  const OwnerFn owner = [&](DocId d) { return static_cast<int>((d / 7) % ranks); };
  LocalDocs docs;
  docs.sketch_words = kWords;
  for (DocId d = 0; d < kDocs; ++d) {
    if (owner(d) != rank) continue;
    docs.ids.push_back(d);
    for (const SigValue v : signature_of(d)) docs.sketches.push_back(v);
  }
  // Candidates on the owner of their first document; rank 0 holds three times as many, so
  // the ranks' round counts differ.
  std::vector<DocPair> mine;
  for (DocId a = 0; a < kDocs; ++a) {
    if (owner(a) != rank) continue;
    for (DocId b = a + 20; b < kDocs; b += rank == 0 ? 20 : 60) mine.push_back({a, b});
  }
  constexpr unsigned kCut = 9;
  std::vector<DocPair> want;
  for (const DocPair& p : mine) {
    if (agreeing_entries(signature_of(p.a), signature_of(p.b)) >= kCut) want.push_back(p);
  }
  ASSERT_GT(sum_over_ranks(MPI_COMM_WORLD, want.size()), 100u);
  ASSERT_LT(sum_over_ranks(MPI_COMM_WORLD, want.size()),
            sum_over_ranks(MPI_COMM_WORLD, mine.size()));
  for (const std::uint64_t budget :
       {std::uint64_t{1}, std::uint64_t{5000}, std::uint64_t{1} << 30}) {
    const std::vector<DocPair> got = sketch_filter(exchanger, docs, owner, mine, kCut, budget);
    ASSERT_EQ(got.size(), want.size()) << "budget " << budget;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].a, want[i].a);
      EXPECT_EQ(got[i].b, want[i].b);
    }
  }
}

}  // namespace
}  // namespace neardup
