// vision_encode: the LLaVA vision path (CLIP or SigLIP tower, feature selection, projector) as
// Transformers 5.23 computes it in float32, written against the Builder.
#include <cmath>
#include <string>
#include <vector>

#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/collected_params.h"
#include "vlmxla/hlo/nn.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/vision_tower.h"

namespace vlmxla::hlo {
namespace {

// Checkpoint prefixes as Transformers 5.x save_pretrained writes them for LLaVA checkpoints.
// Older published checkpoints put the tower under "vision_tower.vision_model."; the runner maps.
constexpr char kTowerPrefix[] = "vision_tower.";
constexpr char kProjectorPrefix[] = "multi_modal_projector.";

}  // namespace

Status CheckVisionTower(const io::VisionConfig& vc, const VisionEncodeOptions& options) {
  if (vc.model_type != "clip_vision_model" && vc.model_type != "siglip_vision_model") {
    return Unimplemented("vision_encode: vision tower '" + vc.model_type +
                             "' is not supported (known: clip_vision_model, siglip_vision_model)",
                         "unsupported_vision_tower");
  }
  if (options.num_images < 1) {
    return InvalidArgument("vision_encode: num_images must be >= 1, got " +
                           std::to_string(options.num_images));
  }
  if (vc.hidden_size <= 0 || vc.num_attention_heads <= 0 ||
      vc.hidden_size % vc.num_attention_heads != 0 || vc.patch_size <= 0 ||
      vc.image_size < vc.patch_size || vc.num_hidden_layers < 0) {
    return InvalidArgument(
        "vision_encode: inconsistent vision config (hidden_size " + std::to_string(vc.hidden_size) +
        ", heads " + std::to_string(vc.num_attention_heads) + ", image_size " +
        std::to_string(vc.image_size) + ", patch_size " + std::to_string(vc.patch_size) + ")");
  }
  return Status();
}

namespace {

// Scaled dot-product self-attention without a mask, as the eager CLIP/SigLIP attention.
Value SelfAttention(Builder& b, CollectedParams& p, const std::string& pre, Value x, int64_t heads,
                    int64_t block_scores) {
  if (!b.status().ok() || b.type(x).rank() != 3) {
    return b.Fail(Internal("vision attention: expected a valid [n, T, D] input"));
  }
  const std::vector<int64_t> dims = b.dims(x);  // [n, T, D]
  const int64_t n = dims[0], t = dims[1], d = dims[2], hd = d / heads;
  auto proj = [&](const std::string& name) {
    Value w = p.Weight(pre + name + ".weight", {d, d});
    Value bias = p.Weight(pre + name + ".bias", {d});
    return Linear(b, x, w, bias);
  };
  auto split = [&](Value v) {  // [n, T, D] -> [n, H, T, hd]
    return b.Transpose(b.Reshape(v, {n, t, heads, hd}), {0, 2, 1, 3});
  };
  Value q = split(proj("q_proj"));
  Value k = split(proj("k_proj"));
  Value v = split(proj("v_proj"));
  // eager_attention_forward: matmul * scale (a Python float: in f32, rounded once), softmax in
  // f32, cast back to the compute type.
  const ElementType ct = b.type(x).element, f32 = ElementType::kF32;
  auto probs = [&](Value scores, int64_t, int64_t) {  // [n, H, rows, T]
    scores = b.CastTo(scores, f32);
    scores = b.Multiply(scores, SplatLike(b, scores, 1.0 / std::sqrt(static_cast<double>(hd))));
    scores = b.CastTo(b.CastTo(scores, ct), f32);
    return b.CastTo(Softmax(b, scores, 3), ct);
  };
  Value ctx = BlockedAttention(b, q, k, v, 2, probs, block_scores);  // [n, H, T, hd]
  ctx = b.Reshape(b.Transpose(ctx, {0, 2, 1, 3}), {n, t, d});
  Value wo = p.Weight(pre + "out_proj.weight", {d, d});
  Value bo = p.Weight(pre + "out_proj.bias", {d});
  return Linear(b, ctx, wo, bo);
}

Result<Value> EncoderLayer(Builder& b, CollectedParams& p, const io::VisionConfig& vc, int layer,
                           Value x, int64_t block_scores) {
  const std::string pre =
      std::string(kTowerPrefix) + "encoder.layers." + std::to_string(layer) + ".";
  const int64_t d = vc.hidden_size, f = vc.intermediate_size;
  Value ln1w = p.Weight(pre + "layer_norm1.weight", {d});
  Value ln1b = p.Weight(pre + "layer_norm1.bias", {d});
  Value h = LayerNorm(b, x, ln1w, ln1b, vc.layer_norm_eps);
  VLMXLA_RETURN_IF_ERROR(b.status());
  h = SelfAttention(b, p, pre + "self_attn.", h, vc.num_attention_heads, block_scores);
  x = b.Add(x, h);
  Value ln2w = p.Weight(pre + "layer_norm2.weight", {d});
  Value ln2b = p.Weight(pre + "layer_norm2.bias", {d});
  h = LayerNorm(b, x, ln2w, ln2b, vc.layer_norm_eps);
  Value w1 = p.Weight(pre + "mlp.fc1.weight", {f, d});
  Value b1 = p.Weight(pre + "mlp.fc1.bias", {f});
  h = Linear(b, h, w1, b1);
  VLMXLA_ASSIGN_OR_RETURN(h, Activation(b, vc.hidden_act, h, "vision mlp"));
  Value w2 = p.Weight(pre + "mlp.fc2.weight", {d, f});
  Value b2 = p.Weight(pre + "mlp.fc2.bias", {d});
  h = Linear(b, h, w2, b2);
  return b.Add(x, h);
}

// Patch embedding (+ class token for CLIP) + position embedding (+ pre_layrnorm for CLIP).
Value Embeddings(Builder& b, CollectedParams& p, const io::VisionConfig& vc, Value pixels,
                 int64_t n) {
  const std::string pre = std::string(kTowerPrefix) + "embeddings.";
  const bool clip = vc.has_class_token;
  const int64_t d = vc.hidden_size, c = vc.num_channels, ps = vc.patch_size;
  const int64_t grid = vc.image_size / vc.patch_size, patches = grid * grid;
  const int64_t t = vc.num_positions();
  const ElementType ct = p.compute();
  Value class_emb;
  if (clip) class_emb = p.ComputeWeight(pre + "class_embedding", {d});
  Value kernel = p.ComputeWeight(pre + "patch_embedding.weight", {d, c, ps, ps});
  // A stride-ps VALID convolution: an image_size that is not a multiple of the patch (SigLIP
  // so400m: 384 / 14) leaves its last pixels unread, as in Transformers; g = image_size / ps.
  // pixel_values.to(dtype), then a conv accumulating in f32 with its bias, rounded once.
  const bool narrow = ct != ElementType::kF32;
  Value conv = b.Conv2D(b.CastTo(pixels, ct), kernel, ps, ps,
                        narrow ? std::optional(ElementType::kF32) : std::nullopt);  // [n, D, g, g]
  if (!clip) {
    Value bias = b.CastTo(p.ComputeWeight(pre + "patch_embedding.bias", {d}), b.type(conv).element);
    conv = b.Add(conv, b.BroadcastInDim(bias, {n, d, grid, grid}, {1}));
  }
  conv = b.CastTo(conv, ct);
  Value x = b.Transpose(b.Reshape(conv, {n, d, patches}), {0, 2, 1});  // [n, P, D]
  if (clip) {
    Value cls = b.BroadcastInDim(class_emb, {n, 1, d}, {2});
    x = b.Concatenate({cls, x}, 1);
  }
  Value pos = p.ComputeWeight(pre + "position_embedding.weight", {t, d});
  x = b.Add(x, b.BroadcastInDim(pos, {n, t, d}, {1, 2}));
  if (clip) {
    Value w = p.Weight(std::string(kTowerPrefix) + "pre_layrnorm.weight", {d});
    Value bb = p.Weight(std::string(kTowerPrefix) + "pre_layrnorm.bias", {d});
    x = LayerNorm(b, x, w, bb, vc.layer_norm_eps);
  }
  return x;
}

}  // namespace

Result<std::vector<Value>> VisionTowerStates(Builder& b, CollectedParams& p,
                                             const io::VisionConfig& vc, Value pixels, int64_t n,
                                             int64_t block_scores) {
  std::vector<Value> states;
  states.push_back(Embeddings(b, p, vc, pixels, n));
  for (int l = 0; l < vc.num_hidden_layers; ++l) {
    VLMXLA_ASSIGN_OR_RETURN(Value next, EncoderLayer(b, p, vc, l, states.back(), block_scores));
    states.push_back(next);
  }
  return states;
}

Value VisionPostLayerNorm(Builder& b, CollectedParams& p, const io::VisionConfig& vc, Value x) {
  const int64_t d = vc.hidden_size;
  Value w = p.Weight(std::string(kTowerPrefix) + "post_layernorm.weight", {d});
  Value bias = p.Weight(std::string(kTowerPrefix) + "post_layernorm.bias", {d});
  return LayerNorm(b, x, w, bias, vc.layer_norm_eps);
}

namespace {

Status CheckConfig(const io::LlavaConfig& config, const VisionEncodeOptions& options) {
  VLMXLA_RETURN_IF_ERROR(CheckVisionTower(config.vision, options));
  if (config.anyres() && options.num_feature_rows < 1) {
    return InvalidArgument("vision_encode: an anyres model needs num_feature_rows >= 1, got " +
                           std::to_string(options.num_feature_rows));
  }
  const io::VisionConfig& vc = config.vision;
  if (config.vision_feature_layers.empty()) {
    return InvalidArgument("vision_encode: vision_feature_layer is empty");
  }
  const int states = vc.num_hidden_layers + 1;
  for (int layer : config.vision_feature_layers) {
    if (layer < -states || layer >= states) {
      return OutOfRange("vision_encode: vision_feature_layer " + std::to_string(layer) +
                            " is outside the tower's " + std::to_string(states) + " hidden states",
                        "vision_feature_layer_out_of_range");
    }
  }
  const std::string& s = config.vision_feature_select_strategy;
  if (s != "default" && s != "full") {
    return InvalidArgument("vision_encode: vision_feature_select_strategy '" + s +
                           "' is not one of default, full");
  }
  return Status();
}

// pack_image_features (LLaVA-NeXT, LLaVA-OneVision) as a gather over the projected rows of every
// view with the image_newline row after them: output row j copies row feature_source[j], or, where
// that is -1, blends the four rows blend_source[j] names with blend_weight[j] = {h0, h1, w0, w1}
// in float32 as PyTorch's bilinear upsample does ((a w0 + b w1) h0 + (c w0 + d w1) h1, rounded
// once to the compute type). The host layout (vision/anyres.h) fills the tables.
Value PackAnyres(Builder& b, CollectedParams& p, const io::LlavaConfig& config, Value features,
                 int64_t rows) {
  const std::vector<int64_t> dims = b.dims(features);  // [n, tokens, D]
  const int64_t d = dims[2];
  const ElementType ct = p.compute(), f32 = ElementType::kF32, i32 = ElementType::kI32;
  Value newline = b.Reshape(p.ComputeWeight("image_newline", {d}), {1, d});
  Value table = b.Concatenate({b.Reshape(features, {dims[0] * dims[1], d}), newline}, 0);
  Value source = p.Input("feature_source", {i32, {rows}});
  Value packed = b.GatherRows(table, b.Maximum(source, b.Splat({i32, {rows}}, 0)));
  if (config.vision_aspect_ratio.empty()) return packed;  // no anyres_max_N downscale
  Value blend_source = p.Input("blend_source", {i32, {rows, 4}});
  Value blend_weight = p.Input("blend_weight", {f32, {rows, 4}});
  Value corners = b.CastTo(b.GatherRows(table, blend_source), f32);  // [rows, 4, D]
  auto corner = [&](int64_t k) {
    return b.Reshape(b.Slice(corners, {0, k, 0}, {rows, k + 1, d}), {rows, d});
  };
  auto weight = [&](int64_t k) {
    Value w = b.Reshape(b.Slice(blend_weight, {0, k}, {rows, k + 1}), {rows});
    return b.BroadcastInDim(w, {rows, d}, {0});
  };
  Value top = b.Add(b.Multiply(corner(0), weight(2)), b.Multiply(corner(1), weight(3)));
  Value bottom = b.Add(b.Multiply(corner(2), weight(2)), b.Multiply(corner(3), weight(3)));
  Value blended = b.CastTo(b.Add(b.Multiply(top, weight(0)), b.Multiply(bottom, weight(1))), ct);
  Value is_blend = b.BroadcastInDim(
      b.Compare(source, b.Splat({i32, {rows}}, 0), CompareDirection::kLt), {rows, d}, {0});
  return b.Select(is_blend, blended, packed);
}

// The whole graph: @main's results and their stage names.
Result<CollectedGraph> BuildGraph(Builder& b, CollectedParams& p, const io::LlavaConfig& config,
                                  const VisionEncodeOptions& options) {
  const io::VisionConfig& vc = config.vision;
  const int64_t n = options.num_images, d = vc.hidden_size;
  const int64_t t = vc.num_positions();
  Value pixels = p.Input("pixel_values",
                         {ElementType::kF32, {n, vc.num_channels, vc.image_size, vc.image_size}});

  // hidden_states[0] is the encoder input (after pre_layrnorm for CLIP); [i] is after layer i.
  // SigLIP's post_layernorm only applies to last_hidden_state, which LLaVA does not use.
  VLMXLA_ASSIGN_OR_RETURN(std::vector<Value> states,
                          VisionTowerStates(b, p, vc, pixels, n, options.attention_block_scores));

  const int num_states = static_cast<int>(states.size());
  const int64_t drop = config.vision_feature_select_strategy == "default" ? 1 : 0;
  std::vector<Value> pool;
  for (int layer : config.vision_feature_layers) {
    Value hs = states[layer < 0 ? layer + num_states : layer];
    if (drop) hs = b.Slice(hs, {0, drop, 0}, {n, t, d});
    pool.push_back(hs);
  }
  Value selected = pool.size() == 1 ? pool[0] : b.Concatenate(pool, 2);
  const int64_t sel_dim = d * static_cast<int64_t>(pool.size());
  const int64_t text_d = config.text.hidden_size;

  const std::string pp = kProjectorPrefix;
  const bool bias = config.multimodal_projector_bias;
  Value w1 = p.Weight(pp + "linear_1.weight", {text_d, sel_dim});
  Value b1 = bias ? p.Weight(pp + "linear_1.bias", {text_d}) : Value{};
  Value h = Linear(b, selected, w1, b1);
  VLMXLA_ASSIGN_OR_RETURN(h, Activation(b, config.projector_hidden_act, h, "projector"));
  Value w2 = p.Weight(pp + "linear_2.weight", {text_d, text_d});
  Value b2 = bias ? p.Weight(pp + "linear_2.bias", {text_d}) : Value{};
  Value features = Linear(b, h, w2, b2);

  CollectedGraph g;
  if (config.anyres()) {
    g.results = {PackAnyres(b, p, config, features, options.num_feature_rows)};
    g.names = {"packed_image_features"};
  } else {
    g.results = {features};
    g.names = {"image_features"};
  }
  if (options.taps) {
    for (int i = 0; i < num_states; ++i) {
      g.results.push_back(states[i]);
      g.names.push_back("vision_hidden_states." + std::to_string(i));
    }
    g.results.push_back(selected);
    g.names.push_back("selected_image_features");
    if (config.anyres()) {
      g.results.push_back(features);
      g.names.push_back("image_features");
    }
  }
  VLMXLA_RETURN_IF_ERROR(b.status());
  return g;
}

}  // namespace

Result<Program> BuildVisionEncode(const io::LlavaConfig& config,
                                  const VisionEncodeOptions& options) {
  VLMXLA_RETURN_IF_ERROR(CheckConfig(config, options));
  return BuildCollectedProgram("vision_encode", options, [&](Builder& b, CollectedParams& p) {
    return BuildGraph(b, p, config, options);
  });
}

}  // namespace vlmxla::hlo
