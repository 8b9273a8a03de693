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
  // Attention runs in blocks of query rows whose scores hold at most this many elements
  // (BlockedAttention, nn.h; 0: unblocked). 2^22 float32 scores are 16 MiB: the shape-faithful
  // LLaVA tower (729 patches, 16 heads) runs in 3 blocks and its 768-position prefill in 2; a
  // Qwen2-VL-2B image of 4872 patch rows in 16 (the most), its vision temporary 280 MiB instead
  // of 3.66 GiB with XLA's memory-minimizing schedule (runtime::XlaCpuFlags). Each block costs
  // its kernels in the compiled program (~30 KB each on XLA's CPU plugin): a smaller budget
  // trades transient memory for resident memory. Attention that fits one block (every tiny
  // fixture) is emitted unchanged.
  int64_t attention_block_scores = int64_t{1} << 22;
  // Off: ops carry no source location (loc(unknown)). XLA turns each op's location into
  // metadata that its compiled executables keep per instruction: without it the shape-faithful
  // LLaVA bench's decode program at batch 8 holds ~6 MiB less (bench/README.md). The engine
  // turns it off where runtime::BackendTraits::keeps_op_metadata; `vlmxla emit` keeps it, so
  // a compile error there names the line.
  bool source_locations = true;
};

// The builder of a program's @main, with the options' emission policy.
Builder MainBuilder(const ProgramCommonOptions& options);

struct VisionEncodeOptions : ProgramCommonOptions {
  int num_images = 1;        // images per call (LLaVA); views per call (LLaVA-NeXT / -OneVision)
  int num_patches = 0;       // patch rows per call, the patch bucket (Qwen2-VL / Qwen2.5-VL)
  int num_feature_rows = 0;  // packed feature rows per call, a bucket (LLaVA-NeXT / -OneVision)
};

