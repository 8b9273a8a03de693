// libFuzzer target: config.json bytes -> ModelConfig. Any JSON, any field of any type, must give
// a ModelConfig or a Status, never an exception or a crash.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "vlmxla/io/model_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto j = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  auto config = vlmxla::io::ParseModelConfig(j);
  if (config.ok() && config->is_multimodal()) (void)config->llava->image_tokens_per_image();
  return 0;
}
