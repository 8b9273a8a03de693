// The emitted programs pinned, so that no change to the emitted StableHLO goes unnoticed (a
// new family may not change what Llama, Qwen2 and LLaVA emit). Two kinds of record, both
// under tests/golden/hlo/:
//   - golden modules (*.mlir): one readable program per kind and family (the LLaVA CLIP/Llama and
//     SigLIP/Qwen2 vision_encode, prefill and decode, the Qwen2-VL and Qwen2.5-VL vision_encode,
//     the LLaVA-NeXT and LLaVA-OneVision vision_encode, a bf16 decode, a Gemma 3 prefill with
//     sliding-window rings, a Qwen3 prefill with QK-norm, a Qwen3-VL prefill with DeepStack
//     and its vision_encode with the resampled position table and DeepStack mergers, the Gemma 3
//     VLM vision_encode and prefill with bidirectional image blocks), each headed by its
//     signature as comments; a mismatch prints the differing lines as a unified diff hunk;
//   - program_hashes.txt: a hash of the text and one of the signature (parameter names, kinds,
//     types, aliases, transposition, KV roles; result names and types) of every other combination
//     of model, dtype, weight layout and bucket.
// The text is a function of the program's graph, not of the compiler that built the emitter
// (builder.h), so one record serves GCC (build/) and clang (the sanitizer builds), and both run
// this test: it passing in both is the proof that they emit the same bytes.
//
// A mismatch means the emitted program changed. If that is intended, say why in the commit and
// regenerate every record with
//   VLMXLA_UPDATE_GOLDENS=1 build/hlo_tests --gtest_filter='PinnedPrograms.*'
// then review `git diff tests/golden/hlo` (docs/testing.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../test_source_dir.h"
#include "vlmxla/models/registry.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::hlo {
namespace {

namespace fs = std::filesystem;

// The tiny fixtures' config.json (python/vlmxla_oracle/fixtures.py), fields the parser ignores
// dropped.
const char* const kTinyLlama =
    R"({"attention_bias":false,"head_dim":16,"hidden_act":"silu","hidden_size":64,
    "intermediate_size":96,"max_position_embeddings":512,"mlp_bias":false,"model_type":"llama",
    "num_attention_heads":4,"num_hidden_layers":3,"num_key_value_heads":4,"rms_norm_eps":1e-05,
    "rope_parameters":{"rope_theta":10000.0,"rope_type":"default"},"tie_word_embeddings":false,
    "vocab_size":1401})";
const char* const kTinyQwen2 =
    R"({"hidden_act":"silu","hidden_size":64,"intermediate_size":128,
    "max_position_embeddings":512,"model_type":"qwen2","num_attention_heads":4,
    "num_hidden_layers":2,"num_key_value_heads":1,"rms_norm_eps":1e-06,
    "rope_parameters":{"rope_theta":1000000.0,"rope_type":"default"},"tie_word_embeddings":true,
    "vocab_size":1400})";
const char* const kTinyLlavaClipLlama =
    R"({"image_seq_length":25,"image_token_index":1400,"model_type":"llava",
    "multimodal_projector_bias":true,"projector_hidden_act":"gelu","text_config":{
    "attention_bias":false,"head_dim":16,"hidden_act":"silu","hidden_size":64,
    "intermediate_size":128,"max_position_embeddings":512,"mlp_bias":false,"model_type":"llama",
    "num_attention_heads":4,"num_hidden_layers":2,"num_key_value_heads":2,"rms_norm_eps":1e-05,
    "rope_parameters":{"rope_theta":50000.0,"rope_type":"default"},"tie_word_embeddings":false,
    "vocab_size":1401},"tie_word_embeddings":false,"vision_config":{"hidden_act":"quick_gelu",
    "hidden_size":32,"image_size":30,"intermediate_size":64,"layer_norm_eps":1e-05,
    "model_type":"clip_vision_model","num_attention_heads":4,"num_channels":3,
    "num_hidden_layers":3,"patch_size":6,"projection_dim":32},"vision_feature_layer":-2,
    "vision_feature_select_strategy":"default"})";
