// Arithmetic follows Transformers 5.23 (image_processing_utils.select_best_resolution and
// get_patch_output_size, image_processing_pil_llava_next.py, modeling_llava_next.py,
// modeling_llava_onevision.py) and PyTorch's CPU bilinear upsample: Python's float arithmetic
// is IEEE double, so double here reproduces it; round(x, 7), float // float and the float32
// index arithmetic of the upsample kernel are reproduced explicitly.
#include "vlmxla/vision/anyres.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

#include "vlmxla/io/model_config.h"
#include "vlmxla/vision/resample.h"

namespace vlmxla::vision {
namespace {

std::string SizeText(Resolution r) {
  return std::to_string(r.width) + "x" + std::to_string(r.height);
}

// Python's int(round(x, 7)) for x >= 0: round to 7 decimals on the exact binary value (what
// CPython's round does through dtoa, and glibc's printf does), then truncate.
int64_t PyIntRound7(double x) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.7f", x);
  return static_cast<int64_t>(std::strtod(buf, nullptr));
}

// Python's a // b for floats (CPython's float_floor_div, fmod based).
double PyFloorDiv(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1.0;
  if (div == 0) return std::copysign(0.0, a / b);
  double floordiv = std::floor(div);
  if (div - floordiv > 0.5) floordiv += 1.0;
  return floordiv;
}

int FloorDiv(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

int CeilDiv(int a, int b) { return (a + b - 1) / b; }

// The anyres_max_N downscale target of an unpadded canvas, or the canvas itself when the ratio
// is at most 1.1 (or there is no N).
Resolution DownscaledSize(Resolution unpadded, int max_num_patches, int side) {
  if (max_num_patches <= 0) return unpadded;
  const double ratio = std::sqrt(static_cast<double>(int64_t{unpadded.height} * unpadded.width) /
                                 static_cast<double>(int64_t{max_num_patches} * side * side));
  if (!(ratio > 1.1)) return unpadded;
  return {static_cast<int>(PyFloorDiv(unpadded.height, ratio)),
          static_cast<int>(PyFloorDiv(unpadded.width, ratio))};
}

// PyTorch's compute_source_index_and_lambda for one axis of a float32 bilinear resize with
// align_corners=False and no scale factor.
struct LinearTaps {
  std::vector<int> index0, index1;
  std::vector<float> lambda0, lambda1;
};
LinearTaps ComputeLinearTaps(int in, int out) {
  LinearTaps t;
  const float scale = static_cast<float>(in) / static_cast<float>(out);
  for (int i = 0; i < out; ++i) {
    int i0 = i, i1 = i;
    float l1 = 0.0f;
    if (in != out) {
      float real = scale * (static_cast<float>(i) + 0.5f) - 0.5f;
      if (real < 0.0f) real = 0.0f;
      i0 = std::min(static_cast<int>(std::floor(real)), in - 1);
      l1 = std::min(std::max(real - static_cast<float>(i0), 0.0f), 1.0f);
      i1 = i0 + (i0 < in - 1 ? 1 : 0);
    }
    t.index0.push_back(i0);
    t.index1.push_back(i1);
    t.lambda0.push_back(1.0f - l1);
    t.lambda1.push_back(l1);
  }
  return t;
}

std::vector<Resolution> ToResolutions(const std::vector<std::array<int, 2>>& pinpoints) {
  std::vector<Resolution> out;
  for (const auto& p : pinpoints) out.push_back({p[0], p[1]});
  return out;
}

std::string StripSuffixes(std::string type) {
  for (const std::string s : {"Fast", "Pil"}) {
    if (type.size() > s.size() && type.compare(type.size() - s.size(), s.size(), s) == 0) {
      type.resize(type.size() - s.size());
    }
  }
  return type;
}

bool Set(const nlohmann::json& j, const char* key) { return j.contains(key) && !j[key].is_null(); }

// A copy of `image`'s pixels in [y, y + h) x [x, x + w), `fill` where it falls outside.
Image Crop(const Image& image, int y, int x, int h, int w,
           std::array<uint8_t, 3> fill = {0, 0, 0}) {
  Image out;
  out.width = w;
  out.height = h;
  out.format = image.format;
  out.rgb.resize(static_cast<size_t>(w) * h * 3);
  for (size_t i = 0; i < out.rgb.size(); ++i) out.rgb[i] = fill[i % 3];
  for (int r = 0; r < h; ++r) {
    const int sy = y + r;
    if (sy < 0 || sy >= image.height) continue;
    for (int c = 0; c < w; ++c) {
      const int sx = x + c;
      if (sx < 0 || sx >= image.width) continue;
      const size_t s = (static_cast<size_t>(sy) * image.width + sx) * 3;
      const size_t d = (static_cast<size_t>(r) * w + c) * 3;
      for (int k = 0; k < 3; ++k) out.rgb[d + k] = image.rgb[s + k];
    }
  }
  return out;
}

}  // namespace

// ---- Geometry ----

Result<Resolution> SelectBestResolution(Resolution original, std::span<const Resolution> possible) {
  const double ow = original.width, oh = original.height;
  std::optional<Resolution> best;
  int64_t max_effective = 0;
  double min_wasted = std::numeric_limits<double>::infinity();
  for (const Resolution& r : possible) {
    const double scale = std::min(r.width / ow, r.height / oh);
    const int64_t dw = static_cast<int64_t>(ow * scale), dh = static_cast<int64_t>(oh * scale);
    const int64_t effective = std::min(dw * dh, int64_t{original.width} * int64_t{original.height});
    const int64_t wasted = int64_t{r.width} * r.height - effective;
    if (effective > max_effective ||
        (effective == max_effective && static_cast<double>(wasted) < min_wasted)) {
      max_effective = effective;
      min_wasted = static_cast<double>(wasted);
      best = r;
    }
  }
  // Every pinpoint passes the first comparison (the waste starts infinite), so only an empty
  // list leaves no best fit.
  if (!best) return InvalidArgument("image_grid_pinpoints is empty");
  return *best;
}

Resolution PatchOutputSize(Resolution original, Resolution target) {
  const double scale_w = static_cast<double>(target.width) / original.width;
  const double scale_h = static_cast<double>(target.height) / original.height;
  if (scale_w < scale_h) {
    return {std::min(static_cast<int>(std::ceil(original.height * scale_w)), target.height),
            target.width};
  }
  return {target.height,
          std::min(static_cast<int>(std::ceil(original.width * scale_h)), target.width)};
}

PatchPadding PaddingForPatching(Resolution resized, Resolution target) {
  return {FloorDiv(target.height - resized.height, 2), FloorDiv(target.width - resized.width, 2)};
}

Result<int> ImageSizeToNumPatches(Resolution image, std::span<const Resolution> pinpoints,
                                  int tile_size) {
  VLMXLA_ASSIGN_OR_RETURN(const Resolution best, SelectBestResolution(image, pinpoints));
  return 1 + CeilDiv(best.height, tile_size) * CeilDiv(best.width, tile_size);
}

Result<Resolution> AnyresImageGridShape(Resolution image, std::span<const Resolution> pinpoints,
                                        int tile_size) {
  VLMXLA_ASSIGN_OR_RETURN(const Resolution best, SelectBestResolution(image, pinpoints));
  return Resolution{best.height / tile_size, best.width / tile_size};
}

UnpadBox UnpadImage(Resolution original, Resolution current) {
  const double original_aspect = static_cast<double>(original.width) / original.height;
  const double current_aspect = static_cast<double>(current.width) / current.height;
  UnpadBox box{0, current.height, 0, current.width};
  if (original_aspect > current_aspect) {
    const double scale = static_cast<double>(current.width) / original.width;
    const int new_height = static_cast<int>(PyIntRound7(original.height * scale));
    const int padding = FloorDiv(current.height - new_height, 2);
    box.top = padding;
    box.height = current.height - 2 * padding;
  } else {
    const double scale = static_cast<double>(current.height) / original.height;
    const int new_width = static_cast<int>(PyIntRound7(original.width * scale));
    const int padding = FloorDiv(current.width - new_width, 2);
    box.left = padding;
    box.width = current.width - 2 * padding;
  }
  return box;
}

Result<int> ParseAnyresMax(const std::string& vision_aspect_ratio) {
  static const std::string kChars = "anyres_max_";
  const size_t b = vision_aspect_ratio.find_first_not_of(kChars);
  const size_t e = vision_aspect_ratio.find_last_not_of(kChars);
  const std::string digits = b == std::string::npos ? "" : vision_aspect_ratio.substr(b, e - b + 1);
  if (digits.empty() || digits.size() > 6 ||
      digits.find_first_not_of("0123456789") != std::string::npos || std::stoi(digits) <= 0) {
    return InvalidArgument("vision_aspect_ratio '" + vision_aspect_ratio +
                           "' is not anyres_max_N with a positive N");
  }
  return std::stoi(digits);
}

Result<int> NumberOfFeatures(Resolution original, std::span<const Resolution> pinpoints,
                             Resolution tile, int patch_size, int max_num_patches) {
  VLMXLA_ASSIGN_OR_RETURN(const Resolution best, SelectBestResolution(original, pinpoints));
  const int scale_height = best.height / tile.height, scale_width = best.width / tile.width;
  const int patches_height = tile.height / patch_size, patches_width = tile.width / patch_size;
  const UnpadBox box =
      UnpadImage(original, {patches_height * scale_height, patches_width * scale_width});
  const Resolution packed =
      DownscaledSize({box.height, box.width}, max_num_patches, patches_height);
  return packed.height * packed.width + packed.height + patches_height * patches_width;
}

// ---- Pixels ----

bool IsAnyresImageProcessorConfig(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("image_processor_type") ||
      !j["image_processor_type"].is_string()) {
    return false;
  }
  const std::string type = StripSuffixes(j["image_processor_type"].get<std::string>());
  return type == "LlavaNextImageProcessor" || type == "LlavaOnevisionImageProcessor";
}

