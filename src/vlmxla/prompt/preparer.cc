#include "vlmxla/prompt/preparer.h"

#include <algorithm>
#include <tuple>

#include "vlmxla/models/registry.h"

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
  VLMXLA_ASSIGN_OR_RETURN(p.family_, models::FamilyOf(p.model_->config()));
  VLMXLA_ASSIGN_OR_RETURN(std::unique_ptr<models::ImagePipeline> images,
                          p.family_->LoadImages(*p.model_, *p.tokenizer_));
  p.images_ = std::move(images);
  return p;
}

const std::string& Preparer::image_token() const {
  static const std::string kNone = "<image>";
  return images_ ? images_->image_token() : kNone;
}

int32_t Preparer::image_token_id() const { return images_ ? images_->image_token_id() : -1; }

Result<std::string> Preparer::Render(const std::vector<Message>& messages,
                                     const nlohmann::ordered_json& tools) const {
  nlohmann::ordered_json context = special_tokens_;
  context["messages"] = MessagesToJson(messages);
  // Transformers always passes these, so templates may test `tools is none`.
  context["tools"] = tools;
  context["documents"] = nullptr;
  context["add_generation_prompt"] = true;
  return template_->Render(context);
}

bool Preparer::template_renders_tools() const {
  return template_->source().find("tools") != std::string::npos;
}

std::string Preparer::tool_call_format() const {
  const std::string& t = template_->source();
  if (!template_renders_tools()) return "";
  if (t.find("<tool_call>") != std::string::npos) return "hermes";
  if (t.find("[TOOL_CALLS]") != std::string::npos) return "mistral";
  return "json";
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
                                          int64_t context_capacity,
                                          const nlohmann::ordered_json& tools) const {
  const int image_parts = CountImages(messages);
  if (!images_ && (image_parts > 0 || !images.empty())) {
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
  if (!tools.is_null() && !template_renders_tools()) {
    return InvalidArgument(
        "this model's chat template does not render 'tools', so the model "
        "would never see them",
        kReasonToolsUnsupported);
  }
  VLMXLA_ASSIGN_OR_RETURN(std::string rendered, Render(messages, tools));

  // As LlavaProcessor does: special tokens are added unless the template already wrote the BOS.
  // A text-only model follows its tokenizer's apply_chat_template instead, which never adds them
  // (the template owns the BOS).
  bool add_special = model_->config().is_multimodal();
  if (add_special && special_tokens_.contains("bos_token")) {
    const std::string bos = special_tokens_["bos_token"].get<std::string>();
    if (!bos.empty() && rendered.rfind(bos, 0) == 0) add_special = false;
  }
  std::string text = rendered;
  if (images_) {
    VLMXLA_ASSIGN_OR_RETURN(text, images_->ExpandText(rendered, images));
  }
  VLMXLA_ASSIGN_OR_RETURN(std::vector<int32_t> ids,
                          EncodePrompt(text, add_special, context_capacity));

  if (images_) VLMXLA_RETURN_IF_ERROR(images_->CheckPrompt(ids));

  PlaceholderSpec spec;
  spec.image_token_id = image_token_id();
  spec.image_token = image_token();
  models::ProcessedImages processed;
  if (!images.empty()) {
    VLMXLA_ASSIGN_OR_RETURN(processed, images_->Process(images));
    spec.image_token_counts = processed.token_counts;
  }
  // Each view of an image (Gemma 3's pan-and-scan crops) is a placeholder of its own.
  const int views = images.empty() ? 0 : static_cast<int>(processed.token_counts.size());
  VLMXLA_ASSIGN_OR_RETURN(PreparedPrefill prefill,
                          ExpandPrompt(std::move(ids), views, spec, context_capacity));
  if (images_) VLMXLA_RETURN_IF_ERROR(images_->Finish(std::move(processed), &prefill));
  prefill.rendered_text = std::move(rendered);
  return prefill;
}

}  // namespace vlmxla::prompt
