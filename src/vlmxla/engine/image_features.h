// What a vision program returns for a prompt's images, as prefill takes it: the feature rows and
// the program's other results that name a prefill input (ModelRunner::EncodeImages). The image
// cache keeps one image's (prefix_cache.h).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "vlmxla/base/tensor.h"
#include "vlmxla/hlo/program.h"

namespace vlmxla::engine {

struct ImageFeatures {
  // image_features ct[F, text_hidden], image after image (empty: the prompt has no images).
  HostTensor rows;
  // Every other vision program result named after a program input role (Qwen3-VL's
  // deepstack_features ct[S, F, text_hidden]), as the program returns it; prefill binds each to
  // its input of that name. Each holds its feature rows on its second-to-last axis, F long, in
  // the order of `rows`.
  std::vector<std::pair<hlo::InputRole, HostTensor>> by_role;

  uint64_t byte_size() const {
    uint64_t bytes = rows.byte_size();
    for (const auto& [role, tensor] : by_role) bytes += tensor.byte_size();
    return bytes;
  }
};

}  // namespace vlmxla::engine