Result<AnyresImageProcessor> AnyresImageProcessor::FromConfig(const nlohmann::json& j) {
  if (!IsAnyresImageProcessorConfig(j)) {
    return InvalidArgument(
        "preprocessor config: image_processor_type must be LlavaNextImageProcessor or "
        "LlavaOnevisionImageProcessor");
  }
  AnyresImageProcessor p;
  AnyresImageProcessorConfig& c = p.config_;
  c.onevision =
      StripSuffixes(j["image_processor_type"].get<std::string>()) == "LlavaOnevisionImageProcessor";
  // The per-view steps are CLIPImageProcessor's, whose class defaults LlavaNext shares;
  // LlavaOnevision's differ in size (384 x 384), crop_size (None) and do_center_crop (None).
  nlohmann::json views = j;
  views["image_processor_type"] = "CLIPImageProcessor";
  if (c.onevision) {
    if (!Set(j, "size")) views["size"] = {{"height", 384}, {"width", 384}};
    if (!Set(j, "do_center_crop")) views["do_center_crop"] = false;
    if (views["do_center_crop"] == true && !Set(j, "crop_size")) {
      return InvalidArgument("preprocessor config: do_center_crop is true but crop_size is unset");
    }
  }
  VLMXLA_ASSIGN_OR_RETURN(p.views_, ImageProcessor::FromConfig(views));
  const ImageProcessorConfig& v = p.views_.config();
  if (Set(j, "image_grid_pinpoints")) {
    VLMXLA_ASSIGN_OR_RETURN(auto pinpoints,
                            io::ParsePinpoints(j["image_grid_pinpoints"], "preprocessor config"));
    c.image_grid_pinpoints = ToResolutions(pinpoints);
  } else {
    c.image_grid_pinpoints =
        ToResolutions(io::DefaultPinpoints(c.onevision ? "llava_onevision" : "llava_next"));
  }
  // _preprocess: the base view is resized to (size.height, size.width) or a shortest_edge square;
  // tiles are crop_size.height, else size.height, else shortest_edge (LlavaNext's crop_size
  // defaults to 224 x 224, LlavaOnevision's to None).
  if (v.shortest_edge > 0) {
    c.base_size = {v.shortest_edge, v.shortest_edge};
  } else {
    c.base_size = {v.size_height, v.size_width};
  }
  const bool has_crop = !c.onevision || Set(j, "crop_size");
  c.tile_size = has_crop ? v.crop_height : c.base_size.height;
  return p;
}