const char* const kTinyLlavaNext =
    R"({"image_grid_pinpoints":[[30,60],[60,30],[60,60],[30,90],[90,30]],"image_token_index":1400,
    "model_type":"llava_next","multimodal_projector_bias":true,"projector_hidden_act":"gelu",
    "text_config":{"head_dim":12,"hidden_act":"silu","hidden_size":72,"intermediate_size":136,
    "max_position_embeddings":512,"model_type":"mistral","num_attention_heads":6,
    "num_hidden_layers":2,"num_key_value_heads":2,"rms_norm_eps":1e-05,
    "rope_parameters":{"rope_theta":1000000.0,"rope_type":"default"},"sliding_window":null,
    "tie_word_embeddings":false,"vocab_size":1401},"tie_word_embeddings":false,
    "vision_config":{"hidden_act":"quick_gelu","hidden_size":36,"image_size":30,
    "intermediate_size":76,"layer_norm_eps":1e-05,"model_type":"clip_vision_model",
    "num_attention_heads":4,"num_channels":3,"num_hidden_layers":3,"patch_size":6},
    "vision_feature_layer":-2,"vision_feature_select_strategy":"default"})";
const char* const kTinyLlavaOnevision =
    R"({"image_grid_pinpoints":[[28,56],[56,28],[56,56],[28,84],[84,56]],"image_token_index":1398,
    "model_type":"llava_onevision","multimodal_projector_bias":true,
    "projector_hidden_act":"gelu","text_config":{"hidden_act":"silu","hidden_size":64,
    "intermediate_size":112,"max_position_embeddings":512,"model_type":"qwen2",
    "num_attention_heads":4,"num_hidden_layers":2,"num_key_value_heads":2,"rms_norm_eps":1e-06,
    "rope_parameters":{"rope_theta":1000000.0,"rope_type":"default"},"sliding_window":null,
    "tie_word_embeddings":true,"vocab_size":1400},"tie_word_embeddings":true,
    "video_token_index":1399,"vision_aspect_ratio":"anyres_max_2",
    "vision_config":{"hidden_act":"gelu_pytorch_tanh","hidden_size":40,"image_size":28,
    "intermediate_size":88,"layer_norm_eps":1e-06,"model_type":"siglip_vision_model",
    "num_attention_heads":4,"num_channels":3,"num_hidden_layers":2,"patch_size":7},
    "vision_feature_layer":-1,"vision_feature_select_strategy":"full"})";
const char* const kTinyLlavaSiglipQwen2 =
    R"({"image_seq_length":16,"image_token_index":1399,"model_type":"llava",
    "multimodal_projector_bias":true,"projector_hidden_act":"gelu","text_config":{
    "hidden_act":"silu","hidden_size":64,"intermediate_size":128,"max_position_embeddings":512,
    "model_type":"qwen2","num_attention_heads":4,"num_hidden_layers":2,"num_key_value_heads":2,
    "rms_norm_eps":1e-06,"rope_parameters":{"rope_theta":1000000.0,"rope_type":"default"},
    "tie_word_embeddings":true,"vocab_size":1400},"tie_word_embeddings":true,"vision_config":{
    "hidden_act":"gelu_pytorch_tanh","hidden_size":32,"image_size":32,"intermediate_size":64,
    "layer_norm_eps":1e-06,"model_type":"siglip_vision_model","num_attention_heads":4,
    "num_channels":3,"num_hidden_layers":2,"patch_size":8,"vision_use_head":false},
    "vision_feature_layer":-1,"vision_feature_select_strategy":"full"})";
// Gemma 3 (Gemma3ForCausalLM, tiny-gemma3-text): sliding layers with window 8 (shorter than
// the larger buckets below, so their rings are pinned too), linear RoPE scaling on the global
// layer, the logits' soft-cap (attn_logit_softcapping read and not applied, as Transformers).
const char* const kTinyGemma3Text =
    R"({"attention_bias":false,"attn_logit_softcapping":50.0,"final_logit_softcapping":30.0,
    "head_dim":16,"hidden_activation":"gelu_pytorch_tanh","hidden_size":64,
    "intermediate_size":96,"layer_types":["sliding_attention","sliding_attention",
    "full_attention","sliding_attention"],"max_position_embeddings":512,
    "model_type":"gemma3_text","num_attention_heads":4,"num_hidden_layers":4,
    "num_key_value_heads":2,"query_pre_attn_scalar":24,"rms_norm_eps":1e-06,"rope_parameters":{
    "full_attention":{"factor":8.0,"rope_theta":1000000.0,"rope_type":"linear"},
    "sliding_attention":{"rope_theta":10000.0,"rope_type":"default"}},"sliding_window":8,
    "tie_word_embeddings":true,"vocab_size":1401})";
