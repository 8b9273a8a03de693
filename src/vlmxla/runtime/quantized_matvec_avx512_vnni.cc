// The W8A8 loops with AVX-512 VNNI (compiled with -mavx512f -mavx512bw -mavx512vnni;
// CMakeLists.txt): vpdpbusd sums four products of unsigned by signed bytes into each int32 lane,
// 64 products an instruction. The rows come as u = q_x + 128 (unsigned), so a lane sums
// (q_x + 128) * q_w: one more vpdpbusd of bytes 1 by the same step of q sums the weights, and the
// row's sum is that less 128 times the weights' sum. The weights' sum is taken in the loop, once
// per step for all rows of a block, so q needs nothing computed ahead of the call. W4A8's loop
// (quantized_matvec_w4a8_loops.inc) multiplies the weight's nibbles (q + 8, unsigned) by q_x.
#include <immintrin.h>

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime::matvec_kernels {
namespace {

struct I8 {
  static constexpr int64_t kBytes = 64;
  static constexpr bool kWeightSum = true;
  // vpdpbusd's latency is 5 cycles: a block's R rows and the weights' sum are R + 1 chains,
  // so fewer than 4 rows take several sums each.
  static constexpr int Sums(int rows) { return rows <= 2 ? 4 : rows <= 4 ? 2 : 1; }
  using A = __m512i;
  using W = __m512i;
  static const uint8_t* Rows(const W8A8Args& a) { return a.xu; }
  static A Zero() { return _mm512_setzero_si512(); }
  static A Add(A a, A b) { return _mm512_add_epi32(a, b); }
  static __mmask64 Live(int64_t n) { return (__mmask64{1} << n) - 1; }  // n < 64
  static W Weight(const int8_t* p) { return _mm512_loadu_si512(p); }
  static W WeightTail(const int8_t* p, int64_t n) { return _mm512_maskz_loadu_epi8(Live(n), p); }
  static A Dot(A acc, W w, const uint8_t* x) {
    return _mm512_dpbusd_epi32(acc, _mm512_loadu_si512(x), w);
  }
  // The weights past n are 0, so the bytes of x there would add nothing; they are not read.
  static A DotTail(A acc, W w, const uint8_t* x, int64_t n) {
    return _mm512_dpbusd_epi32(acc, _mm512_maskz_loadu_epi8(Live(n), x), w);
  }
  static A WeightSum(A acc, W w) { return _mm512_dpbusd_epi32(acc, _mm512_set1_epi8(1), w); }
  // Lanes in two's complement (vpdpbusd and the adds wrap): the true sum is right whenever it
  // fits in int32, whatever the (q_x + 128) * q_w sums on the way were.
  static uint32_t Total(A sums, A weight_sums) {
    const A v = _mm512_sub_epi32(sums, _mm512_slli_epi32(weight_sums, 7));
    return static_cast<uint32_t>(_mm512_reduce_add_epi32(v));
  }
};

// W4A8 with one output a lane, a block of 16 outputs a vector: a group's 4 x 64 bytes unpack into
// 8 vectors of nibbles (q + 8, unsigned), dword j of vector k output j's inputs 4k..4k+3 of the
// group, so that vpdpbusd by those 4 bytes of x broadcast sums 4 products into each lane. 8 rows
// a block: 8 float sums, the 8 nibble vectors and the scales take 17 of the 32 registers.
struct W4 {
  static constexpr int64_t kLanes = 16;
  static constexpr int64_t kRowBlock = 8;
  using F = __m512;
  struct N {
    __m512i k[8];
  };
  static N Unpack(const uint8_t* p) {
    const __m512i low = _mm512_set1_epi8(0x0f);
    N w;
#pragma GCC unroll 4
    for (int m = 0; m < 4; ++m) {
      const __m512i bytes = _mm512_loadu_si512(p + 64 * m);
      w.k[m] = _mm512_and_si512(bytes, low);
      w.k[m + 4] = _mm512_and_si512(_mm512_srli_epi16(bytes, 4), low);
    }
    return w;
  }
  static F Scales(const uint16_t* p) {
    const __m256i bits = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(bits), 16));
  }
  static int32_t Four(const int8_t* x) {
    int32_t v;
    __builtin_memcpy(&v, x, sizeof v);
    return v;
  }
  static F AddGroup(const N& w, const int8_t* x, int32_t group_sum, F scale, F acc) {
    // One chain of 8 (vpdpbusd's latency is 5 cycles): the other rows' and groups' chains are
    // independent of it and fill the gaps (two chains of 4 measured the same, 1 and 8 rows).
    __m512i sums = _mm512_set1_epi32(group_sum);
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k) {
      sums = _mm512_dpbusd_epi32(sums, w.k[k], _mm512_set1_epi32(Four(x + 4 * k)));
    }
    return _mm512_fmadd_ps(_mm512_cvtepi32_ps(sums), scale, acc);
  }
  static F Zero() { return _mm512_setzero_ps(); }
  static F Splat(float v) { return _mm512_set1_ps(v); }
  static F Mul(F a, F b) { return _mm512_mul_ps(a, b); }
  static __mmask16 Live(int64_t n) {
    return n >= 16 ? __mmask16{0xffff} : static_cast<__mmask16>((1u << n) - 1);
  }
  static F Load(const float* p, int64_t n) { return _mm512_maskz_loadu_ps(Live(n), p); }
  static void Store(float* p, F v, int64_t n) { _mm512_mask_storeu_ps(p, Live(n), v); }
};

#include "vlmxla/runtime/quantized_matvec_slices.inc"
#include "vlmxla/runtime/quantized_matvec_w8a8_loops.inc"
#include "vlmxla/runtime/quantized_matvec_w4a8_loops.inc"

}  // namespace

void W8A8Vnni(const W8A8Args& a, int64_t begin, int64_t end) { RunW8A8(a, begin, end); }
void W4A8Vnni(const W4A8Args& a, int64_t begin, int64_t end) { RunW4A8(a, begin, end); }

}  // namespace vlmxla::runtime::matvec_kernels
