// Tool calls in a model's output, in the formats of the families we serve: Qwen2.5 / Hermes
// (<tool_call>{"name", "arguments"}</tool_call>, any number), Mistral ([TOOL_CALLS][{"name",
// "arguments"}, ...]) and Llama 3.1 (a bare {"name", "parameters"} object as the whole output,
// after an optional <|python_tag|>). The stream parser holds back only text that may still become
// a call and hands out each call once it is complete, so a streamed response and a whole one
// carry the same content and calls.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vlmxla::server {

enum class ToolCallFormat { kHermes, kMistral, kJson };

// "hermes" | "mistral" | "json" (engine::ModelInfo::tool_call_format); anything else: kHermes.
ToolCallFormat ToolCallFormatFromName(const std::string& name);

struct ToolCall {
  std::string name;
  std::string arguments;  // a JSON object, serialized compactly (OpenAI sends a string)
};

// How a forced call (tool_choice "required" or a named function) is written in `format`: the
// text before and after the JSON object, and the object's key for the arguments.
struct ToolCallMarkup {
  std::string prefix;
  std::string suffix;
  std::string arguments_key;
};
ToolCallMarkup MarkupFor(ToolCallFormat format);

class ToolCallStream {
 public:
  explicit ToolCallStream(ToolCallFormat format) : format_(format) {}

  struct Step {
    std::string content;          // text to send as content now
    std::vector<ToolCall> calls;  // calls completed by this text
  };
  // Appends generated text.
  Step Push(std::string_view text);
  // The end of the output: what was held back is resolved (a call that never completed or does
  // not parse goes out as content, as the model wrote it).
  Step Finish();

 private:
  // Takes what `held_` resolves to; `final`: no more text will come.
  Step Drain(bool final);

  ToolCallFormat format_;
  std::string held_;
  bool started_ = false;  // some content or call went out (a bare-JSON call must open the output)
  bool after_call_ = false;  // Hermes: whitespace right after a call separates calls, not content
};

}  // namespace vlmxla::server
