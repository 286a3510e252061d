// The table of neardup's outputs.
#include "io/write/output_names.hpp"

#include <array>

namespace neardup {
namespace {

constexpr std::array kEntries = {
    OutputEntry{Output::kClusters, "clusters", true,
                "every document of a cluster, kept or removed"},
    OutputEntry{Output::kPairs, "pairs", true, "verified pairs (--write-pairs)"},
    OutputEntry{Output::kDeduped, "deduped", true,
                "the kept documents' lines (--write-deduped; spans: always, cut)"},
    OutputEntry{Output::kRemoved, "removed", true,
                "each removed document with its kept one (--write-removed)"},
    OutputEntry{Output::kHosts, "hosts", true, "near-duplicate host pairs (--host-field)"},
    OutputEntry{Output::kReference, "reference", true,
                "documents removed for an earlier corpus (--reference)"},
    OutputEntry{Output::kSpans, "spans", true,
                "each run of text cut from a document, with the copy kept (neardup spans)"},
    OutputEntry{Output::kStats, "stats.json", false, "every count, parameter and stage"},
    OutputEntry{Output::kReport, "report.html", false, "the page to read before deleting"},
    OutputEntry{Output::kSuccess, "_SUCCESS", false, "written last: the outputs are complete"},
    OutputEntry{Output::kCheckpoint, "_checkpoint", true,
                "what --resume continues from (removed on success)"},
    OutputEntry{Output::kTmp, "_tmp", true,
                "scratch: re-read records of compressed inputs, spans's spilled search "
                "(--tmp-dir)"},
    OutputEntry{Output::kReferenceIndex, "_reference_index", true,
                "the index built from a --reference output"},
    OutputEntry{Output::kLock, "_LOCK", false, "the run lock: one run writes here at a time"},
};

}  // namespace

std::span<const OutputEntry> output_entries() { return kEntries; }

std::string_view output_name(Output output) {
  for (const OutputEntry& entry : kEntries) {
    if (entry.output == output) return entry.name;
  }
  return {};
}

}  // namespace neardup
