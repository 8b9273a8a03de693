// Engine: one model on one executor — the GenerationService facade over host preparation
// (prompt::Preparer), the device state (ModelRunner: weights uploaded once, programs compiled per
// shape bucket, KV slots) and the continuous-batching Scheduler (scheduler.h) that drives it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/engine/generation_service.h"
#include "vlmxla/engine/request.h"
#include "vlmxla/engine/scheduler.h"

namespace vlmxla::engine {

class ModelRunner;

struct EngineOptions {
  std::string model_dir;
  // "pjrt-cpu" (in-process XLA CPU plugin), "pjrt" with plugin_path (e.g. a CUDA plugin),
  // "iree-cpu" (IREE llvm-cpu on local-task), "iree-cuda" (IREE cuda, iree_cuda_target).
  std::string backend = "pjrt-cpu";
  std::string plugin_path;  // PJRT plugin; empty: the CPU plugin in .venv
  std::string iree_cuda_target = "sm_90";
  std::string iree_cpu_target = "host";  // "iree-cpu": the CPU LLVM generates code for
  // "iree-cpu": weights as parameter globals, packed once (runtime::ExecutorConfig); nullopt:
  // $VLMXLA_IREE_PARAMETERS, else off.
  std::optional<bool> iree_parameters;
  // Neither read nor fill the persistent cache of compiled programs (runtime::ExecutorConfig).
  bool no_cache = false;
  int64_t context_capacity = 0;  // 0: min(max_position_embeddings, 4096)
  // Compute dtype: auto | float32 | bfloat16 | float16 (engine/precision.h). auto: the
  // checkpoint's. Weights stay in their stored type on the device.
  std::string dtype = "auto";
  // The text decoder's Linear weights: "stored" (as the checkpoint holds them) | "int8" | "int4" |
  // "w8a8" | "w4a8" (quantized at load, base/quantize.h, the LM head to HeadQuant's format; the
  // vision tower and an untied embedding table stay as stored).
  std::string weights = "stored";
  int max_batch = 4;     // KV slots
  int max_queue = 64;    // waiting requests before Submit/Generate report overload
  int max_images = 8;    // images per request
  std::string model_id;  // name in /v1/models; empty: the directory's name
  // Compile the programs with their diagnostic results; Generate's TapSink receives them (the
  // reference gate's capture of the production path).
  bool taps = false;
  // Compile decode for every batch bucket during Load (a server wants no compile mid-traffic).
  bool warm_decode = false;
  // Device memory for the prefix cache (prefilled prompts' KV, a whole slot each: kv bytes per
  // slot) and host memory for the image cache (vision features); 0 turns a cache off. 1 GiB
  // holds 10 slots of the 0.5B bench model at 4096 positions in float32 (100 MiB each);
  // 256 MiB about 100 of its images' features (729 x 896 float32 rows, 2.6 MB).
  uint64_t prefix_cache_bytes = uint64_t{1} << 30;
  uint64_t image_cache_bytes = uint64_t{256} << 20;
  // Canonical prefill chunks (RunnerOptions::prefill_chunk; a power of two >= 16, 0: a prompt in
  // one call, and then the prefix cache never continues one). With them, and batch-invariant
  // decode, a cached run computes every value as the uncached run does (docs/design.md).
  int64_t prefill_chunk = 128;
  bool batch_invariant_decode = true;
  // Progress lines for long steps (loading, compiling); default: none.
  std::function<void(const std::string&)> progress;
};

class Engine final : public GenerationService {
 public:
  // Does no work: call Load() (possibly on another thread, so a server can answer /health 503
  // meanwhile).
  static std::unique_ptr<Engine> Create(EngineOptions options);
  ~Engine() override;

  // Reads the model, uploads weights, compiles the programs the first requests need and starts
  // the scheduler thread. ready() turns true when it succeeds.
  Status Load();
  // Stops the scheduler; pending requests finish with kCancelled.
  void Shutdown();

  ModelInfo info() const override;
  bool ready() const override { return ready_.load(); }
  Result<PreparedRequest> Prepare(const GenerationRequest& request) const override;
  Result<std::vector<int32_t>> Tokenize(const std::string& text,
                                        bool add_special_tokens) const override;
  Result<std::string> Detokenize(std::span<const int32_t> ids) const override;
  Result<uint64_t> Submit(PreparedRequest request, DeltaSink sink) override;
  // Compiles every program `request` will run (its vision and prefill buckets, decode), on the
  // calling thread, with progress; for a workload known in advance (`batch`), so that no request
  // waits for a compile once they run. After Load().
  Status Warm(const PreparedRequest& request);
  void Cancel(uint64_t id) override;
  ServiceMetrics metrics() const override;
  // The device state (null before Load): weight, compile and memory statistics for the gate.
  const ModelRunner* runner() const;

  // Diagnostic stages of one request (with options.taps): vision hidden states, features,
  // merged embeddings, prefill logits, K/V of every layer, by the oracle's stage names.
  using TapSink = engine::TapSink;

  // Prepares `request`, runs it through the scheduler and waits for it to finish; `sink` (may be
  // empty) sees every delta. Returns the last delta (its `error` set when finish is kError), or
  // Submit's error (overloaded, not running).
  Result<GenerationDelta> Generate(const GenerationRequest& request, const DeltaSink& sink,
                                   const TapSink& taps = {});
  Result<GenerationDelta> Generate(PreparedRequest request, const DeltaSink& sink,
                                   const TapSink& taps = {});

 private:
  struct Impl;  // preparer, runner, scheduler
  explicit Engine(EngineOptions options);
  std::unique_ptr<Impl> impl_;
  std::atomic<bool> ready_{false};
  // Load() has set the preparer, runner and capacity, which nothing writes again: stored (release)
  // after them, so info() and Prepare() on other threads read them only once it is true.
  std::atomic<bool> loaded_{false};
};

}  // namespace vlmxla::engine
