// `vlmxla run-program`: builds one device program from a model's config, binds its inputs from a
// safetensors file and its weights from the checkpoint (by name, zero-copy from the mmap), runs it
// on PJRT and writes every result by stage name. The reference gate's device stages use it.
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/hlo/programs.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/io/safetensors.h"
#include "vlmxla/runtime/pjrt_executor.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec> kFlags = {
    {"model", true, false, "Hugging Face model directory (required)"},
    {"program", true, false, "vision_encode | prefill | decode (required)"},
    {"inputs", true, false, "safetensors holding the program's inputs by name (required)"},
    {"output", true, false, "safetensors to write the results to (required)"},
    {"taps", false, false, "add the diagnostic results the reference gate compares"},
    {"emit", true, false,
     "also write the program's StableHLO text to this file, and its parameter and result names "
     "to FILE.params.json (what another runtime needs to bind the same module)"},
    {"plugin", true, false, "PJRT plugin .so (default: $VLMXLA_PJRT_PLUGIN or the .venv CPU plugin)"},
    {"help", false, false, "show this help"},
};

DType ToDType(hlo::ElementType e) {
  switch (e) {
    case hlo::ElementType::kF32: return DType::kF32;
    case hlo::ElementType::kBF16: return DType::kBF16;
    case hlo::ElementType::kF16: return DType::kF16;
    case hlo::ElementType::kI32: return DType::kI32;
    case hlo::ElementType::kI64: return DType::kI64;
    case hlo::ElementType::kI1: return DType::kBool;
  }
  return DType::kF32;
}

// Converts an integer input to the program's integer type (ids arrive as i64 from Python).
Result<HostTensor> Coerce(const std::string& name, const HostTensor& t, const hlo::TensorType& want) {
  const DType dtype = ToDType(want.element);
  if (t.shape() != Shape(want.dims)) {
    return InvalidArgument("input '" + name + "' has shape " + ShapeToString(t.shape()) +
                           " but the program expects " + want.ToString());
  }
  if (t.dtype() == dtype) return t;
  if (DTypeIsFloat(dtype) != DTypeIsFloat(t.dtype()) || DTypeIsFloat(dtype)) {
    return InvalidArgument("input '" + name + "' is " + DTypeName(t.dtype()) +
                           " but the program expects " + want.ToString());
  }
  HostTensor out(dtype, t.shape());
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    const auto v = static_cast<int64_t>(t.GetAsDouble(i));
    if (dtype == DType::kI32) out.mutable_span<int32_t>()[i] = static_cast<int32_t>(v);
    else out.mutable_span<int64_t>()[i] = v;
  }
  return out;
}

// Checkpoint tensors by name across shards; the older llava-hf layout nests the tower under
// vision_model and the decoder under model.
class WeightIndex {
 public:
  static Result<WeightIndex> Open(const io::ModelDir& model) {
    WeightIndex w;
    VLMXLA_ASSIGN_OR_RETURN(std::vector<std::string> files, model.WeightFiles());
    for (const auto& f : files) {
      VLMXLA_ASSIGN_OR_RETURN(io::SafetensorsFile st, io::SafetensorsFile::Open(f));
      w.files_.push_back(std::make_unique<io::SafetensorsFile>(std::move(st)));
    }
    return w;
  }
  Result<HostTensor> Get(const std::string& name) const {
    static const std::vector<std::pair<std::string, std::string>> kAliases = {
        {"vision_tower.", "vision_tower.vision_model."},
        {"language_model.model.", "model.language_model."},
        {"language_model.lm_head.", "lm_head."},
    };
    std::vector<std::string> candidates = {name};
    for (const auto& [from, to] : kAliases)
      if (name.rfind(from, 0) == 0) candidates.push_back(to + name.substr(from.size()));
    for (const auto& c : candidates)
      for (const auto& f : files_)
        if (f->Has(c)) return f->Get(c);
    return NotFound("weight '" + name + "' is not in the checkpoint");
  }
  uint64_t bytes() const {
    uint64_t n = 0;
    for (const auto& f : files_) n += f->data_bytes();
    return n;
  }

 private:
  std::vector<std::unique_ptr<io::SafetensorsFile>> files_;
};

Status WriteParamsJson(const std::string& path, const hlo::Program& program) {
  nlohmann::ordered_json params = nlohmann::ordered_json::array();
  for (const auto& p : program.params) {
    params.push_back({{"name", p.name},
                      {"kind", p.kind == hlo::ProgramParam::Kind::kWeight ? "weight" : "input"},
                      {"type", p.type.ToString()}});
  }
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (size_t i = 0; i < program.result_names.size(); ++i) {
    results.push_back({{"name", program.result_names[i]},
                       {"type", i < program.result_types.size() ? program.result_types[i].ToString()
                                                                : std::string()}});
  }
  nlohmann::ordered_json j = {{"program", program.name}, {"params", params}, {"results", results}};
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return NotFound("cannot write " + path);
  const std::string text = j.dump(2) + "\n";
  std::fputs(text.c_str(), f);
  std::fclose(f);
  return Status::Ok();
}

int Fail(const Status& s) {
  std::fprintf(stderr, "vlmxla run-program: %s\n", s.ToString().c_str());
  return kExitError;
}

