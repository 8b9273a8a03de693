// vlmxla preprocess-image: decode images and run the configured image processor, writing
// pixel_values (and image_grid_thw for the Qwen2-VL processor) and the decoded RGB images to
// safetensors (for parity checks against PIL).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/io/safetensors.h"
#include "vlmxla/vision/image_decode.h"
#include "vlmxla/vision/image_processor.h"
#include "vlmxla/vision/qwen_image_processor.h"
#include "vlmxla/vision/qwen_vision_layout.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec>& Specs() {
  static const std::vector<FlagSpec> specs = {
      {"config", true, false, "preprocessor_config.json"},
      {"image", true, true, "image file (PNG, JPEG, WebP); repeatable"},
      {"output", true, false, "output .safetensors"},
      {"model-config", true, false,
       "Qwen2-VL / Qwen2.5-VL config.json: also write the vision program's layout tables "
       "(layout.patch_order, .rotary_hw, .full_segment, .window_segment, .merged_order)"},
      {"bucket", true, false,
       "with --model-config: the patch rows to lay out (default: the patch count rounded up to "
       "the merge unit)"},
  };
  return specs;
}

int Fail(const Status& s) {
  std::fprintf(stderr, "vlmxla preprocess-image: %s\n", s.ToString().c_str());
  return kExitError;
}

HostTensor I32Tensor(const std::vector<int32_t>& values, Shape shape) {
  HostTensor t(DType::kI32, std::move(shape));
  std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(int32_t));
  return t;
}

// The layout tables BuildQwenVisionLayout makes for these grids, as tensors named layout.*.
Status AddLayout(const std::string& config_path, const ParsedArgs& args,
                 const std::vector<std::array<int32_t, 3>>& grids,
                 std::map<std::string, HostTensor>* tensors) {
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json config_json, io::ReadJsonFile(config_path));
  auto config = io::ParseModelConfig(config_json);
  if (!config.ok()) return config.status().WithContext(config_path);
  if (!config->qwen_vl) {
    return InvalidArgument(config_path + " is not a Qwen2-VL / Qwen2.5-VL config (model_type " +
                           config->model_type + ")");
  }
  const io::QwenVisionConfig& vision = config->qwen_vl->vision;
  int64_t patches = 0;
  for (const auto& g : grids) patches += int64_t{g[0]} * g[1] * g[2];
  const int64_t mu = vision.merge_unit();
  VLMXLA_ASSIGN_OR_RETURN(int64_t bucket, args.GetInt("bucket", (patches + mu - 1) / mu * mu));
  const bool windowed = config->qwen_vl->family == "qwen2_5_vl";
  VLMXLA_ASSIGN_OR_RETURN(vision::QwenVisionLayout layout,
                          vision::BuildQwenVisionLayout(vision, windowed, grids, bucket));
  const int64_t n = layout.num_patches, b = layout.bucket;
  (*tensors)["layout.patch_order"] = I32Tensor(layout.patch_order, {n});
  (*tensors)["layout.rotary_hw"] = I32Tensor(layout.rotary_hw, {b, 2});
  (*tensors)["layout.full_segment"] = I32Tensor(layout.full_segment, {b});
  (*tensors)["layout.window_segment"] = I32Tensor(layout.window_segment, {b});
  (*tensors)["layout.merged_order"] =
      I32Tensor(layout.merged_order, {static_cast<int64_t>(layout.merged_order.size())});
  return Status::Ok();
}

int PreprocessImage(const std::vector<std::string>& args) {
  auto parsed = ParseArgs(args, Specs());
  if (!parsed.ok() || !parsed->Has("config") || !parsed->Has("image") || !parsed->Has("output")) {
    std::fprintf(stderr,
                 "%s\nusage: vlmxla preprocess-image --config FILE --image FILE "
                 "[--image FILE]... --output OUT.safetensors\n%s",
                 parsed.ok() ? "--config, --image and --output are required"
                             : parsed.status().message().c_str(),
                 FlagsHelp(Specs()).c_str());
    return kExitUsage;
  }
  const std::string config_path = *parsed->Get("config");
  std::ifstream f(config_path);
  if (!f) return Fail(NotFound("cannot open " + config_path));
  nlohmann::json j = nlohmann::json::parse(f, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Fail(InvalidArgument(config_path + " is not valid JSON"));
  // The config is checked before any image is decoded.
  std::optional<vision::QwenImageProcessor> qwen;
  std::optional<vision::ImageProcessor> processor;
  if (vision::IsQwenImageProcessorConfig(j)) {
    auto p = vision::QwenImageProcessor::FromConfig(j);
    if (!p.ok()) return Fail(p.status().WithContext(config_path));
    qwen = std::move(p).value();
  } else {
    auto p = vision::ImageProcessor::FromConfig(j);
    if (!p.ok()) return Fail(p.status().WithContext(config_path));
    processor = std::move(p).value();
  }

  std::vector<vision::Image> images;
  std::map<std::string, HostTensor> tensors;
  for (const std::string& path : parsed->GetAll("image")) {
    auto image = vision::DecodeImageFile(path);
    if (!image.ok()) return Fail(image.status());
    HostTensor decoded(DType::kU8, {image->height, image->width, 3});
    std::memcpy(decoded.mutable_data(), image->rgb.data(), image->rgb.size());
    tensors["decoded." + std::to_string(images.size())] = std::move(decoded);
    images.push_back(std::move(image).value());
  }
  if (qwen) {
    auto processed = qwen->Preprocess(images);
    if (!processed.ok()) return Fail(processed.status());
    HostTensor grid(DType::kI64, {static_cast<int64_t>(processed->image_grid_thw.size()), 3});
    auto g = grid.mutable_span<int64_t>();
    for (size_t i = 0; i < processed->image_grid_thw.size(); ++i)
      for (int k = 0; k < 3; ++k) g[i * 3 + k] = processed->image_grid_thw[i][k];
    tensors["pixel_values"] = std::move(processed->pixel_values);
    tensors["image_grid_thw"] = std::move(grid);
    if (auto model_config = parsed->Get("model-config")) {
      Status st = AddLayout(*model_config, *parsed, processed->image_grid_thw, &tensors);
      if (!st.ok()) return Fail(st);
    }
  } else {
    if (parsed->Has("model-config")) {
      return Fail(InvalidArgument("--model-config is for the Qwen2-VL image processor only"));
    }
    auto pixels = processor->Preprocess(images);
    if (!pixels.ok()) return Fail(pixels.status());
    tensors["pixel_values"] = std::move(pixels).value();
  }
  Status st = io::WriteSafetensors(*parsed->Get("output"), tensors);
  if (!st.ok()) return Fail(st);
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("preprocess-image", "decode images and compute pixel_values",
                        PreprocessImage);

}  // namespace vlmxla::cli
