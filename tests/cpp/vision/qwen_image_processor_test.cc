// Qwen2VLImageProcessorPil's behaviour, derived by hand from image_processing_pil_qwen2_vl.py:
// smart_resize's branches and Python rounding, the config fields and their precedence, and the
// patch flattening order (written here as the reshape + transpose Transformers performs, not as
// the loops the processor uses). Bit-exact parity on real images is tests/py/
// test_qwen_image_parity.py.
#include "vlmxla/vision/qwen_image_processor.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace vlmxla::vision {
namespace {

using nlohmann::json;

constexpr int64_t kMin = 56 * 56, kMax = 28 * 28 * 1280;

std::pair<int64_t, int64_t> Smart(int64_t h, int64_t w, int64_t min = kMin, int64_t max = kMax) {
  auto r = SmartResize(h, w, 28, min, max);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? *r : std::pair<int64_t, int64_t>{-1, -1};
}

TEST(SmartResize, RoundsToMultiplesHalfToEven) {
  // 42 / 28 = 1.5 -> 2, 70 / 28 = 2.5 -> 2, 98 / 28 = 3.5 -> 4 (Python's round).
  EXPECT_EQ(Smart(42, 280), (std::pair<int64_t, int64_t>{56, 280}));
  EXPECT_EQ(Smart(70, 280), (std::pair<int64_t, int64_t>{56, 280}));
  EXPECT_EQ(Smart(98, 280), (std::pair<int64_t, int64_t>{112, 280}));
  EXPECT_EQ(Smart(28, 5600), (std::pair<int64_t, int64_t>{28, 5600}));
}

TEST(SmartResize, ScalesDownPastMaxPixels) {
  // beta = sqrt(6e6 / 1003520) = 2.4452; floor(2000 / beta / 28) = 29, floor(3000 / beta / 28)
  // = 43.
  EXPECT_EQ(Smart(2000, 3000), (std::pair<int64_t, int64_t>{29 * 28, 43 * 28}));
  EXPECT_EQ(Smart(3000, 2000), (std::pair<int64_t, int64_t>{43 * 28, 29 * 28}));
  // 1000 x 1000 into 50000 pixels: beta = sqrt(20), floor(1000 / beta / 28) = 7.
  EXPECT_EQ(Smart(1000, 1000, kMin, 50000), (std::pair<int64_t, int64_t>{196, 196}));
}

TEST(SmartResize, ScalesUpBelowMinPixels) {
  EXPECT_EQ(Smart(1, 1), (std::pair<int64_t, int64_t>{56, 56}));
  // beta = sqrt(3136 / 20000); ceil(10 * beta / 28) = 1, ceil(2000 * beta / 28) = 29.
  EXPECT_EQ(Smart(10, 2000), (std::pair<int64_t, int64_t>{28, 29 * 28}));
}

TEST(SmartResize, RefusesAspectRatioBeyond200) {
  EXPECT_TRUE(SmartResize(10, 2000, 28, kMin, kMax).ok());  // exactly 200 is allowed
  auto r = SmartResize(10, 2001, 28, kMin, kMax);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(r.status().reason(), kReasonImageAspectRatio);
  EXPECT_NE(r.status().message().find("2001x10"), std::string::npos) << r.status().message();
  EXPECT_NE(r.status().message().find("200"), std::string::npos);
}

TEST(SmartResize, EmptyResultIsTooSmall) {
  // With min_pixels 0 a 10 x 10 image rounds to 0 x 0, which PIL cannot produce.
  auto r = SmartResize(10, 10, 28, 0, kMax);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().reason(), kReasonImageTooSmall);
  EXPECT_NE(r.status().message().find("10x10"), std::string::npos);
}

json Config(json extra = json::object()) {
  json j = {{"image_processor_type", "Qwen2VLImageProcessor"}};
  j.update(extra);
  return j;
}

