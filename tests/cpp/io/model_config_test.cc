#include "vlmxla/io/model_config.h"

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace vlmxla::io {
namespace {

using json = nlohmann::json;

TEST(ModelConfig, NonStringModelTypeIsAnErrorNamingTheField) {
  // Each of the three model_type fields, as a number, a list and null: an InvalidArgument that
  // names where, never an exception out of the JSON library.
  for (const json bad : {json(7), json::array({"llava"}), json(nullptr)}) {
    const json top = {{"model_type", bad}};
    const json in_text = {{"model_type", "llava"}, {"text_config", {{"model_type", bad}}}};
    const json in_vision = {{"model_type", "llava"}, {"vision_config", {{"model_type", bad}}}};
    for (const auto& [j, where] : {std::pair{top, "config.json"}, std::pair{in_text, "text_config"},
                                   std::pair{in_vision, "vision_config"}}) {
      auto c = ParseModelConfig(j);
      ASSERT_FALSE(c.ok()) << j.dump();
      EXPECT_EQ(c.status().code(), ErrorCode::kInvalidArgument) << c.status().ToString();
      EXPECT_NE(c.status().message().find(where), std::string::npos) << c.status().message();
      EXPECT_NE(c.status().message().find("'model_type' must be a string"), std::string::npos)
          << c.status().message();
    }
  }
}

TEST(ModelConfig, DeclaredDtypeFromTopLevelOrTextConfig) {
  json j = {{"model_type", "llama"}, {"torch_dtype", "bfloat16"}};
  EXPECT_EQ(ParseModelConfig(j)->torch_dtype, "bfloat16");
  j["dtype"] = "float16";  // Transformers v5's name wins
  EXPECT_EQ(ParseModelConfig(j)->torch_dtype, "float16");
  json l = {{"model_type", "llava"},
            {"text_config", {{"model_type", "qwen2"}, {"dtype", "bfloat16"}}}};
  EXPECT_EQ(ParseModelConfig(l)->torch_dtype, "bfloat16");
  json odd = {{"model_type", "llama"}, {"dtype", 16}};  // not a string: treated as absent
  EXPECT_EQ(ParseModelConfig(odd)->torch_dtype, "");
}

TEST(ModelConfig, LlavaWithNestedConfigsAndTransformersDefaults) {
  json j = {{"model_type", "llava"},
            {"image_token_index", 1000},
            {"vision_feature_layer", -2},
            {"vision_feature_select_strategy", "default"},
            {"vision_config",
             {{"model_type", "clip_vision_model"},
              {"hidden_size", 32},
              {"intermediate_size", 64},
              {"num_hidden_layers", 3},
              {"num_attention_heads", 4},
              {"image_size", 30},
              {"patch_size", 6}}},
            {"text_config",
             {{"model_type", "llama"},
              {"hidden_size", 64},
              {"intermediate_size", 128},
              {"num_hidden_layers", 2},
              {"num_attention_heads", 4},
              {"num_key_value_heads", 2},
              {"vocab_size", 1100},
              {"rope_parameters", {{"rope_type", "default"}, {"rope_theta", 5e4}}}}}};
  auto m = ParseModelConfig(j);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  ASSERT_TRUE(m->is_multimodal());
  const auto& l = *m->llava;
  EXPECT_EQ(l.vision.hidden_act, "quick_gelu");  // CLIPVisionConfig default
  EXPECT_DOUBLE_EQ(l.vision.layer_norm_eps, 1e-5);
  EXPECT_TRUE(l.vision.has_class_token);
  EXPECT_EQ(l.vision.num_positions(), 26);
  EXPECT_EQ(l.image_tokens_per_image(), 25);  // "default" drops the class token
  EXPECT_EQ(l.text.head_dim, 16);
  EXPECT_EQ(l.text.num_key_value_heads, 2);
  EXPECT_DOUBLE_EQ(l.text.rope_theta, 5e4);
  EXPECT_DOUBLE_EQ(l.text.rms_norm_eps, 1e-6);  // LlamaConfig default
  EXPECT_FALSE(l.text.attention_bias);
  EXPECT_EQ(l.text.bos_token_id, 1);
  EXPECT_EQ(l.text.eos_token_ids, std::vector<int>{2});
  EXPECT_EQ(l.projector_hidden_act, "gelu");
  EXPECT_EQ(l.image_token_index, 1000);
}

TEST(ModelConfig, SiglipQwen2LegacyRopeThetaAndFullStrategy) {
  json j = {{"model_type", "llava"},
            {"image_token_index", 151646},
            {"vision_feature_layer", -1},
            {"vision_feature_select_strategy", "full"},
            {"vision_config",
             {{"model_type", "siglip_vision_model"},
              {"hidden_size", 1152},
              {"intermediate_size", 4304},
              {"num_hidden_layers", 26},
              {"num_attention_heads", 16},
              {"image_size", 384},
              {"patch_size", 14}}},
            {"text_config",
             {{"model_type", "qwen2"},
              {"hidden_size", 896},
              {"intermediate_size", 4864},
              {"num_hidden_layers", 24},
              {"num_attention_heads", 14},
              {"num_key_value_heads", 2},
              {"rope_theta", 1000000.0},
              {"eos_token_id", 151645},
              {"tie_word_embeddings", true}}}};
  auto m = ParseModelConfig(j);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  const auto& l = *m->llava;
  EXPECT_EQ(l.vision.hidden_act, "gelu_pytorch_tanh");
  EXPECT_DOUBLE_EQ(l.vision.layer_norm_eps, 1e-6);
  EXPECT_FALSE(l.vision.has_class_token);
  EXPECT_EQ(l.image_tokens_per_image(), 729);  // llava-interleave: 27 x 27
  EXPECT_TRUE(l.text.attention_bias);
  EXPECT_FALSE(l.text.attention_output_bias);
  EXPECT_DOUBLE_EQ(l.text.rope_theta, 1e6);
  EXPECT_EQ(l.text.vocab_size, 151936);  // Qwen2Config default
  EXPECT_EQ(l.text.head_dim, 64);
  EXPECT_TRUE(l.text.tie_word_embeddings);
}

TEST(ModelConfig, TextOnlyAndDefaultsWhenSubconfigsAbsent) {
  auto t = ParseModelConfig({{"model_type", "qwen2"}, {"hidden_size", 64}});
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  EXPECT_FALSE(t->is_multimodal());
  EXPECT_EQ(t->text.num_key_value_heads, 32);  // Qwen2Config's explicit default
  auto l = ParseModelConfig({{"model_type", "llava"}});
  ASSERT_TRUE(l.ok()) << l.status().ToString();
  EXPECT_EQ(l->llava->vision.image_size, 336);  // LlavaConfig's default CLIP ViT-L/14-336
  EXPECT_EQ(l->llava->image_tokens_per_image(), 576);
}

// config.json exactly as Qwen2ForCausalLM.save_pretrained (Transformers 5.23) writes it for the
// tiny-qwen2 fixture: top-level fields, null sliding_window/bos, layer_types, tied embeddings.
TEST(ModelConfig, TextOnlyQwen2AsTransformersSavesIt) {
  auto t = ParseModelConfig(json::parse(R"({
    "architectures": ["Qwen2ForCausalLM"], "attention_dropout": 0.0, "bos_token_id": null,
    "dtype": "float32", "eos_token_id": 1398, "hidden_act": "silu", "hidden_size": 64,
    "initializer_range": 0.02, "intermediate_size": 128,
    "layer_types": ["full_attention", "full_attention"], "max_position_embeddings": 512,
    "max_window_layers": 28, "model_type": "qwen2", "num_attention_heads": 4,
    "num_hidden_layers": 2, "num_key_value_heads": 1, "pad_token_id": 1396, "rms_norm_eps": 1e-06,
    "rope_parameters": {"rope_theta": 1000000.0, "rope_type": "default"}, "sliding_window": null,
    "tie_word_embeddings": true, "transformers_version": "5.23.0", "use_cache": true,
    "use_sliding_window": false, "vocab_size": 1400})"));
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  EXPECT_EQ(t->model_type, "qwen2");
  EXPECT_FALSE(t->is_multimodal());
  const TextConfig& c = t->text;
  EXPECT_EQ(c.vocab_size, 1400);
  EXPECT_EQ(c.num_key_value_heads, 1);
  EXPECT_EQ(c.head_dim, 16);  // hidden_size / num_attention_heads
  EXPECT_TRUE(c.attention_bias);
  EXPECT_FALSE(c.attention_output_bias);
  EXPECT_TRUE(c.tie_word_embeddings);
  EXPECT_DOUBLE_EQ(c.rope_theta, 1e6);
  EXPECT_FALSE(c.bos_token_id.has_value());
  EXPECT_EQ(c.eos_token_ids, std::vector<int>{1398});
  EXPECT_EQ(c.pad_token_id, 1396);
}

// tiny-qwen3's config.json as Transformers 5.23 saves it: QK-norm, no biases, head_dim (24) that
// is not hidden_size / num_attention_heads (16).
TEST(ModelConfig, TextOnlyQwen3AsTransformersSavesIt) {
  auto t = ParseModelConfig(json::parse(R"({
    "architectures": ["Qwen3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
    "bos_token_id": null, "dtype": "float32", "eos_token_id": 1398, "head_dim": 24,
    "hidden_act": "silu", "hidden_size": 64, "initializer_range": 0.02, "intermediate_size": 96,
    "layer_types": ["full_attention", "full_attention", "full_attention"],
    "max_position_embeddings": 512, "max_window_layers": 28, "model_type": "qwen3",
    "num_attention_heads": 4, "num_hidden_layers": 3, "num_key_value_heads": 2,
    "pad_token_id": 1396, "rms_norm_eps": 1e-06,
    "rope_parameters": {"rope_theta": 1000000.0, "rope_type": "default"}, "sliding_window": null,
    "tie_word_embeddings": false, "transformers_version": "5.23.0", "use_cache": true,
    "use_sliding_window": false, "vocab_size": 1400})"));
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  EXPECT_EQ(t->model_type, "qwen3");
  EXPECT_FALSE(t->is_multimodal());
  const TextConfig& c = t->text;
  EXPECT_EQ(c.head_dim, 24);
  EXPECT_TRUE(c.qk_norm);
  EXPECT_FALSE(c.norm_weight_offset);  // Qwen3RMSNorm: weight * x, not (1 + weight) * x
  EXPECT_FALSE(c.sandwich_norms);
  EXPECT_FALSE(c.attention_bias);
  EXPECT_FALSE(c.attention_output_bias);
  EXPECT_FALSE(c.tie_word_embeddings);
  EXPECT_TRUE(c.mrope_section.empty());
  EXPECT_DOUBLE_EQ(c.rope_theta, 1e6);
  EXPECT_EQ(c.eos_token_ids, std::vector<int>{1398});

  // Qwen3Config's defaults: head_dim 128 whatever the width; attention_bias covers o_proj too.
  auto d = ParseModelConfig(json::parse(R"({"model_type": "qwen3", "attention_bias": true})"));
  ASSERT_TRUE(d.ok()) << d.status().ToString();
  EXPECT_EQ(d->text.head_dim, 128);
  EXPECT_EQ(d->text.hidden_size, 4096);
  EXPECT_TRUE(d->text.attention_bias && d->text.attention_output_bias);

  auto sliding =
      ParseModelConfig(json::parse(R"({"model_type": "qwen3", "use_sliding_window": true})"));
  ASSERT_FALSE(sliding.ok());
  EXPECT_NE(sliding.status().message().find("use_sliding_window"), std::string::npos);
}

// tiny-qwen3-vl's config.json as Transformers 5.23 saves it.
constexpr char kTinyQwen3Vl[] = R"({"architectures":["Qwen3VLForConditionalGeneration"],
  "dtype":"float32","image_token_id":1398,"model_type":"qwen3_vl","text_config":{
  "attention_bias":false,"bos_token_id":null,"eos_token_id":1395,"head_dim":32,
  "hidden_act":"silu","hidden_size":64,"intermediate_size":128,"max_position_embeddings":512,
  "model_type":"qwen3_vl_text","num_attention_heads":4,"num_hidden_layers":3,
  "num_key_value_heads":2,"pad_token_id":1393,"rms_norm_eps":1e-06,"rope_parameters":{
  "mrope_interleaved":true,"mrope_section":[6,5,5],"rope_theta":5000000.0,"rope_type":"default"},
  "tie_word_embeddings":false,"vocab_size":1400},"tie_word_embeddings":false,
  "video_token_id":1399,"vision_config":{"deepstack_visual_indexes":[0,1],"depth":3,
  "hidden_act":"gelu_pytorch_tanh","hidden_size":32,"in_channels":3,"intermediate_size":64,
  "model_type":"qwen3_vl_vision","num_heads":2,"num_position_embeddings":36,
  "out_hidden_size":64,"patch_size":16,"rope_parameters":{"rope_theta":10000.0,
  "rope_type":"axial"},"spatial_merge_size":2,"temporal_patch_size":2},
  "vision_end_token_id":1397,"vision_start_token_id":1396})";

TEST(ModelConfig, Qwen3VlAsTransformersSavesIt) {
  auto m = ParseModelConfig(json::parse(kTinyQwen3Vl));
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  ASSERT_TRUE(m->qwen_vl.has_value());
  EXPECT_EQ(m->qwen_vl->family, "qwen3_vl");
  EXPECT_EQ(m->image_token_id(), 1398);
  const TextConfig& t = m->text;
  EXPECT_EQ(t.model_type, "qwen3_vl_text");
  EXPECT_TRUE(t.qk_norm);
  EXPECT_FALSE(t.norm_weight_offset);
  EXPECT_FALSE(t.attention_bias || t.attention_output_bias);
  EXPECT_TRUE(t.mrope_interleaved);
  EXPECT_EQ(t.mrope_section, (std::vector<int>{6, 5, 5}));
  EXPECT_EQ(t.head_dim, 32);
  EXPECT_DOUBLE_EQ(t.rms_norm_eps, 1e-6);
  EXPECT_DOUBLE_EQ(t.rope_theta, 5e6);
  EXPECT_EQ(t.deepstack_layers, 2);                // one per DeepStack merger
  EXPECT_EQ(t.weights_prefix, "language_model.");  // model.language_model.* in the file
  const QwenVisionConfig& v = m->qwen_vl->vision;
  EXPECT_EQ(v.patch_size, 16);
  EXPECT_EQ(v.patch_dim(), 3 * 2 * 16 * 16);
  EXPECT_EQ(v.num_position_embeddings, 36);
  EXPECT_EQ(v.deepstack_visual_indexes, (std::vector<int>{0, 1}));
  EXPECT_EQ(v.hidden_act, "gelu_pytorch_tanh");
  EXPECT_FALSE(v.gated_mlp || v.rms_norm);
  EXPECT_EQ(v.window_size, 0);

  // Qwen3VLConfig's defaults (Qwen3-VL-4B-like): the vision and text sections' own.
  auto d = ParseModelConfig(json::parse(R"({"model_type": "qwen3_vl",
    "text_config": {"model_type": "qwen3_vl_text", "hidden_size": 3584},
    "vision_config": {"out_hidden_size": 3584}})"));
  ASSERT_TRUE(d.ok()) << d.status().ToString();
  EXPECT_EQ(d->text.mrope_section, (std::vector<int>{24, 20, 20}));
  EXPECT_EQ(d->text.head_dim, 128);
  EXPECT_DOUBLE_EQ(d->text.rope_theta, 500000.0);
  EXPECT_EQ(d->qwen_vl->vision.depth, 27);
  EXPECT_EQ(d->qwen_vl->vision.num_position_embeddings, 2304);
  EXPECT_EQ(d->text.deepstack_layers, 3);
}

TEST(ModelConfig, Qwen3VlErrorsNameTheField) {
  auto edited = [](const char* key, json value) {
    json j = json::parse(kTinyQwen3Vl);
    j["vision_config"][key] = std::move(value);
    return ParseModelConfig(j);
  };
  auto square = edited("num_position_embeddings", 35);
  ASSERT_FALSE(square.ok());
  EXPECT_NE(square.status().message().find("num_position_embeddings must be a positive square"),
            std::string::npos)
      << square.status().message();
  auto index = edited("deepstack_visual_indexes", json::array({0, 3}));
  ASSERT_FALSE(index.ok());
  EXPECT_NE(index.status().message().find("deepstack_visual_indexes entry 3"), std::string::npos)
      << index.status().message();
  json j = json::parse(kTinyQwen3Vl);
  j["text_config"]["num_hidden_layers"] = 1;  // two DeepStack layers for one decoder layer
  auto layers = ParseModelConfig(j);
  ASSERT_FALSE(layers.ok());
  EXPECT_NE(layers.status().message().find("2 DeepStack layers"), std::string::npos)
      << layers.status().message();
}

// Qwen3-VL MoE (qwen3_vl_moe, its decoder qwen3_vl_moe_text) is not run: the config is refused
// with a typed reason that names the model_type and lists the supported ones.
TEST(ModelConfig, Qwen3VlMoeIsRefusedByModelType) {
  json j = json::parse(kTinyQwen3Vl);
  j["model_type"] = "qwen3_vl_moe";
  j["text_config"]["model_type"] = "qwen3_vl_moe_text";
  auto moe = ParseModelConfig(j);
  ASSERT_FALSE(moe.ok());
  EXPECT_EQ(moe.status().reason(), kReasonUnsupportedModelType);
  EXPECT_NE(moe.status().message().find("model_type 'qwen3_vl_moe' is not supported"),
            std::string::npos)
      << moe.status().message();
  EXPECT_NE(moe.status().message().find("qwen3_vl,"), std::string::npos);
  // A qwen3_vl config whose decoder is the MoE one: refused by the text model_type.
  j["model_type"] = "qwen3_vl";
  auto text = ParseModelConfig(j);
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().reason(), kReasonUnsupportedModelType);
  EXPECT_NE(text.status().message().find("'qwen3_vl_moe_text'"), std::string::npos)
      << text.status().message();
}

