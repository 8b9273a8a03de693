#include "vlmxla/cli/capture.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "vlmxla/io/model_config.h"
#include "vlmxla/io/safetensors.h"

namespace vlmxla::cli {
namespace {

Status WriteManifest(const std::string& dir, const nlohmann::ordered_json& manifest) {
  std::ofstream out(dir + "/manifest.json", std::ios::trunc);
  if (!out) return NotFound("cannot write " + dir + "/manifest.json");
  out << manifest.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
  return out ? Status::Ok() : DataLoss("failed writing " + dir + "/manifest.json");
}

}  // namespace

std::string ResolveCaseImage(const std::string& path) {
  if (path.empty() || path.front() == '/') return path;
  const char* cache = std::getenv("VLMXLA_CACHE");
  if (cache != nullptr && *cache != '\0') return (std::filesystem::path(cache) / path).string();
  const char* home = std::getenv("HOME");
  if (home == nullptr || *home == '\0') return path;
  return (std::filesystem::path(home) / ".cache" / "vlmxla" / path).string();
}

std::vector<FlagSpec> CaseFlags() {
  return {
      {"prompt", true, false, "user prompt text"},
      {"system", true, false, "system prompt text"},
      {"image", true, true, "image file (PNG, JPEG, WebP), in prompt order"},
      {"case", true, false,
       "a case JSON {system, prompt, images, context_capacity, max_new_tokens} instead of flags "
       "(relative image paths are under $VLMXLA_CACHE, default ~/.cache/vlmxla)"},
      {"context", true, false, "context capacity in positions"},
  };
}

namespace {

// --context, when given, overrides a case's capacity.
Status ApplyContextFlag(const ParsedArgs& args, CaseRequest& r) {
  if (args.Has("context")) {
    VLMXLA_ASSIGN_OR_RETURN(int64_t cap, args.GetInt("context", 0));
    if (cap <= 0) return InvalidArgument("--context must be positive, got " + std::to_string(cap));
    r.capacity = cap;
  }
  return Status::Ok();
}

}  // namespace

Result<CaseRequest> CaseRequestFromFile(const std::string& path, const ParsedArgs& args) {
  CaseRequest r;
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json j, io::ReadJsonFile(path));
  if (!j.is_object() || !j.contains("prompt") || !j["prompt"].is_string())
    return InvalidArgument(path + ": a case needs a string 'prompt'");
  r.prompt = j["prompt"].get<std::string>();
  if (j.contains("system") && j["system"].is_string()) r.system = j["system"].get<std::string>();
  if (j.contains("images")) {
    if (!j["images"].is_array())
      return InvalidArgument(path + ": 'images' must be a list of paths");
    for (const auto& p : j["images"]) {
      if (!p.is_string()) return InvalidArgument(path + ": 'images' must be a list of paths");
      r.images.push_back(ResolveCaseImage(p.get<std::string>()));
    }
  }
  if (j.contains("context_capacity") && j["context_capacity"].is_number_integer())
    r.capacity = j["context_capacity"].get<int64_t>();
  if (j.contains("max_new_tokens") && j["max_new_tokens"].is_number_integer())
    r.max_new_tokens = j["max_new_tokens"].get<int64_t>();
  VLMXLA_RETURN_IF_ERROR(ApplyContextFlag(args, r));
  return r;
}

Result<CaseRequest> CaseRequestFromArgs(const ParsedArgs& args) {
  if (auto c = args.Get("case")) {
    if (args.Has("prompt") || args.Has("system") || args.Has("image"))
      return InvalidArgument("--case cannot be combined with --prompt, --system or --image");
    return CaseRequestFromFile(*c, args);
  }
  CaseRequest r;
  auto prompt = args.Get("prompt");
  if (!prompt) return InvalidArgument("--prompt (or --case) is required");
  r.prompt = *prompt;
  r.system = args.Get("system");
  r.images = args.GetAll("image");
  VLMXLA_RETURN_IF_ERROR(ApplyContextFlag(args, r));
  return r;
}

