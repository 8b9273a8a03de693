// Gemma 3 (`gemma3`, Gemma3ForConditionalGeneration): the SigLIP tower's last_hidden_state pooled
// to mm_tokens_per_image soft tokens, normed and projected (hlo::BuildGemma3VisionEncode); the
// processor writes "\n\n<start_of_image>", the soft tokens, "<end_of_image>\n\n" for each image
// placeholder before it tokenizes (Gemma3Processor); the Gemma 3 decoder with one image's soft
// tokens attending to each other both ways during prefill (io::TextConfig's
// bidirectional_image_blocks). Pan-and-scan is refused at load (image_processor.cc).
#pragma once

#include "vlmxla/models/family.h"

namespace vlmxla::models {

const Family& Gemma3Family();

}  // namespace vlmxla::models
