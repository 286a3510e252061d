// `neardup params`: the chosen bands x rows, their S-curve, and the "K of P agree" rule.
#include "jobs/cli/params_command.hpp"

#include <cstdio>

#include "core/lsh/lsh_params.hpp"
#include "jobs/options/minhash_options.hpp"

namespace neardup {

std::string params_report(const ParamsOptions& o) {
  const BandLayout layout = band_layout_of(o);
  const unsigned min_agree = min_agreeing_entries(o.threshold, o.num_perm, o.pass_at_threshold);
  std::string out;
  char line[1024];
  std::snprintf(line, sizeof line,
                "threshold %.3f, num_perm %u, weights fp %.2f fn %.2f\n"
                "bands x rows: %u x %u (%s, uses %u of %u signature entries)\n"
                "S-curve threshold (1/b)^(1/r): %.4f\n"
                "false-positive area %.6f, false-negative area %.6f\n"
                "verification: --verify exact (default) keeps a candidate when the exact Jaccard "
                "of its shingle sets is >= %.3f: no false removal\n"
                "--verify estimate: at least K = %u of %u entries agree "
                "(a pair at the threshold passes with p >= %.2f)\n",
                o.threshold, o.num_perm, o.fp_weight, o.fn_weight, layout.bands, layout.rows,
                o.bands != 0 ? "given" : "chosen", layout.bands * layout.rows, o.num_perm,
                lsh_threshold(layout), false_positive_area(o.threshold, layout),
                false_negative_area(o.threshold, layout), o.threshold, min_agree, o.num_perm,
                o.pass_at_threshold);
  out += line;
  out += "  " + estimate_trade_text(o.threshold, o.num_perm, min_agree) + "\n\n";
  out += "similarity  P(candidate)  p(pass K of P)  P(found) = both\n";
  const auto row = [&](double s, const char* mark) {
    const double candidate = candidate_probability(s, layout);
    const double pass = agreement_probability(s, o.num_perm, min_agree);
    std::snprintf(line, sizeof line, "%-10.3f  %12.6f  %14.6f  %15.6f%s\n", s, candidate, pass,
                  candidate * pass, mark);
    out += line;
  };
  for (int i = 1; i <= 10; ++i) {
    const double s = i / 10.0;
    if (o.threshold < s && o.threshold > s - 0.1) row(o.threshold, "  <- threshold");
    row(s, s == o.threshold ? "  <- threshold" : "");
  }
  return out;
}

}  // namespace neardup
