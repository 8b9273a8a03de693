#include "vlmxla/io/model_config.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include "vlmxla/base/quantize.h"

namespace vlmxla::io {

namespace {

// Typed field access with defaults; a present field of the wrong type is an error, not a default.
class Fields {
 public:
  Fields(const nlohmann::json& j, std::string where) : j_(j), where_(std::move(where)) {}

  Status Int(const char* key, int* out) {
    if (!j_.contains(key) || j_[key].is_null()) return Status::Ok();
    if (!j_[key].is_number_integer()) return Bad(key, "an integer");
    *out = j_[key].get<int>();
    return Status::Ok();
  }
  Status Double(const char* key, double* out) {
    if (!j_.contains(key) || j_[key].is_null()) return Status::Ok();
    if (!j_[key].is_number()) return Bad(key, "a number");
    *out = j_[key].get<double>();
    return Status::Ok();
  }
  Status Bool(const char* key, bool* out) {
    if (!j_.contains(key) || j_[key].is_null()) return Status::Ok();
    if (!j_[key].is_boolean()) return Bad(key, "a boolean");
    *out = j_[key].get<bool>();
    return Status::Ok();
  }
  Status String(const char* key, std::string* out) {
    if (!j_.contains(key) || j_[key].is_null()) return Status::Ok();
    if (!j_[key].is_string()) return Bad(key, "a string");
    *out = j_[key].get<std::string>();
    return Status::Ok();
  }
  Status OptInt(const char* key, std::optional<int>* out) {
    if (!j_.contains(key) || j_[key].is_null()) return Status::Ok();
    if (!j_[key].is_number_integer()) return Bad(key, "an integer");
    *out = j_[key].get<int>();
    return Status::Ok();
  }
  // An integer or a list of integers (eos_token_id, vision_feature_layer).
  Status IntList(const char* key, std::vector<int>* out) {
    if (!j_.contains(key) || j_[key].is_null()) return Status::Ok();
    const auto& v = j_[key];
    if (v.is_number_integer()) {
      *out = {v.get<int>()};
      return Status::Ok();
    }
    if (!v.is_array()) return Bad(key, "an integer or a list of integers");
    out->clear();
    for (const auto& e : v) {
      if (!e.is_number_integer()) return Bad(key, "an integer or a list of integers");
      out->push_back(e.get<int>());
    }
    return Status::Ok();
  }

