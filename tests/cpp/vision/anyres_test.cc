// LLaVA-NeXT's anyres geometry, with expectations worked by hand from Transformers 5.23's
// select_best_resolution, get_patch_output_size, _pad_for_patching, unpad_image and
// pack_image_features. Parity on real images and layouts is tests/py/test_anyres_parity.py.
#include "vlmxla/vision/anyres.h"

#include <gtest/gtest.h>

#include <vector>

namespace vlmxla::vision {
namespace {

using nlohmann::json;

// Tiles of 28 pixels, with square and non-square pinpoints.
const std::vector<Resolution> kPinpoints = {{28, 56}, {56, 28}, {56, 56}, {28, 84}, {84, 28}};

Resolution Best(Resolution image, const std::vector<Resolution>& pinpoints = kPinpoints) {
  auto r = SelectBestResolution(image, pinpoints);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? *r : Resolution{};
}

TEST(Anyres, SelectBestResolutionKeepsTheMostResolution) {
  // 97 x 61 (w x h): 56x56 keeps 56 x 35 = 1960 pixels; 28x56 and 28x84 keep 44 x 28 = 1232.
  EXPECT_EQ(Best({61, 97}), (Resolution{56, 56}));
  // A tall sliver: 84x28 keeps 3 x 84 = 252; 56x28 only 2 x 56.
  EXPECT_EQ(Best({200, 9}), (Resolution{84, 28}));
}

TEST(Anyres, SelectBestResolutionForAnImageSmallerThanEveryPinpoint) {
  // 20 x 13 fits whole in every pinpoint (effective 260 each): the least waste wins, and of the
  // two with equal waste (28x56 and 56x28, both 1568 - 260) the first.
  EXPECT_EQ(Best({13, 20}), (Resolution{28, 56}));
  EXPECT_EQ(Best({13, 20}, {{56, 28}, {28, 56}}), (Resolution{56, 28}));
  EXPECT_EQ(Best({1, 1}), (Resolution{28, 56}));
}

TEST(Anyres, SelectBestResolutionOfAnImageThatVanishesEverywhere) {
  // 1 x 10000: every pinpoint scales the 1-pixel side to 0 (effective 0 everywhere); the first
  // comparison against the initial infinite waste still picks the least wasteful pinpoint.
  EXPECT_EQ(Best({10000, 1}), (Resolution{28, 56}));
  EXPECT_EQ(PatchOutputSize({10000, 1}, {28, 56}), (Resolution{28, 1}));
  EXPECT_FALSE(SelectBestResolution({10, 10}, {}).ok());
}

TEST(Anyres, PatchOutputSizeAndPadding) {
  // 97 x 61 into 56x56: width-bound, height ceil(61 * 56 / 97) = ceil(35.2) = 36, centred with
  // 10 rows above and 10 below.
  EXPECT_EQ(PatchOutputSize({61, 97}, {56, 56}), (Resolution{36, 56}));
  EXPECT_EQ(PaddingForPatching({36, 56}, {56, 56}).top, 10);
  // An odd remainder puts the extra row below / column right: 21 -> 10 above, 11 below.
  EXPECT_EQ(PaddingForPatching({35, 56}, {56, 56}).top, 10);
  EXPECT_EQ(PaddingForPatching({56, 33}, {56, 56}).left, 11);
  // Height-bound: 9 x 200 into 84x28 -> 84 rows, ceil(9 * 84 / 200) = ceil(3.78) = 4 columns.
  EXPECT_EQ(PatchOutputSize({200, 9}, {84, 28}), (Resolution{84, 4}));
}

TEST(Anyres, NumPatchesAndGridShape) {
  auto n = ImageSizeToNumPatches({61, 97}, kPinpoints, 28);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 5);  // base + 2 x 2
  // A pinpoint that is not whole tiles: ceil in the processor's count, floor in the grid.
  const std::vector<Resolution> odd = {{40, 70}};
  n = ImageSizeToNumPatches({40, 70}, odd, 30);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 1 + 2 * 3);
  auto g = AnyresImageGridShape({40, 70}, odd, 30);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(*g, (Resolution{1, 2}));
}

