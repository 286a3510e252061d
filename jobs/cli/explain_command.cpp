// `neardup explain`: why two documents are, or are not, near-duplicates under a minhash run's
// flags: their shingles, exact and estimated Jaccard, colliding bands, SimHash distance; and
// what a run decided for one document, and why.
#include "jobs/cli/explain_command.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <span>

#include "core/lsh/band_keys.hpp"
#include "core/sketch/jaccard.hpp"
#include "core/sketch/minhash.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "io/write/output_names.hpp"
#include "io/write/tsv.hpp"
#include "jobs/cli/tsv_parts.hpp"
#include "jobs/documents/document_finder.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/options/option_json.hpp"
#include "jobs/stages/sketchers.hpp"

namespace neardup {
namespace {

ExplainedDoc describe(const std::string& id, const FoundDoc& doc, const DocumentSpec& spec,
                      std::vector<std::uint64_t>& set) {
  TokenStream tokens;
  Tokenizer(spec.tokenizer).tokenize(doc.text, tokens);
  shingle_set_of(tokens, spec.shingle, set);
  ExplainedDoc explained{id, doc.location, tokens.size(), set.size(), {}};
  for (std::size_t i = 0; i < std::min(tokens.size(), kExplainedTokens); ++i) {
    explained.first_tokens.push_back(
        tokens.text.substr(tokens.starts[i], tokens.ends[i] - tokens.starts[i]));
  }
  return explained;
}

// What the run's clusters/ says of the document the outputs name `name`: its first row (rows
// id, cluster, keep, similarity) and the rows naming it as their kept document.
RunDecision clusters_decision(const std::filesystem::path& output_dir, const std::string& name) {
  const std::filesystem::path clusters = output_dir / output_name(Output::kClusters);
  if (!std::filesystem::is_directory(clusters)) {
    throw JobError(clusters.string() + ": not found (is " + output_dir.string() +
                   " a finished neardup run?)");
  }
  RunDecision d;
  d.id = name;
  read_tsv_parts(clusters, [&](std::span<const std::string> f) {
    if (f.size() < 3) return;
    if (f[1] == name && f[2] == "0") ++d.removed;
    if (f[0] != name || ++d.rows > 1) return;  // a repeated id: its first row is taken
    if (f[2] == "1") {
      d.outcome = RunDecision::Outcome::kKeptRemovingOthers;
    } else {
      d.outcome = RunDecision::Outcome::kRemoved;
      d.kept = f[1];
      d.similarity = f.size() > 3 ? f[3] : "";
    }
  });
  return d;
}

// When the run's reference/ (rows id, reference id, similarity) names the document, it was
// removed because the earlier corpus holds it, whatever its cluster.
void apply_reference(const std::filesystem::path& output_dir, RunDecision& d) {
  const std::filesystem::path reference = output_dir / output_name(Output::kReference);
  if (!std::filesystem::is_directory(reference)) return;
  read_tsv_parts(reference, [&](std::span<const std::string> f) {
    if (f.size() < 3 || f[0] != d.id || d.outcome == RunDecision::Outcome::kRemovedByReference) {
      return;
    }
    d.outcome = RunDecision::Outcome::kRemovedByReference;
    d.kept = f[1];
    d.similarity = f[2];
  });
}

// A document's id or location as explain prints it: as clusters/ prints it (escape_tsv_field),
// so that a tab or newline in it cannot break a line and the id can be pasted back to --id.
std::string printed(const std::string& name) { return escape_tsv_field(name); }

// The first line of a decision: what the run did with the document.
std::string outcome_line(const RunDecision& d) {
  using Outcome = RunDecision::Outcome;
  const std::string doc = printed(d.id) + " (" + printed(d.location) + "): ";
  switch (d.outcome) {
    case Outcome::kKeptAlone:
      return doc + "kept by the run, in no cluster: no near-duplicate among its candidates\n";
    case Outcome::kKeptRemovingOthers:
      return doc + "kept by the run; it removed " + std::to_string(d.removed) +
             (d.removed == 1 ? " document" : " documents") +
             " (clusters/ names it as their kept document)\n";
    case Outcome::kRemovedByReference:
      return doc + "removed by the run: the earlier corpus (--reference) holds " + printed(d.kept) +
             ", similarity " + d.similarity + " (reference/)\n";
    case Outcome::kRemoved:
      return doc + "removed by the run; kept in its place: " + printed(d.kept) +
             (d.similarity.empty()
                  ? " (their similarity was not checked: --clusters components joins documents "
                    "through others)\n"
                  : ", similarity " + d.similarity + " (clusters/)\n");
  }
  return doc + "\n";
}

// Whether the similarity the run wrote for a removal (six decimals) agrees with the pair
// explained: its exact Jaccard, or its estimate under --verify estimate.
std::string agreement_line(const std::string& written, const PairExplanation& pair,
                           const MinhashOptions& options) {
  if (written.empty()) return "";
  const bool exact = options.verify == VerifyMode::kExact;
  const double here =
      exact ? pair.exact_jaccard : static_cast<double>(pair.agreeing) / pair.num_perm;
  const bool agree = std::abs(std::strtod(written.c_str(), nullptr) - here) <= 5e-7 + 1e-12;
  char line[256];
  std::snprintf(line, sizeof line, "the run's similarity %s %s the %s here (%.6f)%s\n",
                written.c_str(), agree ? "agrees with" : "differs from",
                exact ? "exact Jaccard" : "estimated Jaccard", here,
                agree ? "" : ": were the inputs changed since the run?");
  return line;
}

}  // namespace

void read_run_parameters(const std::string& output_dir, std::string_view job, JobOptions& options,
                         const std::function<void(OptionJsonReader&)>& read) {
  const std::string path =
      (std::filesystem::path(output_dir) / output_name(Output::kStats)).string();
  simdjson::dom::parser parser;
  simdjson::dom::element stats;
  if (parser.load(path).get(stats) != simdjson::SUCCESS) {
    throw JobError(path + ": not found or not JSON (is " + output_dir + " a neardup output?)");
  }
  std::string_view written_by;
  if (stats["job"].get(written_by) != simdjson::SUCCESS || written_by != job) {
    throw JobError(path + ": not a " + std::string(job) + " run's");
  }
  simdjson::dom::object parameters;
  if (stats["parameters"].get(parameters) != simdjson::SUCCESS) {
    throw JobError(path + ": no parameters");
  }
  OptionJsonReader reader(parameters);
  read(reader);
  if (!reader.problem().empty()) throw JobError(path + ": " + reader.problem());
  std::string_view cwd;  // absent from older stats.json: the inputs from here
  if (stats["working_directory"].get(cwd) == simdjson::SUCCESS) options.working_directory = cwd;
}

std::string job_of_run(const std::string& output_dir) {
  const std::string path =
      (std::filesystem::path(output_dir) / output_name(Output::kStats)).string();
  simdjson::dom::parser parser;
  simdjson::dom::element stats;
  std::string_view job;
  if (parser.load(path).get(stats) != simdjson::SUCCESS ||
      stats["job"].get(job) != simdjson::SUCCESS) {
    throw JobError(path + ": not found or not JSON (is " + output_dir + " a neardup output?)");
  }
  return std::string(job);
}

MinhashOptions options_of_run(const std::string& output_dir) {
  MinhashOptions o;
  read_run_parameters(output_dir, "minhash", o, [&](OptionJsonReader& r) {
    describe_input_options(r, o);
    describe_minhash_options(r, o);
  });
  return o;
}

std::string validate_explain(const MinhashOptions& options) {
  MinhashOptions checked = options;
  checked.output = "-";  // explain writes nothing: the jobs' output check does not apply
  return validate(checked);
}

PairExplanation explain_pair(const MinhashOptions& options, const std::string& id_a,
                             const std::string& id_b) {
  const std::vector<std::string> ids = {id_a, id_b};
  const std::vector<std::optional<FoundDoc>> found = find_documents(options, ids);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (!found[i]) throw document_not_found(ids[i]);
  }
  const std::optional<FoundDoc>& found_a = found[0];
  const std::optional<FoundDoc>& found_b = found[1];
  PairExplanation e;
  std::vector<std::uint64_t> set_a, set_b;
  e.a = describe(id_a, *found_a, options.document, set_a);
  e.b = describe(id_b, *found_b, options.document, set_b);
  e.exact_jaccard = exact_jaccard(set_a, set_b);

