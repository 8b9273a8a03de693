// runtime::RunDecodeAttention (the host kernel behind the decode attention custom call) against a
// float64 loop over its definition, on every instruction set this CPU runs: float32 and bfloat16
// operands, head dims that are and are not multiples of the vector widths, one visible row and
// many; and the property decode relies on: a slot's result is the same bits whatever its cache's
// capacity and whatever the rows past its position hold (NaN here), so it never depends on them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "vlmxla/base/quantize.h"
#include "matvec_isas.h"
#include "vlmxla/runtime/decode_attention.h"

namespace vlmxla::runtime {
namespace {

uint16_t ToBf16(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}
float FromBf16(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

struct HeadShape {
  int64_t kv, rep, hd;
};

// Operands of one slot as the kernel reads them (float32 values, or their bfloat16 bits), with
// the float values they stand for, for the reference.
struct Slot {
  bool bf16;
  HeadShape s;
  int64_t rows;
  std::vector<float> q, k, v;  // the values
  std::vector<uint16_t> qb, kb, vb;
  const void* Q() const { return bf16 ? static_cast<const void*>(qb.data()) : q.data(); }
  const void* K() const { return bf16 ? static_cast<const void*>(kb.data()) : k.data(); }
  const void* V() const { return bf16 ? static_cast<const void*>(vb.data()) : v.data(); }
};

// Rows [0, filled) random, the rest `fill` (NaN: a row the kernel must never read).
Slot MakeSlot(bool bf16, HeadShape s, int64_t rows, int64_t filled, float fill, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> d(-2.0f, 2.0f);
  Slot slot{bf16, s, rows, {}, {}, {}, {}, {}, {}};
  auto value = [&](float x) { return bf16 ? FromBf16(ToBf16(x)) : x; };
  slot.q.resize(s.kv * s.rep * s.hd);
  for (float& x : slot.q) x = value(d(gen));
  for (auto* cache : {&slot.k, &slot.v}) {
    cache->assign(s.kv * rows * s.hd, fill);
    for (int64_t h = 0; h < s.kv; ++h) {
      for (int64_t j = 0; j < filled; ++j) {
        for (int64_t i = 0; i < s.hd; ++i) (*cache)[(h * rows + j) * s.hd + i] = value(d(gen));
      }
    }
  }
  for (auto [from, to] : {std::pair{&slot.q, &slot.qb}, {&slot.k, &slot.kb}, {&slot.v, &slot.vb}}) {
    to->resize(from->size());
    for (size_t i = 0; i < from->size(); ++i) (*to)[i] = ToBf16((*from)[i]);
  }
  return slot;
}

// The output in float64 over rows 0..n-1, without the kernel's roundings.
std::vector<double> Reference(const Slot& slot, int64_t n, double scaling) {
  const HeadShape& s = slot.s;
  std::vector<double> out(s.kv * s.rep * s.hd, 0.0);
  for (int64_t h = 0; h < s.kv; ++h) {
    for (int64_t r = 0; r < s.rep; ++r) {
      std::vector<double> p(n);
      double m = -std::numeric_limits<double>::infinity(), sum = 0;
      for (int64_t j = 0; j < n; ++j) {
        double dot = 0;
        for (int64_t i = 0; i < s.hd; ++i) {
          dot += double(slot.q[(h * s.rep + r) * s.hd + i]) *
                 double(slot.k[(h * slot.rows + j) * s.hd + i]);
        }
        p[j] = dot * scaling;
        m = std::max(m, p[j]);
      }
      for (double& x : p) sum += (x = std::exp(x - m));
      for (int64_t j = 0; j < n; ++j) {
        for (int64_t i = 0; i < s.hd; ++i) {
          out[(h * s.rep + r) * s.hd + i] += p[j] / sum * slot.v[(h * slot.rows + j) * s.hd + i];
        }
      }
    }
  }
  return out;
}

// The kernel's output as floats (and its raw bits, for bitwise comparisons).
std::vector<float> Attend(const Slot& slot, int64_t position, float scaling, MatvecIsa isa,
                          std::vector<uint32_t>* bits = nullptr) {
  const HeadShape& s = slot.s;
  DecodeAttention a;
  a.bf16 = slot.bf16;
  a.q = slot.Q();
  a.k = slot.K();
  a.v = slot.V();
  a.kv = s.kv;
  a.rep = s.rep;
  a.hd = s.hd;
  a.rows = slot.rows;
  a.position = position;
  a.scaling = scaling;
  std::vector<float> out32(s.kv * s.rep * s.hd, -1.0f);
  std::vector<uint16_t> out16(out32.size(), 0xffff);
  a.out = slot.bf16 ? static_cast<void*>(out16.data()) : out32.data();
  std::vector<float> scratch(DecodeAttentionScratch(a));
  // Heads in two calls, as two threads split them.
  RunDecodeAttention(a, 0, 1, scratch.data(), isa);
  RunDecodeAttention(a, 1, s.kv, scratch.data(), isa);
  std::vector<float> out(out32.size());
  if (bits) bits->resize(out.size());
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = slot.bf16 ? FromBf16(out16[i]) : out32[i];
    if (bits) std::memcpy(&(*bits)[i], &out[i], sizeof(float));
  }
  return out;
}

TEST(DecodeAttention, MatchesTheDefinitionOnEveryIsa) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (MatvecIsa isa : MatvecIsasHere()) {
    for (bool bf16 : {false, true}) {
      for (HeadShape s :
           {HeadShape{2, 3, 8}, HeadShape{2, 7, 64}, HeadShape{1, 2, 20}, HeadShape{3, 1, 136}}) {
        for (int64_t n : {1, 5, 37, 300}) {
          SCOPED_TRACE(std::string(MatvecIsaName(isa)) + (bf16 ? " bf16" : " f32") + " hd " +
                       std::to_string(s.hd) + " rep " + std::to_string(s.rep) + " n " +
                       std::to_string(n));
          const int64_t rows = n + 9;
          const Slot slot = MakeSlot(bf16, s, rows, n, nan, static_cast<uint32_t>(n * 31 + s.hd));
          const float scaling = 1.0f / std::sqrt(static_cast<float>(s.hd));
          const std::vector<double> want = Reference(slot, n, scaling);
          const std::vector<float> got = Attend(slot, n - 1, scaling, isa);
          // float32: its own rounding; bfloat16: a score, a probability and the output each
          // rounded to 8 bits (the values are at most 2 in magnitude).
          const double tol = bf16 ? 0.06 : 2e-5;
          for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_TRUE(std::isfinite(got[i])) << "output " << i << " read a row past position";
            ASSERT_NEAR(got[i], want[i], tol) << "output " << i;
          }
        }
      }
    }
  }
}

