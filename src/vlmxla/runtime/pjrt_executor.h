// PjrtExecutor: the Executor on XLA's PJRT C API, with the plugin (CPU or CUDA) loaded in process.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::runtime {

// Environment variable naming the PJRT plugin shared object to load.
inline constexpr const char kPjrtPluginEnv[] = "VLMXLA_PJRT_PLUGIN";

// The CPU plugin inside a Python virtual environment at `venv_dir`
// (lib/python3.*/site-packages/xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so), if present.
Result<std::string> FindCpuPluginInVenv(const std::string& venv_dir);

// What a plugin file is, in the cache keys of the programs it compiles: the sha256 and size pip
// recorded for it at install (the RECORD of a *.dist-info directory at most 4 levels up), so the
// same wheel installed into a fresh clone's .venv, anywhere, keys the same and its programs load
// from the cache; else (no RECORD line, or a size other than it records) its path, size and
// modification time, which a rebuilt or replaced plugin changes, without hashing its 250 MB at
// every start.
std::string PluginFileIdentity(const std::string& path);

// The plugin to load when none is given: $VLMXLA_PJRT_PLUGIN if set; otherwise the CPU plugin in a
// `.venv` found in the current directory, the executable's directory, or any of their parents.
Result<std::string> DefaultPjrtPluginPath();

// A PJRT CUDA plugin from an installed `jax-cuda13-pjrt` / `xla-cuda13-pjrt` (or -cuda12) wheel:
// the first of kCudaPluginFiles under <prefix>/lib/python3.*/{site,dist}-packages for each prefix
// in order. NotFound naming every file pattern and prefix it looked in.
inline constexpr const char* kCudaPluginFiles[] = {
    "jax_plugins/xla_cuda13/xla_cuda_plugin.so",
    "jax_plugins/xla_cuda12/xla_cuda_plugin.so",
    "xla_plugins/xla_cuda13_pjrt/xla_cuda13_pjrt.so",
    "xla_plugins/xla_cuda12_pjrt/xla_cuda12_pjrt.so",
};
Result<std::string> FindCudaPluginUnder(const std::vector<std::string>& prefixes);

// The prefixes FindCudaPlugin searches: $VIRTUAL_ENV, a `.venv` in the current directory, the
// executable's directory or their parents, the prefix of every `bin` directory on $PATH (so the
// interpreter `python3` runs from), ~/.local, /usr/local, /usr; without duplicates.
std::vector<std::string> PythonPrefixesToSearch();

// The PJRT CUDA plugin for `--backend pjrt-cuda` without `--plugin`: FindCudaPluginUnder
// (PythonPrefixesToSearch()).
Result<std::string> FindCudaPlugin();

// Whether a plugin implementing PJRT C API plugin_major.plugin_minor can be used by code built
// against header_major.header_minor: the major versions must match (a different minor is fine:
// every entry point is checked against the table's size before use). The error names both.
Status CheckPjrtApiVersion(int header_major, int header_minor, int plugin_major, int plugin_minor,
                           const std::string& plugin_path);
// "major.minor" of the pjrt_c_api.h vlmxla was built against.
std::string PjrtHeaderApiVersion();

// Device memory as the plugin reports it (PJRT_Device_MemoryStats); -1 where a field is not set.
struct PjrtMemoryStats {
  int64_t bytes_in_use = 0;
  int64_t peak_bytes_in_use = -1;
  int64_t bytes_limit = -1;
};

// Where compiled executables persist between processes (artifact_cache.h's pjrt/ entries).
struct PjrtCacheOptions {
  std::string dir;         // empty: no persistent cache, every Compile compiles
  uint64_t max_bytes = 0;  // after a store, evict least recently used entries to this; 0: unbounded
};

class PjrtExecutor final : public Executor {
 public:
  // dlopens the plugin, checks its PJRT API version against the header we were built with,
  // initializes it (once per process and path) and creates a client; buffers and programs go to
  // its first addressable device. With a cache dir, Compile first looks for the program's
  // serialized executable there (PJRT_Executable_DeserializeAndLoad) and stores what it compiles
  // (PJRT_Executable_Serialize), keyed by PjrtCacheKey.
  static Result<std::unique_ptr<PjrtExecutor>> Load(const std::string& plugin_path,
                                                    const PjrtCacheOptions& cache = {});

  ~PjrtExecutor() override;

  std::string name() const override;
  std::string device_description() const override;
  // PJRT_DeviceDescription_Kind: "cpu", or the card's name on a GPU ("NVIDIA H200").
  std::string device_kind() const override;
  BackendTraits traits() const override;
  ExecutorReport Report() const override;
  // "major.minor" of the loaded plugin's PJRT C API.
  std::string plugin_api_version() const;
  // The device's memory statistics; Unimplemented when the plugin does not report them.
  Result<PjrtMemoryStats> MemoryStats() const;

  Result<std::unique_ptr<Executable>> Compile(std::string_view mlir_text,
                                              const CompileOptions& options = {}) override;
  // The cache key of `mlir_text` under `options` on this executor: a sha256 over the program
  // text, the compile options, the plugin (path, file size and time, C API version, its
  // attributes such as xla_version), XLA_FLAGS, the device (platform, kind, description) and, on
  // a CPU, the host's model and ISA flags (XLA compiles for the CPU it runs on).
  std::string CacheKey(std::string_view mlir_text, const CompileOptions& options = {}) const;
  // The directory of the persistent cache; empty when there is none.
  const std::string& cache_dir() const;
  Result<std::shared_ptr<DeviceBuffer>> Upload(const HostTensor& tensor) override;
  Result<std::shared_ptr<DeviceBuffer>> Copy(const DeviceBuffer& buffer) override;

  struct Client;  // the loaded API and client, shared by every buffer and executable

 private:
  explicit PjrtExecutor(std::shared_ptr<Client> client);
  // Compile; `internal` (the executor's own probe at load, no program of the caller's) leaves
  // the persistent cache and Report()'s compile figures as they were.
  Result<std::unique_ptr<Executable>> CompileImpl(std::string_view mlir_text,
                                                  const CompileOptions& options, bool internal);
  std::shared_ptr<Client> client_;
};

}  // namespace vlmxla::runtime