struct PrefillOptions : ProgramCommonOptions {
  int seq_len = 0;             // prompt positions (L, a shape bucket)
  int num_image_features = 1;  // rows of image_features (>= 1; unused rows are ignored)
  int capacity = 0;            // positions per slot's KV cache (C, a shape bucket)
  // Continue a prompt whose first `start` positions the cache already holds (the prefix cache):
  // the program takes `start i32[]`, its L positions are start..start+L-1, and they attend the
  // cache's rows 0..keys-1 (a shape bucket, start + L <= keys <= C) up to their own. Off: the
  // program is the plain prefill, unchanged.
  bool from_start = false;
  int keys = 0;  // with from_start: the cache rows attention reads
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
// For an anyres model (LLaVA-NeXT, LLaVA-OneVision: config.anyres()), n = options.num_images views
// (every image's base view and tiles, in order) and pack_image_features runs as a gather of
// F = options.num_feature_rows rows that the host's layout (vision/anyres.h) names:
//   vision_encode(pixel_values f32[n,3,H,W],
//                 feature_source i32[F]     (row j's source: a projected view row v * tokens + r,
//                                            n * tokens for image_newline, -1 for a blend),
//                 blend_source i32[F, 4],   (OneVision only: the four rows a bilinear
//                 blend_weight f32[F, 4],    downscale mixes, weights {h0, h1, w0, w1})
//                 weights...) ->
//   packed_image_features ct[F, text_hidden]
//   (+ taps as above, and image_features ct[n, tokens, text_hidden], the projector's output)
Result<Program> BuildVisionEncode(const io::LlavaConfig& config,
                                  const VisionEncodeOptions& options);

// The Qwen2-VL / Qwen2.5-VL / Qwen3-VL vision tower and merger over N = options.num_patches packed
// patch rows of any number of images (N a multiple of merge_unit = spatial_merge_size^2; the host's
// QwenVisionLayout fills the inputs and pads to the bucket):
//   vision_encode(pixel_values f32[N, patch_dim]   (rows in the tower's order; padding rows 0),
//                 rotary_hw i32[N, 2]              (each row's (h, w) rotary position),
//                 full_segment i32[N]              (attention segment of full-attention blocks),
//                 window_segment i32[N]            (Qwen2.5-VL only: segment of windowed blocks),
//                 merged_order i32[N / merge_unit] (Qwen2.5-VL only: merger row of output row j),
//                 weights... (visual.*)) ->
//   image_features ct[N / merge_unit, out_hidden] (the merger's output in Transformers' final
//   order)
//   (+ taps: vision_hidden_states.0 after the patch embedding, vision_hidden_states.<i + 1> after
//   block i, each ct[N, hidden] in the tower's row order).
// A row attends to the rows of its own segment only; padding rows are segment -1, so they never
// change a real row.
// Qwen3-VL (weights model.visual.*) also takes
//                 interp_indices i32[N, 4], interp_weights f32[N, 4] (each row's bilinear taps of
//                 the learned position table and their weights, get_vision_interpolation_indices_
//                 and_weights with align_corners; padding rows: weight 0),
// adds the patch embedding's bias and the resampled table (pos_embed rows weighted and summed in
// f32) before block 0, runs LayerNorm blocks with linear_fc1/linear_fc2 MLPs and a LayerNorm-first
// merger, and returns after image_features
//   deepstack_features ct[S, N / merge_unit, out_hidden] (DeepStack merger k, LayerNorm after the
//   2x2 shuffle, over block deepstack_visual_indexes[k]'s output, in block order: prefill's
//   deepstack_features)
//   (+ taps: vision_pos_embeds f32[N, hidden] before the states, deepstack_features.<k> after).
Result<Program> BuildQwenVisionEncode(const io::QwenVLConfig& config,
                                      const VisionEncodeOptions& options);

// Gemma 3's vision side: the SigLIP tower's last_hidden_state (after post_layernorm), average-
// pooled on the g x g patch grid to mm_tokens_per_image soft tokens (k x k windows, k = g / side),
// mm_soft_emb_norm ((1 + w) RMSNorm, in f32) and x . mm_input_projection_weight ([vision, text]):
//   vision_encode(pixel_values f32[n, 3, S, S], weights...) -> image_features ct[n, tokens, D]
//   (+ taps: vision_hidden_states.<i> for i = 0..layers, vision_last_hidden_state,
//   pooled_image_features, normed_image_features).
Result<Program> BuildGemma3VisionEncode(const io::Gemma3Config& config,
                                        const VisionEncodeOptions& options);

// The KV cache of one slot is one device buffer per layer and per K/V, ct[kv_heads, C, head_dim]
// (ct: the compute type, f32 in the shapes below; a sliding-window layer whose window W is shorter
// than C keeps a ring ct[kv_heads, W, head_dim] instead, position p at row p % W:
// io::TextConfig::KvRows),
// named kv.<l>.key / kv.<l>.value (prefill) or kv.<b>.<l>.key / .value (decode, slot b). Programs
// take the caches as arguments and return the updated ones, each argument marked aliasable to its
// result (ProgramParam::alias_result, `tf.aliasing_output`) so a donated cache is updated in place.

// prefill(input_ids i32[L], feature_index i32[L], image_features f32[F, D], length i32[],
//   [rope_positions i32[3, L]: M-RoPE models only, config.mrope_section set],
//   [deepstack_features f32[S, F, D]: DeepStack models only, S = config.deepstack_layers],
//   [image_block i32[L]: config.bidirectional_image_blocks only; position p's image (-1: text),
//    one image's positions attending to each other both ways (a sliding layer within its
//    window)],
//   kv.<l>.key, kv.<l>.value for l = 0..layers-1, weights...) ->
//   prefill_logits f32[vocab] (of position length-1), kv.<l>.key / .value (rows 0..L-1 hold the
//   prompt's keys/values, rows >= L untouched)
//   (+ taps: inputs_embeds f32[L, D], past_key_values.<l>.key / .value f32[kv_heads, L, head_dim]).
// KV rows are 0..L-1; rows length..L-1 are padding, invisible to real ones by causality
// (1 <= length <= L is the caller's to check: a dynamic slice clamps anything else). Token p
// rotates by position p (1D RoPE) or, with M-RoPE, by rope_positions[:, p] (get_rope_index's
// temporal/height/width positions; padding rows may hold anything).
// Sliding-window layers (Gemma 3) attend to the last sliding_window positions and write the
// prompt's last W positions into their ring (any prompt length); their past_key_values tap is
// the ring itself (the runner unrolls it by position).
// Position p takes image_features[feature_index[p]] where input_ids[p] is the image token,
// else embed_tokens[input_ids[p]]. For text-only models image_token_id is -1. With DeepStack
// (Qwen3-VL), after decoder layer l < S an image position p also adds
// deepstack_features[l, feature_index[p]] to its hidden state.
// Requires seq_len <= capacity.
// With from_start the program also takes `start i32[]` after `length` and continues a prompt
// whose rows 0..start-1 the cache holds: input_ids etc. hold positions start..start+L-1, their
// keys/values go to rows start..start+L-1, position start+i attends rows 0..start+i (of the first
// `keys` rows), rotates by start+i (1D RoPE: the same host-rounded table rows as a plain prefill),
// and prefill_logits are those of position start+length-1. start + L <= keys <= capacity is the
// caller's to check (a dynamic slice clamps). Taps are those of the L positions.
Result<Program> BuildPrefill(const io::TextConfig& config, int image_token_id,
                             const PrefillOptions& options);

// decode(tokens i32[B], positions i32[B], [rope_positions i32[B]: M-RoPE models only],
//   for slot b = 0..B-1, for layer l: kv.<b>.<l>.key, kv.<b>.<l>.value, weights...) ->
//   logits f32[B, vocab], then the updated caches in the arguments' order. Slot b's new key/value
//   is written at row positions[b] of its own buffers and it attends to rows 0..positions[b]
//   (positions[b] < C is the caller's to check: a dynamic update slice clamps). The caches are
//   never gathered into one [B, ...] tensor, which would copy every cache every step. The new
//   token rotates by positions[b] (1D RoPE) or by rope_positions[b] on all three M-RoPE axes
//   (the KV row + the request's rope delta). A ring layer writes row positions[b] % W and attends
//   to its rows <= positions[b] (every row once the slot is past W). Weight names take
//   config.weights_prefix.
Result<Program> BuildDecode(const io::TextConfig& config, const DecodeOptions& options);

// Declares an argument of `b` that the runner binds from the request's inputs by `name`; with
// alias_result >= 0 it may be updated in place into that result when the runner donates it.
Value DeclareInput(Builder& b, Program& program, const std::string& name, TensorType type,
                   int alias_result = -1);
// A KV-cache input `name` with its typed role, aliased to `alias_result`.
Value DeclareKvInput(Builder& b, Program& program, const std::string& name, TensorType type,
                     int alias_result, KvRole role);

// Finishes `b` with `results` as @main and stores the module text and result types in `program`.
Status FinishProgram(Builder& b, const std::vector<Value>& results, Program& program);

// (The program a model runs for `options` is its family's: models::BuildProgram.)

}  // namespace vlmxla::hlo
