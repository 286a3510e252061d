// Which document of a cluster is kept (--keep): the first in input order, the longest, the
// shortest, or the one with the largest or smallest value of a numeric or date field.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/doc_id.hpp"
#include "core/keep/keep_value.hpp"

namespace neardup {

/// What a cluster's documents are ranked by.
enum class KeepBy {
  kInputOrder,  // "first": the document that comes first in input order
  kLength,      // "longest" / "shortest": the text's length in bytes (UTF-8)
  kField,       // "field:NAME[:max|min]": a JSON number or ISO 8601 date at a dotted path
};

/// A parsed --keep rule. Ties (and documents without the field) go by input order.
struct KeepRule {
  KeepBy by = KeepBy::kInputOrder;
  std::string field;          // the dotted path, for kField
  bool prefer_larger = true;  // longest / max: larger values win; shortest / min: smaller
  friend bool operator==(const KeepRule&, const KeepRule&) = default;
};

/// Parses "first", "longest", "shortest", "field:NAME", "field:NAME:max" or "field:NAME:min"
/// (NAME a dotted path, not empty, no empty step). nullopt when the text is none of those.
std::optional<KeepRule> parse_keep_rule(std::string_view text);

/// The rule as parse_keep_rule reads it, in its full form ("field:score:max").
std::string keep_rule_name(const KeepRule& rule);

/// One document competing to be kept: its value under the rule (a length, or a field's number
/// or date) and whether it has one (a document whose field is missing or neither a number nor
/// a date has none).
struct KeepCandidate {
  KeepValue value;
  bool has_value = false;
  DocId doc = 0;
};

/// Whether `rule` keeps `a` rather than `b`: a document with a value beats one without; then
/// the preferred value wins; then the smaller document id (input order). A strict weak order,
/// so the kept document of a cluster does not depend on the order its members are seen in.
bool kept_before(const KeepRule& rule, const KeepCandidate& a, const KeepCandidate& b);

}  // namespace neardup
