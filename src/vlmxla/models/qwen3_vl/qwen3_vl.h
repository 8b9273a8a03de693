// Qwen3-VL (`qwen3_vl`, dense): Qwen2-VL's host side (processor with patch 16, <|image_pad|>
// expansion, M-RoPE positions, video refused) and the shared Qwen tower in its Qwen3-VL variant
// (a learned position table resampled per patch, LayerNorm blocks, DeepStack mergers whose
// `deepstack_features` result prefill adds after its first layers).
#pragma once

#include "vlmxla/models/family.h"

namespace vlmxla::models {

const Family& Qwen3VLFamily();

}  // namespace vlmxla::models
