// runtime::RunW4A8Matmul and QuantizeActivationRows' group sums (the W4A8 host kernel: int8
// activations per row times an int4 weight in groups of 32, each group's sum exact in int32, the
// groups' products by their scales added in float32 in group order) against the definition
// itself, on every instruction set this CPU runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "activation_rows.h"
#include "matvec_isas.h"
#include "w4a8_definition.h"
#include "vlmxla/base/quantize.h"
#include "vlmxla/runtime/quantized_matvec.h"

namespace vlmxla::runtime {
namespace {

// W4A8 (RunW4A8Matmul): int8 rows, each group of 32 inputs' int32 sum by an int4 weight times
// the group's bf16 scale added in float32 in group order, then times the row's scale. Every path
// must give the definition's bits (base/quantize.h), whatever the rows beside a row and the split
// of the outputs.

// An int4 weight as QuantizeWeight makes it from random floats (a zero group among them: scale
// 1), and PackW4A8Weight's blocks of it. Each group's values are scaled by 2^-e, e up to 20: with
// scales of one magnitude every partial float sum of the definition would be exact (multiples of
// the smallest scale's last bit, below 2^24 of them), so that any order of the groups gave the
// same bits; scales this far apart make the sums round, and the order show.
struct W4A8Weight {
  QuantizedWeight int4;
  QuantizedWeight blocks;
};

W4A8Weight RandomW4A8Weight(int64_t out, int64_t in, uint32_t seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> normal(0.0f, 0.05f);
  std::uniform_int_distribution<int> exponent(0, 20);
  HostTensor w(DType::kF32, Shape{out, in});
  auto values = w.mutable_span<float>();
  for (size_t i = 0; i < values.size(); i += kInt4GroupSize) {
    const float magnitude = std::ldexp(1.0f, -exponent(gen));
    for (size_t j = i; j < i + kInt4GroupSize; ++j) values[j] = normal(gen) * magnitude;
  }
  std::fill(values.begin(), values.begin() + kInt4GroupSize, 0.0f);
  Result<QuantizedWeight> int4 = QuantizeWeight(w, WeightQuant::kInt4, "w");
  EXPECT_TRUE(int4.ok()) << int4.status().ToString();
  Result<QuantizedWeight> blocks = PackW4A8Weight(*int4, "w");
  EXPECT_TRUE(blocks.ok()) << blocks.status().ToString();
  return {std::move(*int4), std::move(*blocks)};
}

// The definition (w4a8_definition.h), from the blocks unpacked again (UnpackW4A8Weight).
std::vector<float> W4A8Reference(const std::vector<float>& x, int64_t rows, int64_t in,
                                 const QuantizedWeight& blocks, int64_t out) {
  Result<QuantizedWeight> int4 = UnpackW4A8Weight(blocks, out);
  EXPECT_TRUE(int4.ok()) << int4.status().ToString();
  return W4A8Definition(x.data(), rows, in, *int4);
}

// got == want bit for bit (NaN included); else the first element that differs.
::testing::AssertionResult SameW4A8Bits(const std::vector<float>& got,
                                        const std::vector<float>& want, int64_t out) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << "sizes differ";
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
      return ::testing::AssertionFailure()
             << "row " << i / out << " output " << i % out << ": " << got[i] << " vs " << want[i];
    }
  }
  return ::testing::AssertionSuccess();
}

std::string W4A8Trace(MatvecIsa isa, int64_t rows, int64_t in, int64_t out) {
  return std::string(MatvecIsaName(isa)) + " rows " + std::to_string(rows) + " in " +
         std::to_string(in) + " out " + std::to_string(out);
}

// y from one call over all outputs, or one call per block of 16 outputs, the last block first
// (any split the threads may take is a union of blocks).
std::vector<float> RunW4A8(const ActivationRows& x, const W4A8Weight& w, int64_t out, MatvecIsa isa,
                           bool per_block) {
  std::vector<float> y(x.rows * out, 12345.0f);
  const W4A8Matmul m{&x, w.blocks.values.span<int8_t>().data(),
                     w.blocks.scales.span<uint16_t>().data(), out, y.data()};
  if (!per_block) {
    RunW4A8Matmul(m, 0, out, isa);
    return y;
  }
  for (int64_t begin = (out - 1) / kW4A8BlockOutputs * kW4A8BlockOutputs; begin >= 0;
       begin -= kW4A8BlockOutputs) {
    RunW4A8Matmul(m, begin, std::min(begin + kW4A8BlockOutputs, out), isa);
  }
  return y;
}

