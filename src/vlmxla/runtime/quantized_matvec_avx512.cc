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

#include "vlmxla/runtime/quantized_matvec_loops.inc"
#include "vlmxla/runtime/decode_attention_loops.inc"

}  // namespace

void Avx512(const Args& a, int64_t begin, int64_t end) { Run(a, begin, end); }
void AttendAvx512(const AttentionArgs& a, int64_t h_begin, int64_t h_end, float* scratch) {
  Attend(a, h_begin, h_end, scratch);
}

}  // namespace vlmxla::runtime::matvec_kernels
