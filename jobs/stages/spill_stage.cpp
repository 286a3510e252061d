// Compressed inputs cannot be read at an offset: the records of their documents that later
// stages re-read are copied once into a rank-local spill file.
#include "jobs/stages/spill_stage.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "io/io_error.hpp"
#include "io/read/record_reader.hpp"
#include "io/write/atomic_file.hpp"

namespace neardup {

std::vector<DocId> candidate_documents(Exchanger& exchanger, std::span<const DocPair> pairs,
                                       const OwnerFn& owner) {
  std::vector<DocId> seconds;
  seconds.reserve(pairs.size());
  for (const DocPair& p : pairs) seconds.push_back(p.b);
  std::vector<DocId> needed =
      exchanger.shuffle(std::span<const DocId>(seconds), [&](DocId doc) { return owner(doc); });
  for (const DocPair& p : pairs) needed.push_back(p.a);
  std::sort(needed.begin(), needed.end());
  needed.erase(std::unique(needed.begin(), needed.end()), needed.end());
  return needed;
}

std::uint64_t spill_compressed_records(const JobPlan& plan, int rank, std::span<const DocId> needed,
                                       LocalDocs& docs, const std::string& spill_path,
                                       std::uint64_t max_record_bytes) {
  if (std::adjacent_find(needed.begin(), needed.end(), std::greater_equal<>()) != needed.end()) {
    throw std::logic_error(
        "spill_compressed_records: the needed documents are not sorted and distinct");
  }
  AtomicFile spill(spill_path, SyncOnCommit::kNo);  // scratch of this run only
  std::uint64_t written = 0;
  std::size_t next = 0;
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    const Split& split = plan.splits[s];
    if (plan.owners[s] != rank || plan.is_shared(s)) continue;
    if (!is_compressed(plan.files.format_of(split.file))) continue;
    const InputFile& file = plan.files[split.file];
    while (next < needed.size() && split_of(needed[next]) < s) ++next;
    if (next == needed.size() || split_of(needed[next]) != s) continue;
    const auto reader =
        open_records(file.path, file.format, split.begin, split.end, max_record_bytes);
    Record record;
    for (std::uint32_t index = 0; next < needed.size() && split_of(needed[next]) == s; ++index) {
      if (!reader->next(record)) throw IoError(file.path + ": input changed while the job ran");
      if (needed[next] != make_doc_id(s, index)) continue;
      const std::size_t i = docs.index_of(needed[next]);
      if (record.bytes.size() != docs.lengths[i]) {
        throw IoError(file.path + ": input changed while the job ran");
      }
      spill.write(record.bytes);
      docs.offsets[i] = written;
      written += record.bytes.size();
      ++next;
    }
  }
  spill.commit();
  return written;
}

}  // namespace neardup
