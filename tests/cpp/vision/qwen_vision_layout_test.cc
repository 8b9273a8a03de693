// QwenVisionLayout on small grids worked out by hand from Transformers' vision_utils
// (get_vision_position_ids, get_vision_cu_seqlens, get_vision_window_index). The comparison with
// Transformers itself on real image sizes is tests/py/test_qwen_image_parity.py.
#include "vlmxla/vision/qwen_vision_layout.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace vlmxla::vision {
namespace {

using Grids = std::vector<std::array<int32_t, 3>>;

io::QwenVisionConfig Vision(int window_size) {
  io::QwenVisionConfig v;
  v.patch_size = 14;
  v.spatial_merge_size = 2;
  v.window_size = window_size;
  return v;
}

std::vector<int32_t> Iota(int32_t n, int32_t from = 0) {
  std::vector<int32_t> v(n);
  for (int32_t i = 0; i < n; ++i) v[i] = from + i;
  return v;
}

TEST(QwenVisionLayout, Qwen2VLIsIdentityWithFrameSegments) {
  // Image 0: 1 frame of 2 x 4 patches; image 1: 2 frames of 2 x 2 (a video-like grid); bucket 20.
  const Grids grids = {{1, 2, 4}, {2, 2, 2}};
  auto l = BuildQwenVisionLayout(Vision(0), false, grids, 20);
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  EXPECT_EQ(l->num_patches, 16);
  EXPECT_EQ(l->patch_order, Iota(16));
  // Rows run in merge blocks (bh, bw, mh, mw): image 0's (h, w) go
  // (0,0) (0,1) (1,0) (1,1) (0,2) (0,3) (1,2) (1,3); image 1 repeats (0,0) (0,1) (1,0) (1,1).
  const std::vector<int32_t> hw = {0, 0, 0, 1, 1, 0, 1, 1, 0, 2, 0, 3, 1, 2, 1, 3,  // image 0
                                   0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1,  // image 1
                                   0, 0, 0, 0, 0, 0, 0, 0};                         // padding
  EXPECT_EQ(l->rotary_hw, hw);
  const std::vector<int32_t> seg = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, -1, -1, -1, -1};
  EXPECT_EQ(l->full_segment, seg);
  EXPECT_EQ(l->window_segment, seg);
  EXPECT_EQ(l->merged_order, Iota(5));
}

TEST(QwenVisionLayout, Qwen25VLWindowsPermuteRowsAndMergedOrderInverts) {
  // window_size 56 / merge 2 / patch 14: windows of 2 x 2 merged tokens. Grid [1, 4, 6] has
  // 2 x 3 merged tokens, numbered y * 3 + x. Windows: (0,0) holds 0 1 3 4, (0,1) holds 2 5, the
  // padded row of windows holds nothing. window_index = [0, 1, 3, 4, 2, 5].
  const Grids grids = {{1, 4, 6}};
  auto l = BuildQwenVisionLayout(Vision(56), true, grids, 28);
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  std::vector<int32_t> order;
  for (int token : {0, 1, 3, 4, 2, 5})
    for (int u = 0; u < 4; ++u) order.push_back(token * 4 + u);
  EXPECT_EQ(l->patch_order, order);
  // argsort([0, 1, 3, 4, 2, 5]) = [0, 1, 4, 2, 3, 5]; the padding token 6 maps to itself.
  EXPECT_EQ(l->merged_order, (std::vector<int32_t>{0, 1, 4, 2, 3, 5, 6}));
  std::vector<int32_t> window(28, -1), full(28, -1);
  for (int r = 0; r < 24; ++r) {
    window[r] = r < 16 ? 0 : 1;
    full[r] = 0;
  }
  EXPECT_EQ(l->window_segment, window);
  EXPECT_EQ(l->full_segment, full);
  // Row 8 is patch 12: merge block 3 = (bh 1, bw 0), first of its block -> (h, w) = (2, 0).
  EXPECT_EQ(l->rotary_hw[2 * 8], 2);
  EXPECT_EQ(l->rotary_hw[2 * 8 + 1], 0);
  // Row 16 is patch 8: block 2 = (bh 0, bw 2) -> (0, 4).
  EXPECT_EQ(l->rotary_hw[2 * 16], 0);
  EXPECT_EQ(l->rotary_hw[2 * 16 + 1], 4);
}

TEST(QwenVisionLayout, WindowsRestartPerImageAndFrame) {
  // Two images whose token grids are multiples of the window (Transformers pads a full empty
  // window row and column, then drops them): 1 x [2 x 2] tokens and 2 frames of [2 x 4] tokens.
  const Grids grids = {{1, 4, 4}, {2, 4, 8}};
  auto l = BuildQwenVisionLayout(Vision(56), true, grids, 16 + 64);
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  // Image 0: one window of tokens 0..3. Image 1 frame 0: windows {4,5,8,9} {6,7,10,11}; frame 1:
  // {12,13,16,17} {14,15,18,19}.
  const std::vector<int32_t> tokens = {0,  1,  2,  3,  4,  5,  8,  9,  6,  7,
                                       10, 11, 12, 13, 16, 17, 14, 15, 18, 19};
  for (size_t k = 0; k < tokens.size(); ++k) EXPECT_EQ(l->patch_order[k * 4], tokens[k] * 4);
  for (int r = 0; r < 80; ++r) {
    EXPECT_EQ(l->window_segment[r], r / 16) << r;
    EXPECT_EQ(l->full_segment[r], r < 16 ? 0 : r < 48 ? 1 : 2) << r;
  }
}

