// What the prefill and decode programs of a Llama/Qwen2 decoder share: the config checks, the
// declaration of every decoder weight as a program argument under its checkpoint name, and one
// decoder layer written once (projections + RoPE before attention, o-proj + SwiGLU MLP after it,
// the masked softmax in between). Each program keeps only its own attention and KV-cache code.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::hlo {

// A projection weight as stored, or quantized (Precision::quant): its i8 values in `weight` and
// its f32 scales, [out, in] in either layout, multiplied by where the projection uses them
// (QuantizedProject, nn.h).
struct LinearWeight {
  Value weight, scales;
  int64_t out = 0;  // w4a8: its outputs (its blocks hold them rounded up to 16)
};

struct DecoderLayerWeights {
  Value input_norm;
  LinearWeight q, k, v, o;
  Value q_bias, k_bias, v_bias, o_bias;  // absent biases are invalid Values
  Value post_norm;
  LinearWeight gate, up, down;
  Value gate_bias, up_bias, down_bias;
  Value q_norm, k_norm;             // config.qk_norm only
  Value pre_ff_norm, post_ff_norm;  // config.sandwich_norms only
  bool in_out = false;  // projection weights are [in, out] (ProgramCommonOptions::weights_in_out)
  WeightQuant quant = WeightQuant::kNone;
  ElementType compute = ElementType::kF32;
};

// x . w (+ bias) for one of the layer's projections, widening a quantized weight first.
Value LayerProject(Builder& b, const DecoderLayerWeights& lw, Value x, const LinearWeight& w,
                   Value bias = Value{});
// LayerProject(x, w, bias) for each of `ws`, weights of the layer on the same x (its q, k and v;
// its gate and up): one host call for all of them where each would be one (ProjectSharedInput,
// nn.h), the same bits.
std::vector<Value> LayerProjectShared(Builder& b, const DecoderLayerWeights& lw, Value x,
                                      const std::vector<std::pair<LinearWeight, Value>>& ws);

struct DecoderWeights {
  Value embed_table;  // [vocab, hidden], or [hidden, vocab] when embed_transposed
  // A tied table quantized with the head (HeadQuant): embed_table holds its i8 values [vocab,
  // hidden] and embed_scales its f32 scales [vocab]; invalid otherwise.
  Value embed_scales;
  bool embed_transposed = false;
  double embed_scale = 0;  // config.embed_scale (0: none)
  std::vector<DecoderLayerWeights> layers;
  Value final_norm;
  // The LM head (the embedding table itself when tied): as stored in `weight`, or quantized in
  // head_quant (values and scales, [vocab, hidden] whatever in_out says).
  LinearWeight head;
  WeightQuant head_quant = WeightQuant::kNone;
  bool in_out = false;  // projections and head are [in, out] (ProgramCommonOptions::weights_in_out)
  ElementType compute = ElementType::kF32;  // activations; weights convert where consumed
};

// Rejects configs the decoder programs cannot emit; `program` names the program in messages.
Status CheckDecoderConfig(const io::TextConfig& config, const char* program);

// Declares every decoder weight as an argument of `b` (call after the program's inputs: every
// argument precedes the first op) and appends them to `params`, named with the config's
// weights_prefix ("language_model." for LLaVA).
// With in_out (ProgramCommonOptions::weights_in_out) every projection weight, the LM head and a
// tied embedding table are declared transposed. Weights are declared in precision.weights; with
// precision.quant the layers' projections are declared quantized instead (ProgramParam::quant:
// values "<name>" then scales "<name>_scale"), and the LM head (a tied embedding table with it)
// in HeadQuant(precision.quant); an untied embedding table stays as stored.
DecoderWeights DeclareDecoderWeights(Builder& b, const io::TextConfig& config, bool in_out,
                                     const Precision& precision, std::vector<ProgramParam>& params);

