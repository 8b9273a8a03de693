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
#include "vlmxla/runtime/cpu_isa.h"

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
  // Hints about the program, which a backend may use to compile it differently or ignore:
  // every weight product takes many rows (a vision encode; not a decode step, nor a prefill,
  // whose LM head takes one), so repacking each weight on every call pays for itself ...
  bool many_rows = false;
  // ... and they compute in bf16/f16.
  bool narrow_products = false;
  // ... and read their weights as parameter globals (BackendTraits::weights_as_parameters).
  bool weights_as_parameters = false;
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

// What a backend prefers and can do, as a value the layers above act on (never a backend name).
struct BackendTraits {
  // The decoder's Linear weights, LM head and a tied embedding table taken as [in, out],
  // transposed once at upload, rather than the checkpoint's [out, in]
  // (hlo::ProgramCommonOptions::weights_in_out): XLA's CPU backend runs a few-row x . W^T through a
  // strided operand packing; IREE's llvm-cpu prefers [out, in]. This is the layout for float32
  // products (and for f16 ones on a backend that lacks a narrow GEMV); bf16 products may differ:
  bool prefers_in_out_weights = false;
  // ... bf16 products keep the checkpoint's [out, in] even so: XLA's CPU backend multiplies bf16
  // rows by a bf16 weight that contracts its minor dimension at memory speed, and widens an
  // [in, out] one (the 152000 x 896 LM head, one row: 8.7 ms against 58.4 ms [in, out] and
  // 15.7 ms for the best f32; `vlmxla-testtool time-products`, bench/README.md).
  bool keeps_bf16_weights_out_in = false;
  // Narrow (bf16/f16) products take [in, out] weights even where float32 ones prefer [out, in]:
  // IREE's llvm-cpu then vectorizes a narrow matrix-vector product along the output, widening the
  // weight in registers, instead of reducing each [out, in] row across lanes (decode at batch 1 on
  // the 0.5B bench model, AMD EPYC: bf16 17-18 tok/s [in, out] against 9.5-9.8 [out, in], f16
  // 16-17 against 9.4-9.8, while f32 runs 13-14 [out, in] against ~10 [in, out]; bench/README.md).
  // Set for both IREE targets, whose programs are the same text (the CUDA artifacts precompiled
  // on a CPU machine are the ones iree-cuda asks for); not measured on CUDA.
  bool prefers_in_out_narrow_weights = false;
  // Whether compiled programs are kept in an artifact cache across processes.
  bool has_artifact_cache = false;
  // Programs read their weights as parameter globals (hlo::WeightsAsParameters) from checkpoint
  // files the executor maps (Executor::LoadParameters), instead of taking them as arguments: the
  // compiler packs each weight once, in the module's initializer, and data-tiles every product
  // (IREE on llvm-cpu with --iree-parameters on).
  bool weights_as_parameters = false;
  // The backend multiplies bf16 matrices natively but has no bf16/f16 matrix-vector kernel for
  // [in, out] weights, so a one-row product would widen its whole weight to f32 first (XLA's CPU
  // backend). Programs emit such products as two rows (hlo::Precision::two_row_narrow_gemv) when
  // their weights are [in, out].
  bool lacks_narrow_gemv = false;
  // The backend widens f16 matmul operands to f32 in memory instead of computing on them, so f16
  // compute is slower than float32 and holds more memory (XLA's CPU backend: decode at batch 1 at
  // 0.14x float32, peak RSS 1.04x, bench/README.md). `--dtype auto` then computes an f16
  // checkpoint in float32, its weights widened once while they upload.
  bool widens_f16_matmuls = false;
  // The host custom calls that multiply a few rows by a quantized (or bf16) weight as stored
  // (base/quantize.h's kInt8MatvecTarget, kInt4MatvecTarget, kBf16MatvecTarget) and compute a
  // decode step's attention (kDecodeAttentionTarget) are registered: XLA's CPU plugin, through
  // its FFI extension (pjrt_ffi_matvec.h). Decode-sized quantized products call them
  // (hlo::Precision::quantized_matvec_call) instead of XLA's own loops, which unpack int4 slowly
  // and do not reach memory bandwidth (bench/README.md, "Quantized weights").
  bool has_quantized_matvec_call = false;
  // The compiler computes a bf16 / f16 dynamic-update-slice in float32 (XLA CPU's float
  // normalization): writing one row into a cache converts the whole buffer to f32 and back, so
  // a decode step's cost grew with the context capacity. Programs then update narrow caches
  // through their bits (hlo::Precision::cache_updates_as_bits).
  bool widens_narrow_updates = false;
  // The compiler keeps every instruction's source location as metadata in its executables (XLA),
  // so programs are emitted without locations (hlo::ProgramCommonOptions::source_locations).
  bool keeps_op_metadata = false;
  // The instruction set a CPU backend compiles for (the host's, or lower where XLA_FLAGS or
  // --iree-cpu-target hold it there); unknown on a GPU. `--dtype auto` reads it.
  CpuIsa cpu_isa;
};

