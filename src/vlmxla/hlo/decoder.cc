// The prefill program of a Llama/Qwen2 decoder: embedding lookup with the image-feature merge,
// every decoder layer (RMSNorm, GQA attention with default RoPE, SwiGLU MLP), the final norm and
// the LM head on the last position, with Transformers' float32 eager-attention math.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/decoder_layers.h"
#include "vlmxla/hlo/nn.h"
#include "vlmxla/hlo/programs.h"

namespace vlmxla::hlo {
namespace {

// cos/sin tables [L, head_dim] for positions 0..L-1, rounded as Transformers computes them:
// inv_freq = 1 / theta^(2i/d) in float32, freqs = float32(pos) * inv_freq, emb = cat(freqs, freqs).
void RopeTables(double theta, int64_t head_dim, int64_t seq_len, std::vector<float>& cos_out,
                std::vector<float>& sin_out) {
  const std::vector<float> inv_freq = InvFreq(theta, head_dim);
  cos_out.assign(seq_len * head_dim, 0.0f);
  sin_out.assign(seq_len * head_dim, 0.0f);
  for (int64_t p = 0; p < seq_len; ++p) {
    for (int64_t j = 0; j < head_dim; ++j) {
      const float f = static_cast<float>(p) * inv_freq[j];
      cos_out[p * head_dim + j] = static_cast<float>(std::cos(static_cast<double>(f)));
      sin_out[p * head_dim + j] = static_cast<float>(std::sin(static_cast<double>(f)));
    }
  }
}

// [L, heads*d] -> [heads, L, d].
Value SplitHeads(Builder& b, Value x, int64_t heads, int64_t d) {
  if (!b.status().ok()) return Value{};
  const int64_t l = b.dims(x)[0];
  return b.Transpose(b.Reshape(x, {l, heads, d}), {1, 0, 2});
}

// repeat_kv: [kv, L, d] -> [kv * rep, L, d], head h reading kv head h / rep.
Value RepeatKv(Builder& b, Value x, int64_t rep) {
  if (rep == 1 || !b.status().ok()) return x;
  const std::vector<int64_t> dims = b.dims(x);
  Value e = b.BroadcastInDim(x, {dims[0], rep, dims[1], dims[2]}, {0, 2, 3});
  return b.Reshape(e, {dims[0] * rep, dims[1], dims[2]});
}

}  // namespace

Result<Program> BuildPrefill(const io::TextConfig& config, int image_token_id,
                             const ProgramOptions& options) {
  VLMXLA_RETURN_IF_ERROR(CheckDecoderConfig(config, "prefill"));
  if (options.seq_len < 1) {
    return InvalidArgument("prefill: seq_len must be >= 1, got " +
                           std::to_string(options.seq_len));
  }
  if (options.num_image_features < 1) {
    return InvalidArgument("prefill: num_image_features must be >= 1, got " +
                           std::to_string(options.num_image_features));
  }
  const int64_t heads = config.num_attention_heads, kv_heads = config.num_key_value_heads;
  const int64_t hd = config.head_dim, hidden = config.hidden_size;
  const int64_t seq = options.seq_len, vocab = config.vocab_size;
  const int64_t rep = heads / kv_heads;

  Program program;
  program.name = "prefill";
  Builder b("main");
  const TensorType ids_type{ElementType::kI32, {seq}};
  const TensorType features_type = F32({options.num_image_features, hidden});
  Value ids = DeclareInput(b, program, "input_ids", ids_type);
  Value feature_index = DeclareInput(b, program, "feature_index", ids_type);
  Value features = DeclareInput(b, program, "image_features", features_type);
  const DecoderWeights dw = DeclareDecoderWeights(b, config, image_token_id, program.params);
  const Value embed_table = dw.embed_table, final_norm = dw.final_norm, head = dw.head;

  // Embedding with the merge: image-token positions read their feature row instead. Their id may
  // lie outside the table (the image token is often vocab_size - 1 or beyond), so look up 0 there.
  Value is_image = b.Compare(ids, b.Splat(ids_type, image_token_id), CompareDirection::kEq);
  Value safe_ids = b.Select(is_image, b.Splat(ids_type, 0), ids);
  Value text_embeds = b.GatherRows(embed_table, safe_ids);
  Value image_rows = b.GatherRows(features, feature_index);
  Value is_image_2d = b.BroadcastInDim(is_image, {seq, hidden}, {0});
  Value inputs_embeds = b.Select(is_image_2d, image_rows, text_embeds);

  std::vector<float> cos_data, sin_data;
  RopeTables(config.rope_theta, hd, seq, cos_data, sin_data);
  Value cos = b.Constant(F32({seq, hd}), cos_data);
  Value sin = b.Constant(F32({seq, hd}), sin_data);

  // Causal mask: key position j is visible from query position i when j <= i.
  const TensorType mask_type{ElementType::kI32, {heads, seq, seq}};
  Value visible = b.Compare(b.Iota(mask_type, 2), b.Iota(mask_type, 1), CompareDirection::kLe);
  Value masked = b.Splat(F32({heads, seq, seq}), std::numeric_limits<float>::lowest());
  const double scaling = 1.0 / std::sqrt(static_cast<double>(hd));

  std::vector<Value> kv_results;
  Value x = inputs_embeds;
  for (const DecoderLayerWeights& lw : dw.layers) {
    Value h = RmsNorm(b, x, lw.input_norm, config.rms_norm_eps);
    Value q = Linear(b, h, lw.q, lw.q_bias);
    Value k = Linear(b, h, lw.k, lw.k_bias);
    Value v = Linear(b, h, lw.v, lw.v_bias);
    q = ApplyRope(b, SplitHeads(b, q, heads, hd), cos, sin, {1, 2});
    k = ApplyRope(b, SplitHeads(b, k, kv_heads, hd), cos, sin, {1, 2});
    v = SplitHeads(b, v, kv_heads, hd);
    kv_results.push_back(k);
    kv_results.push_back(v);

    // Eager attention: (q k^T) * scaling, masked, float32 softmax, then @ v.
    Value scores = b.DotGeneral(q, RepeatKv(b, k, rep), {0}, {0}, {2}, {2});
    scores = b.Multiply(scores, b.Splat(F32({heads, seq, seq}), scaling));
    scores = b.Select(visible, scores, masked);
    Value probs = Softmax(b, scores, 2);
    Value attn = b.DotGeneral(probs, RepeatKv(b, v, rep), {0}, {0}, {2}, {1});  // [H, L, hd]
    attn = b.Reshape(b.Transpose(attn, {1, 0, 2}), {seq, heads * hd});
    x = b.Add(x, Linear(b, attn, lw.o, lw.o_bias));

    h = RmsNorm(b, x, lw.post_norm, config.rms_norm_eps);
    Value gate = Linear(b, h, lw.gate, lw.gate_bias);
    Value up = Linear(b, h, lw.up, lw.up_bias);
    x = b.Add(x, Linear(b, b.Multiply(Silu(b, gate), up), lw.down, lw.down_bias));
  }

  // Only the last position's logits are needed to start generation.
  Value last = b.Slice(x, {seq - 1, 0}, {seq, hidden});
  last = RmsNorm(b, last, final_norm, config.rms_norm_eps);
  Value logits = b.Reshape(Linear(b, last, head), {vocab});

  std::vector<Value> results = {logits};
  program.result_names.push_back("prefill_logits");
  for (int l = 0; l < config.num_hidden_layers; ++l) {
    results.push_back(kv_results[2 * l]);
    results.push_back(kv_results[2 * l + 1]);
    program.result_names.push_back("past_key_values." + std::to_string(l) + ".key");
    program.result_names.push_back("past_key_values." + std::to_string(l) + ".value");
  }
  if (options.taps) {
    results.push_back(inputs_embeds);
    program.result_names.push_back("inputs_embeds");
  }
  VLMXLA_RETURN_IF_ERROR(FinishProgram(b, results, program));
  return program;
}

}  // namespace vlmxla::hlo
