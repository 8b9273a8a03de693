// WeightsAsParameters: a program whose weights are module globals read from a parameter archive
// (IREE's `#flow.parameter.named<"scope"::"key">`) instead of arguments of @main. IREE loads such
// a global once, in the module's initializer, and hoists whatever depends on it alone there too:
// the transpose or widening a weight needs, and with data tiling its packed (encoded) layout, so
// a call multiplies by the packed weight and packs nothing (docs/design.md, "IREE weights as
// parameters").
#pragma once

#include <functional>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/hlo/types.h"

namespace vlmxla::hlo {

// A weight as the parameter archive holds it: its key there and its type as stored (a
// checkpoint's safetensors: the tensor's name, dtype and shape).
struct StoredWeight {
  std::string key;
  TensorType type;
};

// `program` with every weight argument of @main turned into a global of parameter `scope`, keyed
// and typed as `stored` says; the remaining parameters (inputs, KV caches) keep their order and
// are the new program's params. A stored type that differs from the argument's is bridged in the
// program: a 2-D weight the program takes transposed (ProgramParam::transposed) is transposed, a
// float weight stored in another float type converted; any other difference is an error naming
// the weight and both types. The text is IREE's input (util.global beside StableHLO), not XLA's.
Result<Program> WeightsAsParameters(
    const Program& program, const std::string& scope,
    const std::function<Result<StoredWeight>(const ProgramParam&)>& stored);

}  // namespace vlmxla::hlo
