// `vlmxla quantize`: writes a copy of a float checkpoint whose text decoder projections and LM head
// are quantized (base/quantize.h: the projections in the chosen format, the head in int8) in
// compressed-tensors' layout ("int-quantized" for int8, "pack-quantized" for int4, one config group
// per format, "mixed-precision" when there are two), with its quantization_config in config.json.
// vlmxla runs the copy without --weights; the other tensors and files are copied as they are.
// A tied LM head is the embedding table, quantized under its own name: loaders that quantize only
// Linear layers (vLLM) do not take such a table.
#include <cstdio>
#include <filesystem>
#include <map>

#include "vlmxla/base/quantize.h"
#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/checkpoint.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/io/safetensors.h"
#include "vlmxla/models/registry.h"

namespace vlmxla::cli {
namespace {

namespace fs = std::filesystem;

std::vector<FlagSpec> Flags() {
  return {{"model", true, false, "float Hugging Face model directory to quantize (required)"},
          {"out", true, false, "directory to write the quantized checkpoint into (required)"},
          {"weights", true, false, "int8 | int4 | w8a8 | w4a8 (required)"},
          {"help", false, false, "show this help"}};
}

// The checkpoint names of the tensors the engine quantizes for `quant`, each with its format: the
// quantized parameters of the model's decode program (one source of truth with the engine).
Result<std::map<std::string, WeightQuant>> QuantizedTensors(const io::ModelDir& model,
                                                            const io::CheckpointWeights& weights,
                                                            WeightQuant quant) {
  hlo::DecodeOptions o;
  o.capacity = 16;
  o.precision.quant = quant;
  VLMXLA_ASSIGN_OR_RETURN(hlo::Program program, models::BuildProgram(model.config(), o));
  std::map<std::string, WeightQuant> names;
  for (const hlo::ProgramParam& p : program.params) {
    if (p.quant == WeightQuant::kNone || p.quant_scales) continue;
    VLMXLA_ASSIGN_OR_RETURN(std::string stored, weights.StoredName(p.quantized_from));
    names[stored] = p.quant;
  }
  return names;
}

const char* CompressedFormat(WeightQuant quant) {
  return StoredQuant(quant) == WeightQuant::kInt4 ? "pack-quantized" : "int-quantized";
}

// One config group per format, each listing its tensors (without ".weight").
nlohmann::json QuantizationConfig(const std::map<std::string, WeightQuant>& tensors) {
  std::map<WeightQuant, nlohmann::json> targets;
  for (const auto& [name, quant] : tensors) {
    targets[quant].push_back(name.substr(0, name.size() - 7));  // ".weight"
  }
  nlohmann::json groups = nlohmann::json::object();
  for (const auto& [quant, names] : targets) {
    const bool int4 = StoredQuant(quant) == WeightQuant::kInt4;
    nlohmann::json weights = {
        {"num_bits", int4 ? 4 : 8},
        {"type", "int"},
        {"symmetric", true},
        {"strategy", int4 ? "group" : "channel"},
        {"group_size", int4 ? nlohmann::json(kInt4GroupSize) : nlohmann::json()},
        {"dynamic", false},
        {"actorder", nullptr},
        {"observer", "minmax"}};
    // w8a8 and w4a8: each product's input rows quantized to int8 as it runs, one scale a row
    // (token), symmetric: compressed-tensors' dynamic per-token activations, as vLLM runs W8A8.
    nlohmann::json activations = nullptr;
    if (QuantizesActivations(quant)) {
      activations = {{"num_bits", 8},       {"type", "int"},      {"symmetric", true},
                     {"strategy", "token"}, {"dynamic", true},    {"group_size", nullptr},
                     {"actorder", nullptr}, {"observer", nullptr}};
    }
    groups["group_" + std::to_string(groups.size())] = {{"targets", names},
                                                        {"weights", weights},
                                                        {"format", CompressedFormat(quant)},
                                                        {"input_activations", activations},
                                                        {"output_activations", nullptr}};
  }
  const std::string format =
      targets.size() == 1 ? CompressedFormat(targets.begin()->first) : "mixed-precision";
  return {{"quant_method", "compressed-tensors"},
          {"format", format},
          {"quantization_status", "compressed"},
          {"config_groups", groups},
          {"ignore", nlohmann::json::array()},
          {"producer", "vlmxla quantize (docs/validation.md, Quantized weights)"}};
}

Status Quantize(const std::string& in, const std::string& out, WeightQuant quant) {
  VLMXLA_ASSIGN_OR_RETURN(io::ModelDir model, io::ModelDir::Open(in));
  if (!model.config().quantization.empty()) {
    return InvalidArgument("'" + in + "' is already quantized (" + model.config().quantization +
                           "); vlmxla quantize needs a float checkpoint");
  }
  VLMXLA_ASSIGN_OR_RETURN(io::CheckpointWeights weights, io::CheckpointWeights::Open(model));
  VLMXLA_ASSIGN_OR_RETURN(const auto quantized, QuantizedTensors(model, weights, quant));
  std::map<std::string, HostTensor> tensors;
  for (const std::string& name : weights.Names()) {
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, weights.Get(name));
    auto chosen = quantized.find(name);
    if (chosen == quantized.end()) {
      tensors[name] = t;
      continue;
    }
    VLMXLA_ASSIGN_OR_RETURN(QuantizedWeight q, QuantizeWeight(t, chosen->second, name));
    const int64_t rows = t.shape()[0], cols = t.shape()[1];
    if (StoredQuant(chosen->second) == WeightQuant::kInt8) {
      tensors[name] = q.values;
      tensors[name + "_scale"] = HostTensor::View(DType::kF32, Shape{rows, 1}, q.scales.data(),
                                                  std::make_shared<HostTensor>(q.scales));
    } else {
      VLMXLA_ASSIGN_OR_RETURN(tensors[name + "_packed"], Int4BytesToWords(q.values));
      tensors[name + "_scale"] = q.scales;
      HostTensor shape(DType::kI64, Shape{2});
      shape.mutable_span<int64_t>()[0] = rows;
      shape.mutable_span<int64_t>()[1] = cols;
      tensors[name + "_shape"] = shape;
    }
  }
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) return InvalidArgument("cannot create '" + out + "': " + ec.message());
  if (fs::equivalent(fs::path(in), fs::path(out), ec)) {
    return InvalidArgument("--out must differ from --model");
  }
  VLMXLA_RETURN_IF_ERROR(
      io::WriteSafetensors(out + "/model.safetensors", tensors, {{"format", "pt"}}));
  for (const auto& entry : fs::directory_iterator(in)) {
    const std::string file = entry.path().filename().string();
    if (!entry.is_regular_file() || entry.path().extension() == ".safetensors" ||
        file == "model.safetensors.index.json" || file == "config.json") {
      continue;
    }
    fs::copy_file(entry.path(), fs::path(out) / file, fs::copy_options::overwrite_existing, ec);
    if (ec) return InvalidArgument("cannot copy '" + entry.path().string() + "': " + ec.message());
  }
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json config, io::ReadJsonFile(model.Path("config.json")));
  config["quantization_config"] = QuantizationConfig(quantized);
  FILE* f = std::fopen((out + "/config.json").c_str(), "w");
  if (f == nullptr) return InvalidArgument("cannot write '" + out + "/config.json'");
  const std::string text = config.dump(2) + "\n";
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  // Every quantized tensor but one is a decoder projection: the other is the LM head (or the
  // table tied to it).
  std::printf("quantized %zu decoder projections to %s and the LM head to %s; wrote %s\n",
              quantized.size() - 1, WeightQuantName(quant), WeightQuantName(HeadQuant(quant)),
              out.c_str());
  return Status::Ok();
}

