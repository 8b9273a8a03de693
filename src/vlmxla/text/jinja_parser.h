// Parser: tokens -> template syntax tree, following jinja2's grammar and operator precedence.
#pragma once

#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/text/jinja_ast.h"
#include "vlmxla/text/jinja_lexer.h"

namespace vlmxla::text::jinja {

inline constexpr int kMaxParseDepth = 200;

// Errors name line and column and what was expected ("unclosed 'for' opened at 2:1").
Result<Body> ParseTemplate(const std::vector<Token>& tokens);

}  // namespace vlmxla::text::jinja