// Qwen3 (Qwen3ForCausalLM, tiny-qwen3): QK-norm (plain RMSNorm over head_dim), no biases,
// head_dim 24 where hidden_size / num_attention_heads is 16, an untied LM head.
const char* const kTinyQwen3 =
    R"({"attention_bias":false,"head_dim":24,"hidden_act":"silu","hidden_size":64,
    "intermediate_size":96,"max_position_embeddings":512,"model_type":"qwen3",
    "num_attention_heads":4,"num_hidden_layers":3,"num_key_value_heads":2,"rms_norm_eps":1e-06,
    "rope_parameters":{"rope_theta":1000000.0,"rope_type":"default"},"tie_word_embeddings":false,
    "use_sliding_window":false,"vocab_size":1400})";
// Qwen3-VL's decoder (tiny-qwen3-vl): QK-norm, interleaved M-RoPE [6, 5, 5] over head_dim 32,
// two DeepStack layers; weights under model.language_model.*; its vision program through the
// Qwen3-VL family.
const char* const kTinyQwen3Vl =
    R"({"image_token_id":1398,"model_type":"qwen3_vl","text_config":{"attention_bias":false,
    "head_dim":32,"hidden_act":"silu","hidden_size":64,"intermediate_size":128,
    "max_position_embeddings":512,"model_type":"qwen3_vl_text","num_attention_heads":4,
    "num_hidden_layers":3,"num_key_value_heads":2,"rms_norm_eps":1e-06,"rope_parameters":{
    "mrope_interleaved":true,"mrope_section":[6,5,5],"rope_theta":5000000.0,
    "rope_type":"default"},"tie_word_embeddings":false,"vocab_size":1400},
    "tie_word_embeddings":false,"vision_config":{"deepstack_visual_indexes":[0,1],"depth":3,
    "hidden_act":"gelu_pytorch_tanh","hidden_size":32,"intermediate_size":64,"num_heads":2,
    "num_position_embeddings":36,"out_hidden_size":64,"patch_size":16,"spatial_merge_size":2,
    "temporal_patch_size":2}})";
// Gemma 3 (Gemma3ForConditionalGeneration, tiny-gemma3): the same decoder with window 6 and
// bidirectional image blocks in prefill, SigLIP 6 x 6 patches pooled to 9 soft tokens.
const char* const kTinyGemma3 =
    R"({"boi_token_index":1403,"eoi_token_index":1404,"image_token_index":1405,
    "mm_tokens_per_image":9,"model_type":"gemma3","text_config":{"attention_bias":false,
    "final_logit_softcapping":30.0,"head_dim":16,"hidden_activation":"gelu_pytorch_tanh",
    "hidden_size":64,"intermediate_size":96,"layer_types":["sliding_attention",
    "sliding_attention","full_attention","sliding_attention"],"max_position_embeddings":512,
    "model_type":"gemma3_text","num_attention_heads":4,"num_hidden_layers":4,
    "num_key_value_heads":2,"query_pre_attn_scalar":24,"rms_norm_eps":1e-06,"rope_parameters":{
    "full_attention":{"factor":8.0,"rope_theta":1000000.0,"rope_type":"linear"},
    "sliding_attention":{"rope_theta":10000.0,"rope_type":"default"}},"sliding_window":6,
    "tie_word_embeddings":true,"vocab_size":1406},"tie_word_embeddings":true,"vision_config":{
    "hidden_act":"gelu_pytorch_tanh","hidden_size":32,"image_size":48,"intermediate_size":64,
    "layer_norm_eps":1e-06,"model_type":"siglip_vision_model","num_attention_heads":4,
    "num_channels":3,"num_hidden_layers":2,"patch_size":8,"vision_use_head":false}})";

// Qwen2-VL and Qwen2.5-VL as Transformers 5.23 saves tiny models of both families (as in
// qwen_programs_test.cc; patch_dim 3*2*4*4 = 96).
const char* const kTinyQwen2Vl =
    R"({"model_type":"qwen2_vl","image_token_id":90,"text_config":{"model_type":"qwen2_vl_text",
    "vocab_size":96,"hidden_size":64,"intermediate_size":96,"num_hidden_layers":2,
    "num_attention_heads":4,"num_key_value_heads":2,"rope_parameters":{"rope_type":"default",
    "rope_theta":10000.0,"mrope_section":[2,3,3]}},"vision_config":{"depth":2,"embed_dim":32,
    "hidden_size":64,"num_heads":2,"mlp_ratio":2,"patch_size":4,"in_channels":3,
    "temporal_patch_size":2,"spatial_merge_size":2}})";
