// What tells one dedup job from another: its sketch, its pair search and what it reports.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "io/json/json_writer.hpp"
#include "io/report/html_report.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/documents/verified_pair.hpp"
#include "jobs/index/index_sketch.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/mpi/stage_stats.hpp"
#include "jobs/options/option_list.hpp"
#include "jobs/pipeline/job_summary.hpp"
#include "jobs/stages/candidate_graph.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// What the pipeline hands a method's candidate search (all of it valid during the call). The
/// documents' records are not readable yet: a search reads sketches only.
struct PairSearch {
  Exchanger& exchanger;
  const LocalDocs& docs;
  const OwnerFn& owner;
  StageClock& clock;
  bool groups = false;  // whether the clustering reads CandidateGraph::groups
};

/// How a method's pair similarities read on report.html's axis.
struct SimilarityAxis {
  std::string name;                      // what the similarity is
  double threshold = 0;                  // the pass mark on that axis
  std::optional<ReportBanding> banding;  // the LSH banding, for a method that bands
  std::string verification;              // how pairs are checked and what that costs
};

/// One detector (minhash, simhash, exact): sketches documents, then finds the candidate pairs
/// and groups and says how they are checked. The pipeline does everything else (plan,
/// verification, clustering, outputs, stats).
class DedupMethod : public Sketcher {
 public:
  /// The job's name: "minhash", "simhash" or "exact".
  virtual const char* name() const = 0;
  /// One line for the log describing the method's parameters.
  virtual std::string describe() const = 0;
  /// Collective: the candidates (CandidateGraph: pairs on rank owner(a), sorted, distinct, and
  /// groups). Starts its own stages on search.clock and sets summary.candidate_pairs (global).
  virtual CandidateGraph find_candidates(PairSearch& search, JobSummary& summary) = 0;
  /// How candidates are checked: which are duplicates.
  virtual CandidateRule candidate_rule() const = 0;
  /// Writes the method's options within `scope` (option_list.hpp) as members of the JSON
  /// object being written: the sketch's (which key the split sketches --cache reuses), the
  /// results' (which a --resume must match) or the run's (stats.json "parameters").
  virtual void write_parameters(JsonWriter& json, ParameterScope scope) const = 0;
  /// The method's global counts, named as in stats.json (kept across a resume).
  virtual std::vector<std::pair<std::string, std::uint64_t>> counts() const = 0;
  /// The implementation that computes the sketches on this CPU (stats.json "kernel"; not a
  /// parameter: every kernel gives the same sketches).
  virtual std::string kernel() const = 0;
  /// The ASCII tokenizer kernel the method's sketches use, for the stages that tokenize the
  /// documents again (the same tokens on every kernel).
  virtual AsciiTokenizerFn ascii_tokenizer() const = 0;
  /// The sketch of an index that sketches documents as this run does and, when this run
  /// verifies exactly, stores the shingle sets to decide matches the same way; nothing when
  /// the method has no index.
  virtual std::optional<IndexSketch> index_sketch() const = 0;
  /// How this method's pair similarities read on report.html.
  virtual SimilarityAxis similarity_axis() const = 0;
};

}  // namespace neardup
