#include "vlmxla/prompt/preparer.h"

#include <algorithm>
#include <tuple>

#include "vlmxla/prompt/mrope_positions.h"

namespace vlmxla::prompt {

namespace {

// tokenizer_config.json spells a special token as a string or as {"content": ...}.
std::optional<std::string> TokenString(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_object() && v.contains("content") && v["content"].is_string())
    return v["content"].get<std::string>();
  return std::nullopt;
}

// The special-token strings Transformers passes to every chat template (special_tokens_map).
Result<nlohmann::ordered_json> SpecialTokensMap(const io::ModelDir& model) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const char* file : {"special_tokens_map.json", "tokenizer_config.json"}) {
    if (!model.HasFile(file)) continue;
    VLMXLA_ASSIGN_OR_RETURN(nlohmann::json j, io::ReadJsonFile(model.Path(file)));
    for (const char* key : {"bos_token", "eos_token", "unk_token", "sep_token", "pad_token",
                            "cls_token", "mask_token"}) {
      if (out.contains(key) || !j.contains(key)) continue;
      if (auto s = TokenString(j[key])) out[key] = *s;
    }
  }
  return out;
}

Result<ProcessorSettings> ReadProcessorSettings(const io::ModelDir& model) {
  ProcessorSettings s;
  const auto& llava = model.config().llava;
  if (llava) {
    // Defaults from the model: what LlavaProcessor would need to agree with it.
    s.patch_size = llava->vision.patch_size;
    s.num_additional_image_tokens = llava->vision.has_class_token ? 1 : 0;
    s.vision_feature_select_strategy = llava->vision_feature_select_strategy;
  }
  if (const auto& qwen = model.config().qwen_vl) {
    s.patch_size = qwen->vision.patch_size;
    s.image_token = "<|image_pad|>";  // Qwen2VLProcessor's placeholder
  }
  if (!model.HasFile("processor_config.json")) return s;
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json j, io::ReadJsonFile(model.Path("processor_config.json")));
  const std::string where = model.Path("processor_config.json");
  auto get_int = [&](const char* key, int* out) -> Status {
    if (!j.contains(key) || j[key].is_null()) return Status::Ok();
    if (!j[key].is_number_integer())
      return InvalidArgument(where + ": '" + key + "' must be an integer");
    *out = j[key].get<int>();
    return Status::Ok();
  };
  auto get_str = [&](const char* key, std::string* out) -> Status {
    if (!j.contains(key) || j[key].is_null()) return Status::Ok();
    if (!j[key].is_string()) return InvalidArgument(where + ": '" + key + "' must be a string");
    *out = j[key].get<std::string>();
    return Status::Ok();
  };
  VLMXLA_RETURN_IF_ERROR(get_int("patch_size", &s.patch_size));
  VLMXLA_RETURN_IF_ERROR(get_int("num_additional_image_tokens", &s.num_additional_image_tokens));
  VLMXLA_RETURN_IF_ERROR(
      get_str("vision_feature_select_strategy", &s.vision_feature_select_strategy));
  VLMXLA_RETURN_IF_ERROR(get_str("image_token", &s.image_token));
  return s;
}

// The placeholder string must be the token config.json names as the image token.
Status CheckImageToken(const text::Tokenizer& tokenizer, const std::string& token, int32_t id,
                       const char* config_field) {
  auto found = tokenizer.TokenToId(token);
  if (found && *found == id) return Status::Ok();
  return FailedPrecondition(
      "image token '" + token + "' is " +
      (found ? "id " + std::to_string(*found) : std::string("not in the vocabulary")) +
      " in tokenizer.json but config.json says " + config_field + " " + std::to_string(id));
}

// The processor's patch geometry must be the vision tower's, or the token counts disagree.
Status CheckQwenGeometry(const vision::QwenImageProcessorConfig& p, const io::QwenVisionConfig& v) {
  for (auto [name, processor, model] :
       {std::tuple{"patch_size", p.patch_size, v.patch_size},
        std::tuple{"merge_size", p.merge_size, v.spatial_merge_size},
        std::tuple{"temporal_patch_size", p.temporal_patch_size, v.temporal_patch_size}}) {
    if (processor != model) {
      return FailedPrecondition(std::string("the image processor's ") + name + " is " +
                                std::to_string(processor) + " but the vision tower's is " +
                                std::to_string(model));
    }
  }
  return Status::Ok();
}

}  // namespace

