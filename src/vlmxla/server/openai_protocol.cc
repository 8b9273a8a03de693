#include "vlmxla/server/openai_protocol.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <random>
#include <span>
#include <string_view>
#include <utility>

namespace vlmxla::server {
namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// Upper bounds that keep a request's own fields from becoming a resource problem.
constexpr size_t kMaxStopStrings = 16;
constexpr size_t kMaxMessages = 4096;
constexpr size_t kMaxLogitBias = 1024;
constexpr size_t kMaxDetokenize = 1 << 20;
// A schema or grammar compiles into automata per request: bounded so one request cannot spend
// minutes compiling.
constexpr size_t kMaxGrammarBytes = 64 * 1024;

// Top-level fields each route reads (or accepts and ignores, with the reason in docs/server.md);
// any other field is refused, so nothing a client sends is silently dropped.
constexpr std::string_view kCommonFields[] = {"model",
                                              "stream",
                                              "stream_options",
                                              "n",
                                              "presence_penalty",
                                              "frequency_penalty",
                                              "repetition_penalty",
                                              "logit_bias",
                                              "max_tokens",
                                              "max_completion_tokens",
                                              "stop",
                                              "ignore_eos",
                                              "temperature",
                                              "top_p",
                                              "min_p",
                                              "top_k",
                                              "seed",
                                              "user",
                                              "grammar"};
constexpr std::string_view kChatFields[] = {
    "messages",  "logprobs",    "top_logprobs",        "tools",
    "functions", "tool_choice", "parallel_tool_calls", "response_format",
    "store",     "metadata"};
constexpr std::string_view kTextFields[] = {"prompt", "echo", "suffix", "logprobs", "best_of"};

bool Listed(std::string_view key, std::span<const std::string_view> list) {
  return std::find(list.begin(), list.end(), key) != list.end();
}

// 400 for the first non-null field in neither list.
std::optional<ApiError> RefuseUnknown(const json& j, std::span<const std::string_view> a,
                                      std::span<const std::string_view> b = {}) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it->is_null() || Listed(it.key(), a) || Listed(it.key(), b)) continue;
    return BadRequest("'" + it.key() +
                          "' is not a parameter this server reads; it is refused rather than "
                          "ignored (docs/server.md lists the parameters)",
                      it.key(), "unsupported_parameter");
  }
  return std::nullopt;
}

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

// 400 when the list `param` has more than `max` entries (`noun`: "entries", "ids").
std::optional<ApiError> CheckCount(const json& list, const std::string& param, size_t max,
                                   const char* noun = "entries") {
  if (list.size() <= max) return std::nullopt;
  return BadRequest("'" + param + "' has " + std::to_string(list.size()) + " " + noun +
                        "; at most " + std::to_string(max) + " are allowed",
                    param);
}

std::optional<ApiError> Unsupported(const std::string& what, const std::string& param) {
  return BadRequest(what + " is not supported by this server", param, "unsupported_parameter");
}

constexpr size_t kMaxTools = 128;

engine::GrammarSpec GrammarOf(engine::GrammarSpec::Kind kind, std::string text, bool strict) {
  engine::GrammarSpec g;
  g.kind = kind;
  g.text = std::move(text);
  g.strict = strict;
  return g;
}

// A function name as OpenAI allows it: 1-64 of a-z, A-Z, 0-9, '_' and '-'.
std::optional<ApiError> CheckName(const json* name, const std::string& param) {
  if (!name || !name->is_string() || name->get_ref<const std::string&>().empty() ||
      name->get_ref<const std::string&>().size() > 64) {
    return BadRequest("'" + param + "' must be a string of 1 to 64 characters", param);
  }
  for (char c : name->get_ref<const std::string&>()) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') {
      return BadRequest("'" + param + "' may hold only a-z, A-Z, 0-9, '_' and '-'", param);
    }
  }
  return std::nullopt;
}

