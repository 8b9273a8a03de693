// GPT-2's reversible byte <-> printable character map used by the ByteLevel pre-tokenizer and
// decoder: printable Latin-1 bytes map to themselves, the other 68 to U+0100 onwards.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace vlmxla::text {

// The UTF-8 encoding of the character standing for `byte`.
const std::string& ByteLevelChar(uint8_t byte);

// The byte a character stands for, or nullopt when it is not one of the 256.
std::optional<uint8_t> ByteLevelByte(char32_t cp);

}  // namespace vlmxla::text
