// Element and tensor types of StableHLO values, and their MLIR spelling ("tensor<2x3xf32>").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vlmxla/base/dtype.h"
#include "vlmxla/base/quantize.h"

namespace vlmxla::hlo {

enum class ElementType { kF32, kBF16, kF16, kI32, kI64, kI1, kI8, kI16 };

// "f32", "bf16", "f16", "i32", "i64", "i1", "i8", "i16".
const char* ElementTypeName(ElementType type);
bool IsFloat(ElementType type);
// Bytes per element in a dense constant blob (i1 is one byte per element).
int ElementByteSize(ElementType type);
// The host dtype with the same layout (i1 <-> kBool); nullopt for dtypes StableHLO here lacks.
std::optional<ElementType> ElementTypeFromDType(DType dtype);
// The inverse: the host dtype a runner binds for an argument of this element type.
DType DTypeFromElementType(ElementType type);

// A static-shaped ranked tensor type. Rank 0 is a scalar tensor.
struct TensorType {
  ElementType element = ElementType::kF32;
  std::vector<int64_t> dims;

  int64_t rank() const { return static_cast<int64_t>(dims.size()); }
  int64_t num_elements() const;
  // "tensor<2x3xf32>", "tensor<f32>".
  std::string ToString() const;
  bool operator==(const TensorType& other) const = default;
};

// The dtypes of a program: its float weight parameters take the checkpoint's stored type (the
// device holds them as stored), its activations and KV caches the compute type. Where the two
// differ, a weight is converted inside the op that consumes it.
struct Precision {
  ElementType weights = ElementType::kF32;
  ElementType compute = ElementType::kF32;
  // Emit a one-row product of a narrow (bf16/f16) weight as a two-row one, the row repeated and
  // one result kept. For backends that multiply narrow matrices natively but have no narrow
  // matrix-vector kernel (runtime::BackendTraits::lacks_narrow_gemv): XLA's CPU compiler
  // sends a one-row dot to its f32-only GEMV emitter, so it converts the weight to f32 first,
  // into whole-program temporaries (399 MiB per decode step of the 0.5B model) or fused into an
  // element loop 4-5x slower than f32; two rows go to its bf16 GEMM and read the weight as
  // stored (bench/README.md).
  bool two_row_narrow_gemv = false;
  // Emit a product of a narrow [out, in] weight whose contraction is no longer than its output as
  // rows . weight^T (the weight's minor dimension contracted in place) instead of weight . rows^T
  // transposed back, and a one-row one with a longer contraction as two rows. A single row of the
  // short form is produced by a reduction (the same values), so XLA's CPU compiler computes it once
  // instead of fusing its producers (the RMSNorm) into the product's loop per output element. For
  // a backend that streams narrow weights only as [out, in]
  // (runtime::BackendTraits::keeps_bf16_weights_out_in, XLA's CPU backend: bench/README.md has
  // the per-shape timings and the decode profile).
  bool narrow_rows_times_weight = false;
  // The text decoder's Linear weights (q/k/v/o, gate/up/down) quantized (--weights): each is an
  // i8 argument (int8 values, or int4 values packed two per byte) plus its f32 scales, [out, in],
  // widened into the compute type where it is used (QuantizedProject, nn.h). kNone: as stored.
  WeightQuant quant = WeightQuant::kNone;
  // Use the runtime's host custom calls (base/quantize.h) instead of StableHLO loops: decode-sized
  // rows by a quantized or bf16 weight (kInt8MatvecTarget, kInt4MatvecTarget, kBf16MatvecTarget;
  // QuantizedProject, Bf16HostLinear, nn.h) and decode's attention (kDecodeAttentionTarget,
  // decode.cc); for a backend that registers them (runtime::BackendTraits::
  // has_quantized_matvec_call, XLA's CPU plugin).
  bool quantized_matvec_call = false;
  // Write rows into a bf16 / f16 KV cache as their 16-bit patterns (runtime::BackendTraits::
  // widens_narrow_updates, XLA's CPU backend): a float dynamic-update-slice there is computed in
  // float32 over the whole cache, converted both ways, every step.
  bool cache_updates_as_bits = false;
  bool operator==(const Precision& other) const = default;
};

}  // namespace vlmxla::hlo
