#include "vlmxla/hlo/weights_as_parameters.h"

#include <string_view>
#include <utility>
#include <vector>

namespace vlmxla::hlo {
namespace {

// One argument of @main as the emitter writes it: "%name: type" or "%name: type {attrs}".
struct ArgText {
  std::string name;  // without the %
  std::string text;
};

// The arguments of `signature` (the text between @main's parentheses), split at the commas that
// stand outside <>, () and {}.
Result<std::vector<ArgText>> SplitArguments(std::string_view signature) {
  std::vector<ArgText> args;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= signature.size(); ++i) {
    const char c = i < signature.size() ? signature[i] : ',';
    if (c == '<' || c == '(' || c == '{' || c == '[') ++depth;
    if (c == '>' || c == ')' || c == '}' || c == ']') --depth;
    if (c != ',' || depth != 0) continue;
    std::string_view arg = signature.substr(start, i - start);
    while (!arg.empty() && arg.front() == ' ') arg.remove_prefix(1);
    start = i + 1;
    if (arg.empty()) continue;
    const size_t colon = arg.find(':');
    if (arg.front() != '%' || colon == std::string_view::npos) {
      return InvalidArgument("cannot read @main's argument '" + std::string(arg) + "'");
    }
    args.push_back({std::string(arg.substr(1, colon - 1)), std::string(arg)});
  }
  return args;
}

std::string Quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

Result<Program> WeightsAsParameters(
    const Program& program, const std::string& scope,
    const std::function<Result<StoredWeight>(const ProgramParam&)>& stored) {
  const std::string& text = program.mlir;
  constexpr std::string_view kMain = "func.func public @main(";
  const size_t main = text.find(kMain);
  if (main == std::string::npos) {
    return InvalidArgument(program.name + ": no `func.func public @main(` to rewrite");
  }
  // The argument list ends at the parenthesis that closes @main's.
  const size_t open = main + kMain.size();
  size_t close = open;
  for (int depth = 1; close < text.size(); ++close) {
    if (text[close] == '(') ++depth;
    if (text[close] == ')' && --depth == 0) break;
  }
  // The body opens with the last '{' of the signature's line.
  const size_t line_end = text.find('\n', close);
  const size_t body = text.rfind('{', line_end);
  if (close >= text.size() || line_end == std::string::npos || body == std::string::npos ||
      body < close) {
    return InvalidArgument(program.name + ": @main's signature does not end in `{` on its line");
  }
  VLMXLA_ASSIGN_OR_RETURN(std::vector<ArgText> args,
                          SplitArguments(std::string_view(text).substr(open, close - open)));
  if (args.size() != program.params.size()) {
    return InvalidArgument(program.name + ": @main has " + std::to_string(args.size()) +
                           " arguments but the program declares " +
                           std::to_string(program.params.size()) + " parameters");
  }

  Program out = program;
  out.params.clear();
  std::string globals, loads, kept;
  for (size_t i = 0; i < args.size(); ++i) {
    const ProgramParam& p = program.params[i];
    if (p.kind != ProgramParam::Kind::kWeight) {
      kept += (kept.empty() ? "" : ", ") + args[i].text;
      out.params.push_back(p);
      continue;
    }
    VLMXLA_ASSIGN_OR_RETURN(const StoredWeight w, stored(p));
    TensorType as_stored = p.type;
    if (p.transposed && as_stored.rank() == 2) std::swap(as_stored.dims[0], as_stored.dims[1]);
    const bool convert = w.type.element != p.type.element;
    if (w.type.dims != as_stored.dims || (p.transposed && p.type.rank() != 2) ||
        (convert && !(IsFloat(w.type.element) && IsFloat(p.type.element)))) {
      return InvalidArgument("weight '" + p.name + "' is stored as " + w.type.ToString() +
                             " under '" + w.key + "' but " + program.name + " takes " +
                             p.type.ToString() + (p.transposed ? " (transposed)" : ""));
    }
    const std::string& n = args[i].name;
    const std::string global = "@__param_" + n;
    globals += "util.global private " + global + " = #flow.parameter.named<" + Quoted(scope) +
               "::" + Quoted(w.key) + "> : " + w.type.ToString() + "\n";
    // %n as the program took it: loaded, then transposed and converted where the stored form
    // differs (each step its own value, the last one named %n).
    std::string value = "%" + n + (p.transposed || convert ? "__stored" : "");
    loads += "  " + value + " = util.global.load " + global + " : " + w.type.ToString() + "\n";
    TensorType type = w.type;
    if (p.transposed) {
      TensorType next = type;
      std::swap(next.dims[0], next.dims[1]);
      const std::string to = "%" + n + (convert ? "__transposed" : "");
      loads += "  " + to + " = \"stablehlo.transpose\"(" + value +
               ") {permutation = array<i64: 1, 0>} : (" + type.ToString() + ") -> " +
               next.ToString() + "\n";
      value = to;
      type = next;
    }
    if (convert) {
      TensorType next = type;
      next.element = p.type.element;
      loads += "  %" + n + " = \"stablehlo.convert\"(" + value + ") : (" + type.ToString() +
               ") -> " + next.ToString() + "\n";
    }
  }
  // The globals stand in the module before @main's line; the loads open its body.
  const size_t line_start =
      text.rfind('\n', main) == std::string::npos ? 0 : text.rfind('\n', main) + 1;
  out.mlir = text.substr(0, line_start) + globals + text.substr(line_start, open - line_start) +
             kept + text.substr(close, body + 1 - close) + "\n" + loads +
             text.substr(body + 1 + (text[body + 1] == '\n' ? 1 : 0));
  return out;
}

}  // namespace vlmxla::hlo
