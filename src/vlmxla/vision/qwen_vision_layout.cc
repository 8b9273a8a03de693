// Mirrors Transformers' vision_utils: get_vision_position_ids (rot_pos_emb's (h, w) ids in
// merge-block order), get_vision_cu_seqlens (one segment per frame) and get_vision_window_index
// (Qwen2.5-VL's windows of merged tokens), turned into per-row tables for a padded bucket.
#include "vlmxla/vision/qwen_vision_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace vlmxla::vision {
namespace {

int64_t RoundUp(int64_t v, int64_t multiple) { return (v + multiple - 1) / multiple * multiple; }

std::string Grid(const std::array<int32_t, 3>& g) {
  return "[" + std::to_string(g[0]) + ", " + std::to_string(g[1]) + ", " + std::to_string(g[2]) +
         "]";
}

}  // namespace

namespace {

// One axis of the align_corners bilinear resample of a `side`-long table to `size` positions, at
// `index`, in float32 as _interpolation_axis_taps_weights computes it: taps floor(src) and
// floor(src) + 1 clamped to the table, weights 1 - |src - floor - offset| (at least 0).
void AxisTaps(int32_t index, int32_t size, int32_t side, std::array<int32_t, 2>& taps,
              std::array<float, 2>& weights) {
  const float src = static_cast<float>(index) * static_cast<float>(side - 1) /
                    static_cast<float>(std::max(size - 1, 1));
  const float floor = std::floor(src);
  for (int o = 0; o < 2; ++o) {
    taps[o] = std::clamp(static_cast<int32_t>(floor) + o, 0, side - 1);
    weights[o] = std::max(1.0f - std::fabs(src - floor - static_cast<float>(o)), 0.0f);
  }
}

}  // namespace

