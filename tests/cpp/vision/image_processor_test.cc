#include "vlmxla/vision/image_processor.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace vlmxla::vision {
namespace {

TEST(ImageProcessor, ClipDefaultsAndShortestEdge) {
  auto p = ImageProcessor::FromConfig(nlohmann::json::parse(
      R"({"image_processor_type": "CLIPImageProcessor", "size": {"shortest_edge": 336},
          "crop_size": 336})"));
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_TRUE(p->config().do_center_crop);
  EXPECT_FLOAT_EQ(p->config().image_mean[0], 0.48145466f);
  EXPECT_EQ(p->OutputSize(480, 640), (std::pair{336, 336}));
  ImageProcessorConfig c = p->config();
  auto q = ImageProcessor::FromConfig(nlohmann::json::parse(
      R"({"image_processor_type": "CLIPImageProcessorPil", "size": 34, "do_center_crop": false})"));
  ASSERT_TRUE(q.ok());
  // int(34 * 640 / 480) = 45
  EXPECT_EQ(q->OutputSize(480, 640), (std::pair{34, 45}));
  EXPECT_EQ(q->OutputSize(640, 480), (std::pair{45, 34}));
}

TEST(ImageProcessor, SiglipNormalizesToMinusOneOne) {
  auto p = ImageProcessor::FromConfig(nlohmann::json::parse(
      R"({"image_processor_type": "SiglipImageProcessor", "size": {"height": 2, "width": 2}})"));
  ASSERT_TRUE(p.ok());
  Image im;
  im.width = im.height = 2;
  im.rgb = {0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0};
  auto t = p->Preprocess(std::span<const Image>(&im, 1));
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->shape(), (Shape{1, 3, 2, 2}));
  EXPECT_FLOAT_EQ(t->span<float>()[0], -1.0f);
  EXPECT_FLOAT_EQ(t->span<float>()[4], 1.0f);
}

TEST(ImageProcessor, CenterCropPadsWithZeros) {
  auto p = ImageProcessor::FromConfig(nlohmann::json::parse(
      R"({"image_processor_type": "CLIPImageProcessor", "do_resize": false,
          "crop_size": {"height": 4, "width": 4}, "do_normalize": false, "do_rescale": false})"));
  ASSERT_TRUE(p.ok());
  Image im;
  im.width = 2;
  im.height = 1;
  im.rgb = {9, 9, 9, 7, 7, 7};
  auto r = p->ResizeAndCrop(im);
  ASSERT_TRUE(r.ok());
  // Padded by ceil((4-1)/2)=2 rows on top and ceil((4-2)/2)=1 column on the left.
  EXPECT_EQ(r->rgb[(2 * 4 + 1) * 3], 9);
  EXPECT_EQ(r->rgb[(2 * 4 + 2) * 3], 7);
  EXPECT_EQ(r->rgb[0], 0);
}

TEST(ImageProcessor, UnknownTypeIsUnimplemented) {
  auto p = ImageProcessor::FromConfig(
      nlohmann::json::parse(R"({"image_processor_type": "Qwen2VLImageProcessor"})"));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), ErrorCode::kUnimplemented);
  EXPECT_NE(p.status().message().find("Qwen2VLImageProcessor"), std::string::npos);
  EXPECT_FALSE(ImageProcessor::FromConfig(
                   nlohmann::json::parse(
                       R"({"image_processor_type": "CLIPImageProcessor", "size": {"foo": 1}})"))
                   .ok());
}

TEST(ImageProcessor, FromModelDirPrefersPreprocessorConfigThenNestedProcessorConfig) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("vlmxla_proc_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "processor_config.json")
      << R"({"image_processor": {"image_processor_type": "SiglipImageProcessor",
             "size": {"height": 20, "width": 24}}, "patch_size": 4})";
  auto nested = ImageProcessor::FromModelDir(dir.string());
  ASSERT_TRUE(nested.ok()) << nested.status().ToString();
  EXPECT_EQ(nested->OutputSize(100, 50), (std::pair{20, 24}));
  std::ofstream(dir / "preprocessor_config.json")
      << R"({"image_processor_type": "SiglipImageProcessor", "size": {"height": 8, "width": 8}})";
  auto top = ImageProcessor::FromModelDir(dir.string());
  ASSERT_TRUE(top.ok());
  EXPECT_EQ(top->OutputSize(100, 50), (std::pair{8, 8}));
  fs::remove_all(dir);
  auto missing = ImageProcessor::FromModelDir(dir.string());
  EXPECT_EQ(missing.status().code(), ErrorCode::kNotFound);
}

}  // namespace
}  // namespace vlmxla::vision