const char* const kTinyQwen25Vl =
    R"({"model_type":"qwen2_5_vl","image_token_id":90,"text_config":{
    "model_type":"qwen2_5_vl_text","vocab_size":96,"hidden_size":64,"intermediate_size":96,
    "num_hidden_layers":2,"num_attention_heads":4,"num_key_value_heads":2,"rope_parameters":{
    "rope_type":"default","rope_theta":10000.0,"mrope_section":[2,3,3]}},"vision_config":{
    "depth":3,"hidden_size":32,"intermediate_size":48,"num_heads":2,"out_hidden_size":64,
    "patch_size":4,"temporal_patch_size":2,"spatial_merge_size":2,"window_size":16,
    "fullatt_block_indexes":[0,2]}})";

// 64-bit FNV-1a: a change detector, not a cryptographic digest (the hlo layer has no SHA-256).
uint64_t Fnv1a(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string Hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string Signature(const Program& p) {
  std::string s = p.name + "\n";
  for (const ProgramParam& param : p.params) {
    s += (param.kind == ProgramParam::Kind::kWeight ? "weight " : "input ") + param.name + " " +
         param.type.ToString() + " alias=" + std::to_string(param.alias_result) +
         (param.transposed ? " transposed" : "") +
         (param.kv ? " kv=" + std::to_string(param.kv->slot) + "." +
                         std::to_string(param.kv->layer) + (param.kv->value ? ".v" : ".k")
                   : "") +
         "\n";
  }
  for (size_t i = 0; i < p.result_names.size(); ++i) {
    s += "result " + p.result_names[i] + " " + p.result_types[i].ToString() + "\n";
  }
  return s;
}

struct Case {
  std::string name;
  const char* config;
  ProgramOptions options;
};

struct Dtype {
  const char* name;
  Precision precision;
};

using enum ElementType;  // kF32, kBF16, kF16 (a using-declaration: unity builds repeat it)

// Every combination the hash table pins.
std::vector<Case> HashedCases() {
  const Dtype dtypes[] = {
      {"f32", {kF32, kF32, false, false}},
      {"bf16", {kBF16, kBF16, false, false}},
      {"bf16-2row", {kBF16, kBF16, true, false}},
      {"bf16-rows", {kBF16, kBF16, true, true}},  // what XLA's CPU backend runs bf16 with
      {"f16", {kF16, kF16, false, false}},
      {"f32w-bf16", {kF32, kBF16, false, false}},
  };
  const struct {
    const char* name;
    const char* json;
    int vision;  // 0: none, 1: LLaVA (images), 2: Qwen-VL (patch rows)
  } models[] = {
      {"tiny-llama", kTinyLlama, 0},
      {"tiny-qwen2", kTinyQwen2, 0},
      {"tiny-llava-clip-llama", kTinyLlavaClipLlama, 1},
      {"tiny-llava-siglip-qwen2", kTinyLlavaSiglipQwen2, 1},
      {"tiny-qwen2-vl", kTinyQwen2Vl, 2},
      {"tiny-qwen2.5-vl", kTinyQwen25Vl, 2},
      {"tiny-gemma3-text", kTinyGemma3Text, 0},
      {"tiny-qwen3", kTinyQwen3, 0},
      {"tiny-qwen3-vl", kTinyQwen3Vl, 2},
      {"tiny-gemma3", kTinyGemma3, 1},
  };
  std::vector<Case> cases;
  for (const auto& m : models) {
    for (const Dtype& d : dtypes) {
      for (bool in_out : {false, true}) {
        const std::string tag = std::string(m.name) + "/" + d.name + (in_out ? "/in-out" : "");
        const struct {
          int seq, capacity, features;
          bool taps;
        } prefills[] = {{1, 8, 1, false}, {16, 32, 25, true}, {37, 64, 50, false}};
        for (const auto& pf : prefills) {
          PrefillOptions o;
          o.precision = d.precision;
          o.weights_in_out = in_out;
          o.seq_len = pf.seq, o.capacity = pf.capacity, o.num_image_features = pf.features;
          o.taps = pf.taps;
          cases.push_back({tag + "/prefill/L" + std::to_string(pf.seq) + "/C" +
                               std::to_string(pf.capacity) + (pf.taps ? "/taps" : ""),
                           m.json, o});
        }
        for (auto [batch, capacity] : {std::pair{1, 8}, {3, 32}, {2, 96}}) {
          DecodeOptions o;
          o.precision = d.precision;
          o.weights_in_out = in_out;
          o.batch = batch, o.capacity = capacity;
          cases.push_back(
              {tag + "/decode/B" + std::to_string(batch) + "/C" + std::to_string(capacity), m.json,
               o});
        }
      }
      // The vision programs take no weight layout.
      constexpr int64_t kDefaultBlock = ProgramCommonOptions{}.attention_block_scores;
      const auto vision = [&](int count, bool taps, int64_t block_scores) {
        VisionEncodeOptions o;
        o.precision = d.precision;
        o.taps = taps;
        o.attention_block_scores = block_scores;
        (m.vision == 1 ? o.num_images : o.num_patches) = count;
        cases.push_back(
            {std::string(m.name) + "/" + d.name + "/vision_encode/" + (m.vision == 1 ? "n" : "N") +
                 std::to_string(count) + (taps ? "/taps" : "") +
                 (block_scores == kDefaultBlock ? "" : "/block" + std::to_string(block_scores)),
             m.json, o});
      };
      if (m.vision == 1) {
        vision(1, true, kDefaultBlock);
        vision(2, false, kDefaultBlock);
      } else if (m.vision == 2) {
        vision(16, true, kDefaultBlock);
        vision(64, false, kDefaultBlock);
        vision(64, false, 2048);  // attention in 4 blocks of query rows
      }
    }
  }
  return cases;
}

// The golden modules: file stem, then the case.
std::vector<Case> GoldenCases() {
  const Precision f32{kF32, kF32, false, false};
  VisionEncodeOptions clip_vision;
  clip_vision.num_images = 1, clip_vision.taps = true;
  PrefillOptions llama_prefill;
  llama_prefill.seq_len = 8, llama_prefill.capacity = 16, llama_prefill.num_image_features = 9;
  llama_prefill.taps = true;
  DecodeOptions llama_decode;
  llama_decode.batch = 2, llama_decode.capacity = 16;
  VisionEncodeOptions siglip_vision;
  siglip_vision.num_images = 2;
  PrefillOptions qwen2_prefill;
  qwen2_prefill.seq_len = 8, qwen2_prefill.capacity = 16, qwen2_prefill.num_image_features = 16;
  qwen2_prefill.weights_in_out = true;
  DecodeOptions qwen2_decode_bf16;
  qwen2_decode_bf16.batch = 2, qwen2_decode_bf16.capacity = 16;
  qwen2_decode_bf16.precision = {kBF16, kBF16, true, true};
  PrefillOptions gemma3_prefill;  // a prompt longer than the window
  gemma3_prefill.seq_len = 16, gemma3_prefill.capacity = 32, gemma3_prefill.taps = true;
  gemma3_prefill.precision = f32;
  PrefillOptions qwen3_prefill;
  qwen3_prefill.seq_len = 16, qwen3_prefill.capacity = 32, qwen3_prefill.taps = true;
  qwen3_prefill.precision = f32;
  PrefillOptions qwen3_vl_prefill;  // DeepStack into 12 image rows
  qwen3_vl_prefill.seq_len = 16, qwen3_vl_prefill.capacity = 32, qwen3_vl_prefill.taps = true;
  qwen3_vl_prefill.num_image_features = 12, qwen3_vl_prefill.precision = f32;
  VisionEncodeOptions gemma3_vision;
  gemma3_vision.num_images = 2, gemma3_vision.taps = true;
  PrefillOptions gemma3_vlm_prefill;  // two images' runs longer than the window
  gemma3_vlm_prefill.seq_len = 32, gemma3_vlm_prefill.capacity = 64;
  gemma3_vlm_prefill.num_image_features = 18, gemma3_vlm_prefill.precision = f32;
  VisionEncodeOptions qwen2_vl_vision;
  qwen2_vl_vision.num_patches = 16;
  VisionEncodeOptions qwen25_vl_vision;
  qwen25_vl_vision.num_patches = 64, qwen25_vl_vision.taps = true;
  VisionEncodeOptions qwen3_vl_vision;  // DeepStack after blocks 0 and 1
  qwen3_vl_vision.num_patches = 16, qwen3_vl_vision.taps = true;
  VisionEncodeOptions next_vision;  // 3 views, 48 packed rows
  next_vision.num_images = 3, next_vision.num_feature_rows = 48, next_vision.taps = true;
  VisionEncodeOptions onevision_vision;  // with the anyres_max_N blend
  onevision_vision.num_images = 6, onevision_vision.num_feature_rows = 64;
  for (auto* o : {&clip_vision, &siglip_vision, &qwen2_vl_vision, &qwen25_vl_vision,
                  &qwen3_vl_vision, &next_vision, &onevision_vision, &gemma3_vision}) {
    o->precision = f32;
  }
  return {
      {"llava_clip_llama_vision_encode_f32_n1_taps", kTinyLlavaClipLlama, clip_vision},
      {"llava_clip_llama_prefill_f32_L8_C16_taps", kTinyLlavaClipLlama, llama_prefill},
      {"llava_clip_llama_decode_f32_B2_C16", kTinyLlavaClipLlama, llama_decode},
      {"llava_siglip_qwen2_vision_encode_f32_n2", kTinyLlavaSiglipQwen2, siglip_vision},
      {"llava_siglip_qwen2_prefill_f32_in_out_L8_C16", kTinyLlavaSiglipQwen2, qwen2_prefill},
      {"llava_siglip_qwen2_decode_bf16_rows_B2_C16", kTinyLlavaSiglipQwen2, qwen2_decode_bf16},
      {"qwen2_vl_vision_encode_f32_N16", kTinyQwen2Vl, qwen2_vl_vision},
      {"qwen2_5_vl_vision_encode_f32_N64_taps", kTinyQwen25Vl, qwen25_vl_vision},
      {"llava_next_vision_encode_f32_n3_F48_taps", kTinyLlavaNext, next_vision},
      {"llava_onevision_vision_encode_f32_n6_F64", kTinyLlavaOnevision, onevision_vision},
      {"gemma3_text_prefill_f32_L16_C32_taps", kTinyGemma3Text, gemma3_prefill},
      {"qwen3_prefill_f32_L16_C32_taps", kTinyQwen3, qwen3_prefill},
      {"qwen3_vl_prefill_f32_L16_C32_F12_taps", kTinyQwen3Vl, qwen3_vl_prefill},
      {"qwen3_vl_vision_encode_f32_N16_taps", kTinyQwen3Vl, qwen3_vl_vision},
      {"gemma3_vision_encode_f32_n2_taps", kTinyGemma3, gemma3_vision},
      {"gemma3_prefill_f32_L32_C64", kTinyGemma3, gemma3_vlm_prefill},
  };
}

Result<Program> Build(const Case& c) {
  VLMXLA_ASSIGN_OR_RETURN(io::ModelConfig config,
                          io::ParseModelConfig(nlohmann::json::parse(c.config)));
  return models::BuildProgram(config, c.options);
}

fs::path GoldenDir() { return fs::path(VLMXLA_SOURCE_DIR) / "tests" / "golden" / "hlo"; }

bool Updating() {
  const char* v = std::getenv("VLMXLA_UPDATE_GOLDENS");
  return v != nullptr && std::string(v) == "1";
}

std::string ReadFile(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream s;
  s << file.rdbuf();
  return s.str();
}

void WriteFile(const fs::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  ASSERT_TRUE(file.good()) << "cannot write " << path;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) lines.push_back(line);
  return lines;
}

