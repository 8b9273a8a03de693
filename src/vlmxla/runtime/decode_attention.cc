#include "vlmxla/runtime/decode_attention.h"

#include <algorithm>

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime {
namespace matvec_kernels {
namespace {

// The loops one lane wide, for a CPU without AVX2.
using V = float;
struct Simd {
  static constexpr int64_t kWidth = 1;
  static V Zero() { return 0.0f; }
  static V Load(const float* p) { return *p; }
  static V Splat(float v) { return v; }
  static V Fma(V a, V b, V acc) { return acc + a * b; }
  static float Sum(V v) { return v; }
  static void StoreLanes(float* p, V v) { *p = v; }
  static V Bf16(const uint16_t* p) {
    const uint32_t wide = static_cast<uint32_t>(*p) << 16;
    float f;
    __builtin_memcpy(&f, &wide, sizeof f);
    return f;
  }
};

#include "vlmxla/runtime/decode_attention_loops.inc"

}  // namespace
}  // namespace matvec_kernels

static_assert(matvec_kernels::kMaxHeadDim == kMaxDecodeAttentionHeadDim, "one limit");

int64_t DecodeAttentionRows(const DecodeAttention& a) {
  if (a.position < 0) return 0;
  return std::min(a.position + 1, a.rows);
}

int64_t DecodeAttentionScratch(const DecodeAttention& a) {
  return a.rep * (a.hd + DecodeAttentionRows(a));
}

void RunDecodeAttention(const DecodeAttention& d, int64_t h_begin, int64_t h_end, float* scratch,
                        MatvecIsa isa) {
  matvec_kernels::AttentionArgs a;
  a.bf16 = d.bf16;
  a.q = d.q;
  a.k = d.k;
  a.v = d.v;
  a.kv = d.kv;
  a.rep = d.rep;
  a.hd = d.hd;
  a.rows = d.rows;
  a.n = DecodeAttentionRows(d);
  a.scaling = d.scaling;
  a.out = d.out;
  switch (isa == MatvecIsa::kAuto ? HostMatvecIsa() : isa) {
    case MatvecIsa::kAvx512: return matvec_kernels::AttendAvx512(a, h_begin, h_end, scratch);
    case MatvecIsa::kAvx2: return matvec_kernels::AttendAvx2(a, h_begin, h_end, scratch);
    default: return matvec_kernels::Attend(a, h_begin, h_end, scratch);
  }
}

}  // namespace vlmxla::runtime
