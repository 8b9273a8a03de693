// LLaVA-NeXT and LLaVA-OneVision as a family: their configs (with Transformers' defaults), the
// vision program's buckets, and its inputs by role: every image's real views packed in order, and
// the gather tables that lay each image's projected rows out as pack_image_features does.
#include "vlmxla/models/llava_next/llava_next.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "vlmxla/hlo/program.h"
#include "parse_config.h"
#include "vlmxla/models/registry.h"
#include "vlmxla/vision/anyres.h"

namespace vlmxla::models {
namespace {

const nlohmann::json kMistralText = {{"model_type", "mistral"},  {"vocab_size", 64},
                                     {"hidden_size", 32},        {"intermediate_size", 64},
                                     {"num_hidden_layers", 1},   {"num_attention_heads", 4},
                                     {"num_key_value_heads", 2}, {"max_position_embeddings", 128},
                                     {"sliding_window", nullptr}};

// A SigLIP tower of 12 px views in 4 px patches: 3 x 3 = 9 rows per view.
nlohmann::json Config(const std::string& type) {
  nlohmann::json j = {{"model_type", type},
                      {"image_token_index", 63},
                      {"text_config", kMistralText},
                      {"vision_feature_select_strategy", "full"},
                      {"vision_feature_layer", -1},
                      {"image_grid_pinpoints", {{12, 24}, {24, 12}, {24, 24}}},
                      {"vision_config",
                       {{"model_type", "siglip_vision_model"},
                        {"hidden_size", 16},
                        {"intermediate_size", 32},
                        {"num_hidden_layers", 1},
                        {"num_attention_heads", 2},
                        {"image_size", 12},
                        {"patch_size", 4}}}};
  if (type == "llava_onevision") j["vision_aspect_ratio"] = "anyres_max_1";
  return j;
}

using test_util::Parse;

// A prompt of images of these (height, width), as the family's pipeline would leave it: the
// processor's padded batch, with view v of image i filled with 100 * i + v, and each image's
// placeholder run as long as its layout.
prompt::PreparedPrefill Prompt(const io::ModelConfig& config,
                               const std::vector<std::array<int32_t, 2>>& sizes) {
  const auto geometry = *vision::AnyresFeatureGeometryOf(*config.llava);
  const bool base_only = config.model_type == "llava_onevision" && sizes.size() > 1;
  prompt::PreparedPrefill p;
  p.image_sizes = sizes;
  int64_t max_views = 0, offset = 0;
  std::vector<vision::AnyresFeatureLayout> layouts;
  for (const auto& hw : sizes) {
    layouts.push_back(*vision::LayoutAnyresFeatures(geometry, {hw[0], hw[1]}, base_only));
    max_views = std::max<int64_t>(max_views, layouts.back().views);
  }
  const int64_t per_view = 3 * 12 * 12;
  p.pixel_values =
      HostTensor(DType::kF32, Shape{static_cast<int64_t>(sizes.size()), max_views, 3, 12, 12});
  auto px = p.pixel_values.mutable_span<float>();
  std::fill(px.begin(), px.end(), -1.0f);  // the batch's padding views
  for (size_t i = 0; i < layouts.size(); ++i) {
    for (int v = 0; v < layouts[i].views; ++v) {
      std::fill_n(px.begin() + (static_cast<int64_t>(i) * max_views + v) * per_view, per_view,
                  100.0f * i + v);
    }
    const int64_t n = static_cast<int64_t>(layouts[i].feature_source.size());
    p.image_slots.push_back({static_cast<int>(i), offset, n});
    offset += n + 1;
  }
  return p;
}

const HostTensor& Input(const VisionInputs& inputs, hlo::InputRole role) {
  for (const auto& [r, t] : inputs)
    if (r == role) return t;
  static const HostTensor none;
  ADD_FAILURE() << "no input " << hlo::InputRoleName(role);
  return none;
}

TEST(LlavaNextFamily, ConfigsTakeTransformersDefaults) {
  nlohmann::json next = {{"model_type", "llava_next"}};
  auto c = io::ParseModelConfig(next);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  ASSERT_TRUE(c->llava && c->llava->anyres());
  EXPECT_EQ(c->llava->image_grid_pinpoints.size(), 5u);
  EXPECT_EQ(c->llava->image_grid_pinpoints[0], (std::array<int, 2>{336, 672}));
  EXPECT_EQ(c->llava->image_token_index, 32000);
  EXPECT_EQ(c->llava->vision_feature_select_strategy, "default");
  EXPECT_TRUE(c->llava->vision_aspect_ratio.empty());
  EXPECT_EQ(c->llava->vision.model_type, "clip_vision_model");

  auto o = io::ParseModelConfig(nlohmann::json{{"model_type", "llava_onevision"}});
  ASSERT_TRUE(o.ok()) << o.status().ToString();
  EXPECT_EQ(o->llava->image_grid_pinpoints.size(), 36u);
  EXPECT_EQ(o->llava->image_grid_pinpoints.back(), (std::array<int, 2>{2304, 2304}));
  EXPECT_EQ(o->llava->image_token_index, 151646);
  EXPECT_EQ(o->llava->vision_feature_select_strategy, "full");
  EXPECT_EQ(o->llava->vision_feature_layers, std::vector<int>{-1});
  EXPECT_EQ(o->llava->vision_aspect_ratio, "anyres_max_9");
  EXPECT_EQ(o->llava->video_token_index, 151647);
  EXPECT_EQ(c->llava->video_token_index, -1);  // LLaVA-NeXT has no video placeholder
  EXPECT_EQ(o->llava->vision.model_type, "siglip_vision_model");
  EXPECT_EQ(o->text.model_type, "qwen2");

  nlohmann::json bad = Config("llava_next");
  bad["image_grid_pinpoints"] = {{12, 0}};
  auto b = io::ParseModelConfig(bad);
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.status().message().find("image_grid_pinpoints"), std::string::npos);
  // A Mistral window shorter than the context is refused, not ignored.
  nlohmann::json windowed = Config("llava_next");
  windowed["text_config"]["sliding_window"] = 16;
  auto w = io::ParseModelConfig(windowed);
  ASSERT_FALSE(w.ok());
  EXPECT_NE(w.status().message().find("sliding_window 16"), std::string::npos);
}

TEST(LlavaNextFamily, BothModelTypesResolveToTheFamily) {
  EXPECT_EQ(*FindFamily("llava_next"), &LlavaNextFamily());
  EXPECT_EQ(*FindFamily("llava_onevision"), &LlavaNextFamily());
  EXPECT_NE(*FindFamily("llava"), &LlavaNextFamily());
  EXPECT_TRUE(LlavaNextFamily().IsVisionWeight("image_newline"));
  EXPECT_TRUE(LlavaNextFamily().IsVisionWeight("vision_tower.post_layernorm.weight"));
  EXPECT_FALSE(LlavaNextFamily().IsVisionWeight("language_model.model.norm.weight"));
}

TEST(LlavaNextFamily, ViewsRunExactlyUpToTwelveFeatureRowsByHalvesAndDoublings) {
  // A padded view is a whole tower pass: OneVision's 9 views must not run 12.
  for (int64_t views = 1; views <= 12; ++views) EXPECT_EQ(AnyresViewBucket(views), views);
  EXPECT_EQ(AnyresViewBucket(0), 1);
  EXPECT_EQ(AnyresViewBucket(13), 16);
  EXPECT_EQ(AnyresViewBucket(17), 24);
  EXPECT_EQ(AnyresFeatureBucket(1), 32);
  EXPECT_EQ(AnyresFeatureBucket(33), 48);
  EXPECT_EQ(AnyresFeatureBucket(49), 64);
  EXPECT_EQ(AnyresFeatureBucket(97), 128);
}

TEST(LlavaNextFamily, ImagesOfTwoAspectsPackTheirViewsAndLayouts) {
  const io::ModelConfig config = Parse(Config("llava_next"));
  const Family& family = **FamilyOf(config);
  // A wide image tiles 1 x 2 (3 views), a tall one 2 x 1 (3 views).
  const prompt::PreparedPrefill p = Prompt(config, {{10, 22}, {22, 10}});
  const auto geometry = *vision::AnyresFeatureGeometryOf(*config.llava);
  const auto wide = *vision::LayoutAnyresFeatures(geometry, {10, 22});
  const auto tall = *vision::LayoutAnyresFeatures(geometry, {22, 10});
  const int64_t features = wide.feature_source.size() + tall.feature_source.size();

  const hlo::VisionEncodeOptions o = family.VisionOptionsFor(config, p, {});
  EXPECT_EQ(o.num_images, 6);  // 3 + 3 views
  EXPECT_EQ(o.num_feature_rows, AnyresFeatureBucket(features));
  EXPECT_EQ(family.FeatureRows(config, p), o.num_feature_rows);
  EXPECT_EQ(family.TapRows(config, p, "packed_image_features"), features);
  EXPECT_EQ(family.TapRows(config, p, "vision_hidden_states.1"), 6);
  EXPECT_EQ(family.TapRows(config, p, "image_features"), 6);

  auto inputs = family.VisionInputsFor(config, p, o);
  ASSERT_TRUE(inputs.ok()) << inputs.status().ToString();
  const HostTensor& views = Input(*inputs, hlo::InputRole::kPixelValues);
  ASSERT_EQ(views.shape(), (Shape{6, 3, 12, 12}));
  const auto v = views.span<float>();
  const std::vector<float> marks = {0, 1, 2, 100, 101, 102};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(v[i * 3 * 12 * 12], marks[i]) << "view " << i;

  const HostTensor& source = Input(*inputs, hlo::InputRole::kFeatureSource);
  ASSERT_EQ(source.shape(), (Shape{o.num_feature_rows}));
  const auto s = source.span<int32_t>();
  const int32_t tokens = 9, newline = 6 * tokens;
  int64_t row = 0;
  for (const auto* l : {&wide, &tall}) {
    const int32_t first = (l == &wide ? 0 : 3) * tokens;
    for (int32_t f : l->feature_source) {
      EXPECT_EQ(s[row], f == vision::kAnyresNewline ? newline : first + f) << "row " << row;
      ++row;
    }
  }
  // The base view's rows first, a newline after every packed row.
  EXPECT_EQ(s[0], 0);
  EXPECT_EQ(s[tokens], tokens);  // the wide image's first tile row follows its base view
  int newlines = 0;
  for (int64_t r = 0; r < features; ++r) newlines += s[r] == newline;
  EXPECT_EQ(newlines, wide.packed.height + tall.packed.height);
}

TEST(LlavaNextFamily, OnevisionBlendsPastItsTileBudgetAndTakesBaseViewsForSeveralImages) {
  const io::ModelConfig config = Parse(Config("llava_onevision"));
  const Family& family = **FamilyOf(config);
  // anyres_max_1: a 2 x 2 tile grid (a 6 x 6 feature canvas) is downscaled to about 3 x 3.
  const prompt::PreparedPrefill one = Prompt(config, {{24, 24}});
  const hlo::VisionEncodeOptions o = family.VisionOptionsFor(config, one, {});
  EXPECT_EQ(o.num_images, 5);  // base + 4 tiles, exactly
  auto inputs = family.VisionInputsFor(config, one, o);
  ASSERT_TRUE(inputs.ok()) << inputs.status().ToString();
  const auto s = Input(*inputs, hlo::InputRole::kFeatureSource).span<int32_t>();
  const auto bs = Input(*inputs, hlo::InputRole::kBlendSource).span<int32_t>();
  const auto bw = Input(*inputs, hlo::InputRole::kBlendWeight).span<float>();
  int blended = 0;
  for (int64_t r = 0; r < family.TapRows(config, one, "packed_image_features"); ++r) {
    if (s[r] != -1) continue;
    ++blended;
    // Four tile rows (past the base view's 9), weights of a bilinear tap in each axis.
    for (int k = 0; k < 4; ++k) {
      EXPECT_GE(bs[r * 4 + k], 9);
      EXPECT_LT(bs[r * 4 + k], 5 * 9);
    }
    EXPECT_FLOAT_EQ(bw[r * 4] + bw[r * 4 + 1], 1.0f);
    EXPECT_FLOAT_EQ(bw[r * 4 + 2] + bw[r * 4 + 3], 1.0f);
  }
  EXPECT_GT(blended, 0);

  // Two images: each its base view and one newline.
  const prompt::PreparedPrefill two = Prompt(config, {{24, 24}, {10, 22}});
  const hlo::VisionEncodeOptions o2 = family.VisionOptionsFor(config, two, {});
  EXPECT_EQ(o2.num_images, 2);
  EXPECT_EQ(family.TapRows(config, two, "packed_image_features"), 2 * (9 + 1));
  auto inputs2 = family.VisionInputsFor(config, two, o2);
  ASSERT_TRUE(inputs2.ok()) << inputs2.status().ToString();
  const auto s2 = Input(*inputs2, hlo::InputRole::kFeatureSource).span<int32_t>();
  for (int r = 0; r < 9; ++r) {
    EXPECT_EQ(s2[r], r);
    EXPECT_EQ(s2[10 + r], 9 + r);
  }
  EXPECT_EQ(s2[9], 2 * 9);  // the newline row after both views
  EXPECT_EQ(s2[19], 2 * 9);
}

}  // namespace
}  // namespace vlmxla::models
