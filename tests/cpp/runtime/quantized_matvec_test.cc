// runtime::RunQuantizedMatvec (the host kernel behind the quantized matrix-vector custom calls)
// against a float64 loop over the same definition, on every instruction set this CPU runs (the
// AVX2 loop forced even where AVX-512 would be chosen): int8 and int4, 1 to 8 rows and 17 and 19
// (passes of 8), inputs that are not a multiple of any vector width (int8), output counts split
// unevenly, bf16 rows; and bf16 weights' AMX loop where the CPU has it (skipped, and saying so,
// where it does not).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "matvec_isas.h"
#include "vlmxla/runtime/quantized_matvec.h"

namespace vlmxla::runtime {
namespace {

// The most rows one block of the loops takes (int8 with AVX-512; quantized_matvec_loops.inc):
// calls of 1..kBlockRows rows and of more.
constexpr int64_t kBlockRows = 8;

struct Case {
  WeightQuant quant;
  int64_t out, in;
};

// Random q in [-qmax, qmax] as the layout stores it (int4: two per byte, input 2j low), scales,
// and rows. kNone: a bfloat16 weight q / 128 (exact in bfloat16), as its bits, scales 1 / 128.
struct Operands {
  std::vector<int8_t> q;       // unpacked [out, in]
  std::vector<int8_t> stored;  // as the kernel reads it
  std::vector<float> scales;
  std::vector<float> x;  // [rows, in]
};

Operands Make(const Case& c, int64_t rows, uint32_t seed) {
  std::mt19937 gen(seed);
  const int qmax = c.quant == WeightQuant::kInt4 ? 7 : 127;
  std::uniform_int_distribution<int> qd(-qmax, qmax);
  std::uniform_real_distribution<float> sd(0.001f, 0.02f), xd(-2.0f, 2.0f);
  Operands o;
  o.q.resize(c.out * c.in);
  for (int8_t& v : o.q) v = static_cast<int8_t>(qd(gen));
  if (c.quant == WeightQuant::kNone) {
    o.stored.resize(c.out * c.in * 2);
    for (int64_t i = 0; i < c.out * c.in; ++i) {
      const float w = static_cast<float>(o.q[i]) / 128.0f;
      uint32_t bits;
      std::memcpy(&bits, &w, sizeof bits);
      const uint16_t top = static_cast<uint16_t>(bits >> 16);  // w has at most 7 significant bits
      std::memcpy(o.stored.data() + 2 * i, &top, sizeof top);
    }
    o.scales.assign(c.out, 1.0f / 128.0f);
    o.x.resize(rows * c.in);
    for (float& v : o.x) v = xd(gen);
    return o;
  }
  if (c.quant == WeightQuant::kInt4) {
    o.stored.resize(c.out * c.in / 2);
    for (size_t j = 0; j < o.stored.size(); ++j) {
      o.stored[j] = static_cast<int8_t>((o.q[2 * j] & 15) | (o.q[2 * j + 1] << 4));
    }
    o.scales.resize(c.out * (c.in / kInt4GroupSize));
  } else {
    o.stored = o.q;
    o.scales.resize(c.out);
  }
  for (float& v : o.scales) v = sd(gen);
  o.x.resize(rows * c.in);
  for (float& v : o.x) v = xd(gen);
  return o;
}

// y[r, o] in float64 and the sum of |terms| (the scale of the float32 rounding error).
void Reference(const Case& c, const Operands& o, int64_t rows, std::vector<double>& y,
               std::vector<double>& magnitude) {
  y.assign(rows * c.out, 0);
  magnitude.assign(rows * c.out, 0);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t n = 0; n < c.out; ++n) {
      double sum = 0, mag = 0;
      for (int64_t i = 0; i < c.in; ++i) {
        const double scale = c.quant == WeightQuant::kInt4
                                 ? o.scales[n * (c.in / kInt4GroupSize) + i / kInt4GroupSize]
                                 : o.scales[n];
        const double term = double{o.x[r * c.in + i]} * o.q[n * c.in + i] * scale;
        sum += term;
        mag += std::fabs(term);
      }
      y[r * c.out + n] = sum;
      magnitude[r * c.out + n] = mag;
    }
  }
}