// What an executor reports about its device memory and compilations, for measurements. Fields
// that a backend does not report stay at -1 / empty, with `detail` saying why.
struct ExecutorReport {
  struct Memory {
    bool reported = false;
    std::string source;  // "PJRT_Device_MemoryStats", "IREE runtime host"
    std::string detail;  // why it is not reported, or what the figures cover
    int64_t bytes_in_use = -1;
    int64_t peak_bytes_in_use = -1;
    int64_t bytes_limit = -1;
    int64_t live_buffer_bytes = -1;  // bytes in live device buffers
    std::string allocator_json;      // the backend's own allocator statistics (JSON), if any
    std::string host_process_json;   // the process holding the buffers (JSON), if separate
  } memory;
  struct Compiles {
    std::string cache;  // where compiled programs are cached, or why they are not
    int cold = 0;       // programs a compiler produced
    int cached = 0;     // programs the artifact cache answered
    double cold_seconds = 0;
    double cached_seconds = 0;
  } compiles;
  // The process that holds the device buffers when it is not this one (IREE's runtime host), or
  // -1: its memory counts with the engine's.
  int64_t device_process_pid = -1;
};

class Executor {
 public:
  virtual ~Executor() = default;
  virtual BackendTraits traits() const = 0;
  // Memory and compile figures now (may ask the device; never fails, reports what it cannot).
  virtual ExecutorReport Report() const = 0;

  // Short backend name, e.g. "pjrt:cpu".
  virtual std::string name() const = 0;
  // Human-readable description of the device programs run on.
  virtual std::string device_description() const = 0;
  // What kind of device, as baselines are keyed: "cpu", or a GPU's name ("NVIDIA H200"); empty
  // where the backend cannot tell.
  virtual std::string device_kind() const { return ""; }

  // Compiles StableHLO MLIR text (a module with a public `main`).
  virtual Result<std::unique_ptr<Executable>> Compile(std::string_view mlir_text,
                                                      const CompileOptions& options = {}) = 0;
  // Maps `files` (safetensors) as the parameters of `scope`, which programs compiled afterwards
  // read their weight globals from (BackendTraits::weights_as_parameters). Unimplemented on a
  // backend without parameters.
  virtual Status LoadParameters(const std::string& scope, const std::vector<std::string>& files) {
    (void)files;
    return Unimplemented(name() + " takes weights as arguments; it has no parameter scope '" +
                         scope + "'");
  }
  // Copies a host tensor to the device (the host tensor may be freed as soon as this returns).
  virtual Result<std::shared_ptr<DeviceBuffer>> Upload(const HostTensor& tensor) = 0;
  // A new device buffer with `buffer`'s contents, copied on the device (nothing crosses to the
  // host); the two are independent afterwards (either may be donated). `buffer` must be one of
  // this executor's and not donated.
  virtual Result<std::shared_ptr<DeviceBuffer>> Copy(const DeviceBuffer& buffer) = 0;
};

}  // namespace vlmxla::runtime
