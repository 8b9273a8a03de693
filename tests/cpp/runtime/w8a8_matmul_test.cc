// runtime::RunW8A8Matmul and QuantizeActivationRows (the W8A8 host kernel: int8 activations per
// row times an int8 weight per output channel, summed exactly in int32) against the definition
// itself, on every instruction set this CPU runs (the AVX2 loop forced even where the AVX-512
// VNNI one would be chosen). The sums are integers, so every path, row count and output split
// must give the definition's bits, not merely something close: inputs that are not multiples of
// any vector width or slice, 1 to 20 rows (blocks of 8 and their remainders), edge rows (zero,
// NaN, infinite, tiny), and weights whose sums the VNNI loop's correction must get right.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "activation_rows.h"
#include "matvec_isas.h"
#include "vlmxla/base/quantize.h"
#include "vlmxla/runtime/quantized_matvec.h"

namespace vlmxla::runtime {
namespace {

// A weight as QuantizeWeight leaves it: q in [-127, 127], scales of 8 significant bits.
struct Weight {
  std::vector<int8_t> q;  // [out, in]
  std::vector<float> scales;
};

Weight RandomWeight(int64_t out, int64_t in, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> qd(-127, 127);
  std::uniform_real_distribution<float> md(0.01f, 3.0f);
  Weight w;
  w.q.resize(out * in);
  for (int8_t& v : w.q) v = static_cast<int8_t>(qd(gen));
  w.scales.resize(out);
  for (float& s : w.scales) s = QuantizationScale(md(gen), 127.0f);
  return w;
}

// The definition: each row by QuantizeActivationRow, int64 sums (which must fit int32), then
// float(sum) * (scale_x * scale_w).
std::vector<float> Reference(const std::vector<float>& x, int64_t rows, int64_t in, const Weight& w,
                             int64_t out) {
  std::vector<int8_t> q(in);
  std::vector<float> y(rows * out);
  for (int64_t r = 0; r < rows; ++r) {
    const float sx = QuantizeActivationRow(x.data() + r * in, in, q.data());
    for (int64_t o = 0; o < out; ++o) {
      int64_t sum = 0;
      for (int64_t i = 0; i < in; ++i) sum += int64_t{q[i]} * w.q[o * in + i];
      EXPECT_LE(std::llabs(sum), int64_t{2147483647});
      const float scale = sx * w.scales[o];
      y[r * out + o] = static_cast<float>(sum) * scale;
    }
  }
  return y;
}

// got == want bit for bit (NaN included); else the first element that differs.
::testing::AssertionResult SameBits(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << "sizes differ";
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
      return ::testing::AssertionFailure()
             << "element " << i << ": " << got[i] << " vs " << want[i];
    }
  }
  return ::testing::AssertionSuccess();
}

std::string Trace(MatvecIsa isa, int64_t rows, int64_t in, int64_t out) {
  return std::string(MatvecIsaName(isa)) + " rows " + std::to_string(rows) + " in " +
         std::to_string(in) + " out " + std::to_string(out);
}

// Each row as QuantizeActivationRow quantizes it, from float32 and from bfloat16 bits, on every
// path: q, u = q + 128, and the scale's bits.
TEST(W8A8ActivationRows, EqualQuantizeActivationRowOnEveryIsaHere) {
  for (int64_t in : {1, 7, 16, 17, 100, 896, 1029}) {
    constexpr int64_t kRows = 18;
    std::vector<float> x = Activations(kRows, in, static_cast<uint32_t>(in), true);
    // bfloat16 rows: x cut to bf16 (exactly representable), and their bits.
    std::vector<uint16_t> bits(x.size());
    std::vector<float> cut(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      uint32_t u;
      std::memcpy(&u, &x[i], sizeof u);
      bits[i] = static_cast<uint16_t>(u >> 16);
      u = static_cast<uint32_t>(bits[i]) << 16;
      std::memcpy(&cut[i], &u, sizeof u);
    }
    for (MatvecIsa isa : MatvecIsasHere()) {
      for (bool bf16 : {false, true}) {
        SCOPED_TRACE(Trace(isa, kRows, in, 0) + (bf16 ? " bf16" : " f32"));
        const std::vector<float>& values = bf16 ? cut : x;
        ActivationRows rows;
        QuantizeActivationRows(bf16 ? static_cast<const void*>(bits.data()) : x.data(), bf16, kRows,
                               in, rows, isa);
        ASSERT_EQ(rows.rows, kRows);
        ASSERT_EQ(rows.in, in);
        std::vector<int8_t> q(in);
        for (int64_t r = 0; r < kRows; ++r) {
          const float scale = QuantizeActivationRow(values.data() + r * in, in, q.data());
          ASSERT_EQ(std::memcmp(&rows.scales[r], &scale, sizeof scale), 0)
              << "row " << r << ": " << rows.scales[r] << " vs " << scale;
          for (int64_t i = 0; i < in; ++i) {
            ASSERT_EQ(rows.q[r * in + i], q[i]) << "row " << r << " input " << i;
            ASSERT_EQ(rows.u[r * in + i], q[i] + 128) << "row " << r << " input " << i;
          }
        }
      }
    }
  }
}