Result<int> Run(const ParsedArgs& args) {
  VLMXLA_ASSIGN_OR_RETURN(io::ModelDir model, io::ModelDir::Open(*args.Get("model")));
  VLMXLA_ASSIGN_OR_RETURN(io::SafetensorsFile inputs, io::SafetensorsFile::Open(*args.Get("inputs")));
  const std::string program_name = *args.Get("program");

  hlo::ProgramOptions options;
  options.taps = args.Has("taps");
  if (program_name == "vision_encode") {
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo px, inputs.Info("pixel_values"));
    options.num_images = static_cast<int>(px.shape.at(0));
  } else if (program_name == "prefill") {
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo ids, inputs.Info("input_ids"));
    options.seq_len = static_cast<int>(ids.shape.at(0));
    if (inputs.Has("image_features")) {
      VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo f, inputs.Info("image_features"));
      options.num_image_features = static_cast<int>(f.shape.at(0));
    }
  } else if (program_name == "decode") {
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo tokens, inputs.Info("tokens"));
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo cache, inputs.Info("past_key_values.0.key"));
    if (tokens.shape.size() != 1 || cache.shape.size() != 4) {
      return InvalidArgument("decode: tokens must be [B] and past_key_values.0.key [B, kv, C, d]");
    }
    options.batch = static_cast<int>(tokens.shape[0]);
    options.capacity = static_cast<int>(cache.shape[2]);
  }
  VLMXLA_ASSIGN_OR_RETURN(hlo::Program program,
                          hlo::BuildProgram(model.config(), program_name, options));
  if (auto emit = args.Get("emit")) {
    FILE* f = std::fopen(emit->c_str(), "w");
    if (!f) return NotFound("cannot write " + *emit);
    std::fputs(program.mlir.c_str(), f);
    std::fclose(f);
    VLMXLA_RETURN_IF_ERROR(WriteParamsJson(*emit + ".params.json", program));
  }

  std::string plugin;
  if (auto p = args.Get("plugin")) {
    plugin = *p;
  } else {
    VLMXLA_ASSIGN_OR_RETURN(plugin, runtime::DefaultPjrtPluginPath());
  }
  VLMXLA_ASSIGN_OR_RETURN(auto executor, runtime::PjrtExecutor::Load(plugin));
  const auto t0 = std::chrono::steady_clock::now();
  VLMXLA_ASSIGN_OR_RETURN(auto executable, executor->Compile(program.mlir));
  const auto t1 = std::chrono::steady_clock::now();

  VLMXLA_ASSIGN_OR_RETURN(WeightIndex weights, WeightIndex::Open(model));
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> buffers;
  for (const auto& p : program.params) {
    HostTensor host;
    if (p.kind == hlo::ProgramParam::Kind::kWeight) {
      VLMXLA_ASSIGN_OR_RETURN(host, weights.Get(p.name));
      if (host.shape() != Shape(p.type.dims) || host.dtype() != ToDType(p.type.element)) {
        return InvalidArgument("weight '" + p.name + "' is " + DTypeName(host.dtype()) + " " +
                               ShapeToString(host.shape()) + " but the program expects " +
                               p.type.ToString());
      }
    } else {
      VLMXLA_ASSIGN_OR_RETURN(HostTensor in, inputs.Get(p.name));
      VLMXLA_ASSIGN_OR_RETURN(host, Coerce(p.name, in, p.type));
    }
    VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor->Upload(host));
    buffers.push_back(std::move(buffer));
  }
  std::vector<runtime::DeviceBuffer*> arg_ptrs;
  for (auto& b : buffers) arg_ptrs.push_back(b.get());
  const auto t2 = std::chrono::steady_clock::now();
  VLMXLA_ASSIGN_OR_RETURN(auto outputs, executable->Execute(arg_ptrs));
  const auto t3 = std::chrono::steady_clock::now();
  if (outputs.size() != program.result_names.size()) {
    return Internal("program returned " + std::to_string(outputs.size()) + " results but names " +
                    std::to_string(program.result_names.size()));
  }
  std::map<std::string, HostTensor> results;
  for (size_t i = 0; i < outputs.size(); ++i) {
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, outputs[i]->ToHost());
    results[program.result_names[i]] = std::move(t);
  }
  VLMXLA_RETURN_IF_ERROR(io::WriteSafetensors(*args.Get("output"), results));
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::printf("%s on %s: compile %.1f ms, execute %.2f ms, %zu results, weights %.2f MB\n",
              program.name.c_str(), executor->device_description().c_str(), ms(t0, t1),
              ms(t2, t3), results.size(), weights.bytes() / 1e6);
  return kExitOk;
}

int RunProgram(const std::vector<std::string>& argv) {
  auto parsed = ParseArgs(argv, kFlags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") || !parsed->Get("program") ||
      !parsed->Get("inputs") || !parsed->Get("output")) {
    if (!parsed.ok()) std::fprintf(stderr, "vlmxla run-program: %s\n", parsed.status().message().c_str());
    std::fprintf(help ? stdout : stderr,
                 "usage: vlmxla run-program --model DIR --program NAME --inputs IN --output OUT\n%s",
                 FlagsHelp(kFlags).c_str());
    return help ? kExitOk : kExitUsage;
  }
  auto r = Run(*parsed);
  return r.ok() ? *r : Fail(r.status());
}

}  // namespace

VLMXLA_REGISTER_COMMAND("run-program", "run one device program on PJRT and write its results",
                        RunProgram);

}  // namespace vlmxla::cli
