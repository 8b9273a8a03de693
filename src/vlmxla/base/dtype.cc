#include "vlmxla/base/dtype.h"

#include <cmath>
#include <cstring>

namespace vlmxla {

namespace {
struct DTypeInfo {
  DType dtype;
  size_t size;
  const char* st_name;
  const char* name;
  bool is_float;
};
constexpr DTypeInfo kInfos[] = {
    {DType::kF32, 4, "F32", "f32", true},    {DType::kF16, 2, "F16", "f16", true},
    {DType::kBF16, 2, "BF16", "bf16", true}, {DType::kF64, 8, "F64", "f64", true},
    {DType::kI64, 8, "I64", "i64", false},   {DType::kI32, 4, "I32", "i32", false},
    {DType::kI16, 2, "I16", "i16", false},   {DType::kI8, 1, "I8", "i8", false},
    {DType::kU8, 1, "U8", "u8", false},      {DType::kBool, 1, "BOOL", "bool", false},
};
const DTypeInfo& Info(DType d) {
  for (const auto& i : kInfos)
    if (i.dtype == d) return i;
  return kInfos[0];  // unreachable: every enumerator is in the table
}
}  // namespace

size_t DTypeSize(DType d) { return Info(d).size; }
const char* DTypeSafetensorsName(DType d) { return Info(d).st_name; }
const char* DTypeName(DType d) { return Info(d).name; }
bool DTypeIsFloat(DType d) { return Info(d).is_float; }

std::optional<DType> DTypeFromSafetensorsName(std::string_view name) {
  for (const auto& i : kInfos)
    if (name == i.st_name) return i.dtype;
  return std::nullopt;
}
std::optional<DType> DTypeFromName(std::string_view name) {
  for (const auto& i : kInfos)
    if (name == i.name) return i.dtype;
  return std::nullopt;
}

float HalfToFloat(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1f;
  const uint32_t mant = h & 0x3ff;
  float out;
  if (exp == 0) {
    // zero or subnormal: mant * 2^-24
    out = std::ldexp(static_cast<float>(mant), -24);
    if (sign) out = -out;
    return out;
  }
  uint32_t bits;
  if (exp == 31) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  }
  std::memcpy(&out, &bits, 4);
  return out;
}

uint16_t FloatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) {  // inf or nan
    return sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0u);
  }
  if (absx >= 0x477ff000u) return sign | 0x7c00u;  // rounds to >= 65520: overflow to inf
  if (absx < 0x38800000u) {                        // result is subnormal or zero
    // value * 2^24, rounded to nearest even, is the subnormal mantissa.
    float a;
    std::memcpy(&a, &absx, 4);
    const float scaled = a * 16777216.0f;  // exact: power of two
    const auto m = static_cast<uint32_t>(std::nearbyint(scaled));
    return sign | static_cast<uint16_t>(m);
  }
  const uint32_t exp = ((absx >> 23) - 112) << 10;
  const uint32_t mant = (absx >> 13) & 0x3ffu;
  uint32_t h = exp | mant;
  const uint32_t rem = absx & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // round to nearest even
  return sign | static_cast<uint16_t>(h);
}

float BFloat16ToFloat(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float out;
  std::memcpy(&out, &bits, 4);
  return out;
}

uint16_t FloatToBFloat16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);  // nan
  const uint32_t lsb = (x >> 16) & 1u;
  x += 0x7fffu + lsb;
  return static_cast<uint16_t>(x >> 16);
}

}  // namespace vlmxla
