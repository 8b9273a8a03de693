#include "vlmxla/text/byte_level.h"

#include <array>

#include "vlmxla/text/utf8.h"

namespace vlmxla::text {
namespace {

bool IsSelfMapped(int b) { return (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174; }

struct Tables {
  std::array<std::string, 256> chars;
  std::array<int, 512> bytes;  // code point (< 512) -> byte, -1 when unmapped
  Tables() {
    bytes.fill(-1);
    int next = 256;
    for (int b = 0; b < 256; ++b) {
      const char32_t cp =
          IsSelfMapped(b) ? static_cast<char32_t>(b) : static_cast<char32_t>(next++);
      AppendUtf8(cp, &chars[b]);
      bytes[cp] = b;
    }
  }
};

const Tables& GetTables() {
  static const Tables tables;
  return tables;
}

}  // namespace

const std::string& ByteLevelChar(uint8_t byte) { return GetTables().chars[byte]; }

std::optional<uint8_t> ByteLevelByte(char32_t cp) {
  if (cp >= 512) return std::nullopt;
  const int b = GetTables().bytes[cp];
  if (b < 0) return std::nullopt;
  return static_cast<uint8_t>(b);
}

}  // namespace vlmxla::text