// tools: [{"type": "function", "function": {"name", "description", "parameters", "strict"}}].
std::optional<ApiError> ParseTools(const json& j, ParsedRequest* out) {
  if (const json* f = Field(j, "functions"); f && (!f->is_array() || !f->empty())) {
    return Unsupported("the legacy 'functions' (send 'tools')", "functions");
  }
  const json* tools = Field(j, "tools");
  if (tools) {
    if (!tools->is_array()) return BadRequest("'tools' must be a list", "tools");
    if (auto e = CheckCount(*tools, "tools", kMaxTools)) return e;
    for (size_t i = 0; i < tools->size(); ++i) {
      const json& t = (*tools)[i];
      const std::string tp = "tools[" + std::to_string(i) + "]";
      const json* type = t.is_object() ? Field(t, "type") : nullptr;
      if (!type || *type != "function") {
        return BadRequest("a tool must be {\"type\": \"function\", \"function\": {...}}",
                          tp + ".type");
      }
      const json* fn = Field(t, "function");
      if (!fn || !fn->is_object()) {
        return BadRequest("a tool needs a 'function' object", tp + ".function");
      }
      for (auto it = fn->begin(); it != fn->end(); ++it) {
        const std::string& k = it.key();
        if (k != "name" && k != "description" && k != "parameters" && k != "strict") {
          return BadRequest("'" + tp + ".function." + k +
                                "' is not a field of a function (name, description, parameters, "
                                "strict)",
                            tp + ".function." + k, "unsupported_parameter");
        }
      }
      const json* name = Field(*fn, "name");
      if (auto e = CheckName(name, tp + ".function.name")) return e;
      if (const json* d = Field(*fn, "description"); d && !d->is_string()) {
        return BadRequest("'" + tp + ".function.description' must be a string",
                          tp + ".function.description");
      }
      bool strict = false;
      if (auto e = GetBool(*fn, "strict", &strict)) {
        e->param = tp + ".function.strict";
        return e;
      }
      const json* params = Field(*fn, "parameters");
      if (params && !params->is_object()) {
        return BadRequest("'" + tp + ".function.parameters' must be a JSON Schema object",
                          tp + ".function.parameters");
      }
      const std::string& n = name->get_ref<const std::string&>();
      for (const auto& [seen, unused] : out->functions) {
        if (seen == n) {
          return BadRequest("two tools are named '" + n + "'", tp + ".function.name");
        }
      }
      out->functions.emplace_back(n, params ? *params : json{{"type", "object"}});
    }
    if (!tools->empty()) out->request.tools = *tools;
  }
  const json* tc = Field(j, "tool_choice");
  if (!tc) return std::nullopt;
  if (tc->is_string()) {
    const std::string& c = tc->get_ref<const std::string&>();
    if (c == "none") {
      out->tool_choice = ToolChoice::kNone;
    } else if (c == "auto") {
      out->tool_choice = ToolChoice::kAuto;
    } else if (c == "required") {
      out->tool_choice = ToolChoice::kRequired;
    } else {
      return BadRequest(
          "'tool_choice' must be 'none', 'auto', 'required' or {\"type\": "
          "\"function\", \"function\": {\"name\": ...}}, got '" +
              c + "'",
          "tool_choice");
    }
  } else {
    const json* type = tc->is_object() ? Field(*tc, "type") : nullptr;
    const json* fn = type && *type == "function" ? Field(*tc, "function") : nullptr;
    if (!fn || !fn->is_object()) {
      return BadRequest(
          "'tool_choice' must be 'none', 'auto', 'required' or {\"type\": "
          "\"function\", \"function\": {\"name\": ...}}",
          "tool_choice");
    }
    if (auto e = CheckName(Field(*fn, "name"), "tool_choice.function.name")) return e;
    out->tool_choice = ToolChoice::kNamed;
    out->tool_choice_name = (*fn)["name"].get<std::string>();
    bool known = false;
    for (const auto& [n, unused] : out->functions) known = known || n == out->tool_choice_name;
    if (!known) {
      return BadRequest(
          "'tool_choice' names '" + out->tool_choice_name + "', which is not among the 'tools'",
          "tool_choice.function.name");
    }
  }
  if (out->functions.empty() && (out->tool_choice == ToolChoice::kRequired)) {
    return BadRequest("'tool_choice': 'required' needs 'tools'", "tool_choice");
  }
  return std::nullopt;
}

