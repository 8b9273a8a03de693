// The engine as the server sees it: what the model is, host preparation, a queue to submit to,
// cancellation and metrics. Engine implements it; the server's tests use a fake.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/engine/request.h"
#include "vlmxla/engine/service_metrics.h"

namespace vlmxla::engine {

struct ModelInfo {
  std::string id;                // model name for /v1/models
  int64_t context_capacity = 0;  // positions per sequence (prompt + generated)
  int max_batch = 1;             // sequences decoded together
  int max_images = 0;            // images per request (0: text-only model)
  std::string backend;           // e.g. "pjrt:cpu"
  std::string device_kind;       // e.g. "cpu", "NVIDIA H200"; empty before load or where unknown
  std::string dtype;          // compute dtype ("float32", "bfloat16", "float16"); empty before load
  std::string weights_dtype;  // the weights' stored type, as dtype
  std::string weights = "stored";  // decoder projections + LM head: stored | int8 | int4
  int64_t vocab_size = 0;          // logits per token (the decoder's vocab_size); 0 before load
  // How the model writes a tool call (prompt::Preparer::tool_call_format): "hermes", "mistral",
  // "json", or "" when its chat template renders no tools.
  std::string tool_call_format;
};

// Status::reason() of a Submit refused because the queue is full.
inline constexpr char kReasonOverloaded[] = "overloaded";

// Thread-safe: Prepare, Submit and Cancel may be called from any thread.
class GenerationService {
 public:
  virtual ~GenerationService() = default;
  virtual ModelInfo info() const = 0;
  // False while weights load and programs compile.
  virtual bool ready() const = 0;
  // Host preprocessing; typed errors carry Status::reason() (prompt::kReasonPlaceholderMismatch,
  // prompt::kReasonContextLengthExceeded, ...).
  virtual Result<PreparedRequest> Prepare(const GenerationRequest& request) const = 0;
  // The token ids of a raw prompt as a completion would prefill it (add_special_tokens: the
  // tokenizer's post-processor, e.g. a BOS), refused as Prepare refuses a prompt past twice the
  // context capacity.
  virtual Result<std::vector<int32_t>> Tokenize(const std::string& text,
                                                bool add_special_tokens) const = 0;
  // The text of `ids`, special tokens included; InvalidArgument naming an id outside the
  // tokenizer's vocabulary.
  virtual Result<std::string> Detokenize(std::span<const int32_t> ids) const = 0;
  // Queues a prepared request; deltas go to `sink`. Fails with Unavailable (reason
  // kReasonOverloaded) when the queue is full. Returns the request's id.
  virtual Result<uint64_t> Submit(PreparedRequest request, DeltaSink sink) = 0;
  // Ends a queued or running request with FinishReason::kCancelled; an id that has finished (or
  // never existed) is ignored.
  virtual void Cancel(uint64_t id) = 0;
  virtual ServiceMetrics metrics() const = 0;
};

}  // namespace vlmxla::engine
