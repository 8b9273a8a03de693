// Image: decoded 8-bit RGB pixels, row-major, 3 bytes per pixel (what PIL's convert("RGB") holds).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vlmxla::vision {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgb;  // height * width * 3
  // Diagnostics: "png", "jpeg" or "webp", and the EXIF orientation applied (1 = none).
  std::string format;
  int exif_orientation = 1;
  // PNG tRNS colour key as PIL keeps it in info["transparency"] after convert("RGB") (raw sample
  // values). Transformers' convert_to_rgb turns pixels equal to it white, so processors need it.
  std::optional<std::array<int, 3>> transparency_key;
};

}  // namespace vlmxla::vision
