// `vlmxla render-template`: renders a chat template file against a JSON context.
#include <fstream>
#include <iostream>
#include <sstream>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/text/chat_template.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec>& Specs() {
  static const std::vector<FlagSpec> specs = {
      {"template", true, false, "the Jinja chat template file"},
      {"context", true, false, "JSON object: messages, add_generation_prompt, bos_token, ..."},
      {"output", true, false, "write the rendered text here instead of stdout"},
  };
  return specs;
}

bool ReadAll(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

int RenderTemplateMain(const std::vector<std::string>& argv) {
  auto args = ParseArgs(argv, Specs());
  if (!args.ok()) {
    std::cerr << "render-template: " << args.status().message() << "\n" << FlagsHelp(Specs());
    return kExitUsage;
  }
  auto tpl_path = args->Get("template");
  auto ctx_path = args->Get("context");
  if (!tpl_path || !ctx_path) {
    std::cerr << "render-template: --template and --context are required\n" << FlagsHelp(Specs());
    return kExitUsage;
  }
  std::string source, ctx_text;
  if (!ReadAll(*tpl_path, source)) {
    std::cerr << "render-template: cannot read template " << *tpl_path << "\n";
    return kExitError;
  }
  if (!ReadAll(*ctx_path, ctx_text)) {
    std::cerr << "render-template: cannot read context " << *ctx_path << "\n";
    return kExitError;
  }
  auto ctx = nlohmann::ordered_json::parse(ctx_text, nullptr, false);
  if (ctx.is_discarded()) {
    std::cerr << "render-template: " << *ctx_path << " is not valid JSON\n";
    return kExitError;
  }
  auto tpl = text::ChatTemplate::Parse(std::move(source));
  if (!tpl.ok()) {
    std::cerr << "render-template: " << *tpl_path << ": " << tpl.status().ToString() << "\n";
    return kExitError;
  }
  auto rendered = tpl->Render(ctx);
  if (!rendered.ok()) {
    std::cerr << "render-template: " << rendered.status().ToString() << "\n";
    return kExitError;
  }
  if (auto out = args->Get("output")) {
    std::ofstream f(*out, std::ios::binary);
    f << *rendered;
    if (!f) {
      std::cerr << "render-template: cannot write " << *out << "\n";
      return kExitError;
    }
  } else {
    std::cout << *rendered;
  }
  return kExitOk;
}

VLMXLA_REGISTER_COMMAND("render-template", "render a chat template against a JSON context",
                        RenderTemplateMain);

}  // namespace
}  // namespace vlmxla::cli
