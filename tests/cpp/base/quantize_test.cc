#include "vlmxla/base/quantize.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

namespace vlmxla {
namespace {

HostTensor F32(Shape shape, const std::vector<float>& values) {
  HostTensor t(DType::kF32, std::move(shape));
  std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(float));
  return t;
}

TEST(WeightQuant, ParsesTheFlagAndNamesTheChoices) {
  EXPECT_EQ(*ParseWeightQuant("int8", "--weights"), WeightQuant::kInt8);
  EXPECT_EQ(*ParseWeightQuant("int4", "--weights"), WeightQuant::kInt4);
  EXPECT_EQ(*ParseWeightQuant("stored", "--weights"), WeightQuant::kNone);
  Result<WeightQuant> bad = ParseWeightQuant("int3", "--weights");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("--weights"), std::string::npos);
  EXPECT_NE(bad.status().message().find("int8"), std::string::npos);
  EXPECT_NE(bad.status().message().find("'int3'"), std::string::npos);
}

TEST(WeightQuant, Int8IsSymmetricPerRowWithHalfEvenRounding) {
  // Row 0: max 127 -> scale 1, so q is W rounded half to even (2.5 -> 2, 3.5 -> 4, -0.5 -> -0).
  // Row 1: all zero -> scale 1, q 0. Row 2: max 254 -> scale 2; 3 / 2 = 1.5 -> 2, 5 / 2 = 2.5 -> 2.
  HostTensor w = F32({3, 4}, {127.0f, 2.5f, 3.5f, -0.5f, 0, 0, 0, 0, -254.0f, 3.0f, 5.0f, 1.0f});
  Result<QuantizedWeight> q = QuantizeWeight(w, WeightQuant::kInt8, "w");
  ASSERT_TRUE(q.ok()) << q.status().ToString();
  ASSERT_EQ(q->values.dtype(), DType::kI8);
  ASSERT_EQ(q->values.shape(), (Shape{3, 4}));
  ASSERT_EQ(q->scales.shape(), (Shape{3}));
  const std::vector<int8_t> want = {127, 2, 4, 0, 0, 0, 0, 0, -127, 2, 2, 0};
  const auto got = q->values.span<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(got.begin(), got.end()), want);
  EXPECT_EQ(q->scales.span<float>()[0], 1.0f);
  EXPECT_EQ(q->scales.span<float>()[1], 1.0f);
  EXPECT_EQ(q->scales.span<float>()[2], 2.0f);
  Result<HostTensor> back = DequantizeWeight(*q, WeightQuant::kInt8);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->span<float>()[8], -254.0f);
  EXPECT_EQ(back->span<float>()[9], 4.0f);
}

// The scale keeps 8 significant bits (bfloat16's, rounded to nearest even), so every W' =
// float(q) * scale is exact in float32: the same number whether or not a compiler fuses the
// multiply into an FMA. 1 / 127 has a long mantissa: rounded, it is 0x3C010000's value, and q is
// taken against the rounded scale.
TEST(WeightQuant, ScalesKeepEightBitsSoEveryDequantizedValueIsExact) {
  std::vector<float> values(64 * 96);
  uint32_t state = 12345;
  for (float& v : values) {
    state = state * 1664525u + 1013904223u;
    v = (static_cast<float>(state >> 8) / 16777216.0f - 0.5f) * 0.37f;
  }
  values[0] = 1.0f;  // row 0's max: 1 / 127
  for (const WeightQuant quant : {WeightQuant::kInt8, WeightQuant::kInt4}) {
    SCOPED_TRACE(WeightQuantName(quant));
    Result<QuantizedWeight> q = QuantizeWeight(F32({64, 96}, values), quant, "w");
    ASSERT_TRUE(q.ok()) << q.status().ToString();
    for (float s : q->scales.span<float>()) {
      uint32_t bits;
      std::memcpy(&bits, &s, 4);
      EXPECT_EQ(bits & 0xFFFFu, 0u) << s;  // no bits below bfloat16's mantissa
    }
    if (quant == WeightQuant::kInt8) {
      uint32_t bits;
      std::memcpy(&bits, &q->scales.span<float>()[0], 4);
      EXPECT_EQ(bits, 0x3C010000u);  // 1 / 127 = 0x3C010204, to nearest with 8 bits
    }
    Result<HostTensor> back = DequantizeWeight(*q, quant);
    ASSERT_TRUE(back.ok());
    const int64_t groups = quant == WeightQuant::kInt8 ? 1 : 96 / kInt4GroupSize;
    for (int64_t o = 0; o < 64; ++o) {
      for (int64_t i = 0; i < 96; ++i) {
        const double scale = q->scales.span<float>()[o * groups + i * groups / 96];
        const double w = back->span<float>()[o * 96 + i];
        // float32(q) * scale rounded nothing away: the product in double is the same number.
        ASSERT_EQ(w / scale, std::nearbyint(w / scale)) << o << "," << i;
        ASSERT_LE(std::fabs(w / scale), quant == WeightQuant::kInt8 ? 127 : 7);
      }
    }
  }
}

