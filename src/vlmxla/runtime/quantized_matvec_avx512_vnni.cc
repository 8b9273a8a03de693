// The W8A8 loops with AVX-512 VNNI (compiled with -mavx512f -mavx512bw -mavx512vnni;
// CMakeLists.txt): vpdpbusd sums four products of unsigned by signed bytes into each int32 lane,
// 64 products an instruction. The rows come as u = q_x + 128 (unsigned), so a lane sums
// (q_x + 128) * q_w: one more vpdpbusd of bytes 1 by the same step of q sums the weights, and the
// row's sum is that less 128 times the weights' sum. The weights' sum is taken in the loop, once
// per step for all rows of a block, so q needs nothing computed ahead of the call.
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

#include "vlmxla/runtime/quantized_matvec_slices.inc"
#include "vlmxla/runtime/quantized_matvec_w8a8_loops.inc"

}  // namespace

void W8A8Vnni(const W8A8Args& a, int64_t begin, int64_t end) { RunW8A8(a, begin, end); }

}  // namespace vlmxla::runtime::matvec_kernels
