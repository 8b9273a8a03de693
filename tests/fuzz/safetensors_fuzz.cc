// libFuzzer target: a whole safetensors file held in memory (8-byte little-endian header length,
// JSON header, data section). Whatever ParseSafetensorsHeader accepts must lie inside the data
// section: every accepted tensor's bytes are read, so an offset the validation lets through is
// an out-of-bounds read that AddressSanitizer reports.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>

#include "vlmxla/io/safetensors.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 8) return 0;
  uint64_t header_len = 0;
  for (int i = 7; i >= 0; --i) header_len = (header_len << 8) | data[i];
  if (header_len > size - 8) return 0;
  const std::string header(reinterpret_cast<const char*>(data + 8), header_len);
  const uint8_t* section = data + 8 + header_len;
  const uint64_t section_size = size - 8 - header_len;
  std::map<std::string, std::string> metadata;
  auto tensors = vlmxla::io::ParseSafetensorsHeader(header, section_size, &metadata);
  if (!tensors.ok()) return 0;
  volatile uint8_t sink = 0;
  for (const auto& t : *tensors) {
    if (t.begin > t.end || t.end > section_size) __builtin_trap();
    for (uint64_t i = t.begin; i < t.end; ++i) sink = sink ^ section[i];
  }
  return 0;
}
