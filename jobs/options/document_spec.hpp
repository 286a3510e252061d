// How a line becomes a document: which JSON fields to read, how to tokenize and shingle the text.
#pragma once

#include <string>

#include "core/sketch/shingles.hpp"
#include "core/text/tokenizer_choice.hpp"

namespace neardup {

/// The fields of a JSON Lines record to use, and the tokens and shingles of its text.
struct DocumentSpec {
  std::string text_field = "text";
  std::string id_field = "id";
  std::string host_field;  // a URL whose host each document gets (--host-field); "" = none
  TokenizerKind tokenizer = TokenizerKind::kUnicode;
  ShingleSpec shingle;
};

}  // namespace neardup
