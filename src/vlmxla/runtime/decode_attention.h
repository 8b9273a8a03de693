// One decode step's attention for one KV-cache slot on the host: the kernel behind the decode
// attention custom call (base/quantize.h's kDecodeAttentionTarget, pjrt_ffi_matvec.h), which
// reads only the cache rows the slot has written, never the rest of its capacity.
// What it computes, per kv head h and query row r of its rep (grouped-query attention), over the
// visible rows j < n (n = min(position + 1, rows)), each step in float32 and rounded to the
// operands' type (float32 or bfloat16) where Transformers' eager attention rounds:
//   s[j] = round(round(q[h, r] . k[h, j]) * scaling)
//   p[j] = round(exp(s[j] - max s) / sum_j exp(s[j] - max s))
//   out[h, r] = round(sum_j p[j] * v[h, j])
// The order of every sum is fixed by the row and input indices (decode_attention_loops.inc), so
// a slot's result is the same bits whatever its cache's capacity, the rows past n hold, or the
// slots beside it. No visible row (n = 0) gives zeros.
#pragma once

#include <cstdint>

#include "vlmxla/runtime/quantized_matvec.h"

namespace vlmxla::runtime {

struct DecodeAttention {
  bool bf16 = false;        // operands' type: bfloat16 (their bits) or float32
  const void* q = nullptr;  // [kv, rep, hd]
  const void* k = nullptr;  // [kv, rows, hd]
  const void* v = nullptr;  // [kv, rows, hd]
  int64_t kv = 0, rep = 0, hd = 0, rows = 0;
  int64_t position = 0;  // the slot's position: rows 0..position (below `rows`) are visible
  float scaling = 1.0f;
  void* out = nullptr;  // [kv, rep, hd]
};

// The visible rows: min(position + 1, rows), 0 for a negative position.
int64_t DecodeAttentionRows(const DecodeAttention& a);
// Floats of scratch a call over any heads needs.
int64_t DecodeAttentionScratch(const DecodeAttention& a);

// Heads [h_begin, h_end). The caller checks shapes (hd <= base/quantize.h's
// kMaxDecodeAttentionHeadDim) and that
// `isa` runs here (CpuHasMatvecIsa).
void RunDecodeAttention(const DecodeAttention& a, int64_t h_begin, int64_t h_end, float* scratch,
                        MatvecIsa isa = MatvecIsa::kAuto);

}  // namespace vlmxla::runtime