TEST(QwenImageProcessorConfig, DefaultsAreTheClassDefaults) {
  auto p = QwenImageProcessor::FromConfig(Config());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  const auto& c = p->config();
  EXPECT_EQ(c.min_pixels, 3136);
  EXPECT_EQ(c.max_pixels, 1003520);
  EXPECT_EQ(c.patch_size, 14);
  EXPECT_EQ(c.temporal_patch_size, 2);
  EXPECT_EQ(c.merge_size, 2);
  EXPECT_EQ(c.patch_dim(), 3 * 2 * 14 * 14);
  EXPECT_EQ(c.resample, ResampleFilter::kBicubic);
  EXPECT_DOUBLE_EQ(c.image_mean[0], 0.48145466);
  EXPECT_DOUBLE_EQ(c.image_std[2], 0.27577711);
}

TEST(QwenImageProcessorConfig, MinMaxPixelsOverrideSize) {
  auto v5 = QwenImageProcessor::FromConfig(
      Config({{"size", {{"shortest_edge", 100}, {"longest_edge", 20000}}}}));
  ASSERT_TRUE(v5.ok());
  EXPECT_EQ(v5->config().min_pixels, 100);
  EXPECT_EQ(v5->config().max_pixels, 20000);
  auto both = QwenImageProcessor::FromConfig(
      Config({{"size", {{"shortest_edge", 100}, {"longest_edge", 20000}}},
              {"min_pixels", 3136},
              {"max_pixels", 12845056}}));
  ASSERT_TRUE(both.ok());
  EXPECT_EQ(both->config().min_pixels, 3136);
  EXPECT_EQ(both->config().max_pixels, 12845056);
}

TEST(QwenImageProcessorConfig, RecognisesTheQwenSpellings) {
  for (const char* t :
       {"Qwen2VLImageProcessor", "Qwen2VLImageProcessorFast", "Qwen2VLImageProcessorPil"}) {
    EXPECT_TRUE(IsQwenImageProcessorConfig({{"image_processor_type", t}})) << t;
  }
  EXPECT_TRUE(IsQwenImageProcessorConfig({{"processor_class", "Qwen2_5_VLProcessor"}}));
  EXPECT_FALSE(IsQwenImageProcessorConfig(
      {{"image_processor_type", "CLIPImageProcessor"}, {"processor_class", "Qwen2VLProcessor"}}));
  auto clip = QwenImageProcessor::FromConfig({{"image_processor_type", "CLIPImageProcessor"}});
  ASSERT_FALSE(clip.ok());
  EXPECT_EQ(clip.status().code(), ErrorCode::kUnimplemented);
}

TEST(QwenImageProcessorConfig, BadFieldsAreNamed) {
  auto half_size = QwenImageProcessor::FromConfig(Config({{"size", {{"shortest_edge", 100}}}}));
  ASSERT_FALSE(half_size.ok());
  EXPECT_NE(half_size.status().message().find("longest_edge"), std::string::npos);
  auto bad_type = QwenImageProcessor::FromConfig(Config({{"merge_size", "2"}}));
  ASSERT_FALSE(bad_type.ok());
  EXPECT_NE(bad_type.status().message().find("merge_size"), std::string::npos);
  auto lanczos = QwenImageProcessor::FromConfig(Config({{"resample", 1}}));
  EXPECT_FALSE(lanczos.ok());
}

// An image whose three channels identify the pixel: R = y * 16 + x, G = 255 - R, B = x * 7 + y * 3.
Image Labelled(int width, int height) {
  Image im;
  im.width = width;
  im.height = height;
  im.rgb.resize(static_cast<size_t>(width) * height * 3);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      uint8_t* p = &im.rgb[(static_cast<size_t>(y) * width + x) * 3];
      p[0] = static_cast<uint8_t>(y * 16 + x);
      p[1] = static_cast<uint8_t>(255 - p[0]);
      p[2] = static_cast<uint8_t>(x * 7 + y * 3);
    }
  return im;
}