TEST(QuantizedMatvec, MatchesTheFloat64SumOnEveryIsaHere) {
  const Case cases[] = {
      {WeightQuant::kInt8, 1, 1},      {WeightQuant::kInt8, 7, 13},
      {WeightQuant::kInt8, 67, 100},   {WeightQuant::kInt8, 301, 1029},
      {WeightQuant::kInt8, 5, 4064},   {WeightQuant::kInt4, 1, 32},
      {WeightQuant::kInt4, 13, 96},    {WeightQuant::kInt4, 67, 160},
      {WeightQuant::kInt4, 301, 1056}, {WeightQuant::kNone, 1, 1},
      {WeightQuant::kNone, 7, 13},     {WeightQuant::kNone, 67, 100},
      {WeightQuant::kNone, 301, 1029}, {WeightQuant::kNone, 5, 4064},
  };
  const std::vector<MatvecIsa> isas = MatvecIsasHere();
  ASSERT_GE(isas.size(), 2u) << "this CPU runs neither vector path; only the scalar one is tested";
  for (const Case& c : cases) {
    // 1 to kBlockRows rows (one block of the loops at most), and 17 and 19 (several blocks,
    // the last of 1 and 3 rows: a prefill's rows).
    for (int64_t rows = 1; rows <= kBlockRows + 11; ++rows) {
      if (rows > kBlockRows && rows != 2 * kBlockRows + 1 && rows != 2 * kBlockRows + 3) {
        continue;
      }
      const Operands o = Make(c, rows, static_cast<uint32_t>(c.out * 1000 + c.in + rows));
      std::vector<double> want, magnitude;
      Reference(c, o, rows, want, magnitude);
      MatvecRows prepared;
      PrepareMatvecRows(o.x.data(), false, rows, c.in, c.quant, prepared);
      for (MatvecIsa isa : isas) {
        SCOPED_TRACE(std::string(WeightQuantName(c.quant)) + " " + std::to_string(c.out) + "x" +
                     std::to_string(c.in) + " rows " + std::to_string(rows) + " " +
                     MatvecIsaName(isa));
        std::vector<float> y(rows * c.out, std::nanf(""));
        const QuantizedMatvec m{c.quant,         &prepared, o.stored.data(),
                                o.scales.data(), c.out,     y.data()};
        // In two uneven ranges, as threads take them.
        const int64_t split = c.out / 3;
        RunQuantizedMatvec(m, 0, split, isa);
        RunQuantizedMatvec(m, split, c.out, isa);
        for (size_t i = 0; i < y.size(); ++i) {
          // float32 sums of `in` terms: within a few ulps of the sum of their magnitudes (a
          // misread nibble, scale, row or tail element is off by a whole term).
          ASSERT_NEAR(y[i], want[i], 1e-6 * magnitude[i] + 1e-30) << "element " << i;
        }
      }
    }
  }
}

