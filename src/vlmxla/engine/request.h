// What a caller (CLI, server, gate) asks the engine for and what comes back while it generates
// (the service interface is in generation_service.h).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/vision/image.h"

namespace vlmxla::engine {

// How the next token is drawn from the logits. temperature 0 is greedy (argmax, lowest id on
// ties); otherwise the filters apply in the order top_k, top_p, min_p to the tempered softmax.
struct SamplingParams {
  float temperature = 0.0f;
  int top_k = 0;       // 0: off
  float top_p = 1.0f;  // 1: off
  float min_p = 0.0f;  // 0: off
  // Same seed, same prompt, same params -> same tokens. Unset: drawn from the engine's generator.
  std::optional<uint64_t> seed;
};

struct StopParams {
  int64_t max_tokens = -1;        // -1: until EOS or the context capacity
  std::vector<std::string> stop;  // stop strings; may span tokens; not part of the output
  bool ignore_eos = false;
};

struct GenerationRequest {
  // A chat (rendered with the model's template), or a raw prompt (/v1/completions: tokenized as
  // is, no template). Exactly one of the two is used: raw_prompt when set.
  std::vector<prompt::Message> messages;
  std::optional<std::string> raw_prompt;
  std::vector<vision::Image> images;  // decoded, in the order their parts appear
  SamplingParams sampling;
  StopParams stop;
};

// A request after host preprocessing: ready to prefill. Errors in preparing (placeholder count,
// context length, bad image) are reported before anything is queued.
struct PreparedRequest {
  prompt::PreparedPrefill prefill;
  SamplingParams sampling;
  StopParams stop;
};

enum class FinishReason { kStop, kLength, kCancelled, kError };
// "stop" | "length" | "cancelled" | "error"
const char* FinishReasonName(FinishReason reason);

struct Usage {
  int64_t prompt_tokens = 0;  // effective positions (image tokens included), as OpenAI counts
  int64_t prompt_tokens_logical = 0;  // as the user wrote it: each image counts once
  int64_t completion_tokens = 0;
};

// One step of a generation as the caller sees it. `text` never ends inside a UTF-8 character and
// never contains (a prefix of) a stop string that may still complete. The last delta of a request
// has `finish` set (and `error` when finish is kError); every delta before it has not.
struct GenerationDelta {
  std::string text;
  std::vector<int32_t> token_ids;  // tokens sampled in this step (usually one)
  std::optional<FinishReason> finish;
  std::optional<Status> error;
  Usage usage;                 // running totals
  double prefill_seconds = 0;  // set on the last delta
  double decode_seconds = 0;   // set on the last delta
};

// Called on the engine's thread, in order. Returning false cancels the request: its slot is freed
// at the next step and no further delta is delivered.
using DeltaSink = std::function<bool(const GenerationDelta&)>;

}  // namespace vlmxla::engine
