#include "vlmxla/runtime/quantized_matvec.h"

#include <cstring>

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime {
namespace {

float Bf16ToFloat(uint16_t bits) {
  const uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &wide, sizeof f);
  return f;
}

// The same products one input at a time, for a CPU without AVX2.
void Scalar(const matvec_kernels::Args& a, int64_t begin, int64_t end) {
  const int64_t in = a.in, half = in / 2;
  for (int64_t o = begin; o < end; ++o) {
    for (int64_t r = 0; r < a.rows; ++r) {
      const float* x = a.x + r * in;
      float s = 0;
      if (a.bf16) {
        const auto* w = reinterpret_cast<const uint16_t*>(a.q) + o * in;
        for (int64_t i = 0; i < in; ++i) s += x[i] * Bf16ToFloat(w[i]);
      } else if (a.int4) {
        const int8_t* q = a.q + o * half;
        for (int64_t j = 0; j < half; ++j) {
          const float scale = a.scales[o * (in / kInt4GroupSize) + j / (kInt4GroupSize / 2)];
          const int8_t lo = static_cast<int8_t>(static_cast<uint8_t>(q[j]) << 4) >> 4;
          const int8_t hi = q[j] >> 4;
          s += x[j] * (static_cast<float>(lo) * scale) +
               x[half + j] * (static_cast<float>(hi) * scale);
        }
      } else {
        const int8_t* q = a.q + o * in;
        for (int64_t i = 0; i < in; ++i) s += x[i] * static_cast<float>(q[i]);
        s *= a.scales[o];
      }
      a.y[r * a.out + o] = s;
    }
  }
}

}  // namespace

const char* MatvecIsaName(MatvecIsa isa) {
  switch (isa) {
    case MatvecIsa::kScalar: return "scalar";
    case MatvecIsa::kAvx2: return "AVX2";
    case MatvecIsa::kAvx512: return "AVX-512";
    default: return "auto";
  }
}

bool CpuHasMatvecIsa(MatvecIsa isa) {
  switch (isa) {
    case MatvecIsa::kAvx2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case MatvecIsa::kAvx512: return __builtin_cpu_supports("avx512f");
    default: return true;
  }
}

MatvecIsa HostMatvecIsa() {
  static const MatvecIsa isa = CpuHasMatvecIsa(MatvecIsa::kAvx512) ? MatvecIsa::kAvx512
                               : CpuHasMatvecIsa(MatvecIsa::kAvx2) ? MatvecIsa::kAvx2
                                                                   : MatvecIsa::kScalar;
  return isa;
}

MatvecIsa MatvecIsaWithin(const CpuIsa& allowed) {
  if (!allowed.known || allowed.avx512f) return MatvecIsa::kAuto;
  return allowed.avx2 && CpuHasMatvecIsa(MatvecIsa::kAvx2) ? MatvecIsa::kAvx2 : MatvecIsa::kScalar;
}

void PrepareMatvecRows(const void* x, bool bf16, int64_t rows, int64_t in, WeightQuant quant,
                       MatvecRows& out) {
  out.rows = rows;
  out.in = in;
  out.values.resize(static_cast<size_t>(rows * in));
  const bool int4 = quant == WeightQuant::kInt4;
  for (int64_t r = 0; r < rows; ++r) {
    float* dst = out.values.data() + r * in;
    for (int64_t i = 0; i < in; ++i) {
      const int64_t at = r * in + i;
      const float v = bf16 ? Bf16ToFloat(static_cast<const uint16_t*>(x)[at])
                           : static_cast<const float*>(x)[at];
      // int4: input 2j goes to j, 2j + 1 to in / 2 + j.
      dst[int4 ? (i % 2) * (in / 2) + i / 2 : i] = v;
    }
  }
}

void RunQuantizedMatvec(const QuantizedMatvec& m, int64_t begin, int64_t end, MatvecIsa isa) {
  matvec_kernels::Args a;
  a.int4 = m.quant == WeightQuant::kInt4;
  a.bf16 = m.quant == WeightQuant::kNone;
  a.x = m.x->values.data();
  a.rows = m.x->rows;
  a.in = m.x->in;
  a.q = m.q;
  a.scales = m.scales;
  a.out = m.out;
  a.y = m.y;
  // Any number of rows: the loops take them in register-sized blocks over each tile of q
  // (quantized_matvec_loops.inc), so q is read from memory once whatever the row count.
  switch (isa == MatvecIsa::kAuto ? HostMatvecIsa() : isa) {
    case MatvecIsa::kAvx512: return matvec_kernels::Avx512(a, begin, end);
    case MatvecIsa::kAvx2: return matvec_kernels::Avx2(a, begin, end);
    default: return Scalar(a, begin, end);
  }
}

}  // namespace vlmxla::runtime
