// Reading a job's output parts in tests and benchmark tools: lines of files and of part folders.
#include "tests/support/output_files.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace neardup::testing {

namespace fs = std::filesystem;

std::vector<std::string> lines_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::size_t part_count(const std::string& dir, const std::string& sub) {
  const fs::directory_iterator parts(fs::path(dir) / sub);
  return static_cast<std::size_t>(std::distance(fs::begin(parts), fs::end(parts)));
}

std::vector<std::string> part_lines(const std::string& dir, const std::string& sub) {
  std::vector<fs::path> parts;
  for (const auto& entry : fs::directory_iterator(fs::path(dir) / sub))
    parts.push_back(entry.path());
  std::sort(parts.begin(), parts.end());
  std::vector<std::string> all;
  for (const fs::path& p : parts) {
    for (std::string& line : lines_of(p)) all.push_back(std::move(line));
  }
  return all;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string f; std::getline(in, f, '\t');) fields.push_back(f);
  return fields;
}

}  // namespace neardup::testing