TEST(WeightQuant, Int4GroupsOf32PackLowNibbleFirst) {
  // One row of 64 inputs: group 0 holds -7..7 times 1 (scale 1), group 1 is zero but 14 (scale 2).
  std::vector<float> row(64, 0.0f);
  for (int i = 0; i < 15; ++i) row[i] = static_cast<float>(i - 7);
  row[40] = 14.0f;
  row[41] = -3.0f;  // -3 / 2 = -1.5 -> -2 (half to even)
  HostTensor w = F32({1, 64}, row);
  Result<QuantizedWeight> q = QuantizeWeight(w, WeightQuant::kInt4, "w");
  ASSERT_TRUE(q.ok()) << q.status().ToString();
  ASSERT_EQ(q->values.shape(), (Shape{1, 32}));
  ASSERT_EQ(q->scales.shape(), (Shape{1, 2}));
  EXPECT_EQ(q->scales.span<float>()[0], 1.0f);
  EXPECT_EQ(q->scales.span<float>()[1], 2.0f);
  const auto bytes = q->values.span<uint8_t>();
  EXPECT_EQ(bytes[0], 0xA9);   // inputs 0, 1: q -7 (0x9) low, -6 (0xA) high
  EXPECT_EQ(bytes[3], 0x0F);   // inputs 6, 7: q -1 (0xF) low, 0 high
  EXPECT_EQ(bytes[20], 0xE7);  // inputs 40, 41: q 7 low, -2 (0xE) high
  Result<HostTensor> back = DequantizeWeight(*q, WeightQuant::kInt4);
  ASSERT_TRUE(back.ok());
  for (int i = 0; i < 15; ++i) EXPECT_EQ(back->span<float>()[i], static_cast<float>(i - 7));
  EXPECT_EQ(back->span<float>()[40], 14.0f);
  EXPECT_EQ(back->span<float>()[41], -4.0f);
}

TEST(WeightQuant, Int4WordsAreCompressedTensorsPacking) {
  std::vector<float> row(32, 0.0f);
  for (int i = 0; i < 8; ++i) row[i] = static_cast<float>(i - 1);  // -1, 0, 1 .. 6, max 7 below
  row[31] = 7.0f;
  Result<QuantizedWeight> q = QuantizeWeight(F32({1, 32}, row), WeightQuant::kInt4, "w");
  ASSERT_TRUE(q.ok());
  Result<HostTensor> words = Int4BytesToWords(q->values);
  ASSERT_TRUE(words.ok()) << words.status().ToString();
  ASSERT_EQ(words->shape(), (Shape{1, 4}));
  // Input k of the first word in bits 4k..4k+3 as q + 8: 7, 8, 9, .., 14.
  EXPECT_EQ(static_cast<uint32_t>(words->span<int32_t>()[0]), 0xEDCBA987u);
  EXPECT_EQ(static_cast<uint32_t>(words->span<int32_t>()[3]), 0xF8888888u);
  Result<HostTensor> bytes = Int4WordsToBytes(*words);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(std::memcmp(bytes->data(), q->values.data(), q->values.byte_size()), 0);
}

TEST(WeightQuant, RefusesWhatItCannotQuantizeNamingTheTensor) {
  HostTensor ids(DType::kI32, Shape{2, 32});
  Result<QuantizedWeight> q = QuantizeWeight(ids, WeightQuant::kInt8, "layers.0.q_proj.weight");
  ASSERT_FALSE(q.ok());
  EXPECT_NE(q.status().message().find("layers.0.q_proj.weight"), std::string::npos);
  HostTensor odd(DType::kF32, Shape{2, 48});
  q = QuantizeWeight(odd, WeightQuant::kInt4, "down_proj.weight");
  ASSERT_FALSE(q.ok());
  EXPECT_NE(q.status().message().find("multiple of 32"), std::string::npos);
  EXPECT_NE(q.status().message().find("down_proj.weight"), std::string::npos);
}

