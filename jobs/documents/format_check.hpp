// Inputs whose names or first bytes say they are not in the format the run reads them in
// (io/input/format_sniff.hpp), looked at by the ranks in parallel, warned about by name on rank 0.
#pragma once

#include <mpi.h>

#include <vector>

#include "io/input/format_sniff.hpp"
#include "io/input/input_plan.hpp"

namespace neardup {

/// How many files of one FormatHint are warned about by name; the rest are counted.
inline constexpr std::uint64_t kHintsNamed = 20;

/// Collective: each rank sniffs (sniff_format) the files whose first split it owns (`splits`,
/// `owners`); rank 0 warns about each file with a hint by name (at most kHintsNamed per hint,
/// then one line with the number left) and returns the counts per hint (zeros elsewhere).
FormatHintCounts check_input_formats(MPI_Comm comm, const InputFiles& files,
                                     const std::vector<Split>& splits,
                                     const std::vector<int>& owners);

}  // namespace neardup
