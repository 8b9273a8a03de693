#include "vlmxla/cli/engine_flags.h"

#include <string>
#include <tuple>
#include <utility>

#include "vlmxla/base/quantize.h"
#include "vlmxla/engine/precision.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::cli {

std::vector<FlagSpec> EngineFlags(const EngineFlagDefaults& d) {
  std::vector<FlagSpec> flags = {
      {"model", true, false, "Hugging Face model directory (required)"},
      {"backend", true, false,
       "device backend: pjrt-cpu (default) | pjrt-cuda (an installed jax-cuda13-pjrt / "
       "xla-cuda13-pjrt plugin, or --plugin) | pjrt (any PJRT plugin, with --plugin) | iree-cpu | "
       "iree-cuda"},
      {"plugin", true, false,
       "PJRT plugin .so for --backend pjrt (default: $VLMXLA_PJRT_PLUGIN), pjrt-cuda (default: "
       "found in the Python site-packages) or pjrt-cpu (default: .venv's xla-cpu-pjrt)"},
      {"iree-cuda-target", true, false, "CUDA target for --backend iree-cuda (default sm_90)"},
      {"iree-cpu-target", true, false,
       "CPU for --backend iree-cpu, as LLVM names it (default host; e.g. x86-64-v3 holds it to "
       "AVX2)"},
      {"iree-parameters", true, false,
       "on | off: --backend iree-cpu reads the weights as parameter globals from the checkpoint's "
       "files, packed once at load, every program data-tiled (default: $VLMXLA_IREE_PARAMETERS, "
       "else off)"},
      {"dtype", true, false,
       std::string("compute dtype: ") + engine::kDtypeChoices +
           " (default auto: the checkpoint's dtype; weights stored wider than a 16-bit compute "
           "dtype are rounded to it as they load, as Transformers holds them)"},
      {"weights", true, false,
       std::string("text decoder Linear weights (q/k/v/o, gate/up/down): ") + kWeightQuantChoices +
           " (default stored: as the checkpoint holds them; int8 per output channel, int4 in "
           "groups of 32, quantized at load from a float checkpoint; the LM head, or the "
           "embedding table tied to it, in int8 under both; the vision tower and an untied "
           "embedding table stay as stored)"},
      {"no-cache", false, false,
       "compile every program, neither reading nor filling the cache of compiled programs "
       "($VLMXLA_CACHE/pjrt and /iree, each bounded by $VLMXLA_CACHE_MAX_MB, default 8192)"},
  };
  flags.push_back({"prefix-cache-mib", true, false,
                   "device memory for the prefix cache, MiB: a prompt starting with positions "
                   "already prefilled reuses their KV (default " +
                       std::to_string(d.prefix_cache_mib) + "; 0 turns it off)"});
  flags.push_back({"image-cache-mib", true, false,
                   "host memory for the image cache, MiB: an image seen before skips the vision "
                   "tower (default " +
                       std::to_string(d.image_cache_mib) + "; 0 turns it off)"});
  flags.push_back({"prefill-chunk", true, false,
                   "positions per prefill call: a prompt always runs in chunks of this many "
                   "(a power of two, 16 to 4096), so the prefix cache reuses whole chunks and a "
                   "cached run equals an uncached one exactly (default " +
                       std::to_string(engine::EngineOptions().prefill_chunk) +
                       "; 0: a prompt in one call, and no prefix is reused)"});
  if (d.context_flag) {
    flags.push_back({"context", true, false,
                     d.context > 0 ? "context capacity in positions per sequence (default " +
                                         std::to_string(d.context) + ")"
                                   : "context capacity in positions per sequence (default: the "
                                     "model's, at most 4096)"});
  }
  if (d.max_batch_flag) {
    flags.push_back({"max-batch", true, false,
                     "sequences decoded together, i.e. KV slots (default " +
                         std::to_string(d.max_batch) + ")"});
  }
  return flags;
}

