// The argument and result types of a StableHLO module's @main, read from its MLIR text. PJRT's C
// API cannot report parameter shapes, and the CPU plugin accepts any argument of the right byte
// size, so the executor checks arguments against this signature itself.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/base/dtype.h"
#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::runtime {

struct TensorSpec {
  DType dtype = DType::kF32;
  std::vector<int64_t> dims;  // kDynamicDim for `?`

  static constexpr int64_t kDynamicDim = -1;

  // MLIR spelling, e.g. "tensor<2x?xf32>".
  std::string ToString() const;
  // Whether a tensor of this dtype and shape fits the spec (dynamic dims match any size).
  bool Matches(DType dtype, const std::vector<int64_t>& shape) const;
};

struct FunctionSignature {
  std::vector<TensorSpec> inputs;
  std::vector<TensorSpec> outputs;
};

// Parses `func.func [public] @main(%a: tensor<...> {attrs}, ...) -> (tensor<...>, ...)`.
// Fails for a missing @main and for types that are not ranked tensors of a vlmxla DType.
Result<FunctionSignature> ParseMainSignature(std::string_view mlir_text);

// What every executor checks before it runs `signature` on `args`: the argument count, a donation
// mask of the same length, each buffer's dtype and shape, no buffer already donated, and no
// donated buffer passed twice. Errors name the argument.
Status CheckExecuteArguments(const FunctionSignature& signature,
                             std::span<DeviceBuffer* const> args, std::span<const bool> donate);

}  // namespace vlmxla::runtime
