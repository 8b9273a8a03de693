#include "vlmxla/runtime/executor_factory.h"

#include <cstdlib>
#include <utility>

#include "vlmxla/runtime/artifact_cache.h"
#include "vlmxla/runtime/iree_executor.h"
#include "vlmxla/runtime/pjrt_executor.h"

namespace vlmxla::runtime {

Status CheckBackendName(const std::string& backend) {
  for (const char* known : kBackendNames) {
    if (backend == known) return Status::Ok();
  }
  return InvalidArgument("unknown backend '" + backend +
                             "' (expected pjrt-cpu, pjrt-cuda, pjrt, iree-cpu or iree-cuda)",
                         "unknown_backend");
}

std::string XlaCpuFlags(std::string_view user_flags) {
  static constexpr std::string_view kFlag = "--xla_cpu_enable_concurrency_optimized_scheduler";
  std::string flags(user_flags);
  if (flags.find(kFlag) != std::string::npos) return flags;
  if (!flags.empty()) flags += ' ';
  return flags + std::string(kFlag) + "=false";
}

namespace {

// The persistent cache a PJRT executor keeps its executables in (none with --no-cache).
Result<PjrtCacheOptions> PjrtCache(const ExecutorConfig& config) {
  PjrtCacheOptions cache;
  if (config.no_cache) return cache;
  VLMXLA_ASSIGN_OR_RETURN(cache.max_bytes, ArtifactCacheMaxBytes());
  cache.dir = config.pjrt_cache_dir;
  if (cache.dir.empty()) {
    VLMXLA_ASSIGN_OR_RETURN(cache.dir, DefaultArtifactCacheDir("pjrt"));
  }
  return cache;
}

Result<std::unique_ptr<Executor>> MakeBackend(const std::string& backend,
                                              const ExecutorConfig& config) {
  if (backend == "pjrt-cuda") {
    std::string plugin = config.plugin_path;
    if (plugin.empty()) {
      VLMXLA_ASSIGN_OR_RETURN(plugin, FindCudaPlugin());
    }
    VLMXLA_ASSIGN_OR_RETURN(PjrtCacheOptions cache, PjrtCache(config));
    VLMXLA_ASSIGN_OR_RETURN(auto executor, PjrtExecutor::Load(plugin, cache));
    return std::unique_ptr<Executor>(std::move(executor));
  }
  if (backend == "pjrt-cpu" || backend == "pjrt") {
    std::string plugin = config.plugin_path;
    if (plugin.empty() && backend == "pjrt") {
      const char* env = std::getenv(kPjrtPluginEnv);
      if (env == nullptr || *env == '\0') {
        return InvalidArgument(
            "backend 'pjrt' needs a plugin path (or set " + std::string(kPjrtPluginEnv) + ")",
            "unknown_backend");
      }
      plugin = env;
    }
    if (plugin.empty()) {
      VLMXLA_ASSIGN_OR_RETURN(plugin, DefaultPjrtPluginPath());
      // Before the plugin's first compile reads XLA_FLAGS (once per process).
      const char* user = std::getenv("XLA_FLAGS");
      setenv("XLA_FLAGS", XlaCpuFlags(user == nullptr ? "" : user).c_str(), 1);
    }
    VLMXLA_ASSIGN_OR_RETURN(PjrtCacheOptions cache, PjrtCache(config));
    VLMXLA_ASSIGN_OR_RETURN(auto executor, PjrtExecutor::Load(plugin, cache));
    return std::unique_ptr<Executor>(std::move(executor));
  }
  if (backend == "iree-cpu" || backend == "iree-cuda") {
    IreeExecutorOptions options;
    options.target = backend == "iree-cpu" ? "llvm-cpu" : "cuda";
    options.cuda_target = config.iree_cuda_target;
    options.cpu_target = config.iree_cpu_target;
    options.weights_as_parameters = config.iree_parameters;
    options.cache_dir = config.iree_cache_dir;
    options.no_cache = config.no_cache;
    if (!config.no_cache) {
      VLMXLA_ASSIGN_OR_RETURN(options.max_cache_bytes, ArtifactCacheMaxBytes());
    }
    options.python = config.iree_python;
    options.python_path = config.iree_python_path;
    VLMXLA_ASSIGN_OR_RETURN(auto executor, IreeExecutor::Create(std::move(options)));
    return std::unique_ptr<Executor>(std::move(executor));
  }
  return Internal("backend '" + backend + "' passed CheckBackendName but has no executor");
}

ExecutorWrapper& InstalledWrapper() {
  static ExecutorWrapper wrapper;  // a function-local static: set from static initializers
  return wrapper;
}

}  // namespace

void SetExecutorWrapper(ExecutorWrapper wrapper) { InstalledWrapper() = std::move(wrapper); }

Result<std::unique_ptr<Executor>> MakeExecutor(const std::string& backend,
                                               const ExecutorConfig& config) {
  VLMXLA_RETURN_IF_ERROR(CheckBackendName(backend));
  VLMXLA_ASSIGN_OR_RETURN(auto executor, MakeBackend(backend, config));
  const ExecutorWrapper& wrapper = InstalledWrapper();
  if (!wrapper) return executor;
  return wrapper(std::move(executor));
}

}  // namespace vlmxla::runtime
