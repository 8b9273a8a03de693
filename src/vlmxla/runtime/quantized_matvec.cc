#include "vlmxla/runtime/quantized_matvec.h"

#include <cstring>
#include <vector>

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

// W8A8's loop one output and row at a time, for a CPU without AVX2: the same int32 sums (two's
// complement, as the vector lanes wrap), so the same bits.
void ScalarW8A8(const matvec_kernels::W8A8Args& a, int64_t begin, int64_t end) {
  for (int64_t o = begin; o < end; ++o) {
    const int8_t* q = a.q + o * a.in;
    for (int64_t r = 0; r < a.rows; ++r) {
      const int8_t* x = a.xq + r * a.in;
      uint32_t sum = 0;
      for (int64_t i = 0; i < a.in; ++i) sum += static_cast<uint32_t>(int32_t{x[i]} * q[i]);
      const float scale = a.xscales[r] * a.scales[o];
      a.y[r * a.out + o] = static_cast<float>(static_cast<int32_t>(sum)) * scale;
    }
  }
}

// Whether this CPU has AVX-512 VNNI (and BW, whose byte masks its loop's tails use).
bool CpuHasVnni() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vnni");
  return has;
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

void QuantizeActivationRows(const void* x, bool bf16, int64_t rows, int64_t in, ActivationRows& out,
                            MatvecIsa isa) {
  constexpr float kMax = 127.0f;
  out.rows = rows;
  out.in = in;
  out.q.resize(static_cast<size_t>(rows * in));
  out.u.resize(static_cast<size_t>(rows * in));
  out.scales.resize(static_cast<size_t>(rows));
  const MatvecIsa use = isa == MatvecIsa::kAuto ? HostMatvecIsa() : isa;
  std::vector<float> wide(bf16 ? static_cast<size_t>(in) : 0);
  for (int64_t r = 0; r < rows; ++r) {
    const float* row = static_cast<const float*>(x) + r * in;
    if (bf16) {
      const uint16_t* bits = static_cast<const uint16_t*>(x) + r * in;
      for (int64_t i = 0; i < in; ++i) wide[i] = Bf16ToFloat(bits[i]);
      row = wide.data();
    }
    int8_t* q = out.q.data() + r * in;
    uint8_t* u = out.u.data() + r * in;
    if (use != MatvecIsa::kScalar) {
      bool finite = false;
      const float m = use == MatvecIsa::kAvx512 ? matvec_kernels::MaxAbsAvx512(row, in, &finite)
                                                : matvec_kernels::MaxAbsAvx2(row, in, &finite);
      const float scale = QuantizationScale(m, kMax);
      // The vector loops take finite rows with a scale > 0; the rest (a NaN or an infinity,
      // a row too small for its scale) go through the definition itself.
      if (finite && scale > 0.0f) {
        if (use == MatvecIsa::kAvx512) {
          matvec_kernels::QuantizeRowAvx512(row, in, scale, q, u);
        } else {
          matvec_kernels::QuantizeRowAvx2(row, in, scale, q, u);
        }
        out.scales[r] = scale;
        continue;
      }
    }
    out.scales[r] = QuantizeActivationRow(row, in, q);
    for (int64_t i = 0; i < in; ++i) u[i] = static_cast<uint8_t>(static_cast<uint8_t>(q[i]) ^ 0x80);
  }
}

void RunW8A8Matmul(const W8A8Matmul& m, int64_t begin, int64_t end, MatvecIsa isa) {
  matvec_kernels::W8A8Args a;
  a.xq = m.x->q.data();
  a.xu = m.x->u.data();
  a.xscales = m.x->scales.data();
  a.rows = m.x->rows;
  a.in = m.x->in;
  a.q = m.q;
  a.scales = m.scales;
  a.out = m.out;
  a.y = m.y;
  switch (isa == MatvecIsa::kAuto ? HostMatvecIsa() : isa) {
    // AVX-512 without VNNI has no faster integer product than AVX2's.
    case MatvecIsa::kAvx512:
      return CpuHasVnni() ? matvec_kernels::W8A8Vnni(a, begin, end)
                          : matvec_kernels::W8A8Avx2(a, begin, end);
    case MatvecIsa::kAvx2: return matvec_kernels::W8A8Avx2(a, begin, end);
    default: return ScalarW8A8(a, begin, end);
  }
}

}  // namespace vlmxla::runtime
