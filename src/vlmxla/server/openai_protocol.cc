#include "vlmxla/server/openai_protocol.h"

#include <chrono>
#include <cmath>
#include <random>
#include <utility>

namespace vlmxla::server {
namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// Upper bounds that keep a request's own fields from becoming a resource problem.
constexpr size_t kMaxStopStrings = 16;
constexpr size_t kMaxMessages = 4096;

std::string Dump(const ojson& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

const json* Field(const json& obj, const char* name) {
  auto it = obj.find(name);
  if (it == obj.end() || it->is_null()) return nullptr;
  return &*it;
}

std::optional<ApiError> ParseBody(const std::string& body, json* out) {
  try {
    *out = json::parse(body);
  } catch (const json::exception& e) {  // parse_error, and out_of_range for a number past double
    *out = json();
    return BadRequest(std::string("request body is not valid JSON: ") + e.what(), {},
                      "invalid_json");
  }
  if (!out->is_object()) {
    return BadRequest("request body must be a JSON object", {}, "invalid_json");
  }
  return std::nullopt;
}

std::optional<ApiError> GetNumber(const json& obj, const char* name, double lo, double hi,
                                  bool lo_open, std::optional<double>* out) {
  const json* f = Field(obj, name);
  if (!f) return std::nullopt;
  if (!f->is_number()) return BadRequest(std::string("'") + name + "' must be a number", name);
  double v = f->get<double>();
  if (!std::isfinite(v) || v < lo || v > hi || (lo_open && v == lo)) {
    return BadRequest(std::string("'") + name + "' must be in " + (lo_open ? "(" : "[") +
                          json(lo).dump() + ", " + json(hi).dump() + "], got " + f->dump(),
                      name);
  }
  *out = v;
  return std::nullopt;
}

std::optional<ApiError> GetInt(const json& obj, const char* name, int64_t lo, int64_t hi,
                               std::optional<int64_t>* out) {
  const json* f = Field(obj, name);
  if (!f) return std::nullopt;
  if (!f->is_number_integer()) {
    return BadRequest(std::string("'") + name + "' must be an integer, got " + f->dump(), name);
  }
  // Unsigned values above int64 max arrive as number_unsigned; clamp them into the range check.
  int64_t v = f->is_number_unsigned() && f->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)
                  ? INT64_MAX
                  : f->get<int64_t>();
  if (v < lo || v > hi) {
    return BadRequest(std::string("'") + name + "' must be in [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "], got " + f->dump(),
                      name);
  }
  *out = v;
  return std::nullopt;
}

std::optional<ApiError> GetBool(const json& obj, const char* name, bool* out) {
  const json* f = Field(obj, name);
  if (!f) return std::nullopt;
  if (!f->is_boolean()) return BadRequest(std::string("'") + name + "' must be a boolean", name);
  *out = f->get<bool>();
  return std::nullopt;
}

std::optional<ApiError> Unsupported(const std::string& what, const std::string& param) {
  return BadRequest(what + " is not supported by this server", param, "unsupported_parameter");
}

