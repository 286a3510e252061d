// How a line becomes a document: which JSON fields to read and how to shingle the text.
#pragma once

#include <string>

#include "core/shingles.hpp"

namespace neardup {

/// The fields of a JSON Lines record to use, and the shingling of its text.
struct DocumentSpec {
  std::string text_field = "text";
  std::string id_field = "id";
  ShingleSpec shingle;
};

}  // namespace neardup
