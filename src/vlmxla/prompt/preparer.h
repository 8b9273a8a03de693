// Preparer: the whole host half of a request for one model directory — chat template, tokenizer,
// image decode and processor, placeholder expansion — with no model weights loaded.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/text/chat_template.h"
#include "vlmxla/text/tokenizer.h"
#include "vlmxla/vision/image.h"
#include "vlmxla/vision/image_processor.h"
#include "vlmxla/vision/qwen_image_processor.h"

namespace vlmxla::prompt {

// processor_config.json's placeholder settings (LlavaProcessor), defaulted from config.json.
struct ProcessorSettings {
  int patch_size = 0;
  int num_additional_image_tokens = 0;
  std::string vision_feature_select_strategy = "default";
  std::string image_token = "<image>";
};

// Error reason when a text-only model is given images (or image parts in its messages).
inline constexpr char kReasonImagesUnsupported[] = "images_unsupported";
// Error reason when a prompt holds a video placeholder (<|video_pad|>): no video input yet.
inline constexpr char kReasonVideoUnsupported[] = "video_unsupported";

class Preparer {
 public:
  static Result<Preparer> Load(const std::string& model_dir);

  const io::ModelDir& model() const { return *model_; }
  const text::Tokenizer& tokenizer() const { return *tokenizer_; }
  const ProcessorSettings& processor_settings() const { return settings_; }
  int32_t image_token_id() const { return image_token_id_; }
  // Positions a prompt may use when the caller sets no capacity: the decoder's
  // max_position_embeddings.
  int64_t default_context_capacity() const { return model_->config().text.max_position_embeddings; }

  // Renders the conversation with the model's chat template (add_generation_prompt=true).
  Result<std::string> Render(const std::vector<Message>& messages) const;

  // Token ids of a prompt that must fit in `context_capacity` positions. A prompt of more than
  // twice the capacity is refused with kReasonContextLengthExceeded as early as the tokenizer can
  // tell: before tokenizing when its byte length alone exceeds 2 * capacity * the tokenizer's
  // bytes-per-token bound (text::Tokenizer::max_bytes_per_token), else once the ids counted pass
  // 2 * capacity. Up to that the ids come back in full, so ExpandPrompt can name the exact count.
  Result<std::vector<int32_t>> EncodePrompt(std::string_view text, bool add_special_tokens,
                                            int64_t context_capacity) const;

  // messages + decoded images -> PreparedPrefill. images.size() must equal the number of image
  // parts in the messages; each image expands to the processor's feature-token count (LLaVA: a
  // fixed count; Qwen2-VL / Qwen2.5-VL: t*h*w / merge^2 <|image_pad|> tokens per image, with
  // pixel_values as flattened patches, image_grid_thw and the M-RoPE positions). A text-only
  // model refuses any image (kReasonImagesUnsupported); a Qwen prompt with <|video_pad|> is
  // refused with kReasonVideoUnsupported.
  Result<PreparedPrefill> Prepare(const std::vector<Message>& messages,
                                  const std::vector<vision::Image>& images,
                                  int64_t context_capacity) const;

 private:
  std::shared_ptr<io::ModelDir> model_;
  std::shared_ptr<text::Tokenizer> tokenizer_;
  std::shared_ptr<text::ChatTemplate> template_;
  std::shared_ptr<vision::ImageProcessor> image_processor_;     // LLaVA; null otherwise
  std::shared_ptr<vision::QwenImageProcessor> qwen_processor_;  // Qwen families; null otherwise
  ProcessorSettings settings_;
  int32_t image_token_id_ = -1;
  int32_t video_token_id_ = -1;            // Qwen families: refused in prompts
  nlohmann::ordered_json special_tokens_;  // bos_token / eos_token etc. passed to the template
};

}  // namespace vlmxla::prompt
