#include "vlmxla/base/quantize.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "vlmxla/base/dtype.h"

namespace vlmxla {
namespace {

// Row `o` of a float [out, in] tensor widened to f32 into `row` (bf16/f16 widen exactly): one row
// at a time, so quantizing holds no f32 copy of the whole weight.
void WidenRow(const HostTensor& t, int64_t o, std::vector<float>& row) {
  const int64_t in = static_cast<int64_t>(row.size());
  for (int64_t i = 0; i < in; ++i) {
    const int64_t k = o * in + i;
    switch (t.dtype()) {
      case DType::kF32: row[i] = t.span<float>()[k]; break;
      case DType::kBF16: row[i] = BFloat16ToFloat(t.span<uint16_t>()[k]); break;
      default: row[i] = HalfToFloat(t.span<uint16_t>()[k]); break;
    }
  }
}

// The scale of `n` weights from `w` (QuantizationScale of their largest magnitude).
float GroupScale(const float* w, int64_t n, float qmax) {
  float m = 0.0f;
  for (int64_t i = 0; i < n; ++i) m = std::max(m, std::fabs(w[i]));
  return QuantizationScale(m, qmax);
}

// clamp(round half to even(w / scale), -qmax, qmax), in float32; 0 where w / scale is NaN (0 / 0
// under a zero scale, a NaN w), which converted to int would be undefined.
int QuantizeValue(float w, float scale, float qmax) {
  const float q = std::nearbyint(w / scale);  // the default rounding mode: to nearest even
  return q != q ? 0 : static_cast<int>(std::clamp(q, -qmax, qmax));
}

}  // namespace

float QuantizationScale(float max_abs, float qmax) {
  return max_abs == 0.0f ? 1.0f : BFloat16ToFloat(FloatToBFloat16(max_abs / qmax));
}

float QuantizeActivationRow(const float* x, int64_t in, int8_t* q) {
  constexpr float kMax = 127.0f;
  float m = 0.0f;
  bool finite = true;
  for (int64_t i = 0; i < in; ++i) {
    finite = finite && std::isfinite(x[i]);
    m = std::max(m, std::fabs(x[i]));
  }
  if (!finite) {
    std::fill(q, q + in, int8_t{0});
    return std::numeric_limits<float>::quiet_NaN();
  }
  const float s = QuantizationScale(m, kMax);
  for (int64_t i = 0; i < in; ++i) q[i] = static_cast<int8_t>(QuantizeValue(x[i], s, kMax));
  return s;
}

Result<WeightQuant> ParseWeightQuant(const std::string& value, const std::string& source) {
  if (value == "stored") return WeightQuant::kNone;
  if (value == "int8") return WeightQuant::kInt8;
  if (value == "int4") return WeightQuant::kInt4;
  if (value == "w8a8") return WeightQuant::kW8A8;
  if (value == "w4a8") return WeightQuant::kW4A8;
  return InvalidArgument(source + " must be one of " + kWeightQuantChoices + ", got '" + value +
                         "'");
}

const char* WeightQuantName(WeightQuant quant) {
  switch (quant) {
    case WeightQuant::kNone: return "stored";
    case WeightQuant::kInt8: return "int8";
    case WeightQuant::kInt4: return "int4";
    case WeightQuant::kW8A8: return "w8a8";
    case WeightQuant::kW4A8: return "w4a8";
  }
  return "stored";
}

Result<QuantizedWeight> QuantizeWeight(const HostTensor& weight, WeightQuant quant,
                                       const std::string& name) {
  if (quant == WeightQuant::kNone) return InvalidArgument(name + ": no quantization asked for");
  quant = StoredQuant(quant);
  const DType dt = weight.dtype();
  if (dt != DType::kF32 && dt != DType::kBF16 && dt != DType::kF16) {
    return InvalidArgument(std::string("quantizing '") + name + "' needs a float weight " +
                           "(f32, bf16 or f16), got " + DTypeName(dt));
  }
  if (weight.shape().size() != 2) {
    return InvalidArgument("quantizing '" + name + "' needs a 2-D [out, in] weight, got " +
                           ShapeToString(weight.shape()));
  }
  const int64_t out = weight.shape()[0], in = weight.shape()[1];
  std::vector<float> row(static_cast<size_t>(in));
  QuantizedWeight q;
  if (quant == WeightQuant::kInt8) {
    constexpr float kMax = 127.0f;
    q.values = HostTensor(DType::kI8, Shape{out, in});
    q.scales = HostTensor(DType::kF32, Shape{out});
    auto values = q.values.mutable_span<int8_t>();
    auto scales = q.scales.mutable_span<float>();
    for (int64_t o = 0; o < out; ++o) {
      WidenRow(weight, o, row);
      const float s = GroupScale(row.data(), in, kMax);
      scales[o] = s;
      for (int64_t i = 0; i < in; ++i) {
        values[o * in + i] = static_cast<int8_t>(QuantizeValue(row[i], s, kMax));
      }
    }
    return q;
  }
  if (in % kInt4GroupSize != 0) {
    return InvalidArgument("int4 quantization of '" + name + "' needs its input dimension to be " +
                           "a multiple of " + std::to_string(kInt4GroupSize) + ", got " +
                           ShapeToString(weight.shape()));
  }
  constexpr float kMax = 7.0f;
  const int64_t groups = in / kInt4GroupSize;
  q.values = HostTensor(DType::kI8, Shape{out, in / 2});
  q.scales = HostTensor(DType::kF32, Shape{out, groups});
  auto values = q.values.mutable_span<uint8_t>();
  auto scales = q.scales.mutable_span<float>();
  for (int64_t o = 0; o < out; ++o) {
    WidenRow(weight, o, row);
    for (int64_t g = 0; g < groups; ++g) {
      const float* group = row.data() + g * kInt4GroupSize;
      const float s = GroupScale(group, kInt4GroupSize, kMax);
      scales[o * groups + g] = s;
      for (int64_t j = 0; j < kInt4GroupSize; j += 2) {
        const int lo = QuantizeValue(group[j], s, kMax), hi = QuantizeValue(group[j + 1], s, kMax);
        values[(o * in + g * kInt4GroupSize + j) / 2] =
            static_cast<uint8_t>((lo & 15) | ((hi & 15) << 4));
      }
    }
  }
  return q;
}

Result<HostTensor> DequantizeWeight(const QuantizedWeight& weight, WeightQuant quant) {
  const Shape& vs = weight.values.shape();
  if (vs.size() != 2) return InvalidArgument("dequantize: values must be 2-D");
  const int64_t out = vs[0];
  if (StoredQuant(quant) == WeightQuant::kInt8) {
    const int64_t in = vs[1];
    if (weight.values.dtype() != DType::kI8 || weight.scales.dtype() != DType::kF32 ||
        weight.scales.num_elements() != out) {
      return InvalidArgument("dequantize int8: values i8 [out, in] and scales f32 [out] expected");
    }
    HostTensor w(DType::kF32, Shape{out, in});
    auto dst = w.mutable_span<float>();
    for (int64_t o = 0; o < out; ++o)
      for (int64_t i = 0; i < in; ++i)
        dst[o * in + i] = static_cast<float>(weight.values.span<int8_t>()[o * in + i]) *
                          weight.scales.span<float>()[o];
    return w;
  }
  if (StoredQuant(quant) != WeightQuant::kInt4) {
    return InvalidArgument("dequantize: no quantization");
  }
  const int64_t in = vs[1] * 2, groups = in / kInt4GroupSize;
  if (weight.values.dtype() != DType::kI8 || weight.scales.dtype() != DType::kF32 ||
      in % kInt4GroupSize != 0 || weight.scales.num_elements() != out * groups) {
    return InvalidArgument(
        "dequantize int4: values i8 [out, in / 2] and scales f32 [out, in / 32] expected");
  }
  HostTensor w(DType::kF32, Shape{out, in});
  auto dst = w.mutable_span<float>();
  for (int64_t o = 0; o < out; ++o) {
    for (int64_t i = 0; i < in; ++i) {
      const uint8_t byte = weight.values.span<uint8_t>()[(o * in + i) / 2];
      const int nibble = i % 2 == 0 ? byte & 15 : byte >> 4;
      const int q = nibble >= 8 ? nibble - 16 : nibble;
      dst[o * in + i] =
          static_cast<float>(q) * weight.scales.span<float>()[o * groups + i / kInt4GroupSize];
    }
  }
  return w;
}

namespace {

// q of a kInt4 values tensor [out, in / 2]: input i of row o.
int Int4Q(const uint8_t* values, int64_t in, int64_t o, int64_t i) {
  const uint8_t byte = values[(o * in + i) / 2];
  const int nibble = i % 2 == 0 ? byte & 15 : byte >> 4;
  return nibble >= 8 ? nibble - 16 : nibble;
}

// Byte 64 m + 4 j + t of a block's group (quantize.h): (block output j, inputs 4 m + t and
// 16 + 4 m + t of the group).
int64_t W4A8Byte(int64_t m, int64_t j, int64_t t) { return 64 * m + 4 * j + t; }

}  // namespace

Result<QuantizedWeight> PackW4A8Weight(const QuantizedWeight& int4, const std::string& name) {
  const Shape& vs = int4.values.shape();
  if (int4.values.dtype() != DType::kI8 || vs.size() != 2 || int4.scales.dtype() != DType::kF32 ||
      int4.scales.num_elements() != vs[0] * (vs[1] * 2 / kInt4GroupSize) ||
      (vs[1] * 2) % kInt4GroupSize != 0) {
    return InvalidArgument("w4a8 blocks of '" + name +
                           "' need int4's values i8 [out, in / 2] and scales f32 [out, in / 32], "
                           "got values " +
                           std::string(DTypeName(int4.values.dtype())) + " " + ShapeToString(vs) +
                           " and scales " + DTypeName(int4.scales.dtype()) + " " +
                           ShapeToString(int4.scales.shape()));
  }
  const int64_t out = vs[0], in = vs[1] * 2, groups = in / kInt4GroupSize;
  const int64_t blocks = (out + kW4A8BlockOutputs - 1) / kW4A8BlockOutputs;
  QuantizedWeight packed;
  packed.values = HostTensor(DType::kI8, Shape{blocks, groups, kW4A8BlockBytes});
  packed.scales = HostTensor(DType::kBF16, Shape{blocks, groups, kW4A8BlockOutputs});
  const auto* src = int4.values.span<uint8_t>().data();
  const auto scales = int4.scales.span<float>();
  auto dst = packed.values.mutable_span<uint8_t>();
  auto dst_scales = packed.scales.mutable_span<uint16_t>();
  std::fill(dst.begin(), dst.end(), uint8_t{0x88});  // q = 0 past the last output
  std::fill(dst_scales.begin(), dst_scales.end(), uint16_t{0});
  for (int64_t o = 0; o < out; ++o) {
    const int64_t b = o / kW4A8BlockOutputs, j = o % kW4A8BlockOutputs;
    for (int64_t g = 0; g < groups; ++g) {
      const float s = scales[o * groups + g];
      const uint16_t bits = FloatToBFloat16(s);
      if (!(BFloat16ToFloat(bits) == s)) {
        return InvalidArgument("w4a8 holds int4 scales in bfloat16, but scale " +
                               std::to_string(g) + " of output " + std::to_string(o) + " of '" +
                               name + "' (" + std::to_string(s) +
                               ") is not exact in bfloat16 (8 significant bits)");
      }
      dst_scales[(b * groups + g) * kW4A8BlockOutputs + j] = bits;
      uint8_t* block = dst.data() + (b * groups + g) * kW4A8BlockBytes;
      for (int64_t m = 0; m < 4; ++m) {
        for (int64_t t = 0; t < 4; ++t) {
          const int64_t i = g * kInt4GroupSize + 4 * m + t;
          const int lo = Int4Q(src, in, o, i), hi = Int4Q(src, in, o, i + 16);
          if (lo < -7 || hi < -7) {
            return InvalidArgument("w4a8 blocks of '" + name + "': output " + std::to_string(o) +
                                   " holds -8, outside the symmetric range [-7, 7]");
          }
          block[W4A8Byte(m, j, t)] = static_cast<uint8_t>((lo + 8) | ((hi + 8) << 4));
        }
      }
    }
  }
  return packed;
}

Result<QuantizedWeight> UnpackW4A8Weight(const QuantizedWeight& blocks, int64_t out) {
  const Shape& vs = blocks.values.shape();
  if (blocks.values.dtype() != DType::kI8 || vs.size() != 3 || vs[2] != kW4A8BlockBytes ||
      blocks.scales.dtype() != DType::kBF16 ||
      blocks.scales.shape() != Shape{vs[0], vs[1], kW4A8BlockOutputs} || out < 0 ||
      out > vs[0] * kW4A8BlockOutputs) {
    return InvalidArgument(
        "w4a8 blocks must be values i8 [blocks, groups, 256] and scales bf16 "
        "[blocks, groups, 16] for at most 16 x blocks outputs");
  }
  const int64_t groups = vs[1], in = groups * kInt4GroupSize;
  QuantizedWeight int4;
  int4.values = HostTensor(DType::kI8, Shape{out, in / 2});
  int4.scales = HostTensor(DType::kF32, Shape{out, groups});
  const auto src = blocks.values.span<uint8_t>();
  const auto src_scales = blocks.scales.span<uint16_t>();
  auto dst = int4.values.mutable_span<uint8_t>();
  auto scales = int4.scales.mutable_span<float>();
  std::fill(dst.begin(), dst.end(), uint8_t{0});
  for (int64_t o = 0; o < out; ++o) {
    const int64_t b = o / kW4A8BlockOutputs, j = o % kW4A8BlockOutputs;
    for (int64_t g = 0; g < groups; ++g) {
      scales[o * groups + g] =
          BFloat16ToFloat(src_scales[(b * groups + g) * kW4A8BlockOutputs + j]);
      const uint8_t* block = src.data() + (b * groups + g) * kW4A8BlockBytes;
      for (int64_t m = 0; m < 4; ++m) {
        for (int64_t t = 0; t < 4; ++t) {
          const uint8_t byte = block[W4A8Byte(m, j, t)];
          const int64_t i = g * kInt4GroupSize + 4 * m + t;
          for (const auto& [at, nibble] : {std::pair{i, byte & 15}, std::pair{i + 16, byte >> 4}}) {
            const int q = nibble - 8;
            uint8_t& d = dst[(o * in + at) / 2];
            d = static_cast<uint8_t>(at % 2 == 0 ? (d & 0xF0) | (q & 15)
                                                 : (d & 0x0F) | ((q & 15) << 4));
          }
        }
      }
    }
  }
  return int4;
}

Result<HostTensor> Int4BytesToWords(const HostTensor& values) {
  if (values.dtype() != DType::kI8 || values.shape().size() != 2 || values.shape()[1] % 4 != 0) {
    return InvalidArgument("int4 bytes must be i8 [out, in / 2] with in a multiple of 8, got " +
                           std::string(DTypeName(values.dtype())) + " " +
                           ShapeToString(values.shape()));
  }
  const int64_t out = values.shape()[0], bytes = values.shape()[1];
  HostTensor words(DType::kI32, Shape{out, bytes / 4});
  auto src = values.span<uint8_t>();
  auto dst = words.mutable_span<int32_t>();
  for (int64_t i = 0; i < out * bytes / 4; ++i) {
    uint32_t word = 0;
    for (int k = 0; k < 8; ++k) {
      const uint8_t byte = src[i * 4 + k / 2];
      const int nibble = k % 2 == 0 ? byte & 15 : byte >> 4;
      const int q = nibble >= 8 ? nibble - 16 : nibble;
      word |= static_cast<uint32_t>(q + 8) << (4 * k);
    }
    dst[i] = static_cast<int32_t>(word);
  }
  return words;
}

Result<HostTensor> Int4WordsToBytes(const HostTensor& words) {
  if (words.dtype() != DType::kI32 || words.shape().size() != 2) {
    return InvalidArgument("int4 words must be i32 [out, in / 8], got " +
                           std::string(DTypeName(words.dtype())) + " " +
                           ShapeToString(words.shape()));
  }
  const int64_t out = words.shape()[0], n = words.shape()[1];
  HostTensor values(DType::kI8, Shape{out, n * 4});
  auto src = words.span<int32_t>();
  auto dst = values.mutable_span<uint8_t>();
  for (int64_t i = 0; i < out * n; ++i) {
    const auto word = static_cast<uint32_t>(src[i]);
    for (int k = 0; k < 8; k += 2) {
      const int lo = static_cast<int>((word >> (4 * k)) & 15) - 8;
      const int hi = static_cast<int>((word >> (4 * k + 4)) & 15) - 8;
      if (lo < -7 || hi < -7) {
        return InvalidArgument("int4 words hold -8, outside the symmetric range [-7, 7]");
      }
      dst[i * 4 + k / 2] = static_cast<uint8_t>((lo & 15) | ((hi & 15) << 4));
    }
  }
  return values;
}

}  // namespace vlmxla