// tiny-gemma3-text's config.json as Transformers 5.23 saves it (rope_parameters by layer type).
TEST(ModelConfig, Gemma3TextAsTransformersSavesIt) {
  auto t = ParseModelConfig(json::parse(R"({
    "_sliding_window_pattern": 6, "architectures": ["Gemma3ForCausalLM"],
    "attention_bias": false, "attn_logit_softcapping": 50.0, "bos_token_id": 1,
    "dtype": "float32", "eos_token_id": 2, "final_logit_softcapping": 30.0, "head_dim": 16,
    "hidden_activation": "gelu_pytorch_tanh", "hidden_size": 64, "intermediate_size": 96,
    "layer_types": ["sliding_attention", "sliding_attention", "full_attention",
                    "sliding_attention"],
    "max_position_embeddings": 512, "model_type": "gemma3_text", "num_attention_heads": 4,
    "num_hidden_layers": 4, "num_key_value_heads": 2, "pad_token_id": 0,
    "query_pre_attn_scalar": 24, "rms_norm_eps": 1e-06,
    "rope_parameters": {
      "full_attention": {"factor": 8.0, "rope_theta": 1000000.0, "rope_type": "linear"},
      "sliding_attention": {"rope_theta": 10000.0, "rope_type": "default"}},
    "sliding_window": 8, "tie_word_embeddings": true, "use_bidirectional_attention": false,
    "vocab_size": 1401})"));
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  EXPECT_EQ(t->model_type, "gemma3_text");
  EXPECT_FALSE(t->is_multimodal());
  const TextConfig& c = t->text;
  EXPECT_EQ(c.head_dim, 16);
  EXPECT_EQ(c.hidden_act, "gelu_pytorch_tanh");
  EXPECT_TRUE(c.norm_weight_offset && c.qk_norm && c.sandwich_norms);
  EXPECT_DOUBLE_EQ(c.query_pre_attn_scalar, 24);
  EXPECT_DOUBLE_EQ(c.embed_scale, 8.0);  // sqrt(hidden_size)
  EXPECT_DOUBLE_EQ(c.final_logit_softcapping, 30.0);
  EXPECT_EQ(c.sliding_window, 8);
  EXPECT_EQ(c.sliding_layers, (std::vector<bool>{true, true, false, true}));
  EXPECT_DOUBLE_EQ(c.rope_theta, 1e6);
  EXPECT_DOUBLE_EQ(c.rope_factor, 8.0);
  EXPECT_DOUBLE_EQ(c.local_rope_theta, 1e4);
  EXPECT_TRUE(c.tie_word_embeddings);
  EXPECT_FALSE(c.attention_bias);
  // A sliding layer keeps a window-sized ring once the context is longer than the window.
  EXPECT_EQ(c.KvRows(0, 64), 8);
  EXPECT_EQ(c.KvRows(2, 64), 64);
  EXPECT_EQ(c.KvRows(0, 8), 8);
  EXPECT_FALSE(c.IsRingLayer(0, 8));
  EXPECT_EQ(c.KvRows(0, 4), 4);
}

