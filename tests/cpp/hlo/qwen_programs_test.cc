// The Qwen2-VL / Qwen2.5-VL programs' signatures, read from the built programs: the vision
// program's inputs (names, types, order) per family, its weights under their checkpoint names, and
// the M-RoPE inputs of prefill and decode, present exactly when the config has mrope_section.
// tests/py/test_qwen_programs.py runs them against Transformers.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "small_decoder_config.h"
#include "vlmxla/models/registry.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::hlo {
namespace {

// Configs as Transformers 5.23 saves tiny models of both families (patch_dim 3*2*4*4 = 96).
io::ModelConfig Qwen(const std::string& family) {
  nlohmann::json j = {
      {"model_type", family},
      {"image_token_id", 90},
      {"text_config",
       {{"model_type", family + "_text"},
        {"vocab_size", 96},
        {"hidden_size", 64},
        {"intermediate_size", 96},
        {"num_hidden_layers", 2},
        {"num_attention_heads", 4},
        {"num_key_value_heads", 2},
        {"rope_parameters",
         {{"rope_type", "default"}, {"rope_theta", 10000.0}, {"mrope_section", {2, 3, 3}}}}}}};
  if (family == "qwen2_vl") {
    j["vision_config"] = {
        {"depth", 2},       {"embed_dim", 32},          {"hidden_size", 64},
        {"num_heads", 2},   {"mlp_ratio", 2},           {"patch_size", 4},
        {"in_channels", 3}, {"temporal_patch_size", 2}, {"spatial_merge_size", 2}};
  } else {
    j["vision_config"] = {{"depth", 3},
                          {"hidden_size", 32},
                          {"intermediate_size", 48},
                          {"num_heads", 2},
                          {"out_hidden_size", 64},
                          {"patch_size", 4},
                          {"temporal_patch_size", 2},
                          {"spatial_merge_size", 2},
                          {"window_size", 16},
                          {"fullatt_block_indexes", {0, 2}}};
  }
  auto c = io::ParseModelConfig(j);
  EXPECT_TRUE(c.ok()) << c.status().ToString();
  return *c;
}

struct Param {
  std::string name, type;
  bool operator==(const Param&) const = default;
};

std::vector<Param> Inputs(const Program& p) {
  std::vector<Param> out;
  for (const auto& param : p.params) {
    if (param.kind == ProgramParam::Kind::kInput)
      out.push_back({param.name, param.type.ToString()});
  }
  return out;
}

std::vector<std::string> WeightNames(const Program& p) {
  std::vector<std::string> out;
  for (const auto& param : p.params) {
    if (param.kind == ProgramParam::Kind::kWeight) out.push_back(param.name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::ostream& operator<<(std::ostream& os, const Param& p) { return os << p.name << ":" << p.type; }

Result<Program> Vision(const io::ModelConfig& c, int patches, bool taps = false) {
  VisionEncodeOptions o;
  o.num_patches = patches;
  o.taps = taps;
  return models::BuildProgram(c, o);
}

TEST(QwenVisionProgram, Qwen2VlTakesPatchesRotaryAndOneSegment) {
  auto p = Vision(Qwen("qwen2_vl"), 96, true);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->name, "vision_encode");
  EXPECT_EQ(Inputs(*p), (std::vector<Param>{{"pixel_values", "tensor<96x96xf32>"},
                                            {"rotary_hw", "tensor<96x2xi32>"},
                                            {"full_segment", "tensor<96xi32>"}}));
  // The inputs come first, then the weights.
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(p->params[i].kind, ProgramParam::Kind::kInput);
  EXPECT_EQ(p->result_names,
            (std::vector<std::string>{"image_features", "vision_hidden_states.0",
                                      "vision_hidden_states.1", "vision_hidden_states.2"}));
  EXPECT_EQ(p->result_types[0].ToString(), "tensor<24x64xf32>");  // N / 4 merged rows, out_hidden
  EXPECT_EQ(p->result_types[3].ToString(), "tensor<96x32xf32>");
  // No window order to undo: nothing is gathered.
  EXPECT_EQ(p->mlir.find("stablehlo.gather"), std::string::npos);
  std::vector<std::string> want = {"visual.patch_embed.proj.weight", "visual.merger.ln_q.weight",
                                   "visual.merger.ln_q.bias",        "visual.merger.mlp.0.weight",
                                   "visual.merger.mlp.0.bias",       "visual.merger.mlp.2.weight",
                                   "visual.merger.mlp.2.bias"};
  for (int i = 0; i < 2; ++i) {
    const std::string b = "visual.blocks." + std::to_string(i) + ".";
    for (const char* n : {"norm1.weight", "norm1.bias", "norm2.weight", "norm2.bias",
                          "attn.qkv.weight", "attn.qkv.bias", "attn.proj.weight", "attn.proj.bias",
                          "mlp.fc1.weight", "mlp.fc1.bias", "mlp.fc2.weight", "mlp.fc2.bias"}) {
      want.push_back(b + n);
    }
  }
  std::sort(want.begin(), want.end());
  EXPECT_EQ(WeightNames(*p), want);
  for (const auto& param : p->params) {
    if (param.name == "visual.patch_embed.proj.weight") {
      EXPECT_EQ(param.type.ToString(), "tensor<32x3x2x4x4xf32>");  // the Conv3d kernel as stored
    }
  }
}

TEST(QwenVisionProgram, Qwen25VlAddsWindowSegmentAndMergedOrder) {
  auto p = Vision(Qwen("qwen2_5_vl"), 64);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(Inputs(*p), (std::vector<Param>{{"pixel_values", "tensor<64x96xf32>"},
                                            {"rotary_hw", "tensor<64x2xi32>"},
                                            {"full_segment", "tensor<64xi32>"},
                                            {"window_segment", "tensor<64xi32>"},
                                            {"merged_order", "tensor<16xi32>"}}));
  EXPECT_EQ(p->result_names, std::vector<std::string>{"image_features"});
  EXPECT_EQ(p->result_types[0].ToString(), "tensor<16x64xf32>");
  // The merger's rows are gathered back into Transformers' order.
  EXPECT_NE(p->mlir.find("stablehlo.gather"), std::string::npos);
  const std::vector<std::string> names = WeightNames(*p);
  for (const char* n : {"visual.blocks.2.mlp.gate_proj.bias", "visual.blocks.2.mlp.up_proj.weight",
                        "visual.blocks.0.mlp.down_proj.bias", "visual.blocks.1.norm1.weight",
                        "visual.merger.ln_q.weight"}) {
    EXPECT_TRUE(std::binary_search(names.begin(), names.end(), std::string(n))) << n;
  }
  // RMSNorm has no bias, and the SwiGLU MLP no fc1/fc2.
  for (const std::string& n : names) {
    EXPECT_EQ(n.find("norm1.bias"), std::string::npos) << n;
    EXPECT_EQ(n.find("ln_q.bias"), std::string::npos) << n;
    EXPECT_EQ(n.find(".fc1."), std::string::npos) << n;
  }
  // Two masks: the full-attention blocks' and the windowed block's.
  size_t masks = 0;
  for (size_t at = 0; (at = p->mlir.find("-> tensor<2x64x64xi1>", at)) != std::string::npos; ++at) {
    ++masks;
  }
  EXPECT_EQ(masks, 2u);
}

TEST(QwenVisionProgram, RejectsABucketThatIsNotWholeMergeUnits) {
  for (int patches : {0, 6, -4}) {
    auto p = Vision(Qwen("qwen2_vl"), patches);
    ASSERT_FALSE(p.ok()) << patches;
    EXPECT_NE(p.status().message().find("multiple of the merge unit 4"), std::string::npos)
        << p.status().ToString();
  }
}

TEST(QwenVisionProgram, TextOnlyModelsHaveNoVisionProgram) {
  io::ModelConfig c;
  c.model_type = "qwen2";
  c.text = testing::SmallLlamaConfig();
  auto p = Vision(c, 16);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("is text-only"), std::string::npos) << p.status().message();
}

TEST(MropeDecoder, PrefillTakesThreeAxisPositionsAfterLength) {
  PrefillOptions o;
  o.seq_len = 12;
  o.capacity = 16;
  o.num_image_features = 5;
  o.taps = true;
  auto p = models::BuildProgram(Qwen("qwen2_vl"), o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(Inputs(*p), (std::vector<Param>{{"input_ids", "tensor<12xi32>"},
                                            {"feature_index", "tensor<12xi32>"},
                                            {"image_features", "tensor<5x64xf32>"},
                                            {"length", "tensor<i32>"},
                                            {"rope_positions", "tensor<3x12xi32>"},
                                            {"kv.0.key", "tensor<2x16x16xf32>"},
                                            {"kv.0.value", "tensor<2x16x16xf32>"},
                                            {"kv.1.key", "tensor<2x16x16xf32>"},
                                            {"kv.1.value", "tensor<2x16x16xf32>"}}));
  // Cache input i aliases result 1 + i, which carries its name.
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(p->params[5 + i].alias_result, 1 + i);
    EXPECT_EQ(p->result_names[1 + i], p->params[5 + i].name);
  }
  EXPECT_EQ(p->params[4].alias_result, -1);
  // cos/sin come from the positions at run time: no [L, head_dim] table is embedded.
  EXPECT_NE(p->mlir.find("stablehlo.cosine"), std::string::npos);
  EXPECT_EQ(p->mlir.find("() -> tensor<12x16xf32>"), std::string::npos);
  for (const std::string family : {"qwen2_vl", "qwen2_5_vl"}) {
    auto q = models::BuildProgram(Qwen(family), o);
    ASSERT_TRUE(q.ok()) << q.status().ToString();
    EXPECT_EQ(q->params[4].name, "rope_positions") << family;
    // The decoder weights keep their checkpoint names (no language_model. prefix).
    const std::vector<std::string> names = WeightNames(*q);
    EXPECT_TRUE(std::binary_search(names.begin(), names.end(),
                                   std::string("model.layers.1.self_attn.q_proj.bias")))
        << family;
  }
}

TEST(MropeDecoder, DecodeTakesOneRotaryPositionPerSlotAfterPositions) {
  DecodeOptions o;
  o.batch = 2;
  o.capacity = 8;
  auto p = models::BuildProgram(Qwen("qwen2_5_vl"), o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  const std::vector<Param> inputs = Inputs(*p);
  ASSERT_EQ(inputs.size(), 3u + 2 * 2 * 2);
  EXPECT_EQ(inputs[0], (Param{"tokens", "tensor<2xi32>"}));
  EXPECT_EQ(inputs[1], (Param{"positions", "tensor<2xi32>"}));
  EXPECT_EQ(inputs[2], (Param{"rope_positions", "tensor<2xi32>"}));
  EXPECT_EQ(inputs[3].name, "kv.0.0.key");
  EXPECT_EQ(inputs.back().name, "kv.1.1.value");
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(p->params[3 + i].alias_result, 1 + i);
    EXPECT_EQ(p->result_names[1 + i], p->params[3 + i].name);
  }
}

TEST(MropeDecoder, OneDRopeModelsTakeNoRotaryPositions) {
  io::ModelConfig c;
  c.model_type = "llama";
  c.text = testing::SmallLlamaConfig();
  PrefillOptions po;
  po.seq_len = 4;
  po.capacity = 4;
  DecodeOptions dopt;
  dopt.capacity = 4;
  for (const ProgramOptions& o : {ProgramOptions(po), ProgramOptions(dopt)}) {
    auto p = models::BuildProgram(c, o);
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    for (const Param& in : Inputs(*p)) EXPECT_NE(in.name, "rope_positions");
    // Prefill embeds its cos/sin tables; decode computes them from `positions`.
    EXPECT_EQ(p->mlir.find("stablehlo.cosine") != std::string::npos,
              std::holds_alternative<DecodeOptions>(o));
  }
}

// Qwen3-VL's decoder: DeepStack features [layers, F, hidden] after rope_positions, and the
// interleaved M-RoPE; the programs of the other Qwen families are unchanged by either option.
TEST(MropeDecoder, Qwen3VlPrefillTakesDeepstackFeaturesAfterRopePositions) {
  io::ModelConfig c = Qwen("qwen2_vl");
  c.model_type = "qwen3_vl";
  c.text.model_type = "qwen3_vl_text";
  c.text.deepstack_layers = 2;
  PrefillOptions o;
  o.seq_len = 12;
  o.capacity = 16;
  o.num_image_features = 5;
  auto p = models::BuildProgram(c, o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  const std::vector<Param> inputs = Inputs(*p);
  ASSERT_GE(inputs.size(), 6u);
  EXPECT_EQ(inputs[4], (Param{"rope_positions", "tensor<3x12xi32>"}));
  EXPECT_EQ(inputs[5], (Param{"deepstack_features", "tensor<2x5x64xf32>"}));
  EXPECT_EQ(inputs[6].name, "kv.0.key");
  EXPECT_EQ(InputRoleOf("deepstack_features"), InputRole::kDeepstackFeatures);
  // Two injections, each a gather of its layer's rows by feature_index.
  c.text.deepstack_layers = 0;
  auto plain = models::BuildProgram(c, o);
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  for (const Param& in : Inputs(*plain)) EXPECT_NE(in.name, "deepstack_features");
  auto count = [](const std::string& mlir, const std::string& op) {
    size_t n = 0;
    for (size_t at = mlir.find(op); at != std::string::npos; at = mlir.find(op, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(p->mlir, "\"stablehlo.gather\""), count(plain->mlir, "\"stablehlo.gather\"") + 2);

  // Interleaving changes which axis each frequency turns with, nothing else: the same inputs.
  c.text.mrope_interleaved = true;
  auto interleaved = models::BuildProgram(c, o);
  ASSERT_TRUE(interleaved.ok()) << interleaved.status().ToString();
  EXPECT_EQ(Inputs(*interleaved), Inputs(*plain));
  EXPECT_NE(interleaved->mlir, plain->mlir);
  EXPECT_EQ(count(interleaved->mlir, "\"stablehlo.select\""),
            count(plain->mlir, "\"stablehlo.select\"") + 2);  // height, then width
}

TEST(MropeDecoder, RejectsSectionsThatDoNotCoverHalfTheHeadDim) {
  io::ModelConfig c = Qwen("qwen2_vl");
  PrefillOptions o;
  o.seq_len = 4;
  o.capacity = 4;
  for (std::vector<int> sections : std::vector<std::vector<int>>{{2, 3, 2}, {4, 4}, {9, -1, 0}}) {
    c.text.mrope_section = sections;
    auto p = models::BuildProgram(c, o);
    ASSERT_FALSE(p.ok());
    EXPECT_NE(p.status().message().find("mrope_section must be 3 sections summing to head_dim / 2"),
              std::string::npos)
        << p.status().ToString();
  }
}

}  // namespace
}  // namespace vlmxla::hlo
