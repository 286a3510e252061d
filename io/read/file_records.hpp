// Fixed-size records read in order from a stretch of a file, a bounded buffer at a time: what
// a stage wrote as a stream, read back without holding it.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace neardup {

/// Where records lie in a file: the path, the first record's byte and how many there are.
struct RecordsInFile {
  std::string path;
  std::uint64_t offset = 0;
  std::uint64_t count = 0;
};

/// Reads bytes [offset, offset + size) of a file in order, as many at a time as the caller asks.
/// Throws IoError naming the path when it cannot be opened or ends before them.
class FileStretchReader {
 public:
  FileStretchReader(std::string path, std::uint64_t offset, std::uint64_t size);
  ~FileStretchReader();
  FileStretchReader(const FileStretchReader&) = delete;
  FileStretchReader& operator=(const FileStretchReader&) = delete;

  /// Reads the next min(`size`, bytes left) bytes into `to`; returns how many (0 at the end).
  std::uint64_t read(char* to, std::uint64_t size);

 private:
  std::string path_;
  int descriptor_ = -1;
  std::uint64_t at_ = 0;
  std::uint64_t end_ = 0;
};

/// The records (trivially copyable T) of a RecordsInFile, one at a time, `buffer_records` of
/// them held at once.
template <class T>
class FileRecords {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  explicit FileRecords(const RecordsInFile& where, std::size_t buffer_records = kBufferRecords)
      : stretch_(where.path, where.offset, where.count * sizeof(T)),
        buffer_(buffer_records == 0 ? 1 : buffer_records),
        left_(where.count) {}

  /// The next record, or nullptr after the last; valid until the next call.
  const T* next() {
    if (next_ == held_) {
      const std::uint64_t bytes =
          stretch_.read(reinterpret_cast<char*>(buffer_.data()), buffer_.size() * sizeof(T));
      held_ = static_cast<std::size_t>(bytes / sizeof(T));
      next_ = 0;
      if (held_ == 0) return nullptr;
    }
    --left_;
    return &buffer_[next_++];
  }

  /// Appends the next `count` records (fewer when fewer are left) to `out`.
  void take(std::uint64_t count, std::vector<T>& out) {
    for (; count > 0; --count) {
      const T* record = next();
      if (record == nullptr) return;
      out.push_back(*record);
    }
  }

  /// The records not read yet.
  std::uint64_t left() const { return left_; }

 private:
  static constexpr std::size_t kBufferRecords = (1 << 20) / sizeof(T) + 1;

  FileStretchReader stretch_;
  std::vector<T> buffer_;
  std::size_t held_ = 0;
  std::size_t next_ = 0;
  std::uint64_t left_;
};

}  // namespace neardup
