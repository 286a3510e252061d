// What an index sketches and how it decides a match: the parameters every method shares and
// one typed section per method, recorded in index.meta and handed over by a dedup job.
#include "jobs/index/index_sketch.hpp"

#include "jobs/options/option_choices.hpp"

namespace neardup {
namespace {

using MethodPart = decltype(IndexSketch::method);

// Emplaces in `method` the first alternative from I on whose kName is `name`.
template <std::size_t I = 0>
bool emplace_named(MethodPart& method, std::string_view name) {
  if constexpr (I < std::variant_size_v<MethodPart>) {
    if (name == std::variant_alternative_t<I, MethodPart>::kName) {
      method.emplace<I>();
      return true;
    }
    return emplace_named<I + 1>(method, name);
  }
  return false;
}

// Whether `value` is one of the enum's named choices.
template <class E>
bool named(const std::vector<Choice<E>>& choices, E value) {
  return *choice_name(std::span<const Choice<E>>(choices), value) != '\0';
}

std::string part_problem(const SimhashIndexPart& p) {
  if (!named(simhash_features_choices(), p.features.features) ||
      !named(simhash_weight_choices(), p.features.weight) || p.features.shingle_n == 0 ||
      p.features.char_n == 0) {
    return "SimHash features out of range";
  }
  const std::string design = check_design(p.tables);
  return design.empty() ? "" : "SimHash tables: " + design;
}

std::string part_problem(const MinhashIndexPart& p) {
  if (p.num_perm == 0 || p.bands.bands == 0 || p.bands.rows == 0 ||
      std::uint64_t{p.bands.bands} * p.bands.rows > p.num_perm) {
    return "MinHash banding out of range";
  }
  const bool signature =
      p.signature == SignatureKind::kMinhash || p.signature == SignatureKind::kOph;
  return signature ? "" : "MinHash signature kind out of range";
}

}  // namespace

const char* IndexSketch::method_name() const {
  return std::visit([](const auto& part) { return part.kName; }, method);
}

bool IndexSketch::select_method(std::string_view name) { return emplace_named(method, name); }

std::string sketch_problem(const IndexSketch& sketch) {
  if (!named(tokenizer_kind_choices(), sketch.tokenizer) ||
      !named(shingle_kind_choices(), sketch.shingles.kind) || sketch.shingles.n == 0 ||
      sketch.shingles.sample != 1 || !(sketch.threshold > 0 && sketch.threshold <= 1)) {
    return "shingles, tokenizer or threshold out of range";
  }
  return std::visit([](const auto& part) { return part_problem(part); }, sketch.method);
}

const char* index_rule(const IndexSketch& sketch) {
  if (sketch.store_shingles) return "exact";
  return std::visit([](const auto& part) { return part.kSketchRule; }, sketch.method);
}

}  // namespace neardup