// Transformers' patchify as array operations: image [C, H, W] reshaped to
// [C, gh/m, m, P, gw/m, m, P], transposed to [gh/m, gw/m, m, m, C, P, P], a T axis inserted after
// C, flattened to [gh*gw, C*T*P*P].
std::vector<float> ReferencePatchify(const Image& im, int P, int m, int T) {
  const int gh = im.height / P, gw = im.width / P;
  const std::array<int, 7> dims{3, gh / m, m, P, gw / m, m, P};
  std::vector<float> out;
  // Iterate the transposed, broadcast axes (a1, a4, a2, a5, a0, t, a3, a6) in order.
  for (int a1 = 0; a1 < dims[1]; ++a1)
    for (int a4 = 0; a4 < dims[4]; ++a4)
      for (int a2 = 0; a2 < dims[2]; ++a2)
        for (int a5 = 0; a5 < dims[5]; ++a5)
          for (int a0 = 0; a0 < dims[0]; ++a0)
            for (int t = 0; t < T; ++t)
              for (int a3 = 0; a3 < dims[3]; ++a3)
                for (int a6 = 0; a6 < dims[6]; ++a6) {
                  const int y = (a1 * m + a2) * P + a3, x = (a4 * m + a5) * P + a6;
                  out.push_back(im.rgb[(static_cast<size_t>(y) * im.width + x) * 3 + a0]);
                }
  return out;
}

TEST(QwenImageProcessor, FlattensPatchesInTransformersOrder) {
  // No resize, rescale or normalisation: pixel_values are the raw samples, so the order shows.
  auto p = QwenImageProcessor::FromConfig(Config({{"do_resize", false},
                                                  {"do_rescale", false},
                                                  {"do_normalize", false},
                                                  {"patch_size", 2},
                                                  {"merge_size", 2},
                                                  {"temporal_patch_size", 3}}));
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  const std::vector<Image> images = {Labelled(12, 8), Labelled(4, 4)};
  auto out = p->Preprocess(images);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->image_grid_thw.size(), 2u);
  EXPECT_EQ(out->image_grid_thw[0], (std::array<int32_t, 3>{1, 4, 6}));
  EXPECT_EQ(out->image_grid_thw[1], (std::array<int32_t, 3>{1, 2, 2}));
  EXPECT_EQ(out->pixel_values.shape(), (Shape{24 + 4, 3 * 3 * 2 * 2}));
  std::vector<float> expected = ReferencePatchify(images[0], 2, 2, 3);
  const std::vector<float> second = ReferencePatchify(images[1], 2, 2, 3);
  expected.insert(expected.end(), second.begin(), second.end());
  const auto got = out->pixel_values.span<float>();
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(got[i], expected[i]) << "element " << i;
}

TEST(QwenImageProcessor, RescalesAndNormalisesInFloat32AfterFloat64Scale) {
  auto p = QwenImageProcessor::FromConfig(
      Config({{"do_resize", false}, {"patch_size", 2}, {"merge_size", 1}}));
  ASSERT_TRUE(p.ok());
  const Image im = Labelled(2, 2);
  auto out = p->Preprocess(std::span<const Image>(&im, 1));
  ASSERT_TRUE(out.ok());
  // Row 0, channel 1 (G), frame 0, pixel (0, 1): offset (1 * T + 0) * P * P + 1.
  const uint8_t v = im.rgb[(0 * 2 + 1) * 3 + 1];
  const float scaled = static_cast<float>(v * (1.0 / 255.0));
  const float expected = (scaled - static_cast<float>(0.4578275)) / static_cast<float>(0.26130258);
  EXPECT_EQ(out->pixel_values.span<float>()[(1 * 2 + 0) * 4 + 1], expected);
}

TEST(QwenImageProcessor, ResizedGridAndErrors) {
  auto p = QwenImageProcessor::FromConfig(Config());
  ASSERT_TRUE(p.ok());
  auto grid = p->GridThw(2000, 3000);  // -> 812 x 1204
  ASSERT_TRUE(grid.ok());
  EXPECT_EQ(*grid, (std::array<int32_t, 3>{1, 58, 86}));
  const Image strip = Labelled(2001, 10);
  auto refused = p->Preprocess(std::span<const Image>(&strip, 1));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().reason(), kReasonImageAspectRatio);
  EXPECT_NE(refused.status().message().find("image 0"), std::string::npos);

  auto no_resize = QwenImageProcessor::FromConfig(Config({{"do_resize", false}}));
  ASSERT_TRUE(no_resize.ok());
  const Image odd = Labelled(30, 28);
  auto bad = no_resize->Preprocess(std::span<const Image>(&odd, 1));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("multiple of 28"), std::string::npos);
}

}  // namespace
}  // namespace vlmxla::vision
