// The flags every job shares: inputs, output, record limits, memory per exchange round, outputs.
#include "jobs/job_options.hpp"

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

}  // namespace neardup
