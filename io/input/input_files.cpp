// The input files as one process holds them: sizes and formats of all, names of those it reads.
#include "io/input/input_files.hpp"

#include <xxhash.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace neardup {

std::uint64_t path_hash(const std::string& path) { return XXH3_64bits(path.data(), path.size()); }

InputFiles::InputFiles(std::vector<InputFile> files) {
  sizes_.reserve(files.size());
  formats_.reserve(files.size());
  path_hashes_.reserve(files.size());
  named_.resize(files.size());
  std::iota(named_.begin(), named_.end(), std::uint32_t{0});
  for (const InputFile& file : files) {
    sizes_.push_back(file.size);
    formats_.push_back(file.format);
    path_hashes_.push_back(path_hash(file.path));
  }
  entries_ = std::move(files);
}

InputFiles::InputFiles(std::initializer_list<InputFile> files)
    : InputFiles(std::vector<InputFile>(files)) {}

InputFiles::InputFiles(std::vector<std::uint64_t> sizes, std::vector<InputFormat> formats,
                       std::vector<std::uint64_t> path_hashes)
    : sizes_(std::move(sizes)), formats_(std::move(formats)), path_hashes_(std::move(path_hashes)) {
  if (formats_.size() != sizes_.size() || path_hashes_.size() != sizes_.size()) {
    throw std::logic_error("InputFiles: sizes, formats and path hashes differ in length");
  }
}

std::uint64_t InputFiles::total_bytes() const {
  return std::accumulate(sizes_.begin(), sizes_.end(), std::uint64_t{0});
}

bool InputFiles::is_named(std::size_t f) const {
  return std::binary_search(named_.begin(), named_.end(), f);
}

const InputFile& InputFiles::operator[](std::size_t f) const {
  const auto at = std::lower_bound(named_.begin(), named_.end(), f);
  if (at == named_.end() || *at != f) {
    throw std::logic_error("input file " + std::to_string(f) + " is not named on this process");
  }
  return entries_[static_cast<std::size_t>(at - named_.begin())];
}

void InputFiles::push_back(InputFile file) {
  named_.push_back(static_cast<std::uint32_t>(sizes_.size()));
  sizes_.push_back(file.size);
  formats_.push_back(file.format);
  path_hashes_.push_back(path_hash(file.path));
  entries_.push_back(std::move(file));
}

void InputFiles::name(const std::vector<std::uint32_t>& indices, std::vector<InputFile> files) {
  if (indices.size() != files.size()) throw std::logic_error("InputFiles::name: lengths differ");
  std::vector<std::size_t> order(named_.size() + indices.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto index_at = [&](std::size_t i) {
    return i < named_.size() ? named_[i] : indices[i - named_.size()];
  };
  const auto file_at = [&](std::size_t i) -> InputFile& {
    return i < named_.size() ? entries_[i] : files[i - named_.size()];
  };
  std::sort(order.begin(), order.end(),
            [&](std::size_t x, std::size_t y) { return index_at(x) < index_at(y); });
  // Every check before anything moves, so that a refused call leaves the list as it was.
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::uint32_t f = index_at(order[k]);
    const InputFile& file = file_at(order[k]);
    if (f >= sizes_.size() || (k > 0 && index_at(order[k - 1]) == f)) {
      throw std::logic_error("InputFiles::name: file " + std::to_string(f) +
                             " is past the list or named twice");
    }
    if (file.size != sizes_[f] || !(file.format == formats_[f])) {
      throw std::logic_error("InputFiles::name: file " + std::to_string(f) +
                             " differs from the list");
    }
  }
  std::vector<std::uint32_t> named;
  std::vector<InputFile> entries;
  named.reserve(order.size());
  entries.reserve(order.size());
  for (const std::size_t i : order) {
    named.push_back(index_at(i));
    entries.push_back(std::move(file_at(i)));
  }
  named_ = std::move(named);
  entries_ = std::move(entries);
}

}  // namespace neardup
