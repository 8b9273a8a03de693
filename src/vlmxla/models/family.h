// A model family: what one Hugging Face `model_type` (or a few that share code) adds to the shared
// blocks — its image processor and placeholder rules on the host, its vision program and the
// host layout of that program's inputs on the device. The engine, the preparer, program building
// and the CLI ask the family (models/registry.h) and never branch on a family name.
//
// Prefill and decode are the decoder's, the same for every family: what differs there (1D or
// multimodal RoPE, weight-name prefix, biases) is in io::TextConfig, which the family's config
// parsing fills.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/text/tokenizer.h"
#include "vlmxla/vision/image.h"

namespace vlmxla::models {

// A prompt's images after the family's processor.
struct ProcessedImages {
  // The vision program's pixel input, in the family's host layout (PreparedPrefill::pixel_values).
  HostTensor pixel_values;
  // Feature tokens each view expands to, in order: one view per image, except where the family
  // cuts an image into several (ImagePipeline::ExpandText).
  std::vector<int64_t> token_counts;
  // Per image [t, h, w] in patches, for families whose processor reports a grid.
  std::vector<std::array<int32_t, 3>> image_grid_thw;
  // Per image its decoded (height, width), for families whose layout depends on it.
  std::vector<std::array<int32_t, 2>> image_sizes;
  // Diagnostics a capture records (PreparedPrefill::host_stages).
  std::vector<std::pair<std::string, HostTensor>> host_stages;
};

// The host half of one model's images, loaded once per model directory (prompt::Preparer).
class ImagePipeline {
 public:
  virtual ~ImagePipeline() = default;
  // The placeholder string and id the chat template writes for an image.
  virtual const std::string& image_token() const = 0;
  virtual int32_t image_token_id() const = 0;
  // Refuses what this family recognises in a prompt but does not run (a video placeholder), with
  // a typed reason; OK otherwise.
  virtual Status CheckPrompt(std::span<const int32_t> ids) const = 0;
  // The text the processor tokenizes for a rendered prompt: a family whose processor writes
  // text around each image placeholder before tokenizing (Gemma 3) rewrites it here, the i-th
  // placeholder for images[i]; the placeholder id then stands once per view in the tokenized ids
  // (one view per image, or more where the processor cuts an image into several, as Gemma 3's
  // pan-and-scan does: Process then returns one token count per view). A family that rewrites
  // refuses a prompt whose placeholders are not one per image here, counting images (the
  // preparer's own count, after the rewrite, sees views).
  virtual Result<std::string> ExpandText(std::string rendered,
                                         std::span<const vision::Image> images) const {
    (void)images;
    return rendered;
  }
  virtual Result<ProcessedImages> Process(std::span<const vision::Image> images) const = 0;
  // After placeholder expansion: positions the family derives from the images (M-RoPE), and the
  // images' own fields of the prefill (by default their pixel_values alone).
  virtual Status Finish(ProcessedImages images, prompt::PreparedPrefill* prefill) const {
    prefill->pixel_values = std::move(images.pixel_values);
    return Status::Ok();
  }
};

// A vision program's request inputs for one call, by role, in the program's host layout.
using VisionInputs = std::vector<std::pair<hlo::InputRole, HostTensor>>;

class Family {
 public:
  virtual ~Family() = default;
  // The model_type values this family serves (config.json's), the first its main one.
  virtual std::vector<std::string> model_types() const = 0;
  virtual bool takes_images() const = 0;

  // --- host ---
  // Loads the image processor and placeholder settings of `model` (null for a text-only family).
  virtual Result<std::unique_ptr<ImagePipeline>> LoadImages(
      const io::ModelDir& model, const text::Tokenizer& tokenizer) const = 0;

  // --- device ---
  // The vision program for `options` (its bucket as VisionOptionsFor sets it).
  virtual Result<hlo::Program> BuildVisionEncode(const io::ModelConfig& config,
                                                 const hlo::VisionEncodeOptions& options) const = 0;
  // The smallest vision program's options on top of `common` (the one Load builds to learn the
  // vision weights).
  virtual hlo::VisionEncodeOptions SmallestVision(const io::ModelConfig& config,
                                                  hlo::VisionEncodeOptions common) const = 0;
  // The image-feature rows vision_encode returns for the prompt's images (0 without images):
  // what prefill's image_features holds.
  virtual int64_t FeatureRows(const io::ModelConfig& config,
                              const prompt::PreparedPrefill& prompt) const = 0;
  // The vision program options for the prompt's images (its bucket), on top of `common`.
  virtual hlo::VisionEncodeOptions VisionOptionsFor(const io::ModelConfig& config,
                                                    const prompt::PreparedPrefill& prompt,
                                                    hlo::VisionEncodeOptions common) const = 0;
  // The program's request inputs for the prompt's images (the program `options` names).
  virtual Result<VisionInputs> VisionInputsFor(const io::ModelConfig& config,
                                               const prompt::PreparedPrefill& prompt,
                                               const hlo::VisionEncodeOptions& options) const = 0;
  // The program's image_features as prefill takes them: [rows, text_hidden], image after image.
  virtual Result<HostTensor> FeaturesForPrefill(HostTensor image_features) const = 0;
  // How many leading rows (axis 0) of the vision tap `stage` are the model's for this prompt
  // (the rest pad the program's bucket); -1 keeps the tap whole.
  virtual int64_t TapRows(const io::ModelConfig& config, const prompt::PreparedPrefill& prompt,
                          const std::string& stage) const = 0;
  // Diagnostics (`vlmxla preprocess-image --model-config`): the host layout tables of the vision
  // program for images of these grids packed into `bucket` rows (<= 0: the fewest that hold
  // them), by name. A family whose program takes its pixels as they are has none: an error.
  virtual Result<std::map<std::string, HostTensor>> VisionLayoutTables(
      const io::ModelConfig& config, std::span<const std::array<int32_t, 3>> grids,
      int64_t bucket) const {
    (void)grids;
    (void)bucket;
    return InvalidArgument("model_type " + config.model_type +
                           " has no vision layout tables (its vision program takes the "
                           "processor's pixel_values as they are)");
  }
  // Whether a checkpoint tensor belongs to the vision side (tower and projector), for the
  // weight accounting.
  virtual bool IsVisionWeight(const std::string& name) const = 0;
};

}  // namespace vlmxla::models
