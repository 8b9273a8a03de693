// Preparer: the whole host half of a request for one model directory — chat template, tokenizer,
// image decode and processor, placeholder expansion — with no model weights loaded.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/models/family.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/text/chat_template.h"
#include "vlmxla/text/tokenizer.h"
#include "vlmxla/vision/image.h"

namespace vlmxla::prompt {

class Preparer {
 public:
  static Result<Preparer> Load(const std::string& model_dir);

  const io::ModelDir& model() const { return *model_; }
  const text::Tokenizer& tokenizer() const { return *tokenizer_; }
  // The model's family (models/registry.h).
  const models::Family& family() const { return *family_; }
  // The image placeholder string and id (the family's processor settings); "<image>" and -1
  // for a text-only model.
  const std::string& image_token() const;
  int32_t image_token_id() const;
  // Positions a prompt may use when the caller sets no capacity: the decoder's
  // max_position_embeddings.
  int64_t default_context_capacity() const { return model_->config().text.max_position_embeddings; }

  // Renders the conversation with the model's chat template (add_generation_prompt=true);
  // `tools` (OpenAI's list of {"type": "function", "function": {...}}, or null) is the template's
  // `tools`.
  Result<std::string> Render(const std::vector<Message>& messages,
                             const nlohmann::ordered_json& tools = nullptr) const;
  // Whether the chat template reads `tools` at all (a template that does not would drop them).
  bool template_renders_tools() const;
  // How the template asks the model to write a tool call, judged from its text: "hermes"
  // (<tool_call>{json}</tool_call>: Qwen2.5, Hermes), "mistral" ([TOOL_CALLS][{json}]), "json"
  // (a bare {"name", "parameters"} object: Llama 3.1), or "" (no tools).
  std::string tool_call_format() const;

  // Token ids of a prompt that must fit in `context_capacity` positions. A prompt of more than
  // twice the capacity is refused with kReasonContextLengthExceeded as early as the tokenizer can
  // tell: before tokenizing when its byte length alone exceeds 2 * capacity * the tokenizer's
  // bytes-per-token bound (text::Tokenizer::max_bytes_per_token), else once the ids counted pass
  // 2 * capacity. Up to that the ids come back in full, so ExpandPrompt can name the exact count.
  Result<std::vector<int32_t>> EncodePrompt(std::string_view text, bool add_special_tokens,
                                            int64_t context_capacity) const;

  // messages + decoded images -> PreparedPrefill. images.size() must equal the number of image
  // parts in the messages; each image expands to the feature-token count the family's processor
  // gives it, and the family fills its own fields (pixel_values in its layout, grids, M-RoPE
  // positions). A text-only model refuses any image (kReasonImagesUnsupported); what a family
  // recognises but does not run (a video placeholder) is refused with its reason
  // (kReasonVideoUnsupported).
  Result<PreparedPrefill> Prepare(const std::vector<Message>& messages,
                                  const std::vector<vision::Image>& images,
                                  int64_t context_capacity,
                                  const nlohmann::ordered_json& tools = nullptr) const;

 private:
  std::shared_ptr<io::ModelDir> model_;
  std::shared_ptr<text::Tokenizer> tokenizer_;
  std::shared_ptr<text::ChatTemplate> template_;
  const models::Family* family_ = nullptr;
  std::shared_ptr<const models::ImagePipeline> images_;  // null for a text-only model
  nlohmann::ordered_json special_tokens_;  // bos_token / eos_token etc. passed to the template
};

}  // namespace vlmxla::prompt
