// The decode program of a Llama/Qwen2/Gemma 3 decoder: one new token for each of B KV-cache slots,
// each at its own position, with Transformers' float32 eager-attention math. Projections, norms and
// the MLP run batched over the slots; attention runs per slot on that slot's own cache buffers, so
// no cache is ever copied into a batched tensor.
#include <cstdint>
#include <string>
#include <vector>

#include "vlmxla/base/quantize.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/decoder_layers.h"
#include "vlmxla/hlo/nn.h"
#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::hlo {

Result<Program> BuildDecode(const io::TextConfig& config, const DecodeOptions& options) {
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
  const int layers = config.num_hidden_layers;

  Program program;
  program.name = "decode";
  Builder b = MainBuilder(options);
  const TensorType slot_type{ElementType::kI32, {batch}};
  const ElementType ct = options.precision.compute;
  auto cache_type = [&](int l) { return TensorType{ct, {kv_heads, config.KvRows(l, cap), hd}}; };
  Value tokens = DeclareInput(b, program, "tokens", slot_type);
  Value positions = DeclareInput(b, program, "positions", slot_type);
  // M-RoPE (Qwen2-VL): each slot's rotary position (its KV row + the request's rope delta), the
  // same on all three axes.
  const bool mrope = !config.mrope_section.empty();
  Value rope_positions;
  if (mrope) rope_positions = DeclareInput(b, program, "rope_positions", slot_type);
  const size_t first_cache = program.params.size();
  // caches[s][2l] / [2l + 1]: slot s, layer l, key / value; argument i of them updates into
  // result 1 + i.
  std::vector<std::vector<Value>> caches(batch);
  int declared = 0;
  for (int64_t s = 0; s < batch; ++s) {
    for (int l = 0; l < layers; ++l) {
      for (const char* kv : {"key", "value"}) {
        const std::string name = "kv." + std::to_string(s) + "." + std::to_string(l) + "." + kv;
        caches[s].push_back(DeclareKvInput(b, program, name, cache_type(l), 1 + declared++,
                                           {static_cast<int>(s), l, kv[0] == 'v'}));
      }
    }
  }
  const DecoderWeights dw =
      DeclareDecoderWeights(b, config, options.weights_in_out, options.precision, program.params);

  Value x = EmbedTokens(b, dw, tokens);  // [B, D]

  // RoPE per slot: freqs = float32(pos) * inv_freq is a single float32 product, as Transformers'
  // K=1 matmul gives, then float32 cos/sin. With M-RoPE the three axes hold the same position, so
  // every frequency section turns by it alike.
  auto rope_at = [&](double theta, double factor) {
    const std::vector<float> inv_freq_data = InvFreq(theta, hd, factor);
    Value inv_freq = b.BroadcastInDim(b.Constant(F32({hd}), inv_freq_data), {batch, hd}, {1});
    Value pos_f = b.BroadcastInDim(b.Convert(mrope ? rope_positions : positions, ElementType::kF32),
                                   {batch, hd}, {0});
    Value freqs = b.Multiply(pos_f, inv_freq);
    Value cos = b.Cosine(freqs);
    Value sin = b.Sine(freqs);
    Rope r = RopeIn(b, cos, sin, ct);
    r.separate_products = true;
    return r;
  };
  const Rope rope = rope_at(config.rope_theta, config.rope_factor);
  bool any_sliding = false, any_ring = false;
  for (int l = 0; l < layers; ++l) {
    any_sliding = any_sliding || config.IsSliding(l);
    any_ring = any_ring || config.IsRingLayer(l, cap);
  }
  // Sliding layers (Gemma) turn by their own base.
  const Rope local_rope = any_sliding ? rope_at(config.local_rope_theta, 1.0) : Rope{};

  // On a backend with the host calls (pjrt-cpu), each slot's attention is the host kernel
  // (base/quantize.h's kDecodeAttentionTarget, runtime/decode_attention.h): the same math in an
  // order fixed per slot, reading only the rows the slot has written, where XLA's loops read (and
  // pack) all `rows` of the cache every step whatever the position.
  const bool host_attention = b.quantized_matvec_call() &&
                              (ct == ElementType::kF32 || ct == ElementType::kBF16) &&
                              hd <= kMaxDecodeAttentionHeadDim;
  Value scaling = host_attention
                      ? b.Scalar(ElementType::kF32, static_cast<float>(AttentionScaling(config)))
                      : Value{};

  // Slot s sees its cache rows 0..positions[s]; scores are [B, kv, rep, C]. A ring layer's rows
  // (W of them) hold positions[s] - W + 1..positions[s] once the slot has passed W positions, so
  // the same rule (row <= position) shows every written row and hides the unwritten ones.
  auto visible_rows = [&](int64_t rows) {
    const TensorType score_i32{ElementType::kI32, {batch, kv_heads, rep, rows}};
    return b.Compare(b.Iota(score_i32, 3), b.BroadcastInDim(positions, score_i32.dims, {0}),
                     CompareDirection::kLe);
  };
  const int64_t window = config.sliding_window;
  Value visible = host_attention ? Value{} : visible_rows(cap);
  Value visible_ring = any_ring && !host_attention ? visible_rows(window) : Value{};
  Value zero = b.Scalar(ElementType::kI32, 0);
  const bool as_bits = options.precision.cache_updates_as_bits;
  std::vector<Value> row(batch), ring_row(batch);  // positions[s], and % W for ring layers
  for (int64_t s = 0; s < batch; ++s) {
    row[s] = b.Reshape(b.Slice(positions, {s}, {s + 1}), {});
    if (any_ring) {
      Value w = b.Scalar(ElementType::kI32, static_cast<double>(window));
      ring_row[s] = b.Subtract(row[s], b.Multiply(b.Divide(row[s], w), w));
    }
  }

  for (int l = 0; l < layers; ++l) {
    const bool ring = config.IsRingLayer(l, cap);
    const int64_t rows = ring ? window : cap;
    const LayerQkv a = AttentionInputs(b, config, dw.layers[l], x,
                                       config.IsSliding(l) ? local_rope : rope);  // [B, heads, hd]
    std::vector<Value> scores, outs;
    for (int64_t s = 0; s < batch; ++s) {
      // The new row goes into the slot's own buffers in place: [kv, 1, hd] at row positions[s].
      Value k = b.Reshape(b.Slice(a.k, {s, 0, 0}, {s + 1, kv_heads, hd}), {kv_heads, 1, hd});
      Value v = b.Reshape(b.Slice(a.v, {s, 0, 0}, {s + 1, kv_heads, hd}), {kv_heads, 1, hd});
      Value& key = caches[s][2 * l];
      Value& value = caches[s][2 * l + 1];
      const Value at = ring ? ring_row[s] : row[s];
      key = UpdateRows(b, key, k, {zero, at, zero}, as_bits);
      value = UpdateRows(b, value, v, {zero, at, zero}, as_bits);
      Value q = b.Reshape(b.Slice(a.q, {s, 0, 0}, {s + 1, heads, hd}), {kv_heads, rep, hd});
      if (host_attention) {
        // Rows 0..positions[s] are visible, a ring layer's too (the rule above).
        Value o = b.CustomCall(kDecodeAttentionTarget, {q, key, value, row[s], scaling},
                               {ct, {kv_heads, rep, hd}});
        outs.push_back(b.Reshape(o, {1, heads * hd}));
        continue;
      }
      Value score = RoundedDot(b, q, key, {0}, {0}, {2}, {2});  // [kv, rep, rows]
      scores.push_back(b.Reshape(score, {1, kv_heads, rep, rows}));
    }
    Value probs = host_attention ? Value{}
                                 : AttentionProbs(b, config, b.Concatenate(scores, 0),
                                                  ring ? visible_ring : visible);
    for (int64_t s = 0; s < batch && !host_attention; ++s) {
      Value p = b.Reshape(b.Slice(probs, {s, 0, 0, 0}, {s + 1, kv_heads, rep, rows}),
                          {kv_heads, rep, rows});
      Value o = RoundedDot(b, p, caches[s][2 * l + 1], {0}, {0}, {2}, {1});  // [kv, rep, hd]
      outs.push_back(b.Reshape(o, {1, heads * hd}));
    }
    x = FinishLayer(b, config, dw.layers[l], x, b.Concatenate(outs, 0));
  }

  std::vector<Value> results = {LmHead(b, config, dw, x)};  // [B, vocab]
  program.result_names.push_back("logits");
  for (int64_t s = 0; s < batch; ++s) {
    for (size_t i = 0; i < caches[s].size(); ++i) {
      results.push_back(caches[s][i]);
      program.result_names.push_back(program.params[first_cache + s * 2 * layers + i].name);
    }
  }
  VLMXLA_RETURN_IF_ERROR(FinishProgram(b, results, program));
  return program;
}

}  // namespace vlmxla::hlo
