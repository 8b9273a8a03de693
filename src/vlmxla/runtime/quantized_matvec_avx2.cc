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

// W8A8 without VNNI: vpmaddubsw multiplies unsigned bytes by signed ones, so each product q_w *
// q_x is taken as |q_w| * (q_x with q_w's sign) (vpsignb); its sums of two products, at most 2 *
// 128 * 127 = 32512 in magnitude (q_x is within [-127, 127]), never saturate int16. vpmaddwd by
// ones then sums pairs of those into int32 lanes.
struct I8 {
  static constexpr int64_t kBytes = 32;
  static constexpr bool kWeightSum = false;
  // Dot's chain is one add (the multiplies feed it), so a sum per row covers its latency.
  static constexpr int Sums(int) { return 1; }
  using A = __m256i;
  struct W {
    __m256i q, magnitude;
  };
  static const int8_t* Rows(const W8A8Args& a) { return a.xq; }
  static A Zero() { return _mm256_setzero_si256(); }
  static A Add(A a, A b) { return _mm256_add_epi32(a, b); }
  static __m256i Load(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  // n < 32 bytes, zeros after them.
  static __m256i LoadTail(const void* p, int64_t n) {
    alignas(32) int8_t b[32] = {};
    __builtin_memcpy(b, p, static_cast<size_t>(n));
    return Load(b);
  }
  static W Weight(const int8_t* p) {
    const __m256i q = Load(p);
    return {q, _mm256_abs_epi8(q)};
  }
  static W WeightTail(const int8_t* p, int64_t n) {
    const __m256i q = LoadTail(p, n);
    return {q, _mm256_abs_epi8(q)};
  }
  static A Products(A acc, const W& w, __m256i x) {
    const __m256i pairs = _mm256_maddubs_epi16(w.magnitude, _mm256_sign_epi8(x, w.q));
    return _mm256_add_epi32(acc, _mm256_madd_epi16(pairs, _mm256_set1_epi16(1)));
  }
  static A Dot(A acc, const W& w, const int8_t* x) { return Products(acc, w, Load(x)); }
  static A DotTail(A acc, const W& w, const int8_t* x, int64_t n) {
    return Products(acc, w, LoadTail(x, n));
  }
  static A WeightSum(A acc, const W&) { return acc; }  // unused (kWeightSum)
  static uint32_t Total(A sums, A) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
    return static_cast<uint32_t>(_mm_cvtsi128_si32(s));
  }
};

// QuantizeActivationRow's steps, 8 inputs at a time; a partial step's inputs through a buffer of
// zeros (a zero changes neither the largest magnitude nor the finiteness).
struct Row8 {
  const float* x;
  int64_t in;
  // Inputs i..i+8 (zeros past `in`).
  __m256 Load(int64_t i) const {
    if (in - i >= 8) return _mm256_loadu_ps(x + i);
    alignas(32) float b[8] = {};
    __builtin_memcpy(b, x + i, static_cast<size_t>(in - i) * sizeof(float));
    return _mm256_load_ps(b);
  }
};

// W4A8 without VNNI, 8 outputs a vector (a block's 16 are two): vpmaddubsw multiplies the
// nibbles (q + 8, unsigned 1..15) by q_x's bytes (signed) into pairs of at most 2 * 15 * 127 =
// 3810, and the 8 vectors' pairs of a group add in int16 (at most 8 * 3810 = 30480: no
// saturation, no wrap) before one vpmaddwd by ones widens them into int32 lanes. 8 rows a block,
// more than the 16 registers hold beside the 8 nibble vectors (the compiler keeps some in L1),
// but each group is unpacked once for all 8: on the Sapphire Rapids VM (1 thread, 8 rows) 4 rows
// a block took 74 / 410 / 399 us on 896 x 896 / 4864 x 896 / 896 x 4864 with the weight in cache
// and 107 / 578 / 620 streamed from memory, 8 rows 68 / 377 / 367 and 83 / 453 / 475.
struct W4 {
  static constexpr int64_t kLanes = 8;
  static constexpr int64_t kRowBlock = 8;
  using F = __m256;
  struct N {
    __m256i k[8];
  };
  static N Unpack(const uint8_t* p) {
    const __m256i low = _mm256_set1_epi8(0x0f);
    N w;
#pragma GCC unroll 4
    for (int m = 0; m < 4; ++m) {
      const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 64 * m));
      w.k[m] = _mm256_and_si256(bytes, low);
      w.k[m + 4] = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), low);
    }
    return w;
  }
  static F Scales(const uint16_t* p) {
    const __m128i bits = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(bits), 16));
  }
  static __m256i Pairs(__m256i nibbles, const int8_t* x) {
    int32_t four;
    __builtin_memcpy(&four, x, sizeof four);
    return _mm256_maddubs_epi16(nibbles, _mm256_set1_epi32(four));
  }
  static F AddGroup(const N& w, const int8_t* x, int32_t group_sum, F scale, F acc) {
    const __m256i a = _mm256_add_epi16(Pairs(w.k[0], x), Pairs(w.k[1], x + 4));
    const __m256i b = _mm256_add_epi16(Pairs(w.k[2], x + 8), Pairs(w.k[3], x + 12));
    const __m256i c = _mm256_add_epi16(Pairs(w.k[4], x + 16), Pairs(w.k[5], x + 20));
    const __m256i d = _mm256_add_epi16(Pairs(w.k[6], x + 24), Pairs(w.k[7], x + 28));
    const __m256i pairs = _mm256_add_epi16(_mm256_add_epi16(a, b), _mm256_add_epi16(c, d));
    const __m256i sums = _mm256_add_epi32(_mm256_madd_epi16(pairs, _mm256_set1_epi16(1)),
                                          _mm256_set1_epi32(group_sum));
    return _mm256_fmadd_ps(_mm256_cvtepi32_ps(sums), scale, acc);
  }
  static F Zero() { return _mm256_setzero_ps(); }
  static F Splat(float v) { return _mm256_set1_ps(v); }
  static F Mul(F a, F b) { return _mm256_mul_ps(a, b); }
  // n <= 8 lanes; a partial vector (the last block's) through a buffer.
  static F Load(const float* p, int64_t n) {
    if (n >= 8) return _mm256_loadu_ps(p);
    alignas(32) float b[8] = {};
    __builtin_memcpy(b, p, static_cast<size_t>(n) * sizeof(float));
    return _mm256_load_ps(b);
  }
  static void Store(float* p, F v, int64_t n) {
    if (n >= 8) return _mm256_storeu_ps(p, v);
    alignas(32) float b[8];
    _mm256_store_ps(b, v);
    __builtin_memcpy(p, b, static_cast<size_t>(n) * sizeof(float));
  }
};

