// Every name neardup writes into an output directory, said once: the writers, the output
// directory's check and --overwrite, directory walks and the docs' test all read this table.
#pragma once

#include <span>
#include <string_view>

namespace neardup {

/// What a job writes into its output directory (the run lock also into an index's).
enum class Output {
  kClusters,
  kPairs,
  kDeduped,
  kRemoved,
  kHosts,
  kReference,
  kSpans,
  kStats,
  kReport,
  kSuccess,
  kCheckpoint,
  kTmp,
  kReferenceIndex,
  kLock,
};

/// One output: its name, whether it is a folder, and what it holds. A name starting with '_'
/// is a marker or scratch of the run, never input: directory walks pass over it (name_kind).
struct OutputEntry {
  Output output;
  std::string_view name;
  bool folder;
  std::string_view holds;
};

/// Every output, in the order docs/outputs.md describes them.
std::span<const OutputEntry> output_entries();

/// The name of `output` in the output directory: "clusters", "stats.json", "_SUCCESS".
std::string_view output_name(Output output);

}  // namespace neardup
