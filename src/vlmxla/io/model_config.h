// A Hugging Face model directory and its config.json: LlavaConfig with nested vision and text
// configs, Qwen2VLConfig / Qwen2_5_VLConfig (nested, or the flat layout of older files), or a
// text-only Llama/Qwen2/Gemma3 config, with defaults as Transformers applies them.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"

namespace vlmxla::io {

// Error reason when config.json's model_type (or its text or vision model_type) is not one vlmxla
// runs; the message names it and lists the supported ones.
inline constexpr char kReasonUnsupportedModelType[] = "unsupported_model_type";

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

// LlamaConfig / Qwen2Config / Gemma3TextConfig (the decoder).
struct TextConfig {
  std::string model_type;  // "llama" | "qwen2" | "gemma3_text" | ...
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
  // Multimodal RoPE (Qwen2-VL): head_dim / 2 frequencies split into temporal, height and width
  // sections, each rotated by its own axis of a [3, seq] position. Empty: 1D RoPE.
  std::vector<int> mrope_section;
  // Qwen3-VL's interleaved M-RoPE (apply_interleaved_mrope): frequency j turns with height when
  // j % 3 == 1 and j < 3 * mrope_section[1], with width when j % 3 == 2 and j < 3 *
  // mrope_section[2], else with time; false: mrope_section's contiguous sections.
  bool mrope_interleaved = false;
  // DeepStack (Qwen3-VL): prefill adds deepstack_features[l] at the image positions to the
  // hidden states after decoder layer l, for l < deepstack_layers; 0: none.
  int deepstack_layers = 0;
  // Prefix of every decoder weight name in the checkpoint: "language_model." (LLaVA) or ""
  // (text-only Llama/Qwen2, Qwen2-VL: model.layers.*, lm_head.weight).
  std::string weights_prefix;

  // Decoder options Gemma 3 brings (each off, or 0, for Llama/Qwen2):
  // RMSNorm scales by (1 + weight), in f32 before the cast back (Gemma3RMSNorm).
  bool norm_weight_offset = false;
  // Per-head RMSNorm of q and k (self_attn.q_norm / k_norm, [head_dim]) before RoPE.
  bool qk_norm = false;
  // The attention output and the MLP output each pass a norm before their residual add
  // (post_attention_layernorm, post_feedforward_layernorm); the MLP's input norm is
  // pre_feedforward_layernorm.
  bool sandwich_norms = false;
  // Attention scale query_pre_attn_scalar^-0.5; 0: head_dim^-0.5.
  double query_pre_attn_scalar = 0;
  // Token embeddings times this (sqrt(hidden_size), rounded to f32, then to the weights' type, as
  // Gemma3TextScaledWordEmbedding multiplies); 0: unscaled.
  double embed_scale = 0;
  // tanh soft-capping cap * tanh(x / cap) of the logits; 0: none. (Gemma 3's
  // attn_logit_softcapping is read and not applied: Transformers' Gemma3Attention never passes it
  // to its attention function, so a Gemma 3 checkpoint computes without it.)
  double final_logit_softcapping = 0;
  // Sliding-window attention: layer l is a sliding layer when sliding_layers[l] (empty: none);
  // its query at position i sees keys j with i - sliding_window < j <= i.
  int sliding_window = 0;
  std::vector<bool> sliding_layers;
  // Sliding layers' RoPE base (rope_local_base_freq); the others take rope_theta.
  double local_rope_theta = 10000.0;
  // Linear RoPE scaling of the global (non-sliding) layers: inv_freq / rope_factor.
  double rope_factor = 1.0;
  // During prefill the tokens of one image also see the later tokens of that image (Gemma 3's
  // token_type_ids mask: OR with the causal mask, then AND with a sliding layer's window); the
  // prefill program then takes each position's image_block (hlo::InputRole::kImageBlock).
  bool bidirectional_image_blocks = false;

  bool IsSliding(int layer) const {
    return layer >= 0 && layer < static_cast<int>(sliding_layers.size()) && sliding_layers[layer];
  }
  // Whether layer `layer` keeps a window-sized ring KV at this context capacity (a sliding layer
  // whose window is shorter than the capacity): position p lives in row p % sliding_window.
  bool IsRingLayer(int layer, int64_t capacity) const {
    return IsSliding(layer) && sliding_window < capacity;
  }
  // Rows of layer `layer`'s KV cache at this context capacity.
  int64_t KvRows(int layer, int64_t capacity) const {
    return IsRingLayer(layer, capacity) ? sliding_window : capacity;
  }
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
  // LLaVA-NeXT and LLaVA-OneVision ("anyres"): the (height, width) resolutions an image's tile
  // grid may take (image_grid_pinpoints, or the model type's default); empty for LLaVA.
  std::vector<std::array<int, 2>> image_grid_pinpoints;
  // LLaVA-OneVision: vision_aspect_ratio ("anyres_max_9" by default); empty otherwise.
  std::string vision_aspect_ratio;
  // LLaVA-OneVision: the video placeholder's id (video_token_index); -1 without video.
  int video_token_index = -1;