// Fields shared by both endpoints: model, stream, sampling, stop rules, n, penalties.
std::optional<ApiError> ParseCommon(const json& j, ParsedRequest* out) {
  if (const json* m = Field(j, "model")) {
    if (!m->is_string()) return BadRequest("'model' must be a string", "model");
    out->model = m->get<std::string>();
  }
  if (auto e = GetBool(j, "stream", &out->stream)) return e;
  if (const json* so = Field(j, "stream_options")) {
    if (!so->is_object()) return BadRequest("'stream_options' must be an object", "stream_options");
    if (!out->stream) {
      return BadRequest("'stream_options' is only allowed when 'stream' is true", "stream_options");
    }
    if (auto e = GetBool(*so, "include_usage", &out->include_usage)) {
      e->param = "stream_options.include_usage";
      return e;
    }
  }

  std::optional<int64_t> n;
  if (auto e = GetInt(j, "n", 1, INT64_MAX, &n)) return e;
  if (n && *n != 1) return BadRequest("only 'n' = 1 is supported, got " + std::to_string(*n), "n");
  for (const char* name : {"presence_penalty", "frequency_penalty"}) {
    std::optional<double> p;
    if (auto e = GetNumber(j, name, -2.0, 2.0, false, &p)) return e;
    if (p && *p != 0.0) return Unsupported(std::string("a non-zero '") + name + "'", name);
  }
  if (const json* lb = Field(j, "logit_bias")) {
    if (!lb->is_object() || !lb->empty()) return Unsupported("'logit_bias'", "logit_bias");
  }

  engine::GenerationRequest& r = out->request;
  std::optional<int64_t> max_tokens, max_completion_tokens;
  if (auto e = GetInt(j, "max_tokens", 1, INT64_MAX, &max_tokens)) return e;
  if (auto e = GetInt(j, "max_completion_tokens", 1, INT64_MAX, &max_completion_tokens)) return e;
  if (max_completion_tokens) {
    r.stop.max_tokens = *max_completion_tokens;
  } else if (max_tokens) {
    r.stop.max_tokens = *max_tokens;
  }
  out->max_tokens_set = max_tokens || max_completion_tokens;

  if (const json* s = Field(j, "stop")) {
    if (s->is_string()) {
      if (s->get_ref<const std::string&>().empty())
        return BadRequest("'stop' must not be empty", "stop");
      r.stop.stop.push_back(s->get<std::string>());
    } else if (s->is_array()) {
      if (s->size() > kMaxStopStrings) {
        return BadRequest("'stop' has " + std::to_string(s->size()) + " strings; at most " +
                              std::to_string(kMaxStopStrings) + " are allowed",
                          "stop");
      }
      for (size_t i = 0; i < s->size(); ++i) {
        const json& v = (*s)[i];
        if (!v.is_string() || v.get_ref<const std::string&>().empty()) {
          return BadRequest("'stop' entries must be non-empty strings",
                            "stop[" + std::to_string(i) + "]");
        }
        r.stop.stop.push_back(v.get<std::string>());
      }
    } else {
      return BadRequest("'stop' must be a string or a list of strings", "stop");
    }
  }
  if (auto e = GetBool(j, "ignore_eos", &r.stop.ignore_eos)) return e;

  std::optional<double> temperature, top_p, min_p;
  std::optional<int64_t> top_k;
  if (auto e = GetNumber(j, "temperature", 0.0, 2.0, false, &temperature)) return e;
  if (auto e = GetNumber(j, "top_p", 0.0, 1.0, true, &top_p)) return e;
  if (auto e = GetNumber(j, "min_p", 0.0, 1.0, false, &min_p)) return e;
  if (auto e = GetInt(j, "top_k", -1, INT32_MAX, &top_k)) return e;
  if (const json* s = Field(j, "seed")) {
    if (!s->is_number_integer()) return BadRequest("'seed' must be an integer", "seed");
    // Any 64-bit integer is a valid seed; negative ones keep their bit pattern.
    r.sampling.seed =
        s->is_number_unsigned() ? s->get<uint64_t>() : static_cast<uint64_t>(s->get<int64_t>());
  }
  if (temperature) r.sampling.temperature = static_cast<float>(*temperature);
  if (top_p) r.sampling.top_p = static_cast<float>(*top_p);
  if (min_p) r.sampling.min_p = static_cast<float>(*min_p);
  if (top_k) r.sampling.top_k = *top_k < 0 ? 0 : static_cast<int>(*top_k);  // -1: off (vLLM)
  return std::nullopt;
}

std::optional<ApiError> ParseContent(const json& content, const std::string& param,
                                     prompt::Message* msg, std::vector<ImageRef>* images) {
  if (content.is_string()) {
    msg->content.push_back({prompt::ContentPart::Kind::kText, content.get<std::string>()});
    return std::nullopt;
  }
  if (!content.is_array()) {
    return BadRequest("'content' must be a string or a list of parts", param);
  }
  for (size_t i = 0; i < content.size(); ++i) {
    const json& part = content[i];
    const std::string pp = param + "[" + std::to_string(i) + "]";
    if (!part.is_object()) return BadRequest("a content part must be an object", pp);
    const json* type = Field(part, "type");
    if (!type || !type->is_string()) {
      return BadRequest("a content part needs a 'type'", pp + ".type");
    }
    const std::string& t = type->get_ref<const std::string&>();
    if (t == "text") {
      const json* text = Field(part, "text");
      if (!text || !text->is_string())
        return BadRequest("a text part needs a string 'text'", pp + ".text");
      msg->content.push_back({prompt::ContentPart::Kind::kText, text->get<std::string>()});
    } else if (t == "image_url") {
      const json* iu = Field(part, "image_url");
      const json* url = nullptr;
      std::string url_param = pp + ".image_url";
      if (iu && iu->is_string()) {
        url = iu;  // some clients send the URL directly
      } else if (iu && iu->is_object()) {
        url = Field(*iu, "url");
        url_param += ".url";
      }
      if (!url || !url->is_string() || url->get_ref<const std::string&>().empty()) {
        return BadRequest("an image_url part needs a non-empty 'image_url.url'",
                          pp + ".image_url.url");
      }
      msg->content.push_back({prompt::ContentPart::Kind::kImage, {}});
      images->push_back({url->get<std::string>(), url_param});
    } else if (t == "video_url" || t == "video" || t == "input_video") {
      // Qwen2-VL reads video, but vlmxla runs images only: name that limit, not just the type.
      return BadRequest(
          "video input is not supported (images only: send frames as 'image_url' "
          "parts); content part type '" +
              t + "'",
          pp + ".type", "video_unsupported");
    } else {
      return BadRequest(
          "content part type '" + t + "' is not supported (use 'text' or 'image_url')",
          pp + ".type", "unsupported_content_type");
    }
  }
  return std::nullopt;
}

