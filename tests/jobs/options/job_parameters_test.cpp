// The shared options' parameter lists: the sketch list (--cache keys) is inside the result list
// (what --resume must match), which is inside the run list (stats.json); an option that changes
// results changes the result list, one that does not leaves it alone.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <functional>
#include <map>
#include <string>

#include "jobs/options/job_options.hpp"

namespace neardup {
namespace {

std::string parameters(const JobOptions& o, ParameterScope scope) {
  JsonWriter json;
  json.begin_object();
  write_job_parameters(json, o, scope);
  json.end_object();
  return json.str();
}

// Member name -> its JSON text.
std::map<std::string, std::string> members(const std::string& object) {
  simdjson::dom::parser parser;
  std::map<std::string, std::string> out;
  for (const auto field : parser.parse(object).get_object()) {
    out[std::string(field.key)] = simdjson::minify(field.value);
  }
  return out;
}

JobOptions some_options() {
  JobOptions o;
  o.inputs = {"a.jsonl", "b/"};
  o.output = "out";
  o.reference = "old-out";
  return o;
}

TEST(JobParameters, EachScopeHoldsTheNarrowerOnes) {
  const JobOptions o = some_options();
  const auto sketch = members(parameters(o, ParameterScope::kSketch));
  const auto result = members(parameters(o, ParameterScope::kResult));
  const auto run = members(parameters(o, ParameterScope::kRun));
  EXPECT_LT(sketch.size(), result.size());
  EXPECT_LT(result.size(), run.size());
  for (const auto& [name, value] : sketch) EXPECT_EQ(result.at(name), value) << name;
  for (const auto& [name, value] : result) EXPECT_EQ(run.at(name), value) << name;
}

TEST(JobParameters, ResultChangingOptionsChangeTheResultList) {
  const std::map<std::string, std::function<void(JobOptions&)>> changes_results = {
      {"text_field", [](JobOptions& o) { o.document.text_field = "body"; }},
      {"id_field", [](JobOptions& o) { o.document.id_field = "docid"; }},
      {"format", [](JobOptions& o) { o.format = InputFormat::kJsonl; }},
      {"max_doc_bytes", [](JobOptions& o) { o.max_doc_bytes *= 2; }},
      {"strict", [](JobOptions& o) { o.strict = true; }},
      {"split_bytes", [](JobOptions& o) { o.split_bytes *= 2; }},
      {"write_pairs", [](JobOptions& o) { o.write_pairs = true; }},
      {"reference", [](JobOptions& o) { o.reference = "other"; }},
  };
  const JobOptions base = some_options();
  for (const auto& [name, change] : changes_results) {
    JobOptions changed = base;
    change(changed);
    EXPECT_NE(parameters(changed, ParameterScope::kResult),
              parameters(base, ParameterScope::kResult))
        << name;
  }
  const std::map<std::string, std::function<void(JobOptions&)>> run_only = {
      {"output", [](JobOptions& o) { o.output = "elsewhere"; }},
      {"shuffle_bytes", [](JobOptions& o) { o.shuffle_bytes *= 2; }},
      {"progress", [](JobOptions& o) { o.progress_seconds = 1; }},
      {"write_deduped", [](JobOptions& o) { o.write_deduped = true; }},
  };
  for (const auto& [name, change] : run_only) {
    JobOptions changed = base;
    change(changed);
    EXPECT_EQ(parameters(changed, ParameterScope::kResult),
              parameters(base, ParameterScope::kResult))
        << name;
  }
}

}  // namespace
}  // namespace neardup
