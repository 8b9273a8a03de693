// Order and arithmetic follow Qwen2VLImageProcessorPil._preprocess: resize (PIL, to smart_resize's
// size) -> rescale (float64 multiply, cast to float32) -> normalize (float32 subtract, float32
// divide) -> patchify (rows (h/m, w/m, m, m), columns (C, T, P, P), the frame repeated T times).
#include "vlmxla/vision/qwen_image_processor.h"

#include "vlmxla/vision/image_processor.h"

#include <cmath>
#include <cstring>

namespace vlmxla::vision {
namespace {

std::string Size(int64_t width, int64_t height) {
  return std::to_string(width) + "x" + std::to_string(height);
}

// Python's round() of a float: half to even (the default rounding mode of nearbyint).
int64_t RoundHalfEven(double x) { return static_cast<int64_t>(std::nearbyint(x)); }

// Reads preprocessor-config fields by type; a present field of the wrong type is an error.
class ConfigReader {
 public:
  explicit ConfigReader(const nlohmann::json& j) : j_(j) {}

  bool Has(const char* key) const { return j_.contains(key) && !j_[key].is_null(); }
  Status Bool(const char* key, bool* out) const {
    if (!Has(key)) return Status::Ok();
    if (!j_[key].is_boolean()) return Bad(key, "a boolean");
    *out = j_[key].get<bool>();
    return Status::Ok();
  }
  Status Int(const char* key, int64_t* out) const {
    if (!Has(key)) return Status::Ok();
    if (!j_[key].is_number_integer()) return Bad(key, "an integer");
    *out = j_[key].get<int64_t>();
    return Status::Ok();
  }
  Status PositiveInt(const char* key, int* out) const {
    int64_t v = *out;
    VLMXLA_RETURN_IF_ERROR(Int(key, &v));
    if (v <= 0 || v > 1 << 16) return Bad(key, "a positive integer");
    *out = static_cast<int>(v);
    return Status::Ok();
  }
  Status Number(const char* key, double* out) const {
    if (!Has(key)) return Status::Ok();
    if (!j_[key].is_number()) return Bad(key, "a number");
    *out = j_[key].get<double>();
    return Status::Ok();
  }
  // A number for all three channels or a list of three.
  Status Channels(const char* key, std::array<double, 3>* out) const {
    if (!Has(key)) return Status::Ok();
    const auto& v = j_[key];
    if (v.is_number()) {
      out->fill(v.get<double>());
      return Status::Ok();
    }
    if (!v.is_array() || v.size() != 3) return Bad(key, "a number or a list of 3 numbers");
    for (int i = 0; i < 3; ++i) {
      if (!v[i].is_number()) return Bad(key, "a number or a list of 3 numbers");
      (*out)[i] = v[i].get<double>();
    }
    return Status::Ok();
  }

