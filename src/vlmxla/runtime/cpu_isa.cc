#include "vlmxla/runtime/cpu_isa.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

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

const CpuIsa& HostCpuIsa() {
  static const CpuIsa host = [] {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("flags", 0) == 0) {
        const size_t colon = line.find(':');
        return CpuIsaFromFlags(colon == std::string::npos ? "" : line.substr(colon + 1),
                               "this CPU");
      }
    }
    return CpuIsa{false, false, false, false, false, false, "this CPU (no x86 flags)"};
  }();
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