TEST(Anyres, UnpadImageDropsThePaddedRowsOrColumns) {
  // 97 x 61 on an 8 x 8 canvas: 61 * 8 / 97 = 5.03 -> 5 rows, padding (8 - 5) // 2 = 1.
  UnpadBox b = UnpadImage({61, 97}, {8, 8});
  EXPECT_EQ(b.top, 1);
  EXPECT_EQ(b.height, 6);
  EXPECT_EQ(b.left, 0);
  EXPECT_EQ(b.width, 8);
  // Tall: 9 x 200 on 12 x 4 columns: 9 * 12 / 200 = 0.54 -> 0, padding 2 each side.
  b = UnpadImage({200, 9}, {12, 4});
  EXPECT_EQ(b.left, 2);
  EXPECT_EQ(b.width, 0);
  EXPECT_EQ(b.height, 12);
}

TEST(Anyres, UnpadImageRoundsToSevenDecimalsBeforeTruncating) {
  // 55 * (24 / 88) = 14.999999999999998 in doubles: round(., 7) makes it 15 (padding 4), where
  // truncation alone would give 14 (padding 5).
  const UnpadBox b = UnpadImage({55, 88}, {24, 24});
  EXPECT_EQ(b.top, 4);
  EXPECT_EQ(b.height, 16);
}

TEST(Anyres, ParseAnyresMax) {
  auto n = ParseAnyresMax("anyres_max_9");
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 9);
  n = ParseAnyresMax("anyres_max_16");
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 16);
  EXPECT_FALSE(ParseAnyresMax("anyres_max_").ok());
  EXPECT_FALSE(ParseAnyresMax("anyres").ok());
  // Python's str.strip takes a set of characters: "x3" loses its "x" as well.
  n = ParseAnyresMax("anyres_max_x3");
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 3);
  EXPECT_FALSE(ParseAnyresMax("anyres_max_3b").ok());
}

AnyresFeatureGeometry Geometry(int max_num_patches = 0) {
  return {kPinpoints, /*image_size=*/28, /*patch_size=*/7, max_num_patches};
}

TEST(Anyres, LayoutOfAWideImage) {
  // 97 x 61: 2 x 2 tiles of 4 x 4 features, canvas 8 x 8 unpadded to rows [1, 7).
  auto l = LayoutAnyresFeatures(Geometry(), {61, 97});
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  EXPECT_EQ(l->views, 5);
  EXPECT_EQ(l->rows_per_view, 16);
  EXPECT_EQ(l->grid, (Resolution{2, 2}));
  EXPECT_EQ(l->unpadded, (Resolution{6, 8}));
  EXPECT_EQ(l->packed, l->unpadded);
  ASSERT_EQ(l->feature_source.size(), 16u + 6 * (8 + 1));
  for (int r = 0; r < 16; ++r) EXPECT_EQ(l->feature_source[r], r);  // the base view first
  // Canvas row 1: tile 0's feature row 1 (tower rows 16 + 4..7), then tile 1's (32 + 4..7).
  const std::vector<int32_t> first_row = {20, 21, 22, 23, 36, 37, 38, 39, kAnyresNewline};
  EXPECT_EQ(std::vector<int32_t>(l->feature_source.begin() + 16, l->feature_source.begin() + 25),
            first_row);
  // Canvas row 6: tiles 2 and 3, their feature row 2.
  const std::vector<int32_t> last_row = {56, 57, 58, 59, 72, 73, 74, 75, kAnyresNewline};
  EXPECT_EQ(std::vector<int32_t>(l->feature_source.end() - 9, l->feature_source.end()), last_row);
  EXPECT_TRUE(l->blend_source.empty());
}

TEST(Anyres, LayoutOfATallImageKeepsMiddleColumns) {
  // 30 x 90 (w x h) -> 84x28: 3 x 1 tiles, canvas 12 x 4; 30 * 12 / 90 = 4 columns: nothing
  // dropped. 20 x 90 -> 20 * 12 / 90 = 2.67 -> 2 columns, padding 1 on each side.
  auto l = LayoutAnyresFeatures(Geometry(), {90, 20});
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  EXPECT_EQ(l->grid, (Resolution{3, 1}));
  EXPECT_EQ(l->unpadded, (Resolution{12, 2}));
  // Canvas row 0, columns 1 and 2 of tile 0; row 11 is tile 2's feature row 3.
  EXPECT_EQ(l->feature_source[16], 16 + 1);
  EXPECT_EQ(l->feature_source[17], 16 + 2);
  EXPECT_EQ(l->feature_source[18], kAnyresNewline);
  EXPECT_EQ(l->feature_source[16 + 11 * 3], 3 * 16 + 12 + 1);
}

