// Inputs whose names or first bytes say they are not in the format the run reads them in,
// looked at by the ranks in parallel, warned about by name on rank 0.
#include "jobs/documents/format_check.hpp"

#include <cstdint>
#include <string>

#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// Rank 0: warns about the files `hints` marks and counts them per hint.
FormatHintCounts warn_hints(const InputFiles& files, const std::vector<std::uint8_t>& hints) {
  FormatHintCounts counts{};
  for (std::size_t f = 0; f < files.size(); ++f) {
    if (hints[f] == 0) continue;
    const auto hint = static_cast<FormatHint>(hints[f]);
    if (++counts[hints[f] - 1] <= kHintsNamed) log_warn(format_hint_text(files[f], hint));
  }
  for (std::size_t h = 0; h < counts.size(); ++h) {
    if (counts[h] <= kHintsNamed) continue;
    log_warn(std::to_string(counts[h] - kHintsNamed) + " more files like this (" +
             format_hint_key(static_cast<FormatHint>(h + 1)) + " in stats.json's input_warnings)");
  }
  return counts;
}

}  // namespace

FormatHintCounts check_input_formats(MPI_Comm comm, const InputFiles& files,
                                     const std::vector<Split>& splits,
                                     const std::vector<int>& owners) {
  const int rank = comm_rank(comm);
  std::vector<std::uint8_t> hints(files.size(), 0);
  for (std::size_t s = 0; s < splits.size(); ++s) {
    if (splits[s].begin != 0 || owners[s] != rank) continue;
    hints[splits[s].file] = static_cast<std::uint8_t>(sniff_format(files[splits[s].file]));
  }
  std::vector<std::uint8_t> all(rank == 0 ? files.size() : 0);
  mpi_check(MPI_Reduce(hints.data(), rank == 0 ? all.data() : nullptr,
                       static_cast<int>(hints.size()), MPI_UINT8_T, MPI_MAX, 0, comm),
            "MPI_Reduce");
  return rank == 0 ? warn_hints(files, all) : FormatHintCounts{};
}

}  // namespace neardup