// The difference of two texts as one unified diff hunk: the lines between their common head and
// tail, with up to 3 lines of context (at most 40 lines a side printed).
std::string DiffHunk(const std::string& want, const std::string& got) {
  const std::vector<std::string> a = Lines(want), b = Lines(got);
  size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head &&
         a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) {
    ++tail;
  }
  constexpr size_t kContext = 3, kMax = 40;
  const size_t from = head > kContext ? head - kContext : 0;
  const size_t a_to = std::min(a.size(), a.size() - tail + kContext);
  const size_t b_to = std::min(b.size(), b.size() - tail + kContext);
  std::string out = "--- golden\n+++ emitted\n@@ -" + std::to_string(from + 1) + "," +
                    std::to_string(a_to - from) + " +" + std::to_string(from + 1) + "," +
                    std::to_string(b_to - from) + " @@\n";
  for (size_t i = from; i < head; ++i) out += " " + a[i] + "\n";
  for (size_t i = head; i < a.size() - tail && i < head + kMax; ++i) out += "-" + a[i] + "\n";
  if (a.size() - tail > head + kMax)
    out += "-... (" + std::to_string(a.size() - tail - head - kMax) + " more)\n";
  for (size_t i = head; i < b.size() - tail && i < head + kMax; ++i) out += "+" + b[i] + "\n";
  if (b.size() - tail > head + kMax)
    out += "+... (" + std::to_string(b.size() - tail - head - kMax) + " more)\n";
  for (size_t i = a.size() - tail; i < a_to; ++i) out += " " + a[i] + "\n";
  return out;
}