int RunQuantize(const std::vector<std::string>& argv) {
  const std::vector<FlagSpec> kFlags = Flags();
  auto parsed = ParseArgs(argv, kFlags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") || !parsed->Get("out") ||
      !parsed->Get("weights")) {
    if (!parsed.ok()) {
      std::fprintf(stderr, "vlmxla quantize: %s\n", parsed.status().message().c_str());
    } else if (!help) {
      std::fprintf(stderr, "vlmxla quantize: --model, --out and --weights are required\n");
    }
    std::fprintf(help ? stdout : stderr,
                 "usage: vlmxla quantize --model IN --out OUT --weights int8|int4|w8a8|w4a8\n%s",
                 FlagsHelp(kFlags).c_str());
    return help ? kExitOk : kExitUsage;
  }
  auto quant = ParseWeightQuant(*parsed->Get("weights"), "--weights");
  if (quant.ok() && *quant == WeightQuant::kNone) {
    quant = InvalidArgument("--weights must be int8, int4, w8a8 or w4a8 for vlmxla quantize");
  }
  if (!quant.ok()) {
    std::fprintf(stderr, "vlmxla quantize: %s\n", quant.status().message().c_str());
    return kExitUsage;
  }
  Status s = Quantize(*parsed->Get("model"), *parsed->Get("out"), *quant);
  if (!s.ok()) {
    std::fprintf(stderr, "vlmxla quantize: %s\n", s.ToString().c_str());
    return kExitError;
  }
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND(
    "quantize",
    "write a float checkpoint's decoder projections quantized (int8 | int4 | w8a8 | w4a8)",
    RunQuantize);

}  // namespace vlmxla::cli
