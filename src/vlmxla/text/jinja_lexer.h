// Tokenizer for the Jinja subset used by chat templates, with jinja2's whitespace rules
// (trim_blocks, lstrip_blocks, `-`/`+` markers, one trailing newline dropped).
#pragma once

#include <string>
#include <vector>

#include "vlmxla/base/status.h"

namespace vlmxla::text::jinja {

enum class TokenKind {
  kData,        // literal template text
  kVarBegin,    // {{
  kVarEnd,      // }}
  kBlockBegin,  // {%
  kBlockEnd,    // %}
  kName,
  kString,
  kInt,
  kFloat,
  kOperator,
  kEnd,
};

struct Token {
  TokenKind kind;
  std::string text;  // data text, name, unescaped string, number text or operator
  int line = 1;
  int column = 1;
};

struct LexOptions {
  bool trim_blocks = true;
  bool lstrip_blocks = true;
  bool keep_trailing_newline = false;
};

// Splits `source` into tokens; errors name line and column ("unclosed comment at 3:5").
Result<std::vector<Token>> Tokenize(const std::string& source, const LexOptions& options = {});

}  // namespace vlmxla::text::jinja
