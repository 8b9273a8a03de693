// LLaVA-NeXT's "anyres" image handling (and LLaVA-OneVision's anyres_max_N variant), as
// Transformers 5.23 does it: the host half only.
//
// Pixels (LlavaNextImageProcessorPil / LlavaOnevisionImageProcessorPil): the image is resized,
// aspect kept, to fit the best of the image_grid_pinpoints, zero-padded (centred) to it and cut
// into tile_size x tile_size tiles; view 0 is the whole image resized to the base size. Every view
// then goes through the CLIP/SigLIP steps of vision::ImageProcessor (resize, crop, rescale,
// normalise).
//
// Features (modeling_llava_next.py's pack_image_features): the tower's rows of the tiles are laid
// out as one grid, the rows and columns the padding produced are dropped (unpad_image), and an
// image_newline follows every grid row; the base view's rows come first. The layout names, for
// every output feature, the tower row it copies, so a device program applies it as a gather.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/vision/image.h"
#include "vlmxla/vision/image_processor.h"

namespace vlmxla::vision {

// A size in pixels (or in feature rows/columns), height first as Transformers writes it.
struct Resolution {
  int height = 0;
  int width = 0;
  bool operator==(const Resolution&) const = default;
};

// ---- Geometry (pure functions, Transformers' names) ----

// select_best_resolution: the pinpoint that keeps the most of the image's resolution when the
// image is scaled to fit it, ties broken by the least wasted area, first one winning.
// An empty `possible` is InvalidArgument.
Result<Resolution> SelectBestResolution(Resolution original, std::span<const Resolution> possible);

// get_patch_output_size: the size the image is resized to so that it fits `target` (aspect kept).
Resolution PatchOutputSize(Resolution original, Resolution target);

// Rows above / columns left of the resized image when _pad_for_patching centres it in `target`
// (the odd pixel goes below / right). The fill is 0 in uint8 RGB.
struct PatchPadding {
  int top = 0;
  int left = 0;
};
PatchPadding PaddingForPatching(Resolution resized, Resolution target);

// image_size_to_num_patches: 1 (the base view) + ceil(h / tile) * ceil(w / tile) of the best
// resolution.
Result<int> ImageSizeToNumPatches(Resolution image, std::span<const Resolution> pinpoints,
                                  int tile_size);

// get_anyres_image_grid_shape: (best.height / tile, best.width / tile), floor division.
Result<Resolution> AnyresImageGridShape(Resolution image, std::span<const Resolution> pinpoints,
                                        int tile_size);

// unpad_image on a feature canvas of `current` rows x columns: the rows (or columns) kept.
struct UnpadBox {
  int top = 0, height = 0;  // rows [top, top + height)
  int left = 0, width = 0;  // columns [left, left + width)
};
UnpadBox UnpadImage(Resolution original, Resolution current);

// LLaVA-OneVision's "anyres_max_N" (vision_aspect_ratio): N, read as Python's
// int(s.strip("anyres_max_")) does for the digits the configs hold.
Result<int> ParseAnyresMax(const std::string& vision_aspect_ratio);

// The processor's _get_number_of_features for one image (Llava(Next|Onevision)Processor), without
// the class token: side * side base rows + the unpadded rows + one newline per unpadded row,
// the latter two after the anyres_max_N downscale when max_num_patches > 0. `tile` is the
// processed view size (pixel_values' H, W) and `patch_size` the tower's patch.
Result<int> NumberOfFeatures(Resolution original, std::span<const Resolution> pinpoints,
                             Resolution tile, int patch_size, int max_num_patches);

// ---- Pixels ----

struct AnyresImageProcessorConfig {
  bool onevision = false;                        // LlavaOnevisionImageProcessor
  std::vector<Resolution> image_grid_pinpoints;  // (height, width) each
  int tile_size = 0;                             // divide_to_patches' patch_size
  Resolution base_size;                          // the base view's resize target
};

// One image's views: pixel_values [views, 3, H, W] (view 0 = the base view).
struct AnyresPixels {
  HostTensor pixel_values;
  Resolution image_size;  // the decoded image, (height, width): the processor's image_sizes
};

class AnyresImageProcessor {
 public:
  // LlavaNextImageProcessor or LlavaOnevisionImageProcessor (plain, Fast or Pil spelling), with
  // the class defaults Transformers applies; the per-view steps are vision::ImageProcessor's.
  static Result<AnyresImageProcessor> FromConfig(const nlohmann::json& preprocessor_config);

