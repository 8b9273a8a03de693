// Arithmetic as Gemma3ImageProcessor.pan_and_scan writes it in Python (float division, floor of
// ratio + 0.5, ceil of the crop size), so the crop counts and edges match it exactly.
#include "vlmxla/vision/pan_and_scan.h"

#include <algorithm>
#include <cmath>

namespace vlmxla::vision {

std::vector<CropBox> PanAndScanCrops(int height, int width, const PanAndScanConfig& config) {
  if (!config.enabled || height <= 0 || width <= 0) return {};
  const double w = width, h = height, min_crop = config.min_crop_size;
  int num_w = 1, num_h = 1;
  if (width >= height) {  // square or landscape
    if (w / h < config.min_ratio_to_activate) return {};
    num_w = static_cast<int>(std::floor(w / h + 0.5));
    num_w = std::min(static_cast<int>(std::floor(w / min_crop)), num_w);
    num_w = std::min(config.max_num_crops, std::max(2, num_w));
  } else {  // portrait
    if (h / w < config.min_ratio_to_activate) return {};
    num_h = static_cast<int>(std::floor(h / w + 0.5));
    num_h = std::min(static_cast<int>(std::floor(h / min_crop)), num_h);
    num_h = std::min(config.max_num_crops, std::max(2, num_h));
  }
  const int crop_w = static_cast<int>(std::ceil(w / num_w));
  const int crop_h = static_cast<int>(std::ceil(h / num_h));
  if (std::min(crop_w, crop_h) < config.min_crop_size) return {};
  std::vector<CropBox> crops;
  for (int i = 0; i < num_h; ++i) {
    for (int j = 0; j < num_w; ++j) {
      CropBox b{j * crop_w, i * crop_h, 0, 0};
      b.width = std::min(crop_w, width - b.x);
      b.height = std::min(crop_h, height - b.y);
      if (b.width > 0 && b.height > 0) crops.push_back(b);
    }
  }
  return crops;
}

Image CropImage(const Image& image, const CropBox& box) {
  Image out;
  out.width = box.width;
  out.height = box.height;
  out.format = image.format;
  out.exif_orientation = image.exif_orientation;
  out.transparency_key = image.transparency_key;
  out.rgb.resize(static_cast<size_t>(box.width) * box.height * 3);
  const size_t row = static_cast<size_t>(box.width) * 3;
  for (int y = 0; y < box.height; ++y) {
    const uint8_t* src =
        image.rgb.data() + (static_cast<size_t>(box.y + y) * image.width + box.x) * 3;
    std::copy(src, src + row, out.rgb.data() + static_cast<size_t>(y) * row);
  }
  return out;
}

}  // namespace vlmxla::vision