 private:
  Status Bad(const char* key, const char* what) const {
    return InvalidArgument(std::string("preprocessor config: ") + key + " must be " + what +
                           ", got " + j_[key].dump());
  }
  const nlohmann::json& j_;
};

}  // namespace

Result<std::pair<int64_t, int64_t>> SmartResize(int64_t height, int64_t width, int64_t factor,
                                                int64_t min_pixels, int64_t max_pixels) {
  if (height <= 0 || width <= 0) {
    return InvalidArgument("image " + Size(width, height) + " is empty", kReasonImageTooSmall);
  }
  const double h = static_cast<double>(height), w = static_cast<double>(width);
  const double f = static_cast<double>(factor);
  const double ratio = std::max(h, w) / std::min(h, w);
  if (ratio > kQwenMaxAspectRatio) {
    return InvalidArgument("image " + Size(width, height) + " has an aspect ratio of " +
                               std::to_string(ratio) + ", beyond the Qwen2-VL processor's limit " +
                               "of " + std::to_string(static_cast<int>(kQwenMaxAspectRatio)),
                           kReasonImageAspectRatio);
  }
  int64_t h_bar = RoundHalfEven(h / f) * factor;
  int64_t w_bar = RoundHalfEven(w / f) * factor;
  if (h_bar * w_bar > max_pixels) {
    // The same float operations, in the same order, as Python's.
    const double beta =
        std::sqrt(static_cast<double>(height * width) / static_cast<double>(max_pixels));
    h_bar = std::max(factor, static_cast<int64_t>(std::floor(h / beta / f)) * factor);
    w_bar = std::max(factor, static_cast<int64_t>(std::floor(w / beta / f)) * factor);
  } else if (h_bar * w_bar < min_pixels) {
    const double beta =
        std::sqrt(static_cast<double>(min_pixels) / static_cast<double>(height * width));
    h_bar = static_cast<int64_t>(std::ceil(h * beta / f)) * factor;
    w_bar = static_cast<int64_t>(std::ceil(w * beta / f)) * factor;
  }
  if (h_bar <= 0 || w_bar <= 0) {
    return InvalidArgument("image " + Size(width, height) + " resizes to " + Size(w_bar, h_bar) +
                               " (multiples of " + std::to_string(factor) + ", min_pixels " +
                               std::to_string(min_pixels) + "): too small to process",
                           kReasonImageTooSmall);
  }
  return std::pair{h_bar, w_bar};
}

bool IsQwenImageProcessorConfig(const nlohmann::json& j) {
  if (!j.is_object()) return false;
  if (j.contains("image_processor_type") && j["image_processor_type"].is_string()) {
    const std::string t = j["image_processor_type"].get<std::string>();
    return t == "Qwen2VLImageProcessor" || t == "Qwen2VLImageProcessorFast" ||
           t == "Qwen2VLImageProcessorPil";
  }
  if (j.contains("processor_class") && j["processor_class"].is_string()) {
    const std::string c = j["processor_class"].get<std::string>();
    return c == "Qwen2VLProcessor" || c == "Qwen2_5_VLProcessor";
  }
  return false;
}

Result<QwenImageProcessor> QwenImageProcessor::FromConfig(const nlohmann::json& j) {
  if (!IsQwenImageProcessorConfig(j)) {
    return Unimplemented(
        "preprocessor config is not a Qwen2VLImageProcessor (image_processor_type " +
            (j.is_object() && j.contains("image_processor_type") ? j["image_processor_type"].dump()
                                                                 : std::string("absent")) +
            ")",
        "image_processor_unsupported");
  }
  QwenImageProcessorConfig c;
  ConfigReader r(j);
  VLMXLA_RETURN_IF_ERROR(r.Bool("do_resize", &c.do_resize));
  VLMXLA_RETURN_IF_ERROR(r.Bool("do_rescale", &c.do_rescale));
  VLMXLA_RETURN_IF_ERROR(r.Bool("do_normalize", &c.do_normalize));
  VLMXLA_RETURN_IF_ERROR(r.Bool("do_convert_rgb", &c.do_convert_rgb));
  VLMXLA_RETURN_IF_ERROR(r.Number("rescale_factor", &c.rescale_factor));
  VLMXLA_RETURN_IF_ERROR(r.Channels("image_mean", &c.image_mean));
  VLMXLA_RETURN_IF_ERROR(r.Channels("image_std", &c.image_std));
  VLMXLA_RETURN_IF_ERROR(r.PositiveInt("patch_size", &c.patch_size));
  VLMXLA_RETURN_IF_ERROR(r.PositiveInt("temporal_patch_size", &c.temporal_patch_size));
  VLMXLA_RETURN_IF_ERROR(r.PositiveInt("merge_size", &c.merge_size));
  if (r.Has("resample")) {
    if (!j["resample"].is_number_integer()) {
      return InvalidArgument("preprocessor config: resample must be a PIL resample code");
    }
    VLMXLA_ASSIGN_OR_RETURN(c.resample, ResampleFilterFromPilCode(j["resample"].get<int>()));
  }
  // The pixel bounds: size {shortest_edge, longest_edge} (v5's names), overridden by the older
  // top-level min_pixels / max_pixels as the processor's constructor does.
  if (r.Has("size")) {
    const auto& size = j["size"];
    if (!size.is_object()) {
      return InvalidArgument(
          "preprocessor config: size must be {\"shortest_edge\": min_pixels, "
          "\"longest_edge\": max_pixels}, got " +
          size.dump());
    }
    ConfigReader s(size);
    // A size without one of the keys has none for it (Transformers then refuses to resize).
    if (!s.Has("shortest_edge")) c.min_pixels = 0;
    if (!s.Has("longest_edge")) c.max_pixels = 0;
    VLMXLA_RETURN_IF_ERROR(s.Int("shortest_edge", &c.min_pixels));
    VLMXLA_RETURN_IF_ERROR(s.Int("longest_edge", &c.max_pixels));
  }
  VLMXLA_RETURN_IF_ERROR(r.Int("min_pixels", &c.min_pixels));
  VLMXLA_RETURN_IF_ERROR(r.Int("max_pixels", &c.max_pixels));
  if (c.do_resize && (c.min_pixels <= 0 || c.max_pixels <= 0)) {
    return InvalidArgument(
        "preprocessor config: resizing needs size.shortest_edge (min_pixels) and "
        "size.longest_edge (max_pixels), both positive; got " +
        std::to_string(c.min_pixels) + " and " + std::to_string(c.max_pixels));
  }
  QwenImageProcessor p;
  p.config_ = c;
  return p;
}

Result<QwenImageProcessor> QwenImageProcessor::FromModelDir(const std::string& dir) {
  VLMXLA_ASSIGN_OR_RETURN(ImageProcessorConfigFile file, ReadImageProcessorConfig(dir));
  auto r = FromConfig(file.config);
  if (!r.ok()) return r.status().WithContext(file.path);
  return r;
}

Result<std::pair<int64_t, int64_t>> QwenImageProcessor::OutputSize(int64_t height,
                                                                   int64_t width) const {
  if (!config_.do_resize) return std::pair{height, width};
  return SmartResize(height, width, config_.factor(), config_.min_pixels, config_.max_pixels);
}

Result<std::array<int32_t, 3>> QwenImageProcessor::GridThw(int64_t height, int64_t width) const {
  VLMXLA_ASSIGN_OR_RETURN(auto size, OutputSize(height, width));
  const auto [h, w] = size;
  const int64_t f = config_.factor();
  if (h % f != 0 || w % f != 0) {
    // Only reachable with do_resize false: the patch reshape needs whole merge blocks.
    return InvalidArgument("image " + Size(w, h) + " is not a multiple of " + std::to_string(f) +
                           " (patch_size * merge_size) on both sides, and do_resize is false");
  }
  return std::array<int32_t, 3>{1, static_cast<int32_t>(h / config_.patch_size),
                                static_cast<int32_t>(w / config_.patch_size)};
}

Status QwenImageProcessor::AppendImage(const Image& image, std::vector<float>* rows,
                                       std::array<int32_t, 3>* grid) const {
  VLMXLA_ASSIGN_OR_RETURN(*grid, GridThw(image.height, image.width));
  Image cur = image;
  if (config_.do_convert_rgb) CompositeTransparencyKey(&cur);
  const int P = config_.patch_size, m = config_.merge_size, T = config_.temporal_patch_size;
  const int gh = (*grid)[1], gw = (*grid)[2];
  const int height = gh * P, width = gw * P;
  if (config_.do_resize) {
    VLMXLA_ASSIGN_OR_RETURN(cur, Resize(cur, width, height, config_.resample));
  }

  // Channel-first float32 image, rescaled and normalised exactly as numpy does it.
  const size_t plane = static_cast<size_t>(height) * width;
  std::vector<float> chw(3 * plane);
  for (int c = 0; c < 3; ++c) {
    const float mean = static_cast<float>(config_.image_mean[c]);
    const float std_ = static_cast<float>(config_.image_std[c]);
    for (size_t i = 0; i < plane; ++i) {
      const uint8_t v = cur.rgb[i * 3 + c];
      float x = config_.do_rescale ? static_cast<float>(v * config_.rescale_factor)
                                   : static_cast<float>(v);
      if (config_.do_normalize) x = (x - mean) / std_;
      chw[c * plane + i] = x;
    }
  }
  // Row (bh, bw, mh, mw) is patch (h, w) = (bh*m + mh, bw*m + mw); its values run (c, t, ph, pw),
  // every frame t the same image.
  const size_t patch_dim = static_cast<size_t>(config_.patch_dim());
  const size_t base = rows->size();
  rows->resize(base + static_cast<size_t>(gh) * gw * patch_dim);
  float* out = rows->data() + base;
  for (int bh = 0; bh < gh / m; ++bh) {
    for (int bw = 0; bw < gw / m; ++bw) {
      for (int mh = 0; mh < m; ++mh) {
        for (int mw = 0; mw < m; ++mw) {
          const int y0 = (bh * m + mh) * P, x0 = (bw * m + mw) * P;
          for (int c = 0; c < 3; ++c) {
            for (int t = 0; t < T; ++t) {
              for (int py = 0; py < P; ++py) {
                const float* src =
                    chw.data() + c * plane + static_cast<size_t>(y0 + py) * width + x0;
                std::memcpy(out, src, sizeof(float) * P);
                out += P;
              }
            }
          }
        }
      }
    }
  }
  return Status::Ok();
}

Result<QwenProcessedImages> QwenImageProcessor::Preprocess(std::span<const Image> images) const {
  if (images.empty()) return InvalidArgument("no images to preprocess");
  std::vector<float> rows;
  QwenProcessedImages out;
  for (size_t i = 0; i < images.size(); ++i) {
    std::array<int32_t, 3> grid{};
    Status s = AppendImage(images[i], &rows, &grid);
    if (!s.ok()) return s.WithContext("image " + std::to_string(i));
    out.image_grid_thw.push_back(grid);
  }
  const int64_t patch_dim = config_.patch_dim();
  out.pixel_values =
      HostTensor(DType::kF32, {static_cast<int64_t>(rows.size()) / patch_dim, patch_dim});
  std::memcpy(out.pixel_values.mutable_data(), rows.data(), rows.size() * sizeof(float));
  return out;
}

}  // namespace vlmxla::vision
