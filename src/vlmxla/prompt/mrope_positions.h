// Multimodal RoPE positions (Qwen2-VL, Qwen2.5-VL): the [3, L] (temporal, height, width) position
// of every prompt token and the rope delta decode continues from, as Transformers'
// get_rope_index computes them for one unpadded sequence.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "vlmxla/base/status.h"
#include "vlmxla/prompt/prepared_prefill.h"

namespace vlmxla::prompt {

// Fills prefill->rope_position_ids and rope_delta from its input_ids layout: text tokens advance
// all three axes together by one; image slot i (in image_slots, grid_thw[i] in patches) takes
// (t, h / m, w / m) positions on a grid offset by the position it starts at, and the text after it
// starts max(h, w) / m later. With no images every axis is 0..L-1 and the delta 0. Each slot's
// length must be t*h*w / m^2.
Status ComputeMropePositions(std::span<const std::array<int32_t, 3>> grid_thw,
                             int spatial_merge_size, PreparedPrefill* prefill);

}  // namespace vlmxla::prompt
