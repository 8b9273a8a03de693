#include "vlmxla/runtime/cpu_isa.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <cctype>
#include <set>
#include <sstream>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace vlmxla::runtime {
namespace {

std::string Upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return out;
}

// An ISA level as a list of features: each level includes the ones before it.
CpuIsa Level(int level, std::string where) {
  CpuIsa isa;
  isa.known = true;
  isa.where = std::move(where);
  isa.avx2 = level >= 1;
  isa.avx512f = level >= 2;
  isa.avx512_bf16 = level >= 3;
  isa.amx_bf16 = level >= 4;
  return isa;
}

// The features both have.
CpuIsa Meet(const CpuIsa& a, const CpuIsa& b, std::string where) {
  CpuIsa isa;
  isa.known = a.known && b.known;
  isa.where = std::move(where);
  isa.avx2 = a.avx2 && b.avx2;
  isa.avx512f = a.avx512f && b.avx512f;
  isa.avx512_bf16 = a.avx512_bf16 && b.avx512_bf16;
  isa.avx512_fp16 = a.avx512_fp16 && b.avx512_fp16;
  isa.amx_bf16 = a.amx_bf16 && b.amx_bf16;
  return isa;
}

}  // namespace

std::string CpuIsa::Name() const {
  if (!known) return "unknown";
  if (avx512f) {
    std::string name = "AVX-512";
    if (avx512_bf16 || amx_bf16) name += " with BF16";
    if (amx_bf16) name += " and AMX";
    return name;
  }
  return avx2 ? "AVX2" : "below AVX2";
}

CpuIsa CpuIsaFromFlags(std::string_view flags, std::string where) {
  std::set<std::string> have;
  std::istringstream in{std::string(flags)};
  for (std::string f; in >> f;) have.insert(f);
  CpuIsa isa;
  isa.where = std::move(where);
  // x86 flags lines always list sse2; anything else (an ARM "Features" line) is not ours to read.
  isa.known = have.count("sse2") > 0;
  isa.avx2 = have.count("avx2") && have.count("fma") && have.count("f16c");
  isa.avx512f = isa.avx2 && have.count("avx512f") && have.count("avx512bw") &&
                have.count("avx512dq") && have.count("avx512vl");
  isa.avx512_bf16 = isa.avx512f && have.count("avx512_bf16");
  isa.avx512_fp16 = isa.avx512f && have.count("avx512_fp16");
  isa.amx_bf16 = have.count("amx_bf16") && have.count("amx_tile");
  return isa;
}

#if defined(__x86_64__)
namespace {

// XCR0, the register states the OS saves, where leaf 1's ECX says XGETBV may be used (OSXSAVE,
// bit 27); 0 where not.
uint64_t Xcr0(unsigned leaf1_ecx) {
  if (!(leaf1_ecx & (1u << 27))) return 0;
  uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t{hi} << 32) | lo;
}

}  // namespace
#endif

CpuIsa CpuIsaFromCpuid() {
  CpuIsa isa;
  isa.where = "this CPU";
#if defined(__x86_64__)
  unsigned eax = 0, ebx = 0, ecx1 = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx1, &edx)) return isa;
  isa.known = true;
  // The OS saves the registers' state (XCR0): SSE and AVX (bits 1, 2), AVX-512's opmask and
  // upper halves (5, 6, 7), AMX's tile config and data (17, 18). A CPU feature whose state the
  // OS does not save cannot be used.
  const uint64_t xcr0 = Xcr0(ecx1);
  const bool avx_state = (xcr0 & 0x6) == 0x6;
  const bool avx512_state = avx_state && (xcr0 & 0xe0) == 0xe0;
  const bool amx_state = (xcr0 & 0x60000) == 0x60000;
  unsigned ebx7 = 0, ecx7 = 0, edx7 = 0, eax71 = 0, unused = 0;
  if (__get_cpuid_max(0, nullptr) >= 7) {
    __cpuid_count(7, 0, unused, ebx7, ecx7, edx7);
    __cpuid_count(7, 1, eax71, unused, unused, unused);
  }
  const auto bit = [](unsigned reg, int b) { return ((reg >> b) & 1u) != 0; };
  // Leaf 1 ECX: 12 FMA, 28 AVX, 29 F16C; leaf 7.0 EBX: 5 AVX2, 16 AVX512F, 17 DQ, 30 BW, 31 VL;
  // EDX: 22 AMX-BF16, 23 AVX512-FP16, 24 AMX-TILE; leaf 7.1 EAX: 5 AVX512-BF16.
  isa.avx2 = avx_state && bit(ecx1, 12) && bit(ecx1, 28) && bit(ecx1, 29) && bit(ebx7, 5);
  isa.avx512f =
      isa.avx2 && avx512_state && bit(ebx7, 16) && bit(ebx7, 17) && bit(ebx7, 30) && bit(ebx7, 31);
  isa.avx512_bf16 = isa.avx512f && bit(eax71, 5);
  isa.avx512_fp16 = isa.avx512f && bit(edx7, 23);
  isa.amx_bf16 = amx_state && bit(edx7, 22) && bit(edx7, 24);
