// Program: one emitted device program (a module whose entry is @main) with the meaning of each
// parameter and result, so a runner can bind request inputs and checkpoint weights by name.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/hlo/types.h"

namespace vlmxla::hlo {

// The KV-cache buffer a parameter is: the call's slot `slot` (decode: 0..B-1; prefill: 0), decoder
// layer `layer`, keys or values. Set by the program builder, so a runner never parses names.
struct KvRole {
  int slot = 0;
  int layer = 0;
  bool value = false;
  bool operator==(const KvRole& other) const = default;
};

// The request inputs a program may take, by role: what a runner fills on each call. A program
// declares each under the name InputRoleName gives it.
enum class InputRole {
  kPixelValues,
  kInputIds,
  kFeatureIndex,
  kImageFeatures,
  kLength,
  kTokens,
  kPositions,
  kRotaryHw,
  kFullSegment,
  kWindowSegment,
  kMergedOrder,
  kRopePositions,
  kFeatureSource,
  kBlendSource,
  kBlendWeight,
  kDeepstackFeatures,
  kInterpIndices,
  kInterpWeights,
  kImageBlock,
  kStart,
};
inline constexpr int kNumInputRoles = 20;

inline constexpr std::array<std::string_view, kNumInputRoles> kInputRoleNames = {
    "pixel_values",   "input_ids",      "feature_index", "image_features",
    "length",         "tokens",         "positions",     "rotary_hw",
    "full_segment",   "window_segment", "merged_order",  "rope_positions",
    "feature_source", "blend_source",   "blend_weight",  "deepstack_features",
    "interp_indices", "interp_weights", "image_block",   "start"};

inline std::string_view InputRoleName(InputRole role) {
  return kInputRoleNames[static_cast<int>(role)];
}
// The role of an input parameter declared as `name`; nullopt when no role has that name.
inline std::optional<InputRole> InputRoleOf(std::string_view name) {
  for (int i = 0; i < kNumInputRoles; ++i) {
    if (kInputRoleNames[i] == name) return static_cast<InputRole>(i);
  }
  return std::nullopt;
}

struct ProgramParam {
  enum class Kind { kInput, kWeight };
  Kind kind = Kind::kInput;
  // kInput: the input's name (e.g. "pixel_values", "input_ids").
  // kWeight: the checkpoint tensor name as in model.safetensors
  // (e.g. "model.vision_tower.vision_model.embeddings.patch_embedding.weight").
  std::string name;
  TensorType type;
  // The result this parameter may be updated into in place (`tf.aliasing_output`), or -1. A
  // runner donates such a buffer and takes the result as its new value (the KV caches).
  int alias_result = -1;
  // kWeight only: the program takes the checkpoint's 2-D tensor transposed (`type` is [in, out]
  // for a Linear weight stored [out, in]); the runner transposes it once, as it uploads it.
  bool transposed = false;
  // kWeight only: with quant set, this parameter is half of the quantized form (base/quantize.h)
  // of the float checkpoint tensor `quantized_from`: its values (i8, `name` is that tensor's own
  // name) or, with quant_scales, its f32 scales (`name` is its name + "_scale"). The runner
  // quantizes the float tensor once, as it uploads it.
  WeightQuant quant = WeightQuant::kNone;
  bool quant_scales = false;
  std::string quantized_from = {};
  // kInput only: the KV cache this parameter is (it updates into result alias_result).
  std::optional<KvRole> kv;
};

struct Program {
  std::string name;                  // "vision_encode", "prefill", ...
  std::string mlir;                  // a module with func.func public @main
  std::vector<ProgramParam> params;  // @main's parameters, in order
  // Stage names of @main's results, in order; the first is the result the program exists for
  // (image features, logits), the others KV caches or taps.
  std::vector<std::string> result_names;
  std::vector<TensorType> result_types;
};

}  // namespace vlmxla::hlo
