// Inputs and the output directory kept apart: a run must neither read its own outputs as
// inputs nor delete an input with --overwrite.
#pragma once

#include <string>
#include <vector>

namespace neardup {

/// Returns "" when the output directory `output` (which need not exist yet) and the inputs
/// (`arguments` as expand_inputs takes them; see input_roots) are apart, else why not, naming
/// both paths: `output` is an input directory or inside one (a run would read its own
/// earlier outputs as inputs), or an input is `output` or inside it (--overwrite would delete
/// it). Paths are compared as std::filesystem::weakly_canonical gives them, so relative
/// paths, "..", and symbolic links to existing directories are resolved. Inputs that name
/// nothing are left to expand_inputs to report.
std::string input_output_overlap(const std::vector<std::string>& arguments,
                                 const std::string& output);

}  // namespace neardup
