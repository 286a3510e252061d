// Documents that share an id: found by shuffling id hashes to their owners, then reported.
#include "jobs/stages/duplicate_ids.hpp"

#include <algorithm>
#include <cstring>

#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

DuplicateIds find_duplicate_ids(Exchanger& exchanger, std::vector<IdKey>&& keys,
                                std::size_t max_examples) {
  const auto ranks = static_cast<std::uint64_t>(exchanger.size());
  std::vector<IdKey> mine = exchanger.shuffle_consuming(
      std::move(keys), [&](const IdKey& key) { return static_cast<int>(key.hash.high % ranks); });
  std::sort(mine.begin(), mine.end());
  std::uint64_t count = 0;
  std::vector<IdRepeat> examples;
  for (std::size_t i = 1, first = 0; i < mine.size(); ++i) {
    if (mine[i].hash != mine[first].hash) {
      first = i;
      continue;
    }
    ++count;
    examples.push_back({mine[first].doc, mine[i].doc});
  }
  std::sort(examples.begin(), examples.end(),
            [](const IdRepeat& x, const IdRepeat& y) { return x.later < y.later; });
  examples.resize(std::min(examples.size(), max_examples));
  std::vector<std::string> to_root(static_cast<std::size_t>(exchanger.size()));
  to_root[0].assign(reinterpret_cast<const char*>(examples.data()),
                    examples.size() * sizeof(examples[0]));
  const ReceivedBlocks got = exchanger.exchange_blocks(to_root);
  DuplicateIds result;
  result.count = sum_over_ranks(exchanger.comm(), count);
  if (exchanger.rank() != 0) return result;
  for (const std::string_view block : got) {
    if (block.empty()) continue;  // memcpy into no memory is undefined, even of 0 bytes
    const std::size_t n = block.size() / sizeof(IdRepeat);
    const std::size_t old = result.examples.size();
    result.examples.resize(old + n);
    std::memcpy(result.examples.data() + old, block.data(), block.size());
  }
  std::sort(result.examples.begin(), result.examples.end(),
            [](const IdRepeat& x, const IdRepeat& y) { return x.later < y.later; });
  result.examples.resize(std::min(result.examples.size(), max_examples));
  return result;
}

void log_duplicate_ids(const DuplicateIds& duplicates, const DocSource& source) {
  if (duplicates.count == 0) return;
  log_info(std::to_string(duplicates.count) +
           " documents repeat the id of an earlier document (they are still told apart by "
           "position)");
  for (const IdRepeat& r : duplicates.examples) {
    log_info(source.location(r.later) + ": same id as " + source.location(r.earlier));
  }
}

}  // namespace neardup