Result<AnyresPixels> AnyresImageProcessor::Preprocess(const Image& image) const {
  if (image.width <= 0 || image.height <= 0) return InvalidArgument("image is empty");
  Image rgb = image;
  if (views_.config().do_convert_rgb) CompositeTransparencyKey(&rgb);
  rgb.transparency_key.reset();  // without convert_to_rgb, PIL's array holds the plain RGB
  const ResampleFilter filter = views_.config().resample;
  const Resolution original{rgb.height, rgb.width};
  VLMXLA_ASSIGN_OR_RETURN(const Resolution best,
                          SelectBestResolution(original, config_.image_grid_pinpoints));
  const Resolution fit = PatchOutputSize(original, best);
  VLMXLA_ASSIGN_OR_RETURN(Image resized, Resize(rgb, fit.width, fit.height, filter));
  const PatchPadding pad = PaddingForPatching(fit, best);

  std::vector<Image> views;
  VLMXLA_ASSIGN_OR_RETURN(Image base,
                          Resize(rgb, config_.base_size.width, config_.base_size.height, filter));
  base.transparency_key.reset();
  views.push_back(std::move(base));
  // divide_to_patches over the padded canvas; edge tiles are cut short when a pinpoint is not a
  // multiple of the tile (the per-view resize/crop then brings them to the view size).
  const int t = config_.tile_size;
  for (int y = 0; y < best.height; y += t) {
    for (int x = 0; x < best.width; x += t) {
      views.push_back(Crop(resized, y - pad.top, x - pad.left, std::min(t, best.height - y),
                           std::min(t, best.width - x)));
    }
  }
  auto pixels = views_.Preprocess(views);
  if (!pixels.ok()) return pixels.status().WithContext("anyres views of " + SizeText(original));
  return AnyresPixels{std::move(pixels).value(), original};
}

