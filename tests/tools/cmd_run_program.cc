// `vlmxla-testtool run-program`: builds one device program from a model's config, binds its
// inputs from a safetensors file and its weights from the checkpoint (by name, zero-copy from the
// mmap), runs it on PJRT and writes every result by stage name. KV caches absent from the inputs
// start as zeros; every cache argument is donated, so the program updates it in place. The
// reference gate's device stages use it; --repeat times the execution (docs/validation.md). Test
// tooling: not part of build/vlmxla.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <variant>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/models/registry.h"
#include "vlmxla/io/checkpoint.h"
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
    {"weights-layout", true, false,
     "decoder Linear weights as the checkpoint's out-in or transposed in-out (default: in-out, "
     "what the engine uses on PJRT)"},
    {"attention-block-scores", true, false, kAttentionBlockScoresHelp},
    {"emit", true, false,
     "also write the program's StableHLO text to this file, and its parameter and result names "
     "to FILE.params.json (what another runtime needs to bind the same module)"},
    {"plugin", true, false,
     "PJRT plugin .so (default: $VLMXLA_PJRT_PLUGIN or the .venv CPU plugin)"},
    {"capacity", true, false,
     "KV cache rows per slot (C) for prefill/decode (default: the C of the kv.* inputs if given; "
     "else prefill: the prompt length L, decode: max(positions) + 1)"},
    {"repeat", true, false,
     "execute N times, feeding each run's updated caches to the next, and print the per-execution "
     "times and whether the caches were updated in place (default 1)"},
    {"no-donate", false, false, "do not donate the KV caches (for measuring what donation saves)"},
    {"help", false, false, "show this help"},
};

DType ToDType(hlo::ElementType e) { return hlo::DTypeFromElementType(e); }

// Converts an integer input to the program's integer type (ids arrive as i64 from Python).
Result<HostTensor> Coerce(const std::string& name, const HostTensor& t,
                          const hlo::TensorType& want) {
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
    if (dtype == DType::kI32)
      out.mutable_span<int32_t>()[i] = static_cast<int32_t>(v);
    else
      out.mutable_span<int64_t>()[i] = v;
  }
  return out;
}

Status WriteParamsJson(const std::string& path, const hlo::Program& program) {
  nlohmann::ordered_json params = nlohmann::ordered_json::array();
  for (const auto& p : program.params) {
    nlohmann::ordered_json j = {
        {"name", p.name},
        {"kind", p.kind == hlo::ProgramParam::Kind::kWeight ? "weight" : "input"},
        {"type", p.type.ToString()}};
    if (p.alias_result >= 0) j["alias_result"] = p.alias_result;
    if (p.transposed) j["transposed"] = true;  // bind the checkpoint tensor transposed
    params.push_back(std::move(j));
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

bool IsCache(const std::string& name) { return name.rfind("kv.", 0) == 0; }

// The program's shape buckets from the inputs (and --capacity).
Result<hlo::ProgramOptions> OptionsFromInputs(const std::string& program_name,
                                              const io::SafetensorsFile& inputs,
                                              const ParsedArgs& args, bool default_in_out) {
  VLMXLA_ASSIGN_OR_RETURN(hlo::ProgramOptions options, hlo::DefaultProgramOptions(program_name));
  hlo::ProgramCommonOptions& common = hlo::CommonOptions(options);
  common.taps = args.Has("taps");
  VLMXLA_ASSIGN_OR_RETURN(common.weights_in_out, WeightsInOutFlag(args, default_in_out));
  VLMXLA_ASSIGN_OR_RETURN(common.attention_block_scores,
                          AttentionBlockScoresFlag(args, common.attention_block_scores));
  VLMXLA_ASSIGN_OR_RETURN(int64_t capacity, args.GetInt("capacity", 0));
  if (args.Has("capacity") && (capacity < 1 || capacity > (1 << 24))) {
    return InvalidArgument("--capacity must be in [1, 16777216], got " + std::to_string(capacity));
  }
  auto cache_rows = [&](const std::string& name) -> Result<int64_t> {
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo c, inputs.Info(name));
    if (c.shape.size() != 3) {
      return InvalidArgument("input '" + name + "' has shape " + ShapeToString(c.shape) +
                             " but a KV cache is [kv_heads, C, head_dim]");
    }
    return c.shape[1];
  };
  if (auto* vision = std::get_if<hlo::VisionEncodeOptions>(&options)) {
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo px, inputs.Info("pixel_values"));
    // LLaVA: [n, 3, H, W] images; Qwen2(.5)-VL: [N, patch_dim] flattened patches (the bucket).
    if (px.shape.size() == 2) {
      vision->num_patches = static_cast<int>(px.shape[0]);
    } else {
      vision->num_images = static_cast<int>(px.shape.at(0));
    }
  } else if (auto* prefill = std::get_if<hlo::PrefillOptions>(&options)) {
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo ids, inputs.Info("input_ids"));
    if (ids.shape.size() != 1) return InvalidArgument("input_ids must be [L]");
    prefill->seq_len = static_cast<int>(ids.shape[0]);
    if (inputs.Has("image_features")) {
      VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo f, inputs.Info("image_features"));
      prefill->num_image_features = static_cast<int>(f.shape.at(0));
    }
    if (!args.Has("capacity")) {
      if (inputs.Has("kv.0.key")) {
        VLMXLA_ASSIGN_OR_RETURN(capacity, cache_rows("kv.0.key"));
      } else {
        capacity = prefill->seq_len;
      }
    }
    prefill->capacity = static_cast<int>(capacity);
  } else if (auto* decode = std::get_if<hlo::DecodeOptions>(&options)) {
    VLMXLA_ASSIGN_OR_RETURN(io::TensorInfo tokens, inputs.Info("tokens"));
    if (tokens.shape.size() != 1) return InvalidArgument("decode: tokens must be [B]");
    decode->batch = static_cast<int>(tokens.shape[0]);
    if (!args.Has("capacity")) {
      if (inputs.Has("kv.0.0.key")) {
        VLMXLA_ASSIGN_OR_RETURN(capacity, cache_rows("kv.0.0.key"));
      } else {
        // The smallest cache that holds every slot's new row.
        VLMXLA_ASSIGN_OR_RETURN(HostTensor positions, inputs.Get("positions"));
        capacity = 1;
        for (int64_t i = 0; i < positions.num_elements(); ++i) {
          capacity = std::max(capacity, static_cast<int64_t>(positions.GetAsDouble(i)) + 1);
        }
      }
    }
    decode->capacity = static_cast<int>(capacity);
  }
  return options;
}

