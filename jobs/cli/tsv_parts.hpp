// The rows of a run's TSV output folder (clusters/, reference/, spans/), read back by explain.
#pragma once

#include <filesystem>
#include <functional>
#include <span>
#include <string>

namespace neardup {

/// Calls `row` with the fields, unescaped (unescape_tsv_field), of every line of the parts
/// (part-*.tsv) in `folder`, part by part in name order. Throws JobError naming a part that
/// cannot be read.
void read_tsv_parts(const std::filesystem::path& folder,
                    const std::function<void(std::span<const std::string>)>& row);

}  // namespace neardup
