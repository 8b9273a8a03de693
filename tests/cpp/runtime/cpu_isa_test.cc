// The CPU features `--dtype auto` reads: parsed from a flags line, held lower by XLA's
// --xla_cpu_max_isa, or set by the LLVM CPU IREE compiles for.
#include "vlmxla/runtime/cpu_isa.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "vlmxla/runtime/quantized_matvec.h"

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

// The flags line of /proc/cpuinfo: the kernel's reading of the CPUID bits HostCpuIsa reads.
std::string ProcCpuinfoFlags() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("flags", 0) == 0) return line.substr(line.find(':') + 1);
  }
  return "";
}

void ExpectSameFeatures(const CpuIsa& a, const CpuIsa& b) {
  EXPECT_EQ(a.known, b.known);
  EXPECT_EQ(a.avx2, b.avx2);
  EXPECT_EQ(a.avx512f, b.avx512f);
  EXPECT_EQ(a.avx512_bf16, b.avx512_bf16);
  EXPECT_EQ(a.avx512_fp16, b.avx512_fp16);
  EXPECT_EQ(a.amx_bf16, b.amx_bf16);
}

// HostCpuIsa reads CPUID; the kernel's flags line reads the same bits. Under scripts/as_cpu.sh
// (ctest's runtime_tests.as_cpu_*), CPUID answers as the named CPU: every reader in the process,
// vlmxla's and libgcc's alike, sees that CPU and not this one.
TEST(CpuIsa, ReadsCpuidAsTheProcessSeesIt) {
  const char* mask = std::getenv("VLMXLA_CPUID_MASK");
  const std::string cpu = mask ? mask : "";
  const CpuIsa host = HostCpuIsa();
  if (cpu.empty()) {
    const std::string flags = ProcCpuinfoFlags();
    if (flags.empty()) GTEST_SKIP() << "unavailable: no flags line in /proc/cpuinfo to compare";
    ExpectSameFeatures(host, CpuIsaFromFlags(flags, "this CPU"));
    return;
  }
  const CpuIsa real = CpuIsaFromFlags(ProcCpuinfoFlags(), "this CPU");
  if (cpu == "x86-64-v3") {
    ExpectSameFeatures(host, CpuIsaFromFlags("sse2 avx fma f16c avx2", "x86-64-v3"));
    EXPECT_EQ(host.Name(), "AVX2");
    EXPECT_EQ(HostMatvecIsa(), MatvecIsa::kAvx2);
    EXPECT_FALSE(CpuHasAmxBf16());
  } else if (cpu == "cascadelake") {
    ExpectSameFeatures(
        host,
        CpuIsaFromFlags("sse2 fma f16c avx2 avx512f avx512dq avx512bw avx512vl", "cascadelake"));
    EXPECT_EQ(HostMatvecIsa(), MatvecIsa::kAvx512);
    EXPECT_FALSE(CpuHasAmxBf16());
  } else if (cpu == "znver4") {
    ExpectSameFeatures(host, CpuIsaFromFlags(kZen4, "znver4"));
    EXPECT_EQ(host.Name(), "AVX-512 with BF16");
    EXPECT_FALSE(CpuHasAmxBf16());
  } else {
    FAIL() << "VLMXLA_CPUID_MASK=" << cpu << " is not a CPU this test knows";
  }
  // The mask only takes features away.
  EXPECT_TRUE(!host.avx512f || real.avx512f);
  EXPECT_TRUE(!host.Bf16Dot() || real.Bf16Dot());
}

}  // namespace
}  // namespace vlmxla::runtime