// A row's result is the same bits whatever rows share its call (batch-invariant decode: a sequence
// decodes alike alone or beside others, and a prefill's one row equals a decode step's): each row
// of an 8-row call against the same row alone, on every path, for shapes with vector bodies,
// partial vectors and tails, and a weight wider than one tile of outputs.
TEST(QuantizedMatvec, ARowsResultDoesNotDependOnTheOtherRows) {
  const Case cases[] = {{WeightQuant::kInt8, 37, 1029}, {WeightQuant::kInt8, 300, 896},
                        {WeightQuant::kInt8, 3, 20000}, {WeightQuant::kInt4, 37, 1056},
                        {WeightQuant::kInt4, 300, 896}, {WeightQuant::kNone, 37, 1029},
                        {WeightQuant::kNone, 300, 896}, {WeightQuant::kNone, 3, 20000}};
  for (const Case& c : cases) {
    const Operands o = Make(c, kBlockRows, static_cast<uint32_t>(c.out + c.in));
    MatvecRows all;
    PrepareMatvecRows(o.x.data(), false, kBlockRows, c.in, c.quant, all);
    for (MatvecIsa isa : MatvecIsasHere()) {
      std::vector<float> y(kBlockRows * c.out);
      RunQuantizedMatvec({c.quant, &all, o.stored.data(), o.scales.data(), c.out, y.data()}, 0,
                         c.out, isa);
      for (int64_t first = 0; first < kBlockRows; ++first) {
        for (int64_t rows = 1; first + rows <= kBlockRows; ++rows) {
          SCOPED_TRACE(std::string(WeightQuantName(c.quant)) + " " + std::to_string(c.out) + "x" +
                       std::to_string(c.in) + " " + MatvecIsaName(isa) + " rows " +
                       std::to_string(first) + ".." + std::to_string(first + rows));
          MatvecRows some;
          PrepareMatvecRows(o.x.data() + first * c.in, false, rows, c.in, c.quant, some);
          std::vector<float> got(rows * c.out);
          RunQuantizedMatvec({c.quant, &some, o.stored.data(), o.scales.data(), c.out, got.data()},
                             0, c.out, isa);
          ASSERT_EQ(std::memcmp(got.data(), y.data() + first * c.out, got.size() * sizeof(float)),
                    0);
        }
      }
    }
  }
}

// Rows as bf16 gives them: o.x rounded (truncated) to bf16, returned as the bits.
std::vector<uint16_t> ToBf16Rows(Operands& o) {
  std::vector<uint16_t> bits(o.x.size());
  for (size_t i = 0; i < o.x.size(); ++i) {
    uint32_t u;
    std::memcpy(&u, &o.x[i], sizeof u);
    bits[i] = static_cast<uint16_t>(u >> 16);
    u = static_cast<uint32_t>(bits[i]) << 16;
    std::memcpy(&o.x[i], &u, sizeof u);
  }
  return bits;
}

TEST(QuantizedMatvec, Bf16RowsAreWidenedExactly) {
  const Case c{WeightQuant::kInt4, 9, 64};
  constexpr int64_t kRows = 3;
  Operands o = Make(c, kRows, 7);
  // Rows that bf16 holds exactly, given as their bf16 bits.
  const std::vector<uint16_t> bits = ToBf16Rows(o);
  MatvecRows from_f32, from_bf16;
  PrepareMatvecRows(o.x.data(), false, kRows, c.in, c.quant, from_f32);
  PrepareMatvecRows(bits.data(), true, kRows, c.in, c.quant, from_bf16);
  EXPECT_EQ(from_f32.values, from_bf16.values);
  // int4 rows are split into even inputs then odd ones.
  EXPECT_EQ(from_f32.values[0], o.x[0]);
  EXPECT_EQ(from_f32.values[1], o.x[2]);
  EXPECT_EQ(from_f32.values[c.in / 2], o.x[1]);
}

