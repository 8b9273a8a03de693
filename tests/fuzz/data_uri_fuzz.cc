// libFuzzer target: image_url strings through the data-URI parser (media type, base64 in both
// alphabets, size limit), and the address classifier that guards http(s) fetches.
#include <cstddef>
#include <cstdint>
#include <string>

#include "vlmxla/server/media.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  auto bytes = vlmxla::server::DecodeDataUri(input, 1 << 16);
  if (bytes.ok() && bytes->size() > (1u << 16)) __builtin_trap();
  (void)vlmxla::server::IsForbiddenAddress(input);
  return 0;
}
