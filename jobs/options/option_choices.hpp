// The names of every enum a flag chooses, as flags, stats.json and logs spell them: one table
// each, so parsing, printing and the command line's list of allowed values agree.
#pragma once

#include <optional>
#include <vector>

#include "core/sketch/minhash_kernels.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "core/spans/span_spec.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "io/input/input_format.hpp"
#include "jobs/options/option_list.hpp"

namespace neardup {

/// "word" or "char".
const char* shingle_kind_name(ShingleKind kind);
/// "tokens", "shingles" or "char".
const char* simhash_features_name(SimhashFeatures features);
/// "tf", "binary" or "logtf".
const char* simhash_weight_name(SimhashWeight weight);
/// "run", "line" or "paragraph".
const char* span_unit_name(SpanUnit unit);
/// "first" or "none".
const char* keep_occurrence_name(KeepOccurrence keep);
/// An input format's name, or "auto" (by extension) for none.
const char* input_format_choice_name(std::optional<InputFormat> format);

/// --shingle: word, char.
std::vector<Choice<ShingleKind>> shingle_kind_choices();
/// --features: tokens, shingles, char.
std::vector<Choice<SimhashFeatures>> simhash_features_choices();
/// --weight: tf, binary, logtf.
std::vector<Choice<SimhashWeight>> simhash_weight_choices();
/// --format: auto, jsonl, jsonl.gz, jsonl.zst, text.
std::vector<Choice<std::optional<InputFormat>>> input_format_choices();
/// --tokenizer: unicode, ascii.
std::vector<Choice<TokenizerKind>> tokenizer_kind_choices();
/// --unit: run, line, paragraph.
std::vector<Choice<SpanUnit>> span_unit_choices();
/// --keep-occurrence: first, none.
std::vector<Choice<KeepOccurrence>> keep_occurrence_choices();
/// --kernel: auto (the fastest this CPU has), scalar, avx2, avx512.
std::vector<Choice<MinhashKernel>> minhash_kernel_choices();

}  // namespace neardup
