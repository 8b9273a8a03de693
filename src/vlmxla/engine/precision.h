// The compute dtype of a model on a backend: the `--dtype` flag (auto | float32 | bfloat16 |
// float16) resolved against the checkpoint's declared and stored dtypes.
#pragma once

#include <optional>
#include <string>

#include "vlmxla/base/dtype.h"
#include "vlmxla/base/status.h"
#include "vlmxla/hlo/types.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::engine {

// The values --dtype takes, for help texts.
inline constexpr const char kDtypeChoices[] = "auto | float32 | bfloat16 | float16";

// "float32" | "bfloat16" | "float16" (or f32 / bf16 / f16) -> that type; "auto" -> nullopt;
// anything else an error naming `source` and the value.
Result<std::optional<hlo::ElementType>> ParseDtypeFlag(const std::string& value,
                                                       const std::string& source);

// Transformers' name of a float element type: "float32", "bfloat16", "float16".
const char* TorchDtypeName(hlo::ElementType type);

struct PrecisionChoice {
  hlo::Precision precision;
  // The decoder's Linear weights as [in, out] (hlo::ProgramCommonOptions::weights_in_out): the
  // backend's preferred layout for the products' type (runtime::BackendTraits).
  bool weights_in_out = false;
  std::string why;  // one line for the start-up log: what was chosen and why
};

// `requested` (nullopt: auto) for a checkpoint whose float tensors are mostly `stored` (nullopt:
// none) on `backend`. auto takes the config's dtype/torch_dtype, else the stored type, else f32,
// except on a backend that widens f16 matmuls (runtime::BackendTraits::widens_f16_matmuls): there
// an f16 checkpoint computes in float32 with its weights widened once while uploading (measured
// faster; the reason is in `why`). Otherwise the weights keep their stored type whatever the
// compute type. The weight layout follows the products' type: [in, out] where the backend
// prefers it (prefers_in_out_weights; for bf16/f16 products also prefers_in_out_narrow_weights),
// except bf16 products on a backend that streams bf16 only as [out, in]
// (keeps_bf16_weights_out_in). Narrow products of [in, out] weights on a backend
// without a narrow GEMV for them (lacks_narrow_gemv) emit their one-row products as two rows.
// The narrow-product forms (hlo::Precision::two_row_narrow_gemv, narrow_rows_times_weight) that
// `precision`'s compute type and the decoder weight layout call for on a backend with `traits`.
void SetProductForms(const runtime::BackendTraits& traits, bool weights_in_out,
                     hlo::Precision& precision);

Result<PrecisionChoice> ResolvePrecision(std::optional<hlo::ElementType> requested,
                                         const io::ModelConfig& config, std::optional<DType> stored,
                                         const std::string& backend,
                                         const runtime::BackendTraits& traits);

}  // namespace vlmxla::engine
