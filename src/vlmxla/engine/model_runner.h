// ModelRunner: one model's device state on one executor, in three parts — the checkpoint's
// weights uploaded once and shared by every program (WeightStore), the programs compiled lazily
// per shape bucket (ProgramCache), and the KV slots (KvSlots) — and the calls that run the
// model's family's programs on them.
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
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/engine/image_features.h"
#include "vlmxla/engine/kv_slots.h"
#include "vlmxla/engine/process_memory.h"
#include "vlmxla/engine/program_cache.h"
#include "vlmxla/engine/weight_store.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/checkpoint.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/models/family.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::engine {

struct RunnerOptions {
  int64_t capacity = 0;  // KV positions per slot
  int max_batch = 1;     // KV slots
  int max_images = 1;    // images one prefill may carry
  bool taps = false;     // compile with the diagnostic results (the gate's capture)
  // Canonical prefill chunks (a power of two >= 16; 0: every prompt in one call): position r is
  // always computed in chunk r / prefill_chunk by the same program, so a prompt continued from a
  // cached chunk boundary computes every row as a whole prefill of it does (docs/design.md).
  int64_t prefill_chunk = 0;
  // A row's logits do not depend on whether its sequence shares the decode step. With float
  // weights decode never runs the one-row program (its products take other forms than at 2+
  // rows): a lone sequence decodes in the batch-2 program. With quantized weights on pjrt-cpu,
  // and bfloat16 weights computed in bfloat16 there, every product computes each row on its own
  // (hlo::RowInvariantProducts) and decode's RoPE rounds its two products apart (hlo::ApplyRotary),
  // so the one-row program gives a lone sequence what a batch would, and it runs. Only with
  // max_batch >= 2.
  bool batch_invariant_decode = false;
  // Compute dtype (--dtype); nullopt: auto (engine/precision.h). Weights keep their stored type.
  std::optional<hlo::ElementType> dtype;
  // The text decoder's projections quantized (--weights int8 | int4; hlo::Precision::quant).
  WeightQuant weights = WeightQuant::kNone;
  std::function<void(const std::string&)> progress;
};

