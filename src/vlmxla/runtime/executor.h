// Executor: the backend-neutral device interface (compile StableHLO, device buffers, execute with
// donation). PJRT and IREE implement it; models and the engine only see this header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/base/dtype.h"
#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"

namespace vlmxla::runtime {

// A dense, row-major tensor resident on the executor's device. Shared ownership: the engine may
// hold weights in several places; the device memory is freed when the last owner lets go.
class DeviceBuffer {
 public:
  virtual ~DeviceBuffer() = default;

  virtual DType dtype() const = 0;
  virtual const Shape& shape() const = 0;
  // Logical size (elements * element size), not the device allocation size.
  size_t byte_size() const {
    return static_cast<size_t>(NumElements(shape())) * DTypeSize(dtype());
  }
  // True once the buffer was donated to an execution (its memory now belongs to an output).
  virtual bool is_deleted() const = 0;
  // Copies the contents back to an owned host tensor (waits for pending computations).
  virtual Result<HostTensor> ToHost() const = 0;
  // The buffer's device address as the backend reports it, for checking that a donated input and
  // its aliased output share memory (an in-place update); 0 = unknown or not reported.
  virtual uintptr_t opaque_device_pointer() const { return 0; }
};

struct CompileOptions {
  int num_replicas = 1;
  int num_partitions = 1;
};

// A compiled program, loaded on the device.
class Executable {
 public:
  virtual ~Executable() = default;

  virtual size_t num_outputs() const = 0;
  // Runs the program on `args` and waits for it to finish. `donate` (empty, or one flag per
  // argument) marks inputs the program may consume: a donated buffer must not be used afterwards
  // (is_deleted() reports whether the backend actually took it). Donation only takes effect for
  // parameters the module declares as aliasable (`tf.aliasing_output` / `jax.buffer_donor`).
  virtual Result<std::vector<std::shared_ptr<DeviceBuffer>>> Execute(
      std::span<DeviceBuffer* const> args, std::span<const bool> donate = {}) = 0;
};

class Executor {
 public:
  virtual ~Executor() = default;

  // Short backend name, e.g. "pjrt:cpu".
  virtual std::string name() const = 0;
  // Human-readable description of the device programs run on.
  virtual std::string device_description() const = 0;

  // Compiles StableHLO MLIR text (a module with a public `main`).
  virtual Result<std::unique_ptr<Executable>> Compile(std::string_view mlir_text,
                                                      const CompileOptions& options = {}) = 0;
  // Copies a host tensor to the device (the host tensor may be freed as soon as this returns).
  virtual Result<std::shared_ptr<DeviceBuffer>> Upload(const HostTensor& tensor) = 0;
};

}  // namespace vlmxla::runtime
