// W4A8's definition (base/quantize.h) written out plainly, for the tests that hold the kernels and
// the programs to it: each row quantized by QuantizeActivationRow, each group's 32 products summed
// in int32, their products by the group's scale (exact) added in float32 in group order, the sum
// times the row's scale.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "vlmxla/base/quantize.h"

namespace vlmxla {

// x [rows, in] float32 by an int4 weight as kInt4 holds it (values [out, in / 2], scales f32
// [out, in / 32]): y float32 [rows, out]. With `bound`, per element the sum of the groups'
// products' magnitudes times |scale_x|: a float sum of the groups in another order than the
// definition's moves y by at most `groups` roundings of that.
inline std::vector<float> W4A8Definition(const float* x, int64_t rows, int64_t in,
                                         const QuantizedWeight& int4,
                                         std::vector<double>* bound = nullptr) {
  const int64_t out = int4.values.shape()[0], groups = in / kInt4GroupSize;
  const auto bytes = int4.values.span<uint8_t>();
  const auto scales = int4.scales.span<float>();
  std::vector<int8_t> q(in);
  std::vector<float> y(rows * out);
  if (bound) bound->assign(rows * out, 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    const float scale_x = QuantizeActivationRow(x + r * in, in, q.data());
    for (int64_t o = 0; o < out; ++o) {
      float acc = 0.0f;
      double magnitude = 0.0;
      for (int64_t g = 0; g < groups; ++g) {
        int32_t isum = 0;
        for (int64_t i = g * kInt4GroupSize; i < (g + 1) * kInt4GroupSize; ++i) {
          const uint8_t byte = bytes[(o * in + i) / 2];
          const int nibble = i % 2 == 0 ? byte & 15 : byte >> 4;
          isum += int32_t{q[i]} * (nibble >= 8 ? nibble - 16 : nibble);
        }
        const float product = static_cast<float>(isum) * scales[o * groups + g];  // exact
        acc = acc + product;
        magnitude += std::fabs(double{product});
      }
      y[r * out + o] = acc * scale_x;
      if (bound) (*bound)[r * out + o] = magnitude * std::fabs(double{scale_x});
    }
  }
  return y;
}

}  // namespace vlmxla
