// The output directory: refused when it holds something unless --overwrite; completed by
// _SUCCESS, which is removed first and written last.
#pragma once

#include <string>
#include <vector>

namespace neardup {

/// Prepares `dir` for a run (rank 0 only): creates it and `subdirs`; when it already holds
/// entries, refuses unless `overwrite`, which removes neardup's own outputs (_SUCCESS first)
/// and leaves other files alone. Returns an error message naming the path, or "".
std::string prepare_output_dir(const std::string& dir, const std::vector<std::string>& subdirs,
                               bool overwrite);

/// `path` made safe to place under an output directory: no root, no "." or ".." parts
/// ("/data/a/../b.txt" -> "data/b.txt"); "document" when nothing is left.
std::string contained_relative_path(const std::string& path);

/// The path of a part file: DIR/SUBDIR/part-NNNNN.EXT.
std::string part_path(const std::string& dir, const std::string& subdir, std::size_t part,
                      const std::string& extension);

}  // namespace neardup
