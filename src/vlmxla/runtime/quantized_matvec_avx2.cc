// The quantized matrix-vector loops with AVX2 and FMA (compiled with -mavx2 -mfma; CMakeLists.txt).
#include <immintrin.h>

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime::matvec_kernels {
namespace {

using V = __m256;

struct Simd {
  static constexpr int64_t kWidth = 8;
  static constexpr int64_t kRowBlock = 2;  // rows whose sums the registers hold
  // int8 and bfloat16 rows per block: twice kRowBlock, each block's sums in two passes
  // (DotRows).
  static constexpr int64_t kInt8RowBlock = 4;
  static V Zero() { return _mm256_setzero_ps(); }
  static V Load(const float* p) { return _mm256_loadu_ps(p); }
  static V Splat(float v) { return _mm256_set1_ps(v); }
  static V Add(V a, V b) { return _mm256_add_ps(a, b); }
  static V Mul(V a, V b) { return _mm256_mul_ps(a, b); }
  static void StoreLanes(float* p, V v) { _mm256_storeu_ps(p, v); }
  static V Fma(V a, V b, V acc) { return _mm256_fmadd_ps(a, b, acc); }
  static float Sum(V v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
  }
  static V Q8(const int8_t* p) {
    return _mm256_cvtepi32_ps(
        _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
  }
  static V Bf16(const uint16_t* p) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(b), 16));
  }
  // A group's scale as Q4W takes it: here the scale itself in every lane.
  static V GroupScale(float s) { return Splat(s); }
  static void Q4W(const int8_t* p, V scale, V* lo, V* hi) {
    // Each byte sign-extended to 32 bits: the high nibble is it shifted right by 4 (keeping the
    // sign), the low one it shifted left by 28 and back; each widened, times the scale.
    const __m256i b = _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
    *lo = Mul(_mm256_cvtepi32_ps(_mm256_srai_epi32(_mm256_slli_epi32(b, 28), 28)), scale);
    *hi = Mul(_mm256_cvtepi32_ps(_mm256_srai_epi32(b, 4)), scale);
  }
};

#include "vlmxla/runtime/quantized_matvec_loops.inc"
#include "vlmxla/runtime/decode_attention_loops.inc"

}  // namespace

void Avx2(const Args& a, int64_t begin, int64_t end) { Run(a, begin, end); }
void AttendAvx2(const AttentionArgs& a, int64_t h_begin, int64_t h_end, float* scratch) {
  Attend(a, h_begin, h_end, scratch);
}

}  // namespace vlmxla::runtime::matvec_kernels