TEST(Anyres, FeatureCountMatchesTheLayoutEverywhere) {
  // The processor's formula and the model's layout are computed apart; they must agree.
  for (int max_patches : {0, 1, 2, 9}) {
    for (int h = 1; h < 260; h += 7) {
      for (int w = 1; w < 260; w += 11) {
        auto l = LayoutAnyresFeatures(Geometry(max_patches), {h, w});
        ASSERT_TRUE(l.ok()) << h << "x" << w << ": " << l.status().ToString();
        auto n = NumberOfFeatures({h, w}, kPinpoints, {28, 28}, 7, max_patches);
        ASSERT_TRUE(n.ok());
        EXPECT_EQ(*n, static_cast<int>(l->feature_source.size()))
            << "h=" << h << " w=" << w << " max=" << max_patches;
      }
    }
  }
}

TEST(Anyres, OnevisionDownscaleIsABilinearBlend) {
  // 97 x 61 unpads to 6 x 8 features; anyres_max_1 allows 16: ratio sqrt(48 / 16) = 1.73 > 1.1,
  // target (6 // 1.73, 8 // 1.73) = (3, 4). Both axes halve: sources at 2i + 0.5, weights 1/2.
  auto l = LayoutAnyresFeatures(Geometry(1), {61, 97});
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  EXPECT_EQ(l->unpadded, (Resolution{6, 8}));
  EXPECT_EQ(l->packed, (Resolution{3, 4}));
  ASSERT_EQ(l->feature_source.size(), 16u + 3 * (4 + 1));
  ASSERT_EQ(l->blend_source.size(), 12u);
  EXPECT_EQ(l->feature_source[16], kAnyresBlended);
  EXPECT_EQ(l->feature_source[20], kAnyresNewline);
  // Output (0, 0) blends canvas rows 1-2 (unpadded 0-1), columns 0-1 of tile 0.
  EXPECT_EQ(l->blend_source[0], (std::array<int32_t, 4>{20, 21, 24, 25}));
  EXPECT_EQ(l->blend_weight[0], (std::array<float, 4>{0.5f, 0.5f, 0.5f, 0.5f}));
  // Output (2, 3): unpadded rows 4-5 (canvas 5-6: tile row 1, feature rows 1-2), columns 6-7.
  EXPECT_EQ(l->blend_source[11],
            (std::array<int32_t, 4>{4 * 16 + 6, 4 * 16 + 7, 4 * 16 + 10, 4 * 16 + 11}));
}

TEST(Anyres, OnevisionSmallGridIsNotDownscaled) {
  // 20 x 13 -> the 28x56 pinpoint (1 x 2 tiles), canvas 4 x 8: 20 * 4 / 13 = 6.15 -> 6 columns
  // kept. 24 features are within 1.1 of anyres_max_9's 9 * 16.
  auto l = LayoutAnyresFeatures(Geometry(9), {13, 20});
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  EXPECT_EQ(l->packed, l->unpadded);
  EXPECT_TRUE(l->blend_source.empty());
}

TEST(Anyres, BaseOnlyLayoutIsTheBaseViewAndANewline) {
  auto l = LayoutAnyresFeatures(Geometry(9), {61, 97}, /*base_only=*/true);
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(l->views, 1);
  ASSERT_EQ(l->feature_source.size(), 17u);
  EXPECT_EQ(l->feature_source[15], 15);
  EXPECT_EQ(l->feature_source[16], kAnyresNewline);
}

TEST(Anyres, LayoutRefusesPinpointsThatAreNotWholeTiles) {
  AnyresFeatureGeometry g{{{30, 60}}, 28, 7, 0};
  auto l = LayoutAnyresFeatures(g, {61, 97});
  ASSERT_FALSE(l.ok());
  EXPECT_NE(l.status().message().find("not a multiple of the tower's image_size 28"),
            std::string::npos)
      << l.status().ToString();
}