// Group sums: -8 times the sum of each group's q_x, from float32 and bfloat16 rows, on every path
// (and none where not asked for).
TEST(W4A8ActivationRows, GroupSumsAreMinusEightTimesEachGroupsSum) {
  for (int64_t in : {32, 96, 896}) {
    constexpr int64_t kRows = 9;
    const std::vector<float> x = Activations(kRows, in, static_cast<uint32_t>(in), true);
    std::vector<uint16_t> bits(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      uint32_t u;
      std::memcpy(&u, &x[i], sizeof u);
      bits[i] = static_cast<uint16_t>(u >> 16);
    }
    for (MatvecIsa isa : MatvecIsasHere()) {
      for (bool bf16 : {false, true}) {
        SCOPED_TRACE(W4A8Trace(isa, kRows, in, 0) + (bf16 ? " bf16" : " f32"));
        const void* data = bf16 ? static_cast<const void*>(bits.data()) : x.data();
        ActivationRows rows;
        QuantizeActivationRows(data, bf16, kRows, in, rows, isa, true);
        const int64_t groups = in / kInt4GroupSize;
        ASSERT_EQ(rows.group_sums.size(), static_cast<size_t>(kRows * groups));
        bool some_nonzero = false;
        for (int64_t r = 0; r < kRows; ++r) {
          for (int64_t g = 0; g < groups; ++g) {
            int32_t sum = 0;
            for (int64_t i = 0; i < kInt4GroupSize; ++i) {
              sum += rows.q[r * in + g * kInt4GroupSize + i];
            }
            ASSERT_EQ(rows.group_sums[r * groups + g], -8 * sum) << "row " << r << " group " << g;
            some_nonzero = some_nonzero || sum != 0;
          }
        }
        EXPECT_TRUE(some_nonzero);
        QuantizeActivationRows(data, bf16, kRows, in, rows, isa);
        EXPECT_TRUE(rows.group_sums.empty());
      }
    }
  }
}

// Every path equals the definition bit for bit: 1 to 17 rows (blocks of 8 and 4 and their
// remainders), one group to several slices of groups (4864), a partial last block (40), in one
// call and block by block.
TEST(W4A8Matmul, EqualsTheDefinitionOnEveryIsaHere) {
  const std::vector<MatvecIsa> isas = MatvecIsasHere();
  ASSERT_GE(isas.size(), 2u) << "this CPU runs neither vector path; only the scalar one is tested";
  for (int64_t in : {32, 96, 896, 4864}) {
    for (int64_t out : {16, 40, 896}) {
      const W4A8Weight w = RandomW4A8Weight(out, in, static_cast<uint32_t>(out * 7 + in));
      for (int64_t rows : {1, 2, 3, 5, 8, 9, 17}) {
        const std::vector<float> x =
            Activations(rows, in, static_cast<uint32_t>(rows * 1000 + in + out), true);
        const std::vector<float> want = W4A8Reference(x, rows, in, w.blocks, out);
        ActivationRows prepared;
        QuantizeActivationRows(x.data(), false, rows, in, prepared, MatvecIsa::kAuto, true);
        for (MatvecIsa isa : isas) {
          SCOPED_TRACE(W4A8Trace(isa, rows, in, out));
          ASSERT_TRUE(SameW4A8Bits(RunW4A8(prepared, w, out, isa, false), want, out));
          ASSERT_TRUE(SameW4A8Bits(RunW4A8(prepared, w, out, isa, true), want, out));
        }
      }
    }
  }
}

// A prefill's many rows: several row blocks over each tile of outputs.
TEST(W4A8Matmul, EqualsTheDefinitionAt300Rows) {
  constexpr int64_t kRows = 300, kIn = 896;
  for (int64_t out : {40, 896}) {
    const W4A8Weight w = RandomW4A8Weight(out, kIn, static_cast<uint32_t>(out));
    const std::vector<float> x = Activations(kRows, kIn, 5, true);
    const std::vector<float> want = W4A8Reference(x, kRows, kIn, w.blocks, out);
    ActivationRows prepared;
    QuantizeActivationRows(x.data(), false, kRows, kIn, prepared, MatvecIsa::kAuto, true);
    for (MatvecIsa isa : MatvecIsasHere()) {
      SCOPED_TRACE(W4A8Trace(isa, kRows, kIn, out));
      ASSERT_TRUE(SameW4A8Bits(RunW4A8(prepared, w, out, isa, false), want, out));
    }
  }
}

