// Evaluates a parsed template against a context, the way Transformers' jinja2 sandbox does.
#pragma once

#include <cstdint>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/text/jinja_ast.h"
#include "vlmxla/text/jinja_value.h"

namespace vlmxla::text::jinja {

struct RenderLimits {
  int max_call_depth = 100;               // nested macro calls / expression evaluation depth
  int64_t max_loop_iterations = 1000000;  // over the whole render
  size_t max_output_bytes = 16u << 20;    // rendered text and any intermediate string
};

// `globals` is a dict of top-level variables (messages, bos_token, ...).
Result<std::string> RenderBody(const Body& body, const ValueDict& globals,
                               const RenderLimits& limits);

}  // namespace vlmxla::text::jinja
