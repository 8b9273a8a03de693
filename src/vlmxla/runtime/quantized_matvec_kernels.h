// The quantized matrix-vector loops per instruction set (quantized_matvec.cc dispatches). Each
// quantized_matvec_ISA.cc is compiled with that ISA's flags, so this header and they use no
// standard-library templates: an inline function compiled for AVX-512 there could otherwise be
// the copy the linker keeps for every caller.
#pragma once

#include <cstdint>

namespace vlmxla::runtime::matvec_kernels {

struct Args {
  bool int4 = false;
  bool bf16 = false;  // q holds a bfloat16 [out, in] weight (its bits), and scales are unused
  const float* x = nullptr;  // [rows, in] (int4: per row, even inputs then odd ones)
  int64_t rows = 0;
  int64_t in = 0;
  const int8_t* q = nullptr;
  const float* scales = nullptr;
  int64_t out = 0;
  float* y = nullptr;  // [rows, out]
  // bf16 with AMX: x as the B tiles of TDPBF16PS (quantized_matvec.h's MatvecRows::pairs), each
  // of 16 dwords x pair_cols, in `planes` parts.
  const uint32_t* pairs = nullptr;
  int64_t pair_cols = 0;
  int64_t planes = 0;
};

// Outputs [begin, end) of every row.
void Avx2(const Args& a, int64_t begin, int64_t end);
void Avx512(const Args& a, int64_t begin, int64_t end);
// bf16 only, from Args::pairs (quantized_matvec_amx.cc).
void Bf16Amx(const Args& a, int64_t begin, int64_t end);

// W8A8 (quantized_matvec.h's RunW8A8Matmul): rows of int8 activations, each with its scale,
// times an int8 weight, summed in int32 (quantized_matvec_w8a8_loops.inc).
struct W8A8Args {
  const int8_t* xq = nullptr;      // [rows, in]: q_x
  const uint8_t* xu = nullptr;     // [rows, in]: q_x + 128 (the VNNI loop's)
  const float* xscales = nullptr;  // [rows]
  int64_t rows = 0;
  int64_t in = 0;
  const int8_t* q = nullptr;  // [out, in]
  const float* scales = nullptr;
  int64_t out = 0;
  float* y = nullptr;  // [rows, out]
};

// Outputs [begin, end) of every row: AVX2 (the sign trick, no VNNI) or AVX-512 VNNI.
void W8A8Avx2(const W8A8Args& a, int64_t begin, int64_t end);
void W8A8Vnni(const W8A8Args& a, int64_t begin, int64_t end);

// W4A8 (quantized_matvec.h's RunW4A8Matmul): rows of int8 activations with their groups' sums,
// times int4 weights in PackW4A8Weight's blocks (base/quantize.h), each group's int32 sum times its
// scale added in float32 in group order (quantized_matvec_w4a8_loops.inc).
struct W4A8Args {
  const int8_t* xq = nullptr;           // [rows, in]: q_x
  const int32_t* group_sums = nullptr;  // [rows, in / 32]: -8 times each group's sum of q_x
  const float* xscales = nullptr;       // [rows]
  int64_t rows = 0;
  int64_t in = 0;                    // a multiple of 32
  const uint8_t* q = nullptr;        // [ceil(out / 16), in / 32, 256]: the blocks' nibbles
  const uint16_t* scales = nullptr;  // [ceil(out / 16), in / 32, 16]: bf16 bits
  int64_t out = 0;
  float* y = nullptr;  // [rows, out]
};

// Outputs [begin, end) of every row (begin a multiple of 16, end one or `out`): AVX2 (vpmaddubsw,
// no VNNI) or AVX-512 VNNI (vpdpbusd); the same bits as the definition.
void W4A8Avx2(const W4A8Args& a, int64_t begin, int64_t end);
void W4A8Vnni(const W4A8Args& a, int64_t begin, int64_t end);

// QuantizeActivationRow in two steps (the scale between them is base/quantize.h's, which these
// files may not include): the largest |x[i]| and whether all are finite, then for a finite row
// with a scale > 0, q[i] = clamp(round half to even(x[i] / scale), -127, 127) and u[i] = q[i] +
// 128, the same bits as the scalar definition.
float MaxAbsAvx2(const float* x, int64_t in, bool* finite);
float MaxAbsAvx512(const float* x, int64_t in, bool* finite);
void QuantizeRowAvx2(const float* x, int64_t in, float scale, int8_t* q, uint8_t* u);
void QuantizeRowAvx512(const float* x, int64_t in, float scale, int8_t* q, uint8_t* u);

// The largest head_dim the attention loops take (base/quantize.h's kMaxDecodeAttentionHeadDim,
// which this header may not include).
constexpr int64_t kMaxHeadDim = 512;

// One decode step's attention for one slot (decode_attention.h): each kv head's `rep` query rows
// against the cache's first n rows (decode_attention_loops.inc).
struct AttentionArgs {
  bool bf16 = false;        // q, k, v and out hold bfloat16 bits, else float32
  const void* q = nullptr;  // [kv, rep, hd]
  const void* k = nullptr;  // [kv, rows, hd]
  const void* v = nullptr;  // [kv, rows, hd]
  int64_t kv = 0, rep = 0, hd = 0, rows = 0;
  int64_t n = 0;  // visible cache rows: 0..n-1
  float scaling = 1.0f;
  void* out = nullptr;  // [kv, rep, hd]
};

// Heads [h_begin, h_end); scratch holds rep * (hd + n) floats.
void AttendAvx2(const AttentionArgs& a, int64_t h_begin, int64_t h_end, float* scratch);
void AttendAvx512(const AttentionArgs& a, int64_t h_begin, int64_t h_end, float* scratch);

}  // namespace vlmxla::runtime::matvec_kernels
