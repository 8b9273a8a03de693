// ModelRunner: one model's device state on one executor — the checkpoint's weights uploaded once
// and shared by every program, the programs compiled lazily per shape bucket, and the KV slots
// (one buffer per slot, layer and K/V, updated in place by donation).
//
// Threads: one thread runs the requests (EncodeImages, Prefill, Decode); Warm, WarmDecode and
// IsWarm may run on another at the same time, so that a compile never stalls the running
// sequences. Compiles are serialized among themselves; a lookup of a compiled program waits only
// for the map, never for a compile.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/engine/process_memory.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/checkpoint.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::engine {

struct RunnerOptions {
  int64_t capacity = 0;  // KV positions per slot
  int max_batch = 1;     // KV slots
  int max_images = 1;    // images one prefill may carry
  bool taps = false;     // compile with the diagnostic results (the gate's capture)
  // Compute dtype (--dtype); nullopt: auto (engine/precision.h). Weights keep their stored type.
  std::optional<hlo::ElementType> dtype;
  std::function<void(const std::string&)> progress;
};

// Diagnostic results by stage name (host copies), filled when the runner has taps on.
using TapMap = std::map<std::string, HostTensor>;

struct CompileStats {
  int programs = 0;
  double seconds = 0;
};

// Resident memory at one moment: the engine process, the IREE runtime host where there is one,
// and the bytes in the backend's live device buffers where it reports them.
struct MemorySnapshot {
  ProcessMemory engine;
  bool has_host = false;
  ProcessMemory host;
  int64_t device_live_bytes = -1;  // -1: not reported by the backend
};

// What the weight upload did, for the "weights are held once" check: every checkpoint tensor
// uploaded exactly once, and the memory just before the first upload and just after the last
// (with the checkpoint's mmap closed, so only the uploaded copy remains).
struct WeightStats {
  std::map<std::string, int> uploads;  // by checkpoint name: how many times it was uploaded
  uint64_t vision_bytes = 0;           // vision_tower.* and multi_modal_projector.*
  uint64_t decoder_bytes = 0;          // the text decoder (language_model.*)
  MemorySnapshot before, after;
};

// Overrides the decoder weight layout ResolvePrecision chose for the backend and dtype:
// "in-out" or "out-in".
inline constexpr const char kWeightsLayoutEnv[] = "VLMXLA_WEIGHTS_LAYOUT";

// What the executor is told about a program it compiles (runtime::CompileOptions). Every weight
// product of a vision encode takes many rows (its patches or image tokens); not so a decode
// step's, nor a prefill's, whose LM head multiplies the largest weight by the last position
// alone (on iree-cpu, data tiling that prefill repacked the 260 MiB bf16 head on every call:
// peak 0.56x float32's; bench/README.md). Products are narrow when the compute type is.
runtime::CompileOptions CompileHints(const hlo::ProgramOptions& options);

class ModelRunner {
 public:
  static Result<std::unique_ptr<ModelRunner>> Load(const std::string& model_dir,
                                                   std::unique_ptr<runtime::Executor> executor,
                                                   const RunnerOptions& options);

  const io::ModelConfig& config() const { return model_.config(); }
  const RunnerOptions& options() const { return options_; }
  runtime::Executor& executor() { return *executor_; }
  const runtime::Executor& executor() const { return *executor_; }
  int tokens_per_image() const;
  uint64_t weight_bytes() const { return weight_bytes_; }
  // The stored weight type and the compute type (activations, KV caches) of every program.
  const hlo::Precision& precision() const { return precision_; }
  // Why that precision (the start-up log line).
  const std::string& precision_why() const { return precision_why_; }
  uint64_t kv_bytes_per_slot() const;
  CompileStats compile_stats() const {
    std::lock_guard<std::mutex> lk(programs_mu_);
    return compile_stats_;
  }
  const WeightStats& weight_stats() const { return weight_stats_; }
  // The memory of the engine, the IREE host (if any) and the device buffers now.
  MemorySnapshot SnapshotMemory() const;

  // The prompt's images -> image feature rows ct[F, text_hidden] (ct: the compute type): LLaVA's
  // pixel_values f32[n,3,H,W] give n * tokens_per_image rows; a Qwen family's flattened patches
  // f32[patches, patch_dim] give the merger's rows of the patch bucket (the image tokens in prompt
  // order, then padding rows no position reads).
  Result<HostTensor> EncodeImages(const prompt::PreparedPrefill& prompt, TapMap* taps);
  // Writes the prompt's keys and values into `slot` (rows 0..effective_length-1) and returns the
  // last position's logits f32[vocab]. `features` are EncodeImages' rows for the prompt's images
  // (empty without images). With M-RoPE the slot keeps the prompt's rope_delta for its decode
  // steps.
  Result<HostTensor> Prefill(int slot, const prompt::PreparedPrefill& prompt,
                             const HostTensor& features, TapMap* taps);
  // One decode step: slots[i] takes tokens[i] at positions[i] and the result row i holds its next
  // logits, f32[n, vocab]. Slots not listed must be free: a batch bucket larger than n is padded
  // with them.
  Result<HostTensor> Decode(std::span<const int> slots, std::span<const int32_t> tokens,
                            std::span<const int32_t> positions);

  // Makes slot `to` a copy of slot `from` (every layer's keys and values, copied on the device,
  // and the M-RoPE rope_delta), so a prompt prefilled once decodes on in both.
  Status CopySlot(int from, int to);

