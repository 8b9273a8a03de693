// The family registry: every model_type resolves to the family that serves it, an unknown one is
// refused with the supported list, and the family answers the engine's questions (vision buckets,
// feature rows, inputs by role) for each program layout without the caller knowing the family.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "vlmxla/hlo/program.h"
#include "parse_config.h"
#include "vlmxla/models/registry.h"

namespace vlmxla::models {
namespace {

using test_util::Parse;

const nlohmann::json kText = {{"model_type", "qwen2"},    {"vocab_size", 64},
                              {"hidden_size", 32},        {"intermediate_size", 64},
                              {"num_hidden_layers", 1},   {"num_attention_heads", 4},
                              {"num_key_value_heads", 2}, {"max_position_embeddings", 128},
                              {"rms_norm_eps", 1e-6}};

nlohmann::json Llava() {
  return {{"model_type", "llava"},
          {"image_token_index", 63},
          {"text_config", kText},
          {"vision_config",
           {{"model_type", "siglip_vision_model"},
            {"hidden_size", 16},
            {"intermediate_size", 32},
            {"num_hidden_layers", 1},
            {"num_attention_heads", 2},
            {"image_size", 16},
            {"patch_size", 8}}}};
}

nlohmann::json Qwen(const std::string& type) {
  nlohmann::json text = kText;
  text.erase("model_type");
  text["rope_scaling"] = {{"type", "mrope"}, {"mrope_section", {1, 1, 2}}};
  // Qwen2-VL names the blocks' width embed_dim and the merger's hidden_size; Qwen2.5-VL names
  // them hidden_size and out_hidden_size.
  nlohmann::json vision = {{"depth", 1}, {"num_heads", 2}, {"patch_size", 2}};
  if (type == "qwen2_vl") {
    vision.update({{"embed_dim", 16}, {"hidden_size", 32}, {"mlp_ratio", 2}});
  } else {
    vision.update({{"hidden_size", 16},
                   {"intermediate_size", 32},
                   {"out_hidden_size", 32},
                   {"window_size", 8},
                   {"fullatt_block_indexes", {0}}});
  }
  return {{"model_type", type}, {"text_config", text}, {"vision_config", vision}};
}

TEST(FamilyRegistry, EachModelTypeHasOneFamily) {
  const std::vector<std::string> types = SupportedModelTypes();
  EXPECT_EQ(types, (std::vector<std::string>{"gemma3", "gemma3_text", "llama", "llava",
                                             "llava_next", "llava_onevision", "qwen2", "qwen2_5_vl",
                                             "qwen2_vl", "qwen3", "qwen3_vl"}));
  for (const std::string& t : types) {
    auto f = FindFamily(t);
    ASSERT_TRUE(f.ok()) << t;
    const auto served = (*f)->model_types();
    EXPECT_NE(std::find(served.begin(), served.end(), t), served.end()) << t;
  }
  EXPECT_EQ(*FindFamily("qwen2_vl"), *FindFamily("qwen2_5_vl"));
  EXPECT_NE(*FindFamily("qwen3_vl"), *FindFamily("qwen2_vl"));
  EXPECT_TRUE((*FindFamily("qwen3_vl"))->takes_images());
  EXPECT_FALSE((*FindFamily("llama"))->takes_images());
  EXPECT_TRUE((*FindFamily("llava"))->takes_images());
}

TEST(FamilyRegistry, UnknownModelTypeIsRefusedWithTheSupportedList) {
  auto f = FindFamily("mllama");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().reason(), kReasonUnsupportedModelType);
  EXPECT_NE(f.status().message().find("'mllama'"), std::string::npos);
  EXPECT_NE(f.status().message().find("gemma3, gemma3_text, llama, llava, llava_next, "
                                      "llava_onevision, qwen2"),
            std::string::npos)
      << f.status().message();
}

TEST(FamilyRegistry, LlavaRunsAProgramPerImageCountWithPixelValuesAlone) {
  const io::ModelConfig config = Parse(Llava());
  const Family& family = **FamilyOf(config);
  prompt::PreparedPrefill p;
  p.pixel_values = HostTensor(DType::kF32, Shape{3, 3, 16, 16});
  const int tokens = config.llava->image_tokens_per_image();
  EXPECT_EQ(family.FeatureRows(config, p), 3 * tokens);
  const hlo::VisionEncodeOptions o = family.VisionOptionsFor(config, p, {});
  EXPECT_EQ(o.num_images, 3);
  EXPECT_EQ(o.num_patches, 0);
  auto inputs = family.VisionInputsFor(config, p, o);
  ASSERT_TRUE(inputs.ok());
  ASSERT_EQ(inputs->size(), 1u);
  EXPECT_EQ((*inputs)[0].first, hlo::InputRole::kPixelValues);
  // [n, tokens, D] -> [n * tokens, D].
  auto rows = family.FeaturesForPrefill(HostTensor(DType::kF32, Shape{3, tokens, 32}));
  ASSERT_TRUE(rows.ok());
  EXPECT_EQ(rows->shape(), (Shape{3 * tokens, 32}));
  EXPECT_TRUE(family.IsVisionWeight("multi_modal_projector.linear_1.weight"));
  EXPECT_FALSE(family.IsVisionWeight("language_model.model.norm.weight"));
  EXPECT_FALSE(family.VisionLayoutTables(config, {}, 0).ok());
}

TEST(FamilyRegistry, QwenPacksPatchesIntoABucketAndNamesItsLayoutInputs) {
  for (const char* type : {"qwen2_vl", "qwen2_5_vl"}) {
    const io::ModelConfig config = Parse(Qwen(type));
    const Family& family = **FamilyOf(config);
    const int patch_dim = config.qwen_vl->vision.patch_dim();
    prompt::PreparedPrefill p;
    // One image of 4 x 6 patches: 24 rows, 6 merged tokens.
    p.image_grid_thw = {{1, 4, 6}};
    p.pixel_values = HostTensor(DType::kF32, Shape{24, patch_dim});
    const hlo::VisionEncodeOptions o = family.VisionOptionsFor(config, p, {});
    EXPECT_GE(o.num_patches, 24) << type;
    EXPECT_EQ(family.FeatureRows(config, p), o.num_patches / 4) << type;
    EXPECT_EQ(family.TapRows(config, p, "image_features"), 6) << type;
    EXPECT_EQ(family.TapRows(config, p, "vision_hidden_states.1"), 24) << type;
    auto inputs = family.VisionInputsFor(config, p, o);
    ASSERT_TRUE(inputs.ok()) << inputs.status().ToString();
    std::vector<hlo::InputRole> roles;
    for (const auto& [role, t] : *inputs) {
      roles.push_back(role);
      if (role == hlo::InputRole::kPixelValues) {
        EXPECT_EQ(t.shape(), (Shape{o.num_patches, patch_dim}));
      }
    }
    EXPECT_EQ(roles, (std::vector<hlo::InputRole>{
                         hlo::InputRole::kPixelValues, hlo::InputRole::kRotaryHw,
                         hlo::InputRole::kFullSegment, hlo::InputRole::kWindowSegment,
                         hlo::InputRole::kMergedOrder}));
    auto tables = family.VisionLayoutTables(config, p.image_grid_thw, 0);
    ASSERT_TRUE(tables.ok());
    EXPECT_EQ(tables->at("layout.patch_order").shape(), (Shape{24}));
    // A grid that disagrees with the pixels is refused, not run.
    p.pixel_values = HostTensor(DType::kF32, Shape{20, patch_dim});
    EXPECT_FALSE(family.VisionInputsFor(config, p, o).ok());
  }
}

// Qwen3-VL as Transformers saves tiny-qwen3-vl: patch 16, a 6x6 position table, DeepStack after
// vision blocks 0 and 1.
nlohmann::json Qwen3Vl() {
  return nlohmann::json::parse(R"({"image_token_id":1398,"model_type":"qwen3_vl",
    "text_config":{"attention_bias":false,"head_dim":32,"hidden_act":"silu","hidden_size":64,
    "intermediate_size":128,"max_position_embeddings":512,"model_type":"qwen3_vl_text",
    "num_attention_heads":4,"num_hidden_layers":3,"num_key_value_heads":2,"rms_norm_eps":1e-06,
    "rope_parameters":{"mrope_interleaved":true,"mrope_section":[6,5,5],"rope_theta":5000000.0,
    "rope_type":"default"},"tie_word_embeddings":false,"vocab_size":1400},
    "tie_word_embeddings":false,"vision_config":{"deepstack_visual_indexes":[0,1],"depth":3,
    "hidden_act":"gelu_pytorch_tanh","hidden_size":32,"intermediate_size":64,"num_heads":2,
    "num_position_embeddings":36,"out_hidden_size":64,"patch_size":16,"spatial_merge_size":2,
    "temporal_patch_size":2}})");
}