// Every path equals the definition bit for bit, for 1 to 20 rows, the outputs in uneven ranges
// as threads take them.
TEST(W8A8Matmul, EqualsTheIntegerDefinitionOnEveryIsaHere) {
  const std::vector<MatvecIsa> isas = MatvecIsasHere();
  ASSERT_GE(isas.size(), 2u) << "this CPU runs neither vector path; only the scalar one is tested";
  for (int64_t in : {8, 64, 100, 896, 4901}) {
    for (int64_t out : {1, 7, 33, 300}) {
      const Weight w = RandomWeight(out, in, static_cast<uint32_t>(out * 7 + in));
      for (int64_t rows = 1; rows <= 20; ++rows) {
        const std::vector<float> x =
            Activations(rows, in, static_cast<uint32_t>(rows * 1000 + in + out), true);
        const std::vector<float> want = Reference(x, rows, in, w, out);
        ActivationRows prepared;
        QuantizeActivationRows(x.data(), false, rows, in, prepared);
        for (MatvecIsa isa : isas) {
          SCOPED_TRACE(Trace(isa, rows, in, out));
          std::vector<float> y(rows * out, 12345.0f);
          const W8A8Matmul m{&prepared, w.q.data(), w.scales.data(), out, y.data()};
          const int64_t a = out / 3, b = out - out / 4;
          RunW8A8Matmul(m, 0, a, isa);
          RunW8A8Matmul(m, b, out, isa);
          RunW8A8Matmul(m, a, b, isa);
          ASSERT_TRUE(SameBits(y, want));
        }
      }
    }
  }
}

// A row's result is the same bits alone as inside a call of more rows, at every position of a
// block and past it (batch-invariant decode); and at a width of several slices of inputs (the
// loops' partial sums held in y between them), the definition's.
TEST(W8A8Matmul, ARowsResultDoesNotDependOnTheOtherRows) {
  constexpr int64_t kRows = 19, kOut = 37;
  for (int64_t in : {4901, 20000}) {
    const Weight w = RandomWeight(kOut, in, 3);
    const std::vector<float> x = Activations(kRows, in, 4, false);
    const std::vector<float> want = Reference(x, kRows, in, w, kOut);
    ActivationRows all;
    QuantizeActivationRows(x.data(), false, kRows, in, all);
    for (MatvecIsa isa : MatvecIsasHere()) {
      std::vector<float> y(kRows * kOut);
      RunW8A8Matmul({&all, w.q.data(), w.scales.data(), kOut, y.data()}, 0, kOut, isa);
      ASSERT_TRUE(SameBits(y, want)) << Trace(isa, kRows, in, kOut);
      for (int64_t r = 0; r < kRows; ++r) {
        SCOPED_TRACE(Trace(isa, 1, in, kOut) + " row " + std::to_string(r));
        ActivationRows one;
        QuantizeActivationRows(x.data() + r * in, false, 1, in, one);
        std::vector<float> got(kOut);
        RunW8A8Matmul({&one, w.q.data(), w.scales.data(), kOut, got.data()}, 0, kOut, isa);
        ASSERT_TRUE(
            SameBits(got, std::vector<float>(y.begin() + r * kOut, y.begin() + (r + 1) * kOut)));
      }
    }
  }
}

// The VNNI loop sums (q_x + 128) * q_w and subtracts 128 * sum(q_w): weights all -127 (or all
// 127) make that correction as large as it gets, against q_x all 127, all -127 and mixed, at
// widths up to the int32 bound, where the sums on the way wrap (255 * 127 * 130000 > 2^31) but
// the result does not (127 * 127 * 130000 < 2^31).
TEST(W8A8Matmul, TheWeightSumCorrectionIsExactUpToTheInt32Bound) {
  for (int64_t in : {64, 100, 4901, 130000}) {
    for (int8_t wq : {int8_t{-127}, int8_t{127}}) {
      constexpr int64_t kOut = 3;
      Weight w;
      w.q.assign(kOut * in, wq);
      w.q[in + in / 2] = 0;  // output 1: one product fewer
      w.scales = {1.0f, 0.5f, 0.25f};
      std::vector<float> x(3 * in, 127.0f);
      std::fill(x.begin() + in, x.begin() + 2 * in, -127.0f);
      for (int64_t i = 0; i < in; i += 2) x[2 * in + i] = -127.0f;
      ActivationRows rows;
      QuantizeActivationRows(x.data(), false, 3, in, rows);
      const std::vector<float> want = Reference(x, 3, in, w, kOut);
      // Row 0, output 0: 127 * wq * in, exactly.
      ASSERT_EQ(want[0], static_cast<float>(int64_t{127} * wq * in));
      for (MatvecIsa isa : MatvecIsasHere()) {
        SCOPED_TRACE(Trace(isa, 3, in, kOut) + " q_w " + std::to_string(wq));
        std::vector<float> y(3 * kOut);
        RunW8A8Matmul({&rows, w.q.data(), w.scales.data(), kOut, y.data()}, 0, kOut, isa);
        ASSERT_TRUE(SameBits(y, want));
      }
    }
  }
}

}  // namespace
}  // namespace vlmxla::runtime