// An assistant message's tool_calls, as templates read them: arguments parsed into an object.
std::optional<ApiError> ParseMessageToolCalls(const json& calls, const std::string& param,
                                              prompt::Message* msg) {
  if (!calls.is_array()) return BadRequest("'tool_calls' must be a list", param);
  if (calls.empty()) return std::nullopt;
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (size_t i = 0; i < calls.size(); ++i) {
    const json& c = calls[i];
    const std::string cp = param + "[" + std::to_string(i) + "]";
    const json* fn = c.is_object() ? Field(c, "function") : nullptr;
    if (!fn || !fn->is_object()) return BadRequest("a tool call needs a 'function'", cp);
    if (auto e = CheckName(Field(*fn, "name"), cp + ".function.name")) return e;
    const json* args = Field(*fn, "arguments");
    if (!args || !args->is_string()) {
      return BadRequest("a tool call's 'function.arguments' must be a string of JSON",
                        cp + ".function.arguments");
    }
    nlohmann::ordered_json parsed =
        nlohmann::ordered_json::parse(args->get_ref<const std::string&>(), nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) {
      return BadRequest("a tool call's 'function.arguments' must be a JSON object",
                        cp + ".function.arguments");
    }
    nlohmann::ordered_json call;
    call["type"] = "function";
    if (const json* id = Field(c, "id"); id && id->is_string()) call["id"] = *id;
    call["function"] = {{"name", (*fn)["name"]}, {"arguments", std::move(parsed)}};
    out.push_back(std::move(call));
  }
  msg->tool_calls = std::move(out);
  return std::nullopt;
}

std::optional<ApiError> CheckGrammarSize(size_t bytes, const std::string& param) {
  if (bytes <= kMaxGrammarBytes) return std::nullopt;
  return BadRequest("'" + param + "' is " + std::to_string(bytes) + " bytes; at most " +
                        std::to_string(kMaxGrammarBytes) + " are allowed",
                    param);
}

// The "grammar" extension: an EBNF grammar (xgrammar's GBNF dialect, start rule `root`).
std::optional<ApiError> ParseGrammar(const json& j, ParsedRequest* out) {
  const json* g = Field(j, "grammar");
  if (!g) return std::nullopt;
  if (!g->is_string() || g->get_ref<const std::string&>().empty()) {
    return BadRequest("'grammar' must be a non-empty string (EBNF whose start rule is 'root')",
                      "grammar");
  }
  if (auto e = CheckGrammarSize(g->get_ref<const std::string&>().size(), "grammar")) return e;
  if (out->request.grammar) {
    return BadRequest("'grammar' and a JSON 'response_format' cannot both constrain the output",
                      "grammar");
  }
  out->request.grammar = GrammarOf(engine::GrammarSpec::Kind::kEbnf, g->get<std::string>(), true);
  out->grammar_param = "grammar";
  return std::nullopt;
}