std::optional<ApiError> ParseMessages(const json& j, ParsedRequest* out) {
  const json* messages = Field(j, "messages");
  if (!messages) return BadRequest("'messages' is required", "messages");
  if (!messages->is_array()) return BadRequest("'messages' must be a list", "messages");
  if (messages->empty()) return BadRequest("'messages' must not be empty", "messages");
  if (messages->size() > kMaxMessages) {
    return BadRequest("'messages' has " + std::to_string(messages->size()) + " entries; at most " +
                          std::to_string(kMaxMessages) + " are allowed",
                      "messages");
  }
  for (size_t i = 0; i < messages->size(); ++i) {
    const json& m = (*messages)[i];
    const std::string mp = "messages[" + std::to_string(i) + "]";
    if (!m.is_object()) return BadRequest("a message must be an object", mp);
    const json* role = Field(m, "role");
    if (!role || !role->is_string()) {
      return BadRequest("a message needs a string 'role'", mp + ".role");
    }
    prompt::Message msg;
    msg.role = role->get<std::string>();
    if (msg.role == "developer") msg.role = "system";  // OpenAI's newer name for system
    if (msg.role != "system" && msg.role != "user" && msg.role != "assistant") {
      return BadRequest("role '" + msg.role + "' is not supported (system, user, assistant)",
                        mp + ".role");
    }
    if (const json* tc = Field(m, "tool_calls")) {
      if (!tc->is_array() || !tc->empty()) return Unsupported("'tool_calls'", mp + ".tool_calls");
    }
    const json* content = Field(m, "content");
    if (!content) {
      // An assistant turn may carry no content; every other turn must say something.
      if (msg.role != "assistant") return BadRequest("a message needs 'content'", mp + ".content");
    } else if (auto e = ParseContent(*content, mp + ".content", &msg, &out->images)) {
      return e;
    }
    out->request.messages.push_back(std::move(msg));
  }
  return std::nullopt;
}

ojson Base(const ResponseMeta& meta, const char* object) {
  ojson j;
  j["id"] = meta.id;
  j["object"] = object;
  j["created"] = meta.created;
  j["model"] = meta.model;
  return j;
}

const char* ChunkObject(const ResponseMeta& meta) {
  return meta.endpoint == Endpoint::kChat ? "chat.completion.chunk" : "text_completion";
}

// One choice of a stream chunk; `finish` empty: null.
ojson ChunkChoice(const ResponseMeta& meta, const std::optional<std::string>& role,
                  const std::optional<std::string>& text, const std::string& finish) {
  ojson c;
  c["index"] = 0;
  if (meta.endpoint == Endpoint::kChat) {
    ojson delta = ojson::object();
    if (role) delta["role"] = *role;
    if (text) delta["content"] = *text;
    c["delta"] = std::move(delta);
  } else {
    c["text"] = text.value_or("");
  }
  c["logprobs"] = nullptr;
  c["finish_reason"] = finish.empty() ? ojson() : ojson(finish);
  return c;
}

std::string Chunk(const ResponseMeta& meta, ojson choice, bool include_usage) {
  ojson j = Base(meta, ChunkObject(meta));
  j["choices"] = ojson::array({std::move(choice)});
  if (include_usage) j["usage"] = nullptr;
  return Dump(j);
}

}  // namespace

std::optional<ApiError> ParseChatRequest(const std::string& body, ParsedRequest* out) {
  *out = ParsedRequest{};
  out->endpoint = Endpoint::kChat;
  json j;
  if (auto e = ParseBody(body, &j)) return e;
  if (auto e = ParseCommon(j, out)) return e;
  bool logprobs = false;
  if (auto e = GetBool(j, "logprobs", &logprobs)) return e;
  if (logprobs) return Unsupported("'logprobs'", "logprobs");
  if (Field(j, "top_logprobs")) return Unsupported("'top_logprobs'", "top_logprobs");
  for (const char* name : {"tools", "functions"}) {
    if (const json* t = Field(j, name)) {
      if (!t->is_array() || !t->empty()) return Unsupported(std::string("'") + name + "'", name);
    }
  }
  if (const json* rf = Field(j, "response_format")) {
    const json* type = rf->is_object() ? Field(*rf, "type") : nullptr;
    if (!type || *type != "text")
      return Unsupported("a 'response_format' other than text", "response_format");
  }
  return ParseMessages(j, out);
}