// A row's result is the same bits alone as at each place of a call of 8 (batch-invariant decode).
TEST(W4A8Matmul, ARowsResultDoesNotDependOnTheOtherRows) {
  constexpr int64_t kRows = 8;
  for (int64_t in : {896, 4864}) {
    for (int64_t out : {40, 896}) {
      const W4A8Weight w = RandomW4A8Weight(out, in, static_cast<uint32_t>(in + out));
      const std::vector<float> x = Activations(kRows, in, 9, false);
      ActivationRows all;
      QuantizeActivationRows(x.data(), false, kRows, in, all, MatvecIsa::kAuto, true);
      for (MatvecIsa isa : MatvecIsasHere()) {
        const std::vector<float> y = RunW4A8(all, w, out, isa, false);
        for (int64_t r = 0; r < kRows; ++r) {
          SCOPED_TRACE(W4A8Trace(isa, 1, in, out) + " row " + std::to_string(r));
          ActivationRows one;
          QuantizeActivationRows(x.data() + r * in, false, 1, in, one, MatvecIsa::kAuto, true);
          ASSERT_TRUE(SameW4A8Bits(
              RunW4A8(one, w, out, isa, r % 2 == 1),
              std::vector<float>(y.begin() + r * out, y.begin() + (r + 1) * out), out));
        }
      }
    }
  }
}

// A row with a NaN or an infinity gives NaN everywhere (its scale is NaN), a zero row +0, and
// the rows beside them their own results.
TEST(W4A8Matmul, NonFiniteRowsGiveNanAndZeroRowsZero) {
  constexpr int64_t kRows = 5, kIn = 96, kOut = 40;
  const W4A8Weight w = RandomW4A8Weight(kOut, kIn, 1);
  std::vector<float> x = Activations(kRows, kIn, 2, false);
  x[1 * kIn + 17] = std::nanf("");
  x[2 * kIn + 90] = -INFINITY;
  std::fill(x.begin() + 3 * kIn, x.begin() + 4 * kIn, 0.0f);
  const std::vector<float> want = W4A8Reference(x, kRows, kIn, w.blocks, kOut);
  ActivationRows prepared;
  QuantizeActivationRows(x.data(), false, kRows, kIn, prepared, MatvecIsa::kAuto, true);
  for (MatvecIsa isa : MatvecIsasHere()) {
    SCOPED_TRACE(MatvecIsaName(isa));
    const std::vector<float> y = RunW4A8(prepared, w, kOut, isa, false);
    ASSERT_TRUE(SameW4A8Bits(y, want, kOut));
    for (int64_t o = 0; o < kOut; ++o) {
      EXPECT_TRUE(std::isnan(y[1 * kOut + o])) << o;
      EXPECT_TRUE(std::isnan(y[2 * kOut + o])) << o;
      EXPECT_EQ(y[3 * kOut + o], 0.0f) << o;
      EXPECT_FALSE(std::signbit(y[3 * kOut + o])) << o;
      EXPECT_TRUE(std::isfinite(y[o]) && std::isfinite(y[4 * kOut + o])) << o;
    }
  }
}