Result<Preparer> Preparer::Load(const std::string& model_dir) {
  Preparer p;
  VLMXLA_ASSIGN_OR_RETURN(io::ModelDir dir, io::ModelDir::Open(model_dir));
  p.model_ = std::make_shared<io::ModelDir>(std::move(dir));
  auto tok = text::Tokenizer::FromFile(p.model_->Path("tokenizer.json"));
  if (!tok.ok()) return tok.status().WithContext("loading the tokenizer");
  p.tokenizer_ = std::make_shared<text::Tokenizer>(std::move(tok).value());
  auto source = text::LoadChatTemplate(p.model_->dir());
  if (!source.ok()) return source.status().WithContext("loading the chat template");
  auto tmpl = text::ChatTemplate::Parse(*source);
  if (!tmpl.ok()) return tmpl.status().WithContext("parsing the chat template");
  p.template_ = std::make_shared<text::ChatTemplate>(std::move(tmpl).value());
  VLMXLA_ASSIGN_OR_RETURN(p.special_tokens_, SpecialTokensMap(*p.model_));
  VLMXLA_ASSIGN_OR_RETURN(p.settings_, ReadProcessorSettings(*p.model_));

  if (const auto& llava = p.model_->config().llava) {
    auto proc = vision::ImageProcessor::FromModelDir(p.model_->dir());
    if (!proc.ok()) return proc.status().WithContext("loading the image processor");
    p.image_processor_ = std::make_shared<vision::ImageProcessor>(std::move(proc).value());
    p.image_token_id_ = llava->image_token_index;
    VLMXLA_RETURN_IF_ERROR(CheckImageToken(*p.tokenizer_, p.settings_.image_token,
                                           p.image_token_id_, "image_token_index"));
  } else if (const auto& qwen = p.model_->config().qwen_vl) {
    auto proc = vision::QwenImageProcessor::FromModelDir(p.model_->dir());
    if (!proc.ok()) return proc.status().WithContext("loading the image processor");
    VLMXLA_RETURN_IF_ERROR(
        CheckQwenGeometry(proc->config(), qwen->vision).WithContext(p.model_->dir()));
    p.qwen_processor_ = std::make_shared<vision::QwenImageProcessor>(std::move(proc).value());
    p.image_token_id_ = qwen->image_token_id;
    p.video_token_id_ = qwen->video_token_id;
    VLMXLA_RETURN_IF_ERROR(CheckImageToken(*p.tokenizer_, p.settings_.image_token,
                                           p.image_token_id_, "image_token_id"));
  }
  return p;
}

Result<std::string> Preparer::Render(const std::vector<Message>& messages) const {
  nlohmann::ordered_json context = special_tokens_;
  context["messages"] = MessagesToJson(messages);
  // Transformers always passes these, so templates may test `tools is none`.
  context["tools"] = nullptr;
  context["documents"] = nullptr;
  context["add_generation_prompt"] = true;
  return template_->Render(context);
}

Result<std::vector<int32_t>> Preparer::EncodePrompt(std::string_view text, bool add_special_tokens,
                                                    int64_t context_capacity) const {
  // Counting on to twice the capacity costs little and keeps the exact count in the message of
  // a prompt that is only somewhat too long.
  const size_t max_ids = 2 * static_cast<size_t>(std::max<int64_t>(context_capacity, 0));
  auto ids = tokenizer_->EncodeAtMost(text, add_special_tokens, max_ids);
  if (!ids.ok() && ids.status().reason() == text::kReasonTooManyTokens) {
    return OutOfRange("prompt needs more than " + std::to_string(max_ids) +
                          " positions but context capacity is " + std::to_string(context_capacity) +
                          "; " + ids.status().message(),
                      kReasonContextLengthExceeded);
  }
  return ids;
}

