// The x86 instruction-set features that decide how fast each compute dtype runs on a CPU, as the
// CPU backends compile for them: the host's own (CPUID), held lower by XLA's
// --xla_cpu_max_isa (in XLA_FLAGS, which the PJRT CPU plugin reads) or by IREE's
// --iree-cpu-target (an LLVM CPU name). `--dtype auto` reads them (engine/precision.cc).
#pragma once

#include <string>
#include <string_view>

namespace vlmxla::runtime {

struct CpuIsa {
  bool known = false;        // false: not an x86 CPU we can read, or a target we do not know
  bool avx2 = false;         // AVX2 with FMA and F16C (x86-64-v3)
  bool avx512f = false;      // AVX-512 F/BW/DQ/VL (x86-64-v4)
  bool avx512_bf16 = false;  // VDPBF16PS: bf16 dot products
  bool avx512_fp16 = false;  // native f16 arithmetic
  bool amx_bf16 = false;     // AMX tiles with bf16
  std::string where;         // what decided it, e.g. "XLA_FLAGS --xla_cpu_max_isa=AVX2"

  // Whether the CPU multiplies bf16 matrices natively. Without it a bf16 product is computed by
  // widening each operand to f32 first, which is slower than computing in f32.
  bool Bf16Dot() const { return avx512_bf16 || amx_bf16; }
  // "AVX-512 with BF16", "AVX-512", "AVX2", "below AVX2", or "unknown".
  std::string Name() const;
};

// The features named in a /proc/cpuinfo "flags" line (or any space-separated list of them).
CpuIsa CpuIsaFromFlags(std::string_view flags, std::string where);
// This CPU's, read from CPUID and XCR0 (unknown on a CPU that is not x86-64).
CpuIsa CpuIsaFromCpuid();
// CpuIsaFromCpuid, read once.
const CpuIsa& HostCpuIsa();
// What identifies the instructions this process may run, for the keys of compiled code that
// targets the host (XLA's CPU backend, IREE's llvm-cpu "host"): the CPUID leaves that name the
// CPU and its features (as this process sees them: scripts/as_cpu.sh changes them), XCR0, and
// /proc/cpuinfo's model name. Read once per process.
const std::string& HostCpuIdentity();
// `host` held to XLA's --xla_cpu_max_isa value (SSE4_2, AVX, AVX2, AVX512, AVX512_VNNI,
// AVX512_BF16, AMX, AMX_FP16; case-insensitive) if XLA_FLAGS names one; unknown for a value XLA
// would not know either.
CpuIsa XlaCpuIsa(const CpuIsa& host, std::string_view xla_flags);
// What IREE's llvm-cpu compiles for with --iree-cpu-target `cpu`: the host's features for
// "host", the x86-64 levels' for x86-64, x86-64-v2, -v3 and -v4, a few named CPUs' (haswell,
// skylake-avx512, cascadelake, icelake-server, sapphirerapids, znver2/3/4/5); unknown otherwise.
CpuIsa IreeCpuIsa(const CpuIsa& host, const std::string& cpu);

}  // namespace vlmxla::runtime
