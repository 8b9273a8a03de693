#include "vlmxla/base/status.h"

#include <gtest/gtest.h>

#include "vlmxla/base/dtype.h"
#include "vlmxla/base/tensor.h"

namespace vlmxla {
namespace {

Result<int> Half(int x) {
  if (x % 2) return InvalidArgument("odd: " + std::to_string(x), "odd_input");
  return x / 2;
}

Result<int> Quarter(int x) {
  VLMXLA_ASSIGN_OR_RETURN(int h, Half(x));
  VLMXLA_ASSIGN_OR_RETURN(int q, Half(h));
  return q;
}

TEST(Status, PropagatesCodeMessageAndReason) {
  EXPECT_EQ(*Quarter(8), 2);
  Result<int> r = Quarter(6);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(r.status().reason(), "odd_input");
  EXPECT_EQ(r.status().ToString(), "INVALID_ARGUMENT: odd: 3 [odd_input]");
  EXPECT_EQ(r.status().WithContext("ctx").message(), "ctx: odd: 3");
}

TEST(DType, SafetensorsNamesRoundTrip) {
  for (DType d : {DType::kF32, DType::kF16, DType::kBF16, DType::kI64, DType::kI32, DType::kU8,
                  DType::kBool, DType::kF64, DType::kI8, DType::kI16}) {
    EXPECT_EQ(DTypeFromSafetensorsName(DTypeSafetensorsName(d)), d);
    EXPECT_EQ(DTypeFromName(DTypeName(d)), d);
  }
  EXPECT_FALSE(DTypeFromSafetensorsName("F8_E4M3").has_value());
  EXPECT_EQ(DTypeSize(DType::kBF16), 2u);
}

TEST(DType, HalfConversionsAreExactOnRepresentableValues) {
  // Every finite half value survives half -> float -> half.
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) continue;  // nan payloads
    EXPECT_EQ(FloatToHalf(HalfToFloat(static_cast<uint16_t>(h))), h) << h;
  }
  EXPECT_EQ(HalfToFloat(0x3c00), 1.0f);
  EXPECT_EQ(HalfToFloat(0xc000), -2.0f);
  EXPECT_EQ(FloatToHalf(65520.0f), 0x7c00);            // overflow rounds to inf
  EXPECT_EQ(FloatToHalf(1.0f + 1.0f / 2048), 0x3c00);  // tie rounds to even
}

TEST(DType, BFloat16RoundsToNearestEven) {
  EXPECT_EQ(BFloat16ToFloat(0x3f80), 1.0f);
  EXPECT_EQ(FloatToBFloat16(1.0f), 0x3f80);
  // 1 + 2^-8 is a tie between 0x3f80 and 0x3f81: even wins.
  EXPECT_EQ(FloatToBFloat16(1.0f + 1.0f / 256), 0x3f80);
  EXPECT_EQ(FloatToBFloat16(1.0f + 3.0f / 256), 0x3f82);
}

TEST(HostTensor, OwnedAndView) {
  HostTensor t(DType::kI32, {2, 3});
  EXPECT_EQ(t.byte_size(), 24u);
  t.mutable_span<int32_t>()[4] = 7;
  EXPECT_EQ(t.GetAsDouble(4), 7.0);
  HostTensor v = HostTensor::View(DType::kI32, {6}, t.data(), nullptr);
  EXPECT_TRUE(v.is_view());
  EXPECT_EQ(v.mutable_data(), nullptr);
  EXPECT_EQ(v.span<int32_t>()[4], 7);
}

}  // namespace
}  // namespace vlmxla
