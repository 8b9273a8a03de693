// `vlmxla prepare`: runs the host half of a request (chat template, tokenizer, image decode and
// processor, placeholder expansion) and prints or writes what the device would receive. Its
// output directory has the oracle capture's layout, so `python -m vlmxla_oracle compare` checks it.
#include <cstdio>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/capture.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/io/safetensors.h"
#include "vlmxla/prompt/preparer.h"
#include "vlmxla/vision/image_decode.h"

namespace vlmxla::cli {
namespace {

std::vector<FlagSpec> Flags() {
  std::vector<FlagSpec> flags = {{"model", true, false, "Hugging Face model directory (required)"}};
  for (auto& f : CaseFlags()) flags.push_back(f);
  flags.push_back(
      {"output", true, false, "write stages.safetensors + manifest.json into this directory"});
  flags.push_back({"help", false, false, "show this help"});
  return flags;
}

int Fail(const Status& s, const std::optional<std::string>& output) {
  std::fprintf(stderr, "vlmxla prepare: %s\n", s.ToString().c_str());
  if (output) WriteErrorManifest(*output, "vlmxla prepare", s);
  return kExitError;
}

int RunPrepare(const std::vector<std::string>& argv) {
  const std::vector<FlagSpec> kFlags = Flags();
  auto parsed = ParseArgs(argv, kFlags);
  if (!parsed.ok() || parsed->Has("help") || !parsed->Get("model")) {
    FILE* out = parsed.ok() && parsed->Has("help") ? stdout : stderr;
    if (!parsed.ok())
      std::fprintf(stderr, "vlmxla prepare: %s\n", parsed.status().message().c_str());
    else if (!parsed->Has("help"))
      std::fprintf(stderr, "vlmxla prepare: --model is required\n");
    std::fprintf(
        out,
        "usage: vlmxla prepare --model DIR (--prompt TEXT [--image FILE]... | --case FILE)\n%s",
        FlagsHelp(kFlags).c_str());
    return out == stdout ? kExitOk : kExitUsage;
  }
  const std::string model_dir = *parsed->Get("model");
  const auto output = parsed->Get("output");
  auto req = CaseRequestFromArgs(*parsed);
  if (!req.ok()) return Fail(req.status(), output);
  auto preparer = prompt::Preparer::Load(model_dir);
  if (!preparer.ok()) return Fail(preparer.status(), output);

  std::vector<vision::Image> images;
  for (const auto& path : req->images) {
    auto img = vision::DecodeImageFile(path);
    if (!img.ok()) return Fail(img.status(), output);
    images.push_back(std::move(img).value());
  }
  const int64_t capacity = req->capacity.value_or(preparer->default_context_capacity());
  auto messages = prompt::SingleTurn(req->system, req->prompt, static_cast<int>(images.size()));
  auto prefill = preparer->Prepare(messages, images, capacity);
  if (!prefill.ok()) return Fail(prefill.status(), output);

  if (output) {
    CaptureWriter capture("vlmxla prepare");
    capture.AddHostStages(*prefill, !images.empty());
    Status s = capture.Write(*output, model_dir);
    if (!s.ok()) return Fail(s, std::nullopt);
    std::printf("wrote %s/stages.safetensors and manifest.json\n", output->c_str());
  }
  std::printf("rendered: %s\n", nlohmann::json(prefill->rendered_text)
                                    .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                                    .c_str());
  std::printf("tokens: %lld logical, %lld effective (capacity %lld)\n",
              static_cast<long long>(prefill->logical_length),
              static_cast<long long>(prefill->effective_length), static_cast<long long>(capacity));
  for (const auto& s : prefill->image_slots)
    std::printf("image %d: positions [%lld, %lld)\n", s.image_index,
                static_cast<long long>(s.offset), static_cast<long long>(s.offset + s.length));
  if (!images.empty())
    std::printf("pixel_values: f32 %s\n", ShapeToString(prefill->pixel_values.shape()).c_str());
  // M-RoPE models (Qwen2-VL, Qwen2.5-VL): one JSON value per line, for parity tests.
  if (!prefill->image_grid_thw.empty())
    std::printf("image_grid_thw: %s\n", nlohmann::json(prefill->image_grid_thw).dump().c_str());
  if (!prefill->rope_position_ids.empty()) {
    const auto& pos = prefill->rope_position_ids;
    const size_t length = pos.size() / 3;
    nlohmann::json axes = nlohmann::json::array();
    for (size_t a = 0; a < 3; ++a)
      axes.push_back(
          std::vector<int32_t>(pos.begin() + a * length, pos.begin() + (a + 1) * length));
    std::printf("rope_deltas: %lld\n", static_cast<long long>(prefill->rope_delta));
    std::printf("rope_position_ids: %s\n", axes.dump().c_str());
  }
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("prepare", "print or write the prepared prompt and processor output",
                        RunPrepare);

}  // namespace vlmxla::cli
