#include "vlmxla/runtime/quantized_matvec.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__linux__) && defined(__x86_64__)
#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime {
namespace {

float Bf16ToFloat(uint16_t bits) {
  const uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &wide, sizeof f);
  return f;
}

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// x's three bf16 parts (as float32 bits, their low halves zero): hi its top 8 significant bits,
// mid the next 8, lo the rest (at most 8), their sum x exactly (each difference is exact).
void SplitBf16(float x, uint32_t parts[3]) {
  parts[0] = Bits(x) & 0xffff0000u;
  parts[1] = parts[2] = 0;
  if (std::isnan(x)) {
    parts[0] = (Bits(x) & 0x80000000u) | 0x7fc00000u;  // a NaN whose payload truncation drops
  } else if (std::isfinite(x)) {
    float hi, mid;
    std::memcpy(&hi, &parts[0], sizeof hi);
    const float rest = x - hi;
    parts[1] = Bits(rest) & 0xffff0000u;
    std::memcpy(&mid, &parts[1], sizeof mid);
    parts[2] = Bits(rest - mid);
  }
}

// The AMX loop's B tiles (MatvecRows::pairs) from x as given: bf16 rows a dword (two inputs)
// at a time, float32 ones in their three parts. Row r goes to row block r / 16, column r % 16;
// inputs 2kk and 2kk + 1 of a step to its dword kk, the even one in the low half.
void PackPairs(const void* x, bool bf16, MatvecRows& out) {
  constexpr int64_t kCols = 16, kStep = 32;
  const int64_t rows = out.rows, in = out.in, steps = (in + kStep - 1) / kStep;
  const int64_t n = rows < kCols ? rows : kCols, planes = bf16 ? 1 : 3;
  const int64_t tile = kCols * n, block = steps * planes * tile;
  out.pair_cols = n;
  out.planes = planes;
  out.pairs.assign(static_cast<size_t>((rows + kCols - 1) / kCols * block), 0);
  for (int64_t r = 0; r < rows; ++r) {
    uint32_t* column = out.pairs.data() + r / kCols * block + r % kCols;
    if (bf16) {  // one part: pair j is dword j of the column, the input's own (the even one low)
      const uint16_t* bits = static_cast<const uint16_t*>(x) + r * in;
      for (int64_t j = 0; j < in / 2; ++j) std::memcpy(column + j * n, bits + 2 * j, 4);
      if (in % 2 != 0) column[in / 2 * n] = bits[in - 1];  // the odd half stays zero
      continue;
    }
    const float* values = out.values.data() + r * in;
    for (int64_t i = 0; i < in; i += 2) {
      uint32_t* dword = column + (i / kStep * planes * kCols + i % kStep / 2) * n;
      const bool both = i + 1 < in;  // else the odd half stays zero, as the weight's tail does
      uint32_t even[3], odd[3] = {0, 0, 0};
      SplitBf16(values[i], even);
      if (both) SplitBf16(values[i + 1], odd);
      for (int64_t p = 0; p < 3; ++p) dword[p * tile] = even[p] >> 16 | odd[p];
    }
  }
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

// W4A8's definition (base/quantize.h) one output and row at a time, for a CPU without AVX2, read
// from the blocks as the vector loops read them: each group's isum exact in int32, its product by
// the scale (exact) added to the float sum in group order.
void ScalarW4A8(const matvec_kernels::W4A8Args& a, int64_t begin, int64_t end) {
  const int64_t groups = a.in / kInt4GroupSize;
  for (int64_t o = begin; o < end; ++o) {
    const int64_t b = o / kW4A8BlockOutputs, j = o % kW4A8BlockOutputs;
    const uint8_t* q = a.q + b * groups * kW4A8BlockBytes;
    const uint16_t* scales = a.scales + b * groups * kW4A8BlockOutputs;
    for (int64_t r = 0; r < a.rows; ++r) {
      const int8_t* x = a.xq + r * a.in;
      float acc = 0.0f;
      for (int64_t g = 0; g < groups; ++g) {
        int32_t isum = 0;
        for (int64_t m = 0; m < 4; ++m) {
          for (int64_t t = 0; t < 4; ++t) {
            const uint8_t byte = q[g * kW4A8BlockBytes + 64 * m + 4 * j + t];
            const int64_t i = g * kInt4GroupSize + 4 * m + t;
            isum += int32_t{x[i]} * ((byte & 15) - 8) + int32_t{x[i + 16]} * ((byte >> 4) - 8);
          }
        }
        const float product =
            static_cast<float>(isum) * Bf16ToFloat(scales[g * kW4A8BlockOutputs + j]);
        acc = acc + product;
      }
      a.y[r * a.out + o] = acc * a.xscales[r];
    }
  }
}

// Whether this CPU has AVX-512 VNNI (and BW, whose byte masks its loop's tails use).
bool CpuHasVnni() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vnni");
  return has;
}

// The integer products' (W8A8's, W4A8's) choice of loop for `isa`: the AVX-512 VNNI one where
// the CPU has VNNI, AVX2's `vpmaddubsw` one for AVX-512 without it (no faster integer product) and
// for AVX2, else the scalar definition.
template <class Args>
void RunIntegerLoop(MatvecIsa isa, const Args& a, int64_t begin, int64_t end,
                    void (*vnni)(const Args&, int64_t, int64_t),
                    void (*avx2)(const Args&, int64_t, int64_t),
                    void (*scalar)(const Args&, int64_t, int64_t)) {
  switch (isa == MatvecIsa::kAuto ? HostMatvecIsa() : isa) {
    case MatvecIsa::kAvx512: return CpuHasVnni() ? vnni(a, begin, end) : avx2(a, begin, end);
    case MatvecIsa::kAvx2: return avx2(a, begin, end);
    default: return scalar(a, begin, end);
  }
}

}  // namespace

