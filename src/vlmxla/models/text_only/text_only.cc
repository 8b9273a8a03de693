#include "vlmxla/models/text_only/text_only.h"

namespace vlmxla::models {
namespace {

class TextOnly final : public Family {
 public:
  std::vector<std::string> model_types() const override {
    return {"llama", "qwen2", "qwen3", "gemma3_text"};
  }
  bool takes_images() const override { return false; }

  Result<std::unique_ptr<ImagePipeline>> LoadImages(const io::ModelDir&,
                                                    const text::Tokenizer&) const override {
    return std::unique_ptr<ImagePipeline>();
  }
  Result<hlo::Program> BuildVisionEncode(const io::ModelConfig& config,
                                         const hlo::VisionEncodeOptions&) const override {
    return InvalidArgument("vision_encode needs a model that takes images; this one (" +
                           config.model_type + ") is text-only");
  }
  hlo::VisionEncodeOptions SmallestVision(const io::ModelConfig&,
                                          hlo::VisionEncodeOptions common) const override {
    return common;
  }
  int64_t FeatureRows(const io::ModelConfig&, const prompt::PreparedPrefill&) const override {
    return 0;
  }
  hlo::VisionEncodeOptions VisionOptionsFor(const io::ModelConfig&, const prompt::PreparedPrefill&,
                                            hlo::VisionEncodeOptions common) const override {
    return common;
  }
  Result<VisionInputs> VisionInputsFor(const io::ModelConfig&, const prompt::PreparedPrefill&,
                                       const hlo::VisionEncodeOptions&) const override {
    return InvalidArgument("this model takes no images");
  }
  Result<HostTensor> FeaturesForPrefill(HostTensor) const override {
    return InvalidArgument("this model takes no images");
  }
  int64_t TapRows(const io::ModelConfig&, const prompt::PreparedPrefill&,
                  const std::string&) const override {
    return -1;
  }
  bool IsVisionWeight(const std::string&) const override { return false; }
};

}  // namespace

const Family& TextOnlyFamily() {
  static const TextOnly family;
  return family;
}

}  // namespace vlmxla::models
