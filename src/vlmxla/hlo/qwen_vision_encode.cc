// vision_encode for Qwen2-VL, Qwen2.5-VL and Qwen3-VL: the vision transformer over packed,
// flattened patches of any number of images and the 2x2 patch merger, as Transformers 5.23's eager
// path computes them (Qwen2VisionTransformerPretrainedModel,
// Qwen2_5_VisionTransformerPretrainedModel, Qwen3VLVisionModel with its resampled position table
// and DeepStack mergers).
//
// Transformers splits the packed rows at cu_seqlens and runs attention per image frame (or per
// window); here every block attends over all N rows with a block-diagonal mask from the rows'
// segment ids, which gives each row the same softmax over the same keys (masked keys add exact
// zeros). The host permutes Qwen2.5-VL's rows into window order before the program, as the tower
// does after its patch embedding, and the program gathers the merger's rows back.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/collected_params.h"
#include "vlmxla/hlo/decoder_layers.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/nn.h"

namespace vlmxla::hlo {
namespace {

// Checkpoint prefix of the tower and mergers as Transformers 5.23 saves Qwen2(.5)-VL / Qwen3-VL.
const char* Prefix(const io::QwenVLConfig& config) {
  return config.family == "qwen3_vl" ? "model.visual." : "visual.";
}
// Every LayerNorm/RMSNorm of the towers and mergers (norm1, norm2, ln_q, norm).
constexpr double kNormEps = 1e-6;
// Qwen3-VL: bilinear taps of the position table per patch (2 per axis).
constexpr int64_t kInterpTaps = 4;

bool Windowed(const io::QwenVLConfig& config) { return config.family == "qwen2_5_vl"; }

Status CheckConfig(const io::QwenVLConfig& config, const VisionEncodeOptions& options) {
  const io::QwenVisionConfig& vc = config.vision;
  if (config.family != "qwen2_vl" && config.family != "qwen2_5_vl" && config.family != "qwen3_vl") {
    return Unimplemented("vision_encode: Qwen family '" + config.family +
                         "' is not supported (qwen2_vl, qwen2_5_vl, qwen3_vl)");
  }
  if (vc.hidden_size <= 0 || vc.num_heads <= 0 || vc.hidden_size % vc.num_heads != 0 ||
      vc.head_dim() % 4 != 0 || vc.depth < 0 || vc.spatial_merge_size <= 0 || vc.patch_dim() <= 0) {
    return InvalidArgument(
        "vision_encode: inconsistent Qwen vision config (hidden_size " +
        std::to_string(vc.hidden_size) + ", heads " + std::to_string(vc.num_heads) +
        ": head_dim must be a multiple of 4, depth " + std::to_string(vc.depth) + ")");
  }
  const int unit = vc.merge_unit();
  if (options.num_patches < unit || options.num_patches % unit != 0) {
    return InvalidArgument(
        "vision_encode: num_patches must be a positive multiple of the merge "
        "unit " +
        std::to_string(unit) + ", got " + std::to_string(options.num_patches));
  }
  return Status::Ok();
}

// Row i may attend to row j when their segments are equal: i1 [heads, N, N].
Value SegmentMask(Builder& b, Value segment, int64_t heads) {
  const int64_t n = b.dims(segment)[0];
  Value rows = b.BroadcastInDim(segment, {heads, n, n}, {1});
  Value cols = b.BroadcastInDim(segment, {heads, n, n}, {2});
  return b.Compare(rows, cols, CompareDirection::kEq);
}

// The 2D rotary cos/sin [N, head_dim] in f32 (Qwen2VLVisionRotaryEmbedding): inv_freq over
// head_dim / 2, freqs = cat(h * inv_freq, w * inv_freq), emb = cat(freqs, freqs).
Rope VisionRope(Builder& b, const io::QwenVisionConfig& vc, Value rotary_hw) {
  const int64_t n = b.dims(rotary_hw)[0], quarter = vc.head_dim() / 4;
  const std::vector<float> inv_freq = InvFreq(vc.rope_theta, vc.head_dim() / 2);
  const std::span<const float> inv(inv_freq.data(), static_cast<size_t>(quarter));
  Value pos = b.Convert(rotary_hw, ElementType::kF32);  // [N, 2]
  Value h = RotaryAngles(b, b.Reshape(b.Slice(pos, {0, 0}, {n, 1}), {n}), inv);
  Value w = RotaryAngles(b, b.Reshape(b.Slice(pos, {0, 1}, {n, 2}), {n}), inv);
  Value freqs = b.Concatenate({h, w}, 1);
  Value emb = b.Concatenate({freqs, freqs}, 1);
  Rope rope;
  rope.cos = b.Cosine(emb);
  rope.sin = b.Sine(emb);
  return rope;
}

// norm1/norm2/ln_q: LayerNorm (Qwen2-VL) or RMSNorm computed in f32 (Qwen2.5-VL).
Value Norm(Builder& b, CollectedParams& p, const io::QwenVisionConfig& vc, const std::string& pre,
           Value x) {
  const int64_t d = vc.hidden_size;
  Value w = p.Weight(pre + ".weight", {d});
  if (vc.rms_norm) return RmsNorm(b, x, w, kNormEps);
  Value bias = p.Weight(pre + ".bias", {d});
  return LayerNorm(b, x, w, bias, kNormEps);
}

// nn.Linear with a bias, its weight [out, in] named `pre`.weight.
Value Dense(Builder& b, CollectedParams& p, const std::string& pre, Value x, int64_t out,
            int64_t in) {
  Value w = p.Weight(pre + ".weight", {out, in});
  Value bias = p.Weight(pre + ".bias", {out});
  return Linear(b, x, w, bias);
}

// VisionAttention over x [N, D] with `visible` [heads, N, N].
Value Attention(Builder& b, CollectedParams& p, const io::QwenVisionConfig& vc,
                const std::string& pre, Value x, const Rope& rope, Value visible,
                int64_t block_scores) {
  const int64_t n = b.dims(x)[0], d = vc.hidden_size, heads = vc.num_heads, hd = vc.head_dim();
  const ElementType ct = b.type(x).element, f32 = ElementType::kF32;
  Value qkv = b.Reshape(Dense(b, p, pre + "qkv", x, 3 * d, d), {n, 3, heads, hd});
  auto part = [&](int64_t i) {  // [N, heads, hd]
    return b.Reshape(b.Slice(qkv, {0, i, 0, 0}, {n, i + 1, heads, hd}), {n, heads, hd});
  };
  // apply_rotary_pos_emb_vision: q and k rotated in float32 and cast back.
  auto rotate = [&](Value t) {
    return b.CastTo(ApplyRotary(b, b.CastTo(t, f32), rope.cos, rope.sin), ct);
  };
  Value q = b.Transpose(rotate(part(0)), {1, 0, 2});  // [heads, N, hd]
  Value k = b.Transpose(rotate(part(1)), {1, 0, 2});
  Value v = b.Transpose(part(2), {1, 0, 2});
  const double scaling = std::pow(static_cast<double>(hd), -0.5);
  auto probs = [&](Value scores, int64_t first_row, int64_t rows) {  // [heads, rows, N]
    return AttentionProbs(b, scores, scaling, QueryRows(b, visible, first_row, rows));
  };
  Value ctx = BlockedAttention(b, q, k, v, 1, probs, block_scores);  // [heads, N, hd]
  ctx = b.Reshape(b.Transpose(ctx, {1, 0, 2}), {n, d});
  return Dense(b, p, pre + "proj", ctx, d, d);
}

// VisionMlp (fc1, activation, fc2; Qwen3VLVisionMLP names them linear_fc1/linear_fc2) or
// Qwen2_5_VLMLP (down(act(gate) * up), with biases).
Result<Value> Mlp(Builder& b, CollectedParams& p, const io::QwenVisionConfig& vc,
                  const std::string& pre, Value x) {
  const int64_t d = vc.hidden_size, f = vc.intermediate_size;
  if (!vc.gated_mlp) {
    const std::string fc = vc.num_position_embeddings > 0 ? "linear_fc" : "fc";
    Value h = Dense(b, p, pre + fc + "1", x, f, d);
    VLMXLA_ASSIGN_OR_RETURN(h, Activation(b, vc.hidden_act, h, "vision mlp"));
    return Dense(b, p, pre + fc + "2", h, d, f);
  }
  Value gate = Dense(b, p, pre + "gate_proj", x, f, d);
  VLMXLA_ASSIGN_OR_RETURN(gate, Activation(b, vc.hidden_act, gate, "vision mlp"));
  Value up = Dense(b, p, pre + "up_proj", x, f, d);
  return Dense(b, p, pre + "down_proj", b.Multiply(gate, up), d, f);
}

// Qwen3VLVisionModel's position embeddings: the learned table's rows at each patch's taps
// (interp_indices [N, taps]) weighted in f32 (interp_weights [N, taps]) and summed, as
// (pos_embed(indices) * weights[:, :, None]).sum(1) computes them (a f32 result in every dtype).
Value ResampledPositions(Builder& b, CollectedParams& p, const io::QwenVisionConfig& vc,
                         const std::string& pre, Value indices, Value weights) {
  const int64_t n = b.dims(indices)[0], taps = b.dims(indices)[1], d = vc.hidden_size;
  Value table = p.Weight(pre + "pos_embed.weight", {vc.num_position_embeddings, d});
  Value rows = b.GatherRows(table, indices);  // [N, taps, D]
  rows = b.CastTo(rows, ElementType::kF32);
  Value w = b.BroadcastInDim(weights, {n, taps, d}, {0, 1});
  return b.Reduce(b.Multiply(rows, w), {1}, ReduceKind::kSum);
}

// Qwen3VLVisionPatchMerger over x [N, D]: LayerNorm before the merge unit's rows become one row
// (the merger) or after (a DeepStack merger, use_postshuffle_norm), then linear_fc1, GELU (erf),
// linear_fc2.
Value Qwen3Merger(Builder& b, CollectedParams& p, const io::QwenVisionConfig& vc,
                  const std::string& pre, Value x, bool postshuffle) {
  const int64_t n = b.dims(x)[0], d = vc.hidden_size, unit = vc.merge_unit(), wide = unit * d;
  auto norm = [&](Value v, int64_t width) {  // weight, then bias: the parameters' order
    Value w = p.Weight(pre + "norm.weight", {width});
    Value bias = p.Weight(pre + "norm.bias", {width});
    return LayerNorm(b, v, w, bias, kNormEps);
  };
  if (!postshuffle) x = norm(x, d);
  x = b.Reshape(x, {n / unit, wide});
  if (postshuffle) x = norm(x, wide);
  x = Gelu(b, Dense(b, p, pre + "linear_fc1", x, wide, wide));
  return Dense(b, p, pre + "linear_fc2", x, vc.out_hidden_size, wide);
}

Result<CollectedGraph> BuildGraph(Builder& b, CollectedParams& p, const io::QwenVLConfig& config,
                                  const VisionEncodeOptions& options) {
  const io::QwenVisionConfig& vc = config.vision;
  const bool windowed = Windowed(config);
  const bool qwen3 = config.family == "qwen3_vl";
  const int64_t n = options.num_patches, d = vc.hidden_size, unit = vc.merge_unit();
  const ElementType i32 = ElementType::kI32, f32 = ElementType::kF32;
  Value pixels = p.Input("pixel_values", {f32, {n, vc.patch_dim()}});
  Value rotary_hw = p.Input("rotary_hw", {i32, {n, 2}});
  Value full_segment = p.Input("full_segment", {i32, {n}});
  Value window_segment, merged_order, interp_indices, interp_weights;
  if (windowed) {
    window_segment = p.Input("window_segment", {i32, {n}});
    merged_order = p.Input("merged_order", {i32, {n / unit}});
  }
  if (qwen3) {  // the position table's bilinear taps per patch row (padding rows: any, weight 0)
    interp_indices = p.Input("interp_indices", {i32, {n, kInterpTaps}});
    interp_weights = p.Input("interp_weights", {f32, {n, kInterpTaps}});
  }

  // PatchEmbed: a Conv3d whose kernel is its stride over one flattened patch, i.e. one matmul of
  // the patch row with the kernel flattened the same way (C, T, P, P); Qwen3-VL's has a bias.
  const std::string pre = Prefix(config);
  Value kernel =
      p.Weight(pre + "patch_embed.proj.weight",
               {d, vc.in_channels, vc.temporal_patch_size, vc.patch_size, vc.patch_size});
  Value flat_kernel = b.Reshape(kernel, {d, vc.patch_dim()});
  Value kernel_bias = qwen3 ? p.Weight(pre + "patch_embed.proj.bias", {d}) : Value{};
  std::vector<Value> states = {Linear(b, b.CastTo(pixels, p.compute()), flat_kernel, kernel_bias)};
  Value pos_embeds;
  if (qwen3) {
    pos_embeds = ResampledPositions(b, p, vc, pre, interp_indices, interp_weights);
    states[0] = b.Add(states[0], b.CastTo(pos_embeds, p.compute()));
  }

  const Rope rope = VisionRope(b, vc, rotary_hw);
  Value full_visible = SegmentMask(b, full_segment, vc.num_heads);
  Value window_visible = windowed ? SegmentMask(b, window_segment, vc.num_heads) : full_visible;
  std::vector<Value> deepstack;  // in block order, as the decoder's layers take them
  for (int i = 0; i < vc.depth; ++i) {
    const std::string block = pre + "blocks." + std::to_string(i) + ".";
    bool full = !windowed;
    for (int f : vc.fullatt_block_indexes) full = full || f == i;
    Value x = states.back();
    Value h = Norm(b, p, vc, block + "norm1", x);
    x = b.Add(x, Attention(b, p, vc, block + "attn.", h, rope, full ? full_visible : window_visible,
                           options.attention_block_scores));
    h = Norm(b, p, vc, block + "norm2", x);
    VLMXLA_ASSIGN_OR_RETURN(h, Mlp(b, p, vc, block + "mlp.", h));
    states.push_back(b.Add(x, h));
    const auto& ds = vc.deepstack_visual_indexes;
    const auto k = std::find(ds.begin(), ds.end(), i);
    if (k != ds.end()) {  // deepstack_merger_list[deepstack_visual_indexes.index(i)]
      const std::string merger =
          pre + "deepstack_merger_list." + std::to_string(k - ds.begin()) + ".";
      deepstack.push_back(Qwen3Merger(b, p, vc, merger, states.back(), /*postshuffle=*/true));
    }
  }

  Value features;
  if (qwen3) {
    features = Qwen3Merger(b, p, vc, pre + "merger.", states.back(), /*postshuffle=*/false);
  } else {
    // PatchMerger: norm, each merge unit's rows as one row, Linear, GELU (erf), Linear.
    Value h = Norm(b, p, vc, pre + "merger.ln_q", states.back());
    h = b.Reshape(h, {n / unit, unit * d});
    h = Gelu(b, Dense(b, p, pre + "merger.mlp.0", h, unit * d, unit * d));
    features = Dense(b, p, pre + "merger.mlp.2", h, vc.out_hidden_size, unit * d);
  }
  if (windowed) features = b.GatherRows(features, merged_order);  // back from window order

  CollectedGraph g;
  g.Add(features, "image_features");
  if (!deepstack.empty()) {  // [S, N / unit, out_hidden]: prefill's deepstack_features
    std::vector<Value> layers;
    for (Value v : deepstack) layers.push_back(b.Reshape(v, {1, n / unit, vc.out_hidden_size}));
    g.Add(layers.size() == 1 ? layers[0] : b.Concatenate(layers, 0), "deepstack_features");
  }
  if (options.taps) {
    if (qwen3) g.Add(pos_embeds, "vision_pos_embeds");
    g.AddHiddenStates(states);
    for (size_t k = 0; k < deepstack.size(); ++k) {
      g.Add(deepstack[k], "deepstack_features." + std::to_string(k));
    }
  }
  VLMXLA_RETURN_IF_ERROR(b.status());
  return g;
}

}  // namespace

Result<Program> BuildQwenVisionEncode(const io::QwenVLConfig& config,
                                      const VisionEncodeOptions& options) {
  VLMXLA_RETURN_IF_ERROR(CheckConfig(config, options));
  return BuildCollectedProgram("vision_encode", options, [&](Builder& b, CollectedParams& p) {
    return BuildGraph(b, p, config, options);
  });
}

}  // namespace vlmxla::hlo
