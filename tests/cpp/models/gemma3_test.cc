// Gemma 3 (`gemma3`): its config (nested SigLIP + Gemma 3 text, the image token ids, the pooled
// token count checked against the patch grid), its vision program's shapes and stages, the
// prefill's image_block input (only where the config asks for bidirectional image blocks), the
// family's buckets and inputs by role, and Gemma3ImageProcessor (bilinear; its pan-and-scan
// settings read, with Gemma3Processor's defaults for null fields, and bad ones refused by name).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "vlmxla/hlo/program.h"
#include "vlmxla/models/registry.h"
#include "vlmxla/vision/image_processor.h"

namespace vlmxla::models {
namespace {

nlohmann::json Gemma3(int image_size = 48, int tokens = 9) {
  return {{"model_type", "gemma3"},
          {"mm_tokens_per_image", tokens},
          {"boi_token_index", 90},
          {"eoi_token_index", 91},
          {"image_token_index", 92},
          {"text_config",
           {{"model_type", "gemma3_text"},
            {"vocab_size", 96},
            {"hidden_size", 64},
            {"intermediate_size", 96},
            {"num_hidden_layers", 2},
            {"num_attention_heads", 4},
            {"num_key_value_heads", 2},
            {"head_dim", 16},
            {"sliding_window", 6},
            {"final_logit_softcapping", 30.0},
            {"layer_types", {"sliding_attention", "full_attention"}}}},
          {"vision_config",
           {{"model_type", "siglip_vision_model"},
            {"hidden_size", 32},
            {"intermediate_size", 64},
            {"num_hidden_layers", 2},
            {"num_attention_heads", 4},
            {"image_size", image_size},
            {"patch_size", 8}}}};
}

bool HasInput(const hlo::Program& p, const std::string& name) {
  return std::any_of(p.params.begin(), p.params.end(), [&](const hlo::ProgramParam& q) {
    return q.kind == hlo::ProgramParam::Kind::kInput && q.name == name;
  });
}

TEST(Gemma3Family, ParsesTheNestedConfigAndAsksForBidirectionalImageBlocks) {
  auto c = io::ParseModelConfig(Gemma3());
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  ASSERT_TRUE(c->gemma3.has_value());
  EXPECT_TRUE(c->is_multimodal());
  EXPECT_EQ(c->image_token_id(), 92);
  EXPECT_EQ(c->gemma3->boi_token_index, 90);
  EXPECT_EQ(c->gemma3->eoi_token_index, 91);
  EXPECT_EQ(c->gemma3->mm_tokens_per_image, 9);
  EXPECT_EQ(c->text.weights_prefix, "language_model.");
  EXPECT_TRUE(c->text.bidirectional_image_blocks);
  EXPECT_TRUE(c->text.norm_weight_offset);
  EXPECT_EQ(c->text.sliding_window, 6);
  // Gemma3ForConditionalGeneration reads final_logit_softcapping off the top-level config only.
  EXPECT_EQ(c->text.final_logit_softcapping, 0);
  // The Transformers *_token_id spelling maps onto the index fields.
  nlohmann::json j = Gemma3();
  j.erase("image_token_index");
  j["image_token_id"] = 93;
  EXPECT_EQ(io::ParseModelConfig(j)->image_token_id(), 93);
  // The text-only Gemma 3 decoder keeps plain causal prefill.
  auto text = io::ParseModelConfig(Gemma3()["text_config"]);
  ASSERT_TRUE(text.ok());
  EXPECT_FALSE(text->text.bidirectional_image_blocks);
}

TEST(Gemma3Family, RefusesATokenCountThatDoesNotPoolThePatchGrid) {
  // 6x6 patches: 8 tokens is no square; 16 (4 per side) pools with k = 1 to 6, not 4.
  for (int tokens : {8, 16, 49}) {
    auto c = io::ParseModelConfig(Gemma3(48, tokens));
    ASSERT_FALSE(c.ok()) << tokens;
    EXPECT_NE(c.status().message().find("mm_tokens_per_image " + std::to_string(tokens)),
              std::string::npos)
        << c.status().message();
  }
  // 5x5 patches pooled by 2x2 windows to 2x2 (the last row and column unread, as AvgPool2d).
  EXPECT_TRUE(io::ParseModelConfig(Gemma3(40, 4)).ok());
}

TEST(Gemma3Family, VisionProgramPoolsNormsAndProjectsPerImage) {
  const io::ModelConfig config = *io::ParseModelConfig(Gemma3());
  hlo::VisionEncodeOptions o;
  o.num_images = 2;
  o.taps = true;
  auto p = BuildProgram(config, o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  ASSERT_FALSE(p->result_names.empty());
  EXPECT_EQ(p->result_names[0], "image_features");
  EXPECT_EQ(p->result_types[0].dims, (std::vector<int64_t>{2, 9, 64}));
  auto type_of = [&](const std::string& stage) {
    auto it = std::find(p->result_names.begin(), p->result_names.end(), stage);
    EXPECT_NE(it, p->result_names.end()) << stage;
    return p->result_types[it - p->result_names.begin()].dims;
  };
  EXPECT_EQ(type_of("vision_hidden_states.2"), (std::vector<int64_t>{2, 36, 32}));
  EXPECT_EQ(type_of("vision_last_hidden_state"), (std::vector<int64_t>{2, 36, 32}));
  EXPECT_EQ(type_of("pooled_image_features"), (std::vector<int64_t>{2, 9, 32}));
  EXPECT_EQ(type_of("normed_image_features"), (std::vector<int64_t>{2, 9, 32}));
  // The projection matrix is declared as the checkpoint stores it, [vision, text].
  auto w = std::find_if(p->params.begin(), p->params.end(), [](const hlo::ProgramParam& q) {
    return q.name == "multi_modal_projector.mm_input_projection_weight";
  });
  ASSERT_NE(w, p->params.end());
  EXPECT_EQ(w->type.dims, (std::vector<int64_t>{32, 64}));
  EXPECT_FALSE(w->transposed);
}

TEST(Gemma3Family, PrefillTakesImageBlocksOnlyWhenTheConfigAsks) {
  const io::ModelConfig config = *io::ParseModelConfig(Gemma3());
  hlo::PrefillOptions o;
  o.seq_len = 16, o.capacity = 32, o.num_image_features = 9;
  auto p = BuildProgram(config, o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_TRUE(HasInput(*p, "image_block"));
  EXPECT_EQ(hlo::InputRoleOf("image_block"), hlo::InputRole::kImageBlock);
  const io::ModelConfig text = *io::ParseModelConfig(Gemma3()["text_config"]);
  auto q = BuildProgram(text, o);
  ASSERT_TRUE(q.ok());
  EXPECT_FALSE(HasInput(*q, "image_block"));
  // The decode program never takes it (new tokens are text).
  hlo::DecodeOptions d;
  d.batch = 1, d.capacity = 32;
  EXPECT_FALSE(HasInput(*BuildProgram(config, d), "image_block"));
}

TEST(Gemma3Family, RunsAProgramPerImageCountWithPixelValuesAlone) {
  const io::ModelConfig config = *io::ParseModelConfig(Gemma3());
  const Family& family = **FamilyOf(config);
  EXPECT_EQ(family.model_types(), std::vector<std::string>{"gemma3"});
  EXPECT_TRUE(family.takes_images());
  prompt::PreparedPrefill p;
  p.pixel_values = HostTensor(DType::kF32, Shape{3, 3, 48, 48});
  EXPECT_EQ(family.FeatureRows(config, p), 27);
  const hlo::VisionEncodeOptions o = family.VisionOptionsFor(config, p, {});
  EXPECT_EQ(o.num_images, 3);
  auto inputs = family.VisionInputsFor(config, p, o);
  ASSERT_TRUE(inputs.ok());
  ASSERT_EQ(inputs->size(), 1u);
  EXPECT_EQ((*inputs)[0].first, hlo::InputRole::kPixelValues);
  EXPECT_TRUE(family.IsVisionWeight("multi_modal_projector.mm_soft_emb_norm.weight"));
  EXPECT_TRUE(family.IsVisionWeight("vision_tower.post_layernorm.weight"));
  EXPECT_FALSE(family.IsVisionWeight("language_model.model.norm.weight"));
}

TEST(Gemma3Family, ImageProcessorIsBilinearSiglipAndReadsPanAndScan) {
  nlohmann::json j = {{"image_processor_type", "Gemma3ImageProcessor"},
                      {"size", {{"height", 48}, {"width", 48}}},
                      {"do_pan_and_scan", false}};
  auto p = vision::ImageProcessor::FromConfig(j);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->config().resample, vision::ResampleFilter::kBilinear);
  EXPECT_EQ(p->OutputSize(30, 90), (std::pair<int, int>{48, 48}));
  EXPECT_FALSE(p->config().pan_and_scan.enabled);
  // Off: a wide image is one view.
  vision::Image wide{.width = 120, .height = 40, .rgb = std::vector<uint8_t>(120 * 40 * 3, 7)};
  EXPECT_EQ(p->Views(wide).size(), 1u);

  // On, the other fields null: Gemma3Processor's defaults (256, 4, 1.2).
  j["do_pan_and_scan"] = true;
  j["pan_and_scan_min_crop_size"] = nullptr;
  auto on = vision::ImageProcessor::FromConfig(j);
  ASSERT_TRUE(on.ok()) << on.status().ToString();
  const vision::PanAndScanConfig& d = on->config().pan_and_scan;
  EXPECT_TRUE(d.enabled);
  EXPECT_EQ(d.min_crop_size, 256);
  EXPECT_EQ(d.max_num_crops, 4);
  EXPECT_DOUBLE_EQ(d.min_ratio_to_activate, 1.2);
  EXPECT_EQ(on->Views(wide).size(), 1u);  // 40 px crops are under 256

  j["pan_and_scan_min_crop_size"] = 32;
  j["pan_and_scan_max_num_crops"] = 3;
  auto small = vision::ImageProcessor::FromConfig(j);
  ASSERT_TRUE(small.ok()) << small.status().ToString();
  std::vector<vision::Image> views = small->Views(wide);
  ASSERT_EQ(views.size(), 4u);  // the image, then three 40 x 40 crops
  EXPECT_EQ(views[0].width, 120);
  for (size_t i = 1; i < views.size(); ++i) {
    EXPECT_EQ(views[i].width, 40);
    EXPECT_EQ(views[i].height, 40);
  }
  auto pixels = small->Preprocess(views);
  ASSERT_TRUE(pixels.ok()) << pixels.status().ToString();
  EXPECT_EQ(pixels->shape(), (Shape{4, 3, 48, 48}));

  for (auto [key, bad] : {std::pair{"pan_and_scan_min_crop_size", nlohmann::json(0)},
                          std::pair{"pan_and_scan_max_num_crops", nlohmann::json("4")},
                          std::pair{"pan_and_scan_min_ratio_to_activate", nlohmann::json(-1)}}) {
    nlohmann::json b = j;
    b[key] = bad;
    auto refused = vision::ImageProcessor::FromConfig(b);
    ASSERT_FALSE(refused.ok()) << key;
    EXPECT_NE(refused.status().message().find(key), std::string::npos)
        << refused.status().message();
  }
}

}  // namespace
}  // namespace vlmxla::models
