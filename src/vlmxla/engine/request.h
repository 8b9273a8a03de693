// What a caller (CLI, server, gate) asks the engine for and what comes back while it generates
// (the service interface is in generation_service.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/engine/token_constraint.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/vision/image.h"

namespace vlmxla::engine {

// Most alternatives a token's log-probabilities may list (OpenAI's top_logprobs bound).
inline constexpr int kMaxTopLogprobs = 20;

// How the next token is drawn from the logits. The logits are first processed: logit_bias
// added, then repetition_penalty, then frequency and presence penalties (sampler.h). temperature
// 0 is greedy on the processed logits (argmax, lowest id on ties); otherwise the filters apply in
// the order top_k, top_p, min_p to their tempered softmax.
struct SamplingParams {
  float temperature = 0.0f;
  int top_k = 0;       // 0: off
  float top_p = 1.0f;  // 1: off
  float min_p = 0.0f;  // 0: off
  // Same seed, same prompt, same params -> same tokens. Unset: drawn from the engine's generator.
  std::optional<uint64_t> seed;
  // OpenAI: subtract presence_penalty * [count > 0] + frequency_penalty * count, where count is
  // how often the token was generated so far (the prompt does not count). In [-2, 2]; 0: off.
  float presence_penalty = 0.0f;
  float frequency_penalty = 0.0f;
  // Transformers / vLLM: every token in the prompt or generated so far has a positive logit
  // divided by it and a negative one multiplied by it. > 0; 1: off.
  float repetition_penalty = 1.0f;
  // (token id, bias in [-100, 100]) added to that token's logit; ids below the vocabulary size.
  std::vector<std::pair<int32_t, float>> logit_bias;
  // Report each sampled token's log-probability and this many alternatives
  // (0..kMaxTopLogprobs); -1: no log-probabilities.
  int logprobs = -1;
  // Structured output: each sequence's tokens follow this constraint (every token it disallows
  // is masked before the draw). Null: none. Engine::Prepare compiles it from
  // GenerationRequest::grammar.
  std::shared_ptr<const ConstraintFactory> constraint;
};

// Status::reason() of a grammar or schema that does not compile.
inline constexpr char kReasonInvalidGrammar[] = "invalid_grammar";

// What the output must follow (OpenAI's response_format, the "grammar" extension, a forced tool
// call), compiled per model by grammar.h into SamplingParams::constraint.
struct GrammarSpec {
  enum class Kind {
    kJsonObject,  // any JSON object
    kJsonSchema,  // `text`: a JSON Schema; `strict`: no properties or items beyond it
    kEbnf,        // `text`: an EBNF grammar (xgrammar's GBNF dialect) whose start rule is `root`
  };
  Kind kind = Kind::kJsonObject;
  std::string text;
  bool strict = true;
  // kJsonSchema / kJsonObject: the output is prefix + the JSON value + suffix (a tool call's
  // markup, e.g. "<tool_call>\n" and "\n</tool_call>").
  std::string prefix = {};
  std::string suffix = {};
};

// One alternative of a sampled token: its id, raw bytes (a byte-level token may hold part of a
// UTF-8 character) and log-probability.
struct TopLogprob {
  int32_t id = 0;
  std::string bytes;
  float logprob = 0;
};

// The sampled token's log-probability and the most likely alternatives, most likely first (ties:
// lower id first). Log-probabilities are log_softmax of the processed logits (after logit_bias
// and penalties, before temperature and the top_k / top_p / min_p filters).
struct TokenLogprob {
  int32_t id = 0;
  std::string bytes;
  float logprob = 0;
  std::vector<TopLogprob> top;
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
  // Structured output: the grammar the completion follows. Unset: free text.
  std::optional<GrammarSpec> grammar;
  // The functions the model may call (OpenAI's `tools`), rendered by the chat template; null:
  // none.
  nlohmann::ordered_json tools;
  StopParams stop;
  // Completions drawn for the prompt (OpenAI's `n`): prefilled once, then decoded as n sequences,
  // choice i seeded with seed + i when a seed is given. 1..the engine's max batch.
  int n = 1;
};

// A request after host preprocessing: ready to prefill. Errors in preparing (placeholder count,
// context length, bad image) are reported before anything is queued.
struct PreparedRequest {
  prompt::PreparedPrefill prefill;
  SamplingParams sampling;
  StopParams stop;
  int n = 1;
};

enum class FinishReason { kStop, kLength, kCancelled, kError };
// "stop" | "length" | "cancelled" | "error"
const char* FinishReasonName(FinishReason reason);

// A request's totals: the prompt counted once, completion tokens summed over its n choices.
struct Usage {
  int64_t prompt_tokens = 0;  // effective positions (image tokens included), as OpenAI counts
  int64_t prompt_tokens_logical = 0;  // as the user wrote it: each image counts once
  int64_t completion_tokens = 0;
};

// One step of one choice of a generation as the caller sees it. `text` never ends inside a UTF-8
// character and never contains (a prefix of) a stop string that may still complete. The last
// delta of each choice has `finish` set (and `error` when finish is kError); every delta of that
// choice before it has not. A request with n choices ends after n finishing deltas.
struct GenerationDelta {
  int index = 0;  // the choice, 0..n-1
  std::string text;
  std::vector<int32_t> token_ids;  // tokens sampled in this step (usually one)
  // One per token_ids entry when the request asked for log-probabilities; else empty.
  std::vector<TokenLogprob> logprobs;
  std::optional<FinishReason> finish;
  std::optional<Status> error;
  Usage usage;                 // running totals of the whole request (all choices)
  double prefill_seconds = 0;  // set on the last delta
  double decode_seconds = 0;   // set on the last delta
};

// Called on the engine's thread, in order. Returning false cancels the request: its slot is freed
// at the next step and no further delta is delivered.
using DeltaSink = std::function<bool(const GenerationDelta&)>;

}  // namespace vlmxla::engine
