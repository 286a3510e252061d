// Input planning: expand files, directories, globs and @LIST files into a sorted file list
// (filtered, with what walks ignored counted), cut it into splits and assign the splits to ranks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/input/ignored_files.hpp"
#include "io/input/input_files.hpp"
#include "io/input/input_filter.hpp"
#include "io/input/input_format.hpp"

namespace neardup {

/// Which files the inputs yield: the format choice (--format; nullopt: auto, by extension)
/// and the --include / --exclude patterns.
struct InputSelection {
  std::optional<InputFormat> format;
  InputFilter filter;
};

/// A byte range [begin, end) of one input file. Of a plain JSON Lines file, the split owns
/// every line that starts inside it (a line starting at `begin` belongs to it only if
/// begin == 0 or byte begin-1 is '\n'). Of a compressed JSON Lines file, begin and end are
/// starts of zstd frames or BGZF members (or the file's size), and the split owns every line
/// whose preceding '\n' its frames (those starting in [begin, end)) decompress to, and the
/// file's first line when begin == 0: frames need not end at line ends, so a split's reader
/// skips through the first '\n' its frames produce and reads its last line on into later
/// frames. Either way lines are never cut and every line belongs to exactly one split.
struct Split {
  std::uint32_t file = 0;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

/// Expands command-line inputs into a list of files sorted by path, each file listed once:
/// when one path is reached several ways, the entry with the shortest `relative` is kept (the
/// lexicographically smaller on a tie); when several paths name one file (symbolic or hard
/// links: one device and inode), the one that is not a symbolic link is kept (else the first
/// by path) and the others are counted as aliases.
/// Each argument may be:
///  - a file, taken as is whatever its name and whatever the patterns say;
///  - a directory, walked recursively (following symbolic links, skipping links back to an
///    ancestor), passing over hidden names and neardup's own outputs (name_kind), files and
///    folders alike, and broken symbolic links; --include brings back a file such a name
///    would pass over when a pattern matches it and names its kind (pattern_names_kind), and
///    a folder when a pattern spells out its path (pattern_enters);
///  - a glob(3) pattern: each matching file is taken, each matching directory is walked,
///    but for matches named like neardup's outputs (name_kind) that the pattern's last part does
///    not name (pattern_names_kind: "out/*" passes over out/_SUCCESS; glob(3) itself passes over
///    hidden names unless the pattern names them);
///  - "@LIST": a file naming one input per line; lines are trimmed of surrounding spaces,
///    tabs and '\r', blank lines and lines starting with '#' are ignored, and each remaining
///    line is expanded like an argument (another @LIST included) with relative paths resolved
///    against the list file's directory (joined and lexically normalised: "LISTDIR/../a").
/// A walk takes the regular files whose names walk_takes(name, selection.format) accepts, and
/// each file is read in file_format(path, selection.format). Of the files a walk takes and
/// the files a glob matches, only those selection.filter takes (filter_verdict on `relative`)
/// are listed. When `ignored` is given, what walks and globs passed over is added to it.
/// Files that cannot be read are still listed (reading them fails later, per file).
/// Throws IoError naming the argument when it yields no file (saying what its walk ignored;
/// for an @LIST entry, prefixed with "LIST:LINE: "), naming a directory that cannot be
/// listed, naming an @LIST file that cannot be opened or includes itself, and when the whole
/// set is empty.
std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments,
                                     const InputSelection& selection = {},
                                     IgnoredFiles* ignored = nullptr);

/// The first input argument that is neither an existing path nor a valid glob (pattern_problem:
/// "data/[ab.jsonl" would match nothing) as a usage message naming it ("-i 'data/[ab.jsonl': [
/// opens a set that no ] closes"), or "". @LIST arguments are not looked into.
std::string input_pattern_problem(const std::vector<std::string>& arguments);

/// An input argument (a path, glob or @LIST) as seen from `directory`: a relative one is joined
/// to it ("a.jsonl" -> "DIR/a.jsonl", "@list" -> "@DIR/list"), an absolute one is unchanged.
std::string input_argument_under(const std::string& argument, const std::string& directory);

/// The paths `arguments` name as expand_inputs reads them (through @LIST files, relative
/// entries resolved the same way), without walking directories: each file named or matched,
/// and each directory named or matched (whose files expand_inputs takes). An argument that
/// names nothing, or an @LIST that cannot be read, adds nothing (expand_inputs reports it).
std::vector<std::string> input_roots(const std::vector<std::string>& arguments);

/// Cuts every file into splits, in input order (by file, then offset). A plain JSON Lines
/// file gives splits of about `split_bytes` (the last one may be shorter). A compressed JSON
/// Lines file larger than `split_bytes` whose frame headers walk (compressed_frames.hpp: zstd
/// frames, BGZF members) gives splits of about `split_bytes` compressed bytes cut at frame
/// starts (frame_split_begins); any other compressed file (one frame, plain gzip, headers that
/// do not walk) and a text file (is_text) are one split [0, size). Every file has at least one
/// split, so an empty (or non-regular, listed with size 0) file is still read once, and an
/// unreadable one is counted; an empty JSON Lines file has no records, an empty text file is
/// one empty document.
std::vector<Split> cut_splits(const InputFiles& files, std::uint64_t split_bytes);

/// True when cut_splits walks the frames of file `f` of `files` to cut it: a compressed JSON
/// Lines file larger than `split_bytes` (not 0). Its name is needed by every rank that walks.
bool walks_frames(const InputFiles& files, std::size_t f, std::uint64_t split_bytes);

/// The split begins cut_splits finds for a file it walks: frame_split_begins, with pieces
/// longer than longest_walked_piece(split_bytes) not walked through.
std::vector<std::uint64_t> walk_split_begins(const InputFile& file, std::uint64_t split_bytes);

/// cut_splits with the walks already made (so that they can be shared out among processes):
/// frame_begins[f] holds walk_split_begins of files[f] for every file that walks_frames; files
/// past the end of frame_begins (all of them when it is empty) are walked here.
std::vector<Split> cut_splits(const InputFiles& files, std::uint64_t split_bytes,
                              const std::vector<std::vector<std::uint64_t>>& frame_begins);

/// Assigns splits to `ranks` owners balancing bytes: largest split first onto the currently
/// lightest rank (ties to the lower split index and lower rank), deterministic.
std::vector<int> assign_splits(const std::vector<Split>& splits, int ranks);

}  // namespace neardup
