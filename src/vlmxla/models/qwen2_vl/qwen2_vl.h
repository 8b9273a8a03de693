// Qwen2-VL (`qwen2_vl`) and Qwen2.5-VL (`qwen2_5_vl`): a ViT over flattened temporal patches at
// any resolution within min/max pixels, 2D rotary positions, a 2x2 patch merger (Qwen2.5-VL adds
// window attention, RMSNorm and a SwiGLU MLP), <|image_pad|> tokens per merged patch, and M-RoPE
// positions for the decoder.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "vlmxla/models/family.h"

namespace vlmxla::models {

const Family& Qwen2VLFamily();

// The Qwen-VL family code serving `model_types`: the Qwen image processor, <|image_pad|>
// expansion, M-RoPE positions, the typed video refusal, the shared Qwen vision tower and its host
// layout inputs (the config's QwenVLConfig::family picks the tower's variant). Qwen2-VL/2.5-VL
// and Qwen3-VL (models/qwen3_vl) are instances of it.
std::unique_ptr<Family> MakeQwenVLFamily(std::vector<std::string> model_types);

}  // namespace vlmxla::models