Result<QwenVisionLayout> BuildQwenVisionLayout(const io::QwenVisionConfig& vision, bool windowed,
                                               std::span<const std::array<int32_t, 3>> grid_thw,
                                               int64_t bucket) {
  const int m = vision.spatial_merge_size;
  const int mu = vision.merge_unit();
  if (m <= 0) return InvalidArgument("vision spatial_merge_size must be positive");
  int64_t num_patches = 0;
  for (size_t i = 0; i < grid_thw.size(); ++i) {
    const auto& g = grid_thw[i];
    if (g[0] <= 0 || g[1] <= 0 || g[2] <= 0 || g[1] % m != 0 || g[2] % m != 0) {
      return InvalidArgument("image " + std::to_string(i) + " has grid_thw " + Grid(g) +
                             "; t, h and w must be positive and h, w multiples of "
                             "spatial_merge_size " +
                             std::to_string(m));
    }
    num_patches += int64_t{g[0]} * g[1] * g[2];
  }
  if (num_patches > std::numeric_limits<int32_t>::max()) {
    return OutOfRange("images need " + std::to_string(num_patches) + " patches, more than 2^31");
  }
  if (bucket < num_patches || bucket % mu != 0) {
    return OutOfRange("images need " + std::to_string(num_patches) +
                      " patch rows but the vision bucket has " + std::to_string(bucket) +
                      (bucket % mu != 0
                           ? " (not a multiple of merge unit " + std::to_string(mu) + ")"
                           : std::string()));
  }
  int ws = 0;  // windows' side in merged tokens (vit_merger_window_size)
  if (windowed) {
    ws = vision.window_size / m / vision.patch_size;
    if (ws <= 0) {
      return InvalidArgument("vision window_size " + std::to_string(vision.window_size) +
                             " is smaller than spatial_merge_size * patch_size (" +
                             std::to_string(m * vision.patch_size) + ")");
    }
  }

  const size_t n = static_cast<size_t>(num_patches);
  // Per patch in Transformers' order: rotary (h, w), and per row position: the segments.
  std::vector<std::array<int32_t, 2>> pos(n);
  std::vector<std::array<int32_t, 2>> grid_hw(n);  // each patch's image grid (h, w)
  std::vector<int32_t> full_by_row(n), window_by_row(n);
  std::vector<int32_t> window_index;  // merged-token order the windowed tower runs in
  window_index.reserve(n / mu);
  size_t p = 0;
  int32_t frame = 0, window = 0;
  int64_t token_offset = 0;
  size_t window_row = 0;
  for (const auto& g : grid_thw) {
    const int t = g[0], h = g[1], w = g[2];
    for (int tt = 0; tt < t; ++tt, ++frame) {
      for (int bh = 0; bh < h / m; ++bh)
        for (int bw = 0; bw < w / m; ++bw)
          for (int mh = 0; mh < m; ++mh)
            for (int mw = 0; mw < m; ++mw) {
              pos[p] = {bh * m + mh, bw * m + mw};
              grid_hw[p] = {h, w};
              full_by_row[p++] = frame;
            }
    }
    const int lh = h / m, lw = w / m;
    if (!windowed) continue;
    // Windows of ws x ws merged tokens, raster order within and across; the last row and column of
    // windows may be partial. Transformers pads to lh / ws + 1 windows a side and drops the empty
    // ones (unique_consecutive of the cumulative lengths).
    for (int tt = 0; tt < t; ++tt) {
      for (int wy = 0; wy <= lh / ws; ++wy) {
        for (int wx = 0; wx <= lw / ws; ++wx) {
          int64_t count = 0;
          for (int iy = 0; iy < ws; ++iy) {
            for (int ix = 0; ix < ws; ++ix) {
              const int y = wy * ws + iy, x = wx * ws + ix;
              if (y >= lh || x >= lw) continue;
              window_index.push_back(
                  static_cast<int32_t>(token_offset + (int64_t{tt} * lh + y) * lw + x));
              ++count;
            }
          }
          if (count == 0) continue;
          for (int64_t r = 0; r < count * mu; ++r) window_by_row[window_row++] = window;
          ++window;
        }
      }
    }
    token_offset += int64_t{t} * lh * lw;
  }
  if (!windowed) {
    window_index.resize(n / mu);
    for (size_t k = 0; k < window_index.size(); ++k) window_index[k] = static_cast<int32_t>(k);
    window_by_row = full_by_row;
  }

  QwenVisionLayout out;
  out.num_patches = num_patches;
  out.bucket = bucket;
  out.patch_order.resize(n);
  for (size_t k = 0; k < window_index.size(); ++k)
    for (int u = 0; u < mu; ++u)
      out.patch_order[k * mu + u] = static_cast<int32_t>(int64_t{window_index[k]} * mu + u);
  out.rotary_hw.assign(static_cast<size_t>(bucket) * 2, 0);
  for (size_t i = 0; i < n; ++i) {
    out.rotary_hw[2 * i] = pos[out.patch_order[i]][0];
    out.rotary_hw[2 * i + 1] = pos[out.patch_order[i]][1];
  }
  // cu_seqlens and cu_window_seqlens cut the program's rows by position.
  out.full_segment.assign(static_cast<size_t>(bucket), -1);
  out.window_segment.assign(static_cast<size_t>(bucket), -1);
  std::copy(full_by_row.begin(), full_by_row.end(), out.full_segment.begin());
  std::copy(window_by_row.begin(), window_by_row.end(), out.window_segment.begin());
  out.merged_order.resize(static_cast<size_t>(bucket / mu));
  for (size_t j = 0; j < out.merged_order.size(); ++j)
    out.merged_order[j] = static_cast<int32_t>(j);
  for (size_t k = 0; k < window_index.size(); ++k)
    out.merged_order[window_index[k]] = static_cast<int32_t>(k);
  const int side = static_cast<int>(std::lround(std::sqrt(vision.num_position_embeddings)));
  if (vision.num_position_embeddings > 0) {
    out.interp_indices.assign(static_cast<size_t>(bucket) * 4, 0);
    out.interp_weights.assign(static_cast<size_t>(bucket) * 4, 0.0f);
    for (size_t i = 0; i < n; ++i) {
      const size_t q = static_cast<size_t>(out.patch_order[i]);
      std::array<int32_t, 2> ht, wt;
      std::array<float, 2> hw, ww;
      AxisTaps(pos[q][0], grid_hw[q][0], side, ht, hw);
      AxisTaps(pos[q][1], grid_hw[q][1], side, wt, ww);
      for (int a = 0; a < 2; ++a) {
        for (int c = 0; c < 2; ++c) {
          out.interp_indices[4 * i + 2 * a + c] = ht[a] * side + wt[c];
          out.interp_weights[4 * i + 2 * a + c] = hw[a] * ww[c];
        }
      }
    }
  }
  return out;
}

namespace {

// Bucket k of the series: 64 * 2^(k/4) rounded up to a whole patch, then to the merge unit.
int64_t SeriesBucket(int k, int64_t mu) {
  const double rows = std::ceil(64.0 * std::exp2(k / 4.0) - 1e-9);
  return RoundUp(static_cast<int64_t>(rows), mu);
}

}  // namespace

int64_t QwenPatchBucket(const io::QwenVisionConfig& vision, int64_t patches) {
  const int64_t mu = std::max(1, vision.merge_unit());
  for (int k = 0;; ++k) {
    const int64_t b = SeriesBucket(k, mu);
    if (b >= patches) return b;
  }
}

std::vector<int64_t> QwenPatchBuckets(const io::QwenVisionConfig& vision, int64_t max_patches) {
  std::vector<int64_t> out;
  if (max_patches <= 0) return out;
  const int64_t mu = std::max(1, vision.merge_unit());
  for (int k = 0;; ++k) {
    const int64_t b = SeriesBucket(k, mu);
    if (out.empty() || b > out.back()) out.push_back(b);
    if (b >= max_patches) return out;
  }
}

}  // namespace vlmxla::vision
