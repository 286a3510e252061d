// Records gathered in any order and read back sorted: sorted runs in memory up to a budget,
// past it in a scratch file, merged as they are read. What a stage gathers round by round for
// its documents, read in document order without holding it all.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "io/scratch/scratch_file.hpp"

namespace neardup {

/// Records (trivially copyable T) added in any order and read back in `Less` order. They are
/// held in memory until they reach `memory_bytes`, then sorted and appended to a scratch file
/// (ScratchFile at `path`) as one run; read() merges the runs. Throws IoError naming `path`
/// when the file cannot be made, written or read.
template <class T, class Less>
class SortedRuns {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  class Reader;

  SortedRuns(std::string path, std::uint64_t memory_bytes, Less less = Less())
      : file_(std::move(path)),
        memory_records_(std::max<std::uint64_t>(1, memory_bytes / sizeof(T))),
        less_(less) {}

  /// Adds a record.
  void add(const T& record) {
    held_.push_back(record);
    ++count_;
    if (held_.size() >= memory_records_) spill();
  }

  /// The records added.
  std::uint64_t size() const { return count_; }

  /// The bytes written to the scratch file.
  std::uint64_t spilled_bytes() const { return file_.size(); }

  /// Every record added, in `Less` order (equal ones in no set order), the runs merged as they
  /// are read with about `buffer_bytes` of the file's held at once. Takes the records held in
  /// memory: nothing may be added after.
  Reader read(std::uint64_t buffer_bytes) {
    std::sort(held_.begin(), held_.end(), less_);
    const std::uint64_t per_run = buffer_bytes / sizeof(T) / std::max<std::size_t>(1, runs_.size());
    return Reader(*this, std::max<std::uint64_t>(per_run, kMinBufferRecords));
  }

  /// Reads the records of a SortedRuns in order: next() until it gives nullptr.
  class Reader {
   public:
    Reader(const Reader&) = delete;  // its heap points into it
    Reader& operator=(const Reader&) = delete;

    /// The next record, or nullptr after the last; valid until the next call.
    const T* next() {
      if (heap_.empty()) return nullptr;
      std::pop_heap(heap_.begin(), heap_.end(), later_);
      Source& source = sources_[heap_.back()];
      current_ = source.buffer[source.at];
      if (advance(source)) {
        std::push_heap(heap_.begin(), heap_.end(), later_);
      } else {
        heap_.pop_back();
      }
      return &current_;
    }

   private:
    friend class SortedRuns;

    // A run being read: what is left of it in the file, and its records read.
    struct Source {
      std::uint64_t offset = 0;
      std::uint64_t left = 0;
      std::vector<T> buffer;
      std::size_t at = 0;
    };

    // Orders sources by their next records, the smallest last (std::pop_heap's order).
    struct Later {
      const std::vector<Source>* sources;
      Less less;
      bool operator()(std::size_t a, std::size_t b) const {
        return less((*sources)[b].buffer[(*sources)[b].at], (*sources)[a].buffer[(*sources)[a].at]);
      }
    };

    Reader(SortedRuns& runs, std::uint64_t buffer_records)
        : file_(&runs.file_), buffer_records_(buffer_records), later_{&sources_, runs.less_} {
      for (const Run& run : runs.runs_) sources_.push_back({run.offset, run.count, {}, 0});
      sources_.push_back({0, 0, std::move(runs.held_), 0});
      for (std::size_t s = 0; s < sources_.size(); ++s) {
        if (sources_[s].buffer.empty() && !refill(sources_[s])) continue;
        heap_.push_back(s);
      }
      std::make_heap(heap_.begin(), heap_.end(), later_);
    }

    // Moves `source` to its next record; false when it has none.
    bool advance(Source& source) { return ++source.at < source.buffer.size() || refill(source); }

    // Reads the next records of `source` from the file; false when none are left.
    bool refill(Source& source) {
      if (source.left == 0) return false;
      const std::uint64_t count = std::min(source.left, buffer_records_);
      source.buffer.resize(count);
      file_->read(source.offset, reinterpret_cast<char*>(source.buffer.data()), count * sizeof(T));
      source.offset += count * sizeof(T);
      source.left -= count;
      source.at = 0;
      return true;
    }

    const ScratchFile* file_;
    std::uint64_t buffer_records_;
    std::vector<Source> sources_;
    Later later_;
    std::vector<std::size_t> heap_;
    T current_{};
  };

 private:
  // A run in the file: its first byte and its records.
  struct Run {
    std::uint64_t offset = 0;
    std::uint64_t count = 0;
  };

  static constexpr std::uint64_t kMinBufferRecords = 4096 / sizeof(T) + 1;

  // Sorts the records held and appends them to the file as a run.
  void spill() {
    std::sort(held_.begin(), held_.end(), less_);
    const std::string_view bytes(reinterpret_cast<const char*>(held_.data()),
                                 held_.size() * sizeof(T));
    runs_.push_back({file_.append(bytes), held_.size()});
    held_.clear();
  }

  ScratchFile file_;
  std::uint64_t memory_records_;
  Less less_;
  std::vector<T> held_;
  std::vector<Run> runs_;
  std::uint64_t count_ = 0;
};

}  // namespace neardup
