// The explicit CUDA executable target for archs that IREE's own CUDA target table lacks.
//
// IREE 3.13 accepts `--iree-cuda-target=sm_90` (also sm_90a, sm_100, sm_100a) and then fails
// with "missing GPU target in #hal.executable.target": its table has no capability model for
// them (iree-org/iree#22147). For such an arch the module itself can name the target: IREE's
// sm_80 capability model (everything in it also exists on the newer archs) with the real arch
// and the PTX ISA version LLVM's NVPTX backend needs for it. The PTX in the .vmfb then says
// `.target sm_90`, and the module compiles without the cuda target flags.
#pragma once

#include <string>
#include <string_view>

#include "vlmxla/base/status.h"

namespace vlmxla::runtime {

// What iree-compile prints when its CUDA table has no entry for the requested arch.
inline constexpr std::string_view kIreeMissingGpuTarget =
    "missing GPU target in #hal.executable.target";

// True when iree-compile's output says the arch has no entry in its target table.
bool IsMissingGpuTargetError(std::string_view compiler_output);

// True when CudaDeviceTargetAttr knows `arch` (sm_90, sm_90a, sm_100, sm_100a).
bool HasExplicitCudaTarget(std::string_view arch);

// `#hal.device.target<"cuda", [...]> : !hal.device` for `arch`; NotFound for an arch without a
// known PTX version (the message lists the known ones).
Result<std::string> CudaDeviceTargetAttr(std::string_view arch);

// `mlir_text` whose top-level `module {` (or `module @name {`) carries
// `attributes {hal.device.targets = [<CudaDeviceTargetAttr(arch)>]}`. InvalidArgument when the
// text has no top-level module or the module already has attributes.
Result<std::string> AnnotateWithCudaTarget(std::string_view mlir_text, std::string_view arch);

}  // namespace vlmxla::runtime