TEST(QwenVisionLayout, BadGridsAndBucketsAreRefused) {
  const Grids odd = {{1, 3, 4}};
  auto r = BuildQwenVisionLayout(Vision(0), false, odd, 64);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("[1, 3, 4]"), std::string::npos);
  const Grids grid = {{1, 4, 4}};
  auto small = BuildQwenVisionLayout(Vision(0), false, grid, 12);
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(small.status().code(), ErrorCode::kOutOfRange);
  EXPECT_NE(small.status().message().find("16 patch rows"), std::string::npos);
  EXPECT_FALSE(BuildQwenVisionLayout(Vision(0), false, grid, 18).ok());  // not a multiple of 4
  EXPECT_FALSE(BuildQwenVisionLayout(Vision(14), true, grid, 16).ok());  // window < one token
}

TEST(QwenPatchBuckets, FourStepsAnOctaveInMultiplesOfTheMergeUnit) {
  // 64 * 2^(k/4): 64, 76.1, 90.5, 107.6, 128, 152.2, 181.0, 215.3, 256, ... rounded up to 4.
  EXPECT_EQ(QwenPatchBuckets(Vision(0), 300),
            (std::vector<int64_t>{64, 80, 92, 108, 128, 156, 184, 216, 256, 308}));
  EXPECT_EQ(QwenPatchBuckets(Vision(0), 64), (std::vector<int64_t>{64}));
  EXPECT_TRUE(QwenPatchBuckets(Vision(0), 0).empty());
  EXPECT_EQ(QwenPatchBucket(Vision(0), 1), 64);
  EXPECT_EQ(QwenPatchBucket(Vision(0), 80), 80);
  EXPECT_EQ(QwenPatchBucket(Vision(0), 81), 92);
  // The 1280x720 image of the Qwen2-VL-2B bench (grid 52 x 92 = 4784 patches): 4872 rows, where
  // a series of x1.5 steps padded it to 6144.
  EXPECT_EQ(QwenPatchBucket(Vision(0), 4784), 4872);
  for (int64_t n : {1, 63, 65, 4095, 16384, 20000, 65536}) {
    const int64_t b = QwenPatchBucket(Vision(0), n);
    EXPECT_GE(b, n);
    EXPECT_EQ(b % 4, 0);
    EXPECT_LE(b * 4, std::max<int64_t>(n, 64) * 5) << "padding beyond a quarter at " << n;
    const auto list = QwenPatchBuckets(Vision(0), n);
    EXPECT_EQ(list.back(), b);
    for (size_t i = 1; i < list.size(); ++i) EXPECT_GT(list[i], list[i - 1]);
  }
}

TEST(QwenVisionLayout, Qwen3VLResamplesThePositionTable) {
  // A 6 x 6 table (side 6) to a 2 x 4 grid, align_corners: rows sample table rows 0 and 5
  // (src = h * 5 / 1), columns src = w * 5 / 3 = 0, 5/3, 10/3, 5. Bucket 12: 4 padding rows.
  io::QwenVisionConfig v = Vision(0);
  v.num_position_embeddings = 36;
  auto l = BuildQwenVisionLayout(v, false, Grids{{1, 2, 4}}, 12);
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  ASSERT_EQ(l->interp_indices.size(), 12u * 4);
  ASSERT_EQ(l->interp_weights.size(), 12u * 4);
  auto row = [&](int i) {
    return std::vector<int32_t>(l->interp_indices.begin() + 4 * i,
                                l->interp_indices.begin() + 4 * i + 4);
  };
  // Merge-block order: rows 0..3 are (0,0) (0,1) (1,0) (1,1); rows 4..7 (0,2) (0,3) (1,2) (1,3).
  // Taps (h0, w0), (h0, w1), (h1, w0), (h1, w1) at h * 6 + w.
  EXPECT_EQ(row(0), (std::vector<int32_t>{0, 1, 6, 7}));      // src (0, 0)
  EXPECT_EQ(row(1), (std::vector<int32_t>{1, 2, 7, 8}));      // src (0, 5/3)
  EXPECT_EQ(row(3), (std::vector<int32_t>{31, 32, 31, 32}));  // src (5, 5/3): row 5 clamps
  EXPECT_EQ(row(5), (std::vector<int32_t>{5, 5, 11, 11}));    // src (0, 5): column 5 clamps
  const float third = 1.0f - (5.0f / 3.0f - 1.0f), two_thirds = 1.0f - third;
  const std::vector<float> w1(l->interp_weights.begin() + 4, l->interp_weights.begin() + 8);
  EXPECT_FLOAT_EQ(w1[0], third);
  EXPECT_FLOAT_EQ(w1[1], two_thirds);
  EXPECT_EQ(w1[2], 0.0f);
  EXPECT_EQ(w1[3], 0.0f);
  // Row 4 (0, 2): src column 10/3, taps 3 and 4, weights 2/3 and 1/3.
  EXPECT_EQ(row(4), (std::vector<int32_t>{3, 4, 9, 10}));
  EXPECT_NEAR(l->interp_weights[16], 2.0 / 3.0, 1e-6);
  EXPECT_NEAR(l->interp_weights[17], 1.0 / 3.0, 1e-6);
  for (int i = 0; i < 8; ++i) {
    float sum = 0;
    for (int t = 0; t < 4; ++t) sum += l->interp_weights[4 * i + t];
    EXPECT_NEAR(sum, 1.0f, 1e-6) << "row " << i;
  }
  for (int i = 8; i < 12; ++i) {  // padding adds nothing
    for (int t = 0; t < 4; ++t) EXPECT_EQ(l->interp_weights[4 * i + t], 0.0f);
  }
  // Without a table (Qwen2-VL) there are no taps.
  auto plain = BuildQwenVisionLayout(Vision(0), false, Grids{{1, 2, 4}}, 12);
  ASSERT_TRUE(plain.ok());
  EXPECT_TRUE(plain->interp_indices.empty());
}

}  // namespace
}  // namespace vlmxla::vision
