// `vlmxla prepare`: runs the host half of a request (chat template, tokenizer, image decode and
// processor, placeholder expansion) and prints or writes what the device would receive. Its
// output directory has the oracle capture's layout, so `python -m vlmxla_oracle compare` checks it.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/io/safetensors.h"
#include "vlmxla/prompt/preparer.h"
#include "vlmxla/vision/image_decode.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec> kFlags = {
    {"model", true, false, "Hugging Face model directory (required)"},
    {"prompt", true, false, "user prompt text"},
    {"system", true, false, "system prompt text"},
    {"image", true, true, "image file (PNG, JPEG, WebP), in prompt order"},
    {"case", true, false, "a case JSON {system, prompt, images, context_capacity} instead of flags"},
    {"context", true, false, "context capacity in positions (default: max_position_embeddings)"},
    {"output", true, false, "write stages.safetensors + manifest.json into this directory"},
    {"help", false, false, "show this help"},
};

struct Request {
  std::optional<std::string> system;
  std::string prompt;
  std::vector<std::string> images;
  std::optional<int64_t> capacity;
};

Result<Request> RequestFromArgs(const ParsedArgs& args) {
  Request r;
  if (auto c = args.Get("case")) {
    if (args.Has("prompt") || args.Has("system") || args.Has("image"))
      return InvalidArgument("--case cannot be combined with --prompt, --system or --image");
    VLMXLA_ASSIGN_OR_RETURN(nlohmann::json j, io::ReadJsonFile(*c));
    if (!j.is_object() || !j.contains("prompt") || !j["prompt"].is_string())
      return InvalidArgument(*c + ": a case needs a string 'prompt'");
    r.prompt = j["prompt"].get<std::string>();
    if (j.contains("system") && j["system"].is_string()) r.system = j["system"].get<std::string>();
    if (j.contains("images")) {
      if (!j["images"].is_array()) return InvalidArgument(*c + ": 'images' must be a list of paths");
      for (const auto& p : j["images"]) {
        if (!p.is_string()) return InvalidArgument(*c + ": 'images' must be a list of paths");
        r.images.push_back(p.get<std::string>());
      }
    }
    if (j.contains("context_capacity") && j["context_capacity"].is_number_integer())
      r.capacity = j["context_capacity"].get<int64_t>();
  } else {
    auto prompt = args.Get("prompt");
    if (!prompt) return InvalidArgument("--prompt (or --case) is required");
    r.prompt = *prompt;
    r.system = args.Get("system");
    r.images = args.GetAll("image");
  }
  if (args.Has("context")) {
    VLMXLA_ASSIGN_OR_RETURN(int64_t cap, args.GetInt("context", 0));
    if (cap <= 0) return InvalidArgument("--context must be positive, got " + std::to_string(cap));
    r.capacity = cap;
  }
  return r;
}

HostTensor I64Tensor(const std::vector<int32_t>& v) {
  HostTensor t(DType::kI64, {static_cast<int64_t>(v.size())});
  auto out = t.mutable_span<int64_t>();
  for (size_t i = 0; i < v.size(); ++i) out[i] = v[i];
  return t;
}

nlohmann::ordered_json StageEntry(const std::string& name, const HostTensor& t) {
  return {{"name", name},
          {"dtype", DTypeName(t.dtype())},
          {"shape", t.shape()},
          {"kind", DTypeIsFloat(t.dtype()) ? "float" : "int"}};
}

Status WriteManifest(const std::string& dir, const nlohmann::ordered_json& manifest) {
  std::ofstream out(dir + "/manifest.json", std::ios::trunc);
  if (!out) return NotFound("cannot write " + dir + "/manifest.json");
  out << manifest.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
  return out ? Status::Ok() : DataLoss("failed writing " + dir + "/manifest.json");
}

Status WriteCapture(const std::string& dir, const std::string& model_dir, const Request& req,
                    const prompt::PreparedPrefill& p) {
  std::map<std::string, HostTensor> tensors;
  nlohmann::ordered_json stages = nlohmann::ordered_json::array();
  stages.push_back({{"name", "rendered_text"}, {"kind", "text"}});
  auto add = [&](const std::string& name, HostTensor t) {
    stages.push_back(StageEntry(name, t));
    tensors[name] = std::move(t);
  };
  if (!req.images.empty()) add("pixel_values", p.pixel_values);
  add("input_ids_unexpanded", I64Tensor(p.unexpanded_ids));
  add("input_ids", I64Tensor(p.input_ids));
  add("attention_mask", I64Tensor(p.attention_mask));
  add("position_ids", I64Tensor(p.position_ids));
  VLMXLA_RETURN_IF_ERROR(io::WriteSafetensors(dir + "/stages.safetensors", tensors));

  nlohmann::ordered_json slots = nlohmann::ordered_json::array();
  for (const auto& s : p.image_slots)
    slots.push_back({{"image", s.image_index}, {"offset", s.offset}, {"length", s.length}});
  nlohmann::ordered_json manifest;
  manifest["schema"] = 1;
  manifest["producer"] = "vlmxla prepare";
  manifest["model"] = {{"path", model_dir}};
  manifest["rendered_text"] = p.rendered_text;
  manifest["logical_length"] = p.logical_length;
  manifest["effective_length"] = p.effective_length;
  manifest["image_slots"] = slots;
  manifest["stages"] = stages;
  return WriteManifest(dir, manifest);
}

int Fail(const Status& s, const std::optional<std::string>& output) {
  std::fprintf(stderr, "vlmxla prepare: %s\n", s.ToString().c_str());
  if (output) {
    // An expected failure is a result too: the gate compares its category with the oracle's.
    std::error_code ec;
    std::filesystem::create_directories(*output, ec);
    nlohmann::ordered_json manifest;
    manifest["schema"] = 1;
    manifest["producer"] = "vlmxla prepare";
    manifest["error"] = {{"type", ErrorCodeName(s.code())}, {"message", s.message()},
                         {"reason", s.reason()}};
    manifest["stages"] = nlohmann::ordered_json::array();
    (void)WriteManifest(*output, manifest);
  }
  return kExitError;
}

int RunPrepare(const std::vector<std::string>& argv) {
  auto parsed = ParseArgs(argv, kFlags);
  if (!parsed.ok() || parsed->Has("help") || !parsed->Get("model")) {
    FILE* out = parsed.ok() && parsed->Has("help") ? stdout : stderr;
    if (!parsed.ok()) std::fprintf(stderr, "vlmxla prepare: %s\n", parsed.status().message().c_str());
    else if (!parsed->Has("help")) std::fprintf(stderr, "vlmxla prepare: --model is required\n");
    std::fprintf(out, "usage: vlmxla prepare --model DIR (--prompt TEXT [--image FILE]... | --case FILE)\n%s",
                 FlagsHelp(kFlags).c_str());
    return out == stdout ? kExitOk : kExitUsage;
  }
  const std::string model_dir = *parsed->Get("model");
  const auto output = parsed->Get("output");
  auto req = RequestFromArgs(*parsed);
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
    std::error_code ec;
    std::filesystem::create_directories(*output, ec);
    Status s = WriteCapture(*output, model_dir, *req, *prefill);
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
    std::printf("image %d: positions [%lld, %lld)\n", s.image_index, static_cast<long long>(s.offset),
                static_cast<long long>(s.offset + s.length));
  if (!images.empty())
    std::printf("pixel_values: f32 %s\n", ShapeToString(prefill->pixel_values.shape()).c_str());
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("prepare", "print or write the prepared prompt and processor output",
                        RunPrepare);

}  // namespace vlmxla::cli
