// libFuzzer target: PNG, JPEG and WebP bytes through DecodeImage (format sniffing, the three
// decoders, EXIF orientation). Limits are lowered from the server's so large-but-legal images do
// not dominate the run; a decoded image must hold exactly width * height * 3 bytes.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "vlmxla/vision/exif.h"
#include "vlmxla/vision/image_decode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const vlmxla::vision::DecodeLimits limits{
      .max_pixels = 1 << 22, .max_side = 4096, .max_bytes = 1 << 20};
  auto image = vlmxla::vision::DecodeImage(std::span<const uint8_t>(data, size), limits);
  if (image.ok() && image->rgb.size() != static_cast<size_t>(image->width) * image->height * 3) {
    __builtin_trap();
  }
  // The EXIF reader also sees the raw bytes, as a payload with or without "Exif\0\0".
  (void)vlmxla::vision::ReadExifOrientation(
      std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
