// The option lists are the one source of truth: an option added to a list reaches the command
// line, the validator, stats.json and the checkpoint and cache keys, and reads back from
// stats.json, with no other edit. A made-up option shows it; the real lists are checked too.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "jobs/cli/option_binder.hpp"
#include "jobs/methods/simhash_job.hpp"
#include "jobs/options/minhash_options.hpp"
#include "jobs/options/option_json.hpp"

namespace neardup {
namespace {

// Options with one made-up option of each kind beside a real list.
struct GadgetOptions : LshOptions {
  unsigned widgets = 3;
  ShingleKind shape = ShingleKind::kWord;
};

struct DescribeGadget {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    describe_lsh_options(v, o);
    v.number({"--widgets", "widgets", ParameterScope::kSketch, "widgets per gadget"}, o.widgets,
             {1u, 10u});
    v.choice({"--shape", "shape", ParameterScope::kResult, "gadget shape"}, o.shape,
             std::span<const Choice<ShingleKind>>(shingle_kind_choices()));
  }
};

std::string json_of(const GadgetOptions& o, ParameterScope scope) {
  JsonWriter json;
  json.begin_object();
  write_options(json, o, scope, DescribeGadget{});
  json.end_object();
  return json.str();
}

// Parses `args` (after the program name) into fresh options; throws CLI::ParseError.
GadgetOptions parsed(std::vector<std::string> args) {
  GadgetOptions o;
  CLI::App app;
  bind_options(app, o, DescribeGadget{});
  std::reverse(args.begin(), args.end());
  app.parse(args);
  return o;
}

TEST(OptionList, AnAddedOptionReachesTheCommandLine) {
  const GadgetOptions o = parsed({"--widgets", "7", "--shape", "char", "-t", "0.5"});
  EXPECT_EQ(o.widgets, 7u);
  EXPECT_EQ(o.shape, ShingleKind::kChar);
  EXPECT_DOUBLE_EQ(o.threshold, 0.5);
  EXPECT_EQ(parsed({}).widgets, 3u);
  EXPECT_THROW(parsed({"--widgets", "11"}), CLI::ValidationError);
  EXPECT_THROW(parsed({"--shape", "round"}), CLI::ValidationError);
  GadgetOptions defaults;
  CLI::App app;
  bind_options(app, defaults, DescribeGadget{});
  const std::string help = app.help();
  EXPECT_NE(help.find("--widgets"), std::string::npos);
  EXPECT_NE(help.find("widgets per gadget"), std::string::npos);
  EXPECT_NE(help.find("{word,char}=word"), std::string::npos);
}

TEST(OptionList, AnAddedOptionIsValidated) {
  GadgetOptions o;
  EXPECT_EQ(bounds_problem(o, DescribeGadget{}), "");
  o.widgets = 0;
  EXPECT_EQ(bounds_problem(o, DescribeGadget{}), "--widgets must be in [1, 10]");
  o.widgets = 3;
  o.threshold = 0;
  EXPECT_EQ(bounds_problem(o, DescribeGadget{}), "--threshold must be in (0, 1]");
}

TEST(OptionList, AnAddedOptionReachesStatsAndKeysByItsScope) {
  GadgetOptions o;
  o.widgets = 7;
  o.shape = ShingleKind::kChar;
  const std::string run = json_of(o, ParameterScope::kRun);
  EXPECT_NE(run.find("\"widgets\": 7"), std::string::npos) << run;
  EXPECT_NE(run.find("\"shape\": \"char\""), std::string::npos) << run;
  // widgets changes the sketch: the cache key and the resume key change with it.
  GadgetOptions other = o;
  other.widgets = 8;
  EXPECT_NE(json_of(o, ParameterScope::kSketch), json_of(other, ParameterScope::kSketch));
  EXPECT_NE(json_of(o, ParameterScope::kResult), json_of(other, ParameterScope::kResult));
  // shape changes results only: the resume key changes, the cache key does not.
  other = o;
  other.shape = ShingleKind::kWord;
  EXPECT_EQ(json_of(o, ParameterScope::kSketch), json_of(other, ParameterScope::kSketch));
  EXPECT_NE(json_of(o, ParameterScope::kResult), json_of(other, ParameterScope::kResult));
}

TEST(OptionList, AnAddedOptionReadsBackFromStats) {
  GadgetOptions o;
  o.widgets = 9;
  o.shape = ShingleKind::kChar;
  o.threshold = 0.6;
  simdjson::dom::parser parser;
  const simdjson::dom::object stats =
      parser.parse(json_of(o, ParameterScope::kRun)).get_object().value();
  GadgetOptions back;
  OptionJsonReader reader(stats);
  DescribeGadget{}(reader, back);
  EXPECT_EQ(reader.problem(), "");
  EXPECT_EQ(back.widgets, 9u);
  EXPECT_EQ(back.shape, ShingleKind::kChar);
  EXPECT_DOUBLE_EQ(back.threshold, 0.6);
  const simdjson::dom::object empty = parser.parse(std::string("{}")).get_object().value();
  OptionJsonReader missing(empty);
  DescribeGadget{}(missing, back);
  EXPECT_EQ(missing.problem(), "parameter \"threshold\": missing");
}

// --include and --exclude round-trip through stats.json, and a stats.json written before they
// existed reads as no patterns, not as a problem (explain --run of an older run).
TEST(OptionList, ListsReadBackAndMissingListsAreEmpty) {
  JobOptions o;
  o.filter = {{"*.jsonl", "en/*"}, {"old/*"}};
  JsonWriter json;
  json.begin_object();
  write_options(json, o, ParameterScope::kRun, describe_input_filter_options);
  json.end_object();
  simdjson::dom::parser parser;
  JobOptions back;
  OptionJsonReader reader(parser.parse(json.str()).get_object().value());
  describe_input_filter_options(reader, back);
  EXPECT_EQ(reader.problem(), "");
  EXPECT_EQ(back.filter.include, o.filter.include);
  EXPECT_EQ(back.filter.exclude, o.filter.exclude);
  OptionJsonReader older(parser.parse(std::string("{}")).get_object().value());
  describe_input_filter_options(older, back);
  EXPECT_EQ(older.problem(), "");
  EXPECT_TRUE(back.filter.include.empty());
  EXPECT_TRUE(back.filter.exclude.empty());
  OptionJsonReader wrong(
      parser.parse(std::string(R"({"include": "*.jsonl"})")).get_object().value());
  describe_input_filter_options(wrong, back);
  EXPECT_EQ(wrong.problem(), "parameter \"include\": not a list");
}

// Every option of the real minhash and simhash lists outside kNone is in stats.json, and the
// command line accepts each list's flags.
TEST(OptionList, RealListsReachStatsAndTheCommandLine) {
  const auto minhash = [](auto& v, auto& o) {
    describe_input_options(v, o);
    describe_output_options(v, o);
    describe_minhash_options(v, o);
  };
  MinhashOptions m;
  JsonWriter json;
  json.begin_object();
  write_options(json, m, ParameterScope::kRun, minhash);
  json.end_object();
  for (const char* name : {"inputs", "format", "text_field", "split_bytes", "shingle", "ngram",
                           "shingle_sample", "sketch", "seed", "threshold", "num_perm", "bands",
                           "verify", "max_bucket", "write_pairs", "shuffle_bytes"}) {
    EXPECT_NE(json.str().find(std::string("\"") + name + "\""), std::string::npos) << name;
  }
  EXPECT_EQ(json.str().find("\"kernel\""), std::string::npos);  // no parameter: same sketches
  CLI::App app;
  bind_options(app, m, minhash);
  app.parse(std::vector<std::string>{"0.7", "-t", "estimate", "--verify", "32", "--split-mb",
                                     "x.jsonl", "-i"});
  EXPECT_DOUBLE_EQ(m.threshold, 0.7);
  EXPECT_EQ(m.verify, VerifyMode::kEstimate);
  EXPECT_EQ(m.split_bytes, 32ull << 20);
  SimhashOptions s;
  CLI::App simhash;
  bind_options(simhash, s, describe_simhash_options);
  simhash.parse(std::vector<std::string>{"none", "--verify", "5", "-k", "tf", "--weight"});
  EXPECT_EQ(s.verify, VerifyMode::kNone);
  EXPECT_EQ(s.max_distance, 5u);
  EXPECT_THROW(simhash.parse(std::vector<std::string>{"estimate", "--verify"}),
               CLI::ValidationError);
}

TEST(OptionChoices, NamesRoundTripAndAreDistinct) {
  const auto round_trip = [](const auto& table) {
    std::set<std::string> names;
    for (const auto& c : table) {
      EXPECT_TRUE(names.insert(c.name).second) << c.name;
      EXPECT_EQ(*choice_named(std::span(table), c.name), c.value) << c.name;
    }
  };
  round_trip(shingle_kind_choices());
  round_trip(simhash_features_choices());
  round_trip(simhash_weight_choices());
  round_trip(input_format_choices());
  EXPECT_EQ(std::string(input_format_choice_name(std::nullopt)), "auto");
  EXPECT_EQ(std::string(simhash_weight_name(SimhashWeight::kLogTf)), "logtf");
}

}  // namespace
}  // namespace neardup
