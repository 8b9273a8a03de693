#include "vlmxla/prompt/messages.h"

namespace vlmxla::prompt {

std::vector<Message> SingleTurn(const std::optional<std::string>& system, const std::string& prompt,
                                int num_images) {
  std::vector<Message> out;
  if (system) out.push_back({"system", {{ContentPart::Kind::kText, *system}}});
  Message user{"user", {}};
  for (int i = 0; i < num_images; ++i) user.content.push_back({ContentPart::Kind::kImage, {}});
  user.content.push_back({ContentPart::Kind::kText, prompt});
  out.push_back(std::move(user));
  return out;
}

nlohmann::ordered_json MessagesToJson(const std::vector<Message>& messages) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& m : messages) {
    nlohmann::ordered_json content = nlohmann::ordered_json::array();
    for (const auto& part : m.content) {
      nlohmann::ordered_json p;
      if (part.kind == ContentPart::Kind::kImage) {
        p["type"] = "image";
      } else {
        p["type"] = "text";
        p["text"] = part.text;
      }
      content.push_back(std::move(p));
    }
    nlohmann::ordered_json msg;
    msg["role"] = m.role;
    msg["content"] = std::move(content);
    if (!m.tool_calls.is_null()) msg["tool_calls"] = m.tool_calls;
    if (!m.tool_call_id.empty()) msg["tool_call_id"] = m.tool_call_id;
    out.push_back(std::move(msg));
  }
  return out;
}

int CountImages(const std::vector<Message>& messages) {
  int n = 0;
  for (const auto& m : messages)
    for (const auto& p : m.content) n += p.kind == ContentPart::Kind::kImage;
  return n;
}

}  // namespace vlmxla::prompt