#include "vlmxla/runtime/quantized_matvec_slices.inc"
#include "vlmxla/runtime/quantized_matvec_loops.inc"
#include "vlmxla/runtime/quantized_matvec_w8a8_loops.inc"
#include "vlmxla/runtime/quantized_matvec_w4a8_loops.inc"
#include "vlmxla/runtime/decode_attention_loops.inc"

}  // namespace

void Avx2(const Args& a, int64_t begin, int64_t end) { Run(a, begin, end); }
void W8A8Avx2(const W8A8Args& a, int64_t begin, int64_t end) { RunW8A8(a, begin, end); }
void W4A8Avx2(const W4A8Args& a, int64_t begin, int64_t end) { RunW4A8(a, begin, end); }

float MaxAbsAvx2(const float* x, int64_t in, bool* finite) {
  const Row8 row{x, in};
  const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const __m256 largest = _mm256_set1_ps(__FLT_MAX__);
  __m256 m = _mm256_setzero_ps(), ok = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
  for (int64_t i = 0; i < in; i += 8) {
    const __m256 v = _mm256_and_ps(row.Load(i), magnitude);
    ok = _mm256_and_ps(ok, _mm256_cmp_ps(v, largest, _CMP_LE_OQ));  // false for NaN and inf
    m = _mm256_max_ps(m, v);
  }
  *finite = _mm256_movemask_ps(ok) == 0xff;
  __m128 s = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
  s = _mm_max_ps(s, _mm_movehl_ps(s, s));
  s = _mm_max_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

void QuantizeRowAvx2(const float* x, int64_t in, float scale, int8_t* q, uint8_t* u) {
  const Row8 row{x, in};
  const __m256 s = _mm256_set1_ps(scale), hi = _mm256_set1_ps(127.0f), lo = _mm256_set1_ps(-127.0f);
  for (int64_t i = 0; i < in; i += 8) {
    // A true division and round half to even: the scalar definition's float32 steps exactly.
    const __m256 v = _mm256_round_ps(_mm256_div_ps(row.Load(i), s),
                                     _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256i n = _mm256_cvtps_epi32(_mm256_max_ps(_mm256_min_ps(v, hi), lo));
    const __m128i words =
        _mm_packs_epi32(_mm256_castsi256_si128(n), _mm256_extracti128_si256(n, 1));
    const __m128i bytes = _mm_packs_epi16(words, words);  // 8 q in the low 8 bytes
    const __m128i biased = _mm_xor_si128(bytes, _mm_set1_epi8(static_cast<char>(0x80)));  // q + 128
    if (in - i >= 8) {
      _mm_storel_epi64(reinterpret_cast<__m128i*>(q + i), bytes);
      _mm_storel_epi64(reinterpret_cast<__m128i*>(u + i), biased);
    } else {
      alignas(16) int8_t qb[16];
      alignas(16) uint8_t ub[16];
      _mm_store_si128(reinterpret_cast<__m128i*>(qb), bytes);
      _mm_store_si128(reinterpret_cast<__m128i*>(ub), biased);
      __builtin_memcpy(q + i, qb, static_cast<size_t>(in - i));
      __builtin_memcpy(u + i, ub, static_cast<size_t>(in - i));
    }
  }
}
void AttendAvx2(const AttentionArgs& a, int64_t h_begin, int64_t h_end, float* scratch) {
  Attend(a, h_begin, h_end, scratch);
}

}  // namespace vlmxla::runtime::matvec_kernels
