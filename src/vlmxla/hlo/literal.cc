#include "vlmxla/hlo/literal.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "vlmxla/base/dtype.h"

namespace vlmxla::hlo {
namespace {

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

// The shortest "%.Ne" text that both strtof and strtod-then-narrow map back to `f`, so the
// result is exact whichever way MLIR rounds the literal.
std::string ShortestExact(float f) {
  char buf[64];
  for (int precision = 1; precision <= 9; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*e", precision, static_cast<double>(f));
    if (Bits(std::strtof(buf, nullptr)) == Bits(f) &&
        Bits(static_cast<float>(std::strtod(buf, nullptr))) == Bits(f)) {
      return buf;
    }
  }
  return {};
}

std::string Hex(uint32_t bits, int digits) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%0*X", digits, bits);
  return buf;
}

}  // namespace

std::string FormatElement(ElementType type, double value) {
  switch (type) {
    case ElementType::kF32: {
      float f = static_cast<float>(value);
      if (std::isfinite(f)) {
        std::string s = ShortestExact(f);
        if (!s.empty()) return s;
      }
      return Hex(Bits(f), 8);
    }
    case ElementType::kBF16:
    case ElementType::kF16: {
      bool bf = type == ElementType::kBF16;
      uint16_t h =
          bf ? FloatToBFloat16(static_cast<float>(value)) : FloatToHalf(static_cast<float>(value));
      float back = bf ? BFloat16ToFloat(h) : HalfToFloat(h);
      // `back` is exactly representable in the narrow type, so its exact decimal is too.
      if (std::isfinite(back)) {
        std::string s = ShortestExact(back);
        if (!s.empty()) return s;
      }
      return Hex(h, 4);
    }
    case ElementType::kI1: return value != 0 ? "true" : "false";
    case ElementType::kI8:
    case ElementType::kI16:
    case ElementType::kI32:
    case ElementType::kI64: return std::to_string(static_cast<int64_t>(value));
  }
  return "0";
}

std::string HexBlob(const void* data, size_t bytes) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string s = "0x";
  s.reserve(2 + 2 * bytes);
  const auto* p = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < bytes; ++i) {
    s += kDigits[p[i] >> 4];
    s += kDigits[p[i] & 15];
  }
  return s;
}

}  // namespace vlmxla::hlo
