// Everything a minhash run is told: inputs, output, shingling, sketch, banding, verification.
#include "jobs/minhash_options.hpp"

namespace neardup {

std::string validate(const MinhashOptions& o) {
  if (o.inputs.empty()) return "no input given (-i/--input)";
  if (o.output.empty()) return "no output directory given (-o/--output)";
  if (!(o.threshold > 0.0 && o.threshold <= 1.0)) return "--threshold must be in (0, 1]";
  if (o.num_perm == 0 || o.num_perm > 4096) return "--num-perm must be in [1, 4096]";
  if (o.document.shingle.n == 0 || o.document.shingle.n > 1000)
    return "--ngram must be in [1, 1000]";
  if ((o.bands == 0) != (o.rows == 0)) return "--bands and --rows go together";
  if (o.bands != 0 && static_cast<std::uint64_t>(o.bands) * o.rows > o.num_perm) {
    return "--bands x --rows must not exceed --num-perm";
  }
  if (o.fp_weight < 0 || o.fn_weight < 0 || o.fp_weight + o.fn_weight <= 0) {
    return "--fp-weight and --fn-weight must be >= 0 and not both 0";
  }
  if (!(o.pass_at_threshold > 0 && o.pass_at_threshold <= 1)) {
    return "--pass-at-threshold must be in (0, 1]";
  }
  if (o.split_bytes == 0 || o.split_bytes > (4095ull << 20))
    return "--split-mb must be in [1, 4095]";
  if (o.shuffle_bytes < (1ull << 20) || o.shuffle_bytes > (1ull << 30)) {
    return "--shuffle-mb must be in [1, 1024]";
  }
  if (o.max_doc_bytes < (1ull << 20) || o.max_doc_bytes > (4095ull << 20)) {
    return "--max-doc-mb must be in [1, 4095]";
  }
  if (o.max_bucket < 2) return "--max-bucket must be >= 2";
  if (o.document.text_field.empty()) return "--text-field must not be empty";
  return "";
}

}  // namespace neardup