// response_format: {"type": "text"}, {"type": "json_object"}, or {"type": "json_schema",
// "json_schema": {"name", "schema", "strict", "description"}}.
std::optional<ApiError> ParseResponseFormat(const json& j, ParsedRequest* out) {
  const json* rf = Field(j, "response_format");
  if (!rf) return std::nullopt;
  const json* type = rf->is_object() ? Field(*rf, "type") : nullptr;
  if (!type || !type->is_string()) {
    return BadRequest("'response_format' must be an object with a string 'type'",
                      "response_format");
  }
  const std::string& t = type->get_ref<const std::string&>();
  for (auto it = rf->begin(); it != rf->end(); ++it) {
    if (it.key() != "type" && !(t == "json_schema" && it.key() == "json_schema")) {
      return BadRequest(
          "'response_format." + it.key() + "' is not a field of a '" + t + "' response_format",
          "response_format." + it.key(), "unsupported_parameter");
    }
  }
  if (t == "text") return std::nullopt;
  if (t == "json_object") {
    out->request.grammar = GrammarOf(engine::GrammarSpec::Kind::kJsonObject, "", false);
    out->grammar_param = "response_format";
    return std::nullopt;
  }
  if (t != "json_schema") {
    return BadRequest(
        "'response_format.type' must be 'text', 'json_object' or 'json_schema', got '" + t + "'",
        "response_format.type");
  }
  const json* js = Field(*rf, "json_schema");
  if (!js || !js->is_object()) {
    return BadRequest("a 'json_schema' response_format needs a 'json_schema' object",
                      "response_format.json_schema");
  }
  const std::string p = "response_format.json_schema";
  for (auto it = js->begin(); it != js->end(); ++it) {
    const std::string& k = it.key();
    if (k != "name" && k != "schema" && k != "strict" && k != "description") {
      return BadRequest("'" + p + "." + k + "' is not a field of json_schema (name, schema, " +
                            "strict, description)",
                        p + "." + k, "unsupported_parameter");
    }
  }
  if (auto e = CheckName(Field(*js, "name"), p + ".name")) return e;
  if (const json* d = Field(*js, "description"); d && !d->is_string()) {
    return BadRequest("'" + p + ".description' must be a string", p + ".description");
  }
  const json* schema = Field(*js, "schema");
  if (!schema || !schema->is_object()) {
    return BadRequest("'" + p + ".schema' must be a JSON Schema object", p + ".schema");
  }
  bool strict = false;
  if (auto e = GetBool(*js, "strict", &strict)) {
    e->param = p + ".strict";
    return e;
  }
  std::string text = schema->dump();
  if (auto e = CheckGrammarSize(text.size(), p + ".schema")) return e;
  out->request.grammar = GrammarOf(engine::GrammarSpec::Kind::kJsonSchema, std::move(text), strict);
  out->grammar_param = p + ".schema";
  return std::nullopt;
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

  engine::GenerationRequest& r = out->request;
  std::optional<int64_t> n;
  // The upper bound is the server's KV slots (ValidateAgainstModel); this one keeps the int.
  if (auto e = GetInt(j, "n", 1, INT32_MAX, &n)) return e;
  if (n) r.n = static_cast<int>(*n);
  std::optional<double> presence, frequency, repetition;
  if (auto e = GetNumber(j, "presence_penalty", -2.0, 2.0, false, &presence)) return e;
  if (auto e = GetNumber(j, "frequency_penalty", -2.0, 2.0, false, &frequency)) return e;
  if (auto e = GetNumber(j, "repetition_penalty", 0.0, std::numeric_limits<float>::max(), true,
                         &repetition)) {
    return e;
  }
  if (presence) r.sampling.presence_penalty = static_cast<float>(*presence);
  if (frequency) r.sampling.frequency_penalty = static_cast<float>(*frequency);
  if (repetition) r.sampling.repetition_penalty = static_cast<float>(*repetition);
  if (const json* lb = Field(j, "logit_bias")) {
    if (!lb->is_object()) {
      return BadRequest("'logit_bias' must be an object of token id -> bias", "logit_bias");
    }
    if (lb->size() > kMaxLogitBias) {
      return BadRequest("'logit_bias' has " + std::to_string(lb->size()) + " entries; at most " +
                            std::to_string(kMaxLogitBias) + " are allowed",
                        "logit_bias");
    }
    for (auto it = lb->begin(); it != lb->end(); ++it) {
      const std::string& key = it.key();
      const std::string param = "logit_bias." + key;
      const bool digits =
          !key.empty() && key.size() <= 9 &&
          std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!digits) {
        return BadRequest(
            "'logit_bias' keys must be token ids (decimal integers >= 0), got '" + key + "'",
            param);
      }
      if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < -100 ||
          it->get<double>() > 100) {
        return BadRequest("'logit_bias' values must be numbers in [-100, 100], got " + it->dump() +
                              " for token " + key,
                          param);
      }
      r.sampling.logit_bias.emplace_back(std::stoi(key), static_cast<float>(it->get<double>()));
    }
  }

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
  // `user` identifies the end user for a provider's abuse monitoring; it changes no output.
  if (const json* u = Field(j, "user"); u && !u->is_string()) {
    return BadRequest("'user' must be a string", "user");
  }
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
  if (auto e = CheckCount(*messages, "messages", kMaxMessages)) return e;
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
    if (msg.role != "system" && msg.role != "user" && msg.role != "assistant" &&
        msg.role != "tool") {
      return BadRequest("role '" + msg.role + "' is not supported (system, user, assistant, tool)",
                        mp + ".role");
    }
    if (const json* tc = Field(m, "tool_calls")) {
      if (msg.role != "assistant") {
        return BadRequest("only an assistant message has 'tool_calls'", mp + ".tool_calls");
      }
      if (auto e = ParseMessageToolCalls(*tc, mp + ".tool_calls", &msg)) return e;
    }
    if (msg.role == "tool") {
      const json* id = Field(m, "tool_call_id");
      if (!id || !id->is_string()) {
        return BadRequest("a tool message needs a string 'tool_call_id'", mp + ".tool_call_id");
      }
      msg.tool_call_id = id->get<std::string>();
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
ojson ChunkChoice(const ResponseMeta& meta, int index, const std::optional<std::string>& role,
                  const std::optional<std::string>& text, const ojson& logprobs,
                  const std::string& finish) {
  ojson c;
  c["index"] = index;
  if (meta.endpoint == Endpoint::kChat) {
    ojson delta = ojson::object();
    if (role) delta["role"] = *role;
    if (text) delta["content"] = *text;
    c["delta"] = std::move(delta);
  } else {
    c["text"] = text.value_or("");
  }
  c["logprobs"] = logprobs;
  c["finish_reason"] = finish.empty() ? ojson() : ojson(finish);
  return c;
}

// vLLM's floor for a log-probability (JSON has no -inf).
double WireLogprob(float logprob) {
  return std::isfinite(logprob) ? std::max<double>(logprob, -9999.0) : -9999.0;
}

ojson ByteList(const std::string& bytes) {
  ojson list = ojson::array();
  for (unsigned char c : bytes) list.push_back(static_cast<int>(c));
  return list;
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
  if (auto e = RefuseUnknown(j, kCommonFields, kChatFields)) return e;
  if (auto e = ParseCommon(j, out)) return e;
  bool logprobs = false;
  std::optional<int64_t> top_logprobs;
  if (auto e = GetBool(j, "logprobs", &logprobs)) return e;
  if (auto e = GetInt(j, "top_logprobs", 0, engine::kMaxTopLogprobs, &top_logprobs)) return e;
  if (top_logprobs && !logprobs) {
    return BadRequest("'top_logprobs' needs 'logprobs': true", "top_logprobs");
  }
  if (logprobs) out->request.sampling.logprobs = static_cast<int>(top_logprobs.value_or(0));
  if (auto e = ParseTools(j, out)) return e;
  // Parallel calls are parsed whenever the model writes them; a forced call is one call.
  bool parallel_tool_calls = true;
  if (auto e = GetBool(j, "parallel_tool_calls", &parallel_tool_calls)) return e;
  bool store = false;
  if (auto e = GetBool(j, "store", &store)) return e;
  if (store) return Unsupported("'store': true (stored completions)", "store");
  if (const json* md = Field(j, "metadata"); md && !md->is_object()) {
    return BadRequest("'metadata' must be an object", "metadata");
  }
  if (auto e = ParseResponseFormat(j, out)) return e;
  if (auto e = ParseGrammar(j, out)) return e;
  return ParseMessages(j, out);
}

std::optional<ApiError> ParseTextRequest(const std::string& body, ParsedRequest* out) {
  *out = ParsedRequest{};
  out->endpoint = Endpoint::kText;
  json j;
  if (auto e = ParseBody(body, &j)) return e;
  if (auto e = RefuseUnknown(j, kCommonFields, kTextFields)) return e;
  if (auto e = ParseCommon(j, out)) return e;
  if (auto e = ParseGrammar(j, out)) return e;
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
  std::optional<int64_t> logprobs;
  if (auto e = GetInt(j, "logprobs", 0, engine::kMaxTopLogprobs, &logprobs)) return e;
  if (logprobs) out->request.sampling.logprobs = static_cast<int>(*logprobs);
  std::optional<int64_t> best_of;
  if (auto e = GetInt(j, "best_of", 1, INT64_MAX, &best_of)) return e;
  if (best_of && *best_of != 1) return Unsupported("'best_of' other than 1", "best_of");
  return std::nullopt;
}

std::optional<ApiError> ValidateAgainstModel(const ParsedRequest& parsed,
                                             const engine::ModelInfo& info) {
  const engine::GenerationRequest& r = parsed.request;
  if (r.n > info.max_batch) {
    return BadRequest("'n' must be at most " + std::to_string(info.max_batch) +
                          " (the server's KV slots, --max-batch: every choice decodes in its "
                          "own), got " +
                          std::to_string(r.n),
                      "n");
  }
  for (const auto& [id, bias] : r.sampling.logit_bias) {
    if (info.vocab_size > 0 && id >= info.vocab_size) {
      return BadRequest("'logit_bias' names token " + std::to_string(id) +
                            ", outside the vocabulary [0, " + std::to_string(info.vocab_size) + ")",
                        "logit_bias." + std::to_string(id));
    }
  }
  return std::nullopt;
}

std::optional<ApiError> ParseTokenizeRequest(const std::string& body, TokenizeRequest* out) {
  *out = TokenizeRequest{};
  json j;
  if (auto e = ParseBody(body, &j)) return e;
  constexpr std::string_view kFields[] = {"model", "prompt", "messages", "add_special_tokens"};
  if (auto e = RefuseUnknown(j, kFields)) return e;
  ParsedRequest& parsed = out->parsed;
  if (const json* m = Field(j, "model")) {
    if (!m->is_string()) return BadRequest("'model' must be a string", "model");
    parsed.model = m->get<std::string>();
  }
  const json* prompt = Field(j, "prompt");
  const json* messages = Field(j, "messages");
  if ((prompt != nullptr) == (messages != nullptr)) {
    return BadRequest("send exactly one of 'prompt' and 'messages'",
                      prompt ? "messages" : "prompt");
  }
  bool add_special = true;
  const bool add_special_set = Field(j, "add_special_tokens") != nullptr;
  if (auto e = GetBool(j, "add_special_tokens", &add_special)) return e;
  if (prompt) {
    if (!prompt->is_string()) return BadRequest("'prompt' must be a string", "prompt");
    parsed.endpoint = Endpoint::kText;
    parsed.request.raw_prompt = prompt->get<std::string>();
    out->add_special_tokens = add_special;
    return std::nullopt;
  }
  // The chat template places the model's special tokens itself; adding more is not offered.
  if (add_special_set && add_special) {
    return BadRequest(
        "'add_special_tokens': true is not supported with 'messages' (the chat template adds "
        "the model's special tokens)",
        "add_special_tokens", "unsupported_parameter");
  }
  parsed.endpoint = Endpoint::kChat;
  out->add_special_tokens = false;
  return ParseMessages(j, &parsed);
}

std::optional<ApiError> ParseDetokenizeRequest(const std::string& body, std::string* model,
                                               std::vector<int32_t>* tokens) {
  model->clear();
  tokens->clear();
  json j;
  if (auto e = ParseBody(body, &j)) return e;
  constexpr std::string_view kFields[] = {"model", "tokens"};
  if (auto e = RefuseUnknown(j, kFields)) return e;
  if (const json* m = Field(j, "model")) {
    if (!m->is_string()) return BadRequest("'model' must be a string", "model");
    *model = m->get<std::string>();
  }
  const json* t = Field(j, "tokens");
  if (!t) return BadRequest("'tokens' is required", "tokens");
  if (!t->is_array()) return BadRequest("'tokens' must be a list of token ids", "tokens");
  if (auto e = CheckCount(*t, "tokens", kMaxDetokenize, "ids")) return e;
  for (size_t i = 0; i < t->size(); ++i) {
    const json& v = (*t)[i];
    if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > INT32_MAX) {
      return BadRequest("'tokens' entries must be token ids (integers >= 0), got " + v.dump(),
                        "tokens[" + std::to_string(i) + "]");
    }
    tokens->push_back(static_cast<int32_t>(v.get<int64_t>()));
  }
  return std::nullopt;
}

