// The names of every enum a flag chooses, one table each.
#include "jobs/options/option_choices.hpp"

namespace neardup {

const char* shingle_kind_name(ShingleKind kind) {
  return kind == ShingleKind::kChar ? "char" : "word";
}

const char* simhash_features_name(SimhashFeatures features) {
  switch (features) {
    case SimhashFeatures::kShingles:
      return "shingles";
    case SimhashFeatures::kChars:
      return "char";
    case SimhashFeatures::kTokens:
      break;
  }
  return "tokens";
}

const char* simhash_weight_name(SimhashWeight weight) {
  switch (weight) {
    case SimhashWeight::kBinary:
      return "binary";
    case SimhashWeight::kLogTf:
      return "logtf";
    case SimhashWeight::kTf:
      break;
  }
  return "tf";
}

const char* input_format_choice_name(std::optional<InputFormat> format) {
  return format ? input_format_name(*format) : "auto";
}

std::vector<Choice<ShingleKind>> shingle_kind_choices() {
  return choices({ShingleKind::kWord, ShingleKind::kChar}, shingle_kind_name);
}

std::vector<Choice<SimhashFeatures>> simhash_features_choices() {
  return choices({SimhashFeatures::kTokens, SimhashFeatures::kShingles, SimhashFeatures::kChars},
                 simhash_features_name);
}

std::vector<Choice<SimhashWeight>> simhash_weight_choices() {
  return choices({SimhashWeight::kTf, SimhashWeight::kBinary, SimhashWeight::kLogTf},
                 simhash_weight_name);
}

std::vector<Choice<std::optional<InputFormat>>> input_format_choices() {
  return choices<std::optional<InputFormat>>(
      {std::nullopt, InputFormat::kJsonl, InputFormat::kJsonlGzip, InputFormat::kJsonlZstd,
       InputFormat::kText},
      input_format_choice_name);
}

const char* span_unit_name(SpanUnit unit) {
  switch (unit) {
    case SpanUnit::kLine:
      return "line";
    case SpanUnit::kParagraph:
      return "paragraph";
    default:
      return "run";
  }
}

std::vector<Choice<SpanUnit>> span_unit_choices() {
  return choices({SpanUnit::kRun, SpanUnit::kLine, SpanUnit::kParagraph}, span_unit_name);
}

const char* keep_occurrence_name(KeepOccurrence keep) {
  return keep == KeepOccurrence::kNone ? "none" : "first";
}

std::vector<Choice<KeepOccurrence>> keep_occurrence_choices() {
  return choices({KeepOccurrence::kFirst, KeepOccurrence::kNone}, keep_occurrence_name);
}

std::vector<Choice<TokenizerKind>> tokenizer_kind_choices() {
  return choices({TokenizerKind::kUnicode, TokenizerKind::kAscii}, tokenizer_kind_name);
}

std::vector<Choice<MinhashKernel>> minhash_kernel_choices() {
  std::vector<Choice<MinhashKernel>> out = {{best_minhash_kernel(), "auto"}};
  for (const MinhashKernel kernel :
       {MinhashKernel::kScalar, MinhashKernel::kAvx2, MinhashKernel::kAvx512}) {
    out.push_back({kernel, minhash_kernel_name(kernel)});
  }
  return out;
}

}  // namespace neardup
