// EXIF orientation: reading the tag and applying it the way PIL's ImageOps.exif_transpose does.
#pragma once

#include <string_view>

#include "vlmxla/vision/image.h"

namespace vlmxla::vision {

// Orientation (tag 0x0112 in IFD0) from a TIFF-structured EXIF payload ("II*\0" / "MM\0*"),
// optionally prefixed by "Exif\0\0". Returns 1 when absent or unreadable.
int ReadExifOrientation(std::string_view exif);

// Applies orientation 2..8 (flip / rotate / transpose) in place; other values leave it unchanged.
void ApplyExifOrientation(int orientation, Image& image);

}  // namespace vlmxla::vision