  MinhashSketcher sketcher(options.num_perm, options.seed, options.document.shingle,
                           options.document.tokenizer, options.kernel,
                           options.signature == SignatureKind::kOph);
  std::vector<std::uint32_t> sig_a(options.num_perm), sig_b(options.num_perm);
  const std::uint32_t features_a = sketcher.sketch(found_a->text, sig_a);
  const std::uint32_t features_b = sketcher.sketch(found_b->text, sig_b);
  e.num_perm = options.num_perm;
  e.agreeing = agreeing_entries(sig_a, sig_b);
  e.layout = band_layout_of(options);
  for (unsigned band = 0; band < e.layout.bands; ++band) {
    if (band_key(sig_a, e.layout, band) == band_key(sig_b, e.layout, band)) {
      e.colliding_bands.push_back(band);
    }
  }
  e.min_agree =
      min_agreeing_entries(options.threshold, options.num_perm, options.pass_at_threshold);
  e.simhash_distance =
      hamming_distance(simhash(found_a->text, SimhashSpec{}, options.document.tokenizer),
                       simhash(found_b->text, SimhashSpec{}, options.document.tokenizer));
  // An empty document (no shingles) is never anyone's duplicate.
  e.candidate = features_a > 0 && features_b > 0 && !e.colliding_bands.empty();
  // Exact verification reads only the candidates its sketch filter keeps.
  e.duplicate = e.candidate &&
                (options.verify == VerifyMode::kExact
                     ? e.agreeing >= sketch_filter_min_agree(options.threshold, options.num_perm) &&
                           e.exact_jaccard >= options.threshold
                     : e.agreeing >= e.min_agree);
  return e;
}

