// Chat templates: parse a model's Jinja chat template once, render it for many conversations,
// byte-identical to Transformers' apply_chat_template (jinja2 sandbox, trim/lstrip blocks).
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/text/jinja_eval.h"

namespace vlmxla::text {

class ChatTemplate {
 public:
  // Syntax errors are InvalidArgument (reason "chat_template_syntax") naming line and column.
  static Result<ChatTemplate> Parse(std::string source);

  // `context` is an object: messages, add_generation_prompt, bos_token, eos_token, tools, and
  // any extra kwargs. raise_exception(msg) and other template errors are InvalidArgument with
  // reason "chat_template_error"; limits (loop iterations, output size, depth) are OutOfRange
  // with reason "chat_template_limit".
  Result<std::string> Render(const nlohmann::ordered_json& context) const;

  void set_limits(const jinja::RenderLimits& limits) { limits_ = limits; }
  const std::string& source() const { return *source_; }

 private:
  struct Parsed;
  std::shared_ptr<const std::string> source_;
  std::shared_ptr<const Parsed> parsed_;
  jinja::RenderLimits limits_;
};

// The default chat template of a model directory, in Transformers 5.23's order:
// chat_template.jinja, then chat_template.json {"chat_template": ...}, then processor_config.json
// "chat_template", then tokenizer_config.json "chat_template" (a string, or a list of {name,
// template} -> "default").
Result<std::string> LoadChatTemplate(const std::string& model_dir);

}  // namespace vlmxla::text
