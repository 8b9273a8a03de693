// processor_config.json's placeholder settings (LlavaProcessor and the processors after it),
// each defaulted by the family from its config.json.
#pragma once

#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/text/tokenizer.h"

namespace vlmxla::models {

struct ProcessorSettings {
  int patch_size = 0;
  int num_additional_image_tokens = 0;
  std::string vision_feature_select_strategy = "default";
  std::string image_token = "<image>";
};

// `defaults` overridden by the fields processor_config.json sets (when the file exists).
Result<ProcessorSettings> ReadProcessorSettings(const io::ModelDir& model,
                                                ProcessorSettings defaults);

// The placeholder string must be the token config.json names as the image token (`config_field`).
Status CheckImageToken(const text::Tokenizer& tokenizer, const std::string& token, int32_t id,
                       const char* config_field);

}  // namespace vlmxla::models
