// The conversation a request becomes, in the shape Transformers' chat templates expect.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace vlmxla::prompt {

// One text part or one image slot of a message; images are referenced by position in the
// request's image list.
struct ContentPart {
  enum class Kind { kText, kImage };
  Kind kind = Kind::kText;
  std::string text;
};

struct Message {
  std::string role;  // "system" | "user" | "assistant" | "tool"
  std::vector<ContentPart> content;
  // An assistant turn's calls, as chat templates read them: [{"type": "function", "id",
  // "function": {"name", "arguments": <object>}}]; null: none.
  nlohmann::ordered_json tool_calls = nullptr;
  std::string tool_call_id = {};  // a tool turn: the call it answers
};

// The single-turn conversation the CLI builds and the oracle mirrors: an optional system message,
// then one user message with every image first and the prompt text last.
std::vector<Message> SingleTurn(const std::optional<std::string>& system, const std::string& prompt,
                                int num_images);

// [{"role": ..., "content": [{"type": "image"} | {"type": "text", "text": ...}]}], with
// "tool_calls" and "tool_call_id" where a message has them.
nlohmann::ordered_json MessagesToJson(const std::vector<Message>& messages);

int CountImages(const std::vector<Message>& messages);

}  // namespace vlmxla::prompt