#endif
  return isa;
}

const std::string& HostCpuIdentity() {
  // Read once: the key of every compiled program holds it, and the CPU does not change.
  static const std::string identity = [] {
    std::string id;
#if defined(__x86_64__)
    const auto hex = [&id](unsigned v) {
      char buf[12];
      std::snprintf(buf, sizeof buf, "%08x ", v);
      id += buf;
    };
    unsigned r[4] = {0, 0, 0, 0};
    __cpuid(0, r[0], r[1], r[2], r[3]);
    const unsigned max_leaf = r[0];
    id += "vendor ";
    for (int i : {1, 3, 2}) hex(r[i]);
    __cpuid(1, r[0], r[1], r[2], r[3]);
    const unsigned leaf1_ecx = r[2];
    id += "\n1 ";
    hex(r[0]);  // family, model, stepping; EBX (this core's APIC id) differs between cores
    hex(r[2]);
    hex(r[3]);
    if (max_leaf >= 7) {
      __cpuid_count(7, 0, r[0], r[1], r[2], r[3]);
      id += "\n7.0 ";
      for (int i : {1, 2, 3}) hex(r[i]);
      __cpuid_count(7, 1, r[0], r[1], r[2], r[3]);
      id += "\n7.1 ";
      hex(r[0]);
    }
    __cpuid(0x80000001u, r[0], r[1], r[2], r[3]);
    id += "\next ";
    hex(r[2]);
    hex(r[3]);
    if (leaf1_ecx & (1u << 27)) {  // OSXSAVE: XCR0 can be read
      const uint64_t xcr0 = Xcr0(leaf1_ecx);
      id += "\nxcr0 ";
      hex(static_cast<unsigned>(xcr0 >> 32));
      hex(static_cast<unsigned>(xcr0));
    }
#endif
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("model name", 0) == 0) return id + "\n" + line;
    }
    return id;
  }();
  return identity;
}

const CpuIsa& HostCpuIsa() {
  // From CPUID itself, not /proc/cpuinfo (the kernel's reading of the same bits): a process that
  // is shown an older CPU (scripts/as_cpu.sh) then reads the same CPU as its libraries do.
  static const CpuIsa host = CpuIsaFromCpuid();
  return host;
}

CpuIsa XlaCpuIsa(const CpuIsa& host, std::string_view xla_flags) {
  std::istringstream in{std::string(xla_flags)};
  std::string value;
  for (std::string flag; in >> flag;) {
    const std::string prefix = "--xla_cpu_max_isa=";
    if (flag.rfind(prefix, 0) == 0) value = flag.substr(prefix.size());
  }
  if (value.empty()) return host;
  const std::string where = "XLA_FLAGS --xla_cpu_max_isa=" + value;
  const std::string v = Upper(value);
  int level = -1;
  if (v == "SSE4_2" || v == "AVX") level = 0;
  if (v == "AVX2") level = 1;
  if (v == "AVX512" || v == "AVX512_VNNI") level = 2;
  if (v == "AVX512_BF16") level = 3;
  if (v == "AMX" || v == "AMX_FP16") level = 4;
  if (level < 0) {
    CpuIsa unknown;
    unknown.where = where + " (a value vlmxla does not know)";
    return unknown;
  }
  CpuIsa cap = Level(level, where);
  cap.avx512_fp16 = level >= 4;
  return Meet(host, cap, where);
}

CpuIsa IreeCpuIsa(const CpuIsa& host, const std::string& cpu) {
  if (cpu.empty() || cpu == "host") return host;
  const std::string where = "--iree-cpu-target " + cpu;
  int level = -1;
  bool fp16 = false;
  if (cpu == "x86-64" || cpu == "x86-64-v2") level = 0;
  if (cpu == "x86-64-v3" || cpu == "haswell" || cpu == "znver2" || cpu == "znver3" ||
      cpu == "alderlake") {
    level = 1;
  }
  if (cpu == "x86-64-v4" || cpu == "skylake-avx512" || cpu == "cascadelake" ||
      cpu == "icelake-server") {
    level = 2;
  }
  if (cpu == "znver4" || cpu == "znver5") level = 3;
  if (cpu == "sapphirerapids") level = 4, fp16 = true;
  if (level < 0) {
    CpuIsa unknown;
    unknown.where = where + " (a CPU vlmxla does not know)";
    return unknown;
  }
  // LLVM generates code for the named CPU whatever the host has (it is the user's claim that the
  // code runs here), so its features are the target's alone.
  CpuIsa isa = Level(level, where);
  isa.avx512_fp16 = fp16;
  return isa;
}

}  // namespace vlmxla::runtime
