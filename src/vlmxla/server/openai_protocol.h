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

namespace vlmxla::server {

enum class Endpoint { kChat, kText };  // /v1/chat/completions, /v1/completions

// An image_url part, in the order its part appears across all messages.
struct ImageRef {
  std::string url;
  std::string param;  // e.g. "messages[1].content[0].image_url.url", for error envelopes
};

struct ParsedRequest {
  Endpoint endpoint = Endpoint::kChat;
  // messages (chat) or raw_prompt (text); `images` stays empty until the media layer fills it.
  engine::GenerationRequest request;
  std::vector<ImageRef> images;
  std::string model;  // as the client named it; empty when absent
  bool stream = false;
  bool include_usage = false;   // stream_options.include_usage
  bool max_tokens_set = false;  // max_tokens / max_completion_tokens given
};

// Validates every field we read (param names the field at fault) and refuses what we cannot
// honour rather than silently ignoring it: n != 1, non-zero penalties, logprobs, tools,
// response_format other than text, echo, suffix, best_of > 1. Unknown fields are ignored, as
// OpenAI-compatible servers do for client-specific extras.
std::optional<ApiError> ParseChatRequest(const std::string& body, ParsedRequest* out);
std::optional<ApiError> ParseTextRequest(const std::string& body, ParsedRequest* out);

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

// A non-streaming "chat.completion" | "text_completion" with usage.
std::string CompletionBody(const ResponseMeta& meta, const std::string& text,
                           const std::string& finish_reason, const engine::Usage& usage);

// Stream chunks ("chat.completion.chunk" | "text_completion"). With include_usage every chunk
// carries "usage": null except the last, which has "choices": [] and the totals.
std::string RoleChunk(const ResponseMeta& meta, bool include_usage);  // chat only
std::string TextChunk(const ResponseMeta& meta, const std::string& text, bool include_usage);
std::string FinishChunk(const ResponseMeta& meta, const std::string& finish_reason,
                        bool include_usage);
std::string UsageChunk(const ResponseMeta& meta, const engine::Usage& usage);

// GET /v1/models
std::string ModelsBody(const engine::ModelInfo& info, int64_t created);

}  // namespace vlmxla::server
