// Rows times a quantized [out, in] weight (base/quantize.h), reading the weight as stored:
// the host kernel behind the quantized matrix-vector custom call (pjrt_ffi_matvec.h). Each
// weight vector is widened in registers, never into memory; AVX2+FMA or AVX-512, chosen at run
// time. What it computes (docs/validation.md, "Quantized weights"):
//   int8: y[r, o] = (sum_i x[r, i] * float(q[o, i])) * scale[o]
//   int4: y[r, o] = sum_i x[r, i] * (float(q[o, i]) * scale[o, i / 32])   (W' as the oracle's)
//   bf16 (a float weight, quant kNone): y[r, o] = sum_i x[r, i] * float(w[o, i])
// with the sums in float32 (lanes summed at the end, so in another order than a loop's).
// bf16 where the CPU has AMX-BF16 (kAuto): TDPBF16PS (quantized_matvec_amx.cc) sums each output's
// products over the inputs in order, 32 inputs an instruction, in float32 as the instruction does
// (its own rounding within an instruction, not a loop's one per product: measured), with
// denormal inputs read as zero and denormal products and sums flushed to zero (measured: the
// AVX-512 loop keeps them); so another order than the AVX-512 lanes', and a result the same bits
// for a row at any row count and any split of the outputs. Rows given in float32 are split into
// three bf16 parts (hi + mid + lo, exactly x; a part below 2^-126 reads as zero) whose products
// join each step's sum; rows given in bf16 are one part.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include "vlmxla/base/quantize.h"
#include "vlmxla/runtime/cpu_isa.h"

namespace vlmxla::runtime {

// The instruction set a call runs with. kAuto: AVX-512 (F, BW) where the CPU has it, else AVX2
// with FMA, else the scalar loop; bf16 weights with AMX where CpuHasAmxBf16(). kAvx512 is the
// AVX-512 loop itself, never AMX.
enum class MatvecIsa { kAuto, kScalar, kAvx2, kAvx512 };
const char* MatvecIsaName(MatvecIsa isa);
// What kAuto resolves to on this CPU.
MatvecIsa HostMatvecIsa();
// Whether this CPU can run `isa` (kAuto and kScalar always).
bool CpuHasMatvecIsa(MatvecIsa isa);
// Whether this CPU has AMX-BF16 and AMX-TILE, with AVX-512 (F, BW), and Linux gave this process
// the tiles' state (asked once, for every thread, on the first call).
bool CpuHasAmxBf16();
// The widest path `allowed` permits (XLA's --xla_cpu_max_isa held to, as BackendTraits::cpu_isa
// says): kAuto where it is unknown or allows AVX-512 and AMX, kAvx512 where AVX-512 but not AMX.
MatvecIsa MatvecIsaWithin(const CpuIsa& allowed);

// The rows as the kernel reads them: float32, and for int4 each row's even inputs then its odd
// ones (the low and high nibbles of a byte multiply x[2j] and x[2j + 1]).
// Memory on 64-byte boundaries: a row of x that starts on one (the decoder's widths are multiples
// of 16 floats) is read a whole cache line per AVX-512 load, never split across two.
template <typename T>
struct CacheLineAllocator {
  using value_type = T;
  CacheLineAllocator() = default;
  template <typename U>
  CacheLineAllocator(const CacheLineAllocator<U>&) {}
  T* allocate(size_t n) {
    return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{64}));
  }
  void deallocate(T* p, size_t) { ::operator delete(p, std::align_val_t{64}); }
  bool operator==(const CacheLineAllocator&) const { return true; }
};

struct MatvecRows {
  std::vector<float, CacheLineAllocator<float>> values;  // [rows, in]
  int64_t rows = 0;
  int64_t in = 0;
  // quant kNone where CpuHasAmxBf16(): the rows as the B tiles the AMX loop multiplies by, for
  // each block of 16 rows, each step of 32 inputs and each of `planes` parts, 16 dwords kk by
  // pair_cols (min(rows, 16)) rows c, the pair (x[c][2kk], x[c][2kk + 1]) of the step in bf16,
  // zeros past the last row and past `in`. Rows given in bf16 are one part; float32 ones three
  // (hi + mid + lo, each exact in bf16 and their sum x).
  std::vector<uint32_t, CacheLineAllocator<uint32_t>> pairs;
  int64_t pair_cols = 0;
  int64_t planes = 0;  // 0: no pairs
};
// From `rows` x `in` float32 values, or bfloat16 ones (their bits) with `bf16`.
void PrepareMatvecRows(const void* x, bool bf16, int64_t rows, int64_t in, WeightQuant quant,
                       MatvecRows& out);

