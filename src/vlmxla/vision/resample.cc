// Pillow's resampling semantics (libImaging/Resample.c), reimplemented: per-axis double
// coefficients normalised to sum 1, converted to 22-bit fixed point, accumulated in int32 with a
// half-unit bias and clipped to 0..255 after each pass.
#include "vlmxla/vision/resample.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace vlmxla::vision {
namespace {

// 32 bits minus 8 bits of pixel minus 2 bits of headroom for negative lobes (PIL's choice).
constexpr int kPrecisionBits = 32 - 8 - 2;

double BicubicKernel(double x) {
  constexpr double a = -0.5;
  if (x < 0.0) x = -x;
  if (x < 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1;
  if (x < 2.0) return (((x - 5) * x + 8) * x - 4) * a;
  return 0.0;
}

double BilinearKernel(double x) {
  if (x < 0.0) x = -x;
  if (x < 1.0) return 1.0 - x;
  return 0.0;
}

uint8_t Clip8(int32_t v) {
  if (v >= (255 << kPrecisionBits)) return 255;
  if (v <= 0) return 0;
  return static_cast<uint8_t>(v >> kPrecisionBits);
}

std::vector<int32_t> ToFixedPoint(const std::vector<double>& w) {
  std::vector<int32_t> out(w.size());
  const double one = static_cast<double>(1 << kPrecisionBits);
  for (size_t i = 0; i < w.size(); ++i) {
    out[i] =
        w[i] < 0 ? static_cast<int32_t>(-0.5 + w[i] * one) : static_cast<int32_t>(0.5 + w[i] * one);
  }
  return out;
}

// PIL's nearest-neighbour resize is an affine scale: source index = int(offset + (x + 0.5) *
// scale), with the position accumulated by repeated addition as PIL does.
std::vector<int> NearestIndices(int in_size, int out_size) {
  std::vector<int> idx(out_size);
  const double scale = static_cast<double>(in_size) / out_size;
  double pos = scale * 0.5;
  for (int i = 0; i < out_size; ++i) {
    int v = pos < 0.0 ? -1 : static_cast<int>(pos);
    if (v >= in_size) v = in_size - 1;
    idx[i] = v < 0 ? 0 : v;
    pos += scale;
  }
  return idx;
}

void HorizontalPass(const uint8_t* in, int in_w, int row0, int rows, const AxisCoefficients& c,
                    int out_w, std::vector<uint8_t>* dst) {
  const std::vector<int32_t> kk = ToFixedPoint(c.weights);
  dst->resize(static_cast<size_t>(rows) * out_w * 3);
  for (int y = 0; y < rows; ++y) {
    const uint8_t* row = in + static_cast<size_t>(y + row0) * in_w * 3;
    uint8_t* o = dst->data() + static_cast<size_t>(y) * out_w * 3;
    for (int xx = 0; xx < out_w; ++xx) {
      const int xmin = c.bounds[2 * xx];
      const int xmax = c.bounds[2 * xx + 1];
      const int32_t* k = &kk[static_cast<size_t>(xx) * c.ksize];
      int32_t s0 = 1 << (kPrecisionBits - 1), s1 = s0, s2 = s0;
      for (int x = 0; x < xmax; ++x) {
        const uint8_t* p = row + (x + xmin) * 3;
        s0 += p[0] * k[x];
        s1 += p[1] * k[x];
        s2 += p[2] * k[x];
      }
      o[xx * 3 + 0] = Clip8(s0);
      o[xx * 3 + 1] = Clip8(s1);
      o[xx * 3 + 2] = Clip8(s2);
    }
  }
}

void VerticalPass(const uint8_t* in, int w, const AxisCoefficients& c, int out_h,
                  std::vector<uint8_t>* dst) {
  const std::vector<int32_t> kk = ToFixedPoint(c.weights);
  dst->resize(static_cast<size_t>(out_h) * w * 3);
  for (int yy = 0; yy < out_h; ++yy) {
    const int ymin = c.bounds[2 * yy];
    const int ymax = c.bounds[2 * yy + 1];
    const int32_t* k = &kk[static_cast<size_t>(yy) * c.ksize];
    uint8_t* o = dst->data() + static_cast<size_t>(yy) * w * 3;
    for (int i = 0; i < w * 3; ++i) {
      int32_t s = 1 << (kPrecisionBits - 1);
      for (int y = 0; y < ymax; ++y) s += in[static_cast<size_t>(y + ymin) * w * 3 + i] * k[y];
      o[i] = Clip8(s);
    }
  }
}

}  // namespace

Result<ResampleFilter> ResampleFilterFromPilCode(int code) {
  switch (code) {
    case 0: return ResampleFilter::kNearest;
    case 2: return ResampleFilter::kBilinear;
    case 3: return ResampleFilter::kBicubic;
    default:
      return Unimplemented("resample code " + std::to_string(code) +
                           " is not supported (supported: 0 nearest, 2 bilinear, 3 bicubic)");
  }
}

AxisCoefficients ComputeAxisCoefficients(int in_size, int out_size, ResampleFilter filter) {
  const double support_base = filter == ResampleFilter::kBicubic ? 2.0 : 1.0;
  double (*kernel)(double) = filter == ResampleFilter::kBicubic ? BicubicKernel : BilinearKernel;
  const double scale = static_cast<double>(in_size) / out_size;
  const double filterscale = scale < 1.0 ? 1.0 : scale;
  const double support = support_base * filterscale;
  AxisCoefficients c;
  c.ksize = static_cast<int>(std::ceil(support)) * 2 + 1;
  c.bounds.resize(2 * out_size);
  c.weights.assign(static_cast<size_t>(out_size) * c.ksize, 0.0);
  const double ss = 1.0 / filterscale;
  for (int xx = 0; xx < out_size; ++xx) {
    const double center = (xx + 0.5) * scale;
    int xmin = static_cast<int>(center - support + 0.5);
    if (xmin < 0) xmin = 0;
    int xmax = static_cast<int>(center + support + 0.5);
    if (xmax > in_size) xmax = in_size;
    xmax -= xmin;
    double* k = &c.weights[static_cast<size_t>(xx) * c.ksize];
    double ww = 0.0;
    for (int x = 0; x < xmax; ++x) {
      const double w = kernel((x + xmin - center + 0.5) * ss);
      k[x] = w;
      ww += w;
    }
    if (ww != 0.0) {
      for (int x = 0; x < xmax; ++x) k[x] /= ww;
    }
    c.bounds[2 * xx] = xmin;
    c.bounds[2 * xx + 1] = xmax;
  }
  return c;
}

Result<Image> Resize(const Image& src, int width, int height, ResampleFilter filter) {
  if (width <= 0 || height <= 0 || src.width <= 0 || src.height <= 0) {
    return InvalidArgument("cannot resize " + std::to_string(src.width) + "x" +
                           std::to_string(src.height) + " image to " + std::to_string(width) + "x" +
                           std::to_string(height));
  }
  if (width == src.width && height == src.height) return src;
  Image out;
  out.width = width;
  out.height = height;
  out.format = src.format;
  out.exif_orientation = src.exif_orientation;
  out.rgb.resize(static_cast<size_t>(width) * height * 3);

  if (filter == ResampleFilter::kNearest) {
    const std::vector<int> xi = NearestIndices(src.width, width);
    const std::vector<int> yi = NearestIndices(src.height, height);
    for (int y = 0; y < height; ++y) {
      const uint8_t* row = &src.rgb[static_cast<size_t>(yi[y]) * src.width * 3];
      uint8_t* o = &out.rgb[static_cast<size_t>(y) * width * 3];
      for (int x = 0; x < width; ++x) {
        for (int ch = 0; ch < 3; ++ch) o[x * 3 + ch] = row[xi[x] * 3 + ch];
      }
    }
    return out;
  }

  const bool need_horizontal = width != src.width;
  const bool need_vertical = height != src.height;
  // Pillow 13 runs the vertical pass first when the height shrinks, and by more than twice as many
  // pixels as the width (python-pillow/Pillow#9549); the order changes the intermediate rounding.
  // The rule was fitted against Pillow 13.0.0 (tests/py/test_image_parity.py checks it).
  const bool vertical_first = need_horizontal && need_vertical && height < src.height &&
                              (src.height - height) > 2 * (src.width - width);
  const AxisCoefficients horiz = ComputeAxisCoefficients(src.width, width, filter);
  AxisCoefficients vert = ComputeAxisCoefficients(src.height, height, filter);
  if (vertical_first) {
    std::vector<uint8_t> temp;
    VerticalPass(src.rgb.data(), src.width, vert, height, &temp);
    HorizontalPass(temp.data(), src.width, 0, height, horiz, width, &out.rgb);
    return out;
  }
  // The horizontal pass only computes the source rows the vertical pass will read.
  std::vector<uint8_t> temp;
  if (need_horizontal) {
    if (!need_vertical) {
      HorizontalPass(src.rgb.data(), src.width, 0, src.height, horiz, width, &out.rgb);
      return out;
    }
    const int ybox_first = vert.bounds[0];
    const int ybox_last = vert.bounds[2 * height - 2] + vert.bounds[2 * height - 1];
    for (int i = 0; i < height; ++i) vert.bounds[2 * i] -= ybox_first;
    HorizontalPass(src.rgb.data(), src.width, ybox_first, ybox_last - ybox_first, horiz, width,
                   &temp);
    VerticalPass(temp.data(), width, vert, height, &out.rgb);
    return out;
  }
  VerticalPass(src.rgb.data(), src.width, vert, height, &out.rgb);
  return out;
}

}  // namespace vlmxla::vision
