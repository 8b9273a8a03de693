// Order and arithmetic follow Transformers' PilBackend._preprocess: resize (PIL) -> center crop
// (uint8, zero padding when the crop is larger) -> rescale (float64 multiply, cast to float32)
// -> normalize (float32 subtract, float32 divide).
#include "vlmxla/vision/image_processor.h"

#include "vlmxla/io/model_config.h"

#include <algorithm>
#include <fstream>

namespace vlmxla::vision {
namespace {

constexpr std::array<double, 3> kClipMean{0.48145466, 0.4578275, 0.40821073};
constexpr std::array<double, 3> kClipStd{0.26862954, 0.26130258, 0.27577711};
constexpr std::array<double, 3> kHalf{0.5, 0.5, 0.5};

Status ReadBool(const nlohmann::json& j, const char* key, bool* out) {
  if (!j.contains(key) || j[key].is_null()) return Status::Ok();
  if (!j[key].is_boolean())
    return InvalidArgument(std::string("preprocessor config: ") + key + " must be a boolean");
  *out = j[key].get<bool>();
  return Status::Ok();
}

Status ReadTriple(const nlohmann::json& j, const char* key, std::array<double, 3>* out) {
  if (!j.contains(key) || j[key].is_null()) return Status::Ok();
  const auto& v = j[key];
  if (v.is_number()) {
    out->fill(v.get<double>());
    return Status::Ok();
  }
  if (!v.is_array() || v.size() != 3 || !v[0].is_number() || !v[1].is_number() ||
      !v[2].is_number()) {
    return InvalidArgument(std::string("preprocessor config: ") + key +
                           " must be a number or a list of 3 numbers");
  }
  for (int i = 0; i < 3; ++i) (*out)[i] = v[i].get<double>();
  return Status::Ok();
}

bool PositiveInt(const nlohmann::json& v) { return v.is_number_integer() && v.get<int64_t>() > 0; }

// size: int (shortest edge, as default_to_square=False makes it), {"shortest_edge"},
// {"height","width"} or [h, w].
Status ReadSize(const nlohmann::json& v, ImageProcessorConfig* c) {
  if (PositiveInt(v)) {
    c->shortest_edge = v.get<int>();
    c->size_height = c->size_width = 0;
    return Status::Ok();
  }
  if (v.is_object() && v.contains("shortest_edge") && PositiveInt(v["shortest_edge"])) {
    if (v.contains("longest_edge") && !v["longest_edge"].is_null()) {
      return Unimplemented("preprocessor config: size.longest_edge is not supported");
    }
    c->shortest_edge = v["shortest_edge"].get<int>();
    c->size_height = c->size_width = 0;
    return Status::Ok();
  }
  if (v.is_object() && v.contains("height") && v.contains("width") && PositiveInt(v["height"]) &&
      PositiveInt(v["width"])) {
    c->shortest_edge = 0;
    c->size_height = v["height"].get<int>();
    c->size_width = v["width"].get<int>();
    return Status::Ok();
  }
  if (v.is_array() && v.size() == 2 && PositiveInt(v[0]) && PositiveInt(v[1])) {
    c->shortest_edge = 0;
    c->size_height = v[0].get<int>();
    c->size_width = v[1].get<int>();
    return Status::Ok();
  }
  return InvalidArgument(
      "preprocessor config: size must be a positive int, {\"shortest_edge\": n}"
      " or {\"height\": h, \"width\": w}; got " +
      v.dump());
}

Status ReadCropSize(const nlohmann::json& v, ImageProcessorConfig* c) {
  if (PositiveInt(v)) {
    c->crop_height = c->crop_width = v.get<int>();
    return Status::Ok();
  }
  if (v.is_object() && v.contains("height") && v.contains("width") && PositiveInt(v["height"]) &&
      PositiveInt(v["width"])) {
    c->crop_height = v["height"].get<int>();
    c->crop_width = v["width"].get<int>();
    return Status::Ok();
  }
  return InvalidArgument(
      "preprocessor config: crop_size must be a positive int or "
      "{\"height\": h, \"width\": w}; got " +
      v.dump());
}

// Gemma3ImageProcessor's pan-and-scan fields; a null field keeps Gemma3Processor's default.
Status ReadPanAndScan(const nlohmann::json& j, PanAndScanConfig* c) {
  VLMXLA_RETURN_IF_ERROR(ReadBool(j, "do_pan_and_scan", &c->enabled));
  for (auto [key, out] : {std::pair{"pan_and_scan_min_crop_size", &c->min_crop_size},
                          std::pair{"pan_and_scan_max_num_crops", &c->max_num_crops}}) {
    if (!j.contains(key) || j[key].is_null()) continue;
    if (!PositiveInt(j[key])) {
      return InvalidArgument(std::string("preprocessor config: ") + key +
                             " must be a positive integer; got " + j[key].dump());
    }
    *out = j[key].get<int>();
  }
  const char* ratio = "pan_and_scan_min_ratio_to_activate";
  if (j.contains(ratio) && !j[ratio].is_null()) {
    if (!j[ratio].is_number() || !(j[ratio].get<double>() > 0)) {
      return InvalidArgument(std::string("preprocessor config: ") + ratio +
                             " must be a positive number; got " + j[ratio].dump());
    }
    c->min_ratio_to_activate = j[ratio].get<double>();
  }
  return Status::Ok();
}

}  // namespace

Result<ImageProcessor> ImageProcessor::FromConfig(const nlohmann::json& j) {
  if (!j.is_object()) return InvalidArgument("preprocessor config must be a JSON object");
  if (!j.contains("image_processor_type") || !j["image_processor_type"].is_string()) {
    return InvalidArgument("preprocessor config has no image_processor_type string");
  }
  std::string type = j["image_processor_type"].get<std::string>();
  for (const char* suffix : {"Fast", "Pil"}) {
    const std::string s(suffix);
    if (type.size() > s.size() && type.compare(type.size() - s.size(), s.size(), s) == 0) {
      type.resize(type.size() - s.size());
    }
  }
  ImageProcessorConfig c;
  if (type == "CLIPImageProcessor") {
    c.processor_type = "clip";
    c.shortest_edge = 224;
    c.do_center_crop = true;
    c.crop_height = c.crop_width = 224;
    c.image_mean = kClipMean;
    c.image_std = kClipStd;
  } else if (type == "SiglipImageProcessor" || type == "Gemma3ImageProcessor") {
    // Gemma3ImageProcessor is SigLIP's resize-rescale-normalize with a bilinear default, plus
    // pan-and-scan crops (vision/pan_and_scan.h).
    c.processor_type = "siglip";
    c.size_height = c.size_width = 224;
    c.image_mean = kHalf;
    c.image_std = kHalf;
    if (type == "Gemma3ImageProcessor") {
      c.resample = ResampleFilter::kBilinear;
      VLMXLA_RETURN_IF_ERROR(ReadPanAndScan(j, &c.pan_and_scan));
    }
  } else {
    return Unimplemented("image_processor_type '" + j["image_processor_type"].get<std::string>() +
                             "' is not supported (supported: CLIPImageProcessor, "
                             "SiglipImageProcessor, Gemma3ImageProcessor)",
                         "image_processor_unsupported");
  }
  VLMXLA_RETURN_IF_ERROR(ReadBool(j, "do_resize", &c.do_resize));
  VLMXLA_RETURN_IF_ERROR(ReadBool(j, "do_center_crop", &c.do_center_crop));
  VLMXLA_RETURN_IF_ERROR(ReadBool(j, "do_rescale", &c.do_rescale));
  VLMXLA_RETURN_IF_ERROR(ReadBool(j, "do_normalize", &c.do_normalize));
  VLMXLA_RETURN_IF_ERROR(ReadBool(j, "do_convert_rgb", &c.do_convert_rgb));
  VLMXLA_RETURN_IF_ERROR(ReadTriple(j, "image_mean", &c.image_mean));
  VLMXLA_RETURN_IF_ERROR(ReadTriple(j, "image_std", &c.image_std));
  if (j.contains("size") && !j["size"].is_null()) VLMXLA_RETURN_IF_ERROR(ReadSize(j["size"], &c));
  if (j.contains("crop_size") && !j["crop_size"].is_null()) {
    VLMXLA_RETURN_IF_ERROR(ReadCropSize(j["crop_size"], &c));
  }
  if (j.contains("rescale_factor") && !j["rescale_factor"].is_null()) {
    if (!j["rescale_factor"].is_number()) {
      return InvalidArgument("preprocessor config: rescale_factor must be a number");
    }
    c.rescale_factor = j["rescale_factor"].get<double>();
  }
  if (j.contains("resample") && !j["resample"].is_null()) {
    if (!j["resample"].is_number_integer()) {
      return InvalidArgument("preprocessor config: resample must be a PIL resample code");
    }
    VLMXLA_ASSIGN_OR_RETURN(c.resample, ResampleFilterFromPilCode(j["resample"].get<int>()));
  }
  ImageProcessor p;
  p.config_ = c;
  return p;
}

Result<ImageProcessorConfigFile> ReadImageProcessorConfig(const std::string& dir) {
  ImageProcessorConfigFile file{dir + "/preprocessor_config.json", {}};
  if (std::ifstream(file.path)) {
    VLMXLA_ASSIGN_OR_RETURN(file.config, io::ReadJsonFile(file.path));
    return file;
  }
  file.path = dir + "/processor_config.json";
  auto processor = io::ReadJsonFile(file.path);
  if (!processor.ok() || !processor->contains("image_processor")) {
    return NotFound("no image processor config in " + dir +
                    " (neither preprocessor_config.json nor processor_config.json"
                    " with an \"image_processor\" entry)");
  }
  file.config = (*processor)["image_processor"];
  return file;
}

Result<ImageProcessor> ImageProcessor::FromModelDir(const std::string& dir) {
  VLMXLA_ASSIGN_OR_RETURN(ImageProcessorConfigFile file, ReadImageProcessorConfig(dir));
  auto r = FromConfig(file.config);
  if (!r.ok()) return r.status().WithContext(file.path);
  return r;
}

void CompositeTransparencyKey(Image* image) {
  if (!image->transparency_key) return;
  const auto& k = *image->transparency_key;
  for (size_t i = 0; i + 2 < image->rgb.size(); i += 3) {
    if (image->rgb[i] == k[0] && image->rgb[i + 1] == k[1] && image->rgb[i + 2] == k[2]) {
      image->rgb[i] = image->rgb[i + 1] = image->rgb[i + 2] = 255;
    }
  }
  image->transparency_key.reset();
}

std::pair<int, int> ImageProcessor::OutputSize(int height, int width) const {
  int h = height, w = width;
  if (config_.do_resize) {
    if (config_.shortest_edge > 0) {
      const int shorter = std::min(width, height), longer = std::max(width, height);
      // Python: int(size * long / short), a true (correctly rounded) division then truncation.
      const int new_long =
          static_cast<int>(static_cast<double>(int64_t{config_.shortest_edge} * longer) /
                           static_cast<double>(shorter));
      if (width <= height) {
        w = config_.shortest_edge;
        h = new_long;
      } else {
        h = config_.shortest_edge;
        w = new_long;
      }
    } else {
      h = config_.size_height;
      w = config_.size_width;
    }
  }
  if (config_.do_center_crop) {
    h = config_.crop_height;
    w = config_.crop_width;
  }
  return {h, w};
}

Result<Image> ImageProcessor::ResizeAndCrop(const Image& image) const {
  Image cur = image;
  if (config_.do_convert_rgb) CompositeTransparencyKey(&cur);
  if (config_.do_resize) {
    ImageProcessor no_crop = *this;
    no_crop.config_.do_center_crop = false;
    auto [h, w] = no_crop.OutputSize(image.height, image.width);
    if (h <= 0 || w <= 0) {
      return InvalidArgument("image " + std::to_string(image.width) + "x" +
                             std::to_string(image.height) + " resizes to an empty image");
    }
    VLMXLA_ASSIGN_OR_RETURN(cur, Resize(cur, w, h, config_.resample));
  }
  if (config_.do_center_crop) {
    const int ch = config_.crop_height, cw = config_.crop_width;
    const int oh = cur.height, ow = cur.width;
    // Transformers' center_crop: offsets (orig - crop) // 2 (floor), zero padding centred with
    // ceil((new - orig) / 2) when the crop is larger than the image.
    const int nh = std::max(ch, oh), nw = std::max(cw, ow);
    const int top_pad = (nh - oh + 1) / 2, left_pad = (nw - ow + 1) / 2;
    auto floordiv2 = [](int v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); };
    const int top = floordiv2(oh - ch) + top_pad, left = floordiv2(ow - cw) + left_pad;
    Image out;
    out.width = cw;
    out.height = ch;
    out.format = cur.format;
    out.exif_orientation = cur.exif_orientation;
    out.rgb.assign(static_cast<size_t>(cw) * ch * 3, 0);
    for (int y = 0; y < ch; ++y) {
      const int py = top + y - top_pad;  // row in the unpadded image
      if (py < 0 || py >= oh) continue;
      for (int x = 0; x < cw; ++x) {
        const int px = left + x - left_pad;
        if (px < 0 || px >= ow) continue;
        for (int k = 0; k < 3; ++k) {
          out.rgb[(static_cast<size_t>(y) * cw + x) * 3 + k] =
              cur.rgb[(static_cast<size_t>(py) * ow + px) * 3 + k];
        }
      }
    }
    cur = std::move(out);
  }
  return cur;
}

