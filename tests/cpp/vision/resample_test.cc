#include "vlmxla/vision/resample.h"

#include <gtest/gtest.h>

#include <cmath>

namespace vlmxla::vision {
namespace {

TEST(Resample, KernelWeightsSumToOne) {
  for (auto f : {ResampleFilter::kBicubic, ResampleFilter::kBilinear}) {
    for (auto [in, out] : {std::pair{1000, 7}, {7, 1000}, {336, 336}, {5, 3}, {1, 9}}) {
      const AxisCoefficients c = ComputeAxisCoefficients(in, out, f);
      for (int i = 0; i < out; ++i) {
        double s = 0;
        for (int k = 0; k < c.bounds[2 * i + 1]; ++k) s += c.weights[i * c.ksize + k];
        EXPECT_NEAR(s, 1.0, 1e-12) << in << "->" << out << " at " << i;
        EXPECT_GE(c.bounds[2 * i], 0);
        EXPECT_LE(c.bounds[2 * i] + c.bounds[2 * i + 1], in);
      }
    }
  }
}

TEST(Resample, BicubicSupportScalesWithDownscale) {
  // 1000 -> 7: scale ~142.9, support 2*scale -> ksize = ceil(285.7)*2+1 = 573.
  EXPECT_EQ(ComputeAxisCoefficients(1000, 7, ResampleFilter::kBicubic).ksize, 573);
  EXPECT_EQ(ComputeAxisCoefficients(7, 1000, ResampleFilter::kBicubic).ksize, 5);
}

TEST(Resample, ConstantImageStaysConstant) {
  Image im;
  im.width = 37;
  im.height = 11;
  im.rgb.assign(37 * 11 * 3, 200);
  for (auto f : {ResampleFilter::kBicubic, ResampleFilter::kBilinear, ResampleFilter::kNearest}) {
    auto r = Resize(im, 13, 29, f);
    ASSERT_TRUE(r.ok());
    for (uint8_t v : r->rgb) ASSERT_EQ(v, 200);
  }
}

TEST(Resample, RejectsEmptyAndUnknownFilters) {
  Image im;
  im.width = 2;
  im.height = 2;
  im.rgb.assign(12, 0);
  EXPECT_FALSE(Resize(im, 0, 3, ResampleFilter::kBicubic).ok());
  EXPECT_EQ(ResampleFilterFromPilCode(1).status().code(), ErrorCode::kUnimplemented);
  EXPECT_TRUE(ResampleFilterFromPilCode(3).ok());
}

}  // namespace
}  // namespace vlmxla::vision
