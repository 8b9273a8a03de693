// The prefill program of a Llama/Qwen2/Gemma 3 decoder: embedding lookup with the image-feature
// merge, every decoder layer (RMSNorm, GQA attention with default RoPE or Qwen2-VL's M-RoPE, SwiGLU
// MLP; Gemma's options from io::TextConfig, sliding-window layers with a ring KV) writing its
// keys and values into the slot's KV cache, the final norm and the LM head on the last
// real position, with Transformers' float32 eager-attention math.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/decoder_layers.h"
#include "vlmxla/hlo/nn.h"
#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::hlo {
namespace {

// cos/sin tables [L, head_dim] for positions 0..L-1, rounded as Transformers computes them:
// inv_freq = 1 / theta^(2i/d) in float32, freqs = float32(pos) * inv_freq, emb = cat(freqs, freqs).
void RopeTables(double theta, double factor, int64_t head_dim, int64_t seq_len,
                std::vector<float>& cos_out, std::vector<float>& sin_out) {
  const std::vector<float> inv_freq = InvFreq(theta, head_dim, factor);
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

}  // namespace

Result<Program> BuildPrefill(const io::TextConfig& config, int image_token_id,
                             const PrefillOptions& options) {
  VLMXLA_RETURN_IF_ERROR(CheckDecoderConfig(config, "prefill"));
  if (options.seq_len < 1) {
    return InvalidArgument("prefill: seq_len must be >= 1, got " + std::to_string(options.seq_len));
  }
  if (options.seq_len > options.capacity) {
    return InvalidArgument("prefill: seq_len " + std::to_string(options.seq_len) +
                               " exceeds the KV cache capacity " + std::to_string(options.capacity),
                           "context_length_exceeded");
  }
  if (options.from_start && !config.sliding_layers.empty()) {
    return Unimplemented("prefill: from a start is not supported with sliding-window layers");
  }
  if (options.from_start && (options.keys < options.seq_len || options.keys > options.capacity)) {
    return InvalidArgument("prefill: keys " + std::to_string(options.keys) + " must lie in [" +
                           std::to_string(options.seq_len) + ", " +
                           std::to_string(options.capacity) + "]");
  }
  if (options.num_image_features < 1) {
    return InvalidArgument("prefill: num_image_features must be >= 1, got " +
                           std::to_string(options.num_image_features));
  }
  const int64_t heads = config.num_attention_heads, kv_heads = config.num_key_value_heads;
  const int64_t hd = config.head_dim, hidden = config.hidden_size;
  const int64_t seq = options.seq_len, vocab = config.vocab_size;
  const int64_t rep = heads / kv_heads;
  const int layers = config.num_hidden_layers;

  Program program;
  program.name = "prefill";
  Builder b = MainBuilder(options);
  const TensorType ids_type{ElementType::kI32, {seq}};
  const TensorType scalar_i32{ElementType::kI32, {}};
  const ElementType ct = options.precision.compute;
  auto cache_type = [&](int l) {
    return TensorType{ct, {kv_heads, config.KvRows(l, options.capacity), hd}};
  };
  Value ids = DeclareInput(b, program, "input_ids", ids_type);
  Value feature_index = DeclareInput(b, program, "feature_index", ids_type);
  Value features =
      DeclareInput(b, program, "image_features", {ct, {options.num_image_features, hidden}});
  Value length = DeclareInput(b, program, "length", scalar_i32);
  const bool from_start = options.from_start;
  Value start;
  if (from_start) start = DeclareInput(b, program, "start", scalar_i32);
  // M-RoPE (Qwen2-VL): the rotary position of each token on three axes, from the host.
  const bool mrope = !config.mrope_section.empty();
  Value rope_positions;
  if (mrope) {
    rope_positions = DeclareInput(b, program, "rope_positions", {ElementType::kI32, {3, seq}});
  }
  // DeepStack (Qwen3-VL): one feature row set per injected layer, read through feature_index.
  const int deepstack = config.deepstack_layers;
  Value deepstack_features;
  if (deepstack > 0) {
    deepstack_features = DeclareInput(b, program, "deepstack_features",
                                      {ct, {deepstack, options.num_image_features, hidden}});
  }
  // Gemma 3: each position's image block (-1 for text): one image's tokens see each other.
  Value image_block;
  if (config.bidirectional_image_blocks) {
    image_block = DeclareInput(b, program, "image_block", ids_type);
  }
  const size_t first_cache = program.params.size();
  std::vector<Value> caches;  // kv.<l>.key, kv.<l>.value, ...; cache i updates into result 1 + i
  for (int l = 0; l < layers; ++l) {
    for (const char* kv : {"key", "value"}) {
      const int result = 1 + static_cast<int>(caches.size());
      caches.push_back(DeclareKvInput(b, program, "kv." + std::to_string(l) + "." + kv,
                                      cache_type(l), result, {0, l, kv[0] == 'v'}));
    }
  }
  const DecoderWeights dw =
      DeclareDecoderWeights(b, config, options.weights_in_out, options.precision, program.params);

  // Embedding with the merge: image-token positions read their feature row instead. Their id may
  // lie outside the table (the image token is often vocab_size - 1 or beyond), so look up 0 there.
  Value is_image = b.Compare(ids, b.Splat(ids_type, image_token_id), CompareDirection::kEq);
  Value safe_ids = b.Select(is_image, b.Splat(ids_type, 0), ids);
  Value text_embeds = EmbedTokens(b, dw, safe_ids);
  Value image_rows = b.GatherRows(features, feature_index);
  Value is_image_2d = b.BroadcastInDim(is_image, {seq, hidden}, {0});
  Value inputs_embeds = b.Select(is_image_2d, image_rows, text_embeds);

  // One rotary table per RoPE setting the layers use (Gemma: global and sliding layers differ).
  Rope rope, local_rope;
  auto rope_table = [&](double theta, double factor) {
    std::vector<float> cos_data, sin_data;
    RopeTables(theta, factor, hd, seq, cos_data, sin_data);
    Value cos = b.Constant(F32({seq, hd}), cos_data);
    Value sin = b.Constant(F32({seq, hd}), sin_data);
    return RopeIn(b, cos, sin, ct);
  };
  if (mrope) {
    rope = MropeRope(b, config, rope_positions, ct);
  } else {
    // From a start: rows start..start+L-1 of the whole cache's table, each row the same value a
    // plain prefill's table holds at that position.
    if (from_start) {
      std::vector<float> cos_data, sin_data;
      RopeTables(config.rope_theta, config.rope_factor, hd, options.capacity, cos_data, sin_data);
      const Value zero = b.Scalar(ElementType::kI32, 0);
      Value cos = b.DynamicSlice(b.Constant(F32({options.capacity, hd}), cos_data), {start, zero},
                                 {seq, hd});
      Value sin = b.DynamicSlice(b.Constant(F32({options.capacity, hd}), sin_data), {start, zero},
                                 {seq, hd});
      rope = RopeIn(b, cos, sin, ct);
    } else {
      rope = rope_table(config.rope_theta, config.rope_factor);
    }
  }
  bool any_sliding = false;
  for (int l = 0; l < layers; ++l) any_sliding = any_sliding || config.IsSliding(l);
  if (any_sliding) local_rope = rope_table(config.local_rope_theta, 1.0);

  // Scores are grouped by kv head, [kv, rep, L(query), L(key)], so K and V are never repeated.
  // Causal mask: key position j is visible from query position i when j <= i. From a start the
  // keys are the cache's first `keys` rows and query i sits at position start + i.
  const int64_t keys = from_start ? options.keys : seq;
  const TensorType mask_type{ElementType::kI32, {kv_heads, rep, seq, keys}};
  Value visible;
  if (from_start) {
    Value query_position = b.Add(b.Iota(mask_type, 2), b.BroadcastInDim(start, mask_type.dims, {}));
    visible = b.Compare(b.Iota(mask_type, 3), query_position, CompareDirection::kLe);
  } else {
    visible = b.Compare(b.Iota(mask_type, 3), b.Iota(mask_type, 2), CompareDirection::kLe);
  }
  // Sliding layers: also i - j < sliding_window. (d >= 0 ? d < W : false, d = i - j.)
  Value visible_window;
  if (any_sliding) {
    Value d = b.Subtract(b.Iota(mask_type, 2), b.Iota(mask_type, 3));
    Value causal = b.Compare(d, b.Splat(mask_type, 0), CompareDirection::kGe);
    Value near = b.Compare(d, b.Splat(mask_type, config.sliding_window), CompareDirection::kLt);
    visible_window = b.Select(causal, near, causal);
  }
  if (config.bidirectional_image_blocks) {
    // OR the causal mask with "same image block" (Transformers' blockwise overlay); a sliding
    // layer ANDs its window (j > i - W) with that union.
    Value query_block = b.BroadcastInDim(image_block, mask_type.dims, {2});
    Value key_block = b.BroadcastInDim(image_block, mask_type.dims, {3});
    Value in_block = b.Compare(query_block, b.Splat(mask_type, 0), CompareDirection::kGe);
    Value same = b.Compare(query_block, key_block, CompareDirection::kEq);
    same = b.Select(in_block, same, in_block);   // and
    visible = b.Select(visible, visible, same);  // or
    if (any_sliding) {
      Value d = b.Subtract(b.Iota(mask_type, 2), b.Iota(mask_type, 3));
      Value near = b.Compare(d, b.Splat(mask_type, config.sliding_window), CompareDirection::kLt);
      visible_window = b.Select(near, visible, near);  // and
    }
  }
  Value zero = b.Scalar(ElementType::kI32, 0);
  // A ring layer's cache row r holds the prompt's last position p with p % W == r:
  // p = (length - 1) - ((length - 1 - r + W) % W), for W = sliding_window; rows no position
  // reaches yet (p < 0) take position 0's values, never visible (decode sees rows <= its position).
  Value ring_positions;
  if (any_sliding && config.sliding_window < options.capacity) {
    const int64_t w = config.sliding_window;
    const TensorType ring_type{ElementType::kI32, {w}};
    Value last = b.BroadcastInDim(b.Subtract(length, b.Scalar(ElementType::kI32, 1)), {w}, {});
    Value wv = b.Splat(ring_type, static_cast<double>(w));
    Value t = b.Add(b.Subtract(last, b.Iota(ring_type, 0)), wv);
    Value rem = b.Subtract(t, b.Multiply(b.Divide(t, wv), wv));
    ring_positions = b.Maximum(b.Subtract(last, rem), b.Splat(ring_type, 0));
  }
  Value kv_row = from_start ? start : zero;  // where this call's rows go in the cache

  std::vector<Value> fresh_kv, new_caches;
  Value x = inputs_embeds;
  const bool as_bits = options.precision.cache_updates_as_bits;
  for (int l = 0; l < layers; ++l) {
    const bool sliding = config.IsSliding(l);
    const LayerQkv a = AttentionInputs(b, config, dw.layers[l], x, sliding ? local_rope : rope);
    Value k = b.Transpose(a.k, {1, 0, 2});  // [kv, L, hd]
    Value v = b.Transpose(a.v, {1, 0, 2});
    fresh_kv.push_back(k);
    fresh_kv.push_back(v);
    Value k_seen = k, v_seen = v;
    if (config.IsRingLayer(l, options.capacity)) {
      // The whole ring is the prompt's last W positions, each at row p % W, written over the
      // slot's ring in place.
      Value ring_k = b.Transpose(b.GatherRows(a.k, ring_positions), {1, 0, 2});
      Value ring_v = b.Transpose(b.GatherRows(a.v, ring_positions), {1, 0, 2});
      new_caches.push_back(UpdateRows(b, caches[2 * l], ring_k, {zero, zero, zero}, as_bits));
      new_caches.push_back(UpdateRows(b, caches[2 * l + 1], ring_v, {zero, zero, zero}, as_bits));
    } else {
      // Rows kv_row..kv_row+L-1 of the slot's cache (an update at a constant row 0 is done in
      // place by XLA).
      new_caches.push_back(UpdateRows(b, caches[2 * l], k, {zero, kv_row, zero}, as_bits));
      new_caches.push_back(UpdateRows(b, caches[2 * l + 1], v, {zero, kv_row, zero}, as_bits));
      if (from_start) {  // the prefix's rows and these, [kv, keys, hd]
        k_seen = new_caches[2 * l];
        v_seen = new_caches[2 * l + 1];
        if (keys < options.capacity) {
          k_seen = b.Slice(k_seen, {0, 0, 0}, {kv_heads, keys, hd});
          v_seen = b.Slice(v_seen, {0, 0, 0}, {kv_heads, keys, hd});
        }
      }
    }

    Value q = b.Transpose(b.Reshape(a.q, {seq, kv_heads, rep, hd}), {1, 2, 0, 3});
    const Value mask = sliding ? visible_window : visible;
    auto probs = [&](Value scores, int64_t first_row, int64_t rows) {  // [kv, rep, rows, L]
      return AttentionProbs(b, config, scores, QueryRows(b, mask, first_row, rows));
    };
    Value attn = BlockedAttention(b, q, k_seen, v_seen, 1, probs,
                                  options.attention_block_scores);  // [kv, rep, L, hd]
    attn = b.Reshape(b.Transpose(attn, {2, 0, 1, 3}), {seq, heads * hd});
    x = FinishLayer(b, config, dw.layers[l], x, attn);
    if (l < deepstack) {
      // Qwen3VLTextModel._deepstack_process: hidden[image positions] += features of layer l.
      Value layer_rows = b.Reshape(
          b.Slice(deepstack_features, {l, 0, 0}, {l + 1, options.num_image_features, hidden}),
          {options.num_image_features, hidden});
      Value added = b.Add(x, b.GatherRows(layer_rows, feature_index));
      x = b.Select(is_image_2d, added, x);
    }
  }

  // Only the last real position's logits are needed to start generation.
  Value last_row = b.Subtract(length, b.Scalar(ElementType::kI32, 1));
  Value last = b.DynamicSlice(x, {last_row, zero}, {1, hidden});
  Value logits = b.Reshape(LmHead(b, config, dw, last), {vocab});

  std::vector<Value> results = {logits};
  program.result_names.push_back("prefill_logits");
  for (size_t i = 0; i < new_caches.size(); ++i) {
    results.push_back(new_caches[i]);
    program.result_names.push_back(program.params[first_cache + i].name);
  }
  if (options.taps) {
    results.push_back(inputs_embeds);
    program.result_names.push_back("inputs_embeds");
    for (int l = 0; l < layers; ++l) {
      // A ring layer's tap is its ring (what decode reads); the host unrolls it by position.
      const bool ring = config.IsRingLayer(l, options.capacity);
      results.push_back(ring ? new_caches[2 * l] : fresh_kv[2 * l]);
      results.push_back(ring ? new_caches[2 * l + 1] : fresh_kv[2 * l + 1]);
      program.result_names.push_back("past_key_values." + std::to_string(l) + ".key");
      program.result_names.push_back("past_key_values." + std::to_string(l) + ".value");
    }
  }
  VLMXLA_RETURN_IF_ERROR(FinishProgram(b, results, program));
  return program;
}

}  // namespace vlmxla::hlo