std::string explanation_text(const PairExplanation& e, const MinhashOptions& options) {
  std::string out;
  char line[512];
  for (const ExplainedDoc* d : {&e.a, &e.b}) {
    out += printed(d->id) + " (" + printed(d->location) + "): " + std::to_string(d->tokens) +
           " tokens, " + std::to_string(d->shingles) + " distinct shingles\n";
    out += std::string("  tokens (") + tokenizer_kind_name(options.document.tokenizer) + "):";
    for (const std::string& token : d->first_tokens) out += " " + token;
    out += d->tokens > d->first_tokens.size() ? " ...\n" : "\n";
  }
  std::snprintf(line, sizeof line, "exact Jaccard of the shingle sets: %.4f\n", e.exact_jaccard);
  out += line;
  std::snprintf(line, sizeof line,
                "estimated Jaccard: %.4f (%u of %u signature entries equal; estimate "
                "verification needs %u)\n",
                static_cast<double>(e.agreeing) / e.num_perm, e.agreeing, e.num_perm, e.min_agree);
  out += line;
  std::string bands;
  for (const unsigned b : e.colliding_bands)
    bands += (bands.empty() ? "" : " ") + std::to_string(b);
  std::snprintf(line, sizeof line, "bands colliding: %zu of %u (%u bands x %u rows)%s%s\n",
                e.colliding_bands.size(), e.layout.bands, e.layout.bands, e.layout.rows,
                bands.empty() ? "" : ": ", bands.c_str());
  out += line;
  std::snprintf(line, sizeof line, "SimHash distance (64-bit, token features): %u bits\n",
                e.simhash_distance);
  out += line;
  const char* check = options.verify == VerifyMode::kExact ? "exact Jaccard" : "estimate";
  if (e.duplicate) {
    std::snprintf(line, sizeof line,
                  "verdict: duplicates at --threshold %.2f (candidates, and they pass the %s "
                  "check)\n",
                  options.threshold, check);
  } else if (e.candidate) {
    std::snprintf(line, sizeof line,
                  "verdict: not duplicates at --threshold %.2f (candidates, but they fail the %s "
                  "check)\n",
                  options.threshold, check);
  } else {
    std::snprintf(line, sizeof line,
                  "verdict: not duplicates at --threshold %.2f (no band collides: never "
                  "candidates)\n",
                  options.threshold);
  }
  return out + line;
}

DecisionExplanation explain_decision(const MinhashOptions& options, const std::string& output_dir,
                                     const std::string& id) {
  const std::optional<FoundDoc> found = find_documents(options, std::span(&id, 1))[0];
  if (!found) throw document_not_found(id);
  DecisionExplanation explained{clusters_decision(output_dir, found->name), std::nullopt};
  apply_reference(output_dir, explained.decision);
  explained.decision.location = found->location;
  if (explained.decision.outcome == RunDecision::Outcome::kRemoved) {
    explained.pair = explain_pair(options, found->name, explained.decision.kept);
  }
  return explained;
}

std::string decision_text(const DecisionExplanation& explained, const MinhashOptions& options) {
  const RunDecision& d = explained.decision;
  std::string out = outcome_line(d);
  if (d.rows > 1) {
    out += "note: " + std::to_string(d.rows) + " rows of clusters/ name " + printed(d.id) +
           " (a repeated id); this is the first\n";
  }
  if (!explained.pair) return out;
  return out + explanation_text(*explained.pair, options) +
         agreement_line(d.similarity, *explained.pair, options);
}

}  // namespace neardup
