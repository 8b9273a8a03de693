// Minimal TIFF walk: only IFD0's Orientation entry matters for exif_transpose.
#include "vlmxla/vision/exif.h"

#include <cstdint>
#include <vector>

namespace vlmxla::vision {

int ReadExifOrientation(std::string_view exif) {
  if (exif.substr(0, 6) == std::string_view("Exif\0\0", 6)) exif.remove_prefix(6);
  if (exif.size() < 8) return 1;
  const auto* p = reinterpret_cast<const uint8_t*>(exif.data());
  const bool le = p[0] == 'I' && p[1] == 'I';
  const bool be = p[0] == 'M' && p[1] == 'M';
  if (!le && !be) return 1;
  auto u16 = [&](size_t o) -> uint32_t {
    return le ? p[o] | (p[o + 1] << 8) : (p[o] << 8) | p[o + 1];
  };
  auto u32 = [&](size_t o) -> uint32_t {
    return le ? u16(o) | (u16(o + 2) << 16) : (u16(o) << 16) | u16(o + 2);
  };
  const size_t ifd = u32(4);
  if (ifd + 2 > exif.size()) return 1;
  const uint32_t n = u16(ifd);
  for (uint32_t i = 0; i < n; ++i) {
    const size_t e = ifd + 2 + 12 * static_cast<size_t>(i);
    if (e + 12 > exif.size()) return 1;
    if (u16(e) != 0x0112) continue;
    const uint32_t type = u16(e + 2);
    if (type == 3) return static_cast<int>(u16(e + 8));  // SHORT
    if (type == 4) return static_cast<int>(u32(e + 8));  // LONG
    return 1;
  }
  return 1;
}

void ApplyExifOrientation(int orientation, Image& image) {
  if (orientation < 2 || orientation > 8) return;
  const int w = image.width, h = image.height;
  const bool swap = orientation >= 5;
  const int ow = swap ? h : w, oh = swap ? w : h;
  std::vector<uint8_t> out(image.rgb.size());
  for (int y = 0; y < oh; ++y) {
    for (int x = 0; x < ow; ++x) {
      int sx = 0, sy = 0;
      switch (orientation) {
        case 2:
          sx = w - 1 - x;
          sy = y;
          break;  // FLIP_LEFT_RIGHT
        case 3:
          sx = w - 1 - x;
          sy = h - 1 - y;
          break;  // ROTATE_180
        case 4:
          sx = x;
          sy = h - 1 - y;
          break;  // FLIP_TOP_BOTTOM
        case 5:
          sx = y;
          sy = x;
          break;  // TRANSPOSE
        case 6:
          sx = y;
          sy = h - 1 - x;
          break;  // ROTATE_270 (90 clockwise)
        case 7:
          sx = w - 1 - y;
          sy = h - 1 - x;
          break;  // TRANSVERSE
        case 8:
          sx = w - 1 - y;
          sy = x;
          break;  // ROTATE_90 (counter-clockwise)
      }
      const size_t s = (static_cast<size_t>(sy) * w + sx) * 3;
      const size_t d = (static_cast<size_t>(y) * ow + x) * 3;
      out[d] = image.rgb[s];
      out[d + 1] = image.rgb[s + 1];
      out[d + 2] = image.rgb[s + 2];
    }
  }
  image.rgb = std::move(out);
  image.width = ow;
  image.height = oh;
}

}  // namespace vlmxla::vision
