// What turns text into sketches, as one versioned value that every stored artefact made of
// sketches records and checks, so a change to the tokens or the hashes is one edit.
#pragma once

#include <cstdint>
#include <string>

namespace neardup {

/// The versions of the three steps from text to sketch. Bump the one a change touches: split
/// sketch files (so --cache and --resume), checkpoint manifests and indexes record the format
/// they were made with (stored_format_version) and a neardup of another format refuses them.
struct SketchFormat {
  /// core/text: normalisation, token boundaries and case folding, of every --tokenizer.
  std::uint8_t tokenizer = 0;
  /// core/sketch/shingles.cpp: token hashes and how they combine into shingle hashes.
  std::uint8_t shingle_hash = 0;
  /// Signatures, fingerprints and keys from the shingle hashes: core/sketch/minhash*.cpp,
  /// core/sketch/one_permutation.cpp, core/sketch/simhash.cpp, core/lsh/band_keys.cpp.
  std::uint8_t sketch = 0;

  friend bool operator==(const SketchFormat&, const SketchFormat&) = default;
};

/// This neardup's sketch format.
inline constexpr SketchFormat kSketchFormat{1, 1, 1};

/// The version a stored artefact records: its own layout version (how its bytes are laid out,
/// 1-255) in the top byte and `format` in the three below, so that a change to either makes
/// every file written before it refused. Throws std::invalid_argument for a layout outside
/// 1-255.
std::uint32_t stored_format_version(std::uint32_t layout, SketchFormat format = kSketchFormat);

/// A stored version in words: "layout 10, sketch format 1.1.1 (tokenizer 1, shingle hash 1,
/// sketch 1)" for one made by stored_format_version, else the number (the versions written
/// before the sketch format was recorded were small numbers).
std::string describe_stored_version(std::uint32_t version);

}  // namespace neardup