Result<AnyresPixels> AnyresImageProcessor::PreprocessSquare(const Image& image) const {
  if (image.width <= 0 || image.height <= 0) return InvalidArgument("image is empty");
  Image rgb = image;
  if (views_.config().do_convert_rgb) CompositeTransparencyKey(&rgb);
  rgb.transparency_key.reset();
  const int side = std::max(rgb.width, rgb.height);
  // pad_to_square: the background is int(x * 255) of the processor's image_mean, the image
  // centred with the floor of half the difference before it.
  std::array<uint8_t, 3> background;
  for (int k = 0; k < 3; ++k) {
    const double v = views_.config().image_mean[k] * 255;
    if (!(v >= 0 && v < 256)) {
      return InvalidArgument("pad_to_square: image_mean[" + std::to_string(k) +
                             "] * 255 = " + std::to_string(v) + " is not a uint8 background");
    }
    background[k] = static_cast<uint8_t>(v);
  }
  const Image square =
      Crop(rgb, -((side - rgb.height) / 2), -((side - rgb.width) / 2), side, side, background);
  auto pixels = views_.Preprocess(std::span<const Image>(&square, 1));
  if (!pixels.ok())
    return pixels.status().WithContext("square view of " + SizeText({rgb.height, rgb.width}));
  return AnyresPixels{std::move(pixels).value(), {rgb.height, rgb.width}};
}

Result<AnyresBatch> StackAnyresPixels(std::span<const AnyresPixels> images) {
  if (images.empty()) return InvalidArgument("no images to stack");
  int64_t max_views = 0;
  const Shape& first = images[0].pixel_values.shape();
  for (size_t i = 0; i < images.size(); ++i) {
    const Shape& s = images[i].pixel_values.shape();
    if (s.size() != 4 || s[1] != first[1] || s[2] != first[2] || s[3] != first[3]) {
      return InvalidArgument("image " + std::to_string(i) + "'s views " + ShapeToString(s) +
                             " do not match image 0's " + ShapeToString(first));
    }
    max_views = std::max(max_views, s[0]);
  }
  AnyresBatch batch{HostTensor(DType::kF32, {static_cast<int64_t>(images.size()), max_views,
                                             first[1], first[2], first[3]}),
                    HostTensor(DType::kI64, {static_cast<int64_t>(images.size()), 2})};
  const int64_t per_view = first[1] * first[2] * first[3];
  auto dst = batch.pixel_values.mutable_span<float>();
  auto sizes = batch.image_sizes.mutable_span<int64_t>();
  for (size_t i = 0; i < images.size(); ++i) {
    auto src = images[i].pixel_values.span<float>();
    std::copy(src.begin(), src.end(), dst.begin() + static_cast<int64_t>(i) * max_views * per_view);
    sizes[i * 2] = images[i].image_size.height;
    sizes[i * 2 + 1] = images[i].image_size.width;
  }
  return batch;
}

// ---- Features ----