// W8A8's activations: the weights' definition per row (QuantizationScale of max |x| / 127, q
// rounded half to even against the rounded scale), 0 for every q of a row with a NaN or an
// infinity, whose scale is NaN.
TEST(ActivationQuant, RowsAreQuantizedLikeInt8WeightsWithHalfEvenRounding) {
  struct Case {
    std::vector<float> x;
    float scale;
    std::vector<int8_t> q;
  };
  const float nan = std::nanf(""), inf = INFINITY;
  const Case cases[] = {
      // max 127 -> scale 1: q is x rounded half to even (0.5 -> 0, 1.5 -> 2, 2.5 -> 2).
      {{127.0f, 0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 3.49f}, 1.0f, {127, 0, 2, 2, 0, -2, 3}},
      // max 254 -> scale 2: 3 / 2 = 1.5 -> 2, 5 / 2 = 2.5 -> 2, -7 / 2 = -3.5 -> -4.
      {{3.0f, -254.0f, 5.0f, -7.0f}, 2.0f, {2, -127, 2, -4}},
      // 127.49 / 127 = 1.00386 rounds down to scale 1 (bf16's neighbours 1 and 1.0078125): the
      // largest then maps to round(127.49) = 127, -127.49 to -127; 126.5 -> 126 (even).
      {{127.49f, -127.49f, 126.5f, 0.25f}, 1.0f, {127, -127, 126, 0}},
      // 127.6 / 127 = 1.0047 rounds up to 1.0078125: 127.6 / 1.0078125 = 126.6 -> 127.
      {{127.6f, 1.0078125f, -2.015625f}, 1.0078125f, {127, 1, -2}},
      // A zero row: scale 1, q 0.
      {{0.0f, -0.0f, 0.0f}, 1.0f, {0, 0, 0}},
      // A row so small that max / 127 is 0 in float32: scale 0, q = x / 0 clamped (+-127), 0 / 0
      // (NaN) -> 0.
      {{1e-45f, -1e-45f, 0.0f}, 0.0f, {127, -127, 0}},
  };
  for (const Case& c : cases) {
    std::vector<int8_t> q(c.x.size(), 99);
    EXPECT_EQ(QuantizeActivationRow(c.x.data(), static_cast<int64_t>(c.x.size()), q.data()),
              c.scale)
        << c.x[0];
    EXPECT_EQ(q, c.q) << c.x[0];
  }
  for (const std::vector<float>& x :
       {std::vector<float>{1.0f, nan, 2.0f}, std::vector<float>{inf, 1.0f},
        std::vector<float>{3.0f, -inf}, std::vector<float>{nan}}) {
    std::vector<int8_t> q(x.size(), 99);
    EXPECT_TRUE(
        std::isnan(QuantizeActivationRow(x.data(), static_cast<int64_t>(x.size()), q.data())));
    EXPECT_EQ(q, std::vector<int8_t>(x.size(), 0));
  }
  // The weights' scale, one function: 1 / 127 rounded to 8 bits is 0x3C010000's value.
  uint32_t bits;
  const float s = QuantizationScale(1.0f, 127.0f);
  std::memcpy(&bits, &s, sizeof bits);
  EXPECT_EQ(bits, 0x3C010000u);
  EXPECT_EQ(QuantizationScale(0.0f, 127.0f), 1.0f);
}

