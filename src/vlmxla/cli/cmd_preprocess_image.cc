// vlmxla preprocess-image: decode images and run the configured image processor, writing
// pixel_values (and image_grid_thw for the Qwen2-VL processor, image_sizes and the anyres feature
// layout for LLaVA-NeXT / LLaVA-OneVision) and the decoded RGB images to safetensors (for parity
// checks against PIL and Transformers).
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
#include "vlmxla/models/registry.h"
#include "vlmxla/vision/anyres.h"
#include "vlmxla/vision/image_decode.h"
#include "vlmxla/vision/image_processor.h"
#include "vlmxla/vision/qwen_image_processor.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec>& Specs() {
  static const std::vector<FlagSpec> specs = {
      {"config", true, false, "preprocessor_config.json"},
      {"image", true, true, "image file (PNG, JPEG, WebP); repeatable"},
      {"output", true, false, "output .safetensors"},
      {"model-config", true, false,
       "a model's config.json: also write its vision program's host layout tables (layout.*: for "
       "a packed-patch tower, .patch_order, .rotary_hw, .full_segment, .window_segment, "
       ".merged_order; for an anyres processor (LlavaNext/LlavaOnevision), per image N "
       "anyres.feature_source.N, and anyres.blend_source.N / .blend_weight.N where "
       "anyres_max_N downscales)"},
      {"multi-image", false, false,
       "LlavaOnevision: the images are one prompt's (base view only, padded to a square, when "
       "there are several)"},
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

// The layout tables the model's family makes for these grids (layout.*).
Status AddLayout(const std::string& config_path, const ParsedArgs& args,
                 const std::vector<std::array<int32_t, 3>>& grids,
                 std::map<std::string, HostTensor>* tensors) {
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json config_json, io::ReadJsonFile(config_path));
  auto config = io::ParseModelConfig(config_json);
  if (!config.ok()) return config.status().WithContext(config_path);
  VLMXLA_ASSIGN_OR_RETURN(const models::Family* family, models::FamilyOf(*config));
  VLMXLA_ASSIGN_OR_RETURN(int64_t bucket, args.GetInt("bucket", 0));
  auto tables = family->VisionLayoutTables(*config, grids, bucket);
  if (!tables.ok()) return tables.status().WithContext(config_path);
  tensors->merge(*tables);
  return Status::Ok();
}

// LLaVA-NeXT / LLaVA-OneVision: the views of every image, stacked as the processor batches them,
// image_sizes, and with --model-config each image's feature layout.
Status AnyresOutputs(const vision::AnyresImageProcessor& processor, const std::string& config_path,
                     const ParsedArgs& args, const std::vector<vision::Image>& images,
                     std::map<std::string, HostTensor>* tensors) {
  const bool multi_image = args.Has("multi-image") && images.size() > 1;
  if (args.Has("multi-image") && !processor.config().onevision) {
    return InvalidArgument("--multi-image is LlavaOnevision's rule; " + config_path +
                           " is a LlavaNext processor");
  }
  if (args.Has("bucket")) {
    return InvalidArgument("--bucket lays out packed patches; an anyres processor has none");
  }
  std::vector<vision::AnyresPixels> views;
  for (size_t i = 0; i < images.size(); ++i) {
    auto v = multi_image ? processor.PreprocessSquare(images[i]) : processor.Preprocess(images[i]);
    if (!v.ok()) return v.status().WithContext("image " + std::to_string(i));
    views.push_back(std::move(v).value());
  }
  VLMXLA_ASSIGN_OR_RETURN(vision::AnyresBatch batch, vision::StackAnyresPixels(views));
  (*tensors)["pixel_values"] = std::move(batch.pixel_values);
  (*tensors)["image_sizes"] = std::move(batch.image_sizes);
  const auto model_config = args.Get("model-config");
  if (!model_config) return Status::Ok();
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json config_json, io::ReadJsonFile(*model_config));
  auto geometry = vision::AnyresFeatureGeometryFromModelConfig(config_json);
  if (!geometry.ok()) return geometry.status().WithContext(*model_config);
  for (size_t i = 0; i < views.size(); ++i) {
    auto layout = vision::LayoutAnyresFeatures(*geometry, views[i].image_size, multi_image);
    if (!layout.ok()) return layout.status().WithContext("image " + std::to_string(i));
    const std::string n = "." + std::to_string(i);
    (*tensors)["anyres.feature_source" + n] =
        I32Tensor(layout->feature_source, {static_cast<int64_t>(layout->feature_source.size())});
    if (layout->blend_source.empty()) continue;
    const int64_t blended = static_cast<int64_t>(layout->blend_source.size());
    HostTensor blend_source(DType::kI32, {blended, 4});
    HostTensor blend_weight(DType::kF32, {blended, 4});
    for (int64_t b = 0; b < blended; ++b) {
      for (int k = 0; k < 4; ++k) {
        blend_source.mutable_span<int32_t>()[b * 4 + k] = layout->blend_source[b][k];
        blend_weight.mutable_span<float>()[b * 4 + k] = layout->blend_weight[b][k];
      }
    }
    (*tensors)["anyres.blend_source" + n] = std::move(blend_source);
    (*tensors)["anyres.blend_weight" + n] = std::move(blend_weight);
  }
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
  std::optional<vision::AnyresImageProcessor> anyres;
  if (vision::IsAnyresImageProcessorConfig(j)) {
    auto p = vision::AnyresImageProcessor::FromConfig(j);
    if (!p.ok()) return Fail(p.status().WithContext(config_path));
    anyres = std::move(p).value();
  } else if (parsed->Has("multi-image")) {
    return Fail(InvalidArgument("--multi-image needs a LlavaOnevision processor; " + config_path +
                                " is not one"));
  } else if (vision::IsQwenImageProcessorConfig(j)) {
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
  if (anyres) {
    Status st = AnyresOutputs(*anyres, config_path, *parsed, images, &tensors);
    if (!st.ok()) return Fail(st);
  } else if (qwen) {
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
      return Fail(
          InvalidArgument("--model-config needs an image processor that reports patch "
                          "grids (image_grid_thw); " +
                          config_path + " has none"));
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