TEST(DecodeAttention, TheSameBitsWhateverTheCapacityAndTheRowsPastThePosition) {
  const HeadShape s{2, 7, 64};
  for (MatvecIsa isa : MatvecIsasHere()) {
    for (bool bf16 : {false, true}) {
      for (int64_t n : {1, 33, 200}) {
        SCOPED_TRACE(std::string(MatvecIsaName(isa)) + (bf16 ? " bf16" : " f32") + " n " +
                     std::to_string(n));
        // The same first n rows (the same seed) in a cache that holds exactly them, and in one of
        // four times their capacity whose other rows hold NaN, then zeros.
        const Slot exact = MakeSlot(bf16, s, n, n, 0.0f, 7);
        std::vector<uint32_t> want, got_nan, got_zero;
        Attend(exact, n - 1, 0.125f, isa, &want);
        Attend(MakeSlot(bf16, s, 4 * n, n, std::numeric_limits<float>::quiet_NaN(), 7), n - 1,
               0.125f, isa, &got_nan);
        Attend(MakeSlot(bf16, s, 4 * n, n, 0.0f, 7), n - 1, 0.125f, isa, &got_zero);
        EXPECT_EQ(got_nan, want);
        EXPECT_EQ(got_zero, want);
      }
    }
  }
}

TEST(DecodeAttention, APositionPastTheRowsSeesThemAllAndANegativeOneNone) {
  const HeadShape s{2, 2, 16};
  for (bool bf16 : {false, true}) {
    const Slot slot = MakeSlot(bf16, s, 24, 24, 0.0f, 3);
    // A ring layer's cache (24 rows) at position 1000: every row is visible.
    std::vector<uint32_t> past, last;
    Attend(slot, 1000, 0.25f, MatvecIsa::kAuto, &past);
    Attend(slot, 23, 0.25f, MatvecIsa::kAuto, &last);
    EXPECT_EQ(past, last);
    for (float v : Attend(slot, -1, 0.25f, MatvecIsa::kAuto)) EXPECT_EQ(v, 0.0f);
  }
}

}  // namespace
}  // namespace vlmxla::runtime