HostTensor I64Tensor(const std::vector<int32_t>& v, std::optional<Shape> shape) {
  HostTensor t(DType::kI64, shape ? *shape : Shape{static_cast<int64_t>(v.size())});
  auto out = t.mutable_span<int64_t>();
  for (size_t i = 0; i < v.size(); ++i) out[i] = v[i];
  return t;
}

void CaptureWriter::AddTensor(const std::string& name, HostTensor t) {
  stages_.push_back({{"name", name},
                     {"dtype", DTypeName(t.dtype())},
                     {"shape", t.shape()},
                     {"kind", DTypeIsFloat(t.dtype()) ? "float" : "int"}});
  tensors_[name] = std::move(t);
}

void CaptureWriter::AddText(const std::string& name, const std::string& text) {
  stages_.push_back({{"name", name}, {"kind", "text"}});
  manifest_[name] = text;
}

void CaptureWriter::AddHostStages(const prompt::PreparedPrefill& p, bool with_images) {
  AddText("rendered_text", p.rendered_text);
  if (with_images) AddTensor("pixel_values", p.pixel_values);
  if (!p.image_grid_thw.empty()) {
    std::vector<int32_t> grid;
    for (const auto& thw : p.image_grid_thw) grid.insert(grid.end(), thw.begin(), thw.end());
    AddTensor("image_grid_thw",
              I64Tensor(grid, Shape{static_cast<int64_t>(p.image_grid_thw.size()), 3}));
  }
  if (!p.image_sizes.empty()) {
    std::vector<int32_t> sizes;
    for (const auto& hw : p.image_sizes) sizes.insert(sizes.end(), hw.begin(), hw.end());
    AddTensor("image_sizes",
              I64Tensor(sizes, Shape{static_cast<int64_t>(p.image_sizes.size()), 2}));
  }
  for (const auto& [name, tensor] : p.host_stages) AddTensor(name, tensor);
  AddTensor("input_ids_unexpanded", I64Tensor(p.unexpanded_ids));
  AddTensor("input_ids", I64Tensor(p.input_ids));
  AddTensor("attention_mask", I64Tensor(p.attention_mask));
  if (p.rope_position_ids.empty()) {
    AddTensor("position_ids", I64Tensor(p.position_ids));
  } else {
    // M-RoPE: [3, L] (temporal, height, width), and the delta decode adds to its rows.
    const int64_t length = static_cast<int64_t>(p.rope_position_ids.size()) / 3;
    AddTensor("position_ids", I64Tensor(p.rope_position_ids, Shape{3, length}));
    AddTensor("rope_deltas", I64Tensor({static_cast<int32_t>(p.rope_delta)}));
  }
  nlohmann::ordered_json slots = nlohmann::ordered_json::array();
  for (const auto& s : p.image_slots)
    slots.push_back({{"image", s.image_index}, {"offset", s.offset}, {"length", s.length}});
  manifest_["logical_length"] = p.logical_length;
  manifest_["effective_length"] = p.effective_length;
  manifest_["image_slots"] = slots;
}

Status CaptureWriter::Write(const std::string& dir, const std::string& model_dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  VLMXLA_RETURN_IF_ERROR(io::WriteSafetensors(dir + "/stages.safetensors", tensors_));
  nlohmann::ordered_json m;
  m["schema"] = 1;
  m["producer"] = producer_;
  m["model"] = {{"path", model_dir}};
  for (auto it = manifest_.begin(); it != manifest_.end(); ++it) m[it.key()] = it.value();
  m["stages"] = stages_;
  return WriteManifest(dir, m);
}

void WriteErrorManifest(const std::string& dir, const std::string& producer, const Status& s) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  nlohmann::ordered_json manifest;
  manifest["schema"] = 1;
  manifest["producer"] = producer;
  manifest["error"] = {
      {"type", ErrorCodeName(s.code())}, {"message", s.message()}, {"reason", s.reason()}};
  manifest["stages"] = nlohmann::ordered_json::array();
  (void)WriteManifest(dir, manifest);
}

}  // namespace vlmxla::cli
