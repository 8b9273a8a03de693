// Decoding PNG, JPEG and WebP bytes to 8-bit RGB, as PIL's open + exif_transpose + convert("RGB").
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/vision/image.h"

namespace vlmxla::vision {

// Checked against the header before any pixel buffer is allocated.
struct DecodeLimits {
  // Below PIL's decompression-bomb threshold (89,478,485 pixels warns); 50 MP is ~150 MB of RGB.
  int64_t max_pixels = 50'000'000;
  int max_side = 16384;
  int64_t max_bytes = 64ll << 20;  // encoded file size
};

enum class ImageFormat { kUnknown, kPng, kJpeg, kWebp };

// Sniffs the format from magic bytes (never the file name).
ImageFormat SniffImageFormat(std::span<const uint8_t> bytes);

// `name` is used in error messages. Errors: InvalidArgument (unknown format), OutOfRange (limits,
// reason "image_too_large"), DataLoss (truncated/corrupt, reason "image_corrupt").
Result<Image> DecodeImage(std::span<const uint8_t> bytes, const DecodeLimits& limits = {},
                          const std::string& name = "image");
Result<Image> DecodeImageFile(const std::string& path, const DecodeLimits& limits = {});

// Shared by the format decoders: width/height against the limits.
Status CheckImageDimensions(int64_t width, int64_t height, const DecodeLimits& limits,
                            const std::string& what);

// Per-format decoders (no EXIF orientation applied). `exif` receives the raw EXIF payload
// (TIFF header onwards) when the file carries one.
Result<Image> DecodePng(std::span<const uint8_t> bytes, const DecodeLimits& limits,
                        const std::string& name, std::string* exif);
Result<Image> DecodeJpeg(std::span<const uint8_t> bytes, const DecodeLimits& limits,
                         const std::string& name, std::string* exif);
Result<Image> DecodeWebp(std::span<const uint8_t> bytes, const DecodeLimits& limits,
                         const std::string& name, std::string* exif);

}  // namespace vlmxla::vision
