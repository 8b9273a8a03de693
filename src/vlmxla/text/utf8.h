// UTF-8 helpers for the tokenizer: validation, code point iteration, and the lossy decoder that
// matches Rust's String::from_utf8_lossy (one U+FFFD per maximal ill-formed subpart).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace vlmxla::text {

inline constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";  // U+FFFD

// Returns the byte offset of the first ill-formed sequence, or nullopt when `s` is valid UTF-8.
std::optional<size_t> FindInvalidUtf8(std::string_view s);

// Decodes the code point starting at s[*pos] of a valid UTF-8 string and advances *pos.
char32_t NextCodePoint(std::string_view s, size_t* pos);

void AppendUtf8(char32_t cp, std::string* out);

// Unicode White_Space (what Rust's char::is_whitespace and Oniguruma's \s accept).
bool IsUnicodeWhitespace(char32_t cp);

// regex-syntax's \w: letters, marks, decimal digits, connector punctuation, join controls.
bool IsWordCharacter(char32_t cp);

// Streaming form of from_utf8_lossy: bytes in, complete characters out. An incomplete but so far
// valid sequence is held until it completes or is proven ill-formed.
class Utf8LossyDecoder {
 public:
  void Push(uint8_t byte, std::string* out);
  void Push(std::string_view bytes, std::string* out) {
    for (char c : bytes) Push(static_cast<uint8_t>(c), out);
  }
  // Emits U+FFFD for a pending incomplete sequence.
  void Finish(std::string* out);

 private:
  uint8_t pending_[4] = {};
  int pending_len_ = 0;
  int needed_ = 0;  // total length of the sequence being collected
};

}  // namespace vlmxla::text
