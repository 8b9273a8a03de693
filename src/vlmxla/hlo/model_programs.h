// The device programs of a model (vision_encode, prefill, decode), built from its config.json;
// program.h holds the Program type they produce. Each graph is written once against
// the Builder; diagnostic taps are extra results of the same program.
#pragma once

#include <string>
#include <variant>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::hlo {

// What every program is built with.
struct ProgramCommonOptions {
  bool taps = false;  // add the diagnostic results the reference gate compares
  // The text decoder's Linear weights (and a tied embedding table) taken as [in, out], the
  // checkpoint's tensors transposed once at upload (ProgramParam::transposed), so every
  // projection is a plain x . W (prefill, decode; the vision tower keeps the checkpoint's
  // layout). Which layout a backend runs fastest with is its own
  // (runtime::BackendTraits::prefers_in_out_weights).
  bool weights_in_out = false;
  // Stored weight type and compute type (f32, bf16, f16). Logits are always returned as f32 (the
  // compute type's values widened); KV caches and the other float results are in the compute type.
  Precision precision;
};

struct VisionEncodeOptions : ProgramCommonOptions {
  int num_images = 1;  // images per call
};

struct PrefillOptions : ProgramCommonOptions {
  int seq_len = 0;             // prompt positions (L, a shape bucket)
  int num_image_features = 1;  // rows of image_features (>= 1; unused rows are ignored)
  int capacity = 0;            // positions per slot's KV cache (C, a shape bucket)
};

struct DecodeOptions : ProgramCommonOptions {
  int batch = 1;     // KV-cache slots per call
  int capacity = 0;  // positions per slot's KV cache (C, a shape bucket)
};

// One program's options; the alternative names the program.
using ProgramOptions = std::variant<VisionEncodeOptions, PrefillOptions, DecodeOptions>;

// "vision_encode" | "prefill" | "decode".
const char* ProgramName(const ProgramOptions& options);
// The settings every program shares, of whichever program `options` is.
const ProgramCommonOptions& CommonOptions(const ProgramOptions& options);
ProgramCommonOptions& CommonOptions(ProgramOptions& options);
// The default options of the program called `name`; an error naming it and the known programs.
Result<ProgramOptions> DefaultProgramOptions(const std::string& name);

// "in-out" -> true, "out-in" -> false; anything else an error naming `source` (the flag or
// environment variable it came from) and the value.
Result<bool> ParseWeightsLayout(const std::string& value, const std::string& source);

// The host tensor a weight parameter binds: `checkpoint` (the tensor under param.name) after
// checking its dtype and shape against the program, transposed when param.transposed.
Result<HostTensor> BindWeight(const ProgramParam& param, HostTensor checkpoint);

// vision_encode(pixel_values f32[n,3,H,W], weights...) ->
//   image_features f32[n, tokens, text_hidden]
//   (+ taps: vision_hidden_states.<i> for i = 0..layers, selected_image_features)
Result<Program> BuildVisionEncode(const io::LlavaConfig& config,
                                  const VisionEncodeOptions& options);

// The KV cache of one slot is one device buffer per layer and per K/V, ct[kv_heads, C, head_dim]
// (ct: the compute type, f32 in the shapes below),
// named kv.<l>.key / kv.<l>.value (prefill) or kv.<b>.<l>.key / .value (decode, slot b). Programs
// take the caches as arguments and return the updated ones, each argument marked aliasable to its
// result (ProgramParam::alias_result, `tf.aliasing_output`) so a donated cache is updated in place.

// prefill(input_ids i32[L], feature_index i32[L], image_features f32[F, D], length i32[],
//   kv.<l>.key, kv.<l>.value for l = 0..layers-1, weights...) ->
//   prefill_logits f32[vocab] (of position length-1), kv.<l>.key / .value (rows 0..L-1 hold the
//   prompt's keys/values, rows >= L untouched)
//   (+ taps: inputs_embeds f32[L, D], past_key_values.<l>.key / .value f32[kv_heads, L, head_dim]).
// Positions are 0..L-1; positions length..L-1 are padding, invisible to real ones by causality
// (1 <= length <= L is the caller's to check: a dynamic slice clamps anything else).
// Position p takes image_features[feature_index[p]] where input_ids[p] is the image token,
// else embed_tokens[input_ids[p]]. For text-only models image_token_id is -1.
// Requires seq_len <= capacity.
Result<Program> BuildPrefill(const io::TextConfig& config, int image_token_id,
                             const PrefillOptions& options);

// decode(tokens i32[B], positions i32[B], for slot b = 0..B-1, for layer l:
//   kv.<b>.<l>.key, kv.<b>.<l>.value, weights...) ->
//   logits f32[B, vocab], then the updated caches in the arguments' order. Slot b's new key/value
//   is written at row positions[b] of its own buffers and it attends to rows 0..positions[b]
//   (positions[b] < C is the caller's to check: a dynamic update slice clamps). The caches are
//   never gathered into one [B, ...] tensor, which would copy every cache every step.
//   image_token_id only picks the weight-name prefix (-1: text-only checkpoint).
Result<Program> BuildDecode(const io::TextConfig& config, int image_token_id,
                            const DecodeOptions& options);

// Declares an argument of `b` that the runner binds from the request's inputs by `name`; with
// alias_result >= 0 it may be updated in place into that result when the runner donates it.
Value DeclareInput(Builder& b, Program& program, const std::string& name, TensorType type,
                   int alias_result = -1);
// A KV-cache input `name` with its typed role, aliased to `alias_result`.
Value DeclareKvInput(Builder& b, Program& program, const std::string& name, TensorType type,
                     int alias_result, KvRole role);

// Finishes `b` with `results` as @main and stores the module text and result types in `program`.
Status FinishProgram(Builder& b, const std::vector<Value>& results, Program& program);

// The program `options` names, for a model directory's config.
Result<Program> BuildProgram(const io::ModelConfig& config, const ProgramOptions& options);

}  // namespace vlmxla::hlo
