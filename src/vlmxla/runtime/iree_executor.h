// IreeExecutor: the Executor on IREE. iree-compile turns StableHLO into a .vmfb (cached by
// content hash); a long-lived runtime host process (python/vlmxla_iree/host.py on iree.runtime)
// holds modules and device buffers and runs them, because IREE's pip wheels ship no runtime C API.
#pragma once

#include <sys/types.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"
#include "vlmxla/runtime/iree_artifact_cache.h"

namespace vlmxla::runtime {

class IreeHostClient;

// Environment variables that override the defaults below.
inline constexpr const char kIreeCompileEnv[] = "VLMXLA_IREE_COMPILE";
inline constexpr const char kIreePythonEnv[] = "VLMXLA_PYTHON";
inline constexpr const char kIreeAlsoCompileCudaEnv[] = "VLMXLA_IREE_ALSO_COMPILE_CUDA";
inline constexpr const char kIreeParametersEnv[] = "VLMXLA_IREE_PARAMETERS";

struct IreeExecutorOptions {
  std::string target = "llvm-cpu";    // "llvm-cpu" (host CPU) or "cuda"
  std::string cuda_target = "sm_90";  // --iree-cuda-target for target "cuda"
  std::string cpu_target = "host";    // --iree-llvmcpu-target-cpu for target "llvm-cpu"
  // IREE HAL driver of the runtime host; empty: "local-task" for llvm-cpu, "cuda" for cuda.
  std::string driver;
  std::string device_uri;  // empty: the driver's default device
  // Empty: $VLMXLA_IREE_COMPILE, else iree-compile next to the Python interpreter.
  std::string compiler;
  // Empty: $VLMXLA_PYTHON, else .venv/bin/python of the repository (found like the PJRT plugin:
  // from the current directory or the executable's directory upwards).
  std::string python;
  // Directory prepended to the host's PYTHONPATH; empty: <repository>/python when found.
  std::string python_path;
  // Empty: $VLMXLA_CACHE/iree, else ~/.cache/vlmxla/iree (DefaultArtifactCacheDir).
  std::string cache_dir;
  // After each compile, least recently used artifacts are evicted down to this size; 0: unbounded.
  uint64_t max_cache_bytes = 0;
  // --no-cache: compile into a private temporary directory (instead of cache_dir), removed with
  // the executor; nothing is read from or left in the persistent cache.
  bool no_cache = false;
  std::vector<std::string> extra_compile_flags;
  // Non-empty (a CUDA arch such as sm_90): every module is also compiled for target cuda at that
  // arch into the same cache (stored, never loaded), so that a machine without a GPU fills the
  // cache a GPU machine will read (scripts/xla/gpu_bundle.sh --precompile-cuda). IREE's two
  // targets run the same program text, so these are the artifacts iree-cuda will ask for.
  // Empty: $VLMXLA_IREE_ALSO_COMPILE_CUDA.
  std::string also_compile_cuda_target;
  // Target llvm-cpu: programs read their weights as parameter globals from the checkpoint's
  // files, packed once by each module's initializer, and compile with data tiling and IREE's
  // microkernels (BackendTraits::weights_as_parameters). nullopt: $VLMXLA_IREE_PARAMETERS
  // ("on"/"1" or "off"/"0"), else off.
  std::optional<bool> weights_as_parameters;
  double startup_timeout_s = 120;
  double call_timeout_s = 1800;
  double compile_timeout_s = 3600;
};

// Counts and wall time of Compile calls, split by whether iree-compile ran.
struct IreeCompileStats {
  int cold = 0;
  int cached = 0;
  double cold_seconds = 0;    // iree-compile runs (plus loading into the host)
  double cached_seconds = 0;  // cache hits (hash + load)
  bool last_was_cached = false;
  std::string last_artifact;  // path of the last .vmfb
};

// What IreeCompiler::Compile produced.
struct IreeCompileOutcome {
  IreeArtifact artifact;
  // True: the module carried an explicit CUDA target because IREE's table lacks the arch
  // (iree_cuda_target.h); `flags` then hold no cuda target flags.
  bool explicit_cuda_target = false;
  std::vector<std::string> flags;  // the iree-compile flags of the artifact
};

// The compile half of IreeExecutor, usable alone: it needs iree-compile but no runtime host and
// no device, so a machine without the target GPU can build the .vmfb files.
class IreeCompiler {
 public:
  // Resolves iree-compile and the cache directory as IreeExecutor::Create does and runs
  // `iree-compile --version` (part of every cache key). Without an iree-compile it takes the
  // version the cache's manifest records for this target, and then only serves cached
  // artifacts (a miss is Unavailable, reason iree_compiler_missing, naming the compiler path
  // and the recorded version); with neither it fails as before.
  static Result<IreeCompiler> Create(IreeExecutorOptions options);

