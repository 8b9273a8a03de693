// MakeExecutor: an Executor from a backend name, as the CLI and the engine spell it.
#pragma once

#include <memory>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::runtime {

struct ExecutorConfig {
  std::string plugin_path;             // "pjrt": the PJRT plugin (.so); "pjrt-cpu": optional
  std::string iree_cuda_target = "sm_90";  // "iree-cuda": --iree-cuda-target
  std::string iree_cache_dir;          // empty: $VLMXLA_CACHE/iree or ~/.cache/vlmxla/iree
  // "iree-*": the runtime host's Python (iree-compile is taken from beside it) and the directory
  // that holds vlmxla_iree; empty: $VLMXLA_PYTHON, else the repository's .venv/bin/python and
  // python/ found upwards from the working directory or the executable's.
  std::string iree_python;
  std::string iree_python_path;
};

// Accepts the backend names MakeExecutor knows; an error naming `backend` and every known name.
Status CheckBackendName(const std::string& backend);

// "pjrt-cpu" (the XLA CPU plugin from .venv, or plugin_path), "pjrt" (plugin_path or
// $VLMXLA_PJRT_PLUGIN, e.g. a CUDA plugin), "iree-cpu" (llvm-cpu on local-task), "iree-cuda".
// Wrapped in a FaultInjectingExecutor when a VLMXLA_TEST_PLANT_* variable asks for a fault.
Result<std::unique_ptr<Executor>> MakeExecutor(const std::string& backend,
                                               const ExecutorConfig& config = {});

}  // namespace vlmxla::runtime