// One product's operands. q: int8 [out, in] or packed int4 [out, in / 2]; scales: [out] or
// [out, in / 32]; y: float32 [rows, out]. quant kNone: q is a bfloat16 [out, in] weight's bits
// (as uint16), scales unused.
struct QuantizedMatvec {
  WeightQuant quant = WeightQuant::kInt8;
  const MatvecRows* x = nullptr;
  const int8_t* q = nullptr;
  const float* scales = nullptr;
  int64_t out = 0;
  float* y = nullptr;
};

// Computes outputs [begin, end) of every row. The caller checks shapes (at least one row,
// int4's `in` a multiple of 32) and that `isa` runs here (CpuHasMatvecIsa).
void RunQuantizedMatvec(const QuantizedMatvec& m, int64_t begin, int64_t end,
                        MatvecIsa isa = MatvecIsa::kAuto);
// quant kNone with AMX, which kAuto takes where CpuHasAmxBf16() (the caller checks it, and that
// the rows were prepared with their pairs): for the tests.
void RunBf16MatvecAmx(const QuantizedMatvec& m, int64_t begin, int64_t end);

// W8A8: rows of activations quantized to int8 per row (base/quantize.h QuantizeActivationRow)
// times an int8 weight quantized per output channel (base/quantize.h), summed exactly in int32:
//   y[r, o] = float(sum_i q_x[r, i] * q_w[o, i]) * (scale_x[r] * scale_w[o])
// with the product of the two scales first (exact: two 8-bit scales) and one rounding each. The
// sums being integers, a result is the same bits on every instruction set, for any number of rows
// and any split of the outputs. A sum holds up to in * 127 * 127: `in` below 133000 (the models'
// widths are below 20000) keeps it within int32.
struct ActivationRows {
  std::vector<int8_t, CacheLineAllocator<int8_t>> q;  // [rows, in]
  std::vector<float> scales;                          // [rows]
  // q + 128, [rows, in]: vpdpbusd multiplies unsigned bytes by signed ones (the AVX-512 VNNI
  // loop subtracts 128 * sum_i q_w[o, i] again).
  std::vector<uint8_t, CacheLineAllocator<uint8_t>> u;
  // W4A8's (QuantizeActivationRows with group_sums): -8 times the sum of q_x over each group of
  // 32 inputs, [rows, in / 32] (the W4A8 loops multiply q + 8, the weight's nibble, by q_x).
  std::vector<int32_t> group_sums;
  int64_t rows = 0;
  int64_t in = 0;
};
// From `rows` x `in` float32 values, or bfloat16 ones (their bits) with `bf16`; the same bits as
// QuantizeActivationRow on every `isa` (vectorized with AVX2 or AVX-512 where it runs).
// With `group_sums` (W4A8; `in` a multiple of 32) it fills ActivationRows::group_sums too.
void QuantizeActivationRows(const void* x, bool bf16, int64_t rows, int64_t in, ActivationRows& out,
                            MatvecIsa isa = MatvecIsa::kAuto, bool group_sums = false);

// One W8A8 product's operands: q int8 [out, in] and scales [out] (an int8 QuantizedWeight); y
// float32 [rows, out].
struct W8A8Matmul {
  const ActivationRows* x = nullptr;
  const int8_t* q = nullptr;
  const float* scales = nullptr;
  int64_t out = 0;
  float* y = nullptr;
};

// Outputs [begin, end) of every row (at least one). kAvx512 and kAuto run the AVX-512 VNNI loop
// where the CPU has VNNI, else the AVX2 one; the caller checks that `isa` runs here
// (CpuHasMatvecIsa).
void RunW8A8Matmul(const W8A8Matmul& m, int64_t begin, int64_t end,
                   MatvecIsa isa = MatvecIsa::kAuto);

// One W4A8 product's operands (base/quantize.h's definition): x quantized with its group sums,
// q the weight's blocks i8 [ceil(out / 16), in / 32, 256] and scales their bf16 bits
// [ceil(out / 16), in / 32, 16] (PackW4A8Weight); y float32 [rows, out].
struct W4A8Matmul {
  const ActivationRows* x = nullptr;
  const int8_t* q = nullptr;
  const uint16_t* scales = nullptr;
  int64_t out = 0;
  float* y = nullptr;
};

// Outputs [begin, end) of every row (at least one); begin a multiple of 16 (kW4A8BlockOutputs),
// end a multiple of 16 or `out`. The same bits on every `isa` (kAvx512 / kAuto: AVX-512 VNNI
// where the CPU has it, else AVX2; kScalar the definition's loop); the caller checks that `isa`
// runs here (CpuHasMatvecIsa).
void RunW4A8Matmul(const W4A8Matmul& m, int64_t begin, int64_t end,
                   MatvecIsa isa = MatvecIsa::kAuto);

}  // namespace vlmxla::runtime
