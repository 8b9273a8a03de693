// The quantized matrix-vector loops with AVX-512 F (compiled with -mavx512f; CMakeLists.txt).
#include <immintrin.h>

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime::matvec_kernels {
namespace {

using V = __m512;

struct Simd {
  static constexpr int64_t kWidth = 16;
  static constexpr int64_t kRowBlock = 4;  // rows whose sums the registers hold
  static V Zero() { return _mm512_setzero_ps(); }
  static V Load(const float* p) { return _mm512_loadu_ps(p); }
  static V Splat(float v) { return _mm512_set1_ps(v); }
  static V Add(V a, V b) { return _mm512_add_ps(a, b); }
  static V Mul(V a, V b) { return _mm512_mul_ps(a, b); }
  static V Fma(V a, V b, V acc) { return _mm512_fmadd_ps(a, b, acc); }
  static float Sum(V v) { return _mm512_reduce_add_ps(v); }
  static V Q8(const int8_t* p) {
    return _mm512_cvtepi32_ps(
        _mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
  }
  static void Q4(const int8_t* p, V* lo, V* hi) {
    // As the AVX2 loop: sign-extended bytes, shifted to either nibble.
    const __m512i b = _mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    *lo = _mm512_cvtepi32_ps(_mm512_srai_epi32(_mm512_slli_epi32(b, 28), 28));
    *hi = _mm512_cvtepi32_ps(_mm512_srai_epi32(b, 4));
  }
};

#include "vlmxla/runtime/quantized_matvec_loops.inc"

}  // namespace

void Avx512(const Args& a, int64_t begin, int64_t end) { Run(a, begin, end); }

}  // namespace vlmxla::runtime::matvec_kernels