std::string TokenizeBody(const std::vector<int32_t>& tokens, int64_t max_model_len) {
  ojson j;
  j["count"] = tokens.size();
  j["max_model_len"] = max_model_len;
  j["tokens"] = tokens;
  return Dump(j);
}

std::string DetokenizeBody(const std::string& text) {
  ojson j;
  j["prompt"] = text;
  return Dump(j);
}

nlohmann::ordered_json LogprobsJson(Endpoint endpoint,
                                    const std::vector<engine::TokenLogprob>& tokens,
                                    int64_t* text_offset) {
  if (endpoint == Endpoint::kChat) {
    ojson content = ojson::array();
    for (const engine::TokenLogprob& t : tokens) {
      ojson entry;
      entry["token"] = t.bytes;
      entry["logprob"] = WireLogprob(t.logprob);
      entry["bytes"] = ByteList(t.bytes);
      ojson top = ojson::array();
      for (const engine::TopLogprob& alt : t.top) {
        top.push_back({{"token", alt.bytes},
                       {"logprob", WireLogprob(alt.logprob)},
                       {"bytes", ByteList(alt.bytes)}});
      }
      entry["top_logprobs"] = std::move(top);
      content.push_back(std::move(entry));
    }
    return {{"content", std::move(content)}};
  }
  ojson strs = ojson::array(), lps = ojson::array(), tops = ojson::array(),
        offsets = ojson::array();
  for (const engine::TokenLogprob& t : tokens) {
    strs.push_back(t.bytes);
    lps.push_back(WireLogprob(t.logprob));
    ojson top = ojson::object();
    for (const engine::TopLogprob& alt : t.top) top[alt.bytes] = WireLogprob(alt.logprob);
    tops.push_back(std::move(top));
    offsets.push_back(*text_offset);
    *text_offset += static_cast<int64_t>(t.bytes.size());
  }
  ojson j;
  j["tokens"] = std::move(strs);
  j["token_logprobs"] = std::move(lps);
  j["top_logprobs"] = std::move(tops);
  j["text_offset"] = std::move(offsets);
  return j;
}

