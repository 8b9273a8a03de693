// Text-only decoders (`llama`, `qwen2`, `qwen3`, `gemma3_text`): the decoder alone, no images. The
// text-only gate runs them; a request with images is refused.
#pragma once

#include "vlmxla/models/family.h"

namespace vlmxla::models {

const Family& TextOnlyFamily();

}  // namespace vlmxla::models
