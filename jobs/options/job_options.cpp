// The flags every job shares: inputs, output, record limits, memory per exchange round, outputs.
#include "jobs/options/job_options.hpp"

#include <filesystem>

#include "io/input/input_plan.hpp"
#include "jobs/options/option_json.hpp"

namespace neardup {
namespace {

// Why --keep is invalid (not a rule parse_keep_rule reads, or a field rule on text files), or
// "" when it is valid.
std::string keep_rule_problem(const JobOptions& o) {
  const std::optional<KeepRule> rule = parse_keep_rule(o.keep);
  if (!rule) {
    return "--keep " + o.keep +
           ": expected first, longest, shortest, field:NAME, field:NAME:max or field:NAME:min";
  }
  if (rule->by == KeepBy::kField && o.format == InputFormat::kText) {
    return "--keep " + o.keep + " reads a JSON field; --format text documents have none";
  }
  return "";
}

}  // namespace

std::string validate_job_options(const JobOptions& o) {
  if (std::string problem = bounds_problem(o, describe_job_options); !problem.empty())
    return problem;
  if (o.inputs.empty()) return "no input given (-i/--input)";
  if (o.output.empty()) return "no output directory given (-o/--output, or --resume DIR)";
  if (!o.resume.empty()) {
    std::error_code error;
    if (std::filesystem::weakly_canonical(o.resume, error) !=
        std::filesystem::weakly_canonical(o.output, error)) {
      return "--resume " + o.resume + " continues the run writing to " + o.resume +
             "; -o, when given, must name the same directory";
    }
    if (o.overwrite) return "--resume and --overwrite contradict each other";
  }
  if (std::string problem = input_pattern_problem(o.inputs); !problem.empty()) return problem;
  if (std::string problem = filter_problem(o.filter); !problem.empty()) return problem;
  if (o.document.text_field.empty()) return "--text-field must not be empty";
  if (!o.document.host_field.empty() && o.format == InputFormat::kText) {
    return "--host-field reads a JSON field; --format text documents have none";
  }
  return keep_rule_problem(o);
}

void output_from_resume(JobOptions& o) {
  if (o.output.empty()) o.output = o.resume;
}

void write_job_parameters(JsonWriter& json, const JobOptions& o, ParameterScope scope) {
  write_options(json, o, scope, describe_job_options);
}

}  // namespace neardup