  const AnyresImageProcessorConfig& config() const { return config_; }
  const ImageProcessor& view_processor() const { return views_; }

  // The base view and the tiles of one image: [1 + tiles, 3, H, W].
  Result<AnyresPixels> Preprocess(const Image& image) const;
  // LLaVA-OneVision's view of an image among several in one prompt: the image padded to a square
  // with int(255 * image_mean) (centred), then the per-view steps: [1, 3, H, W].
  Result<AnyresPixels> PreprocessSquare(const Image& image) const;

 private:
  AnyresImageProcessorConfig config_;
  ImageProcessor views_;
};

// True for a LlavaNext/LlavaOnevision image_processor_type (the configs with
// image_grid_pinpoints).
bool IsAnyresImageProcessorConfig(const nlohmann::json& preprocessor_config);

// The processor's batch: each image's views zero-padded to the most views (_pad_for_batching),
// pixel_values f32 [images, max views, 3, H, W] and image_sizes int64 [images, 2].
struct AnyresBatch {
  HostTensor pixel_values;
  HostTensor image_sizes;
};
Result<AnyresBatch> StackAnyresPixels(std::span<const AnyresPixels> images);

// ---- Features ----

// What the model's config.json fixes for the layout.
struct AnyresFeatureGeometry {
  std::vector<Resolution> image_grid_pinpoints;  // the model's (config.image_grid_pinpoints)
  int image_size = 0;                            // vision_config.image_size: the tile edge
  int patch_size = 0;                            // vision_config.patch_size
  int max_num_patches = 0;  // LLaVA-OneVision's anyres_max_N; 0 for LLaVA-NeXT (no downscale)

  int side() const { return image_size / patch_size; }  // feature rows/columns per view
};

// From a llava_next or llava_onevision config (image_grid_pinpoints, vision_config,
// vision_aspect_ratio, with Transformers' defaults as io::ParseModelConfig applies them).
Result<AnyresFeatureGeometry> AnyresFeatureGeometryOf(const io::LlavaConfig& config);
Result<AnyresFeatureGeometry> AnyresFeatureGeometryFromModelConfig(const nlohmann::json& config);

// Source markers in AnyresFeatureLayout::feature_source.
inline constexpr int32_t kAnyresNewline = -1;  // the model's image_newline parameter
inline constexpr int32_t kAnyresBlended = -2;  // the next entry of blend_source / blend_weight

// One image's output features in order. Tower rows are numbered view * rows_per_view + r over
// the selected (class token dropped) features of the image's views, view 0 being the base view.
struct AnyresFeatureLayout {
  int views = 0;          // 1 + tiles (1 for a base-only image)
  int rows_per_view = 0;  // side * side
  Resolution grid;        // tiles (rows, columns); 0 x 0 for a base-only image
  Resolution unpadded;    // feature canvas after unpad_image
  Resolution packed;      // after the anyres_max_N downscale (== unpadded without one)
  std::vector<int32_t> feature_source;  // a tower row, kAnyresNewline or kAnyresBlended
  // LLaVA-OneVision's downscale (nn.functional.interpolate, bilinear, align_corners=False), one
  // entry per kAnyresBlended feature in order: tower rows {a, b, c, d} = {(y0, x0), (y0, x1),
  // (y1, x0), (y1, x1)} and float32 weights {h0, h1, w0, w1}; the feature is
  // (a * w0 + b * w1) * h0 + (c * w0 + d * w1) * h1, the order PyTorch's CPU kernel uses.
  std::vector<std::array<int32_t, 4>> blend_source;
  std::vector<std::array<float, 4>> blend_weight;
};

// The layout of one image of `image_size` (height, width). `base_only`: LLaVA-OneVision's
// several-images-in-one-prompt rule (the base view's rows, then one newline).
Result<AnyresFeatureLayout> LayoutAnyresFeatures(const AnyresFeatureGeometry& geometry,
                                                 Resolution image_size, bool base_only = false);

}  // namespace vlmxla::vision
