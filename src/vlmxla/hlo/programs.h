// The device programs of a model, built from its config.json. Each graph is written once against
// the Builder; diagnostic taps are extra results of the same program.
#pragma once

#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::hlo {

struct ProgramOptions {
  int num_images = 1;    // vision_encode: images per call
  int seq_len = 0;       // prefill: prompt positions (a shape bucket)
  int num_image_features = 1;  // prefill: rows of image_features (>= 1; unused rows are ignored)
  bool taps = false;     // add the diagnostic results the reference gate compares
  int batch = 1;         // decode: KV-cache slots per call
  int capacity = 0;      // decode: positions per slot's cache (C)
};

// vision_encode(pixel_values f32[n,3,H,W], weights...) ->
//   image_features f32[n, tokens, text_hidden]
//   (+ taps: vision_hidden_states.<i> for i = 0..layers, selected_image_features)
Result<Program> BuildVisionEncode(const io::LlavaConfig& config, const ProgramOptions& options);

// prefill(input_ids i32[L], feature_index i32[L], image_features f32[F, D], weights...) ->
//   prefill_logits f32[vocab] (last position),
//   past_key_values.<l>.key / .value f32[kv_heads, L, head_dim] for every layer
//   (+ taps: inputs_embeds f32[L, D]).
// Position p takes image_features[feature_index[p]] where input_ids[p] is the image token,
// else embed_tokens[input_ids[p]]. For text-only models image_token_id is -1.
Result<Program> BuildPrefill(const io::TextConfig& config, int image_token_id,
                             const ProgramOptions& options);

// decode(tokens i32[B], positions i32[B], past_key_values.<l>.key / .value
//   f32[B, kv_heads, C, head_dim] for every layer, weights...) ->
//   logits f32[B, vocab], past_key_values.<l>.key / .value (same shapes) with each slot's new
//   key/value written at row positions[b]. Slot b attends to its cache rows 0..positions[b];
//   image_token_id only picks the weight-name prefix (-1: text-only checkpoint).
Result<Program> BuildDecode(const io::TextConfig& config, int image_token_id,
                            const ProgramOptions& options);

// Declares an argument of `b` that the runner binds from the request's inputs by `name`.
Value DeclareInput(Builder& b, Program& program, const std::string& name, TensorType type);

// Finishes `b` with `results` as @main and stores the module text and result types in `program`.
Status FinishProgram(Builder& b, const std::vector<Value>& results, Program& program);

// "vision_encode" | "prefill" | "decode" for a model directory's config.
Result<Program> BuildProgram(const io::ModelConfig& config, const std::string& name,
                             const ProgramOptions& options);

}  // namespace vlmxla::hlo
