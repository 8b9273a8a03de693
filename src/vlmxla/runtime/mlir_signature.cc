// A small scanner over @main's header: it only tracks bracket depth and string literals, enough to
// split the parameter list and pull out each `tensor<...>` type, and never looks at the body.
#include "vlmxla/runtime/mlir_signature.h"

#include <cctype>
#include <optional>

namespace vlmxla::runtime {
namespace {

std::optional<DType> ElementType(std::string_view name) {
  if (name == "f32") return DType::kF32;
  if (name == "f16") return DType::kF16;
  if (name == "bf16") return DType::kBF16;
  if (name == "f64") return DType::kF64;
  if (name == "i64" || name == "si64") return DType::kI64;
  if (name == "i32" || name == "si32") return DType::kI32;
  if (name == "i16" || name == "si16") return DType::kI16;
  if (name == "i8" || name == "si8") return DType::kI8;
  if (name == "ui8") return DType::kU8;
  if (name == "i1") return DType::kBool;
  return std::nullopt;
}

const char* ElementTypeName(DType dtype) {
  switch (dtype) {
    case DType::kF32: return "f32";
    case DType::kF16: return "f16";
    case DType::kBF16: return "bf16";
    case DType::kF64: return "f64";
    case DType::kI64: return "i64";
    case DType::kI32: return "i32";
    case DType::kI16: return "i16";
    case DType::kI8: return "i8";
    case DType::kU8: return "ui8";
    case DType::kBool: return "i1";
  }
  return "?";
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Index just past the bracket that closes the one at `open`, or npos. Skips string literals.
size_t MatchBracket(std::string_view s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\') ++i;
      }
      continue;
    }
    if (c == '(' || c == '<' || c == '{' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == '}' || c == ']') {
      // `->` is an arrow, not a closing bracket.
      if (c == '>' && i > 0 && s[i - 1] == '-') continue;
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

// Splits at top-level commas.
std::vector<std::string_view> SplitTopLevel(std::string_view s) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\') ++i;
      }
      continue;
    }
    if (c == '(' || c == '<' || c == '{' || c == '[') ++depth;
    if ((c == ')' || c == '>' || c == '}' || c == ']') && !(c == '>' && i > 0 && s[i - 1] == '-')) {
      --depth;
    }
    if (c == ',' && depth == 0) {
      parts.push_back(Trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string_view last = Trim(s.substr(start));
  if (!last.empty()) parts.push_back(last);
  return parts;
}

// Parses the first `tensor<...>` in `s`.
Result<TensorSpec> ParseTensorType(std::string_view s) {
  const size_t at = s.find("tensor<");
  if (at == std::string_view::npos) {
    return Unimplemented("@main uses type '" + std::string(s) + "', which is not a ranked tensor");
  }
  const size_t open = at + 6;
  const size_t end = MatchBracket(s, open);
  if (end == std::string_view::npos) {
    return InvalidArgument("unterminated tensor type in '" + std::string(s) + "'");
  }
  std::string_view body = s.substr(open + 1, end - open - 2);
  // Drop an encoding: tensor<4xf32, #enc>.
  if (auto parts = SplitTopLevel(body); !parts.empty()) body = parts[0];
  TensorSpec spec;
  size_t pos = 0;
  while (true) {
    const size_t x = body.find('x', pos);
    std::string_view token = body.substr(pos, x == std::string_view::npos ? body.npos : x - pos);
    const bool is_dim =
        !token.empty() && (token == "?" || std::isdigit(static_cast<unsigned char>(token[0])));
    if (x == std::string_view::npos || !is_dim) {
      std::string_view elem = Trim(body.substr(pos));
      std::optional<DType> dtype = ElementType(elem);
      if (!dtype) {
        return Unimplemented("@main uses element type '" + std::string(elem) +
                             "', which has no vlmxla dtype");
      }
      spec.dtype = *dtype;
      return spec;
    }
    if (token == "?") {
      spec.dims.push_back(TensorSpec::kDynamicDim);
    } else {
      int64_t v = 0;
      for (char c : token) {
        if (!std::isdigit(static_cast<unsigned char>(c))) {
          return InvalidArgument("bad dimension '" + std::string(token) + "' in tensor type");
        }
        v = v * 10 + (c - '0');
      }
      spec.dims.push_back(v);
    }
    pos = x + 1;
  }
}

Result<std::vector<TensorSpec>> ParseTypeList(const std::vector<std::string_view>& items) {
  std::vector<TensorSpec> specs;
  for (std::string_view item : items) {
    VLMXLA_ASSIGN_OR_RETURN(TensorSpec spec, ParseTensorType(item));
    specs.push_back(std::move(spec));
  }
  return specs;
}

// Position of the `(` opening @main's parameter list, or npos.
size_t FindMain(std::string_view text) {
  for (size_t at = text.find("@main"); at != std::string_view::npos;
       at = text.find("@main", at + 1)) {
    size_t p = at + 5;
    while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
    if (p >= text.size() || text[p] != '(') continue;
    const size_t line = text.rfind('\n', at);
    const size_t line_start = line == std::string_view::npos ? 0 : line;
    std::string_view head = text.substr(line_start, at - line_start);
    if (head.find("func.func") != std::string_view::npos) return p;
  }
  return std::string_view::npos;
}

}  // namespace

std::string TensorSpec::ToString() const {
  std::string s = "tensor<";
  for (int64_t d : dims) s += (d == kDynamicDim ? std::string("?") : std::to_string(d)) + "x";
  return s + ElementTypeName(dtype) + ">";
}

bool TensorSpec::Matches(DType other_dtype, const std::vector<int64_t>& shape) const {
  if (other_dtype != dtype || shape.size() != dims.size()) return false;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] != kDynamicDim && dims[i] != shape[i]) return false;
  }
  return true;
}