// Embedding lookup: rows (or, transposed, columns) of the table at `ids` -> ids.dims + [hidden],
// times embed_scale in the table's type where set, in the compute type. A quantized table's rows
// are float32(q) * scale (the dequantized W', DequantizedWeight of the rows: ids of rank 1, as
// prefill's and decode's are), cast to the compute type before embed_scale.
Value EmbedTokens(Builder& b, const DecoderWeights& w, Value ids);

// Rotary cos/sin for N tokens, [N, head_dim] each (how a program computes them is its own).
struct Rope {
  Value cos, sin;
  // ApplyRotary's separate_products: decode's, whose rows must not depend on the batch they
  // share (a lone sequence decodes in the one-row program).
  bool separate_products = false;
};

// The attention inputs of one decoder layer for N tokens x [N, D]: input RMSNorm, q/k/v
// projections with their biases, split into heads (token-major) and rotated:
// q [N, heads, head_dim], k and v [N, kv_heads, head_dim] (v not rotated).
struct LayerQkv {
  Value q, k, v;
};
LayerQkv AttentionInputs(Builder& b, const io::TextConfig& config, const DecoderLayerWeights& lw,
                         Value x, const Rope& rope);

// The decoder's RMSNorm: RmsNorm, or RmsNormUnitOffset with config.norm_weight_offset (Gemma).
Value DecoderNorm(Builder& b, const io::TextConfig& config, Value x, Value weight);

// The decoder's attention scaling: 1/sqrt(head_dim), or Gemma's query_pre_attn_scalar^-0.5.
double AttentionScaling(const io::TextConfig& config);
// Eager attention probabilities (nn.h) with the decoder's scaling (AttentionScaling).
Value AttentionProbs(Builder& b, const io::TextConfig& config, Value scores, Value visible);

// The rest of a decoder layer after attention: x [N, D] + o_proj(attn [N, heads * head_dim]),
// then + SwiGLU MLP of the post-attention RMSNorm; with sandwich_norms (Gemma) x +
// post_norm(o_proj(attn)), then + post_ff_norm(MLP(pre_ff_norm(x))) with the config's
// activation. Returns the layer's output [N, D].
Value FinishLayer(Builder& b, const io::TextConfig& config, const DecoderLayerWeights& lw, Value x,
                  Value attn);

// Final RMSNorm and LM head (soft-capped where configured): x [N, D] -> logits [N, vocab], f32
// (the compute type's values).
Value LmHead(Builder& b, const io::TextConfig& config, const DecoderWeights& w, Value x);

// inv_freq[j % (head_dim / 2)] for j in 0..head_dim-1 (emb = cat(freqs, freqs)), rounded as
// Transformers computes it in float32: 1 / theta^(2i/d), then / factor (linear scaling).
std::vector<float> InvFreq(double theta, int64_t head_dim, double factor = 1.0);

// The RoPE base and linear factor of layer `layer` (local_rope_theta on sliding layers).
double LayerRopeTheta(const io::TextConfig& config, int layer);
double LayerRopeFactor(const io::TextConfig& config, int layer);

inline TensorType F32(std::vector<int64_t> dims) { return {ElementType::kF32, std::move(dims)}; }

// Rotary cos/sin computed in f32 (`cos`, `sin` of any shape), converted to the compute type.
Rope RopeIn(Builder& b, Value cos, Value sin, ElementType compute);

// Multimodal RoPE (config.mrope_section set) for L tokens at `rope_positions` i32[3, L] (temporal,
// height, width), as Qwen2VLRotaryEmbedding: freqs_a = float32(pos_a) * inv_freq per axis,
// frequency section i of mrope_section from axis i % 3 (config.mrope_interleaved: Qwen3-VL's
// interleaving, frequency j from height or width when j % 3 is 1 or 2 within 3x that axis's
// section, else time), emb = cat(freqs, freqs), cos/sin in f32 converted to `compute`.
// [L, head_dim] each.
Rope MropeRope(Builder& b, const io::TextConfig& config, Value rope_positions, ElementType compute);

}  // namespace vlmxla::hlo
