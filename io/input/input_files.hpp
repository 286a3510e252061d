// The input files as one process holds them: every file's size, format and name hash, and the
// names (path, relative) of only the files it reads, so that a plan of millions of small files
// is not held whole by every rank.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "io/input/input_format.hpp"

namespace neardup {

/// One input file: where it is, its size in bytes, how it is read, and its path relative to
/// the input root (the id of a text document).
struct InputFile {
  std::string path;
  std::uint64_t size = 0;
  InputFormat format = InputFormat::kJsonl;
  /// For a file found by walking a directory: its path below that directory ("sub/a.txt").
  /// For a file named directly: the path as written (in an @LIST file, as written there).
  /// For a file matched by a glob: the match; for a relative pattern in an @LIST file, the
  /// match relative to the list's directory.
  std::string relative{};
};

/// The hash of a file's path that stands for it where its path is not held (unit ends).
std::uint64_t path_hash(const std::string& path);

/// A list of input files, indexed in input order. Every file's size, format and path_hash are
/// held; a file's InputFile (path and relative name) only once named.
class InputFiles {
 public:
  InputFiles() = default;
  /// Every file of `files`, named.
  InputFiles(std::vector<InputFile> files);
  InputFiles(std::initializer_list<InputFile> files);

  /// Files of these sizes, formats and path hashes (one entry each, in input order), none named.
  InputFiles(std::vector<std::uint64_t> sizes, std::vector<InputFormat> formats,
             std::vector<std::uint64_t> path_hashes);

  /// The number of files, named or not.
  std::size_t size() const { return sizes_.size(); }
  bool empty() const { return sizes_.empty(); }

  std::uint64_t size_of(std::size_t f) const { return sizes_[f]; }
  InputFormat format_of(std::size_t f) const { return formats_[f]; }
  std::uint64_t path_hash_of(std::size_t f) const { return path_hashes_[f]; }
  const std::vector<std::uint64_t>& sizes() const { return sizes_; }
  const std::vector<InputFormat>& formats() const { return formats_; }
  const std::vector<std::uint64_t>& path_hashes() const { return path_hashes_; }

  /// Bytes of all files.
  std::uint64_t total_bytes() const;

  /// Whether file `f`'s InputFile is held.
  bool is_named(std::size_t f) const;

  /// The number of files named.
  std::size_t named_count() const { return named_.size(); }

  /// File `f` with its names. Throws std::logic_error naming `f` when it is not named: a
  /// process asked for a file it does not read.
  const InputFile& operator[](std::size_t f) const;

  /// Appends a file, named.
  void push_back(InputFile file);

  /// Names files `indices[i]` as `files[i]` (both the same length; indices below size(), of
  /// files not yet named, any order). Their sizes and formats must be those held.
  void name(const std::vector<std::uint32_t>& indices, std::vector<InputFile> files);

 private:
  std::vector<std::uint64_t> sizes_;
  std::vector<InputFormat> formats_;
  std::vector<std::uint64_t> path_hashes_;
  std::vector<std::uint32_t> named_;  // ascending
  std::vector<InputFile> entries_;    // entries_[i] is file named_[i]
};

}  // namespace neardup
