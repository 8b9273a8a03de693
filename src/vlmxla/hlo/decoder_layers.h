// What the prefill and decode programs of a Llama/Qwen2 decoder share: the config checks, the
// declaration of every decoder weight as a program argument under its checkpoint name, and RoPE.
#pragma once

#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::hlo {

struct DecoderLayerWeights {
  Value input_norm, q, q_bias, k, k_bias, v, v_bias, o, o_bias;  // absent biases are invalid Values
  Value post_norm, gate, gate_bias, up, up_bias, down, down_bias;
};

struct DecoderWeights {
  Value embed_table;
  std::vector<DecoderLayerWeights> layers;
  Value final_norm;
  Value head;  // the embedding table itself when the LM head is tied
};

// Rejects configs the decoder programs cannot emit; `program` names the program in messages.
Status CheckDecoderConfig(const io::TextConfig& config, const char* program);

// Declares every decoder weight as an argument of `b` (call after the program's inputs: every
// argument precedes the first op) and appends them to `params`. A multimodal checkpoint
// (image_token_id >= 0) nests the decoder under "language_model." (Transformers v5 layout).
DecoderWeights DeclareDecoderWeights(Builder& b, const io::TextConfig& config, int image_token_id,
                                     std::vector<ProgramParam>& params);

// Rotary embedding on the last axis of a rank-3 x: x * cos + rotate_half(x) * sin, with
// rotate_half(x) = cat(-x2, x1). cos/sin are rank 2 and broadcast into x along `cos_dims`.
Value ApplyRope(Builder& b, Value x, Value cos, Value sin, const std::vector<int64_t>& cos_dims);

// inv_freq[j % (head_dim / 2)] for j in 0..head_dim-1 (emb = cat(freqs, freqs)), rounded as
// Transformers computes it in float32: 1 / theta^(2i/d).
std::vector<float> InvFreq(double theta, int64_t head_dim);

inline TensorType F32(std::vector<int64_t> dims) { return {ElementType::kF32, std::move(dims)}; }

}  // namespace vlmxla::hlo
