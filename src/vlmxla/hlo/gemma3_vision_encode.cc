// vision_encode of Gemma 3: the SigLIP tower (vision_tower.h) to its last_hidden_state, then
// Gemma3MultiModalProjector as Transformers 5.23 computes it.
#include <cmath>
#include <string>
#include <vector>

#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/collected_params.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/nn.h"
#include "vlmxla/hlo/vision_tower.h"

namespace vlmxla::hlo {
namespace {

constexpr char kProjectorPrefix[] = "multi_modal_projector.";

// nn.AvgPool2d(k, stride k) of the patch grid: x ct[n, g*g, D] (row-major patches) ->
// ct[n, side*side, D]; the sum of each window and its division in f32 (PyTorch's accumulate
// type), rounded once. Rows and columns past side * k are never read, as AvgPool2d leaves them.
Value AveragePool(Builder& b, Value x, int64_t grid, int64_t side) {
  const std::vector<int64_t> dims = b.dims(x);
  const int64_t n = dims[0], d = dims[2], k = grid / side, used = side * k;
  const ElementType ct = b.type(x).element;
  Value g = b.Reshape(b.CastTo(x, ElementType::kF32), {n, grid, grid, d});
  if (used != grid) g = b.Slice(g, {0, 0, 0, 0}, {n, used, used, d});
  Value windows = b.Reshape(g, {n, side, k, side, k, d});
  Value sum = b.Reduce(windows, {2, 4}, ReduceKind::kSum);  // [n, side, side, d]
  Value mean = b.Divide(sum, SplatLike(b, sum, static_cast<double>(k * k)));
  return b.CastTo(b.Reshape(mean, {n, side * side, d}), ct);
}

Result<CollectedGraph> BuildGraph(Builder& b, CollectedParams& p, const io::Gemma3Config& config,
                                  const VisionEncodeOptions& options) {
  const io::VisionConfig& vc = config.vision;
  const int64_t n = options.num_images, dv = vc.hidden_size, dt = config.text.hidden_size;
  Value pixels = p.Input("pixel_values",
                         {ElementType::kF32, {n, vc.num_channels, vc.image_size, vc.image_size}});
  VLMXLA_ASSIGN_OR_RETURN(std::vector<Value> states,
                          VisionTowerStates(b, p, vc, pixels, n, options.attention_block_scores));
  Value last = VisionPostLayerNorm(b, p, vc, states.back());

  const std::string pp = kProjectorPrefix;
  const int64_t grid = vc.image_size / vc.patch_size;
  const int64_t side = std::lround(std::sqrt(static_cast<double>(config.mm_tokens_per_image)));
  Value pooled = AveragePool(b, last, grid, side);
  Value normed = RmsNormUnitOffset(b, pooled, p.Weight(pp + "mm_soft_emb_norm.weight", {dv}),
                                   vc.layer_norm_eps);
  // torch.matmul(normed, mm_input_projection_weight): the matrix is stored [vision, text].
  Value features = LinearInOut(b, normed, p.Weight(pp + "mm_input_projection_weight", {dv, dt}));

  CollectedGraph g;
  g.results = {features};
  g.names = {"image_features"};
  if (options.taps) {
    for (size_t i = 0; i < states.size(); ++i) {
      g.results.push_back(states[i]);
      g.names.push_back("vision_hidden_states." + std::to_string(i));
    }
    g.results.insert(g.results.end(), {last, pooled, normed});
    g.names.insert(g.names.end(),
                   {"vision_last_hidden_state", "pooled_image_features", "normed_image_features"});
  }
  VLMXLA_RETURN_IF_ERROR(b.status());
  return g;
}

}  // namespace

Result<Program> BuildGemma3VisionEncode(const io::Gemma3Config& config,
                                        const VisionEncodeOptions& options) {
  VLMXLA_RETURN_IF_ERROR(CheckVisionTower(config.vision, options));
  const int64_t grid = config.vision.image_size / config.vision.patch_size;
  const int64_t side = std::lround(std::sqrt(static_cast<double>(config.mm_tokens_per_image)));
  if (side < 1 || side * side != config.mm_tokens_per_image || side > grid ||
      grid / (grid / side) != side) {
    return InvalidArgument("vision_encode: mm_tokens_per_image " +
                           std::to_string(config.mm_tokens_per_image) + " does not pool the " +
                           std::to_string(grid) + "x" + std::to_string(grid) +
                           " patch grid to a square");
  }
  return BuildCollectedProgram("vision_encode", options, [&](Builder& b, CollectedParams& p) {
    return BuildGraph(b, p, config, options);
  });
}

}  // namespace vlmxla::hlo
