#include "vlmxla/models/llava/llava.h"

#include <cstring>

#include "vlmxla/models/processor_settings.h"
#include "vlmxla/vision/image_processor.h"

namespace vlmxla::models {
namespace {

class LlavaImages final : public ImagePipeline {
 public:
  LlavaImages(vision::ImageProcessor processor, ProcessorSettings settings, int32_t image_token_id,
              int model_tokens)
      : processor_(std::move(processor)),
        settings_(std::move(settings)),
        image_token_id_(image_token_id),
        model_tokens_(model_tokens) {}

  const std::string& image_token() const override { return settings_.image_token; }
  int32_t image_token_id() const override { return image_token_id_; }
  Status CheckPrompt(std::span<const int32_t>) const override { return Status::Ok(); }

  Result<ProcessedImages> Process(std::span<const vision::Image> images) const override {
    ProcessedImages out;
    VLMXLA_ASSIGN_OR_RETURN(out.pixel_values, processor_.Preprocess(images));
    // LlavaProcessor's count: patches of the processed image, plus extra tokens, less the class
    // token the "default" strategy drops.
    const int64_t h = out.pixel_values.shape()[2], w = out.pixel_values.shape()[3];
    const int patch = settings_.patch_size;
    if (patch <= 0) return FailedPrecondition("processor patch_size must be positive");
    const int64_t tokens = (h / patch) * (w / patch) + settings_.num_additional_image_tokens -
                           (settings_.vision_feature_select_strategy == "default" ? 1 : 0);
    if (tokens != model_tokens_) {
      return FailedPrecondition("the processor expands each image to " + std::to_string(tokens) +
                                " tokens but the vision tower yields " +
                                std::to_string(model_tokens_) + " features per image");
    }
    out.token_counts.assign(images.size(), tokens);
    return out;
  }

 private:
  vision::ImageProcessor processor_;
  ProcessorSettings settings_;
  int32_t image_token_id_;
  int model_tokens_;
};

int64_t NumImages(const prompt::PreparedPrefill& p) {
  // An empty HostTensor has rank 0 (one element), so images are known by the shape's rank.
  return p.pixel_values.shape().empty() ? 0 : p.pixel_values.shape()[0];
}

class Llava final : public Family {
 public:
  std::vector<std::string> model_types() const override { return {"llava"}; }
  bool takes_images() const override { return true; }

  Result<std::unique_ptr<ImagePipeline>> LoadImages(
      const io::ModelDir& model, const text::Tokenizer& tokenizer) const override {
    const io::LlavaConfig& llava = *model.config().llava;
    // Defaults from the model: what LlavaProcessor would need to agree with it.
    ProcessorSettings defaults;
    defaults.patch_size = llava.vision.patch_size;
    defaults.num_additional_image_tokens = llava.vision.has_class_token ? 1 : 0;
    defaults.vision_feature_select_strategy = llava.vision_feature_select_strategy;
    VLMXLA_ASSIGN_OR_RETURN(ProcessorSettings settings, ReadProcessorSettings(model, defaults));
    auto proc = vision::ImageProcessor::FromModelDir(model.dir());
    if (!proc.ok()) return proc.status().WithContext("loading the image processor");
    VLMXLA_RETURN_IF_ERROR(CheckImageToken(tokenizer, settings.image_token, llava.image_token_index,
                                           "image_token_index"));
    return std::unique_ptr<ImagePipeline>(
        new LlavaImages(std::move(proc).value(), std::move(settings), llava.image_token_index,
                        llava.image_tokens_per_image()));
  }

  Result<hlo::Program> BuildVisionEncode(const io::ModelConfig& config,
                                         const hlo::VisionEncodeOptions& options) const override {
    return hlo::BuildVisionEncode(*config.llava, options);
  }
  hlo::VisionEncodeOptions SmallestVision(const io::ModelConfig&,
                                          hlo::VisionEncodeOptions common) const override {
    common.num_images = 1;
    return common;
  }
  int64_t FeatureRows(const io::ModelConfig& config,
                      const prompt::PreparedPrefill& prompt) const override {
    return NumImages(prompt) * config.llava->image_tokens_per_image();
  }
  hlo::VisionEncodeOptions VisionOptionsFor(const io::ModelConfig&,
                                            const prompt::PreparedPrefill& prompt,
                                            hlo::VisionEncodeOptions common) const override {
    common.num_images = static_cast<int>(NumImages(prompt));  // a program per image count
    return common;
  }
  Result<VisionInputs> VisionInputsFor(const io::ModelConfig&,
                                       const prompt::PreparedPrefill& prompt,
                                       const hlo::VisionEncodeOptions&) const override {
    VisionInputs inputs;
    inputs.emplace_back(hlo::InputRole::kPixelValues, prompt.pixel_values);
    return inputs;
  }
  Result<HostTensor> FeaturesForPrefill(HostTensor features) const override {
    if (features.shape().size() != 3) return Internal("vision_encode gave no image_features");
    // [n, tokens, D] -> [n * tokens, D]: the rows prefill's feature_index addresses.
    const Shape& s = features.shape();
    HostTensor rows(features.dtype(), Shape{s[0] * s[1], s[2]});
    std::memcpy(rows.mutable_data(), features.data(), features.byte_size());
    return rows;
  }
  int64_t TapRows(const io::ModelConfig&, const prompt::PreparedPrefill&,
                  const std::string&) const override {
    return -1;  // a program per image count: no padding
  }
  bool IsVisionWeight(const std::string& name) const override {
    return name.rfind("vision_tower.", 0) == 0 || name.rfind("multi_modal_projector.", 0) == 0;
  }
};

}  // namespace

const Family& LlavaFamily() {
  static const Llava family;
  return family;
}

}  // namespace vlmxla::models
