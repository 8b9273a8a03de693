// MakeExecutor: an Executor from a backend name, as the CLI and the engine spell it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::runtime {

struct ExecutorConfig {
  std::string plugin_path;  // "pjrt": the PJRT plugin (.so); "pjrt-cpu"/"pjrt-cuda": optional
  std::string iree_cuda_target = "sm_90";  // "iree-cuda": --iree-cuda-target
  std::string iree_cpu_target = "host";    // "iree-cpu": --iree-cpu-target (an LLVM CPU name)
  // "iree-cpu": --iree-parameters (weights as parameter globals, IreeExecutorOptions); nullopt:
  // $VLMXLA_IREE_PARAMETERS, else off.
  std::optional<bool> iree_parameters;
  std::string iree_cache_dir;  // empty: $VLMXLA_CACHE/iree or ~/.cache/vlmxla/iree
  std::string pjrt_cache_dir;  // empty: $VLMXLA_CACHE/pjrt or ~/.cache/vlmxla/pjrt
  // --no-cache: PJRT compiles every program (nothing read or stored); IREE compiles into a
  // private temporary directory. Otherwise each cache folder is bounded by
  // ArtifactCacheMaxBytes() ($VLMXLA_CACHE_MAX_MB).
  bool no_cache = false;
  // "iree-*": the runtime host's Python (iree-compile is taken from beside it) and the directory
  // that holds vlmxla_iree; empty: $VLMXLA_PYTHON, else the repository's .venv/bin/python and
  // python/ found upwards from the working directory or the executable's.
  std::string iree_python;
  std::string iree_python_path;
};

// Every backend name MakeExecutor knows, as every surface (run, serve, batch, bench, validate,
// the gates) spells it.
inline constexpr const char* kBackendNames[] = {"pjrt-cpu", "pjrt-cuda", "pjrt", "iree-cpu",
                                                "iree-cuda"};

// Whether `backend` loads a PJRT plugin (and so takes --plugin).
inline bool IsPjrtBackend(const std::string& backend) { return backend.rfind("pjrt", 0) == 0; }

// XLA_FLAGS for the pinned XLA CPU plugin (pjrt-cpu without --plugin): `user_flags` (the
// environment's XLA_FLAGS) plus --xla_cpu_enable_concurrency_optimized_scheduler=false unless
// `user_flags` already names that flag. XLA's default CPU schedule orders instructions for
// concurrency and keeps every query block of a blocked attention (hlo::BlockedAttention) live at
// once; the memory-minimizing schedule runs them one after another (Qwen2-VL-2B's vision program
// at 4872 patches: a 280 MiB temporary instead of 3.66 GiB, bench/README.md). Only the pinned
// plugin gets it: XLA aborts the process on a flag it does not know.
std::string XlaCpuFlags(std::string_view user_flags);

// Accepts the backend names MakeExecutor knows; an error naming `backend` and every known name.
Status CheckBackendName(const std::string& backend);

// "pjrt-cpu" (the XLA CPU plugin from .venv, or plugin_path), "pjrt-cuda" (plugin_path, else
// FindCudaPlugin(): an installed jax-cuda13-pjrt / xla-cuda13-pjrt; Unavailable with reason
// pjrt_plugin_missing naming what it looked for when there is none), "pjrt" (plugin_path or
// $VLMXLA_PJRT_PLUGIN), "iree-cpu" (llvm-cpu on local-task), "iree-cuda".
// Passed through the installed ExecutorWrapper, if any.
Result<std::unique_ptr<Executor>> MakeExecutor(const std::string& backend,
                                               const ExecutorConfig& config = {});

// Test tooling's seam: a function every executor MakeExecutor makes passes through, which may
// wrap it (vlmxla-testtool plants the gate's faults this way: tests/tools/plant_faults.cc). The
// product installs none. Set it before any executor is made (from a static initializer).
using ExecutorWrapper =
    std::function<Result<std::unique_ptr<Executor>>(std::unique_ptr<Executor> executor)>;
void SetExecutorWrapper(ExecutorWrapper wrapper);

}  // namespace vlmxla::runtime
