// LLaVA (`llava`): a CLIP or SigLIP tower, a feature layer (or several) selected, an MLP projector
// into the decoder's width, and a fixed count of <image> tokens per image (LlavaProcessor).
#pragma once

#include "vlmxla/models/family.h"

namespace vlmxla::models {

const Family& LlavaFamily();

}  // namespace vlmxla::models