// Diagnostic results by stage name (host copies), filled when the runner has taps on.
using TapMap = std::map<std::string, HostTensor>;

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
  const models::Family& family() const { return *family_; }
  const RunnerOptions& options() const { return options_; }
  runtime::Executor& executor() { return *executor_; }
  const runtime::Executor& executor() const { return *executor_; }
  uint64_t weight_bytes() const { return weights_.bytes(); }
  // The stored weight type and the compute type (activations, KV caches) of every program.
  const hlo::Precision& precision() const { return precision_; }
  // Why that precision (the start-up log line).
  const std::string& precision_why() const { return precision_why_; }
  uint64_t kv_bytes_per_slot() const;
  CompileStats compile_stats() const { return programs_.stats(); }
  const WeightStats& weight_stats() const { return weights_.stats(); }
  // The memory of the engine, the IREE host (if any) and the device buffers now.
  MemorySnapshot SnapshotMemory() const;

  // The prompt's images -> image feature rows ct[F, text_hidden] (ct: the compute type), image
  // after image, in the family's layout (models::Family::FeatureRows: a family whose program pads
  // to a bucket returns the padding rows too, which no position reads), and the vision program's
  // other results that name an input role, for prefill.
  Result<ImageFeatures> EncodeImages(const prompt::PreparedPrefill& prompt, TapMap* taps);
  // Writes the prompt's keys and values into `slot` (rows 0..effective_length-1) and returns the
  // last position's logits f32[vocab]. `features` are EncodeImages' for the prompt's images
  // (empty without images: every input they would fill is bound to zeros). With M-RoPE the slot
  // keeps the prompt's rope_delta for its decode steps.
  //
  // With prefill_chunk on (and no taps, no sliding layers, a schedule that fits the capacity:
  // Chunked) the prompt runs in its canonical chunks, chunk k (positions kC..) by the plain
  // prefill for k = 0 and by the prefill continued from a start (hlo::PrefillOptions::from_start)
  // after; the last chunk's rows are its positions rounded up to 16. With start > 0 the slot
  // already holds the prompt's rows 0..start-1 (whole chunks restored from the prefix cache,
  // RestoreSlot) and only the chunks from `start` on run; `start` must be one PrefillStart
  // returned for this prompt. Features are needed only for images at or after it.
  Result<HostTensor> Prefill(int slot, const prompt::PreparedPrefill& prompt,
                             const ImageFeatures& features, TapMap* taps, int64_t start = 0);
  // The start a prefill of `prompt` may continue from when the slot holds its first `cached`
  // rows, computed as whole chunks: the last chunk boundary at most cached and
  // effective_length - 1 (the last position's logits are computed). 0: none (also whenever the
  // prompt is not Chunked).
  int64_t PrefillStart(const prompt::PreparedPrefill& prompt, int64_t cached) const;
  // The rows of `prompt` its prefill computes as whole chunks (the prefix cache may reuse them):
  // effective_length rounded down to the chunk; 0 when it is not Chunked.
  int64_t WholeChunkRows(const prompt::PreparedPrefill& prompt) const;
  // Whether `prompt` prefills in canonical chunks (see Prefill).
  bool Chunked(const prompt::PreparedPrefill& prompt) const;
  // The image-feature rows EncodeImages returns for `prompt` (0 without images), image after
  // image (image i's rows follow those of images 0..i-1, image_slots[i].length each).
  int64_t FeatureRows(const prompt::PreparedPrefill& prompt) const;
  // A device copy of `slot`'s KV (the prefix cache keeps it); RestoreSlot copies it back.
  Result<SavedKv> SaveSlot(int slot) const;
  Status RestoreSlot(const SavedKv& saved, int slot);
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
  // With start > 0, also the prefill continued from that start.
  // With vision false, not the vision program: a caller that encodes the prompt's images
  // otherwise than together warms theirs with WarmVision.
  Status Warm(const prompt::PreparedPrefill& prompt, int64_t start = 0, bool vision = true);
  // Whether Warm(prompt, start, vision) has nothing left to compile.
  bool IsWarm(const prompt::PreparedPrefill& prompt, int64_t start = 0, bool vision = true) const;
  // Compiles the vision program EncodeImages(images) runs; whether it is compiled.
  Status WarmVision(const prompt::PreparedPrefill& images);
  bool IsVisionWarm(const prompt::PreparedPrefill& images) const;
  // Compiles decode for every batch bucket (a server does this before it reports ready).
  Status WarmDecode();

  // The prefill-length and decode-batch buckets (ascending); a prompt takes the smallest that fits.
  const std::vector<int>& prefill_buckets() const { return prefill_buckets_; }
  const std::vector<int>& batch_buckets() const { return batch_buckets_; }

 private:
  using Input = hlo::InputRole;
  using Compiled = CompiledProgram;
  ModelRunner(io::ModelDir model, const models::Family& family,
              std::unique_ptr<runtime::Executor> executor, const RunnerOptions& options);
  Result<Compiled*> GetProgram(const hlo::ProgramOptions& options);
  // Builds `options`' program, uploads the weights it names and compiles it (ProgramCache calls
  // it, one compile at a time).
  Result<std::unique_ptr<CompiledProgram>> Compile(const std::string& name, const std::string& key,
                                                   const hlo::ProgramOptions& options);
  static std::string ProgramKey(const hlo::ProgramOptions& options);
  bool HasProgram(const hlo::ProgramOptions& options) const;
  hlo::PrefillOptions PrefillOptions(int64_t length, int64_t feature_rows) const;
  // The prefill of a prompt of `length` positions continued from `start` (0: the plain one).
  hlo::PrefillOptions PrefillFromOptions(int64_t length, int64_t start, int64_t feature_rows) const;
  // The calls a prefill of `prompt` from `start` makes: [first, end) positions each (one call
  // from `start` when it is not Chunked).
  std::vector<std::pair<int64_t, int64_t>> Segments(const prompt::PreparedPrefill& prompt,
                                                    int64_t start) const;
  // One call: positions first..end-1 of `prompt` (the slot holds rows 0..first-1); the logits of
  // position end-1.
  Result<HostTensor> PrefillCall(int slot, const prompt::PreparedPrefill& prompt,
                                 const ImageFeatures& features, TapMap* taps, int64_t first,
                                 int64_t end);
  // The rows a prefill continued from a start computes for its `n` positions: up to
  // kFineSuffixLimit, n rounded up to a multiple of 16 (a chat turn's suffix of 74 positions
  // takes 80 rows, not the plain prefill's 128), above it the plain prefill's bucket.
  static constexpr int64_t kFineSuffixLimit = 256;
  int SuffixBucket(int64_t n) const;
  hlo::DecodeOptions DecodeOptions(int batch) const;
  hlo::VisionEncodeOptions VisionOptions(int num_images) const;
  // The vision program a prompt's images run (the family picks its bucket).
  hlo::VisionEncodeOptions VisionOptionsFor(const prompt::PreparedPrefill& prompt) const;
  hlo::ProgramCommonOptions CommonOptions() const;
  // Runs `compiled` on `args` (its bound weights plus the call's inputs) and moves each KV result
  // into the slot buffer it updates: `slot_of[kv.slot]` is the runner's slot for the call's slot.
  Result<std::vector<std::shared_ptr<runtime::DeviceBuffer>>> Run(
      Compiled& compiled, std::vector<runtime::DeviceBuffer*> args, std::span<const int> slot_of);
  // The call's arguments: the bound weights, the request inputs, and each KV parameter bound to
  // slot_of[kv.slot]'s cache buffer.
  std::vector<runtime::DeviceBuffer*> Args(
      const Compiled& compiled, std::span<const std::pair<Input, runtime::DeviceBuffer*>> inputs,
      std::span<const int> slot_of) const;

  io::ModelDir model_;
  const models::Family* family_ = nullptr;  // the registry's, for model_.config().model_type
  std::unique_ptr<runtime::Executor> executor_;
  RunnerOptions options_;
  bool weights_in_out_ = false;  // hlo::ProgramCommonOptions::weights_in_out for this backend
  hlo::Precision precision_;
  std::string precision_why_;
  WeightStore weights_;
  ProgramCache programs_;
  KvSlots slots_;
  std::vector<int> prefill_buckets_, batch_buckets_;
};

}  // namespace vlmxla::engine
