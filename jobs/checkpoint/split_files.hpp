// Every split's sketch kept (--resume and --cache), a unit of splits to a file named by what
// determines its sketches, so a resume with another rank count and a cache across runs find it.
#pragma once

#include <xxhash.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/sketch/sketch_format.hpp"
#include "jobs/checkpoint/input_stamps.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// How a stored split sketch is laid out; recorded with the sketch format
/// (core/sketch/sketch_format.hpp) in every split file's header and in its key (sketch_parameters),
/// so files of another layout or sketch format are neither read nor found. 2: features count
/// shingle positions; documents stored as raw arrays after a Boost archive
///    of the tally.
/// 3: sketches of the tokens of --tokenizer (Unicode by default); the tally counts invalid
///    UTF-8 bytes.
/// 4: the tally holds the content hash of the split's records, checked against the input
///    before the sketch is reused.
/// 5: the tally counts binary_file skips (a text file with a NUL byte in its first 8 KiB), and
///    .gz and .zst text files are read decompressed.
/// 6: word shingle hashes combine per-token XXH3 hashes by a polynomial (core/sketch/shingles.hpp)
///    instead of hashing each shingle's text.
/// 7: a token of up to 16 bytes is hashed zero-padded to 16 bytes (core/sketch/shingles.hpp).
/// 8: each document's host id (--host-field) and the names of the split's hosts.
/// 9: hosts in their canonical IDNA form (core/hosts/host_name.hpp); a document whose host is
///    invalid has the problem's id (core/hosts/url_host.hpp, host_problem_id).
/// 10: the sketch format recorded beside the layout (stored_format_version): a tokenizer,
///    shingle hash or sketch change is a bump of kSketchFormat, no longer of this number.
/// (Compressed files cut into splits at frame starts needed no new version: a split file's key
/// holds its byte range, and a compressed file's only range before, [0, size), still means the
/// whole file, read the same way.)
/// 11: one file per unit of splits (io/input/split_units.hpp), "unit-HASH.sketch": the number
///    of its splits, each split's entry length, then the entries (each laid out as a split file
///    of layout 10 was).
inline constexpr std::uint32_t kSplitLayoutVersion = 11;

/// The version split files record: kSplitLayoutVersion with this neardup's sketch format.
inline const std::uint32_t kSplitFileVersion = stored_format_version(kSplitLayoutVersion);

class SplitEntry;  // a split's stored entry (split_files.cpp)

/// A SplitStore of files in `dir`, one per unit of splits (JobPlan::units), named by a hash of
/// everything that determines its splits' sketches (`sketch_parameters`, the inputs' stamps,
/// the byte ranges), so the same directory serves a resume with another rank count and a cache
/// across runs whose inputs changed elsewhere. Splits must be loaded (and, when not found,
/// saved) in order, a unit at a time; a unit's file is written when its last split is done, one
/// of them was sketched anew and none was stopped (--strict), so a job stopped within a unit
/// sketches that unit's splits again. A unit file that cannot be written throws IoError. A damaged
/// file is logged, counted and its splits sketched again. Before a sketch is reused, the split is
/// read again and its content hash compared with the one stored (size and mtime can be kept by an
/// in-place edit: cp -p, rsync -t); a split whose content changed is logged, counted and sketched
/// again, and its unit's file rewritten.
class SplitFiles : public SplitStore {
 public:
  /// `max_record_bytes` is the sketch's record limit (the content hash of a text file
  /// depends on it).
  /// `stamps` (which must outlive this) are those of the files this rank reads: only the
  /// splits it owns are loaded and saved.
  SplitFiles(std::string dir, const JobPlan& plan, const ReadStamps& stamps,
             std::string sketch_parameters, std::uint64_t max_record_bytes);
  std::optional<SplitTally> load(std::uint32_t s, SketchResult& into) override;
  void save(std::uint32_t s, const SplitTally& tally, const SplitDocsView& docs) override;
  /// Unit files and split entries found damaged (and redone) so far.
  std::uint64_t damaged() const { return damaged_; }
  /// Splits whose input changed since their sketch was stored (and redone) so far.
  std::uint64_t changed() const { return changed_; }

 private:
  // The unit being read and written: its file, its splits' stored entries (empty when none),
  // and whether one of them was sketched anew since it was read.
  struct OpenUnit {
    std::size_t unit = static_cast<std::size_t>(-1);
    std::string path;
    std::string text;                       // the file as read
    std::vector<std::string_view> entries;  // by split of the unit, into text or made
    std::vector<std::string> made;          // entries sketched anew, but the last
    bool changed = false;
  };

  // What names split s's sketch: the parameters, its file's stamp and its byte range.
  XXH128_hash_t key_of(std::uint32_t s) const;
  // Unit u's file, named by its splits' keys.
  std::string path_of_unit(std::size_t u) const;
  // Makes unit u the open one, reading its file when there is one (a damaged file is logged,
  // counted and its splits sketched again).
  void open_unit(std::size_t u);
  // After split s is loaded, or sketched anew as `entry`: at the unit's last split, writes the
  // unit's file when a split was sketched anew (write_unit) and closes the unit.
  void finish_split(std::uint32_t s, const SplitEntry* entry);
  // Writes the open unit's file, its split `last` being `entry` when set, unless one of its
  // splits has no entry (one stopped by --strict is not stored).
  void write_unit(std::size_t last, const SplitEntry* entry) const;

  std::string dir_;
  const JobPlan& plan_;
  const ReadStamps& stamps_;
  std::string sketch_parameters_;
  std::uint64_t max_record_bytes_;
  OpenUnit unit_;
  std::uint64_t damaged_ = 0;
  std::uint64_t changed_ = 0;
};

}  // namespace neardup