TEST(FamilyRegistry, Qwen3VlTakesThePositionTapsAndReturnsDeepstackFeaturesForPrefill) {
  const io::ModelConfig config = Parse(Qwen3Vl());
  const Family& family = **FamilyOf(config);
  const int patch_dim = config.qwen_vl->vision.patch_dim();
  prompt::PreparedPrefill p;
  p.image_grid_thw = {{1, 4, 6}};  // 24 patch rows, 6 merged tokens
  p.pixel_values = HostTensor(DType::kF32, Shape{24, patch_dim});
  const hlo::VisionEncodeOptions o = family.VisionOptionsFor(config, p, {});
  const int64_t rows = family.FeatureRows(config, p);
  EXPECT_EQ(rows, o.num_patches / 4);
  auto inputs = family.VisionInputsFor(config, p, o);
  ASSERT_TRUE(inputs.ok()) << inputs.status().ToString();
  std::vector<hlo::InputRole> roles;
  for (const auto& [role, t] : *inputs) roles.push_back(role);
  EXPECT_EQ(roles, (std::vector<hlo::InputRole>{
                       hlo::InputRole::kPixelValues, hlo::InputRole::kRotaryHw,
                       hlo::InputRole::kFullSegment, hlo::InputRole::kWindowSegment,
                       hlo::InputRole::kMergedOrder, hlo::InputRole::kInterpIndices,
                       hlo::InputRole::kInterpWeights}));
  // The merged rows of image_features and of each DeepStack merger; the stacked result whole.
  EXPECT_EQ(family.TapRows(config, p, "image_features"), 6);
  EXPECT_EQ(family.TapRows(config, p, "deepstack_features.1"), 6);
  EXPECT_EQ(family.TapRows(config, p, "deepstack_features"), -1);
  EXPECT_EQ(family.TapRows(config, p, "vision_pos_embeds"), 24);
  // The vision program's second result is prefill's deepstack_features input, same type.
  auto vision = BuildProgram(config, o);
  ASSERT_TRUE(vision.ok()) << vision.status().ToString();
  ASSERT_GE(vision->result_names.size(), 2u);
  EXPECT_EQ(vision->result_names[0], "image_features");
  EXPECT_EQ(vision->result_names[1], "deepstack_features");
  hlo::PrefillOptions po;
  po.seq_len = 16, po.capacity = 32, po.num_image_features = static_cast<int>(rows);
  auto prefill = BuildProgram(config, po);
  ASSERT_TRUE(prefill.ok()) << prefill.status().ToString();
  const auto param =
      std::find_if(prefill->params.begin(), prefill->params.end(),
                   [](const hlo::ProgramParam& q) { return q.name == "deepstack_features"; });
  ASSERT_NE(param, prefill->params.end());
  EXPECT_EQ(param->type, vision->result_types[1]);
  EXPECT_EQ(param->type.dims, (std::vector<int64_t>{2, rows, 64}));
}

TEST(FamilyRegistry, ProgramsOfATextOnlyModelHaveNoVisionEncode) {
  const io::ModelConfig config = Parse(kText);
  auto vision = models::BuildProgram(config, hlo::VisionEncodeOptions{});
  ASSERT_FALSE(vision.ok());
  EXPECT_NE(vision.status().message().find("text-only"), std::string::npos);
  hlo::DecodeOptions d;
  d.capacity = 16;
  auto decode = models::BuildProgram(config, d);
  ASSERT_TRUE(decode.ok()) << decode.status().ToString();
  EXPECT_EQ(decode->result_names.front(), "logits");
}

}  // namespace
}  // namespace vlmxla::models
