// MakeExecutor: an Executor from a backend name, as the CLI and the engine spell it.
#pragma once

#include <memory>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::runtime {

struct ExecutorConfig {
  std::string plugin_path;  // "pjrt": the PJRT plugin (.so); "pjrt-cpu"/"pjrt-cuda": optional
  std::string iree_cuda_target = "sm_90";  // "iree-cuda": --iree-cuda-target
  std::string iree_cache_dir;              // empty: $VLMXLA_CACHE/iree or ~/.cache/vlmxla/iree
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

// Accepts the backend names MakeExecutor knows; an error naming `backend` and every known name.
Status CheckBackendName(const std::string& backend);

// "pjrt-cpu" (the XLA CPU plugin from .venv, or plugin_path), "pjrt-cuda" (plugin_path, else
// FindCudaPlugin(): an installed jax-cuda13-pjrt / xla-cuda13-pjrt; Unavailable with reason
// pjrt_plugin_missing naming what it looked for when there is none), "pjrt" (plugin_path or
// $VLMXLA_PJRT_PLUGIN), "iree-cpu" (llvm-cpu on local-task), "iree-cuda".
// Wrapped in a FaultInjectingExecutor when a VLMXLA_TEST_PLANT_* variable asks for a fault.
Result<std::unique_ptr<Executor>> MakeExecutor(const std::string& backend,
                                               const ExecutorConfig& config = {});

}  // namespace vlmxla::runtime
