// The OpenAI wire format: request JSON (chat and text completions) -> engine::GenerationRequest,
// and the responses, stream chunks, usage and model list back to JSON. Nothing here does I/O:
// image URLs are collected in order for the media layer to resolve.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/engine/generation_service.h"
#include "vlmxla/engine/request.h"
#include "vlmxla/server/errors.h"
#include "vlmxla/server/tool_calls.h"

namespace vlmxla::server {

enum class Endpoint { kChat, kText };  // /v1/chat/completions, /v1/completions

// An image_url part, in the order its part appears across all messages.
struct ImageRef {
  std::string url;
  std::string param;  // e.g. "messages[1].content[0].image_url.url", for error envelopes
};

// tool_choice: "none" | "auto" | "required" | {"type": "function", "function": {"name"}}.
enum class ToolChoice { kNone, kAuto, kRequired, kNamed };

struct ParsedRequest {
  Endpoint endpoint = Endpoint::kChat;
  // messages (chat) or raw_prompt (text); `images` stays empty until the media layer fills it.
  engine::GenerationRequest request;
  std::vector<ImageRef> images;
  std::string model;  // as the client named it; empty when absent
  bool stream = false;
  bool include_usage = false;   // stream_options.include_usage
  bool max_tokens_set = false;  // max_tokens / max_completion_tokens given
  // tools: each function's name and parameters schema ({"type": "object"} when it gives none),
  // in order; request.tools holds the list as sent, for the chat template.
  std::vector<std::pair<std::string, nlohmann::json>> functions;
  ToolChoice tool_choice = ToolChoice::kAuto;
  std::string tool_choice_name;  // kNamed
  // Whether the output is parsed into tool_calls: there are tools and tool_choice is not none.
  bool parse_tool_calls() const { return !functions.empty() && tool_choice != ToolChoice::kNone; }
  // The field request.grammar came from ("response_format", "grammar"), for errors in compiling
  // it.
  std::string grammar_param;
};

// Validates every field we read (param names the field at fault) and refuses what we cannot
// honour rather than silently ignoring it: the legacy 'functions', echo, suffix,
// best_of > 1, and any field this server does not know (docs/server.md lists each field and what
// becomes of it). Limits that depend on the model (n up to the KV slots, logit_bias ids below the
// vocabulary) are the caller's to check (ValidateAgainstModel).
std::optional<ApiError> ParseChatRequest(const std::string& body, ParsedRequest* out);
std::optional<ApiError> ParseTextRequest(const std::string& body, ParsedRequest* out);

// The checks that need the served model: n <= max_batch (every choice decodes in its own KV
// slot), logit_bias ids < vocab_size.
std::optional<ApiError> ValidateAgainstModel(const ParsedRequest& parsed,
                                             const engine::ModelInfo& info);

// Tools for the served model: refused (400 tools_unsupported) when its chat template renders
// none; left out of the prompt with tool_choice "none"; with "required" or a named function,
// request.grammar becomes the tool call in the model's format (ToolCallMarkup) around a JSON
// object {"name": one of the functions, arguments: its parameters schema}: exactly one call.
std::optional<ApiError> ApplyToolChoice(ParsedRequest* parsed, const engine::ModelInfo& info);

// A tool call as sent: "call_" and 24 random hex digits.
std::string NewToolCallId();

// POST /tokenize ({"prompt"} or {"messages"}, "add_special_tokens") and POST /detokenize
// ({"tokens"}), in vLLM's shape. A tokenize request with messages is parsed into `out` as a chat
// request (its images for the media layer); one with a prompt as a text request.
struct TokenizeRequest {
  ParsedRequest parsed;
  bool add_special_tokens = true;  // prompt only (vLLM's default); messages use the template's
};
std::optional<ApiError> ParseTokenizeRequest(const std::string& body, TokenizeRequest* out);
std::optional<ApiError> ParseDetokenizeRequest(const std::string& body, std::string* model,
                                               std::vector<int32_t>* tokens);
std::string TokenizeBody(const std::vector<int32_t>& tokens, int64_t max_model_len);
std::string DetokenizeBody(const std::string& text);

// Identity shared by every chunk of one response.
struct ResponseMeta {
  Endpoint endpoint = Endpoint::kChat;
  std::string id;       // "chatcmpl-..." | "cmpl-..."
  int64_t created = 0;  // unix seconds
  std::string model;
};
ResponseMeta NewResponseMeta(Endpoint endpoint, const std::string& model);

// "stop" | "length"; a cancelled or failed generation has no OpenAI finish reason (nullopt).
std::optional<std::string> OpenAiFinishReason(engine::FinishReason reason);

// usage: prompt_tokens counts effective positions (each image as the tokens it expands to, as
// OpenAI and vLLM count); the extension "vlmxla": {"prompt_tokens_logical"} counts each image
// once, as the user wrote the prompt.
nlohmann::ordered_json UsageJson(const engine::Usage& usage);

// A choice's "logprobs" for `tokens`: chat's {"content": [{token, logprob, bytes,
// top_logprobs}]}, or the legacy completions shape {tokens, token_logprobs, top_logprobs,
// text_offset}, whose offsets count bytes of the choice's text from *text_offset (advanced past
// these tokens). `token` is the token's bytes as text (a partial UTF-8 character becomes U+FFFD;
// `bytes` keeps them exactly). A log-probability below -9999 (or -inf) is sent as -9999.
nlohmann::ordered_json LogprobsJson(Endpoint endpoint,
                                    const std::vector<engine::TokenLogprob>& tokens,
                                    int64_t* text_offset);

// One choice of a non-streaming response.
struct ChoiceOutput {
  std::string text;
  std::vector<ToolCall> tool_calls;  // with ids in tool_call_ids
  std::vector<std::string> tool_call_ids;
  std::string finish_reason;
  std::vector<engine::TokenLogprob> logprobs;
};

// A non-streaming "chat.completion" | "text_completion" with usage; "logprobs" null unless
// `with_logprobs`.
std::string CompletionBody(const ResponseMeta& meta, const std::vector<ChoiceOutput>& choices,
                           bool with_logprobs, const engine::Usage& usage);

// Stream chunks ("chat.completion.chunk" | "text_completion") of choice `index`. With
// include_usage every chunk carries "usage": null except the last, which has "choices": [] and
// the totals. `logprobs`: the chunk's tokens (LogprobsJson), or null.
std::string RoleChunk(const ResponseMeta& meta, int index, bool include_usage);  // chat only
std::string TextChunk(const ResponseMeta& meta, int index, const std::string& text,
                      const nlohmann::ordered_json& logprobs, bool include_usage);
// A chat chunk carrying one complete tool call: {"delta": {"tool_calls": [{"index", "id",
// "type": "function", "function": {"name", "arguments"}}]}}.
std::string ToolCallChunk(const ResponseMeta& meta, int index, int call_index,
                          const std::string& call_id, const ToolCall& call, bool include_usage);
std::string FinishChunk(const ResponseMeta& meta, int index, const std::string& finish_reason,
                        bool include_usage);
std::string UsageChunk(const ResponseMeta& meta, const engine::Usage& usage);

// GET /v1/models
std::string ModelsBody(const engine::ModelInfo& info, int64_t created);

}  // namespace vlmxla::server