TEST(QuantizedMatvec, KeepsWithinTheIsaXlaIsHeldTo) {
  EXPECT_EQ(MatvecIsaWithin(CpuIsaFromFlags("", "unknown")), MatvecIsa::kAuto);
  // AVX-512 without AMX: the AVX-512 loop, never the AMX one (kAuto would take it here).
  EXPECT_EQ(
      MatvecIsaWithin(XlaCpuIsa(CpuIsaFromFlags("sse2 avx2 fma f16c avx512f avx512bw avx512dq "
                                                "avx512vl",
                                                "flags"),
                                "")),
      MatvecIsa::kAvx512);
  const CpuIsa amx = CpuIsaFromFlags(
      "sse2 avx2 fma f16c avx512f avx512bw avx512dq avx512vl avx512_bf16 amx_bf16 amx_tile",
      "flags");
  EXPECT_EQ(MatvecIsaWithin(XlaCpuIsa(amx, "")), MatvecIsa::kAuto);
  EXPECT_EQ(MatvecIsaWithin(XlaCpuIsa(amx, "--xla_cpu_max_isa=AVX512_BF16")), MatvecIsa::kAvx512);
  const CpuIsa avx2 =
      XlaCpuIsa(CpuIsaFromFlags("sse2 avx2 fma f16c avx512f avx512bw avx512dq avx512vl", "flags"),
                "--xla_cpu_max_isa=AVX2");
  ASSERT_TRUE(avx2.known && avx2.avx2 && !avx2.avx512f);
  EXPECT_EQ(MatvecIsaWithin(avx2),
            CpuHasMatvecIsa(MatvecIsa::kAvx2) ? MatvecIsa::kAvx2 : MatvecIsa::kScalar);
  EXPECT_EQ(MatvecIsaWithin(XlaCpuIsa(avx2, "--xla_cpu_max_isa=SSE4_2")), MatvecIsa::kScalar);
}

// The AMX loop (bf16 weights; quantized_matvec_amx.cc), where this CPU has it: not a path of
// MatvecIsasHere (kAuto takes it), so run through RunBf16MatvecAmx and checked here.
bool AmxHere() {
  if (CpuHasAmxBf16()) return true;
  std::printf("unavailable: no AMX-BF16 on this CPU\n");
  return false;
}

// Rows 1 to 16 (one B tile) and 19 (two), inputs with and without a partial last step of 32 (41:
// and a last pair of one input), outputs in whole tiles of 16 and not, split unevenly; rows given
// in bf16 (one part) and in float32 (three). Against the float64 sum: the products are exact in
// float32 (bf16 by bf16), so the error is the float32 sums' alone, at most (terms - 1) * 2^-24 of
// the sum of |terms| in any order (float32 rows: three terms an input, their magnitudes summing
// to the input's).
TEST(QuantizedMatvecAmx, MatchesTheFloat64Sum) {
  if (!AmxHere()) GTEST_SKIP() << "unavailable: no AMX-BF16 on this CPU";
  for (int64_t in : {1, 40, 41, 896, 900}) {
    for (int64_t out : {1, 17, 300}) {
      const Case c{WeightQuant::kNone, out, in};
      for (int64_t rows = 1; rows <= 19; ++rows) {
        if (rows > 16 && rows != 19) continue;
        for (bool bf16 : {true, false}) {
          SCOPED_TRACE(std::to_string(out) + "x" + std::to_string(in) + " rows " +
                       std::to_string(rows) + (bf16 ? " bf16" : " f32"));
          Operands o = Make(c, rows, static_cast<uint32_t>(out * 7 + in * 3 + rows));
          const std::vector<uint16_t> bits = ToBf16Rows(o);
          if (!bf16) {  // float32 rows with bits past bf16's
            for (size_t i = 0; i < o.x.size(); ++i) o.x[i] *= 1.0f + 0x1p-12f * (i % 7 + 1);
          }
          std::vector<double> want, magnitude;
          Reference(c, o, rows, want, magnitude);
          MatvecRows prepared;
          PrepareMatvecRows(bf16 ? static_cast<const void*>(bits.data()) : o.x.data(), bf16, rows,
                            in, c.quant, prepared);
          ASSERT_EQ(prepared.planes, bf16 ? 1 : 3);
          std::vector<float> y(rows * out, std::nanf(""));
          const QuantizedMatvec m{c.quant, &prepared, o.stored.data(), nullptr, out, y.data()};
          const int64_t split = out / 3;
          RunBf16MatvecAmx(m, 0, split);
          RunBf16MatvecAmx(m, split, out);
          for (size_t i = 0; i < y.size(); ++i) {
            ASSERT_NEAR(y[i], want[i], (prepared.planes * in - 1) * 0x1p-24 * magnitude[i] + 1e-30)
                << "element " << i;
          }
        }
      }
    }
  }
}