std::optional<ApiError> ApplyToolChoice(ParsedRequest* parsed, const engine::ModelInfo& info) {
  engine::GenerationRequest& r = parsed->request;
  if (parsed->functions.empty()) return std::nullopt;
  if (parsed->tool_choice == ToolChoice::kNone) {
    r.tools = nullptr;  // not offered to the model at all
    return std::nullopt;
  }
  if (info.tool_call_format.empty()) {
    return BadRequest(
        "this model's chat template does not render 'tools', so the model would "
        "never see them",
        "tools", "tools_unsupported");
  }
  if (parsed->tool_choice == ToolChoice::kAuto) return std::nullopt;
  if (r.grammar) {
    return BadRequest(
        "a forced tool call ('tool_choice': '" +
            std::string(parsed->tool_choice == ToolChoice::kRequired ? "required" : "function") +
            "') cannot be combined with a JSON 'response_format' or 'grammar'",
        "tool_choice");
  }
  const ToolCallMarkup markup = MarkupFor(ToolCallFormatFromName(info.tool_call_format));
  json options = json::array();
  for (const auto& [name, params] : parsed->functions) {
    if (parsed->tool_choice == ToolChoice::kNamed && name != parsed->tool_choice_name) continue;
    options.push_back(
        {{"type", "object"},
         {"properties", {{"name", {{"const", name}}}, {markup.arguments_key, params}}},
         {"required", {"name", markup.arguments_key}},
         {"additionalProperties", false}});
  }
  const json schema = options.size() == 1 ? options[0] : json{{"anyOf", options}};
  engine::GrammarSpec spec = GrammarOf(engine::GrammarSpec::Kind::kJsonSchema, schema.dump(), true);
  spec.prefix = markup.prefix;
  spec.suffix = markup.suffix;
  r.grammar = std::move(spec);
  parsed->grammar_param = "tools";
  return std::nullopt;
}

