// The CPU features `--dtype auto` reads: parsed from a flags line, held lower by XLA's
// --xla_cpu_max_isa, or set by the LLVM CPU IREE compiles for.
#include "vlmxla/runtime/cpu_isa.h"

#include <gtest/gtest.h>

namespace vlmxla::runtime {
namespace {

constexpr const char kZen4[] =
    "fpu sse2 avx fma f16c avx2 avx512f avx512dq avx512bw avx512vl avx512_bf16 avx512_vnni";
constexpr const char kZen3[] = "fpu sse2 avx fma f16c avx2 bmi2";

TEST(CpuIsa, ReadsTheFlags) {
  const CpuIsa zen4 = CpuIsaFromFlags(kZen4, "test");
  EXPECT_TRUE(zen4.known && zen4.avx2 && zen4.avx512f && zen4.avx512_bf16 && zen4.Bf16Dot());
  EXPECT_FALSE(zen4.avx512_fp16);
  EXPECT_EQ(zen4.Name(), "AVX-512 with BF16");
  const CpuIsa zen3 = CpuIsaFromFlags(kZen3, "test");
  EXPECT_TRUE(zen3.known && zen3.avx2);
  EXPECT_FALSE(zen3.avx512f || zen3.Bf16Dot());
  EXPECT_EQ(zen3.Name(), "AVX2");
  // AVX-512 without its BF16 extension (Skylake-X): no bf16 dot.
  const CpuIsa skx =
      CpuIsaFromFlags("sse2 fma f16c avx2 avx512f avx512dq avx512bw avx512vl", "test");
  EXPECT_TRUE(skx.avx512f);
  EXPECT_FALSE(skx.Bf16Dot());
  EXPECT_EQ(skx.Name(), "AVX-512");
  // An ARM "Features" line is not an x86 ISA.
  EXPECT_FALSE(CpuIsaFromFlags("fp asimd evtstrm aes pmull sha1", "test").known);
}

TEST(CpuIsa, XlaMaxIsaHoldsTheHostLower) {
  const CpuIsa zen4 = CpuIsaFromFlags(kZen4, "this CPU");
  const CpuIsa capped = XlaCpuIsa(zen4, "--xla_dump_to=/tmp/x --xla_cpu_max_isa=AVX2");
  EXPECT_TRUE(capped.known && capped.avx2);
  EXPECT_FALSE(capped.avx512f || capped.Bf16Dot());
  EXPECT_EQ(capped.where, "XLA_FLAGS --xla_cpu_max_isa=AVX2");
  EXPECT_TRUE(XlaCpuIsa(zen4, "--xla_cpu_max_isa=avx512_bf16").Bf16Dot());  // case-insensitive
  EXPECT_FALSE(XlaCpuIsa(zen4, "--xla_cpu_max_isa=AVX512").Bf16Dot());
  // A cap never adds what the host lacks.
  EXPECT_FALSE(XlaCpuIsa(CpuIsaFromFlags(kZen3, "h"), "--xla_cpu_max_isa=AMX").avx512f);
  // No cap: the host; a value XLA does not know: unknown.
  EXPECT_EQ(XlaCpuIsa(zen4, "--xla_cpu_use_thunk_runtime=true").where, "this CPU");
  EXPECT_FALSE(XlaCpuIsa(zen4, "--xla_cpu_max_isa=AVX9000").known);
}

TEST(CpuIsa, IreeCompilesForItsTarget) {
  const CpuIsa zen4 = CpuIsaFromFlags(kZen4, "this CPU");
  EXPECT_TRUE(IreeCpuIsa(zen4, "host").Bf16Dot());
  const CpuIsa v3 = IreeCpuIsa(zen4, "x86-64-v3");
  EXPECT_TRUE(v3.known && v3.avx2);
  EXPECT_FALSE(v3.avx512f || v3.Bf16Dot());
  EXPECT_EQ(v3.where, "--iree-cpu-target x86-64-v3");
  EXPECT_TRUE(IreeCpuIsa(zen4, "znver4").Bf16Dot());
  EXPECT_FALSE(IreeCpuIsa(zen4, "x86-64-v4").Bf16Dot());
  EXPECT_FALSE(IreeCpuIsa(zen4, "some-future-cpu").known);
}

}  // namespace
}  // namespace vlmxla::runtime
