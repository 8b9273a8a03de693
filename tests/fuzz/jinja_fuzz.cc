// libFuzzer target: a chat template's source through the Jinja lexer, parser and renderer, with a
// conversation like the server's (system, text, image parts, assistant turn). Limits are lowered
// so a template that loops or grows output is stopped by them, fast, rather than timing out.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "vlmxla/text/chat_template.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto tmpl =
      vlmxla::text::ChatTemplate::Parse(std::string(reinterpret_cast<const char*>(data), size));
  if (!tmpl.ok()) return 0;
  tmpl->set_limits(
      {.max_call_depth = 50, .max_loop_iterations = 20000, .max_output_bytes = 1u << 20});
  static const nlohmann::ordered_json context = nlohmann::ordered_json::parse(R"({
    "messages": [
      {"role": "system", "content": "You are helpful."},
      {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "What is it?"}]},
      {"role": "assistant", "content": "A cat."},
      {"role": "user", "content": "And <b>now</b>?"}],
    "add_generation_prompt": true, "bos_token": "<s>", "eos_token": "</s>",
    "tools": null})");
  (void)tmpl->Render(context);
  return 0;
}