std::vector<Image> ImageProcessor::Views(const Image& image) const {
  std::vector<Image> views{image};
  for (const CropBox& box : PanAndScanCrops(image.height, image.width, config_.pan_and_scan)) {
    views.push_back(CropImage(image, box));
  }
  return views;
}

Result<HostTensor> ImageProcessor::Preprocess(std::span<const Image> images) const {
  if (images.empty()) return InvalidArgument("no images to preprocess");
  std::vector<Image> done;
  done.reserve(images.size());
  for (size_t i = 0; i < images.size(); ++i) {
    auto r = ResizeAndCrop(images[i]);
    if (!r.ok()) return r.status().WithContext("image " + std::to_string(i));
    if (i > 0 && (r->width != done[0].width || r->height != done[0].height)) {
      return InvalidArgument("image " + std::to_string(i) + " preprocesses to " +
                             std::to_string(r->width) + "x" + std::to_string(r->height) +
                             " but image 0 to " + std::to_string(done[0].width) + "x" +
                             std::to_string(done[0].height) + "; they cannot be batched");
    }
    done.push_back(std::move(r).value());
  }
  const int h = done[0].height, w = done[0].width;
  HostTensor out(DType::kF32, {static_cast<int64_t>(done.size()), 3, h, w});
  float* dst = out.mutable_span<float>().data();
  float mean[3], std_[3];
  for (int k = 0; k < 3; ++k) {
    mean[k] = static_cast<float>(config_.image_mean[k]);
    std_[k] = static_cast<float>(config_.image_std[k]);
  }
  const size_t plane = static_cast<size_t>(h) * w;
  for (size_t n = 0; n < done.size(); ++n) {
    const uint8_t* src = done[n].rgb.data();
    for (int k = 0; k < 3; ++k) {
      float* o = dst + (n * 3 + k) * plane;
      for (size_t i = 0; i < plane; ++i) {
        const uint8_t v = src[i * 3 + k];
        float x = config_.do_rescale ? static_cast<float>(v * config_.rescale_factor)
                                     : static_cast<float>(v);
        if (config_.do_normalize) x = (x - mean[k]) / std_[k];
        o[i] = x;
      }
    }
  }
  return out;
}

}  // namespace vlmxla::vision