bool CpuHasAmxBf16() {
  static const bool has = [] {
#if defined(__linux__) && defined(__x86_64__)
    // AMX from CPUID itself (leaf 7: EDX bit 22 AMX-BF16, bit 24 AMX-TILE): clang's
    // __builtin_cpu_supports knows no "amx-*" names (the sanitizer builds are clang's).
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw") ||
        !__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) || !(edx & (1u << 22)) ||
        !(edx & (1u << 24))) {
      return false;
    }
    // Linux hands a process the tiles' 8 KiB of state per thread only once it asks
    // (ARCH_REQ_XCOMP_PERM for XFEATURE_XTILEDATA), for all its threads; a tile instruction
    // before that faults. A kernel that refuses (before 5.16, or a policy) leaves AVX-512.
    constexpr int kArchReqXcompPerm = 0x1023, kXfeatureXtileData = 18;
    return syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtileData) == 0;
#else
    return false;
#endif
  }();
  return has;
}

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
  if (!allowed.known) return MatvecIsa::kAuto;
  if (allowed.avx512f) return allowed.amx_bf16 ? MatvecIsa::kAuto : MatvecIsa::kAvx512;
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
  out.pairs.clear();
  out.pair_cols = out.planes = 0;
  if (quant == WeightQuant::kNone && CpuHasAmxBf16()) PackPairs(x, bf16, out);
}

namespace {

matvec_kernels::Args KernelArgs(const QuantizedMatvec& m) {
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
  a.pairs = m.x->pairs.data();
  a.pair_cols = m.x->pair_cols;
  a.planes = m.x->planes;
  return a;
}

}  // namespace

void RunBf16MatvecAmx(const QuantizedMatvec& m, int64_t begin, int64_t end) {
  matvec_kernels::Bf16Amx(KernelArgs(m), begin, end);
}

void RunQuantizedMatvec(const QuantizedMatvec& m, int64_t begin, int64_t end, MatvecIsa isa) {
  const matvec_kernels::Args a = KernelArgs(m);
  // bf16 with AMX: the rows' products cost the same tile instructions at 1 to 16 rows, so the
  // call waits on the weight's memory at every row count (the AVX-512 loop's multiply-adds bound
  // it at 8 rows).
  if (a.bf16 && isa == MatvecIsa::kAuto && a.planes > 0 && CpuHasAmxBf16()) {
    return matvec_kernels::Bf16Amx(a, begin, end);
  }
  // Any number of rows: the loops take them in register-sized blocks over each tile of q
  // (quantized_matvec_loops.inc), so q is read from memory once whatever the row count.
  switch (isa == MatvecIsa::kAuto ? HostMatvecIsa() : isa) {
    case MatvecIsa::kAvx512: return matvec_kernels::Avx512(a, begin, end);
    case MatvecIsa::kAvx2: return matvec_kernels::Avx2(a, begin, end);
    default: return Scalar(a, begin, end);
  }
}

void QuantizeActivationRows(const void* x, bool bf16, int64_t rows, int64_t in, ActivationRows& out,
                            MatvecIsa isa, bool group_sums) {
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
  out.group_sums.clear();
  if (group_sums) {
    // A few adds per input beside the quantization's division: any ISA (the compiler's).
    const int64_t groups = in / kInt4GroupSize;
    out.group_sums.resize(static_cast<size_t>(rows * groups));
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t g = 0; g < groups; ++g) {
        const int8_t* q = out.q.data() + r * in + g * kInt4GroupSize;
        int32_t sum = 0;
        for (int64_t i = 0; i < kInt4GroupSize; ++i) sum += q[i];
        out.group_sums[r * groups + g] = -8 * sum;
      }
    }
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
  RunIntegerLoop(isa, a, begin, end, matvec_kernels::W8A8Vnni, matvec_kernels::W8A8Avx2,
                 ScalarW8A8);
}

void RunW4A8Matmul(const W4A8Matmul& m, int64_t begin, int64_t end, MatvecIsa isa) {
  // Rows quantized without their group sums would be read through a null pointer: a caller's
  // bug, stopped here with a message rather than a fault in the loops.
  if (static_cast<int64_t>(m.x->group_sums.size()) != m.x->rows * (m.x->in / kInt4GroupSize)) {
    std::fprintf(stderr, "RunW4A8Matmul: rows prepared without group_sums\n");
    std::abort();
  }
  matvec_kernels::W4A8Args a;
  a.xq = m.x->q.data();
  a.group_sums = m.x->group_sums.data();
  a.xscales = m.x->scales.data();
  a.rows = m.x->rows;
  a.in = m.x->in;
  a.q = reinterpret_cast<const uint8_t*>(m.q);
  a.scales = m.scales;
  a.out = m.out;
  a.y = m.y;
  RunIntegerLoop(isa, a, begin, end, matvec_kernels::W4A8Vnni, matvec_kernels::W4A8Avx2,
                 ScalarW4A8);
}

}  // namespace vlmxla::runtime