// The Hub's older layout (gemma-3-4b's text part): rope_theta, rope_local_base_freq,
// rope_scaling on the global layers, sliding_window_pattern instead of layer_types; defaults for
// what is absent.
TEST(ModelConfig, Gemma3TextOlderLayoutAndDefaults) {
  auto t = ParseModelConfig(json::parse(R"({
    "model_type": "gemma3_text", "hidden_size": 2560, "intermediate_size": 10240,
    "num_hidden_layers": 34, "num_attention_heads": 8, "num_key_value_heads": 4,
    "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0,
    "rope_scaling": {"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024,
    "sliding_window_pattern": 6, "vocab_size": 262208})"));
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  const TextConfig& c = t->text;
  EXPECT_EQ(c.head_dim, 256);
  EXPECT_DOUBLE_EQ(c.query_pre_attn_scalar, 256);
  EXPECT_DOUBLE_EQ(c.final_logit_softcapping, 0);
  EXPECT_DOUBLE_EQ(c.rope_factor, 8.0);
  EXPECT_DOUBLE_EQ(c.embed_scale, static_cast<float>(std::sqrt(2560.0)));
  ASSERT_EQ(c.sliding_layers.size(), 34u);
  int global = 0;
  for (int l = 0; l < 34; ++l) global += c.IsSliding(l) ? 0 : 1;
  EXPECT_EQ(global, 5);  // layers 5, 11, 17, 23, 29
  EXPECT_FALSE(c.IsSliding(5));
  EXPECT_TRUE(c.IsSliding(33));
  EXPECT_TRUE(c.tie_word_embeddings);
  EXPECT_EQ(c.eos_token_ids, std::vector<int>{1});
}

TEST(ModelConfig, Gemma3TextErrorsNameTheField) {
  auto bidir = ParseModelConfig(
      json::parse(R"({"model_type": "gemma3_text", "use_bidirectional_attention": true})"));
  ASSERT_FALSE(bidir.ok());
  EXPECT_NE(bidir.status().message().find("use_bidirectional_attention"), std::string::npos);
  auto types = ParseModelConfig(json::parse(
      R"({"model_type": "gemma3_text", "num_hidden_layers": 2,
          "layer_types": ["sliding_attention"]})"));
  ASSERT_FALSE(types.ok());
  EXPECT_NE(types.status().message().find("layer_types"), std::string::npos);
  auto rope = ParseModelConfig(json::parse(
      R"({"model_type": "gemma3_text", "rope_scaling": {"rope_type": "yarn", "factor": 2.0}})"));
  ASSERT_FALSE(rope.ok());
  EXPECT_NE(rope.status().message().find("yarn"), std::string::npos);
  auto scalar =
      ParseModelConfig(json::parse(R"({"model_type": "gemma3_text", "query_pre_attn_scalar": 0})"));
  ASSERT_FALSE(scalar.ok());
  EXPECT_NE(scalar.status().message().find("query_pre_attn_scalar must be positive"),
            std::string::npos);
  auto type = ParseModelConfig(json::parse(
      R"({"model_type": "gemma3_text", "rope_scaling": {"rope_type": 8, "factor": 2.0}})"));
  ASSERT_FALSE(type.ok());  // a field of the wrong type is an error naming it, not an exception
  EXPECT_NE(type.status().message().find("rope_type"), std::string::npos);
  auto window = ParseModelConfig(json::parse(R"({"model_type": "gemma3_text",
      "sliding_window": 0})"));
  ASSERT_FALSE(window.ok());
  EXPECT_NE(window.status().message().find("sliding_window"), std::string::npos);
}

TEST(ModelConfig, TextOnlyLlamaModelDir) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("vlmxla_model_config_text_llama_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "config.json") << R"({
    "architectures": ["LlamaForCausalLM"], "attention_bias": false, "bos_token_id": 1,
    "eos_token_id": 2, "head_dim": 16, "hidden_act": "silu", "hidden_size": 64,
    "intermediate_size": 96, "max_position_embeddings": 512, "mlp_bias": false,
    "model_type": "llama", "num_attention_heads": 4, "num_hidden_layers": 3,
    "num_key_value_heads": 4, "pad_token_id": null, "pretraining_tp": 1, "rms_norm_eps": 1e-05,
    "rope_parameters": {"rope_theta": 10000.0, "rope_type": "default"},
    "tie_word_embeddings": false, "vocab_size": 1401})";
  auto m = ModelDir::Open(dir.string() + "/");
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  EXPECT_EQ(m->dir(), dir.string());
  EXPECT_EQ(m->config().model_type, "llama");
  EXPECT_FALSE(m->config().llava.has_value());
  const TextConfig& c = m->config().text;
  EXPECT_EQ(c.num_hidden_layers, 3);
  EXPECT_EQ(c.num_key_value_heads, 4);
  EXPECT_EQ(c.vocab_size, 1401);
  EXPECT_FALSE(c.attention_bias);
  EXPECT_FALSE(c.tie_word_embeddings);
  EXPECT_DOUBLE_EQ(c.rms_norm_eps, 1e-5);
  EXPECT_EQ(c.bos_token_id, 1);
  EXPECT_FALSE(c.pad_token_id.has_value());
}

TEST(ModelConfig, ErrorsNameTheField) {
  auto bad_type = ParseModelConfig({{"model_type", "llava"}, {"image_token_index", "x"}});
  EXPECT_EQ(bad_type.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(bad_type.status().message().find("image_token_index"), std::string::npos);
  auto unknown = ParseModelConfig({{"model_type", "mamba"}});
  EXPECT_EQ(unknown.status().code(), ErrorCode::kUnimplemented);
  EXPECT_NE(unknown.status().message().find("mamba"), std::string::npos);
  auto gqa = ParseModelConfig({{"model_type", "llama"},
                               {"num_attention_heads", 6},
                               {"num_key_value_heads", 4},
                               {"hidden_size", 96}});
  EXPECT_NE(gqa.status().message().find("num_key_value_heads 4"), std::string::npos);
  auto layer = ParseModelConfig({{"model_type", "llava"},
                                 {"vision_feature_layer", -30},
                                 {"vision_config", {{"num_hidden_layers", 3}}}});
  EXPECT_EQ(layer.status().code(), ErrorCode::kOutOfRange);
  auto strategy =
      ParseModelConfig({{"model_type", "llava"}, {"vision_feature_select_strategy", "cls"}});
  EXPECT_NE(strategy.status().message().find("'cls'"), std::string::npos);
  auto rope =
      ParseModelConfig({{"model_type", "llama"}, {"rope_scaling", {{"rope_type", "yarn"}}}});
  EXPECT_EQ(rope.status().code(), ErrorCode::kUnimplemented);
}

}  // namespace
}  // namespace vlmxla::io