// A row's result is the same bits alone, among 8 or 16 rows (or 19: two B tiles) and for any
// split of the outputs (batch-invariant decode, as the other paths).
TEST(QuantizedMatvecAmx, ARowsResultDoesNotDependOnTheOtherRowsOrTheSplit) {
  if (!AmxHere()) GTEST_SKIP() << "unavailable: no AMX-BF16 on this CPU";
  constexpr int64_t kRows = 19;
  for (const Case& c : {Case{WeightQuant::kNone, 300, 896}, Case{WeightQuant::kNone, 17, 900},
                        Case{WeightQuant::kNone, 37, 40}}) {
    Operands o = Make(c, kRows, static_cast<uint32_t>(c.out + c.in));
    const std::vector<uint16_t> bits = ToBf16Rows(o);
    auto run = [&](int64_t first, int64_t rows, const std::vector<int64_t>& cuts) {
      MatvecRows some;
      PrepareMatvecRows(bits.data() + first * c.in, true, rows, c.in, c.quant, some);
      std::vector<float> y(rows * c.out);
      const QuantizedMatvec m{c.quant, &some, o.stored.data(), nullptr, c.out, y.data()};
      int64_t begin = 0;
      for (int64_t cut : cuts) {
        const int64_t end = cut < c.out ? cut : c.out;
        if (end > begin) RunBf16MatvecAmx(m, begin, end);
        begin = end > begin ? end : begin;
      }
      if (begin < c.out) RunBf16MatvecAmx(m, begin, c.out);
      return y;
    };
    const std::vector<float> all = run(0, kRows, {});
    for (int64_t rows : {1, 8, 16}) {
      for (int64_t first = 0; first + rows <= kRows; first += rows) {
        for (const std::vector<int64_t>& cuts :
             {std::vector<int64_t>{}, std::vector<int64_t>{1, 17, 50}, std::vector<int64_t>{33}}) {
          SCOPED_TRACE(std::to_string(c.out) + "x" + std::to_string(c.in) + " rows " +
                       std::to_string(first) + ".." + std::to_string(first + rows) + " cuts " +
                       std::to_string(cuts.size()));
          const std::vector<float> got = run(first, rows, cuts);
          ASSERT_EQ(std::memcmp(got.data(), all.data() + first * c.out, got.size() * sizeof(float)),
                    0);
        }
      }
    }
  }
}

// kAuto takes the AMX loop for bf16 weights here (the same bits as it), the forced AVX2 and
// AVX-512 loops do not (their lanes sum in another order: some result differs).
TEST(QuantizedMatvecAmx, AutoTakesItHere) {
  if (!AmxHere()) GTEST_SKIP() << "unavailable: no AMX-BF16 on this CPU";
  const Case c{WeightQuant::kNone, 300, 896};
  constexpr int64_t kRows = 8;
  Operands o = Make(c, kRows, 11);
  const std::vector<uint16_t> bits = ToBf16Rows(o);
  MatvecRows prepared;
  PrepareMatvecRows(bits.data(), true, kRows, c.in, c.quant, prepared);
  auto run = [&](bool amx, MatvecIsa isa) {
    std::vector<float> y(kRows * c.out);
    const QuantizedMatvec m{c.quant, &prepared, o.stored.data(), nullptr, c.out, y.data()};
    if (amx) {
      RunBf16MatvecAmx(m, 0, c.out);
    } else {
      RunQuantizedMatvec(m, 0, c.out, isa);
    }
    return y;
  };
  const std::vector<float> amx = run(true, MatvecIsa::kAuto);
  EXPECT_EQ(run(false, MatvecIsa::kAuto), amx);
  EXPECT_NE(run(false, MatvecIsa::kAvx2), amx);
  EXPECT_NE(run(false, MatvecIsa::kAvx512), amx);
}

}  // namespace
}  // namespace vlmxla::runtime
