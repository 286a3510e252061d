// Reading a job's output parts in tests and benchmark tools: lines of files and of part folders.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace neardup::testing {

/// The lines of a file, without their '\n'.
std::vector<std::string> lines_of(const std::filesystem::path& file);

/// The number of files in DIR/SUB.
std::size_t part_count(const std::string& dir, const std::string& sub);

/// The lines of every file in DIR/SUB, files in name order.
std::vector<std::string> part_lines(const std::string& dir, const std::string& sub);

/// The strings, sorted.
std::vector<std::string> sorted(std::vector<std::string> v);

/// The tab-separated fields of a line.
std::vector<std::string> split_tabs(const std::string& line);

}  // namespace neardup::testing