Result<AnyresFeatureGeometry> AnyresFeatureGeometryOf(const io::LlavaConfig& config) {
  if (!config.anyres()) {
    return InvalidArgument("the model has no image_grid_pinpoints: no anyres layout");
  }
  AnyresFeatureGeometry g;
  g.image_grid_pinpoints = ToResolutions(config.image_grid_pinpoints);
  g.image_size = config.vision.image_size;
  g.patch_size = config.vision.patch_size;
  if (g.patch_size <= 0 || g.side() <= 0) {
    return InvalidArgument("config.json vision_config: image_size " + std::to_string(g.image_size) +
                           " is smaller than patch_size " + std::to_string(g.patch_size));
  }
  if (!config.vision_aspect_ratio.empty()) {
    VLMXLA_ASSIGN_OR_RETURN(g.max_num_patches, ParseAnyresMax(config.vision_aspect_ratio));
  }
  return g;
}

Result<AnyresFeatureGeometry> AnyresFeatureGeometryFromModelConfig(const nlohmann::json& config) {
  auto parsed = io::ParseModelConfig(config);
  if (!parsed.ok()) return parsed.status();
  if (!parsed->llava || !parsed->llava->anyres()) {
    return InvalidArgument("config.json model_type '" + parsed->model_type +
                           "' has no anyres layout (expected llava_next or llava_onevision)");
  }
  return AnyresFeatureGeometryOf(*parsed->llava);
}

Result<AnyresFeatureLayout> LayoutAnyresFeatures(const AnyresFeatureGeometry& g,
                                                 Resolution image_size, bool base_only) {
  const int side = g.side();
  if (side <= 0 || g.image_grid_pinpoints.empty()) {
    return InvalidArgument("anyres geometry needs pinpoints and image_size >= patch_size");
  }
  if (image_size.height <= 0 || image_size.width <= 0) {
    return InvalidArgument("image size " + SizeText(image_size) + " is empty");
  }
  AnyresFeatureLayout l;
  l.rows_per_view = side * side;
  for (int r = 0; r < l.rows_per_view; ++r) l.feature_source.push_back(r);
  if (base_only) {
    l.views = 1;
    l.feature_source.push_back(kAnyresNewline);
    return l;
  }
  VLMXLA_ASSIGN_OR_RETURN(const Resolution best,
                          SelectBestResolution(image_size, g.image_grid_pinpoints));
  if (best.height % g.image_size != 0 || best.width % g.image_size != 0) {
    // pack_image_features' view() needs whole tiles.
    return InvalidArgument("image " + SizeText(image_size) + " selects pinpoint " +
                           std::to_string(best.height) + "x" + std::to_string(best.width) +
                           " (height x width), which is not a multiple of the tower's image_size " +
                           std::to_string(g.image_size));
  }
  l.grid = {best.height / g.image_size, best.width / g.image_size};  // get_anyres_image_grid_shape
  l.views = 1 + l.grid.height * l.grid.width;
  const UnpadBox box = UnpadImage(image_size, {l.grid.height * side, l.grid.width * side});
  l.unpadded = {box.height, box.width};
  l.packed = DownscaledSize(l.unpadded, g.max_num_patches, side);
  // The tower row behind canvas position (y, x) of the full tile grid.
  auto source = [&](int y, int x) {
    const int tile = (y / side) * l.grid.width + x / side;
    return static_cast<int32_t>((1 + tile) * l.rows_per_view + (y % side) * side + x % side);
  };
  if (l.packed == l.unpadded) {
    for (int y = 0; y < box.height; ++y) {
      for (int x = 0; x < box.width; ++x)
        l.feature_source.push_back(source(box.top + y, box.left + x));
      l.feature_source.push_back(kAnyresNewline);
    }
    return l;
  }
  const LinearTaps rows = ComputeLinearTaps(l.unpadded.height, l.packed.height);
  const LinearTaps cols = ComputeLinearTaps(l.unpadded.width, l.packed.width);
  for (int oy = 0; oy < l.packed.height; ++oy) {
    const int y0 = box.top + rows.index0[oy], y1 = box.top + rows.index1[oy];
    for (int ox = 0; ox < l.packed.width; ++ox) {
      const int x0 = box.left + cols.index0[ox], x1 = box.left + cols.index1[ox];
      l.feature_source.push_back(kAnyresBlended);
      l.blend_source.push_back({source(y0, x0), source(y0, x1), source(y1, x0), source(y1, x1)});
      l.blend_weight.push_back(
          {rows.lambda0[oy], rows.lambda1[oy], cols.lambda0[ox], cols.lambda1[ox]});
    }
    l.feature_source.push_back(kAnyresNewline);
  }
  return l;
}

}  // namespace vlmxla::vision
