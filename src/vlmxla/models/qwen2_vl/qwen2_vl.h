// Qwen2-VL (`qwen2_vl`) and Qwen2.5-VL (`qwen2_5_vl`): a ViT over flattened temporal patches at
// any resolution within min/max pixels, 2D rotary positions, a 2x2 patch merger (Qwen2.5-VL adds
// window attention, RMSNorm and a SwiGLU MLP), <|image_pad|> tokens per merged patch, and M-RoPE
// positions for the decoder.
#pragma once

#include "vlmxla/models/family.h"

namespace vlmxla::models {

const Family& Qwen2VLFamily();

}  // namespace vlmxla::models