Result<FunctionSignature> ParseMainSignature(std::string_view text) {
  const size_t open = FindMain(text);
  if (open == std::string_view::npos) {
    return InvalidArgument("the module has no `func.func @main(...)`", "no_main_function");
  }
  const size_t close = MatchBracket(text, open);
  if (close == std::string_view::npos) {
    return InvalidArgument("@main's parameter list is not closed");
  }
  FunctionSignature sig;
  // Each parameter is `%name: type {attrs} loc(...)`: the type follows the first top-level ':'.
  for (std::string_view param : SplitTopLevel(text.substr(open + 1, close - open - 2))) {
    const size_t colon = param.find(':');
    if (colon == std::string_view::npos) {
      return InvalidArgument("cannot read @main parameter '" + std::string(param) + "'");
    }
    VLMXLA_ASSIGN_OR_RETURN(TensorSpec spec, ParseTensorType(param.substr(colon + 1)));
    sig.inputs.push_back(std::move(spec));
  }
  std::string_view rest = Trim(text.substr(close));
  if (rest.substr(0, 2) != "->") return sig;  // no results
  rest = Trim(rest.substr(2));
  if (!rest.empty() && rest[0] == '(') {
    const size_t end = MatchBracket(rest, 0);
    if (end == std::string_view::npos) return InvalidArgument("@main's result list is not closed");
    VLMXLA_ASSIGN_OR_RETURN(sig.outputs, ParseTypeList(SplitTopLevel(rest.substr(1, end - 2))));
  } else {
    const size_t open_angle = rest.find('<');
    const size_t end =
        open_angle == std::string_view::npos ? rest.npos : MatchBracket(rest, open_angle);
    VLMXLA_ASSIGN_OR_RETURN(TensorSpec spec, ParseTensorType(rest.substr(0, end)));
    sig.outputs.push_back(std::move(spec));
  }
  return sig;
}

Status CheckExecuteArguments(const FunctionSignature& signature,
                             std::span<DeviceBuffer* const> args, std::span<const bool> donate) {
  if (!donate.empty() && donate.size() != args.size()) {
    return InvalidArgument("donation mask has " + std::to_string(donate.size()) +
                           " entries but there are " + std::to_string(args.size()) + " arguments");
  }
  if (args.size() != signature.inputs.size()) {
    return InvalidArgument("@main takes " + std::to_string(signature.inputs.size()) +
                               " arguments but " + std::to_string(args.size()) + " were given",
                           "argument_mismatch");
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const DeviceBuffer* buffer = args[i];
    if (buffer == nullptr) return InvalidArgument("argument " + std::to_string(i) + " is null");
    const TensorSpec& spec = signature.inputs[i];
    if (!spec.Matches(buffer->dtype(), buffer->shape())) {
      return InvalidArgument("argument " + std::to_string(i) + " is " + DTypeName(buffer->dtype()) +
                                 ShapeToString(buffer->shape()) + " but @main expects " +
                                 spec.ToString(),
                             "argument_mismatch");
    }
    if (buffer->is_deleted()) {
      return FailedPrecondition("argument " + std::to_string(i) + " " +
                                    ShapeToString(buffer->shape()) +
                                    " was already donated to an earlier execution",
                                "buffer_deleted");
    }
    if (donate.empty() || !donate[i]) continue;
    // Donating a buffer that is also passed elsewhere in the same call would alias it.
    for (size_t j = 0; j < args.size(); ++j) {
      if (j != i && args[j] == args[i]) {
        return InvalidArgument("argument " + std::to_string(i) +
                               " is donated but also passed as argument " + std::to_string(j));
      }
    }
  }
  return Status::Ok();
}

}  // namespace vlmxla::runtime
