// The Qwen2-VL image processor (also Qwen2.5-VL's), configured from preprocessor_config.json and
// reproducing Transformers' Qwen2VLImageProcessorPil bit-exactly: smart resize to multiples of
// patch_size * merge_size within [min_pixels, max_pixels], PIL resize, rescale and normalize,
// then every image flattened into rows of temporal_patch_size identical frames.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/vision/image.h"
#include "vlmxla/vision/resample.h"

namespace vlmxla::vision {

// Status::reason() of the images smart_resize refuses or cannot make non-empty.
inline constexpr char kReasonImageAspectRatio[] = "image_aspect_ratio_unsupported";
inline constexpr char kReasonImageTooSmall[] = "image_too_small";

// smart_resize's limit on max(h, w) / min(h, w).
inline constexpr double kQwenMaxAspectRatio = 200.0;

struct QwenImageProcessorConfig {
  bool do_resize = true;
  int64_t min_pixels = 56 * 56;         // size.shortest_edge (or min_pixels)
  int64_t max_pixels = 28 * 28 * 1280;  // size.longest_edge (or max_pixels)
  ResampleFilter resample = ResampleFilter::kBicubic;
  bool do_rescale = true;
  double rescale_factor = 1.0 / 255.0;
  bool do_normalize = true;
  std::array<double, 3> image_mean{0.48145466, 0.4578275, 0.40821073};
  std::array<double, 3> image_std{0.26862954, 0.26130258, 0.27577711};
  bool do_convert_rgb = true;
  int patch_size = 14;
  int temporal_patch_size = 2;
  int merge_size = 2;

  int factor() const { return patch_size * merge_size; }
  int patch_dim() const { return 3 * temporal_patch_size * patch_size * patch_size; }
};

// What the processor returns for a list of images (Transformers' pixel_values, image_grid_thw).
struct QwenProcessedImages {
  HostTensor pixel_values;                             // f32 [sum t*h*w, patch_dim]
  std::vector<std::array<int32_t, 3>> image_grid_thw;  // per image [t, h, w] in patches
};

// Transformers' smart_resize: the (height, width) an image of height x width is resized to.
// Fails (kReasonImageAspectRatio) beyond an aspect ratio of 200, and (kReasonImageTooSmall) when a
// side would come out 0, which Transformers passes on to PIL as an error.
Result<std::pair<int64_t, int64_t>> SmartResize(int64_t height, int64_t width, int64_t factor,
                                                int64_t min_pixels, int64_t max_pixels);

// True when a preprocessor config names this processor: image_processor_type Qwen2VLImageProcessor
// (plain, Fast or Pil), or no image_processor_type and processor_class Qwen2VLProcessor /
// Qwen2_5_VLProcessor.
bool IsQwenImageProcessorConfig(const nlohmann::json& preprocessor_config);

class QwenImageProcessor {
 public:
  // Reads the fields with Qwen2VLImageProcessorPil's defaults; min_pixels / max_pixels override
  // size.shortest_edge / size.longest_edge as its constructor does.
  static Result<QwenImageProcessor> FromConfig(const nlohmann::json& preprocessor_config);
  // preprocessor_config.json, else processor_config.json's "image_processor".
  static Result<QwenImageProcessor> FromModelDir(const std::string& dir);

  const QwenImageProcessorConfig& config() const { return config_; }

  // The resized (height, width) of a height x width image (its own size without do_resize).
  Result<std::pair<int64_t, int64_t>> OutputSize(int64_t height, int64_t width) const;
  // [1, h / patch_size, w / patch_size] for a height x width image.
  Result<std::array<int32_t, 3>> GridThw(int64_t height, int64_t width) const;
  // All images, each flattened to t*h*w rows, concatenated in order.
  Result<QwenProcessedImages> Preprocess(std::span<const Image> images) const;

 private:
  Status AppendImage(const Image& image, std::vector<float>* rows,
                     std::array<int32_t, 3>* grid) const;
  QwenImageProcessorConfig config_;
};

}  // namespace vlmxla::vision
