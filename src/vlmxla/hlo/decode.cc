// The decode program of a Llama/Qwen2 decoder: one new token for each of B KV-cache slots, each
// at its own position, with Transformers' float32 eager-attention math (same layer structure as
// the prefill program in decoder.cc).
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

// repeat_kv on a cache: [B, kv, C, d] -> [B, kv * rep, C, d], head h reading kv head h / rep.
Value RepeatCache(Builder& b, Value x, int64_t rep) {
  if (rep == 1 || !b.status().ok()) return x;
  const std::vector<int64_t> dims = b.dims(x);
  Value e = b.BroadcastInDim(x, {dims[0], dims[1], rep, dims[2], dims[3]}, {0, 1, 3, 4});
  return b.Reshape(e, {dims[0], dims[1] * rep, dims[2], dims[3]});
}

}  // namespace

Result<Program> BuildDecode(const io::TextConfig& config, int image_token_id,
                            const ProgramOptions& options) {
  VLMXLA_RETURN_IF_ERROR(CheckDecoderConfig(config, "decode"));
  if (options.batch < 1) {
    return InvalidArgument("decode: batch must be >= 1, got " + std::to_string(options.batch));
  }
  if (options.capacity < 1) {
    return InvalidArgument("decode: capacity must be >= 1, got " +
                           std::to_string(options.capacity));
  }
  const int64_t heads = config.num_attention_heads, kv_heads = config.num_key_value_heads;
  const int64_t hd = config.head_dim;
  const int64_t batch = options.batch, cap = options.capacity;
  const int64_t rep = heads / kv_heads;

  Program program;
  program.name = "decode";
  Builder b("main");
  const TensorType slot_type{ElementType::kI32, {batch}};
  const TensorType cache_type = F32({batch, kv_heads, cap, hd});
  Value tokens = DeclareInput(b, program, "tokens", slot_type);
  Value positions = DeclareInput(b, program, "positions", slot_type);
  struct Cache {
    Value key, value;
  };
  std::vector<Cache> caches(config.num_hidden_layers);
  for (int l = 0; l < config.num_hidden_layers; ++l) {
    for (const char* kv : {"key", "value"}) {
      const std::string name = "past_key_values." + std::to_string(l) + "." + kv;
      Value v = b.Arg("kv" + std::to_string(l) + "_" + kv, cache_type);
      (std::string(kv) == "key" ? caches[l].key : caches[l].value) = v;
      program.params.push_back({ProgramParam::Kind::kInput, name, cache_type});
    }
  }
  const DecoderWeights dw = DeclareDecoderWeights(b, config, image_token_id, program.params);
  const Value embed_table = dw.embed_table, final_norm = dw.final_norm, head = dw.head;

  Value x = b.GatherRows(embed_table, tokens);  // [B, D]

  // RoPE per slot: freqs = float32(pos) * inv_freq is a single float32 product, as Transformers'
  // K=1 matmul gives, then float32 cos/sin.
  const std::vector<float> inv_freq_data = InvFreq(config.rope_theta, hd);
  Value inv_freq = b.BroadcastInDim(b.Constant(F32({hd}), inv_freq_data), {batch, hd}, {1});
  Value pos_f = b.BroadcastInDim(b.Convert(positions, ElementType::kF32), {batch, hd}, {0});
  Value freqs = b.Multiply(pos_f, inv_freq);
  Value cos = b.Cosine(freqs);
  Value sin = b.Sine(freqs);

  // The new token's row in each slot's cache (one-hot over C, exact), and the visible keys.
  const TensorType cache_i32{ElementType::kI32, {batch, kv_heads, cap, hd}};
  Value write_row = b.Compare(b.Iota(cache_i32, 2),
                              b.BroadcastInDim(positions, cache_i32.dims, {0}),
                              CompareDirection::kEq);
  const TensorType score_i32{ElementType::kI32, {batch, heads, cap}};
  Value visible = b.Compare(b.Iota(score_i32, 2), b.BroadcastInDim(positions, score_i32.dims, {0}),
                            CompareDirection::kLe);
  Value masked = b.Splat(F32({batch, heads, cap}), std::numeric_limits<float>::lowest());
  const double scaling = 1.0 / std::sqrt(static_cast<double>(hd));

  std::vector<Value> kv_results;
  for (size_t l = 0; l < dw.layers.size(); ++l) {
    const DecoderLayerWeights& lw = dw.layers[l];
    Value h = RmsNorm(b, x, lw.input_norm, config.rms_norm_eps);
    Value q = b.Reshape(Linear(b, h, lw.q, lw.q_bias), {batch, heads, hd});
    Value k = b.Reshape(Linear(b, h, lw.k, lw.k_bias), {batch, kv_heads, hd});
    Value v = b.Reshape(Linear(b, h, lw.v, lw.v_bias), {batch, kv_heads, hd});
    q = ApplyRope(b, q, cos, sin, {0, 2});
    k = ApplyRope(b, k, cos, sin, {0, 2});
    Value key_cache =
        b.Select(write_row, b.BroadcastInDim(k, cache_type.dims, {0, 1, 3}), caches[l].key);
    Value value_cache =
        b.Select(write_row, b.BroadcastInDim(v, cache_type.dims, {0, 1, 3}), caches[l].value);
    kv_results.push_back(key_cache);
    kv_results.push_back(value_cache);

    // Eager attention over the cache: (q k^T) * scaling, masked past pos, softmax, @ v.
    Value scores =
        b.DotGeneral(q, RepeatCache(b, key_cache, rep), {0, 1}, {0, 1}, {2}, {3});  // [B, H, C]
    scores = b.Multiply(scores, b.Splat(F32({batch, heads, cap}), scaling));
    scores = b.Select(visible, scores, masked);
    Value probs = Softmax(b, scores, 2);
    Value attn = b.DotGeneral(probs, RepeatCache(b, value_cache, rep), {0, 1}, {0, 1}, {2},
                              {2});  // [B, H, hd]
    attn = b.Reshape(attn, {batch, heads * hd});
    x = b.Add(x, Linear(b, attn, lw.o, lw.o_bias));

    h = RmsNorm(b, x, lw.post_norm, config.rms_norm_eps);
    Value gate = Linear(b, h, lw.gate, lw.gate_bias);
    Value up = Linear(b, h, lw.up, lw.up_bias);
    x = b.Add(x, Linear(b, b.Multiply(Silu(b, gate), up), lw.down, lw.down_bias));
  }

  Value logits = Linear(b, RmsNorm(b, x, final_norm, config.rms_norm_eps), head);  // [B, V]
  std::vector<Value> results = {logits};
  program.result_names.push_back("logits");
  for (int l = 0; l < config.num_hidden_layers; ++l) {
    results.push_back(kv_results[2 * l]);
    results.push_back(kv_results[2 * l + 1]);
    program.result_names.push_back("past_key_values." + std::to_string(l) + ".key");
    program.result_names.push_back("past_key_values." + std::to_string(l) + ".value");
  }
  VLMXLA_RETURN_IF_ERROR(FinishProgram(b, results, program));
  return program;
}

}  // namespace vlmxla::hlo
