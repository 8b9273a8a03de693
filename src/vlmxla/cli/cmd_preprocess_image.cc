// vlmxla preprocess-image: decode images and run the configured image processor, writing
// pixel_values and the decoded RGB images to safetensors (for parity checks against PIL).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/io/safetensors.h"
#include "vlmxla/vision/image_decode.h"
#include "vlmxla/vision/image_processor.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec>& Specs() {
  static const std::vector<FlagSpec> specs = {
      {"config", true, false, "preprocessor_config.json"},
      {"image", true, true, "image file (PNG, JPEG, WebP); repeatable"},
      {"output", true, false, "output .safetensors"},
  };
  return specs;
}

int Fail(const Status& s) {
  std::fprintf(stderr, "vlmxla preprocess-image: %s\n", s.ToString().c_str());
  return kExitError;
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
  auto processor = vision::ImageProcessor::FromConfig(j);
  if (!processor.ok()) return Fail(processor.status().WithContext(config_path));

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
  auto pixels = processor->Preprocess(images);
  if (!pixels.ok()) return Fail(pixels.status());
  tensors["pixel_values"] = std::move(pixels).value();
  Status st = io::WriteSafetensors(*parsed->Get("output"), tensors);
  if (!st.ok()) return Fail(st);
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("preprocess-image", "decode images and compute pixel_values",
                        PreprocessImage);

}  // namespace vlmxla::cli
