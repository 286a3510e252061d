// Stage 7, write: cluster shards, verified pairs and the deduplicated corpus, each part written
// atomically by the rank that owns its documents.
#include "jobs/output_stage.hpp"

#include <algorithm>
#include <cstdio>

#include "io/atomic_file.hpp"
#include "io/line_reader.hpp"
#include "io/tsv.hpp"
#include "jobs/mpi_check.hpp"
#include "jobs/output_dir.hpp"

namespace neardup {
namespace {

constexpr std::size_t kRowsPerRound = 1 << 20;

// Collective: calls write_rows(first, last, ids) for consecutive chunks of `count` rows, with
// the ids of the documents `documents_of(first, last)` names fetched from their owners.
template <class DocumentsOf, class WriteRows>
void in_rounds(Exchanger& exchanger, std::size_t count, DocSource& source, const OwnerFn& owner,
               DocumentsOf documents_of, WriteRows write_rows) {
  const std::uint64_t rounds =
      max_over_ranks(exchanger.comm(), (count + kRowsPerRound - 1) / kRowsPerRound);
  const PayloadFn provide = [&](DocId doc, std::string& out) { out += source.id(doc); };
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const std::size_t first = std::min(count, round * kRowsPerRound);
    const std::size_t last = std::min(count, first + kRowsPerRound);
    std::vector<DocId> requests = documents_of(first, last);
    std::sort(requests.begin(), requests.end());
    requests.erase(std::unique(requests.begin(), requests.end()), requests.end());
    const Payloads ids = fetch_payloads(exchanger, requests, owner, provide);
    write_rows(first, last, ids);
  }
}

}  // namespace

void write_clusters(Exchanger& exchanger, std::span<const ClusterMember> members, DocSource& source,
                    const OwnerFn& owner, const std::string& dir) {
  AtomicFile file(part_path(dir, "clusters", static_cast<std::size_t>(exchanger.rank()), "tsv"));
  std::string row;
  in_rounds(
      exchanger, members.size(), source, owner,
      [&](std::size_t first, std::size_t last) {
        std::vector<DocId> docs;
        for (std::size_t i = first; i < last; ++i) {
          docs.push_back(members[i].doc);
          docs.push_back(members[i].root);
        }
        return docs;
      },
      [&](std::size_t first, std::size_t last, const Payloads& ids) {
        for (std::size_t i = first; i < last; ++i) {
          row = escape_tsv_field(ids.get(members[i].doc));
          row += '\t';
          row += escape_tsv_field(ids.get(members[i].root));
          row += members[i].doc == members[i].root ? "\t1\n" : "\t0\n";
          file.write(row);
        }
      });
  file.commit();
}

void write_pairs(Exchanger& exchanger, std::span<const VerifiedPair> pairs, DocSource& source,
                 const OwnerFn& owner, const std::string& dir) {
  AtomicFile file(part_path(dir, "pairs", static_cast<std::size_t>(exchanger.rank()), "tsv"));
  std::string row;
  char similarity[32];
  in_rounds(
      exchanger, pairs.size(), source, owner,
      [&](std::size_t first, std::size_t last) {
        std::vector<DocId> docs;
        for (std::size_t i = first; i < last; ++i) {
          docs.push_back(pairs[i].a);
          docs.push_back(pairs[i].b);
        }
        return docs;
      },
      [&](std::size_t first, std::size_t last, const Payloads& ids) {
        for (std::size_t i = first; i < last; ++i) {
          row = escape_tsv_field(ids.get(pairs[i].a));
          row += '\t';
          row += escape_tsv_field(ids.get(pairs[i].b));
          std::snprintf(similarity, sizeof similarity, "\t%.6f\n", pairs[i].similarity);
          row += similarity;
          file.write(row);
        }
      });
  file.commit();
}

std::uint64_t write_deduped(const JobPlan& plan, int rank, const LocalDocs& docs,
                            std::span<const DocId> removed, const std::string& dir) {
  std::uint64_t written = 0;
  std::size_t next_doc = 0;
  std::size_t next_removed = 0;
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (plan.owners[s] != rank) continue;
    const Split& split = plan.splits[s];
    AtomicFile file(part_path(dir, "deduped", s, "jsonl"));
    SplitLineReader reader(plan.files[split.file].path, split.begin, split.end);
    std::string_view line;
    std::uint64_t offset = 0;
    for (std::uint32_t index = 0; reader.next(line, offset); ++index) {
      const DocId id = make_doc_id(s, index);
      while (next_doc < docs.size() && docs.ids[next_doc] < id) ++next_doc;
      if (next_doc == docs.size() || docs.ids[next_doc] != id) continue;  // skipped line
      while (next_removed < removed.size() && removed[next_removed] < id) ++next_removed;
      if (next_removed < removed.size() && removed[next_removed] == id) continue;
      file.write(line);
      file.write("\n");
      ++written;
    }
    file.commit();
  }
  return written;
}

}  // namespace neardup