 private:
  Status Bad(const char* key, const char* what) {
    return InvalidArgument(where_ + ": field '" + key + "' must be " + what + ", got " +
                           j_[key].dump());
  }
  const nlohmann::json& j_;
  std::string where_;
};

// model_type of `j` (`fallback` when absent); a non-string value is an error naming `where`, not
// an exception.
Result<std::string> ModelType(const nlohmann::json& j, const std::string& fallback,
                              const std::string& where) {
  auto it = j.find("model_type");
  if (it == j.end()) return fallback;
  if (!it->is_string()) {
    return InvalidArgument(where + ": field 'model_type' must be a string, got " + it->dump());
  }
  return it->get<std::string>();
}

Status Positive(const std::string& where, const char* name, int v) {
  if (v <= 0)
    return InvalidArgument(where + ": " + name + " must be positive, got " + std::to_string(v));
  return Status::Ok();
}

// Gemma3TextConfig's decoder options: the (1 + w) norms, QK-norm, sandwich norms, the
// attention scale, embedding scale, soft-capping, sliding layers (layer_types, or else
// sliding_window_pattern) and RoPE per layer type (v5's rope_parameters by layer type, or the
// older rope_theta / rope_local_base_freq / rope_scaling).
Status ParseGemma3Options(const nlohmann::json& j, const std::string& where, TextConfig& c) {
  Fields f(j, where);
  c.norm_weight_offset = c.qk_norm = c.sandwich_norms = true;
  c.local_rope_theta = 10000.0;
  c.query_pre_attn_scalar = 256;
  c.sliding_window = 4096;
  // Gemma3TextScaledWordEmbedding: torch.tensor(hidden_size ** 0.5), a float32 scalar.
  c.embed_scale = static_cast<float>(std::sqrt(static_cast<double>(c.hidden_size)));
  VLMXLA_RETURN_IF_ERROR(f.Double("query_pre_attn_scalar", &c.query_pre_attn_scalar));
  VLMXLA_RETURN_IF_ERROR(f.Double("final_logit_softcapping", &c.final_logit_softcapping));
  // attn_logit_softcapping: Gemma3Attention (Transformers 5.23) passes no softcap to its
  // attention function, so the scores are never capped; vlmxla computes what it computes.
  double attn_logit_softcapping = 0;
  VLMXLA_RETURN_IF_ERROR(f.Double("attn_logit_softcapping", &attn_logit_softcapping));
  VLMXLA_RETURN_IF_ERROR(f.Int("sliding_window", &c.sliding_window));
  bool bidirectional = false;
  VLMXLA_RETURN_IF_ERROR(f.Bool("use_bidirectional_attention", &bidirectional));
  if (bidirectional) {
    return Unimplemented(where + ": use_bidirectional_attention is not supported (causal only)");
  }
  for (auto [name, v, least] :
       {std::tuple{"query_pre_attn_scalar", c.query_pre_attn_scalar, 1e-300},
        {"final_logit_softcapping", c.final_logit_softcapping, 0.0},
        {"attn_logit_softcapping", attn_logit_softcapping, 0.0}}) {
    if (v < least) {
      return InvalidArgument(where + ": " + name + " must be " +
                             (least > 0 ? "positive" : "non-negative") + ", got " +
                             std::to_string(v));
    }
  }
  VLMXLA_RETURN_IF_ERROR(Positive(where, "sliding_window", c.sliding_window));
  // Layer types: the list, or every sliding_window_pattern-th layer global (default 6).
  c.sliding_layers.assign(c.num_hidden_layers, false);
  if (j.contains("layer_types") && !j["layer_types"].is_null()) {
    const auto& types = j["layer_types"];
    if (!types.is_array() || static_cast<int>(types.size()) != c.num_hidden_layers) {
      return InvalidArgument(where + ": layer_types must list one type per layer (" +
                             std::to_string(c.num_hidden_layers) + "), got " + types.dump());
    }
    for (int l = 0; l < c.num_hidden_layers; ++l) {
      const std::string t = types[l].is_string() ? types[l].get<std::string>() : "";
      if (t != "sliding_attention" && t != "full_attention") {
        return InvalidArgument(where + ": layer_types[" + std::to_string(l) + "] must be " +
                               "sliding_attention or full_attention, got " + types[l].dump());
      }
      c.sliding_layers[l] = t == "sliding_attention";
    }
  } else {
    int pattern = 6;
    VLMXLA_RETURN_IF_ERROR(f.Int("sliding_window_pattern", &pattern));
    VLMXLA_RETURN_IF_ERROR(Positive(where, "sliding_window_pattern", pattern));
    for (int l = 0; l < c.num_hidden_layers; ++l) c.sliding_layers[l] = (l + 1) % pattern != 0;
  }
  // RoPE: rope_theta (read by the caller) and rope_local_base_freq, rope_scaling on the global
  // layers; v5 files nest {full_attention: {...}, sliding_attention: {...}} in rope_parameters.
  VLMXLA_RETURN_IF_ERROR(f.Double("rope_local_base_freq", &c.local_rope_theta));
  std::string global_type = "default", local_type = "default";
  auto read_scaling = [&](const nlohmann::json& params, const std::string& at, double* theta,
                          std::string* type, double* factor) -> Status {
    if (!params.is_object()) return Status::Ok();
    Fields rf(params, at);
    VLMXLA_RETURN_IF_ERROR(rf.Double("rope_theta", theta));
    VLMXLA_RETURN_IF_ERROR(rf.String("type", type));  // older files' name
    VLMXLA_RETURN_IF_ERROR(rf.String("rope_type", type));
    return rf.Double("factor", factor);
  };
  double unused_factor = 1.0;
  if (j.contains("rope_scaling")) {
    VLMXLA_RETURN_IF_ERROR(read_scaling(j["rope_scaling"], where + " rope_scaling", &c.rope_theta,
                                        &global_type, &c.rope_factor));
  }
  if (j.contains("rope_parameters") && j["rope_parameters"].is_object()) {
    const auto& rp = j["rope_parameters"];
    if (rp.contains("full_attention")) {
      VLMXLA_RETURN_IF_ERROR(read_scaling(rp["full_attention"],
                                          where + " rope_parameters.full_attention", &c.rope_theta,
                                          &global_type, &c.rope_factor));
    }
    if (rp.contains("sliding_attention")) {
      VLMXLA_RETURN_IF_ERROR(read_scaling(rp["sliding_attention"],
                                          where + " rope_parameters.sliding_attention",
                                          &c.local_rope_theta, &local_type, &unused_factor));
    }
  }
  if ((global_type != "default" && global_type != "linear") || local_type != "default") {
    return Unimplemented(where + ": rope types " + global_type + " (global layers) / " +
                         local_type + " (sliding layers) are not supported (default, and linear " +
                         "on the global layers)");
  }
  if (global_type == "default") c.rope_factor = 1.0;
  if (c.rope_factor <= 0) return InvalidArgument(where + ": rope scaling factor must be positive");
  return Status::Ok();
}

}  // namespace

Result<VisionConfig> ParseVisionConfig(const nlohmann::json& j) {
  if (!j.is_object()) return InvalidArgument("vision_config must be an object");
  VisionConfig c;
  VLMXLA_ASSIGN_OR_RETURN(c.model_type, ModelType(j, "clip_vision_model", "vision_config"));
  const std::string where = "vision_config (" + c.model_type + ")";
  if (c.model_type == "clip_vision_model") {
    c = {c.model_type, 768, 3072, 12, 12, 3, 224, 32, "quick_gelu", 1e-5, true};
  } else if (c.model_type == "siglip_vision_model") {
    c = {c.model_type, 768, 3072, 12, 12, 3, 224, 16, "gelu_pytorch_tanh", 1e-6, false};
  } else {
    return Unimplemented("vision tower model_type '" + c.model_type +
                             "' is not supported (supported: clip_vision_model, "
                             "siglip_vision_model)",
                         kReasonUnsupportedModelType);
  }
  Fields f(j, where);
  VLMXLA_RETURN_IF_ERROR(f.Int("hidden_size", &c.hidden_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("intermediate_size", &c.intermediate_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("num_hidden_layers", &c.num_hidden_layers));
  VLMXLA_RETURN_IF_ERROR(f.Int("num_attention_heads", &c.num_attention_heads));
  VLMXLA_RETURN_IF_ERROR(f.Int("num_channels", &c.num_channels));
  VLMXLA_RETURN_IF_ERROR(f.Int("image_size", &c.image_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("patch_size", &c.patch_size));
  VLMXLA_RETURN_IF_ERROR(f.String("hidden_act", &c.hidden_act));
  VLMXLA_RETURN_IF_ERROR(f.Double("layer_norm_eps", &c.layer_norm_eps));
  for (auto [name, v] : {std::pair{"hidden_size", c.hidden_size},
                         {"num_hidden_layers", c.num_hidden_layers},
                         {"num_attention_heads", c.num_attention_heads},
                         {"image_size", c.image_size},
                         {"patch_size", c.patch_size},
                         {"intermediate_size", c.intermediate_size}}) {
    VLMXLA_RETURN_IF_ERROR(Positive(where, name, v));
  }
  if (c.hidden_size % c.num_attention_heads != 0) {
    return InvalidArgument(where + ": hidden_size " + std::to_string(c.hidden_size) +
                           " is not divisible by num_attention_heads " +
                           std::to_string(c.num_attention_heads));
  }
  // image_size need not be a multiple of patch_size: the patch convolution floors (384 / 14 -> 27).
  return c;
}

Result<TextConfig> ParseTextConfig(const nlohmann::json& j) {
  if (!j.is_object()) return InvalidArgument("text_config must be an object");
  TextConfig c;
  VLMXLA_ASSIGN_OR_RETURN(c.model_type, ModelType(j, "llama", "text_config"));
  const std::string where = "text_config (" + c.model_type + ")";
  std::optional<int> kv_heads;
  if (c.model_type == "llama") {
    c.vocab_size = 32000, c.hidden_size = 4096, c.intermediate_size = 11008;
    c.num_hidden_layers = 32, c.num_attention_heads = 32, c.max_position_embeddings = 2048;
    c.bos_token_id = 1, c.eos_token_ids = {2};
  } else if (c.model_type == "mistral") {
    // MistralConfig: the Llama decoder without biases, grouped-query attention by default.
    c.vocab_size = 32000, c.hidden_size = 4096, c.intermediate_size = 14336;
    c.num_hidden_layers = 32, c.num_attention_heads = 32, c.max_position_embeddings = 4096 * 32;
    kv_heads = 8;
    c.bos_token_id = 1, c.eos_token_ids = {2};
  } else if (c.model_type == "qwen2") {
    c.vocab_size = 151936, c.hidden_size = 4096, c.intermediate_size = 22016;
    c.num_hidden_layers = 32, c.num_attention_heads = 32, c.max_position_embeddings = 32768;
    kv_heads = 32;
    c.attention_bias = true;  // Qwen2 always has q/k/v biases and no o_proj bias
  } else if (c.model_type == "qwen2_vl_text" || c.model_type == "qwen2_5_vl_text") {
    // Qwen2VLTextConfig / Qwen2_5_VLTextConfig: a Qwen2 decoder (the same defaults for both).
    c.vocab_size = 152064, c.hidden_size = 8192, c.intermediate_size = 29568;
    c.num_hidden_layers = 80, c.num_attention_heads = 64, c.max_position_embeddings = 32768;
    kv_heads = 8;
    c.rope_theta = 1000000.0;
    c.bos_token_id = 151643, c.eos_token_ids = {151645};
    c.attention_bias = true;
  } else if (c.model_type == "qwen3") {
    // Qwen3Config: the Qwen2 decoder with QK-norm, no biases by default and its own head_dim.
    c.vocab_size = 151936, c.hidden_size = 4096, c.intermediate_size = 22016;
    c.num_hidden_layers = 32, c.num_attention_heads = 32, c.max_position_embeddings = 32768;
    kv_heads = 32;
    c.qk_norm = true;  // Qwen3RMSNorm over head_dim: the plain RMSNorm, no (1 + w)
  } else if (c.model_type == "qwen3_vl_text") {
    // Qwen3VLTextConfig: the Qwen3 decoder (QK-norm, no biases) with interleaved M-RoPE.
    c.vocab_size = 151936, c.hidden_size = 4096, c.intermediate_size = 22016;
    c.num_hidden_layers = 32, c.num_attention_heads = 32, c.max_position_embeddings = 128000;
    kv_heads = 32;
    c.rope_theta = 500000.0;  // Qwen3VLTextConfig.default_theta
    c.qk_norm = true;
    // Qwen3VLTextRotaryEmbedding always interleaves; rope_parameters' flag is not read.
    c.mrope_interleaved = true;
  } else if (c.model_type == "gemma3_text") {
    // Gemma3TextConfig's defaults (gemma-3-1b-like dims).
    c.vocab_size = 262208, c.hidden_size = 2304, c.intermediate_size = 9216;
    c.num_hidden_layers = 26, c.num_attention_heads = 8, c.max_position_embeddings = 131072;
    kv_heads = 4;
    c.bos_token_id = 2, c.eos_token_ids = {1}, c.pad_token_id = 0;
    c.tie_word_embeddings = true;
    c.rope_theta = 1000000.0;  // the global layers' base
  } else {
    return Unimplemented(
        "text decoder model_type '" + c.model_type +
            "' is not supported (supported: llama, mistral, qwen2, qwen3, qwen2_vl_text, "
            "qwen2_5_vl_text, qwen3_vl_text, gemma3_text)",
        kReasonUnsupportedModelType);
  }
  const bool gemma3 = c.model_type == "gemma3_text";
  const bool qwen3_vl = c.model_type == "qwen3_vl_text";
  const bool qwen3 = c.model_type == "qwen3" || qwen3_vl;
  const bool mrope_model = c.model_type != "llama" && c.model_type != "mistral" &&
                           c.model_type != "qwen2" && c.model_type != "qwen3" && !gemma3;
  c.hidden_act = gemma3 ? "gelu_pytorch_tanh" : "silu";
  c.rms_norm_eps = mrope_model && !qwen3_vl ? 1e-5 : 1e-6;
  Fields f(j, where);
  VLMXLA_RETURN_IF_ERROR(f.Int("vocab_size", &c.vocab_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("hidden_size", &c.hidden_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("intermediate_size", &c.intermediate_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("num_hidden_layers", &c.num_hidden_layers));
  VLMXLA_RETURN_IF_ERROR(f.Int("num_attention_heads", &c.num_attention_heads));
  VLMXLA_RETURN_IF_ERROR(f.OptInt("num_key_value_heads", &kv_heads));
  VLMXLA_RETURN_IF_ERROR(f.String("hidden_act", &c.hidden_act));
  VLMXLA_RETURN_IF_ERROR(f.String("hidden_activation", &c.hidden_act));  // Gemma's name for it
  VLMXLA_RETURN_IF_ERROR(f.Int("max_position_embeddings", &c.max_position_embeddings));
  VLMXLA_RETURN_IF_ERROR(f.Double("rms_norm_eps", &c.rms_norm_eps));
  VLMXLA_RETURN_IF_ERROR(f.Bool("tie_word_embeddings", &c.tie_word_embeddings));
  VLMXLA_RETURN_IF_ERROR(f.OptInt("bos_token_id", &c.bos_token_id));
  VLMXLA_RETURN_IF_ERROR(f.OptInt("pad_token_id", &c.pad_token_id));
  VLMXLA_RETURN_IF_ERROR(f.IntList("eos_token_id", &c.eos_token_ids));
  if (c.model_type == "llama") {
    VLMXLA_RETURN_IF_ERROR(f.Bool("attention_bias", &c.attention_bias));
    c.attention_output_bias = c.attention_bias;  // Llama's flag covers o_proj too
    VLMXLA_RETURN_IF_ERROR(f.Bool("mlp_bias", &c.mlp_bias));
  } else if (gemma3 || qwen3) {
    VLMXLA_RETURN_IF_ERROR(f.Bool("attention_bias", &c.attention_bias));
    c.attention_output_bias = c.attention_bias;  // their o_proj takes it too
  }
  c.num_key_value_heads = kv_heads.value_or(c.num_attention_heads);
  if (c.model_type == "qwen3") {
    // Qwen3's sliding layers (use_sliding_window) are not built; no released checkpoint sets it.
    bool sliding = false;
    VLMXLA_RETURN_IF_ERROR(f.Bool("use_sliding_window", &sliding));
    if (sliding) return Unimplemented(where + ": use_sliding_window is not supported yet");
  }
  if (c.model_type == "mistral") {
    // Mistral's sliding window masks keys more than sliding_window positions back; a window that
    // covers every position the model can take changes nothing.
    std::optional<int> window;
    VLMXLA_RETURN_IF_ERROR(f.OptInt("sliding_window", &window));
    if (window && *window < c.max_position_embeddings) {
      return Unimplemented(where + ": sliding_window " + std::to_string(*window) +
                           " shorter than max_position_embeddings " +
                           std::to_string(c.max_position_embeddings) + " is not supported yet");
    }
  }
  // RoPE: Transformers v5 keeps it in rope_parameters; older files have a top-level rope_theta.
  // Gemma 3 keeps one set per layer type (ParseGemma3Options).
  VLMXLA_RETURN_IF_ERROR(f.Double("rope_theta", &c.rope_theta));
  if (gemma3) {
    VLMXLA_RETURN_IF_ERROR(ParseGemma3Options(j, where, c));
  } else if (j.contains("rope_parameters") && j["rope_parameters"].is_object()) {
    const auto& rp = j["rope_parameters"];
    Fields rf(rp, where + " rope_parameters");
    VLMXLA_RETURN_IF_ERROR(rf.Double("rope_theta", &c.rope_theta));
    VLMXLA_RETURN_IF_ERROR(rf.String("rope_type", &c.rope_type));
    VLMXLA_RETURN_IF_ERROR(rf.IntList("mrope_section", &c.mrope_section));
  }
  for (const char* key : {"rope_scaling"}) {
    if (!gemma3 && j.contains(key) && j[key].is_object()) {
      // Older Qwen2-VL files: {"type": "mrope", "mrope_section": [...]}; "mrope" is default RoPE
      // with sections.
      Fields sf(j[key], where + " " + key);
      VLMXLA_RETURN_IF_ERROR(sf.IntList("mrope_section", &c.mrope_section));
      std::string type = j[key].value("rope_type", j[key].value("type", std::string("default")));
      if (type != "default" && type != "mrope") c.rope_type = type;
    }
  }
  if (c.rope_type == "mrope") c.rope_type = "default";
  if (c.rope_type != "default") {
    return Unimplemented(where + ": rope_type '" + c.rope_type +
                         "' is not supported (only default)");
  }
  for (auto [name, v] : {std::pair{"vocab_size", c.vocab_size},
                         {"hidden_size", c.hidden_size},
                         {"num_hidden_layers", c.num_hidden_layers},
                         {"num_attention_heads", c.num_attention_heads},
                         {"num_key_value_heads", c.num_key_value_heads},
                         {"intermediate_size", c.intermediate_size}}) {
    VLMXLA_RETURN_IF_ERROR(Positive(where, name, v));
  }
  c.head_dim = gemma3 ? 256 : qwen3 ? 128 : c.hidden_size / c.num_attention_heads;
  VLMXLA_RETURN_IF_ERROR(f.Int("head_dim", &c.head_dim));
  if (c.num_attention_heads % c.num_key_value_heads != 0) {
    return InvalidArgument(
        where + ": num_attention_heads " + std::to_string(c.num_attention_heads) +
        " is not a multiple of num_key_value_heads " + std::to_string(c.num_key_value_heads));
  }
  // Qwen2VLTextRotaryEmbedding's default sections (temporal, height, width); Qwen3-VL's.
  if (mrope_model && c.mrope_section.empty()) {
    c.mrope_section = qwen3_vl ? std::vector<int>{24, 20, 20} : std::vector<int>{16, 24, 24};
  }
  if (!c.mrope_section.empty()) {
    int64_t sum = 0;
    for (int s : c.mrope_section) {
      if (s < 0) return InvalidArgument(where + ": mrope_section has a negative entry");
      sum += s;
    }
    if (c.mrope_section.size() != 3 || sum * 2 != c.head_dim) {
      return InvalidArgument(where + ": mrope_section must be 3 entries summing to head_dim / 2 (" +
                             std::to_string(c.head_dim / 2) + "), got " +
                             std::to_string(c.mrope_section.size()) + " entries summing to " +
                             std::to_string(sum));
    }
  }
  return c;
}

Result<QwenVisionConfig> ParseQwenVisionConfig(const nlohmann::json& j, const std::string& family) {
  if (!j.is_object()) return InvalidArgument("vision_config must be an object");
  QwenVisionConfig c;
  const std::string where = "vision_config (" + family + ")";
  Fields f(j, where);
  VLMXLA_RETURN_IF_ERROR(f.Int("depth", &c.depth));
  VLMXLA_RETURN_IF_ERROR(f.Int("num_heads", &c.num_heads));
  VLMXLA_RETURN_IF_ERROR(f.Int("in_channels", &c.in_channels));
  VLMXLA_RETURN_IF_ERROR(f.Int("patch_size", &c.patch_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("temporal_patch_size", &c.temporal_patch_size));
  VLMXLA_RETURN_IF_ERROR(f.Int("spatial_merge_size", &c.spatial_merge_size));
  if (j.contains("rope_parameters") && j["rope_parameters"].is_object()) {
    Fields rf(j["rope_parameters"], where + " rope_parameters");
    VLMXLA_RETURN_IF_ERROR(rf.Double("rope_theta", &c.rope_theta));
  }
  if (family == "qwen2_vl") {
    int embed_dim = 1280, mlp_ratio = 4, hidden = 3584;
    VLMXLA_RETURN_IF_ERROR(f.Int("embed_dim", &embed_dim));
    VLMXLA_RETURN_IF_ERROR(f.Int("mlp_ratio", &mlp_ratio));
    VLMXLA_RETURN_IF_ERROR(f.Int("hidden_size", &hidden));
    c.hidden_size = embed_dim;
    c.intermediate_size = embed_dim * mlp_ratio;
    c.out_hidden_size = hidden;
    c.hidden_act = "quick_gelu";
  } else if (family == "qwen3_vl") {
    // Qwen3VLVisionConfig: LayerNorm blocks with a GELU-tanh MLP (fc1/fc2, biases), a learned
    // position table resampled to each grid, DeepStack mergers after the listed blocks.
    c.depth = 27, c.hidden_size = 1152, c.intermediate_size = 4304, c.num_heads = 16;
    c.patch_size = 16, c.out_hidden_size = 3584, c.hidden_act = "gelu_pytorch_tanh";
    c.num_position_embeddings = 2304, c.deepstack_visual_indexes = {8, 16, 24};
    VLMXLA_RETURN_IF_ERROR(f.Int("depth", &c.depth));
    VLMXLA_RETURN_IF_ERROR(f.Int("num_heads", &c.num_heads));
    VLMXLA_RETURN_IF_ERROR(f.Int("patch_size", &c.patch_size));
    VLMXLA_RETURN_IF_ERROR(f.Int("hidden_size", &c.hidden_size));
    VLMXLA_RETURN_IF_ERROR(f.Int("intermediate_size", &c.intermediate_size));
    VLMXLA_RETURN_IF_ERROR(f.Int("out_hidden_size", &c.out_hidden_size));
    VLMXLA_RETURN_IF_ERROR(f.Int("num_position_embeddings", &c.num_position_embeddings));
    VLMXLA_RETURN_IF_ERROR(f.IntList("deepstack_visual_indexes", &c.deepstack_visual_indexes));
    const int side = static_cast<int>(std::lround(std::sqrt(c.num_position_embeddings)));
    if (c.num_position_embeddings <= 0 || side * side != c.num_position_embeddings) {
      return InvalidArgument(where + ": num_position_embeddings must be a positive square, got " +
                             std::to_string(c.num_position_embeddings));
    }
    for (int b : c.deepstack_visual_indexes) {
      if (b < 0 || b >= c.depth) {
        return OutOfRange(where + ": deepstack_visual_indexes entry " + std::to_string(b) +
                          " is outside the " + std::to_string(c.depth) + " blocks");
      }
    }
  } else {
    c.hidden_size = 3584, c.intermediate_size = 3420, c.out_hidden_size = 3584;
    c.hidden_act = "silu";
    c.gated_mlp = true, c.rms_norm = true;
    c.window_size = 112, c.fullatt_block_indexes = {7, 15, 23, 31};
    VLMXLA_RETURN_IF_ERROR(f.Int("hidden_size", &c.hidden_size));
    VLMXLA_RETURN_IF_ERROR(f.Int("intermediate_size", &c.intermediate_size));
    VLMXLA_RETURN_IF_ERROR(f.Int("out_hidden_size", &c.out_hidden_size));
    VLMXLA_RETURN_IF_ERROR(f.Int("window_size", &c.window_size));
    VLMXLA_RETURN_IF_ERROR(f.IntList("fullatt_block_indexes", &c.fullatt_block_indexes));
  }
  VLMXLA_RETURN_IF_ERROR(f.String("hidden_act", &c.hidden_act));
  for (auto [name, v] : {std::pair{"depth", c.depth},
                         {"hidden_size", c.hidden_size},
                         {"intermediate_size", c.intermediate_size},
                         {"num_heads", c.num_heads},
                         {"in_channels", c.in_channels},
                         {"patch_size", c.patch_size},
                         {"temporal_patch_size", c.temporal_patch_size},
                         {"spatial_merge_size", c.spatial_merge_size},
                         {"out_hidden_size", c.out_hidden_size}}) {
    VLMXLA_RETURN_IF_ERROR(Positive(where, name, v));
  }
  if (c.hidden_size % c.num_heads != 0 || c.head_dim() % 4 != 0) {
    return InvalidArgument(where + ": hidden_size " + std::to_string(c.hidden_size) + " over " +
                           std::to_string(c.num_heads) +
                           " heads must give a head_dim divisible by 4 (2D rotary)");
  }
  if (c.window_size < 0) return InvalidArgument(where + ": window_size must be >= 0");
  for (int b : c.fullatt_block_indexes) {
    if (b < 0 || b >= c.depth) {
      return OutOfRange(where + ": fullatt_block_indexes entry " + std::to_string(b) +
                        " is outside the " + std::to_string(c.depth) + " blocks");
    }
  }
  return c;
}

int LlavaConfig::image_tokens_per_image() const {
  int n = vision.num_positions();
  if (vision_feature_select_strategy == "default") n -= 1;  // drops the first (class) token
  return n;
}

namespace {

// "dtype" or "torch_dtype" of `j` (a string; anything else is ignored as absent).
std::string DeclaredDtype(const nlohmann::json& j) {
  if (!j.is_object()) return "";
  for (const char* key : {"dtype", "torch_dtype"}) {
    auto it = j.find(key);
    if (it != j.end() && it->is_string()) return it->get<std::string>();
  }
  return "";
}

}  // namespace

namespace {

// Gemma3Config (`m` holds its model_type and dtype): the nested SigLIP and Gemma 3 text configs
// (Transformers' defaults where absent) and the image token ids.
Result<ModelConfig> ParseGemma3Config(const nlohmann::json& j, ModelConfig m) {
  auto sub = [&](const char* key, const char* model_type) {
    return j.contains(key) && j[key].is_object() ? j[key]
                                                 : nlohmann::json{{"model_type", model_type}};
  };
  Gemma3Config g;
  auto v = ParseVisionConfig(sub("vision_config", "siglip_vision_model"));
  if (!v.ok()) return v.status().WithContext("config.json");
  if (v->model_type != "siglip_vision_model") {
    return Unimplemented("config.json: a gemma3 vision tower must be siglip_vision_model, got '" +
                         v->model_type + "'");
  }
  nlohmann::json text = sub("text_config", "gemma3_text");
  if (!text.contains("model_type")) text["model_type"] = "gemma3_text";
  if (!text.contains("tie_word_embeddings") && j.contains("tie_word_embeddings")) {
    text["tie_word_embeddings"] = j["tie_word_embeddings"];
  }
  auto t = ParseTextConfig(text);
  if (!t.ok()) return t.status().WithContext("config.json");
  g.vision = *v;
  g.text = *t;
  g.text.weights_prefix = "language_model.";
  g.text.bidirectional_image_blocks = true;
  Fields f(j, "config.json");
  // Gemma3ForConditionalGeneration soft-caps its logits by the top-level config's
  // final_logit_softcapping, which Gemma3Config does not have: text_config's is never applied.
  g.text.final_logit_softcapping = 0;
  VLMXLA_RETURN_IF_ERROR(f.Double("final_logit_softcapping", &g.text.final_logit_softcapping));
  VLMXLA_RETURN_IF_ERROR(f.Int("mm_tokens_per_image", &g.mm_tokens_per_image));
  // Transformers maps the *_token_id names onto the *_token_index ones.
  for (auto [id, index, field] : {std::tuple{"boi_token_id", "boi_token_index", &g.boi_token_index},
                                  {"eoi_token_id", "eoi_token_index", &g.eoi_token_index},
                                  {"image_token_id", "image_token_index", &g.image_token_index}}) {
    VLMXLA_RETURN_IF_ERROR(f.Int(id, field));
    VLMXLA_RETURN_IF_ERROR(f.Int(index, field));
  }
  // The projector pools the g x g patch grid with a k x k kernel, k = g / sqrt(tokens), and
  // must land on exactly sqrt(tokens) per side (nn.AvgPool2d's floor((g - k) / k) + 1).
  const int grid = g.vision.image_size / g.vision.patch_size;
  const int side = static_cast<int>(std::lround(std::sqrt(g.mm_tokens_per_image)));
  if (g.mm_tokens_per_image < 1 || side * side != g.mm_tokens_per_image || side > grid ||
      grid / (grid / side) != side) {
    return InvalidArgument("config.json: mm_tokens_per_image " +
                           std::to_string(g.mm_tokens_per_image) +
                           " must be a square whose side pools the " + std::to_string(grid) + "x" +
                           std::to_string(grid) + " patch grid evenly");
  }
  m.text = g.text;
  m.gemma3 = std::move(g);
  return m;
}

}  // namespace

namespace {

// "int8" | "int4" | "w8a8" | "w4a8" for the compressed-tensors quantization_config `vlmxla
// quantize` writes (symmetric int weights: channel-wise 8 bits, or 4 bits in groups of 32, in one
// config group per format: the projections' and, under int4, the LM head's 8-bit one, with the
// top-level format "mixed-precision" and each group's own; w8a8: 8 bits a channel with dynamic
// symmetric 8-bit per-token input activations; w4a8: 4 bits in groups with those activations, its
// head's group w8a8's); empty when there is none; an error for any other quantization, which vlmxla
// cannot run.
Result<std::string> Quantization(const nlohmann::json& j) {
  if (!j.contains("quantization_config") || j["quantization_config"].is_null())
    return std::string();
  const nlohmann::json& q = j["quantization_config"];
  const std::string unsupported =
      "config.json: quantization_config is not one vlmxla runs (compressed-tensors, symmetric "
      "int weights, 8 bits per channel or 4 bits in groups of 32, optionally with dynamic 8-bit "
      "per-token activations, as `vlmxla quantize` writes)";
  if (!q.is_object() || q.value("quant_method", "") != "compressed-tensors" ||
      !q.contains("config_groups") || !q["config_groups"].is_object() ||
      q["config_groups"].empty() || q["config_groups"].size() > 2) {
    return InvalidArgument(unsupported);
  }
  const std::string top_format = q.value("format", "");
  bool int4 = false, activations = false, weight_only = false;
  for (const auto& [name, group] : q["config_groups"].items()) {
    if (!group.is_object() || !group.contains("weights") || !group["weights"].is_object()) {
      return InvalidArgument(unsupported);
    }
    const nlohmann::json& w = group["weights"];
    const int bits = w.value("num_bits", 0);
    const std::string strategy = w.value("strategy", "");
    const std::string format =
        top_format == "mixed-precision" ? group.value("format", "") : top_format;
    if (!w.value("symmetric", false)) return InvalidArgument(unsupported);
    const nlohmann::json none = nullptr;
    const nlohmann::json& a =
        group.contains("input_activations") ? group["input_activations"] : none;
    const bool channel8 = bits == 8 && strategy == "channel" && format == "int-quantized";
    const bool group4 = bits == 4 && strategy == "group" &&
                        w.value("group_size", 0) == kInt4GroupSize && format == "pack-quantized";
    if (!channel8 && !group4) return InvalidArgument(unsupported);
    int4 = int4 || group4;
    if (!a.is_null()) {
      // Only w8a8's and w4a8's: 8-bit symmetric ints, dynamic, one scale per token.
      if (!a.is_object() || a.value("num_bits", 0) != 8 || a.value("type", "") != "int" ||
          !a.value("symmetric", false) || !a.value("dynamic", false) ||
          a.value("strategy", "") != "token") {
        return InvalidArgument(unsupported);
      }
      activations = true;
    } else {
      weight_only = true;
    }
  }
  // One definition a checkpoint: w8a8's and w4a8's head quantizes its activations as their
  // projections do.
  if (activations && weight_only) return InvalidArgument(unsupported);
  if (activations) return std::string(int4 ? "w4a8" : "w8a8");
  return std::string(int4 ? "int4" : "int8");
}

}  // namespace

Result<ModelConfig> ParseModelConfig(const nlohmann::json& j) {
  if (!j.is_object()) return InvalidArgument("config.json must hold a JSON object");
  ModelConfig m;
  VLMXLA_ASSIGN_OR_RETURN(m.quantization, Quantization(j));
  m.torch_dtype = DeclaredDtype(j);
  if (m.torch_dtype.empty() && j.contains("text_config")) {
    m.torch_dtype = DeclaredDtype(j["text_config"]);
  }
  VLMXLA_ASSIGN_OR_RETURN(m.model_type, ModelType(j, "", "config.json"));
  if (m.model_type == "llama" || m.model_type == "qwen2" || m.model_type == "qwen3" ||
      m.model_type == "gemma3_text") {
    VLMXLA_ASSIGN_OR_RETURN(m.text, ParseTextConfig(j));
    return m;
  }
  if (m.model_type == "qwen2_vl" || m.model_type == "qwen2_5_vl" || m.model_type == "qwen3_vl") {
    QwenVLConfig q;
    q.family = m.model_type;
    // Transformers v5 nests text_config; older files keep the decoder's fields at the top level.
    const bool nested = j.contains("text_config") && j["text_config"].is_object();
    nlohmann::json text = nested ? j["text_config"] : j;
    // A nested decoder of another kind (qwen3_vl_moe_text under qwen3_vl) is not this one.
    if (nested && text.contains("model_type") && text["model_type"].is_string() &&
        text["model_type"].get<std::string>() != m.model_type + "_text") {
      return Unimplemented("config.json: text_config model_type '" +
                               text["model_type"].get<std::string>() + "' is not supported under " +
                               m.model_type + " (supported: " + m.model_type + "_text)",
                           kReasonUnsupportedModelType);
    }
    text["model_type"] = m.model_type + "_text";
    if (!text.contains("tie_word_embeddings") && j.contains("tie_word_embeddings")) {
      text["tie_word_embeddings"] = j["tie_word_embeddings"];
    }
    auto t = ParseTextConfig(text);
    if (!t.ok()) return t.status().WithContext("config.json");
    q.text = *t;
    auto v = ParseQwenVisionConfig(
        j.contains("vision_config") ? j["vision_config"] : nlohmann::json::object(), q.family);
    if (!v.ok()) return v.status().WithContext("config.json");
    q.vision = *v;
    if (q.family == "qwen3_vl") {
      // Saved as model.language_model.* / lm_head.* (io::CheckpointWeights' aliases).
      q.text.weights_prefix = "language_model.";
      q.text.deepstack_layers = static_cast<int>(q.vision.deepstack_visual_indexes.size());
      if (q.text.deepstack_layers > q.text.num_hidden_layers) {
        return InvalidArgument("config.json: " + std::to_string(q.text.deepstack_layers) +
                               " DeepStack layers for a decoder of " +
                               std::to_string(q.text.num_hidden_layers) + " layers");
      }
    }
    Fields f(j, "config.json");
    VLMXLA_RETURN_IF_ERROR(f.Int("image_token_id", &q.image_token_id));
    VLMXLA_RETURN_IF_ERROR(f.Int("video_token_id", &q.video_token_id));
    VLMXLA_RETURN_IF_ERROR(f.Int("vision_start_token_id", &q.vision_start_token_id));
    VLMXLA_RETURN_IF_ERROR(f.Int("vision_end_token_id", &q.vision_end_token_id));
    if (q.vision.out_hidden_size != q.text.hidden_size) {
      return InvalidArgument(
          "config.json: vision_config's output width " + std::to_string(q.vision.out_hidden_size) +
          " differs from the decoder's hidden_size " + std::to_string(q.text.hidden_size));
    }
    m.text = q.text;
    m.qwen_vl = std::move(q);
    return m;
  }
  if (m.model_type == "gemma3") return ParseGemma3Config(j, std::move(m));
  const bool next = m.model_type == "llava_next", onevision = m.model_type == "llava_onevision";
  if (m.model_type != "llava" && !next && !onevision) {
    return Unimplemented(
        "model_type '" + m.model_type +
            "' is not supported (supported: llava, llava_next, llava_onevision, "
            "qwen2_vl, qwen2_5_vl, qwen3_vl, gemma3, llama, qwen2, qwen3, gemma3_text)",
        kReasonUnsupportedModelType);
  }
  LlavaConfig l;
  // The default tower when vision_config is absent: CLIP ViT-L/14 at 336 px (LlavaConfig,
  // LlavaNextConfig), SigLIP so400m at 384 px without its head (LlavaOnevisionConfig); and the
  // default decoder: Llama, or Qwen2 for LLaVA-OneVision.
  const nlohmann::json default_vision = onevision
                                            ? nlohmann::json{{"model_type", "siglip_vision_model"},
                                                             {"hidden_size", 1152},
                                                             {"intermediate_size", 4304},
                                                             {"patch_size", 14},
                                                             {"image_size", 384},
                                                             {"num_hidden_layers", 26},
                                                             {"num_attention_heads", 16}}
                                            : nlohmann::json{{"model_type", "clip_vision_model"},
                                                             {"intermediate_size", 4096},
                                                             {"hidden_size", 1024},
                                                             {"patch_size", 14},
                                                             {"image_size", 336},
                                                             {"num_hidden_layers", 24},
                                                             {"num_attention_heads", 16}};
  nlohmann::json vision = j.contains("vision_config") && !j["vision_config"].is_null()
                              ? j["vision_config"]
                              : default_vision;
  nlohmann::json text = j.contains("text_config") && !j["text_config"].is_null()
                            ? j["text_config"]
                            : nlohmann::json{{"model_type", onevision ? "qwen2" : "llama"}};
  if (onevision) {
    l.image_token_index = 151646;
    l.vision_feature_select_strategy = "full";
    l.vision_feature_layers = {-1};
    l.vision_aspect_ratio = "anyres_max_9";
    l.video_token_index = 151647;
  }
  if (next || onevision) {
    l.image_grid_pinpoints = DefaultPinpoints(m.model_type);
    if (j.contains("image_grid_pinpoints") && !j["image_grid_pinpoints"].is_null()) {
      VLMXLA_ASSIGN_OR_RETURN(l.image_grid_pinpoints,
                              ParsePinpoints(j["image_grid_pinpoints"], "config.json"));
    }
  }
  auto v = ParseVisionConfig(vision);
  if (!v.ok()) return v.status().WithContext("config.json");
  auto t = ParseTextConfig(text);
  if (!t.ok()) return t.status().WithContext("config.json");
  l.vision = *v;
  l.text = *t;
  l.text.weights_prefix = "language_model.";
  Fields f(j, "config.json");
  // Transformers maps image_token_id onto image_token_index.
  VLMXLA_RETURN_IF_ERROR(f.Int("image_token_id", &l.image_token_index));
  VLMXLA_RETURN_IF_ERROR(f.Int("image_token_index", &l.image_token_index));
  VLMXLA_RETURN_IF_ERROR(f.Int("image_seq_length", &l.image_seq_length));
  VLMXLA_RETURN_IF_ERROR(f.String("projector_hidden_act", &l.projector_hidden_act));
  VLMXLA_RETURN_IF_ERROR(
      f.String("vision_feature_select_strategy", &l.vision_feature_select_strategy));
  VLMXLA_RETURN_IF_ERROR(f.IntList("vision_feature_layer", &l.vision_feature_layers));
  VLMXLA_RETURN_IF_ERROR(f.Bool("multimodal_projector_bias", &l.multimodal_projector_bias));
  VLMXLA_RETURN_IF_ERROR(f.Bool("tie_word_embeddings", &l.tie_word_embeddings));
  if (onevision) {
    VLMXLA_RETURN_IF_ERROR(f.String("vision_aspect_ratio", &l.vision_aspect_ratio));
    // Transformers maps video_token_id onto video_token_index.
    VLMXLA_RETURN_IF_ERROR(f.Int("video_token_id", &l.video_token_index));
    VLMXLA_RETURN_IF_ERROR(f.Int("video_token_index", &l.video_token_index));
  }
  if (l.vision_feature_select_strategy != "default" && l.vision_feature_select_strategy != "full") {
    return InvalidArgument(
        "config.json: vision_feature_select_strategy must be 'default' or 'full', got '" +
        l.vision_feature_select_strategy + "'");
  }
  if (l.vision_feature_layers.empty()) {
    return InvalidArgument("config.json: vision_feature_layer is an empty list");
  }
  const int layers = l.vision.num_hidden_layers;
  for (int layer : l.vision_feature_layers) {
    // hidden_states has layers+1 entries (embeddings first); Python indexing rules apply.
    if (layer < -(layers + 1) || layer > layers) {
      return OutOfRange("config.json: vision_feature_layer " + std::to_string(layer) +
                        " is outside the tower's " + std::to_string(layers + 1) + " hidden states");
    }
  }
  m.text = l.text;
  m.llava = std::move(l);
  return m;
}

Result<std::vector<std::array<int, 2>>> ParsePinpoints(const nlohmann::json& v,
                                                       const std::string& where) {
  const std::string what = where + ": image_grid_pinpoints must be a non-empty list of " +
                           "[height, width] pairs of positive integers; got " + v.dump();
  if (!v.is_array() || v.empty()) return InvalidArgument(what);
  std::vector<std::array<int, 2>> out;
  for (const auto& p : v) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_integer() ||
        p[0].get<int64_t>() <= 0 || p[1].get<int64_t>() <= 0 || p[0].get<int64_t>() > (1 << 20) ||
        p[1].get<int64_t>() > (1 << 20)) {
      return InvalidArgument(what);
    }
    out.push_back({p[0].get<int>(), p[1].get<int>()});
  }
  return out;
}

std::vector<std::array<int, 2>> DefaultPinpoints(const std::string& model_type) {
  if (model_type == "llava_next")
    return {{336, 672}, {672, 336}, {672, 672}, {1008, 336}, {336, 1008}};
  std::vector<std::array<int, 2>> out;
  if (model_type != "llava_onevision") return out;
  for (int i = 1; i <= 6; ++i)  // every (384 i, 384 j) for i, j in 1..6
    for (int k = 1; k <= 6; ++k) out.push_back({384 * i, 384 * k});
  return out;
}

Result<nlohmann::json> ReadJsonFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  auto j = nlohmann::json::parse(ss.str(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return InvalidArgument(path + " is not valid JSON");
  return j;
}

Result<ModelDir> ModelDir::Open(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    return NotFound("model directory " + dir + " does not exist");
  }
  ModelDir m;
  m.dir_ = dir;
  while (m.dir_.size() > 1 && m.dir_.back() == '/') m.dir_.pop_back();
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json config, ReadJsonFile(m.Path("config.json")));
  auto parsed = ParseModelConfig(config);
  if (!parsed.ok()) return parsed.status().WithContext(m.Path("config.json"));
  m.config_ = std::move(parsed).value();
  return m;
}

bool ModelDir::HasFile(const std::string& file) const {
  std::error_code ec;
  return std::filesystem::is_regular_file(Path(file), ec);
}

Result<std::vector<std::string>> ModelDir::WeightFiles() const {
  if (HasFile("model.safetensors.index.json")) {
    VLMXLA_ASSIGN_OR_RETURN(nlohmann::json index,
                            ReadJsonFile(Path("model.safetensors.index.json")));
    if (!index.contains("weight_map") || !index["weight_map"].is_object()) {
      return InvalidArgument(Path("model.safetensors.index.json") + " has no weight_map object");
    }
    std::set<std::string> shards;
    for (auto& [name, shard] : index["weight_map"].items()) {
      if (!shard.is_string())
        return InvalidArgument("weight_map entry for " + name + " is not a string");
      shards.insert(shard.get<std::string>());
    }
    std::vector<std::string> out;
    for (const auto& s : shards) out.push_back(Path(s));
    return out;
  }
  if (HasFile("model.safetensors")) return std::vector<std::string>{Path("model.safetensors")};
  return NotFound("no model.safetensors or model.safetensors.index.json in " + dir_);
}

}  // namespace vlmxla::io
