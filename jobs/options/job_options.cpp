// The flags every job shares: inputs, output, record limits, memory per exchange round, outputs.
#include "jobs/options/job_options.hpp"

#include <filesystem>

namespace neardup {

std::string validate_job_options(const JobOptions& o) {
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
  if (o.split_bytes == 0 || o.split_bytes > (4095ull << 20))
    return "--split-mb must be in [1, 4095]";
  if (o.shuffle_bytes < (1ull << 20) || o.shuffle_bytes > (1ull << 30)) {
    return "--shuffle-mb must be in [1, 1024]";
  }
  if (o.max_doc_bytes < (1ull << 20) || o.max_doc_bytes > (4095ull << 20)) {
    return "--max-doc-mb must be in [1, 4095]";
  }
  if (o.document.text_field.empty()) return "--text-field must not be empty";
  if (o.progress_seconds < 0) return "--progress must be >= 0 seconds";
  return "";
}

void write_job_parameters(JsonWriter& json, const JobOptions& o, ParameterScope scope) {
  json.key("text_field").value(o.document.text_field);
  json.key("id_field").value(o.document.id_field);
  json.key("format").value(o.format ? input_format_name(*o.format) : "auto");
  json.key("max_doc_bytes").value(o.max_doc_bytes);
  if (scope == ParameterScope::kSketch) return;
  json.key("strict").value(o.strict);
  json.key("split_bytes").value(o.split_bytes);
  // Without pairs/ verification skips pairs already joined: the pairs stage's result differs.
  json.key("write_pairs").value(o.write_pairs);
  if (!o.reference.empty()) json.key("reference").value(o.reference);
  if (scope == ParameterScope::kResult) return;
  json.key("inputs").begin_array();
  for (const std::string& input : o.inputs) json.value(input);
  json.end_array();
  json.key("output").value(o.output);
  json.key("shuffle_bytes").value(o.shuffle_bytes);
}

}  // namespace neardup
