#include "vlmxla/server/tool_calls.h"

#include <algorithm>
#include <optional>

#include <nlohmann/json.hpp>

namespace vlmxla::server {
namespace {

using json = nlohmann::json;

constexpr std::string_view kHermesOpen = "<tool_call>";
constexpr std::string_view kHermesClose = "</tool_call>";
constexpr std::string_view kMistralOpen = "[TOOL_CALLS]";
constexpr std::string_view kPythonTag = "<|python_tag|>";

// The length of the longest suffix of `text` that is a proper prefix of `tag`.
size_t PartialTagAtEnd(std::string_view text, std::string_view tag) {
  for (size_t n = std::min(text.size(), tag.size() - 1); n > 0; --n)
    if (text.substr(text.size() - n) == tag.substr(0, n)) return n;
  return 0;
}

// {"name": string, <arguments_key>: object} -> a call; anything else: nullopt.
std::optional<ToolCall> CallFromJson(const json& j, const char* arguments_key) {
  if (!j.is_object()) return std::nullopt;
  auto name = j.find("name");
  auto args = j.find(arguments_key);
  if (args == j.end() && std::string_view(arguments_key) == "parameters")
    args = j.find("arguments");
  if (name == j.end() || !name->is_string() || args == j.end() || !args->is_object()) {
    return std::nullopt;
  }
  return ToolCall{name->get<std::string>(), args->dump()};
}

std::optional<json> ParseJson(std::string_view text) {
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

std::string_view TrimLeft(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  return s;
}

}  // namespace

ToolCallFormat ToolCallFormatFromName(const std::string& name) {
  if (name == "mistral") return ToolCallFormat::kMistral;
  if (name == "json") return ToolCallFormat::kJson;
  return ToolCallFormat::kHermes;
}

ToolCallMarkup MarkupFor(ToolCallFormat format) {
  switch (format) {
    case ToolCallFormat::kMistral: return {"[TOOL_CALLS][", "]", "arguments"};
    case ToolCallFormat::kJson: return {"", "", "parameters"};
    case ToolCallFormat::kHermes: break;
  }
  return {"<tool_call>\n", "\n</tool_call>", "arguments"};
}

ToolCallStream::Step ToolCallStream::Push(std::string_view text) {
  held_.append(text);
  return Drain(false);
}

ToolCallStream::Step ToolCallStream::Finish() { return Drain(true); }

ToolCallStream::Step ToolCallStream::Drain(bool final) {
  Step step;
  if (format_ == ToolCallFormat::kHermes) {
    for (;;) {
      if (after_call_) {
        const size_t text = held_.find_first_not_of(" \t\r\n");
        held_.erase(0, text == std::string::npos ? held_.size() : text);
        if (held_.empty()) break;
        after_call_ = false;
      }
      const size_t open = held_.find(kHermesOpen);
      if (open == std::string::npos) {
        // No call opens: all but a possible start of "<tool_call>" is content.
        const size_t keep = final ? 0 : PartialTagAtEnd(held_, kHermesOpen);
        step.content += held_.substr(0, held_.size() - keep);
        held_.erase(0, held_.size() - keep);
        break;
      }
      step.content += held_.substr(0, open);
      held_.erase(0, open);
      const size_t close = held_.find(kHermesClose);
      if (close == std::string::npos) {
        if (final) {  // never closed: the model's text as it is
          step.content += held_;
          held_.clear();
        }
        break;
      }
      const std::string_view body =
          std::string_view(held_).substr(kHermesOpen.size(), close - kHermesOpen.size());
      std::optional<ToolCall> call;
      if (auto j = ParseJson(body)) call = CallFromJson(*j, "arguments");
      if (call) {
        step.calls.push_back(std::move(*call));
        after_call_ = true;
      } else {
        step.content += held_.substr(0, close + kHermesClose.size());
      }
      held_.erase(0, close + kHermesClose.size());
    }
    if (!step.content.empty() || !step.calls.empty()) started_ = true;
    return step;
  }

  // Mistral and bare JSON: a call is the whole rest of the output, known only at its end.
  const std::string_view tag = format_ == ToolCallFormat::kMistral ? kMistralOpen : kPythonTag;
  const std::string_view rest = TrimLeft(held_);
  const bool may_be_call =
      format_ == ToolCallFormat::kMistral
          ? (rest.size() >= tag.size() ? rest.substr(0, tag.size()) == tag
                                       : tag.substr(0, rest.size()) == rest)
          : !started_ && (rest.empty() || rest.front() == '{' ||
                          (rest.size() >= tag.size() ? rest.substr(0, tag.size()) == tag
                                                     : tag.substr(0, rest.size()) == rest));
  if (may_be_call && !final) return step;  // hold until the end
  if (may_be_call && !rest.empty()) {
    std::string_view body = rest;
    if (body.substr(0, tag.size()) == tag) body.remove_prefix(tag.size());
    const char* key = format_ == ToolCallFormat::kMistral ? "arguments" : "parameters";
    if (auto j = ParseJson(body)) {
      const json list = j->is_array() ? *j : json::array({*j});
      std::vector<ToolCall> calls;
      for (const json& c : list) {
        auto call = CallFromJson(c, key);
        if (!call) {
          calls.clear();
          break;
        }
        calls.push_back(std::move(*call));
      }
      if (!calls.empty()) {
        step.calls = std::move(calls);
        held_.clear();
        started_ = true;
        return step;
      }
    }
  }
  step.content = std::move(held_);
  held_.clear();
  if (!step.content.empty()) started_ = true;
  return step;
}

}  // namespace vlmxla::server