TEST(Anyres, ProcessorDefaults) {
  auto next =
      AnyresImageProcessor::FromConfig({{"image_processor_type", "LlavaNextImageProcessor"}});
  ASSERT_TRUE(next.ok()) << next.status().ToString();
  EXPECT_FALSE(next->config().onevision);
  EXPECT_EQ(next->config().tile_size, 224);
  EXPECT_EQ(next->config().base_size, (Resolution{224, 224}));
  EXPECT_EQ(next->config().image_grid_pinpoints.size(), 5u);
  EXPECT_TRUE(next->view_processor().config().do_center_crop);

  auto ov = AnyresImageProcessor::FromConfig(
      {{"image_processor_type", "LlavaOnevisionImageProcessorPil"}});
  ASSERT_TRUE(ov.ok()) << ov.status().ToString();
  EXPECT_TRUE(ov->config().onevision);
  EXPECT_EQ(ov->config().tile_size, 384);
  EXPECT_EQ(ov->config().base_size, (Resolution{384, 384}));
  ASSERT_EQ(ov->config().image_grid_pinpoints.size(), 36u);
  EXPECT_EQ(ov->config().image_grid_pinpoints.back(), (Resolution{2304, 2304}));
  EXPECT_FALSE(ov->view_processor().config().do_center_crop);

  // crop_size sets the tile; a shortest_edge size makes a square base view.
  auto custom =
      AnyresImageProcessor::FromConfig({{"image_processor_type", "LlavaNextImageProcessor"},
                                        {"size", {{"shortest_edge", 40}}},
                                        {"crop_size", {{"height", 36}, {"width", 36}}}});
  ASSERT_TRUE(custom.ok());
  EXPECT_EQ(custom->config().tile_size, 36);
  EXPECT_EQ(custom->config().base_size, (Resolution{40, 40}));

  EXPECT_FALSE(IsAnyresImageProcessorConfig({{"image_processor_type", "CLIPImageProcessor"}}));
  auto bad = AnyresImageProcessor::FromConfig(
      {{"image_processor_type", "LlavaNextImageProcessor"}, {"image_grid_pinpoints", {{336}}}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("image_grid_pinpoints"), std::string::npos);
}

TEST(Anyres, TilesPadWithZeroAboveAndBelow) {
  // A white 97 x 61 image, normalised with mean = std = 0.5: image pixels +1, padding -1. It is
  // resized to 56 x 36 in the 56x56 pinpoint, 10 padded rows above and 10 below.
  auto p = AnyresImageProcessor::FromConfig({{"image_processor_type", "LlavaNextImageProcessor"},
                                             {"size", {{"shortest_edge", 28}}},
                                             {"crop_size", {{"height", 28}, {"width", 28}}},
                                             {"image_mean", {0.5, 0.5, 0.5}},
                                             {"image_std", {0.5, 0.5, 0.5}},
                                             {"image_grid_pinpoints", {{56, 56}}}});
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  Image white;
  white.width = 97;
  white.height = 61;
  white.rgb.assign(97 * 61 * 3, 255);
  auto px = p->Preprocess(white);
  ASSERT_TRUE(px.ok()) << px.status().ToString();
  EXPECT_EQ(px->pixel_values.shape(), (Shape{5, 3, 28, 28}));
  EXPECT_EQ(px->image_size, (Resolution{61, 97}));
  auto v = px->pixel_values.span<float>();
  auto at = [&](int view, int c, int y, int x) { return v[((view * 3 + c) * 28 + y) * 28 + x]; };
  for (int c = 0; c < 3; ++c) {
    EXPECT_EQ(at(0, c, 0, 0), 1.0f);   // the base view is the whole image
    EXPECT_EQ(at(1, c, 9, 5), -1.0f);  // tile 0: rows 0-9 padding
    EXPECT_EQ(at(1, c, 10, 5), 1.0f);
    EXPECT_EQ(at(2, c, 9, 27), -1.0f);
    EXPECT_EQ(at(3, c, 17, 0), 1.0f);  // tile 2 (canvas rows 28-55): image to row 45
    EXPECT_EQ(at(4, c, 18, 27), -1.0f);
  }
}

}  // namespace
}  // namespace vlmxla::vision