std::optional<ApiError> ParseTextRequest(const std::string& body, ParsedRequest* out) {
  *out = ParsedRequest{};
  out->endpoint = Endpoint::kText;
  json j;
  if (auto e = ParseBody(body, &j)) return e;
  if (auto e = ParseCommon(j, out)) return e;
  const json* p = Field(j, "prompt");
  if (!p) return BadRequest("'prompt' is required", "prompt");
  if (p->is_array() && p->size() == 1 && (*p)[0].is_string()) p = &(*p)[0];
  if (!p->is_string()) {
    return BadRequest("'prompt' must be a string (or a list holding one string)", "prompt");
  }
  out->request.raw_prompt = p->get<std::string>();
  bool echo = false;
  if (auto e = GetBool(j, "echo", &echo)) return e;
  if (echo) return Unsupported("'echo'", "echo");
  if (Field(j, "suffix")) return Unsupported("'suffix'", "suffix");
  if (Field(j, "logprobs")) return Unsupported("'logprobs'", "logprobs");
  std::optional<int64_t> best_of;
  if (auto e = GetInt(j, "best_of", 1, INT64_MAX, &best_of)) return e;
  if (best_of && *best_of != 1) return Unsupported("'best_of' other than 1", "best_of");
  return std::nullopt;
}

ResponseMeta NewResponseMeta(Endpoint endpoint, const std::string& model) {
  thread_local std::mt19937_64 rng(std::random_device{}());
  static const char kHex[] = "0123456789abcdef";
  std::string id = endpoint == Endpoint::kChat ? "chatcmpl-" : "cmpl-";
  for (int i = 0; i < 24; ++i) id += kHex[rng() & 15];
  ResponseMeta meta;
  meta.endpoint = endpoint;
  meta.id = std::move(id);
  meta.created = std::chrono::duration_cast<std::chrono::seconds>(
                     std::chrono::system_clock::now().time_since_epoch())
                     .count();
  meta.model = model;
  return meta;
}

std::optional<std::string> OpenAiFinishReason(engine::FinishReason reason) {
  switch (reason) {
    case engine::FinishReason::kStop: return "stop";
    case engine::FinishReason::kLength: return "length";
    case engine::FinishReason::kCancelled:
    case engine::FinishReason::kError: return std::nullopt;
  }
  return std::nullopt;
}

nlohmann::ordered_json UsageJson(const engine::Usage& usage) {
  ojson u;
  u["prompt_tokens"] = usage.prompt_tokens;
  u["completion_tokens"] = usage.completion_tokens;
  u["total_tokens"] = usage.prompt_tokens + usage.completion_tokens;
  u["vlmxla"] = {{"prompt_tokens_logical", usage.prompt_tokens_logical}};
  return u;
}

std::string CompletionBody(const ResponseMeta& meta, const std::string& text,
                           const std::string& finish_reason, const engine::Usage& usage) {
  const bool chat = meta.endpoint == Endpoint::kChat;
  ojson j = Base(meta, chat ? "chat.completion" : "text_completion");
  ojson c;
  c["index"] = 0;
  if (chat) {
    c["message"] = {{"role", "assistant"}, {"content", text}};
  } else {
    c["text"] = text;
  }
  c["logprobs"] = nullptr;
  c["finish_reason"] = finish_reason;
  j["choices"] = ojson::array({std::move(c)});
  j["usage"] = UsageJson(usage);
  return Dump(j);
}

std::string RoleChunk(const ResponseMeta& meta, bool include_usage) {
  return Chunk(meta, ChunkChoice(meta, "assistant", "", ""), include_usage);
}

std::string TextChunk(const ResponseMeta& meta, const std::string& text, bool include_usage) {
  return Chunk(meta, ChunkChoice(meta, std::nullopt, text, ""), include_usage);
}

std::string FinishChunk(const ResponseMeta& meta, const std::string& finish_reason,
                        bool include_usage) {
  const std::optional<std::string> text =
      meta.endpoint == Endpoint::kChat ? std::nullopt : std::optional<std::string>("");
  return Chunk(meta, ChunkChoice(meta, std::nullopt, text, finish_reason), include_usage);
}

std::string UsageChunk(const ResponseMeta& meta, const engine::Usage& usage) {
  ojson j = Base(meta, ChunkObject(meta));
  j["choices"] = ojson::array();
  j["usage"] = UsageJson(usage);
  return Dump(j);
}

std::string ModelsBody(const engine::ModelInfo& info, int64_t created) {
  ojson m;
  m["id"] = info.id;
  m["object"] = "model";
  m["created"] = created;
  m["owned_by"] = "vlmxla";
  m["max_model_len"] = info.context_capacity;
  ojson j;
  j["object"] = "list";
  j["data"] = ojson::array({std::move(m)});
  return Dump(j);
}

}  // namespace vlmxla::server
