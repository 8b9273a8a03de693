#include "vlmxla/text/utf8.h"

#include <utf8proc.h>

namespace vlmxla::text {
namespace {

// Length of the sequence a lead byte starts, 0 when the byte can never start one.
int SequenceLength(uint8_t b) {
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) return 2;
  if (b >= 0xE0 && b <= 0xEF) return 3;
  if (b >= 0xF0 && b <= 0xF4) return 4;
  return 0;
}

// Whether `b` may follow `lead` as the second byte (the tighter ranges exclude overlongs,
// surrogates and code points above U+10FFFF).
bool ValidSecond(uint8_t lead, uint8_t b) {
  switch (lead) {
    case 0xE0: return b >= 0xA0 && b <= 0xBF;
    case 0xED: return b >= 0x80 && b <= 0x9F;
    case 0xF0: return b >= 0x90 && b <= 0xBF;
    case 0xF4: return b >= 0x80 && b <= 0x8F;
    default: return b >= 0x80 && b <= 0xBF;
  }
}

}  // namespace

std::optional<size_t> FindInvalidUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const uint8_t b = static_cast<uint8_t>(s[i]);
    const int len = SequenceLength(b);
    if (len == 0 || i + len > s.size()) return i;
    for (int k = 1; k < len; ++k) {
      const uint8_t c = static_cast<uint8_t>(s[i + k]);
      const bool ok = k == 1 ? ValidSecond(b, c) : (c >= 0x80 && c <= 0xBF);
      if (!ok) return i;
    }
    i += len;
  }
  return std::nullopt;
}

char32_t NextCodePoint(std::string_view s, size_t* pos) {
  const uint8_t b = static_cast<uint8_t>(s[*pos]);
  const int len = SequenceLength(b);
  if (len <= 1) {
    ++*pos;
    return b;
  }
  char32_t cp = b & (0x7F >> len);
  for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<uint8_t>(s[*pos + k]) & 0x3F);
  *pos += len;
  return cp;
}

void AppendUtf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

bool IsUnicodeWhitespace(char32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000;
}

bool IsWordCharacter(char32_t cp) {
  if (cp == 0x200C || cp == 0x200D) return true;
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_PC: return true;
    default: return false;
  }
}

void Utf8LossyDecoder::Push(uint8_t byte, std::string* out) {
  if (pending_len_ > 0) {
    const bool ok =
        pending_len_ == 1 ? ValidSecond(pending_[0], byte) : (byte >= 0x80 && byte <= 0xBF);
    if (ok) {
      pending_[pending_len_++] = byte;
      if (pending_len_ == needed_) {
        out->append(reinterpret_cast<const char*>(pending_), pending_len_);
        pending_len_ = 0;
      }
      return;
    }
    // The pending bytes are a maximal ill-formed subpart; `byte` starts afresh.
    out->append(kReplacementChar);
    pending_len_ = 0;
  }
  const int len = SequenceLength(byte);
  if (len == 1) {
    out->push_back(static_cast<char>(byte));
  } else if (len == 0) {
    out->append(kReplacementChar);
  } else {
    pending_[0] = byte;
    pending_len_ = 1;
    needed_ = len;
  }
}

void Utf8LossyDecoder::Finish(std::string* out) {
  if (pending_len_ > 0) out->append(kReplacementChar);
  pending_len_ = 0;
}

}  // namespace vlmxla::text
