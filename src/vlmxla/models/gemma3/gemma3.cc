#include "vlmxla/models/gemma3/gemma3.h"

#include <nlohmann/json.hpp>

#include "vlmxla/models/llava/llava.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/vision/image_processor.h"
#include "vlmxla/vision/pan_and_scan.h"

namespace vlmxla::models {
namespace {

// The token strings Gemma3Processor reads off its tokenizer (boi_token, eoi_token, image_token),
// found by the ids config.json names.
struct ImageTokens {
  std::string boi, eoi, image;
};

Result<ImageTokens> FindImageTokens(const text::Tokenizer& tokenizer, const io::Gemma3Config& g) {
  ImageTokens t;
  for (auto [field, id, out] : {std::tuple{"boi_token_index", g.boi_token_index, &t.boi},
                                {"eoi_token_index", g.eoi_token_index, &t.eoi},
                                {"image_token_index", g.image_token_index, &t.image}}) {
    std::optional<std::string> token = tokenizer.IdToToken(id);
    if (!token) {
      return FailedPrecondition(std::string("config.json's ") + field + " " + std::to_string(id) +
                                " is not a token of tokenizer.json");
    }
    *out = *token;
  }
  return t;
}

class Gemma3Images final : public ImagePipeline {
 public:
  Gemma3Images(vision::ImageProcessor processor, ImageTokens tokens, int32_t image_token_id,
               int tokens_per_image)
      : processor_(std::move(processor)),
        tokens_(std::move(tokens)),
        image_token_id_(image_token_id),
        tokens_per_image_(tokens_per_image),
        image_text_("\n\n" + tokens_.boi + tokens_.image + tokens_.eoi + "\n\n") {}

  // The placeholder the chat template writes; after ExpandText each stands for one soft token.
  const std::string& image_token() const override { return tokens_.boi; }
  int32_t image_token_id() const override { return image_token_id_; }
  Status CheckPrompt(std::span<const int32_t>) const override { return Status::Ok(); }

  // Gemma3Processor.replace_image_token in place of each <start_of_image>: its
  // full_image_sequence with one soft token (the preparer expands it to mm_tokens_per_image; a
  // special token tokenizes alone, so one and many give the same neighbours), or, for an image
  // pan-and-scan cuts, the sentence that introduces the original image and then its crops, one
  // sequence per view. A prompt whose placeholders are not one per image is refused here, by
  // the images' count (after this rewrite the ids hold one placeholder per view).
  Result<std::string> ExpandText(std::string rendered,
                                 std::span<const vision::Image> images) const override {
    size_t placeholders = 0;
    for (size_t at = 0; (at = rendered.find(tokens_.boi, at)) != std::string::npos;
         at += tokens_.boi.size()) {
      ++placeholders;
    }
    if (placeholders != images.size()) {
      return prompt::PlaceholderMismatch(static_cast<int64_t>(placeholders), tokens_.boi,
                                         static_cast<int64_t>(images.size()));
    }
    std::string out;
    size_t from = 0, image = 0;
    for (size_t at; (at = rendered.find(tokens_.boi, from)) != std::string::npos; ++image) {
      out.append(rendered, from, at - from);
      const size_t crops = vision::PanAndScanCrops(images[image].height, images[image].width,
                                                   processor_.config().pan_and_scan)
                               .size();
      if (crops == 0) {
        out.append(image_text_);
      } else {
        out.append("Here is the original image ")
            .append(image_text_)
            .append(" and here are some crops to help you see better ");
        for (size_t c = 0; c < crops; ++c) out.append(c ? " " : "").append(image_text_);
      }
      from = at + tokens_.boi.size();
    }
    return out.append(rendered, from, std::string::npos);
  }

  // Every view of every image (the image, then its crops) is one row of pixel_values and one
  // run of mm_tokens_per_image soft tokens.
  Result<ProcessedImages> Process(std::span<const vision::Image> images) const override {
    std::vector<vision::Image> views;
    for (const vision::Image& image : images) {
      for (vision::Image& view : processor_.Views(image)) views.push_back(std::move(view));
    }
    ProcessedImages out;
    VLMXLA_ASSIGN_OR_RETURN(out.pixel_values, processor_.Preprocess(views));
    out.token_counts.assign(views.size(), tokens_per_image_);
    return out;
  }

