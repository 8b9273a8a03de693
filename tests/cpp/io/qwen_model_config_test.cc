// ParseModelConfig on Qwen2-VL / Qwen2.5-VL config.json files: the nested layout Transformers 5.23
// saves (text written here as Qwen2VLConfig / Qwen2_5_VLConfig.to_json_string() printed it) and
// the flat layout of the published checkpoints (Qwen/Qwen2-VL-2B-Instruct,
// Qwen/Qwen2.5-VL-3B-Instruct). Expected values are what Transformers 5.23 reads from the same
// files (AutoConfig.for_model(**config)).
#include <gtest/gtest.h>

#include "vlmxla/io/model_config.h"

namespace vlmxla::io {
namespace {

using json = nlohmann::json;

constexpr char kNestedQwen2VL[] = R"({
  "image_token_id": 290, "model_type": "qwen2_vl",
  "text_config": {
    "attention_dropout": 0.0, "bos_token_id": 151643, "eos_token_id": 151645,
    "hidden_act": "silu", "hidden_size": 64, "initializer_range": 0.02,
    "intermediate_size": 128, "layer_types": ["full_attention", "full_attention"],
    "max_position_embeddings": 512, "max_window_layers": 80, "model_type": "qwen2_vl_text",
    "num_attention_heads": 4, "num_hidden_layers": 2, "num_key_value_heads": 2,
    "pad_token_id": null, "rms_norm_eps": 1e-05,
    "rope_parameters": {"mrope_section": [2, 3, 3], "rope_theta": 10000.0, "rope_type": "default"},
    "sliding_window": null, "use_cache": true, "use_sliding_window": false, "vocab_size": 300
  },
  "tie_word_embeddings": false, "transformers_version": "5.23.0", "video_token_id": 291,
  "vision_config": {
    "depth": 2, "embed_dim": 32, "hidden_act": "quick_gelu", "hidden_size": 64,
    "in_channels": 3, "initializer_range": 0.02, "mlp_ratio": 4, "model_type": "qwen2_vl_vision",
    "num_heads": 4, "patch_size": 14,
    "rope_parameters": {"rope_theta": 10000.0, "rope_type": "axial"},
    "spatial_merge_size": 2, "temporal_patch_size": 2
  },
  "vision_end_token_id": 293, "vision_start_token_id": 292
})";

constexpr char kNestedQwen25VL[] = R"({
  "image_token_id": 290, "model_type": "qwen2_5_vl",
  "text_config": {
    "attention_dropout": 0.0, "bos_token_id": 151643, "eos_token_id": 151645,
    "hidden_act": "silu", "hidden_size": 64, "initializer_range": 0.02,
    "intermediate_size": 128, "layer_types": ["full_attention", "full_attention"],
    "max_position_embeddings": 512, "max_window_layers": 80, "model_type": "qwen2_5_vl_text",
    "num_attention_heads": 4, "num_hidden_layers": 2, "num_key_value_heads": 2,
    "pad_token_id": null, "rms_norm_eps": 1e-05,
    "rope_parameters": {"mrope_section": [2, 3, 3], "rope_theta": 1000000.0, "rope_type": "default"},
    "sliding_window": null, "use_cache": true, "use_sliding_window": false, "vocab_size": 300
  },
  "tie_word_embeddings": true, "transformers_version": "5.23.0", "video_token_id": 291,
  "vision_config": {
    "depth": 4, "fullatt_block_indexes": [1, 3], "hidden_act": "silu", "hidden_size": 32,
    "in_channels": 3, "initializer_range": 0.02, "intermediate_size": 48,
    "model_type": "qwen2_5_vl_vision", "num_heads": 4, "out_hidden_size": 64, "patch_size": 14,
    "rope_parameters": {"rope_theta": 10000.0, "rope_type": "axial"},
    "spatial_merge_size": 2, "temporal_patch_size": 2, "tokens_per_second": 4, "window_size": 56
  },
  "vision_end_token_id": 293, "vision_start_token_id": 292
})";

