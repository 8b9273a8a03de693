// Gemma3ImageProcessor.pan_and_scan's geometry, worked by hand from its Python: the crop count
// (the aspect ratio rounded half up, capped by min_crop_size and max_num_crops, at least 2), the
// ceil'd crop size, the narrower last crop, and the cases that cut nothing.
#include "vlmxla/vision/pan_and_scan.h"

#include <gtest/gtest.h>

namespace vlmxla::vision {
namespace {

PanAndScanConfig On(int min_crop, int max_crops, double ratio = 1.2) {
  return {.enabled = true,
          .min_crop_size = min_crop,
          .max_num_crops = max_crops,
          .min_ratio_to_activate = ratio};
}

std::vector<std::array<int, 4>> Boxes(int height, int width, const PanAndScanConfig& c) {
  std::vector<std::array<int, 4>> out;
  for (const CropBox& b : PanAndScanCrops(height, width, c)) {
    out.push_back({b.x, b.y, b.width, b.height});
  }
  return out;
}

using B = std::vector<std::array<int, 4>>;

TEST(PanAndScan, WideImageIsCutAlongItsWidth) {
  // 120 x 40: ratio 3 -> 3 crops (floor(120 / 32) = 3 allows them), 40 px each.
  EXPECT_EQ(Boxes(40, 120, On(32, 3)), (B{{0, 0, 40, 40}, {40, 0, 40, 40}, {80, 0, 40, 40}}));
  // max_num_crops caps the count: 2 crops of ceil(120 / 2) = 60.
  EXPECT_EQ(Boxes(40, 120, On(32, 2)), (B{{0, 0, 60, 40}, {60, 0, 60, 40}}));
}

TEST(PanAndScan, CropCountIsAtLeastTwoAndTheLastCropIsNarrower) {
  // 317 x 229: ratio 1.38 rounds to 1, raised to 2; ceil(317 / 2) = 159, the last 158 wide.
  EXPECT_EQ(Boxes(229, 317, On(32, 3)), (B{{0, 0, 159, 229}, {159, 0, 158, 229}}));
}

TEST(PanAndScan, TallImageIsCutAlongItsHeight) {
  // 203 x 271 (portrait): 2 crops of ceil(271 / 2) = 136 rows, the last 135.
  EXPECT_EQ(Boxes(271, 203, On(32, 3)), (B{{0, 0, 203, 136}, {0, 136, 203, 135}}));
}

TEST(PanAndScan, NothingIsCutBelowTheRatioOrTheMinimumCropOrWhenOff) {
  EXPECT_TRUE(Boxes(100, 100, On(32, 3)).empty());   // square: ratio 1 < 1.2
  EXPECT_TRUE(Boxes(100, 119, On(32, 3)).empty());   // 1.19 < 1.2
  EXPECT_EQ(Boxes(100, 120, On(32, 3)).size(), 2u);  // exactly 1.2 activates
  // floor(120 / 50) = 2 crops of 60 x 40: the 40 px side is under 50.
  EXPECT_TRUE(Boxes(40, 120, On(50, 3)).empty());
  EXPECT_TRUE(Boxes(40, 120, PanAndScanConfig{}).empty());
}

TEST(PanAndScan, DefaultsMatchGemma3Processor) {
  // 1200 x 400 with 256 / 4 / 1.2: 3 crops of 400 x 400, as Transformers cuts it.
  EXPECT_EQ(Boxes(400, 1200, On(256, 4)),
            (B{{0, 0, 400, 400}, {400, 0, 400, 400}, {800, 0, 400, 400}}));
  PanAndScanConfig d;
  EXPECT_EQ(d.min_crop_size, 256);
  EXPECT_EQ(d.max_num_crops, 4);
  EXPECT_DOUBLE_EQ(d.min_ratio_to_activate, 1.2);
}

TEST(PanAndScan, CropImageCopiesTheBoxAndKeepsTheColourKey) {
  Image im{.width = 3, .height = 2, .rgb = {}};
  for (int i = 0; i < 18; ++i) im.rgb.push_back(static_cast<uint8_t>(i));
  im.transparency_key = std::array<int, 3>{1, 2, 3};
  Image c = CropImage(im, {.x = 1, .y = 1, .width = 2, .height = 1});
  EXPECT_EQ(c.width, 2);
  EXPECT_EQ(c.height, 1);
  EXPECT_EQ(c.rgb, (std::vector<uint8_t>{12, 13, 14, 15, 16, 17}));
  EXPECT_EQ(c.transparency_key, im.transparency_key);
}

}  // namespace
}  // namespace vlmxla::vision