std::string NewToolCallId() {
  thread_local std::mt19937_64 rng(std::random_device{}());
  static const char kHex[] = "0123456789abcdef";
  std::string id = "call_";
  for (int i = 0; i < 24; ++i) id += kHex[rng() & 15];
  return id;
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

std::string CompletionBody(const ResponseMeta& meta, const std::vector<ChoiceOutput>& choices,
                           bool with_logprobs, const engine::Usage& usage) {
  const bool chat = meta.endpoint == Endpoint::kChat;
  ojson j = Base(meta, chat ? "chat.completion" : "text_completion");
  ojson list = ojson::array();
  for (size_t i = 0; i < choices.size(); ++i) {
    const ChoiceOutput& choice = choices[i];
    ojson c;
    c["index"] = i;
    if (chat) {
      ojson message = {{"role", "assistant"}, {"content", choice.text}};
      if (!choice.tool_calls.empty()) {
        // OpenAI sends null content beside calls when the model wrote nothing else.
        if (choice.text.empty()) message["content"] = nullptr;
        ojson calls = ojson::array();
        for (size_t k = 0; k < choice.tool_calls.size(); ++k) {
          calls.push_back({{"id", choice.tool_call_ids[k]},
                           {"type", "function"},
                           {"function",
                            {{"name", choice.tool_calls[k].name},
                             {"arguments", choice.tool_calls[k].arguments}}}});
        }
        message["tool_calls"] = std::move(calls);
      }
      c["message"] = std::move(message);
    } else {
      c["text"] = choice.text;
    }
    int64_t offset = 0;
    c["logprobs"] = with_logprobs ? LogprobsJson(meta.endpoint, choice.logprobs, &offset) : ojson();
    c["finish_reason"] = choice.finish_reason;
    list.push_back(std::move(c));
  }
  j["choices"] = std::move(list);
  j["usage"] = UsageJson(usage);
  return Dump(j);
}

std::string RoleChunk(const ResponseMeta& meta, int index, bool include_usage) {
  return Chunk(meta, ChunkChoice(meta, index, "assistant", "", ojson(), ""), include_usage);
}

std::string TextChunk(const ResponseMeta& meta, int index, const std::string& text,
                      const nlohmann::ordered_json& logprobs, bool include_usage) {
  return Chunk(meta, ChunkChoice(meta, index, std::nullopt, text, logprobs, ""), include_usage);
}

std::string ToolCallChunk(const ResponseMeta& meta, int index, int call_index,
                          const std::string& call_id, const ToolCall& call, bool include_usage) {
  ojson c;
  c["index"] = index;
  c["delta"] = {
      {"tool_calls",
       ojson::array({{{"index", call_index},
                      {"id", call_id},
                      {"type", "function"},
                      {"function", {{"name", call.name}, {"arguments", call.arguments}}}}})}};
  c["logprobs"] = nullptr;
  c["finish_reason"] = nullptr;
  return Chunk(meta, std::move(c), include_usage);
}

std::string FinishChunk(const ResponseMeta& meta, int index, const std::string& finish_reason,
                        bool include_usage) {
  const std::optional<std::string> text =
      meta.endpoint == Endpoint::kChat ? std::nullopt : std::optional<std::string>("");
  return Chunk(meta, ChunkChoice(meta, index, std::nullopt, text, ojson(), finish_reason),
               include_usage);
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