// A golden file: the case and the signature as comments, then the module.
std::string GoldenText(const Case& c, const Program& p) {
  std::string s = "// " + c.name +
                  ": pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 "
                  "regenerates it)\n";
  for (const std::string& line : Lines(Signature(p))) s += "// " + line + "\n";
  return s + p.mlir;
}

TEST(PinnedPrograms, GoldenModules) {
  const fs::path dir = GoldenDir();
  if (Updating()) fs::create_directories(dir);
  std::vector<std::string> known;
  for (const Case& c : GoldenCases()) {
    auto program = Build(c);
    ASSERT_TRUE(program.ok()) << c.name << ": " << program.status().ToString();
    const std::string got = GoldenText(c, *program);
    const fs::path path = dir / (c.name + ".mlir");
    known.push_back(path.filename().string());
    if (Updating()) {
      WriteFile(path, got);
      continue;
    }
    ASSERT_TRUE(fs::exists(path)) << path << " is missing (VLMXLA_UPDATE_GOLDENS=1 writes it)";
    const std::string want = ReadFile(path);
    if (want == got) continue;
    const fs::path emitted = fs::path(::testing::TempDir()) / (c.name + ".mlir");
    WriteFile(emitted, got);
    ADD_FAILURE() << c.name << ": the emitted program differs from " << path
                  << " (emitted: " << emitted << ")\n"
                  << DiffHunk(want, got);
  }
  // A golden file no case writes is stale.
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".mlir") continue;
    EXPECT_NE(std::find(known.begin(), known.end(), name), known.end())
        << entry.path() << " belongs to no golden case: delete it";
  }
}

