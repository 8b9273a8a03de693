#include "vlmxla/models/qwen3_vl/qwen3_vl.h"

#include <memory>

#include "vlmxla/models/qwen2_vl/qwen2_vl.h"

namespace vlmxla::models {

const Family& Qwen3VLFamily() {
  // Qwen2-VL's family code: what differs (the tower's variant, the decoder's interleaved M-RoPE
  // and DeepStack) is in the config QwenVLConfig and io::TextConfig parse for qwen3_vl.
  static const std::unique_ptr<Family> family = MakeQwenVLFamily({"qwen3_vl"});
  return *family;
}

}  // namespace vlmxla::models
