// What a run is and how far it got (the manifest a --resume checks and continues from).
#include "jobs/checkpoint/run_manifest.hpp"

#include <algorithm>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>
#include <filesystem>
#include <sstream>

#include "core/sketch/sketch_format.hpp"
#include "io/io_error.hpp"
#include "io/write/checked_file.hpp"
#include "io/write/text_archive.hpp"

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, neardup::FinishedStage& f, unsigned) {
  ar& f.stage& f.parts;
}

template <class Archive>
void serialize(Archive& ar, neardup::VerifiedPair& p, unsigned) {
  ar& p.a& p.b& p.similarity;
}

template <class Archive>
void serialize(Archive& ar, neardup::RunManifest& m, unsigned) {
  ar& m.run_id& m.job& m.parameters& m.splits& m.finished& m.candidate_pairs;
  ar& m.method_counts& m.component_rounds& m.keep_moved& m.keep_without_value& m.near_misses;
}

}  // namespace boost::serialization

namespace neardup {
namespace {
namespace fs = std::filesystem;

constexpr const char* kManifestMagic = "neardup-manifest";
// 2: the run id (stage parts carry it); each finished stage with its part count.
// 3: stage parts built from split sketches of format 6 (shingle hashes from token hashes), so a
//    checkpoint of an earlier binary is not resumed over sketches made again.
// 4: stage parts built from split sketches of format 7 (short tokens hashed zero-padded to 16
//    bytes), for the same reason.
// 5: greedy clusters ("clusters" stage parts, cluster members with their similarity), the
//    clusters stage's counts and near misses.
// 6: a compressed JSON Lines file of several zstd frames or BGZF members is cut into splits at
//    frame starts (io/read/compressed_frames), so its documents' ids (split, line) differ from
//    those in the stage parts of a run that read it as one split.
// 7: the sketch format recorded beside the layout (core/sketch/sketch_format.hpp): stage parts are
//    made from sketches, so a run of another sketch format is not resumed over them.
// 8: the inputs' stamps apart, in DIR/inputs (input_stamps.hpp), written once, not with every
//    stage: a corpus of millions of files no longer rewrites all their paths after each stage.
const std::uint32_t kManifestVersion = stored_format_version(8);

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t first = line.find_first_not_of(' ');
    line = first == std::string::npos ? "" : line.substr(first);
    if (!line.empty() && line.back() == ',') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

bool RunManifest::has_finished(const std::string& stage) const { return parts_of(stage) > 0; }

std::int32_t RunManifest::parts_of(const std::string& stage) const {
  for (const FinishedStage& f : finished) {
    if (f.stage == stage) return f.parts;
  }
  return 0;
}

void RunManifest::redo_from(const std::string& stage) {
  const auto at = std::find_if(finished.begin(), finished.end(),
                               [&](const FinishedStage& f) { return f.stage == stage; });
  finished.erase(at, finished.end());
}

std::string manifest_to_text(const RunManifest& manifest) { return to_text_archive(manifest); }

RunManifest manifest_from_text(const std::string& text) {
  return from_text_archive<RunManifest>(text, "checkpoint manifest");
}

void save_manifest(const std::string& dir, const RunManifest& manifest) {
  save_checked_file((fs::path(dir) / "manifest").string(), kManifestMagic, kManifestVersion,
                    manifest_to_text(manifest));
}

RunManifest load_manifest(const std::string& dir) {
  const std::string path = (fs::path(dir) / "manifest").string();
  const std::string text =
      load_checked_file(path, kManifestMagic, kManifestVersion, "checkpoint manifest");
  try {
    return manifest_from_text(text);
  } catch (const IoError& e) {
    throw IoError(path + ": " + e.what());
  }
}

std::string resume_mismatch(const RunManifest& saved, const RunManifest& now) {
  if (saved.job != now.job) {
    return "the checkpoint is of a neardup " + saved.job + " run, not " + now.job;
  }
  const std::vector<std::string> was = lines_of(saved.parameters);
  const std::vector<std::string> is = lines_of(now.parameters);
  for (std::size_t i = 0; i < std::max(was.size(), is.size()); ++i) {
    const std::string a = i < was.size() ? was[i] : "(nothing)";
    const std::string b = i < is.size() ? is[i] : "(nothing)";
    if (a != b) {
      return "parameters differ from the run being resumed: it had " + a + ", this run has " + b;
    }
  }
  const std::string inputs = input_stamps_mismatch(saved.inputs, now.inputs);
  if (!inputs.empty()) return inputs;
  if (saved.splits != now.splits) return "the plan has another number of splits";
  return "";
}

}  // namespace neardup
