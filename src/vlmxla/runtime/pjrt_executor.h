// PjrtExecutor: the Executor on XLA's PJRT C API, with the plugin (CPU or CUDA) loaded in process.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::runtime {

// Environment variable naming the PJRT plugin shared object to load.
inline constexpr const char kPjrtPluginEnv[] = "VLMXLA_PJRT_PLUGIN";

// The CPU plugin inside a Python virtual environment at `venv_dir`
// (lib/python3.*/site-packages/xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so), if present.
Result<std::string> FindCpuPluginInVenv(const std::string& venv_dir);

// The plugin to load when none is given: $VLMXLA_PJRT_PLUGIN if set; otherwise the CPU plugin in a
// `.venv` found in the current directory, the executable's directory, or any of their parents.
Result<std::string> DefaultPjrtPluginPath();

// Device memory as the plugin reports it (PJRT_Device_MemoryStats); -1 where a field is not set.
struct PjrtMemoryStats {
  int64_t bytes_in_use = 0;
  int64_t peak_bytes_in_use = -1;
  int64_t bytes_limit = -1;
};

class PjrtExecutor final : public Executor {
 public:
  // dlopens the plugin, checks its PJRT API version against the header we were built with,
  // initializes it (once per process and path) and creates a client; buffers and programs go to
  // its first addressable device.
  static Result<std::unique_ptr<PjrtExecutor>> Load(const std::string& plugin_path);

  ~PjrtExecutor() override;

  std::string name() const override;
  std::string device_description() const override;
  BackendTraits traits() const override;
  ExecutorReport Report() const override;
  // "major.minor" of the loaded plugin's PJRT C API.
  std::string plugin_api_version() const;
  // The device's memory statistics; Unimplemented when the plugin does not report them.
  Result<PjrtMemoryStats> MemoryStats() const;

  Result<std::unique_ptr<Executable>> Compile(std::string_view mlir_text,
                                              const CompileOptions& options = {}) override;
  Result<std::shared_ptr<DeviceBuffer>> Upload(const HostTensor& tensor) override;

  struct Client;  // the loaded API and client, shared by every buffer and executable

 private:
  explicit PjrtExecutor(std::shared_ptr<Client> client);
  std::shared_ptr<Client> client_;
};

}  // namespace vlmxla::runtime
