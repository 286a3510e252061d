// Records gathered in any order and read back sorted: sorted runs in memory up to a budget,
// past it in a scratch file, merged as they are read. What a stage gathers round by round for
// its documents, read in document order without holding it all.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "io/scratch/scratch_file.hpp"

namespace neardup {

/// Records (trivially copyable T) added in any order and read back in `Less` order. They are
/// held in memory until they reach `memory_bytes`, then sorted and appended to a scratch file
/// (ScratchFile at `path`) as one run; read() merges the runs. So that a merge never reads from
/// more than a few hundred runs at once, kFanIn runs of one generation are merged into one run
/// of the next as soon as they exist (each record is then written about once per generation:
/// log base kFanIn of the runs). Throws IoError naming `path` when the file cannot be made,
/// written or read.
template <class T, class Less>
class SortedRuns {
  static_assert(std::is_trivially_copyable_v<T>);

  // A run in the file: its first byte, its records, and its generation (0: spilled from
  // memory; g + 1: merged from kFanIn runs of generation g).
  struct Run {
    std::uint64_t offset = 0;
    std::uint64_t count = 0;
    std::uint32_t generation = 0;
  };

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

  /// Adds every record of `records`.
  void add(std::span<const T> records) {
    for (const T& record : records) add(record);
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
    return Reader(&file_, runs_, std::move(held_), buffer_records(buffer_bytes, runs_.size()),
                  less_);
  }

  /// How many runs of one generation are merged into one of the next.
  static constexpr std::size_t kFanIn = 64;

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

    Reader(const ScratchFile* file, const std::vector<Run>& runs, std::vector<T> held,
           std::uint64_t buffer_records, Less less)
        : file_(file), buffer_records_(buffer_records), later_{&sources_, less} {
      for (const Run& run : runs) sources_.push_back({run.offset, run.count, {}, 0});
      sources_.push_back({0, 0, std::move(held), 0});
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
  static constexpr std::uint64_t kMinBufferRecords = 4096 / sizeof(T) + 1;

  // The records of each run's buffer when `runs` runs share `buffer_bytes` (at least 4 KiB).
  static std::uint64_t buffer_records(std::uint64_t buffer_bytes, std::size_t runs) {
    const std::uint64_t share = buffer_bytes / sizeof(T) / std::max<std::size_t>(1, runs);
    return std::max(share, kMinBufferRecords);
  }

  // Sorts the records held and appends them to the file as a run, then merges full generations.
  void spill() {
    std::sort(held_.begin(), held_.end(), less_);
    runs_.push_back({append(held_), held_.size(), 0});
    held_.clear();
    for (std::uint32_t generation = 0; merge_generation(generation); ++generation) {
    }
  }

  // Appends `records` to the file; returns the first one's offset.
  std::uint64_t append(const std::vector<T>& records) {
    return file_.append(std::string_view(reinterpret_cast<const char*>(records.data()),
                                         records.size() * sizeof(T)));
  }

  // When kFanIn runs of `generation` exist, merges them into one run of the next (appended to
  // the file a memory budget at a time, so contiguous); says whether it did.
  bool merge_generation(std::uint32_t generation) {
    std::vector<Run> merged;
    for (const Run& run : runs_) {
      if (run.generation == generation) merged.push_back(run);
    }
    if (merged.size() < kFanIn) return false;
    std::erase_if(runs_, [&](const Run& run) { return run.generation == generation; });
    Reader reader(&file_, merged, {}, buffer_records(memory_records_ * sizeof(T), kFanIn), less_);
    Run out{file_.size(), 0, generation + 1};
    std::vector<T>& chunk = held_;  // empty, its memory the budget's
    for (const T* r = reader.next(); r != nullptr; r = reader.next()) {
      chunk.push_back(*r);
      if (chunk.size() == memory_records_) {
        append(chunk);
        out.count += chunk.size();
        chunk.clear();
      }
    }
    append(chunk);
    out.count += chunk.size();
    chunk.clear();
    runs_.push_back(out);
    return true;
  }

  ScratchFile file_;
  std::uint64_t memory_records_;
  Less less_;
  std::vector<T> held_;
  std::vector<Run> runs_;
  std::uint64_t count_ = 0;
};

}  // namespace neardup
