// IreeHostClient: the C++ end of the IREE runtime host (python/vlmxla_iree/host.py): starts the
// process, speaks its binary protocol over a socketpair and moves tensor bytes through a shared
// memory region. Thread-safe: one request at a time.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/dtype.h"
#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"

namespace vlmxla::runtime {

struct IreeHostOptions {
  std::string python;       // interpreter that has iree.runtime (the repo's .venv/bin/python)
  std::string python_path;  // prepended to PYTHONPATH (the repo's python/); empty: none
  std::string driver = "local-task";  // IREE HAL driver: local-task, cuda, ...
  std::string device_uri;             // empty: the driver's default device
  double startup_timeout_s = 120;     // process start + `import iree.runtime` + device creation
  double call_timeout_s = 1800;       // longest single request (a big prefill on a slow CPU)
};

class IreeHostClient {
 public:
  struct ResultBuffer {
    uint64_t id = 0;
    DType dtype = DType::kF32;
    Shape shape;
  };

  // Starts the host and waits for its HELLO answer. Unavailable when it cannot start.
  static Result<std::shared_ptr<IreeHostClient>> Start(const IreeHostOptions& options);
  // Asks the host to shut down, then reaps it (killing it if it lingers).
  ~IreeHostClient();
  IreeHostClient(const IreeHostClient&) = delete;
  IreeHostClient& operator=(const IreeHostClient&) = delete;

  pid_t pid() const { return pid_; }
  // The HELLO answer from start-up (JSON: driver, device, memory statistics).
  const std::string& startup_info() const { return startup_info_; }
  // A fresh HELLO answer (memory statistics, live buffers now).
  Result<std::string> Info();

  Result<uint64_t> LoadModule(const std::string& vmfb_path);
  void UnloadModule(uint64_t module);
  // Maps `files` (safetensors or irpa) as the parameter archive of `scope`: modules loaded
  // afterwards read their `#flow.parameter.named<"scope"::key>` globals from it. The host maps
  // the files (no copy crosses the socket); a file already loaded into the scope is skipped.
  // Returns the number of entries the scope holds.
  Result<uint32_t> LoadParameters(const std::string& scope, const std::vector<std::string>& files);
  Result<uint64_t> Upload(DType dtype, const Shape& shape, const void* data, size_t nbytes);
  // Runs @main of `module`; donated ids are released by the host after the call.
  Result<std::vector<ResultBuffer>> Execute(uint64_t module, std::span<const uint64_t> args,
                                            std::span<const bool> donate);
  Status Download(uint64_t buffer, void* dst, size_t nbytes);
  // A new buffer holding a copy of `buffer`, made on the device (the bytes stay there).
  Result<uint64_t> Copy(uint64_t buffer);
  // Releases a buffer (batched into the next request when another one is in flight).
  void Free(uint64_t buffer);

 private:
  IreeHostClient() = default;

  // One request/answer exchange (or a one-way frame when !want_answer); mu_ must be held.
  Result<std::string> CallLocked(uint16_t opcode, std::string_view payload, int send_fd,
                                 bool want_answer, double timeout_s);
  Status SendLocked(uint16_t opcode, uint64_t request_id, std::string_view payload, int send_fd);
  Status ReadExactLocked(void* dst, size_t n, double timeout_s, const char* what);
  Status FlushFreesLocked();
  Status EnsureRegionLocked(size_t nbytes);
  void ReleaseLargeRegionLocked();
  // Marks the host unusable and returns the Unavailable status that every later call repeats.
  Status BrokenLocked(const std::string& why);

  std::mutex mu_;
  int sock_ = -1;
  int stderr_fd_ = -1;
  pid_t pid_ = -1;
  bool reaped_ = false;
  IreeHostOptions options_;
  std::string startup_info_;
  uint64_t next_request_ = 1;
  Status broken_;  // OK while the host is usable

  // The shared-memory staging region (memfd mapped here and in the host).
  void* region_ = nullptr;
  size_t region_size_ = 0;
  uint32_t region_id_ = 0;

  std::mutex free_mu_;
  std::vector<uint64_t> pending_frees_;
};

}  // namespace vlmxla::runtime
