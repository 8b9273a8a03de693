// A Hugging Face model directory and its config.json: LlavaConfig with nested vision and text
// configs, or a text-only Llama/Qwen2 config, with defaults as Transformers applies them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"

namespace vlmxla::io {

// CLIPVisionConfig / SiglipVisionConfig.
struct VisionConfig {
  std::string model_type;  // "clip_vision_model" | "siglip_vision_model"
  int hidden_size = 0;
  int intermediate_size = 0;
  int num_hidden_layers = 0;
  int num_attention_heads = 0;
  int num_channels = 3;
  int image_size = 0;
  int patch_size = 0;
  std::string hidden_act;
  double layer_norm_eps = 0;
  bool has_class_token = false;  // CLIP prepends a class embedding; SigLIP has none

  int num_patches() const { return (image_size / patch_size) * (image_size / patch_size); }
  // Tokens the tower emits per image: patches plus the class token where there is one.
  int num_positions() const { return num_patches() + (has_class_token ? 1 : 0); }
};

// LlamaConfig / Qwen2Config (the decoder).
struct TextConfig {
  std::string model_type;  // "llama" | "qwen2"
  int vocab_size = 0;
  int hidden_size = 0;
  int intermediate_size = 0;
  int num_hidden_layers = 0;
  int num_attention_heads = 0;
  int num_key_value_heads = 0;
  int head_dim = 0;
  std::string hidden_act;
  int max_position_embeddings = 0;
  double rms_norm_eps = 0;
  double rope_theta = 10000.0;
  std::string rope_type = "default";
  bool attention_bias = false;  // q/k/v projection biases (always on for Qwen2)
  bool attention_output_bias = false;
  bool mlp_bias = false;
  bool tie_word_embeddings = false;
  std::optional<int> bos_token_id;
  std::vector<int> eos_token_ids;
  std::optional<int> pad_token_id;
};

struct LlavaConfig {
  VisionConfig vision;
  TextConfig text;
  int image_token_index = 32000;
  int image_seq_length = 576;
  std::string projector_hidden_act = "gelu";
  std::string vision_feature_select_strategy = "default";  // "default" drops the class token
  std::vector<int> vision_feature_layers = {-2};           // one entry, or several to concatenate
  bool multimodal_projector_bias = true;
  bool tie_word_embeddings = false;

  // Image feature tokens per image after the select strategy.
  int image_tokens_per_image() const;
};

// What config.json describes.
struct ModelConfig {
  std::string model_type;            // "llava" or the text model type for text-only checkpoints
  std::optional<LlavaConfig> llava;  // set for "llava"
  TextConfig text;                   // the decoder (== llava->text for llava)
  // The checkpoint's declared dtype: "dtype" (Transformers v5) or "torch_dtype", at the top level
  // or else in text_config ("float32", "bfloat16", "float16"); empty when absent.
  std::string torch_dtype;
  bool is_multimodal() const { return llava.has_value(); }
};

Result<VisionConfig> ParseVisionConfig(const nlohmann::json& j);
Result<TextConfig> ParseTextConfig(const nlohmann::json& j);
Result<ModelConfig> ParseModelConfig(const nlohmann::json& j);

// Reads and parses a JSON file, naming the file in any error.
Result<nlohmann::json> ReadJsonFile(const std::string& path);
Result<nlohmann::ordered_json> ReadOrderedJsonFile(const std::string& path);

// A checkpoint directory in Hugging Face layout.
class ModelDir {
 public:
  static Result<ModelDir> Open(const std::string& dir);

  const std::string& dir() const { return dir_; }
  const ModelConfig& config() const { return config_; }
  std::string Path(const std::string& file) const { return dir_ + "/" + file; }
  bool HasFile(const std::string& file) const;
  // model.safetensors, or the shards listed in model.safetensors.index.json.
  Result<std::vector<std::string>> WeightFiles() const;

 private:
  std::string dir_;
  ModelConfig config_;
};

}  // namespace vlmxla::io
