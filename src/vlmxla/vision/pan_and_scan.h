// Gemma 3's pan-and-scan (Transformers' Gemma3ImageProcessor.pan_and_scan): an image whose aspect
// ratio passes a threshold is also cut into 2..max_num_crops crops along its long side, each
// processed as an image of its own after the whole image.
#pragma once

#include <vector>

#include "vlmxla/vision/image.h"

namespace vlmxla::vision {

struct PanAndScanConfig {
  bool enabled = false;  // do_pan_and_scan
  // Gemma3Processor's defaults, which its call applies when the config leaves a field null.
  int min_crop_size = 256;             // pan_and_scan_min_crop_size
  int max_num_crops = 4;               // pan_and_scan_max_num_crops
  double min_ratio_to_activate = 1.2;  // pan_and_scan_min_ratio_to_activate
};

// A rectangle of the original image, in pixels; the last crop of a row or column may be narrower
// than the others (Python slicing stops at the edge).
struct CropBox {
  int x = 0, y = 0, width = 0, height = 0;
};

// The crops of an image of height x width, in Transformers' order (row-major over the crop grid);
// empty when pan-and-scan is off, the image is not elongated enough, or a crop would be smaller
// than min_crop_size.
std::vector<CropBox> PanAndScanCrops(int height, int width, const PanAndScanConfig& config);

// The pixels of `box` (which must lie inside the image); the PNG colour key travels with them.
Image CropImage(const Image& image, const CropBox& box);

}  // namespace vlmxla::vision
