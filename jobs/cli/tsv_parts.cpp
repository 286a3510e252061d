// Output parts read line by line, each line's fields unescaped.
#include "jobs/cli/tsv_parts.hpp"

#include <algorithm>
#include <fstream>
#include <vector>

#include "io/write/tsv.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

void read_tsv_parts(const std::filesystem::path& folder,
                    const std::function<void(std::span<const std::string>)>& row) {
  std::vector<std::filesystem::path> parts;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("part-") && name.ends_with(".tsv")) parts.push_back(entry.path());
  }
  std::sort(parts.begin(), parts.end());
  std::vector<std::string> fields;
  std::string line;
  for (const std::filesystem::path& part : parts) {
    std::ifstream in(part, std::ios::binary);
    if (!in) throw JobError(part.string() + ": cannot be read");
    while (std::getline(in, line)) {
      fields.clear();
      for (std::size_t begin = 0, end = 0; begin <= line.size(); begin = end + 1) {
        end = std::min(line.find('\t', begin), line.size());
        fields.push_back(unescape_tsv_field(std::string_view(line).substr(begin, end - begin)));
      }
      row(fields);
    }
  }
}

}  // namespace neardup