constexpr char kFlatQwen2VL2B[] = R"({
  "architectures": ["Qwen2VLForConditionalGeneration"], "attention_dropout": 0.0,
  "bos_token_id": 151643, "eos_token_id": 151645, "vision_start_token_id": 151652,
  "vision_end_token_id": 151653, "vision_token_id": 151654, "image_token_id": 151655,
  "video_token_id": 151656, "hidden_act": "silu", "hidden_size": 1536,
  "initializer_range": 0.02, "intermediate_size": 8960, "max_position_embeddings": 32768,
  "max_window_layers": 28, "model_type": "qwen2_vl", "num_attention_heads": 12,
  "num_hidden_layers": 28, "num_key_value_heads": 2, "rms_norm_eps": 1e-06,
  "rope_theta": 1000000.0, "sliding_window": 32768, "tie_word_embeddings": true,
  "torch_dtype": "bfloat16", "transformers_version": "4.41.2", "use_cache": true,
  "use_sliding_window": false,
  "vision_config": {"depth": 32, "embed_dim": 1280, "mlp_ratio": 4, "num_heads": 16,
    "in_chans": 3, "hidden_size": 1536, "patch_size": 14, "spatial_merge_size": 2,
    "spatial_patch_size": 14, "temporal_patch_size": 2},
  "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]},
  "vocab_size": 151936
})";

constexpr char kFlatQwen25VL3B[] = R"({
  "architectures": ["Qwen2_5_VLForConditionalGeneration"], "attention_dropout": 0.0,
  "bos_token_id": 151643, "eos_token_id": 151645, "vision_start_token_id": 151652,
  "vision_end_token_id": 151653, "vision_token_id": 151654, "image_token_id": 151655,
  "video_token_id": 151656, "hidden_act": "silu", "hidden_size": 2048,
  "initializer_range": 0.02, "intermediate_size": 11008, "max_position_embeddings": 128000,
  "max_window_layers": 70, "model_type": "qwen2_5_vl", "num_attention_heads": 16,
  "num_hidden_layers": 36, "num_key_value_heads": 2, "rms_norm_eps": 1e-06,
  "rope_theta": 1000000.0, "sliding_window": 32768, "tie_word_embeddings": true,
  "torch_dtype": "bfloat16", "transformers_version": "4.41.2", "use_cache": true,
  "use_sliding_window": false,
  "vision_config": {"depth": 32, "hidden_act": "silu", "hidden_size": 1280,
    "intermediate_size": 3420, "num_heads": 16, "in_chans": 3, "out_hidden_size": 2048,
    "patch_size": 14, "spatial_merge_size": 2, "spatial_patch_size": 14, "window_size": 112,
    "fullatt_block_indexes": [7, 15, 23, 31], "tokens_per_second": 2, "temporal_patch_size": 2},
  "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]},
  "vocab_size": 151936
})";

ModelConfig Parse(const char* text) {
  auto c = ParseModelConfig(json::parse(text));
  EXPECT_TRUE(c.ok()) << c.status().ToString();
  return c.ok() ? *c : ModelConfig{};
}