TEST(PinnedPrograms, HashesOfEveryCombination) {
  const fs::path path = GoldenDir() / "program_hashes.txt";
  std::map<std::string, std::pair<std::string, std::string>> recorded;
  for (const std::string& line : Lines(ReadFile(path))) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream s(line);
    std::string name, mlir, sig;
    s >> name >> mlir >> sig;
    recorded[name] = {mlir, sig};
  }
  std::set<std::string> names;
  for (const Case& c : HashedCases()) {
    ASSERT_TRUE(names.insert(c.name).second) << c.name << " names two cases";
  }
  std::string current =
      "# The emitted programs pinned by tests/cpp/hlo/pinned_programs_test.cc: case, FNV-1a of "
      "its\n"
      "# StableHLO text, FNV-1a of its signature. Regenerate (then review the diff):\n"
      "#   VLMXLA_UPDATE_GOLDENS=1 build/hlo_tests --gtest_filter='PinnedPrograms.*'\n";
  int checked = 0;
  for (const Case& c : HashedCases()) {
    auto program = Build(c);
    ASSERT_TRUE(program.ok()) << c.name << ": " << program.status().ToString();
    const std::string mlir = Hex(Fnv1a(program->mlir));
    const std::string sig = Hex(Fnv1a(Signature(*program)));
    current += c.name + " " + mlir + " " + sig + "\n";
    auto it = recorded.find(c.name);
    if (Updating()) continue;
    if (it == recorded.end()) {
      ADD_FAILURE() << c.name << ": no recorded value in " << path;
      continue;
    }
    EXPECT_EQ(sig, it->second.second) << c.name << ": the signature changed";
    EXPECT_EQ(mlir, it->second.first) << c.name << ": the StableHLO text changed";
    ++checked;
  }
  if (Updating()) {
    WriteFile(path, current);
    return;
  }
  EXPECT_EQ(checked, static_cast<int>(recorded.size())) << "a recorded case is no longer built";
  if (::testing::Test::HasFailure()) std::printf("current values:\n%s", current.c_str());
}

}  // namespace
}  // namespace vlmxla::hlo
