// ChatTemplate glue: lexer + parser at Parse time, evaluator per Render, template discovery.
#include "vlmxla/text/chat_template.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "vlmxla/text/jinja_lexer.h"
#include "vlmxla/text/jinja_parser.h"

namespace vlmxla::text {

struct ChatTemplate::Parsed {
  jinja::Body body;
};

Result<ChatTemplate> ChatTemplate::Parse(std::string source) {
  constexpr size_t kMaxTemplateBytes = 1u << 20;  // real chat templates are a few KiB
  if (source.size() > kMaxTemplateBytes) {
    return OutOfRange("chat template is " + std::to_string(source.size()) +
                          " bytes but the limit is " + std::to_string(kMaxTemplateBytes),
                      "chat_template_limit");
  }
  VLMXLA_ASSIGN_OR_RETURN(std::vector<jinja::Token> tokens, jinja::Tokenize(source));
  VLMXLA_ASSIGN_OR_RETURN(jinja::Body body, jinja::ParseTemplate(tokens));
  ChatTemplate t;
  auto parsed = std::make_shared<Parsed>();
  parsed->body = std::move(body);
  t.parsed_ = std::move(parsed);
  t.source_ = std::make_shared<const std::string>(std::move(source));
  return t;
}

Result<std::string> ChatTemplate::Render(const nlohmann::ordered_json& context) const {
  if (!context.is_object()) {
    return InvalidArgument("chat template context must be a JSON object", "chat_template_error");
  }
  VLMXLA_ASSIGN_OR_RETURN(jinja::Value ctx, jinja::FromJson(context));
  return jinja::RenderBody(parsed_->body, ctx.as_dict(), limits_);
}

namespace {

Result<std::string> ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("cannot open " + path.string());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Result<nlohmann::ordered_json> ReadJson(const std::filesystem::path& path) {
  VLMXLA_ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  auto j = nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return DataLoss(path.string() + " is not valid JSON");
  return j;
}

// A "chat_template" value: a string, or a list of {name, template} (take "default").
Result<std::string> TemplateFromValue(const nlohmann::ordered_json& v, const std::string& where) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    for (const auto& e : v) {
      if (e.is_object() && e.value("name", "") == "default" && e.contains("template") &&
          e["template"].is_string()) {
        return e["template"].get<std::string>();
      }
    }
    return NotFound(where + ": chat_template list has no template named \"default\"");
  }
  if (v.is_object() && v.contains("default") && v["default"].is_string()) {
    return v["default"].get<std::string>();
  }
  return DataLoss(where + ": chat_template must be a string or a list of {name, template}");
}

}  // namespace

Result<std::string> LoadChatTemplate(const std::string& model_dir) {
  namespace fs = std::filesystem;
  fs::path dir(model_dir);
  if (fs::exists(dir / "chat_template.jinja")) return ReadFile(dir / "chat_template.jinja");
  for (const char* name :
       {"chat_template.json", "processor_config.json", "tokenizer_config.json"}) {
    fs::path p = dir / name;
    if (!fs::exists(p)) continue;
    VLMXLA_ASSIGN_OR_RETURN(nlohmann::ordered_json j, ReadJson(p));
    if (j.is_object() && j.contains("chat_template") && !j["chat_template"].is_null()) {
      return TemplateFromValue(j["chat_template"], p.string());
    }
  }
  return NotFound("no chat template in " + model_dir +
                  " (looked for chat_template.jinja, chat_template.json, processor_config.json and "
                  "tokenizer_config.json)");
}

}  // namespace vlmxla::text
