#include "vlmxla/hlo/programs.h"

namespace vlmxla::hlo {

Result<Program> BuildProgram(const io::ModelConfig& config, const std::string& name,
                             const ProgramOptions& options) {
  if (name == "vision_encode") {
    if (!config.llava) {
      return InvalidArgument("vision_encode needs a multimodal (llava) model, this one is " +
                             config.model_type);
    }
    return BuildVisionEncode(*config.llava, options);
  }
  if (name == "prefill") {
    const int image_token = config.llava ? config.llava->image_token_index : -1;
    return BuildPrefill(config.text, image_token, options);
  }
  return InvalidArgument("unknown program '" + name + "' (known: vision_encode, prefill)");
}

}  // namespace vlmxla::hlo