  // Compiles what `prompt` will run (vision_encode, its prefill bucket, decode at every batch
  // bucket, since it may join a batch of any size), so that running it compiles nothing.
  Status Warm(const prompt::PreparedPrefill& prompt);
  // Whether Warm(prompt) has nothing left to compile.
  bool IsWarm(const prompt::PreparedPrefill& prompt) const;
  // Compiles decode for every batch bucket (a server does this before it reports ready).
  Status WarmDecode();

  // The prefill-length and decode-batch buckets (ascending); a prompt takes the smallest that fits.
  const std::vector<int>& prefill_buckets() const { return prefill_buckets_; }
  const std::vector<int>& batch_buckets() const { return batch_buckets_; }

 private:
  // A program's request inputs, resolved from its parameter names once, when it is compiled.
  enum Input {
    kPixelValues,
    kInputIds,
    kFeatureIndex,
    kImageFeatures,
    kLength,
    kTokens,
    kPositions,
    kRotaryHw,
    kFullSegment,
    kWindowSegment,
    kMergedOrder,
    kRopePositions,
    kNumInputs
  };
  struct Compiled {
    hlo::Program program;
    std::unique_ptr<runtime::Executable> executable;
    // Per program parameter: the shared weight buffer, or null for a request input (filled per
    // call from `input` and `kv`).
    std::vector<runtime::DeviceBuffer*> args;
    std::vector<bool> donate;       // per parameter: a KV cache, donated to the call
    int input[kNumInputs];          // parameter index of each request input, or -1
    std::vector<int> kv_params;     // parameters that are KV caches (ProgramParam::kv)
    std::vector<std::string> taps;  // per result: its stage name where it is a tap
    int primary = -1;  // the result the call exists for: image_features, prefill_logits, logits
  };
  ModelRunner(io::ModelDir model, std::unique_ptr<runtime::Executor> executor,
              const RunnerOptions& options);
  Result<Compiled*> GetProgram(const hlo::ProgramOptions& options);
  static std::string ProgramKey(const hlo::ProgramOptions& options);
  bool HasProgram(const hlo::ProgramOptions& options) const;
  hlo::PrefillOptions PrefillOptions(int64_t length, int64_t feature_rows) const;
  hlo::DecodeOptions DecodeOptions(int batch) const;
  hlo::VisionEncodeOptions VisionOptions(int num_images) const;
  // The vision program a prompt's images run: LLaVA by image count, Qwen by patch bucket.
  hlo::VisionEncodeOptions VisionOptionsFor(const prompt::PreparedPrefill& prompt) const;
  // The image-feature rows prefill takes for `prompt` (0 without images): what EncodeImages
  // returns for it.
  int64_t FeatureRows(const prompt::PreparedPrefill& prompt) const;
  // Qwen: the smallest patch bucket that holds `patches` rows.
  int64_t PatchBucket(int64_t patches) const;
  hlo::ProgramCommonOptions CommonOptions() const;
  Result<HostTensor> EncodeQwenImages(const prompt::PreparedPrefill& prompt, TapMap* taps);
  Status UploadWeights(const hlo::Program& program);
  Status AllocateSlots();
  // Runs `compiled` on `args` (its bound weights plus the call's inputs) and moves each KV result
  // into the slot buffer it updates: `slot_of[kv.slot]` is the runner's slot for the call's slot.
  Result<std::vector<std::shared_ptr<runtime::DeviceBuffer>>> Run(
      Compiled& compiled, std::vector<runtime::DeviceBuffer*> args, std::span<const int> slot_of);
  // The call's arguments: the bound weights, the request inputs, and each KV parameter bound to
  // slot_of[kv.slot]'s cache buffer.
  std::vector<runtime::DeviceBuffer*> Args(
      const Compiled& compiled,
      std::initializer_list<std::pair<Input, runtime::DeviceBuffer*>> inputs,
      std::span<const int> slot_of) const;

  io::ModelDir model_;
  std::unique_ptr<runtime::Executor> executor_;
  RunnerOptions options_;
  bool weights_in_out_ = false;  // hlo::ProgramCommonOptions::weights_in_out for this backend
  hlo::Precision precision_;
  std::string precision_why_;
  // Guards programs_ and compile_stats_: the request thread looks programs up while the compile
  // thread adds them. A Compiled, once in the map, is never changed or removed.
  mutable std::mutex programs_mu_;
  // Held through one compile (and the weight uploads it makes): compiles run one at a time.
  std::mutex compile_mu_;
  io::CheckpointWeights checkpoint_;
  bool checkpoint_open_ = false;  // closed after Load's upload; reopened if a weight is missing
  std::map<std::string, std::shared_ptr<runtime::DeviceBuffer>> weights_;  // by checkpoint name
  uint64_t weight_bytes_ = 0;
  std::map<std::string, std::unique_ptr<Compiled>> programs_;  // by name + bucket
  // slots_[s][2*l] / [2*l+1]: slot s's key / value cache of layer l, ct[kv_heads, C, head_dim].
  std::vector<std::vector<std::shared_ptr<runtime::DeviceBuffer>>> slots_;
  std::vector<int> prefill_buckets_, batch_buckets_;
  // M-RoPE: per slot, the rope_delta of the prompt it holds (decode rotates row p by p + delta).
  std::vector<int64_t> rope_delta_;
  CompileStats compile_stats_;
  WeightStats weight_stats_;
};

}  // namespace vlmxla::engine