TEST(QwenModelConfig, NestedQwen2VLAsTransformersSavesIt) {
  const ModelConfig m = Parse(kNestedQwen2VL);
  ASSERT_TRUE(m.qwen_vl.has_value());
  EXPECT_TRUE(m.is_multimodal());
  EXPECT_FALSE(m.llava.has_value());
  const QwenVLConfig& q = *m.qwen_vl;
  EXPECT_EQ(q.family, "qwen2_vl");
  EXPECT_EQ(m.image_token_id(), 290);
  EXPECT_EQ(q.video_token_id, 291);
  EXPECT_EQ(q.vision_start_token_id, 292);
  EXPECT_EQ(q.vision_end_token_id, 293);
  const TextConfig& t = m.text;
  EXPECT_EQ(t.hidden_size, 64);
  EXPECT_EQ(t.num_key_value_heads, 2);
  EXPECT_EQ(t.head_dim, 16);
  EXPECT_EQ(t.vocab_size, 300);
  EXPECT_EQ(t.max_position_embeddings, 512);
  EXPECT_DOUBLE_EQ(t.rms_norm_eps, 1e-5);
  EXPECT_DOUBLE_EQ(t.rope_theta, 10000.0);
  EXPECT_EQ(t.mrope_section, (std::vector<int>{2, 3, 3}));
  EXPECT_TRUE(t.attention_bias);
  EXPECT_FALSE(t.tie_word_embeddings);
  EXPECT_EQ(t.weights_prefix, "");
  EXPECT_EQ(t.eos_token_ids, (std::vector<int>{151645}));
  const QwenVisionConfig& v = q.vision;
  EXPECT_EQ(v.depth, 2);
  EXPECT_EQ(v.hidden_size, 32);         // embed_dim
  EXPECT_EQ(v.intermediate_size, 128);  // embed_dim * mlp_ratio
  EXPECT_EQ(v.out_hidden_size, 64);     // the merger's output: hidden_size
  EXPECT_EQ(v.num_heads, 4);
  EXPECT_EQ(v.head_dim(), 8);
  EXPECT_EQ(v.hidden_act, "quick_gelu");
  EXPECT_FALSE(v.gated_mlp);
  EXPECT_FALSE(v.rms_norm);
  EXPECT_EQ(v.window_size, 0);
  EXPECT_TRUE(v.fullatt_block_indexes.empty());
  EXPECT_EQ(v.patch_dim(), 3 * 2 * 14 * 14);
  EXPECT_EQ(v.merge_unit(), 4);
}

TEST(QwenModelConfig, NestedQwen25VLAsTransformersSavesIt) {
  const ModelConfig m = Parse(kNestedQwen25VL);
  ASSERT_TRUE(m.qwen_vl.has_value());
  const QwenVLConfig& q = *m.qwen_vl;
  EXPECT_EQ(q.family, "qwen2_5_vl");
  EXPECT_TRUE(m.text.tie_word_embeddings);  // from the top level
  EXPECT_DOUBLE_EQ(m.text.rope_theta, 1000000.0);
  const QwenVisionConfig& v = q.vision;
  EXPECT_EQ(v.depth, 4);
  EXPECT_EQ(v.hidden_size, 32);
  EXPECT_EQ(v.intermediate_size, 48);
  EXPECT_EQ(v.out_hidden_size, 64);
  EXPECT_EQ(v.hidden_act, "silu");
  EXPECT_TRUE(v.gated_mlp);
  EXPECT_TRUE(v.rms_norm);
  EXPECT_EQ(v.window_size, 56);
  EXPECT_EQ(v.fullatt_block_indexes, (std::vector<int>{1, 3}));
  EXPECT_DOUBLE_EQ(v.rope_theta, 10000.0);
}

TEST(QwenModelConfig, FlatQwen2VL2BInstruct) {
  const ModelConfig m = Parse(kFlatQwen2VL2B);
  ASSERT_TRUE(m.qwen_vl.has_value());
  const TextConfig& t = m.text;
  EXPECT_EQ(t.hidden_size, 1536);
  EXPECT_EQ(t.intermediate_size, 8960);
  EXPECT_EQ(t.num_hidden_layers, 28);
  EXPECT_EQ(t.num_attention_heads, 12);
  EXPECT_EQ(t.num_key_value_heads, 2);
  EXPECT_EQ(t.head_dim, 128);
  EXPECT_EQ(t.vocab_size, 151936);
  EXPECT_EQ(t.max_position_embeddings, 32768);
  EXPECT_DOUBLE_EQ(t.rms_norm_eps, 1e-6);
  EXPECT_DOUBLE_EQ(t.rope_theta, 1000000.0);
  EXPECT_EQ(t.rope_type, "default");  // rope_scaling type "mrope" is default RoPE with sections
  EXPECT_EQ(t.mrope_section, (std::vector<int>{16, 24, 24}));
  EXPECT_TRUE(t.tie_word_embeddings);
  EXPECT_EQ(m.torch_dtype, "bfloat16");
  EXPECT_EQ(m.image_token_id(), 151655);
  EXPECT_EQ(m.qwen_vl->video_token_id, 151656);
  EXPECT_EQ(m.qwen_vl->vision_start_token_id, 151652);
  const QwenVisionConfig& v = m.qwen_vl->vision;
  EXPECT_EQ(v.depth, 32);
  EXPECT_EQ(v.hidden_size, 1280);
  EXPECT_EQ(v.intermediate_size, 5120);
  EXPECT_EQ(v.out_hidden_size, 1536);
  EXPECT_EQ(v.num_heads, 16);
  EXPECT_EQ(v.in_channels, 3);
}