 private:
  vision::ImageProcessor processor_;
  ImageTokens tokens_;
  int32_t image_token_id_;
  int tokens_per_image_;
  std::string image_text_;
};

// processor_config.json's image_seq_length (Gemma3Processor's soft tokens per image) must be the
// model's mm_tokens_per_image.
Status CheckImageSeqLength(const io::ModelDir& model, int mm_tokens_per_image) {
  if (!model.HasFile("processor_config.json")) return Status::Ok();
  const std::string path = model.Path("processor_config.json");
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json j, io::ReadJsonFile(path));
  if (!j.contains("image_seq_length") || j["image_seq_length"].is_null()) return Status::Ok();
  if (!j["image_seq_length"].is_number_integer() ||
      j["image_seq_length"].get<int64_t>() != mm_tokens_per_image) {
    return FailedPrecondition(path + ": image_seq_length " + j["image_seq_length"].dump() +
                              " differs from config.json's mm_tokens_per_image " +
                              std::to_string(mm_tokens_per_image));
  }
  return Status::Ok();
}

// What differs from LLaVA: the processor and placeholders, the vision program and its row count.
// The host layout of the program (one program per image count, pixel_values as they are, the
// features [n, tokens, D]) and the weight prefixes are LLaVA's.
class Gemma3 final : public Family {
 public:
  std::vector<std::string> model_types() const override { return {"gemma3"}; }
  bool takes_images() const override { return true; }

  Result<std::unique_ptr<ImagePipeline>> LoadImages(
      const io::ModelDir& model, const text::Tokenizer& tokenizer) const override {
    const io::Gemma3Config& g = *model.config().gemma3;
    auto proc = vision::ImageProcessor::FromModelDir(model.dir());
    if (!proc.ok()) return proc.status().WithContext("loading the image processor");
    VLMXLA_RETURN_IF_ERROR(CheckImageSeqLength(model, g.mm_tokens_per_image));
    VLMXLA_ASSIGN_OR_RETURN(ImageTokens tokens, FindImageTokens(tokenizer, g));
    return std::unique_ptr<ImagePipeline>(new Gemma3Images(
        std::move(proc).value(), std::move(tokens), g.image_token_index, g.mm_tokens_per_image));
  }

  Result<hlo::Program> BuildVisionEncode(const io::ModelConfig& config,
                                         const hlo::VisionEncodeOptions& options) const override {
    return hlo::BuildGemma3VisionEncode(*config.gemma3, options);
  }
  hlo::VisionEncodeOptions SmallestVision(const io::ModelConfig& config,
                                          hlo::VisionEncodeOptions common) const override {
    return LlavaFamily().SmallestVision(config, common);
  }
  int64_t FeatureRows(const io::ModelConfig& config,
                      const prompt::PreparedPrefill& prompt) const override {
    // LLaVA's program runs one image per row of pixel_values: its count is the prompt's images.
    const int64_t images = LlavaFamily().VisionOptionsFor(config, prompt, {}).num_images;
    return images * config.gemma3->mm_tokens_per_image;
  }
  hlo::VisionEncodeOptions VisionOptionsFor(const io::ModelConfig& config,
                                            const prompt::PreparedPrefill& prompt,
                                            hlo::VisionEncodeOptions common) const override {
    return LlavaFamily().VisionOptionsFor(config, prompt, common);
  }
  Result<VisionInputs> VisionInputsFor(const io::ModelConfig& config,
                                       const prompt::PreparedPrefill& prompt,
                                       const hlo::VisionEncodeOptions& options) const override {
    return LlavaFamily().VisionInputsFor(config, prompt, options);
  }
  Result<HostTensor> FeaturesForPrefill(HostTensor features) const override {
    return LlavaFamily().FeaturesForPrefill(std::move(features));
  }
  int64_t TapRows(const io::ModelConfig& config, const prompt::PreparedPrefill& prompt,
                  const std::string& stage) const override {
    return LlavaFamily().TapRows(config, prompt, stage);
  }
  bool IsVisionWeight(const std::string& name) const override {
    return LlavaFamily().IsVisionWeight(name);
  }
};

}  // namespace

const Family& Gemma3Family() {
  static const Gemma3 family;
  return family;
}

}  // namespace vlmxla::models
