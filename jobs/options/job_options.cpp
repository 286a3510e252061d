// The flags every job shares: inputs, output, record limits, memory per exchange round, outputs.
#include "jobs/options/job_options.hpp"

#include <filesystem>

#include "jobs/options/option_json.hpp"

namespace neardup {

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
  if (o.document.text_field.empty()) return "--text-field must not be empty";
  return "";
}

void write_job_parameters(JsonWriter& json, const JobOptions& o, ParameterScope scope) {
  write_options(json, o, scope, describe_job_options);
}

}  // namespace neardup