  // The cached or freshly compiled artifact of `mlir_text`. For target "cuda" the plain flags
  // are used unless iree-compile reports "missing GPU target" for the arch (found once per
  // process by compiling a one-op module), then the explicit target of iree_cuda_target.h.
  // `extra_flags` follow the plain ones (and are part of the cache key like them).
  Result<IreeCompileOutcome> Compile(std::string_view mlir_text,
                                     const std::vector<std::string>& extra_flags = {}) const;

  const IreeExecutorOptions& options() const { return options_; }
  // The plain iree-compile flags for this target (before the input file).
  const std::vector<std::string>& flags() const { return flags_; }
  const std::string& compiler_version() const { return compiler_version_; }

 private:
  IreeCompiler() = default;
  // Whether this compiler needs the explicit target for options_.cuda_target.
  Result<bool> NeedsExplicitCudaTarget() const;

  IreeExecutorOptions options_;
  std::vector<std::string> flags_;
  std::string compiler_version_;
  // Non-empty: no iree-compile here (why), compiler_version_ came from the cache's manifest.
  std::string compiler_missing_;
};

class IreeExecutor final : public Executor {
 public:
  // Resolves tools and paths, checks iree-compile, starts the runtime host and opens its device.
  static Result<std::unique_ptr<IreeExecutor>> Create(IreeExecutorOptions options);
  ~IreeExecutor() override;

  std::string name() const override;  // "iree:llvm-cpu", "iree:cuda"
  std::string device_description() const override;
  // "cpu" for llvm-cpu; on cuda the name the driver gives its first device ("NVIDIA H200").
  std::string device_kind() const override;
  BackendTraits traits() const override;
  ExecutorReport Report() const override;

  Result<std::unique_ptr<Executable>> Compile(std::string_view mlir_text,
                                              const CompileOptions& options = {}) override;
  Result<std::shared_ptr<DeviceBuffer>> Upload(const HostTensor& tensor) override;
  Status LoadParameters(const std::string& scope, const std::vector<std::string>& files) override;
  Result<std::shared_ptr<DeviceBuffer>> Copy(const DeviceBuffer& buffer) override;

  // The plain iree-compile flags for this target (before the input file).
  const std::vector<std::string>& compile_flags() const { return compiler_->flags(); }
  const IreeExecutorOptions& options() const { return options_; }
  IreeCompileStats compile_stats() const;
  bool last_compile_was_cached() const { return compile_stats().last_was_cached; }
  // Process id of the runtime host.
  pid_t host_pid() const;
  // The host's device report now (JSON: driver, device, allocator statistics, live buffers).
  Result<std::string> DeviceInfoJson() const;

 private:
  IreeExecutor() = default;

  IreeExecutorOptions options_;
  bool parameters_ = false;  // options_.weights_as_parameters resolved (llvm-cpu only)
  std::optional<IreeCompiler> compiler_;
  std::optional<IreeCompiler> also_cuda_;  // options_.also_compile_cuda_target
  std::shared_ptr<IreeHostClient> host_;
  std::string private_cache_dir_;  // no_cache: the temporary artifact folder, removed at the end
  mutable std::mutex stats_mu_;
  IreeCompileStats stats_;
};

// The iree-compile flags that select `target` ("llvm-cpu" with `cpu_target`, an LLVM CPU name
// such as host or x86-64-v3; or "cuda" with `cuda_target`).
Result<std::vector<std::string>> IreeTargetFlags(const std::string& target,
                                                 const std::string& cuda_target,
                                                 const std::string& cpu_target = "host");

}  // namespace vlmxla::runtime
