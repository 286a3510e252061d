// Which names a directory walk passes over by name alone: hidden names and neardup's own outputs.
#pragma once

#include <string_view>

namespace neardup {

/// What a name says about a walked file or folder.
enum class NameKind {
  kOrdinary,   // read (files) or entered (folders): "a.txt", "__init__.py", "_private"
  kHidden,     // starts with '.': ".git", ".env" (and the empty name)
  kOwnOutput,  // what neardup writes into an output or index directory: _SUCCESS, _LOCK and
               // its companions (_LOCK.break, _LOCK.ID.tmp), _checkpoint, _tmp,
               // _reference_index, each also with a ".SUFFIX" (_SUCCESS.tmp); and Hadoop's
               // _temporary (a writer's scratch, beside the _SUCCESS it shares with neardup)
};

/// The kind of the file or folder name `name` (its last path component).
NameKind name_kind(std::string_view name);

/// True when the --include pattern `pattern` names a file of kind `kind` outright: its last
/// component starts with the name's first character ('.' or '_'), as "*.env" does not and
/// ".env", ".*" and "conf/_SUCCESS" do. A pattern like "*" or "*.py" thus never brings back a
/// hidden file or an output of neardup's.
bool pattern_names_kind(std::string_view pattern, NameKind kind);

/// True when the --include pattern `pattern` spells out the folder at `relative` (its path
/// below the walked directory) as the start of a path: "RELATIVE/..." ("conf/.github/*" for
/// "conf/.github"). A folder passed over by its name is entered only for such a pattern.
bool pattern_enters(std::string_view pattern, std::string_view relative);

}  // namespace neardup
