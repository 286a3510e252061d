// Validation of the spans flags.
#include "jobs/options/spans_options.hpp"

#include "jobs/options/option_list.hpp"

namespace neardup {

std::string validate(const SpansOptions& o) {
  if (std::string problem = bounds_problem(o, describe_spans_job_options); !problem.empty()) {
    return problem;
  }
  if (o.inputs.empty()) return "no input given (-i/--input)";
  if (o.document.text_field.empty()) return "--text-field must not be empty";
  if (o.spec.kgram != 0 && o.spec.kgram > o.spec.min_tokens) {
    return "--kgram " + std::to_string(o.spec.kgram) + " is longer than --min-tokens " +
           std::to_string(o.spec.min_tokens) + ": a fingerprint must fit in the shortest repeat";
  }
  return validate_job_options(o);
}

}  // namespace neardup