// Rejects scalar inputs a dynamic slice would silently clamp: the prompt length and the decode
// positions.
Status CheckIndices(const hlo::Program& program, const hlo::ProgramOptions& options,
                    const std::string& name, const HostTensor& t) {
  int64_t lo = 0, hi = 0;
  std::string what;
  const auto* prefill = std::get_if<hlo::PrefillOptions>(&options);
  const auto* decode = std::get_if<hlo::DecodeOptions>(&options);
  if (prefill != nullptr && name == "length") {
    lo = 1, hi = prefill->seq_len, what = "the prompt bucket L";
  } else if (decode != nullptr && name == "positions") {
    lo = 0, hi = decode->capacity - 1, what = "the KV cache capacity - 1";
  } else {
    return Status::Ok();
  }
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    const auto v = static_cast<int64_t>(t.GetAsDouble(i));
    if (v < lo || v > hi) {
      return OutOfRange("input '" + name + "' holds " + std::to_string(v) + " but it must be in [" +
                        std::to_string(lo) + ", " + std::to_string(hi) + "] (" + what + ")");
    }
  }
  return Status::Ok();
}

// C of the program's KV caches; 0 for vision_encode, which has none.
int KvCapacity(const hlo::ProgramOptions& options) {
  if (const auto* o = std::get_if<hlo::PrefillOptions>(&options)) return o->capacity;
  if (const auto* o = std::get_if<hlo::DecodeOptions>(&options)) return o->capacity;
  return 0;
}

int Fail(const Status& s) {
  std::fprintf(stderr, "vlmxla-testtool run-program: %s\n", s.ToString().c_str());
  return kExitError;
}

