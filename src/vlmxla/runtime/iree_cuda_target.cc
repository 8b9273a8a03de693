#include "vlmxla/runtime/iree_cuda_target.h"

#include <array>
#include <cctype>
#include <utility>

namespace vlmxla::runtime {
namespace {

// The workgroup-processor model of IREE 3.13's own sm_80 target, as
// `iree-compile --iree-cuda-target=sm_80 --compile-to=executable-configurations` prints it.
constexpr std::string_view kAmpereWgp =
    "compute = fp64|fp32|fp16|int64|int32|int16|int8, storage = b64|b32|b16|b8, "
    "subgroup = shuffle|arithmetic, dot = dp4xi8toi32, "
    "mma = [<NV_MMA_SYNC_F32_16x8x16_F16>, <NV_MMA_SYNC_F16_16x8x16_F16>, "
    "<NV_MMA_SYNC_F32_16x8x16_BF16>, <NV_WMMA_F32_16x16x16_F16>, <NV_WMMA_F16_16x16x16_F16>], "
    "subgroup_size_choices = [32], max_workgroup_sizes = [1024, 1024, 1024], "
    "max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 166912, "
    "max_workgroup_counts = [2147483647, 65535, 65535]";

// The oldest PTX ISA that LLVM's NVPTX backend accepts for each arch IREE 3.13 has no entry for.
constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kMinPtx = {{
    {"sm_90", "+ptx78"},
    {"sm_90a", "+ptx80"},
    {"sm_100", "+ptx86"},
    {"sm_100a", "+ptx86"},
}};

std::string_view MinPtx(std::string_view arch) {
  for (const auto& [known, ptx] : kMinPtx) {
    if (known == arch) return ptx;
  }
  return {};
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Offset of the `module` keyword that opens the top-level module: the first line that starts
// with it (after indentation); npos when there is none.
size_t FindTopLevelModule(std::string_view text) {
  for (size_t line = 0; line < text.size();) {
    size_t at = line;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    if (text.compare(at, 6, "module") == 0 && (at + 6 == text.size() || IsSpace(text[at + 6]) ||
                                               text[at + 6] == '{' || text[at + 6] == '@')) {
      return at;
    }
    const size_t next = text.find('\n', line);
    if (next == std::string_view::npos) break;
    line = next + 1;
  }
  return std::string_view::npos;
}

}  // namespace

bool IsMissingGpuTargetError(std::string_view compiler_output) {
  return compiler_output.find(kIreeMissingGpuTarget) != std::string_view::npos;
}

bool HasExplicitCudaTarget(std::string_view arch) { return !MinPtx(arch).empty(); }

Result<std::string> CudaDeviceTargetAttr(std::string_view arch) {
  const std::string_view ptx = MinPtx(arch);
  if (ptx.empty()) {
    std::string known;
    for (const auto& entry : kMinPtx) {
      known += (known.empty() ? "" : ", ") + std::string(entry.first);
    }
    return NotFound(
        "no explicit CUDA target is known for '" + std::string(arch) + "' (known: " + known + ")",
        "unknown_cuda_target");
  }
  return "#hal.device.target<\"cuda\", [#hal.executable.target<\"cuda\", \"cuda-nvptx-fb\", "
         "{iree_codegen.target_info = #iree_gpu.target<arch = \"" +
         std::string(arch) + "\", features = \"" + std::string(ptx) + "\", wgp = <" +
         std::string(kAmpereWgp) + ">>}>]> : !hal.device";
}

Result<std::string> AnnotateWithCudaTarget(std::string_view mlir_text, std::string_view arch) {
  VLMXLA_ASSIGN_OR_RETURN(std::string target, CudaDeviceTargetAttr(arch));
  const size_t module = FindTopLevelModule(mlir_text);
  if (module == std::string_view::npos) {
    return InvalidArgument("cannot add a CUDA target for " + std::string(arch) +
                           ": the MLIR text has no top-level `module {`");
  }
  size_t at = module + 6;
  while (at < mlir_text.size() && IsSpace(mlir_text[at])) ++at;
  if (at < mlir_text.size() && mlir_text[at] == '@') {  // module @name {
    while (at < mlir_text.size() && !IsSpace(mlir_text[at]) && mlir_text[at] != '{') ++at;
    while (at < mlir_text.size() && IsSpace(mlir_text[at])) ++at;
  }
  if (at >= mlir_text.size() || mlir_text[at] != '{') {
    return InvalidArgument("cannot add a CUDA target for " + std::string(arch) +
                           ": the top-level module already has attributes (expected `module {` "
                           "or `module @name {`)");
  }
  std::string out;
  out.reserve(mlir_text.size() + target.size() + 64);
  out.append(mlir_text.substr(0, at));
  out += "attributes {hal.device.targets = [" + target + "]} ";
  out.append(mlir_text.substr(at));
  return out;
}

}  // namespace vlmxla::runtime
