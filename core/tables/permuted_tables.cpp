// Manku, Jain and Das Sarma's permuted tables: fingerprints within k bits share a table key.
#include "core/tables/permuted_tables.hpp"

#include <stdexcept>

namespace neardup {
namespace {

double combinations(unsigned n, unsigned r) {
  double c = 1;
  for (unsigned i = 0; i < r; ++i) c = c * (n - i) / (i + 1);
  return c;
}

}  // namespace

std::string check_design(const TableDesign& d) {
  if (d.blocks < 1 || d.blocks > 64) return "blocks must be in [1, 64]";
  if (d.max_distance >= d.blocks) return "the distance must be smaller than the blocks";
  if (combinations(d.blocks, d.max_distance) > 4096) return "more than 4096 tables";
  return "";
}

PermutedTables::PermutedTables(const TableDesign& design) : design_(design) {
  if (const std::string problem = check_design(design); !problem.empty()) {
    throw std::invalid_argument("permuted tables: " + problem);
  }
  const unsigned m = design.blocks;
  unsigned top = 64;
  for (unsigned i = 0; i < m; ++i) {
    const unsigned width = 64 / m + (i < 64 % m ? 1 : 0);
    top -= width;
    blocks_.push_back({top, width, width == 64 ? ~0ull : (1ull << width) - 1});
  }
  const unsigned r = m - design.max_distance;
  std::vector<unsigned> chosen(r);
  for (unsigned i = 0; i < r; ++i) chosen[i] = i;
  while (true) {
    Table table;
    table.blocks = chosen;
    std::uint64_t bitmask = 0;
    for (const unsigned b : chosen) {
      table.key_bits += blocks_[b].width;
      bitmask |= 1ull << b;
    }
    table.order = chosen;
    for (unsigned b = 0; b < m; ++b) {
      if (!(bitmask >> b & 1)) table.order.push_back(b);
    }
    table_of_blocks_[bitmask] = static_cast<unsigned>(tables_.size());
    tables_.push_back(std::move(table));
    int i = static_cast<int>(r) - 1;  // next combination in lexicographic order
    while (i >= 0 && chosen[static_cast<unsigned>(i)] == m - r + static_cast<unsigned>(i)) --i;
    if (i < 0) break;
    ++chosen[static_cast<unsigned>(i)];
    for (unsigned j = static_cast<unsigned>(i) + 1; j < r; ++j) chosen[j] = chosen[j - 1] + 1;
  }
}

std::uint64_t PermutedTables::key(unsigned t, std::uint64_t fingerprint) const {
  const Table& table = tables_[t];
  std::uint64_t key = 0;
  for (const unsigned b : table.blocks) {
    const Block& block = blocks_[b];
    key =
        (block.width == 64 ? 0 : key << block.width) | ((fingerprint >> block.shift) & block.mask);
  }
  return table.key_bits == 64 ? key : key << (64 - table.key_bits);
}

std::uint64_t PermutedTables::permute(unsigned t, std::uint64_t fingerprint) const {
  std::uint64_t out = 0;
  for (const unsigned b : tables_[t].order) {
    const Block& block = blocks_[b];
    out =
        (block.width == 64 ? 0 : out << block.width) | ((fingerprint >> block.shift) & block.mask);
  }
  return out;
}

std::uint64_t PermutedTables::unpermute(unsigned t, std::uint64_t permuted) const {
  std::uint64_t out = 0;
  unsigned top = 64;
  for (const unsigned b : tables_[t].order) {
    const Block& block = blocks_[b];
    top -= block.width;
    out |= ((permuted >> top) & block.mask) << block.shift;
  }
  return out;
}

unsigned PermutedTables::first_shared_table(std::uint64_t a, std::uint64_t b) const {
  const std::uint64_t differ = a ^ b;
  const unsigned needed = design_.blocks - design_.max_distance;
  std::uint64_t bitmask = 0;
  unsigned equal = 0;
  for (unsigned i = 0; i < blocks_.size() && equal < needed; ++i) {
    if (((differ >> blocks_[i].shift) & blocks_[i].mask) == 0) {
      bitmask |= 1ull << i;
      ++equal;
    }
  }
  return equal == needed ? table_of_blocks_.at(bitmask) : kNoTable;
}

}  // namespace neardup
