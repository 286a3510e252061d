// Inputs and the output directory kept apart: a run must neither read its own outputs as
// inputs nor delete an input with --overwrite.
#include "io/input/path_overlap.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "io/input/input_plan.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

// `path` absolute, with links and ".." resolved as far as it exists, without a trailing '/'.
fs::path canonical(const std::string& path) {
  std::error_code error;
  fs::path resolved = fs::weakly_canonical(fs::absolute(path, error), error);
  if (error) resolved = fs::absolute(path, error).lexically_normal();
  if (!resolved.has_filename() && resolved.has_parent_path()) resolved = resolved.parent_path();
  return resolved;
}

// True when `path` is `directory` or below it.
bool inside(const fs::path& path, const fs::path& directory) {
  return std::mismatch(directory.begin(), directory.end(), path.begin(), path.end()).first ==
         directory.end();
}

}  // namespace

std::string input_output_overlap(const std::vector<std::string>& arguments,
                                 const std::string& output) {
  if (output.empty()) return "";
  const fs::path out = canonical(output);
  for (const std::string& root : input_roots(arguments)) {
    const fs::path in = canonical(root);
    if (inside(in, out)) {
      return "input " + root + " is inside the output directory " + output +
             ", which the run writes and --overwrite clears; choose an output directory "
             "outside every input";
    }
    if (inside(out, in)) {
      return "output directory " + output + " is inside the input directory " + root +
             ": the run would read its own outputs as inputs; choose an output directory "
             "outside every input";
    }
  }
  return "";
}

}  // namespace neardup
