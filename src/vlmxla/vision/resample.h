// PIL-compatible resampling of 8-bit RGB images (Image.resize with reducing_gap=None).
#pragma once

#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/vision/image.h"

namespace vlmxla::vision {

// PIL's resample codes (PILImageResampling): NEAREST=0, BILINEAR=2, BICUBIC=3.
enum class ResampleFilter { kNearest = 0, kBilinear = 2, kBicubic = 3 };

// Maps a PIL resample code to a filter; other codes (LANCZOS, BOX, HAMMING) are Unimplemented.
Result<ResampleFilter> ResampleFilterFromPilCode(int code);

// Resizes to width x height exactly as PIL's Image.resize(size, filter) does for an "RGB" image:
// separable convolution (horizontal pass first), 22-bit fixed-point weights, clipping to 8 bits
// after each pass. Same size returns a copy.
Result<Image> Resize(const Image& src, int width, int height, ResampleFilter filter);

// Normalised double weights PIL computes for one axis (exposed for tests): for each output index,
// `bounds` holds (first source index, count) and `weights` has `ksize` entries per output index.
struct AxisCoefficients {
  int ksize = 0;
  std::vector<int> bounds;
  std::vector<double> weights;
};
AxisCoefficients ComputeAxisCoefficients(int in_size, int out_size, ResampleFilter filter);

}  // namespace vlmxla::vision