// W4A8's blocks (PackW4A8Weight): for a weight of 40 outputs (a partial last block) and 3 groups,
// bytes where base/quantize.h puts them, q = 0 and scale 0 past the last output, and
// UnpackW4A8Weight giving back int4's bytes and scales exactly.
TEST(WeightQuant, W4A8BlocksHoldInt4AsLaidOutAndUnpackExactly) {
  constexpr int64_t kOut = 40, kIn = 96;
  std::vector<float> w(kOut * kIn);
  for (int64_t o = 0; o < kOut; ++o) {
    for (int64_t i = 0; i < kIn; ++i) {
      // q = ((o + 3 i) % 15) - 7 with group g's scale (o + g + 1) / 4 (8 bits); input 0 of each
      // group is 7 (the group's largest), so that the scale is that.
      const int64_t g = i / kInt4GroupSize;
      const float scale = static_cast<float>(o + g + 1) / 4.0f;
      const int q = i % kInt4GroupSize == 0 ? 7 : static_cast<int>((o + 3 * i) % 15) - 7;
      w[o * kIn + i] = static_cast<float>(q) * scale;
    }
  }
  Result<QuantizedWeight> int4 = QuantizeWeight(F32({kOut, kIn}, w), WeightQuant::kInt4, "w");
  ASSERT_TRUE(int4.ok()) << int4.status().ToString();
  Result<QuantizedWeight> blocks = PackW4A8Weight(*int4, "w");
  ASSERT_TRUE(blocks.ok()) << blocks.status().ToString();
  ASSERT_EQ(blocks->values.dtype(), DType::kI8);
  ASSERT_EQ(blocks->values.shape(), (Shape{3, 3, kW4A8BlockBytes}));
  ASSERT_EQ(blocks->scales.dtype(), DType::kBF16);
  ASSERT_EQ(blocks->scales.shape(), (Shape{3, 3, kW4A8BlockOutputs}));
  const auto bytes = blocks->values.span<uint8_t>();
  const auto scales = blocks->scales.span<uint16_t>();
  auto q_of = [&](int64_t o, int64_t i) {
    return i % kInt4GroupSize == 0 ? 7 : static_cast<int>((o + 3 * i) % 15) - 7;
  };
  for (int64_t b = 0; b < 3; ++b) {
    for (int64_t g = 0; g < 3; ++g) {
      for (int64_t j = 0; j < kW4A8BlockOutputs; ++j) {
        const int64_t o = b * kW4A8BlockOutputs + j;
        const float scale = BFloat16ToFloat(scales[(b * 3 + g) * kW4A8BlockOutputs + j]);
        EXPECT_EQ(scale, o < kOut ? static_cast<float>(o + g + 1) / 4.0f : 0.0f) << o << " " << g;
        for (int64_t m = 0; m < 4; ++m) {
          for (int64_t t = 0; t < 4; ++t) {
            const uint8_t byte = bytes[(b * 3 + g) * kW4A8BlockBytes + 64 * m + 4 * j + t];
            const int64_t i = g * kInt4GroupSize + 4 * m + t;
            const int lo = o < kOut ? q_of(o, i) : 0, hi = o < kOut ? q_of(o, i + 16) : 0;
            ASSERT_EQ(byte, (lo + 8) | ((hi + 8) << 4)) << "output " << o << " input " << i;
          }
        }
      }
    }
  }
  Result<QuantizedWeight> back = UnpackW4A8Weight(*blocks, kOut);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  ASSERT_EQ(back->values.shape(), int4->values.shape());
  ASSERT_EQ(back->scales.shape(), int4->scales.shape());
  EXPECT_EQ(std::memcmp(back->values.data(), int4->values.data(), int4->values.byte_size()), 0);
  EXPECT_EQ(std::memcmp(back->scales.data(), int4->scales.data(), int4->scales.byte_size()), 0);
  // Fewer outputs than the blocks hold, and more: the first rows, or an error.
  Result<QuantizedWeight> fewer = UnpackW4A8Weight(*blocks, 17);
  ASSERT_TRUE(fewer.ok());
  EXPECT_EQ(std::memcmp(fewer->values.data(), int4->values.data(), 17 * kIn / 2), 0);
  EXPECT_FALSE(UnpackW4A8Weight(*blocks, 49).ok());
}

// A scale with more than bf16's 8 significant bits (int4 from another tool), or a q of -8 (the
// nibble's range, outside the symmetric one), is refused naming the tensor.
TEST(WeightQuant, W4A8RefusesScalesNotExactInBf16AndMinusEight) {
  Result<QuantizedWeight> int4 =
      QuantizeWeight(F32({2, 64}, std::vector<float>(128, 0.5f)), WeightQuant::kInt4, "w");
  ASSERT_TRUE(int4.ok());
  QuantizedWeight inexact = *int4;
  inexact.scales = HostTensor(DType::kF32, Shape{2, 2});
  std::memcpy(inexact.scales.mutable_data(), int4->scales.data(), int4->scales.byte_size());
  inexact.scales.mutable_span<float>()[3] = 0.1f;  // 0x3dcccccd: not bf16's
  Result<QuantizedWeight> blocks = PackW4A8Weight(inexact, "layers.3.mlp.down_proj.weight");
  ASSERT_FALSE(blocks.ok());
  EXPECT_NE(blocks.status().message().find("layers.3.mlp.down_proj.weight"), std::string::npos)
      << blocks.status().message();
  EXPECT_NE(blocks.status().message().find("bfloat16"), std::string::npos);
  EXPECT_NE(blocks.status().message().find("output 1"), std::string::npos);

  QuantizedWeight minus_eight = *int4;
  minus_eight.values = HostTensor(DType::kI8, Shape{2, 32});
  std::memcpy(minus_eight.values.mutable_data(), int4->values.data(), int4->values.byte_size());
  minus_eight.values.mutable_span<uint8_t>()[40] = 0x87;  // output 1, input 17: q -8
  blocks = PackW4A8Weight(minus_eight, "w");
  ASSERT_FALSE(blocks.ok());
  EXPECT_NE(blocks.status().message().find("-8"), std::string::npos) << blocks.status().message();

  EXPECT_FALSE(
      PackW4A8Weight(QuantizedWeight{int4->values, HostTensor(DType::kF32, Shape{2, 3})}, "w")
          .ok());
}

}  // namespace
}  // namespace vlmxla
