// The quantized matrix-vector loops with AVX-512 F (compiled with -mavx512f; CMakeLists.txt).
#include <immintrin.h>

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime::matvec_kernels {
namespace {

using V = __m512;

struct Simd {
  static constexpr int64_t kWidth = 16;
  static constexpr int64_t kRowBlock = 4;  // rows whose sums the registers hold
  // int8 and bfloat16 rows per block: twice kRowBlock, each block's sums in two passes
  // (DotRows).
  static constexpr int64_t kInt8RowBlock = 8;
  static V Zero() { return _mm512_setzero_ps(); }
  static V Load(const float* p) { return _mm512_loadu_ps(p); }
  static V Splat(float v) { return _mm512_set1_ps(v); }
  static V Add(V a, V b) { return _mm512_add_ps(a, b); }
  static V Mul(V a, V b) { return _mm512_mul_ps(a, b); }
  static void StoreLanes(float* p, V v) { _mm512_storeu_ps(p, v); }
  static V Fma(V a, V b, V acc) { return _mm512_fmadd_ps(a, b, acc); }
  static float Sum(V v) { return _mm512_reduce_add_ps(v); }
  static V Q8(const int8_t* p) {
    return _mm512_cvtepi32_ps(
        _mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
  }
  static V Bf16(const uint16_t* p) {
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(b), 16));
  }
  // A group's scale as Q4W takes it: the 16 values float(q) * scale a nibble can stand for, at
  // the nibble's own bits (0..7 for q = 0..7, 8..15 for q = -8..-1), computed once per group.
  static V GroupScale(float s) {
    const V q = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1);
    return Mul(q, Splat(s));
  }
  static void Q4W(const int8_t* p, V table, V* lo, V* hi) {
    // W' looked up by each nibble (a permute reads an index's low 4 bits): the same products
    // float(q) * scale as widening and multiplying, in two operations instead of six.
    const __m512i b = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    *lo = _mm512_permutexvar_ps(b, table);
    *hi = _mm512_permutexvar_ps(_mm512_srli_epi32(b, 4), table);
  }
};

#include "vlmxla/runtime/quantized_matvec_slices.inc"
#include "vlmxla/runtime/quantized_matvec_loops.inc"
#include "vlmxla/runtime/decode_attention_loops.inc"

}  // namespace

void Avx512(const Args& a, int64_t begin, int64_t end) { Run(a, begin, end); }

// QuantizeActivationRow's steps, 16 inputs at a time, the last step's lanes past `in` masked off
// (read as zeros: a zero changes neither the largest magnitude nor the finiteness).
namespace {
__mmask16 Live16(int64_t left) {
  return left >= 16 ? __mmask16{0xffff} : static_cast<__mmask16>((1u << left) - 1);
}
}  // namespace

float MaxAbsAvx512(const float* x, int64_t in, bool* finite) {
  const __m512 largest = _mm512_set1_ps(__FLT_MAX__);
  __m512 m = _mm512_setzero_ps();
  __mmask16 ok = 0xffff;
  for (int64_t i = 0; i < in; i += 16) {
    const __m512 v = _mm512_abs_ps(_mm512_maskz_loadu_ps(Live16(in - i), x + i));
    ok = _mm512_mask_cmp_ps_mask(ok, v, largest, _CMP_LE_OQ);  // false for NaN and inf
    m = _mm512_max_ps(m, v);
  }
  *finite = ok == 0xffff;
  return _mm512_reduce_max_ps(m);
}

void QuantizeRowAvx512(const float* x, int64_t in, float scale, int8_t* q, uint8_t* u) {
  const __m512 s = _mm512_set1_ps(scale), hi = _mm512_set1_ps(127.0f), lo = _mm512_set1_ps(-127.0f);
  const __m512i bias = _mm512_set1_epi32(128);
  for (int64_t i = 0; i < in; i += 16) {
    const __mmask16 live = Live16(in - i);
    // A true division and round half to even: the scalar definition's float32 steps exactly.
    const __m512 v = _mm512_roundscale_ps(_mm512_div_ps(_mm512_maskz_loadu_ps(live, x + i), s),
                                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m512i n = _mm512_cvtps_epi32(_mm512_max_ps(_mm512_min_ps(v, hi), lo));
    _mm512_mask_cvtepi32_storeu_epi8(q + i, live, n);
    _mm512_mask_cvtepi32_storeu_epi8(u + i, live, _mm512_add_epi32(n, bias));
  }
}
void AttendAvx512(const AttentionArgs& a, int64_t h_begin, int64_t h_end, float* scratch) {
  Attend(a, h_begin, h_end, scratch);
}

}  // namespace vlmxla::runtime::matvec_kernels