std::vector<FlagSpec> WithEngineFlags(std::vector<FlagSpec> command_flags,
                                      const EngineFlagDefaults& defaults) {
  for (FlagSpec& f : EngineFlags(defaults)) command_flags.push_back(std::move(f));
  command_flags.push_back({"help", false, false, "show this help"});
  return command_flags;
}

Result<engine::EngineOptions> EngineOptionsFromFlags(const ParsedArgs& args,
                                                     const EngineFlagDefaults& d) {
  engine::EngineOptions eo;
  if (!args.Get("model")) return InvalidArgument("--model is required");
  eo.model_dir = *args.Get("model");
  eo.backend = args.Get("backend").value_or("pjrt-cpu");
  if (Status s = runtime::CheckBackendName(eo.backend); !s.ok()) return s.WithContext("--backend");
  eo.plugin_path = args.Get("plugin").value_or("");
  if (!eo.plugin_path.empty() && !runtime::IsPjrtBackend(eo.backend)) {
    return InvalidArgument(
        "--plugin applies to the PJRT backends (pjrt-cpu, pjrt-cuda, pjrt), not '" + eo.backend +
        "'");
  }
  eo.iree_cuda_target = args.Get("iree-cuda-target").value_or(eo.iree_cuda_target);
  eo.iree_cpu_target = args.Get("iree-cpu-target").value_or(eo.iree_cpu_target);
  if (const auto p = args.Get("iree-parameters")) {
    if (*p != "on" && *p != "off") {
      return InvalidArgument("--iree-parameters must be on or off, got '" + *p + "'");
    }
    eo.iree_parameters = *p == "on";
  }
  eo.no_cache = args.Has("no-cache");
  eo.dtype = args.Get("dtype").value_or("auto");
  VLMXLA_RETURN_IF_ERROR(engine::ParseDtypeFlag(eo.dtype, "--dtype").status());
  eo.weights = args.Get("weights").value_or("stored");
  VLMXLA_RETURN_IF_ERROR(ParseWeightQuant(eo.weights, "--weights").status());
  for (const auto& [flag, fallback, bytes] :
       {std::tuple{"prefix-cache-mib", d.prefix_cache_mib, &eo.prefix_cache_bytes},
        std::tuple{"image-cache-mib", d.image_cache_mib, &eo.image_cache_bytes}}) {
    VLMXLA_ASSIGN_OR_RETURN(int64_t mib, args.GetInt(flag, fallback));
    if (mib < 0 || mib > (int64_t{1} << 30)) {
      return InvalidArgument("--" + std::string(flag) + " must be in [0, 1073741824] MiB, got " +
                             std::to_string(mib));
    }
    *bytes = static_cast<uint64_t>(mib) << 20;
  }
  VLMXLA_ASSIGN_OR_RETURN(eo.prefill_chunk, args.GetInt("prefill-chunk", eo.prefill_chunk));
  if (eo.prefill_chunk != 0 && (eo.prefill_chunk < 16 || eo.prefill_chunk > 4096 ||
                                (eo.prefill_chunk & (eo.prefill_chunk - 1)) != 0)) {
    return InvalidArgument("--prefill-chunk must be 0 or a power of two in [16, 4096], got " +
                           std::to_string(eo.prefill_chunk));
  }
  if (d.context_flag) {
    VLMXLA_ASSIGN_OR_RETURN(eo.context_capacity, args.GetInt("context", d.context));
    if (eo.context_capacity < 0 || eo.context_capacity > (int64_t{1} << 24)) {
      return InvalidArgument("--context must be in [0, 16777216], got " +
                             std::to_string(eo.context_capacity));
    }
  }
  if (d.max_batch_flag) {
    VLMXLA_ASSIGN_OR_RETURN(int64_t max_batch, args.GetInt("max-batch", d.max_batch));
    if (max_batch < 1 || max_batch > 256) {
      return InvalidArgument("--max-batch must be in [1, 256], got " + std::to_string(max_batch));
    }
    eo.max_batch = static_cast<int>(max_batch);
  } else {
    eo.max_batch = d.max_batch;
  }
  return eo;
}

}  // namespace vlmxla::cli