Result<PreparedPrefill> Preparer::Prepare(const std::vector<Message>& messages,
                                          const std::vector<vision::Image>& images,
                                          int64_t context_capacity) const {
  const int image_parts = CountImages(messages);
  if (!image_processor_ && !qwen_processor_ && (image_parts > 0 || !images.empty())) {
    const size_t n = std::max<size_t>(image_parts, images.size());
    return InvalidArgument("this model (" + model_->config().model_type +
                               ", text-only) takes no images, but the request has " +
                               std::to_string(n) + (n == 1 ? " image" : " images"),
                           kReasonImagesUnsupported);
  }
  if (image_parts != static_cast<int>(images.size())) {
    return InvalidArgument("the messages reference " + std::to_string(image_parts) +
                               " images but " + std::to_string(images.size()) + " were supplied",
                           kReasonPlaceholderMismatch);
  }
  VLMXLA_ASSIGN_OR_RETURN(std::string rendered, Render(messages));

  // As LlavaProcessor does: special tokens are added unless the template already wrote the BOS.
  // A text-only model follows its tokenizer's apply_chat_template instead, which never adds them
  // (the template owns the BOS).
  bool add_special = model_->config().is_multimodal();
  if (add_special && special_tokens_.contains("bos_token")) {
    const std::string bos = special_tokens_["bos_token"].get<std::string>();
    if (!bos.empty() && rendered.rfind(bos, 0) == 0) add_special = false;
  }
  VLMXLA_ASSIGN_OR_RETURN(std::vector<int32_t> ids,
                          EncodePrompt(rendered, add_special, context_capacity));

  if (video_token_id_ >= 0) {
    const auto videos = std::count(ids.begin(), ids.end(), video_token_id_);
    if (videos > 0) {
      return Unimplemented("video input is not supported (images only): the prompt holds " +
                               std::to_string(videos) + " video placeholder" +
                               (videos == 1 ? "" : "s") + " (<|video_pad|>)",
                           kReasonVideoUnsupported);
    }
  }

  PlaceholderSpec spec;
  spec.image_token_id = image_token_id_;
  spec.image_token = settings_.image_token;
  HostTensor pixels;
  std::vector<std::array<int32_t, 3>> grids;
  if (!images.empty() && qwen_processor_) {
    VLMXLA_ASSIGN_OR_RETURN(vision::QwenProcessedImages processed,
                            qwen_processor_->Preprocess(images));
    const int merge_unit = model_->config().qwen_vl->vision.merge_unit();
    for (const auto& g : processed.image_grid_thw) {
      spec.image_token_counts.push_back(int64_t{g[0]} * g[1] * g[2] / merge_unit);
    }
    pixels = std::move(processed.pixel_values);
    grids = std::move(processed.image_grid_thw);
  } else if (!images.empty()) {
    VLMXLA_ASSIGN_OR_RETURN(pixels, image_processor_->Preprocess(images));
    // LlavaProcessor's count: patches of the processed image, plus extra tokens, less the class
    // token the "default" strategy drops.
    const int64_t h = pixels.shape()[2], w = pixels.shape()[3];
    const int patch = settings_.patch_size;
    if (patch <= 0) return FailedPrecondition("processor patch_size must be positive");
    spec.tokens_per_image = static_cast<int>((h / patch) * (w / patch)) +
                            settings_.num_additional_image_tokens -
                            (settings_.vision_feature_select_strategy == "default" ? 1 : 0);
    const int model_tokens = model_->config().llava->image_tokens_per_image();
    if (spec.tokens_per_image != model_tokens) {
      return FailedPrecondition("the processor expands each image to " +
                                std::to_string(spec.tokens_per_image) +
                                " tokens but the vision tower yields " +
                                std::to_string(model_tokens) + " features per image");
    }
  }
  VLMXLA_ASSIGN_OR_RETURN(
      PreparedPrefill prefill,
      ExpandPrompt(std::move(ids), static_cast<int>(images.size()), spec, context_capacity));
  if (const auto& qwen = model_->config().qwen_vl) {
    VLMXLA_RETURN_IF_ERROR(ComputeMropePositions(grids, qwen->vision.spatial_merge_size, &prefill));
    prefill.image_grid_thw = std::move(grids);
  }
  prefill.rendered_text = std::move(rendered);
  prefill.pixel_values = std::move(pixels);
  return prefill;
}

}  // namespace vlmxla::prompt