// Not a test: times RunW4A8Matmul against the int4 float-weight kernel (RunQuantizedMatvec) and
// RunW8A8Matmul on the 0.5B model's shapes at 1 and 8 rows, one thread, each the best of several
// runs, on the widest path here and on AVX2; "hot" calls read the same weight (in L2 or L3),
// "stream" ones a new copy each call out of copies filling 512 MiB (from memory, as a decode
// reads each layer). Run with
//   runtime_tests --gtest_also_run_disabled_tests --gtest_filter='W4A8Bench.*'
TEST(W4A8Bench, DISABLED_PrintsKernelTimes) {
  struct Shape2 {
    int64_t out, in;
  };
  constexpr int64_t kStreamBytes = int64_t{512} << 20;
  // The widest path, and AVX2 where that is AVX-512.
  std::vector<MatvecIsa> isas = {HostMatvecIsa()};
  if (isas[0] == MatvecIsa::kAvx512 && CpuHasMatvecIsa(MatvecIsa::kAvx2)) {
    isas.push_back(MatvecIsa::kAvx2);
  }
  std::printf("1 thread; AVX-512: W8A8 and W4A8 with VNNI where the CPU has it\n");
  std::printf("%-10s %4s %-7s %-5s %-6s %10s %8s\n", "out x in", "rows", "isa", "kind", "mode",
              "us/call", "GB/s");
  for (const Shape2 s : {Shape2{896, 896}, Shape2{4864, 896}, Shape2{896, 4864}}) {
    std::mt19937 gen(static_cast<uint32_t>(s.out + s.in));
    std::normal_distribution<float> normal(0.0f, 0.05f);
    HostTensor wf(DType::kF32, Shape{s.out, s.in});
    for (float& v : wf.mutable_span<float>()) v = normal(gen);
    const QuantizedWeight int8 = *QuantizeWeight(wf, WeightQuant::kInt8, "w");
    const QuantizedWeight int4 = *QuantizeWeight(wf, WeightQuant::kInt4, "w");
    const QuantizedWeight blocks = *PackW4A8Weight(int4, "w");
    for (int64_t rows : {1, 8}) {
      const std::vector<float> x = Activations(rows, s.in, 3, false);
      ActivationRows quantized;
      QuantizeActivationRows(x.data(), false, rows, s.in, quantized, MatvecIsa::kAuto, true);
      MatvecRows floats;
      PrepareMatvecRows(x.data(), false, rows, s.in, WeightQuant::kInt4, floats);
      std::vector<float> y(rows * s.out);
      // kind: 0 W4A8, 1 int4 (float weights), 2 W8A8; weight bytes (values, scales) of each.
      for (int kind = 0; kind < 3; ++kind) {
        for (MatvecIsa isa : isas) {
          const QuantizedWeight& w = kind == 0 ? blocks : kind == 1 ? int4 : int8;
          const size_t values = w.values.byte_size(), scales = w.scales.byte_size();
          const char* name = kind == 0 ? "w4a8" : kind == 1 ? "int4" : "w8a8";
          for (bool stream : {false, true}) {
            const size_t copies =
                stream ? static_cast<size_t>(kStreamBytes) / (values + scales) : 1;
            std::vector<int8_t> all_values(copies * values);
            std::vector<uint8_t> all_scales(copies * scales);
            for (size_t c = 0; c < copies; ++c) {
              std::memcpy(all_values.data() + c * values, w.values.data(), values);
              std::memcpy(all_scales.data() + c * scales, w.scales.data(), scales);
            }
            auto call = [&](size_t c) {
              const int8_t* q = all_values.data() + c * values;
              const void* sc = all_scales.data() + c * scales;
              if (kind == 0) {
                RunW4A8Matmul({&quantized, q, static_cast<const uint16_t*>(sc), s.out, y.data()}, 0,
                              s.out, isa);
              } else if (kind == 1) {
                RunQuantizedMatvec({WeightQuant::kInt4, &floats, q, static_cast<const float*>(sc),
                                    s.out, y.data()},
                                   0, s.out, isa);
              } else {
                RunW8A8Matmul({&quantized, q, static_cast<const float*>(sc), s.out, y.data()}, 0,
                              s.out, isa);
              }
            };
            // A run: every copy once (stream), or 200 calls of the one (hot).
            const size_t calls = stream ? copies : 200;
            double best = 1e30;
            for (int run = 0; run < 7; ++run) {
              const auto start = std::chrono::steady_clock::now();
              for (size_t c = 0; c < calls; ++c) call(stream ? c : 0);
              const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
              best = std::min(best, took.count() / static_cast<double>(calls));
            }
            std::printf("%4ldx%-5ld %4ld %-7s %-5s %-6s %10.2f %8.1f\n", static_cast<long>(s.out),
                        static_cast<long>(s.in), static_cast<long>(rows), MatvecIsaName(isa), name,
                        stream ? "stream" : "hot", best * 1e6,
                        static_cast<double>(values + scales) / best * 1e-9);
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace vlmxla::runtime
