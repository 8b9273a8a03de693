// The host side of the Qwen2-VL / Qwen2.5-VL / Qwen3-VL vision program: where each flattened patch
// goes, its 2D rotary position, which rows may attend to which, and (Qwen3-VL) how the learned
// position table is resampled to it, for packed images padded to a bucket.
//
// Buckets: the program takes a fixed number of patch rows, so a new resolution needs no compile.
// Rows past the real patches are padding: their pixels are 0, their rotary position (0, 0), and
// their segment -1, so they attend only to each other and never change a real row; merger rows
// made of padding come out after the real tokens and are dropped by the caller.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::vision {

struct QwenVisionLayout {
  int64_t num_patches = 0;  // real rows (sum t*h*w)
  int64_t bucket = 0;       // rows the program takes (>= num_patches, a multiple of merge_unit)
  // [num_patches]: input row i of the program is Transformers' patch patch_order[i] (Qwen2.5-VL's
  // window order, window_index expanded to patches); identity for Qwen2-VL.
  std::vector<int32_t> patch_order;
  // [bucket, 2]: (h, w) rotary position of each input row (rot_pos_emb's pos_ids, permuted like
  // the rows); 0 on padding rows.
  std::vector<int32_t> rotary_hw;
  // [bucket]: attention segment for full-attention blocks (cu_seqlens: one per image frame,
  // 0, 1, 2, ...); padding rows get -1.
  std::vector<int32_t> full_segment;
  // [bucket]: segment for windowed blocks (cu_window_seqlens, Qwen2.5-VL); == full_segment for
  // Qwen2-VL; padding -1.
  std::vector<int32_t> window_segment;
  // [bucket / merge_unit]: output row j of image_features is merger row merged_order[j]
  // (argsort(window_index), the reverse permutation); identity for Qwen2-VL; padding rows map to
  // themselves.
  std::vector<int32_t> merged_order;
  // Qwen3-VL only (vision.num_position_embeddings > 0; empty otherwise), [bucket, 4] each: the
  // four taps into the flattened side x side position table that resample it bilinearly to the
  // row's image grid (align_corners, get_vision_interpolation_indices_and_weights: (h0, w0),
  // (h0, w1), (h1, w0), (h1, w1)) and their f32 weights; padding rows tap row 0 with weight 0.
  std::vector<int32_t> interp_indices;
  std::vector<float> interp_weights;
};

// The layout of images with these grids (each [t, h, w] in patches, h and w multiples of
// spatial_merge_size) packed into `bucket` rows. `windowed`: the family has window attention
// (Qwen2.5-VL: vision.window_size > 0 and its fullatt_block_indexes).
Result<QwenVisionLayout> BuildQwenVisionLayout(const io::QwenVisionConfig& vision, bool windowed,
                                               std::span<const std::array<int32_t, 3>> grid_thw,
                                               int64_t bucket);

// The patch-count buckets: 64 * 2^(k/4) patches for k = 0, 1, 2, ... (four steps an octave),
// each rounded up to a multiple of merge_unit, so a request pads at most a quarter more rows than
// it has (the attention's N^2 at most ~1.56x) while its program serves every size in its step.
// QwenPatchBucket is the smallest bucket that holds `patches` rows (>= 1).
int64_t QwenPatchBucket(const io::QwenVisionConfig& vision, int64_t patches);
// The buckets below max_patches, then the one that holds it (for listing them). Empty when
// max_patches <= 0.
std::vector<int64_t> QwenPatchBuckets(const io::QwenVisionConfig& vision, int64_t max_patches);

}  // namespace vlmxla::vision
