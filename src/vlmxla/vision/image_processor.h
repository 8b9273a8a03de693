// CLIP and SigLIP image processors, configured from preprocessor_config.json, reproducing
// Transformers' PIL backend (CLIPImageProcessorPil / SiglipImageProcessorPil) bit-exactly.
#pragma once

#include <array>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/vision/image.h"
#include "vlmxla/vision/pan_and_scan.h"
#include "vlmxla/vision/resample.h"

namespace vlmxla::vision {

struct ImageProcessorConfig {
  std::string processor_type;  // "clip" or "siglip"
  bool do_resize = true;
  int shortest_edge = 0;                // > 0: resize the short side to this (aspect kept)
  int size_height = 0, size_width = 0;  // else: resize to exactly this
  ResampleFilter resample = ResampleFilter::kBicubic;
  bool do_center_crop = false;
  int crop_height = 0, crop_width = 0;
  bool do_rescale = true;
  double rescale_factor = 1.0 / 255.0;
  bool do_normalize = true;
  std::array<double, 3> image_mean{};
  std::array<double, 3> image_std{};
  bool do_convert_rgb = true;
  PanAndScanConfig pan_and_scan;  // Gemma3ImageProcessor's; off for every other processor
};

// A model directory's image-processor settings: preprocessor_config.json, or the "image_processor"
// entry of processor_config.json (Transformers v5 may save it only there); `path` names the file.
struct ImageProcessorConfigFile {
  std::string path;
  nlohmann::json config;
};
Result<ImageProcessorConfigFile> ReadImageProcessorConfig(const std::string& dir);

// Transformers' convert_to_rgb for a PNG colour key: the keyed pixels (alpha 0) are composited
// onto white and the key is dropped. No-op without a key.
void CompositeTransparencyKey(Image* image);

class ImageProcessor {
 public:
  // Reads the fields (and class defaults) as Transformers does; an image_processor_type other
  // than CLIP/SigLIP (any of the plain, Fast or Pil spellings) is Unimplemented.
  static Result<ImageProcessor> FromConfig(const nlohmann::json& preprocessor_config);
  static Result<ImageProcessor> FromModelDir(const std::string& dir);  // preprocessor_config.json

  const ImageProcessorConfig& config() const { return config_; }

  // Output (height, width) of one image after resize and crop.
  std::pair<int, int> OutputSize(int height, int width) const;
  // The resized (and cropped) uint8 RGB image, before rescale/normalize.
  Result<Image> ResizeAndCrop(const Image& image) const;
  // f32 [n, 3, H, W] pixel_values; every image must come out the same size.
  Result<HostTensor> Preprocess(std::span<const Image> images) const;
  // The views one image becomes, as Gemma3ImageProcessor lists them: the image, then its
  // pan-and-scan crops (none when pan-and-scan is off or does not apply to its shape).
  std::vector<Image> Views(const Image& image) const;

 private:
  ImageProcessorConfig config_;
};

}  // namespace vlmxla::vision