TEST(QwenModelConfig, FlatQwen25VL3BInstruct) {
  const ModelConfig m = Parse(kFlatQwen25VL3B);
  ASSERT_TRUE(m.qwen_vl.has_value());
  EXPECT_EQ(m.qwen_vl->family, "qwen2_5_vl");
  EXPECT_EQ(m.text.hidden_size, 2048);
  EXPECT_EQ(m.text.num_hidden_layers, 36);
  EXPECT_EQ(m.text.max_position_embeddings, 128000);
  EXPECT_EQ(m.text.mrope_section, (std::vector<int>{16, 24, 24}));
  const QwenVisionConfig& v = m.qwen_vl->vision;
  EXPECT_EQ(v.hidden_size, 1280);
  EXPECT_EQ(v.intermediate_size, 3420);
  EXPECT_EQ(v.out_hidden_size, 2048);
  EXPECT_EQ(v.window_size, 112);
  EXPECT_EQ(v.fullatt_block_indexes, (std::vector<int>{7, 15, 23, 31}));
  EXPECT_TRUE(v.gated_mlp && v.rms_norm);
}

TEST(QwenModelConfig, MropeSectionDefaultsWhenAbsent) {
  // Qwen2VLTextRotaryEmbedding falls back to [16, 24, 24] (head_dim 128).
  json j = json::parse(kFlatQwen2VL2B);
  j.erase("rope_scaling");
  const auto m = ParseModelConfig(j);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  EXPECT_EQ(m->text.mrope_section, (std::vector<int>{16, 24, 24}));
}

TEST(QwenModelConfig, InconsistentFilesAreNamedErrors) {
  json sections = json::parse(kNestedQwen2VL);
  sections["text_config"]["rope_parameters"]["mrope_section"] = {4, 3, 3};
  auto s = ParseModelConfig(sections);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("mrope_section"), std::string::npos) << s.status().message();
  EXPECT_NE(s.status().message().find("head_dim / 2 (8)"), std::string::npos);

  json width = json::parse(kNestedQwen2VL);
  width["vision_config"]["hidden_size"] = 48;  // the merger's output != the decoder's width
  auto w = ParseModelConfig(width);
  ASSERT_FALSE(w.ok());
  EXPECT_NE(w.status().message().find("differs from the decoder's hidden_size 64"),
            std::string::npos)
      << w.status().message();

  json blocks = json::parse(kNestedQwen25VL);
  blocks["vision_config"]["fullatt_block_indexes"] = {1, 4};
  auto b = ParseModelConfig(blocks);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().code(), ErrorCode::kOutOfRange);

  json heads = json::parse(kNestedQwen2VL);
  heads["vision_config"]["num_heads"] = 3;
  EXPECT_FALSE(ParseModelConfig(heads).ok());

  json typed = json::parse(kNestedQwen2VL);
  typed["image_token_id"] = "290";
  auto t = ParseModelConfig(typed);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("image_token_id"), std::string::npos);
}

}  // namespace
}  // namespace vlmxla::io
