// Rows of activations for the kernels that quantize them per row (W8A8, W4A8): mostly values of
// a few units with an outlier (a decoder's activations), and where asked, every kind of edge row
// the definition names (zero, NaN, infinite, ties, a scale of 0).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace vlmxla::runtime {

// Row r of a [rows, in] activation: mostly values of a few units with an outlier (a decoder's
// activations), some kinds of edge row among them where `edges`.
inline std::vector<float> Activations(int64_t rows, int64_t in, uint32_t seed, bool edges) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> normal(0.0f, 1.5f);
  std::uniform_int_distribution<int64_t> at(0, in - 1);
  std::vector<float> x(rows * in);
  for (int64_t r = 0; r < rows; ++r) {
    float* row = x.data() + r * in;
    for (int64_t i = 0; i < in; ++i) row[i] = normal(gen);
    row[at(gen)] = 40.0f * normal(gen);
    if (!edges) continue;
    switch (r % 9) {
      case 2: std::fill(row, row + in, 0.0f); break;
      case 4: row[at(gen)] = std::nanf(""); break;
      case 5: row[at(gen)] = -INFINITY; break;
      case 7: {
        // Ties: halves times a scale of 8 bits whose reciprocal is inexact (x / s is exactly
        // k + 0.5, x * (1 / s) may not be), the row's largest 127 * s so that s is the scale.
        const float scale =
            std::ldexp(static_cast<float>(128 + (37 * r) % 128) / 128.0f, -static_cast<int>(r % 5));
        for (int64_t i = 0; i < in; ++i) {
          row[i] = static_cast<float>(i % 255 - 127) / 2.0f * scale;
        }
        row[0] = 127.0f * scale;
        break;
      }
      case 8:  // max / 127 is 0 in float32: scale 0
        for (int64_t i = 0; i < in; ++i) row[i] = static_cast<float>(i % 3 - 1) * 1e-45f;
        break;
      default: break;
    }
  }
  return x;
}

}  // namespace vlmxla::runtime
