// What an exchange of byte blocks received: every source rank's block, read in place from the
// one buffer the receive filled.
#pragma once

#include <cstddef>
#include <iterator>
#include <string_view>
#include <utility>
#include <vector>

#include "jobs/mpi/byte_buffer.hpp"

namespace neardup {

/// The blocks one rank received, by source rank, as views of the receive buffer it owns: no
/// block is copied out (Exchanger::exchange_blocks returns one).
class ReceivedBlocks {
 public:
  ReceivedBlocks() = default;

  /// Takes `bytes`, the blocks one after another, counts[s] bytes of them from source s.
  ReceivedBlocks(ByteBuffer bytes, const std::vector<std::size_t>& counts)
      : bytes_(std::move(bytes)), starts_(counts.size() + 1, 0) {
    for (std::size_t s = 0; s < counts.size(); ++s) starts_[s + 1] = starts_[s] + counts[s];
  }

  /// The number of source ranks.
  std::size_t size() const { return starts_.empty() ? 0 : starts_.size() - 1; }

  /// The block source rank `s` sent, valid while this object lives.
  std::string_view operator[](std::size_t s) const {
    return {bytes_.data() + starts_[s], starts_[s + 1] - starts_[s]};
  }

  /// Iterates the blocks in source order, as string_views.
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = std::string_view;

    Iterator() = default;
    Iterator(const ReceivedBlocks* blocks, std::size_t s) : blocks_(blocks), s_(s) {}
    std::string_view operator*() const { return (*blocks_)[s_]; }
    Iterator& operator++() {
      ++s_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++s_;
      return before;
    }
    bool operator==(const Iterator& other) const { return s_ == other.s_; }

   private:
    const ReceivedBlocks* blocks_ = nullptr;
    std::size_t s_ = 0;
  };

  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, size()}; }

 private:
  ByteBuffer bytes_;
  std::vector<std::size_t> starts_;  // block s is [starts_[s], starts_[s + 1])
};

}  // namespace neardup