Result<int> Run(const ParsedArgs& args) {
  VLMXLA_ASSIGN_OR_RETURN(io::ModelDir model, io::ModelDir::Open(*args.Get("model")));
  VLMXLA_ASSIGN_OR_RETURN(io::SafetensorsFile inputs,
                          io::SafetensorsFile::Open(*args.Get("inputs")));
  const std::string program_name = *args.Get("program");
  VLMXLA_ASSIGN_OR_RETURN(int64_t repeat, args.GetInt("repeat", 1));
  if (repeat < 1 || repeat > 100000) {
    return InvalidArgument("--repeat must be in [1, 100000], got " + std::to_string(repeat));
  }
  const bool donate_caches = !args.Has("no-donate");

  std::string plugin;
  if (auto p = args.Get("plugin")) {
    plugin = *p;
  } else {
    VLMXLA_ASSIGN_OR_RETURN(plugin, runtime::DefaultPjrtPluginPath());
  }
  VLMXLA_ASSIGN_OR_RETURN(auto executor, runtime::PjrtExecutor::Load(plugin));
  VLMXLA_ASSIGN_OR_RETURN(
      hlo::ProgramOptions options,
      OptionsFromInputs(program_name, inputs, args, executor->traits().prefers_in_out_weights));
  VLMXLA_ASSIGN_OR_RETURN(hlo::Program program, models::BuildProgram(model.config(), options));
  if (auto emit = args.Get("emit")) {
    FILE* f = std::fopen(emit->c_str(), "w");
    if (!f) return NotFound("cannot write " + *emit);
    std::fputs(program.mlir.c_str(), f);
    std::fclose(f);
    VLMXLA_RETURN_IF_ERROR(WriteParamsJson(*emit + ".params.json", program));
  }

  const auto t0 = std::chrono::steady_clock::now();
  VLMXLA_ASSIGN_OR_RETURN(auto executable, executor->Compile(program.mlir));
  const auto t1 = std::chrono::steady_clock::now();

  VLMXLA_ASSIGN_OR_RETURN(io::CheckpointWeights weights, io::CheckpointWeights::Open(model));
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> buffers;
  std::vector<bool> donate_flags;
  for (const auto& p : program.params) {
    HostTensor host;
    if (p.kind == hlo::ProgramParam::Kind::kWeight) {
      VLMXLA_ASSIGN_OR_RETURN(HostTensor stored, weights.Get(p.name));
      VLMXLA_ASSIGN_OR_RETURN(host, hlo::BindWeight(p, std::move(stored)));
    } else if (IsCache(p.name) && !inputs.Has(p.name)) {
      host = HostTensor(ToDType(p.type.element), Shape(p.type.dims));  // an empty cache: zeros
    } else if (p.name == "length" && !inputs.Has(p.name)) {
      host = HostTensor(DType::kI32, {});  // default: the whole bucket is the prompt
      host.mutable_span<int32_t>()[0] = std::get<hlo::PrefillOptions>(options).seq_len;
    } else {
      VLMXLA_ASSIGN_OR_RETURN(HostTensor in, inputs.Get(p.name));
      VLMXLA_ASSIGN_OR_RETURN(host, Coerce(p.name, in, p.type));
      VLMXLA_RETURN_IF_ERROR(CheckIndices(program, options, p.name, host));
    }
    VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor->Upload(host));
    buffers.push_back(std::move(buffer));
    donate_flags.push_back(donate_caches && p.alias_result >= 0);
  }
  std::unique_ptr<bool[]> donate(new bool[donate_flags.size()]);
  std::copy(donate_flags.begin(), donate_flags.end(), donate.get());
  const std::span<const bool> donate_mask(donate.get(), donate_flags.size());

  std::vector<std::shared_ptr<runtime::DeviceBuffer>> outputs;
  std::vector<double> times;
  size_t aliased = 0, in_place = 0;  // over every execution
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  for (int64_t run = 0; run < repeat; ++run) {
    std::vector<runtime::DeviceBuffer*> arg_ptrs;
    std::vector<uintptr_t> before;
    for (auto& b : buffers) {
      arg_ptrs.push_back(b.get());
      before.push_back(b->opaque_device_pointer());
    }
    const auto t2 = std::chrono::steady_clock::now();
    VLMXLA_ASSIGN_OR_RETURN(outputs, executable->Execute(arg_ptrs, donate_mask));
    times.push_back(ms(t2, std::chrono::steady_clock::now()));
    if (outputs.size() != program.result_names.size()) {
      return Internal("program returned " + std::to_string(outputs.size()) + " results but names " +
                      std::to_string(program.result_names.size()));
    }
    // The next run reads the caches this one wrote; an in-place update kept their addresses.
    for (size_t i = 0; i < program.params.size(); ++i) {
      const int r = program.params[i].alias_result;
      if (r < 0) continue;
      ++aliased;
      const uintptr_t after = outputs[r]->opaque_device_pointer();
      if (buffers[i]->is_deleted() && after != 0 && after == before[i]) ++in_place;
      buffers[i] = outputs[r];
    }
  }

  std::map<std::string, HostTensor> results;
  for (size_t i = 0; i < outputs.size(); ++i) {
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, outputs[i]->ToHost());
    results[program.result_names[i]] = std::move(t);
  }
  VLMXLA_RETURN_IF_ERROR(io::WriteSafetensors(*args.Get("output"), results));
  std::printf("%s on %s: compile %.1f ms, execute %.2f ms, %zu results, weights %.2f MB\n",
              program.name.c_str(), executor->device_description().c_str(), ms(t0, t1),
              times.front(), results.size(), weights.bytes() / 1e6);
  if (repeat > 1) {
    std::vector<double> sorted(times.begin() + 1, times.end());  // the first run warms up
    std::sort(sorted.begin(), sorted.end());
    std::printf(
        "repeat %lld: median %.3f ms, min %.3f ms over runs 2..%lld; capacity %d; "
        "caches %s, updated in place (same device address): %zu of %zu cache buffers x "
        "runs\n",
        static_cast<long long>(repeat), sorted[sorted.size() / 2], sorted.front(),
        static_cast<long long>(repeat), KvCapacity(options),
        donate_caches ? "donated" : "not donated", in_place, aliased);
  }
  return kExitOk;
}

int RunProgram(const std::vector<std::string>& argv) {
  auto parsed = ParseArgs(argv, kFlags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") || !parsed->Get("program") ||
      !parsed->Get("inputs") || !parsed->Get("output")) {
    if (!parsed.ok())
      std::fprintf(stderr, "vlmxla-testtool run-program: %s\n", parsed.status().message().c_str());
    std::fprintf(help ? stdout : stderr,
                 "usage: vlmxla-testtool run-program --model DIR --program NAME --inputs IN "
                 "--output OUT\n%s",
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