  bool anyres() const { return !image_grid_pinpoints.empty(); }
  // Image feature tokens per view after the select strategy (per image for LLaVA).
  int image_tokens_per_image() const;
};

// Qwen2VLVisionConfig / Qwen2_5_VLVisionConfig: a ViT over flattened temporal patches with 2D
// RoPE and a 2x2 patch merger.
struct QwenVisionConfig {
  int depth = 32;
  int hidden_size = 1280;        // the blocks' width (Qwen2-VL's embed_dim)
  int intermediate_size = 5120;  // the MLP's width (Qwen2-VL: embed_dim * mlp_ratio)
  int num_heads = 16;
  int in_channels = 3;
  int patch_size = 14;
  int temporal_patch_size = 2;
  int spatial_merge_size = 2;
  int out_hidden_size = 3584;  // the merger's output width (the text decoder's hidden size)
  std::string hidden_act = "quick_gelu";
  bool gated_mlp = false;  // Qwen2.5-VL: SwiGLU gate/up/down (with biases); Qwen2-VL: fc1/fc2
  bool rms_norm = false;   // Qwen2.5-VL: RMSNorm (weight only); Qwen2-VL: LayerNorm; eps 1e-6
  int window_size = 0;     // Qwen2.5-VL: windowed attention over window_size pixels; 0: none
  std::vector<int> fullatt_block_indexes;  // Qwen2.5-VL: the blocks with full attention
  double rope_theta = 10000.0;
  // Qwen3-VL: a learned square table of num_position_embeddings position embeddings, resampled
  // to each image's grid and added to the patch embeddings (0: none), and the blocks whose
  // outputs go through their own DeepStack mergers (deepstack_visual_indexes).
  int num_position_embeddings = 0;
  std::vector<int> deepstack_visual_indexes;

  // Values in one flattened patch: in_channels * temporal_patch_size * patch_size^2.
  int patch_dim() const { return in_channels * temporal_patch_size * patch_size * patch_size; }
  int head_dim() const { return hidden_size / num_heads; }
  // Patches merged into one text token: spatial_merge_size^2.
  int merge_unit() const { return spatial_merge_size * spatial_merge_size; }
};

// Qwen2VLConfig / Qwen2_5_VLConfig / Qwen3VLConfig.
struct QwenVLConfig {
  std::string family;  // "qwen2_vl" | "qwen2_5_vl" | "qwen3_vl"
  QwenVisionConfig vision;
  TextConfig text;
  int image_token_id = 151655;
  int video_token_id = 151656;
  int vision_start_token_id = 151652;
  int vision_end_token_id = 151653;
};

// Gemma3Config: a SigLIP tower whose last_hidden_state is average-pooled to mm_tokens_per_image
// soft tokens, normed ((1 + w) RMSNorm) and projected into the Gemma 3 decoder's width.
struct Gemma3Config {
  VisionConfig vision;
  TextConfig text;
  int mm_tokens_per_image = 256;
  int boi_token_index = 255999;
  int eoi_token_index = 256000;
  int image_token_index = 262144;
};

// What config.json describes.
struct ModelConfig {
  std::string model_type;               // "llava", "qwen2_vl", "qwen2_5_vl", or the text model type
  std::optional<LlavaConfig> llava;     // set for "llava", "llava_next", "llava_onevision"
  std::optional<QwenVLConfig> qwen_vl;  // set for "qwen2_vl", "qwen2_5_vl" and "qwen3_vl"
  std::optional<Gemma3Config> gemma3;   // set for "gemma3"
  TextConfig text;                      // the decoder (== llava->text for llava)
  // The checkpoint's declared dtype: "dtype" (Transformers v5) or "torch_dtype", at the top level
  // or else in text_config ("float32", "bfloat16", "float16"); empty when absent.
  std::string torch_dtype;
  // The decoder projections' quantization a checkpoint written by `vlmxla quantize` declares
  // (config.json "quantization_config", compressed-tensors): "int8" | "int4" | "w8a8" | "w4a8";
  // empty: none.
  std::string quantization;
  bool is_multimodal() const { return llava.has_value() || qwen_vl.has_value() || gemma3; }
  // The token id image features replace in the prompt; -1 for a text-only model.
  int image_token_id() const {
    return llava     ? llava->image_token_index
           : qwen_vl ? qwen_vl->image_token_id
           : gemma3  ? gemma3->image_token_index
                     : -1;
  }
};

Result<VisionConfig> ParseVisionConfig(const nlohmann::json& j);
Result<TextConfig> ParseTextConfig(const nlohmann::json& j);
// `family`: "qwen2_vl", "qwen2_5_vl" or "qwen3_vl" (vision_config's fields and defaults differ).
Result<QwenVisionConfig> ParseQwenVisionConfig(const nlohmann::json& j, const std::string& family);
Result<ModelConfig> ParseModelConfig(const nlohmann::json& j);
// image_grid_pinpoints ([[height, width], ...], positive integers); `where` names the file.
Result<std::vector<std::array<int, 2>>> ParsePinpoints(const nlohmann::json& v,
                                                       const std::string& where);
// The default image_grid_pinpoints of LlavaNextConfig ("llava_next") or LlavaOnevisionConfig
// ("llava_onevision", also its image processor's); empty for any other model type.
std::vector<std::array<int, 2>> DefaultPinpoints(const std::string& model_type);

// Reads and parses a JSON file, naming the file in any error.
Result<nlohmann::json> ReadJsonFile(const std::string& path);

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
