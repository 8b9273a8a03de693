// Format dispatch, limits and EXIF orientation shared by all formats.
#include "vlmxla/vision/image_decode.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "vlmxla/vision/exif.h"

namespace vlmxla::vision {

ImageFormat SniffImageFormat(std::span<const uint8_t> b) {
  if (b.size() >= 8 && std::memcmp(b.data(), "\x89PNG\r\n\x1a\n", 8) == 0) return ImageFormat::kPng;
  if (b.size() >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) return ImageFormat::kJpeg;
  if (b.size() >= 12 && std::memcmp(b.data(), "RIFF", 4) == 0 &&
      std::memcmp(b.data() + 8, "WEBP", 4) == 0) {
    return ImageFormat::kWebp;
  }
  return ImageFormat::kUnknown;
}

Status CheckImageDimensions(int64_t width, int64_t height, const DecodeLimits& limits,
                            const std::string& what) {
  if (width <= 0 || height <= 0) {
    return DataLoss(
        what + ": invalid dimensions " + std::to_string(width) + "x" + std::to_string(height),
        "image_corrupt");
  }
  if (width > limits.max_side || height > limits.max_side) {
    return OutOfRange(what + " is " + std::to_string(width) + "x" + std::to_string(height) +
                          " but the maximum side is " + std::to_string(limits.max_side),
                      "image_too_large");
  }
  if (width * height > limits.max_pixels) {
    return OutOfRange(what + " has " + std::to_string(width * height) +
                          " pixels but the limit is " + std::to_string(limits.max_pixels),
                      "image_too_large");
  }
  return Status::Ok();
}

Result<Image> DecodeImage(std::span<const uint8_t> bytes, const DecodeLimits& limits,
                          const std::string& name) {
  if (static_cast<int64_t>(bytes.size()) > limits.max_bytes) {
    return OutOfRange(name + " is " + std::to_string(bytes.size()) + " bytes but the limit is " +
                          std::to_string(limits.max_bytes),
                      "image_too_large");
  }
  std::string exif;
  Result<Image> r = InvalidArgument("");
  switch (SniffImageFormat(bytes)) {
    case ImageFormat::kPng: r = DecodePng(bytes, limits, name, &exif); break;
    case ImageFormat::kJpeg: r = DecodeJpeg(bytes, limits, name, &exif); break;
    case ImageFormat::kWebp: r = DecodeWebp(bytes, limits, name, &exif); break;
    case ImageFormat::kUnknown: {
      std::string magic;
      for (size_t i = 0; i < bytes.size() && i < 4; ++i) {
        static const char* hex = "0123456789abcdef";
        magic += hex[bytes[i] >> 4];
        magic += hex[bytes[i] & 15];
      }
      return InvalidArgument(name + ": unknown image format (magic bytes '" + magic +
                                 "'); supported formats: PNG, JPEG, WebP",
                             "image_format_unsupported");
    }
  }
  if (!r.ok()) return r;
  Image image = std::move(r).value();
  if (!exif.empty()) {
    image.exif_orientation = ReadExifOrientation(exif);
    ApplyExifOrientation(image.exif_orientation, image);
  }
  return image;
}

Result<Image> DecodeImageFile(const std::string& path, const DecodeLimits& limits) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) return NotFound("cannot open image file " + path);
  const std::streamoff size = f.tellg();
  if (size > limits.max_bytes) {
    return OutOfRange(path + " is " + std::to_string(size) + " bytes but the limit is " +
                          std::to_string(limits.max_bytes),
                      "image_too_large");
  }
  std::vector<uint8_t> bytes(static_cast<size_t>(size));
  f.seekg(0);
  if (!f.read(reinterpret_cast<char*>(bytes.data()), size)) {
    return DataLoss("cannot read image file " + path);
  }
  return DecodeImage(bytes, limits, path);
}

}  // namespace vlmxla::vision
