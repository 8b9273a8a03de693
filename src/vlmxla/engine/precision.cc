#include "vlmxla/engine/precision.h"

namespace vlmxla::engine {
namespace {

std::optional<hlo::ElementType> FromTorchName(const std::string& name) {
  if (name == "float32" || name == "f32" || name == "float") return hlo::ElementType::kF32;
  if (name == "bfloat16" || name == "bf16") return hlo::ElementType::kBF16;
  if (name == "float16" || name == "f16" || name == "half") return hlo::ElementType::kF16;
  return std::nullopt;
}

// The decoder weights' layout for `precision` (PrecisionChoice::weights_in_out): [in, out] where
// the backend prefers it for the products' type, except that bf16 weights stay [out, in] where
// the backend streams them so, whatever the compute type: in float32 compute too, decode's rows
// then meet them in the host kernel (which widens the weight in registers) instead of a
// conversion of the whole weight at every step.
bool WeightsInOut(const runtime::BackendTraits& traits, const hlo::Precision& precision) {
  const bool narrow = precision.compute != hlo::ElementType::kF32;
  return (traits.prefers_in_out_weights || (narrow && traits.prefers_in_out_narrow_weights)) &&
         !(precision.weights == hlo::ElementType::kBF16 && traits.keeps_bf16_weights_out_in);
}

}  // namespace

Result<std::optional<hlo::ElementType>> ParseDtypeFlag(const std::string& value,
                                                       const std::string& source) {
  if (value == "auto") return std::optional<hlo::ElementType>();
  if (auto t = FromTorchName(value)) return std::optional<hlo::ElementType>(*t);
  return InvalidArgument(source + " must be one of " + kDtypeChoices + ", got '" + value + "'");
}

const char* TorchDtypeName(hlo::ElementType type) {
  switch (type) {
    case hlo::ElementType::kBF16: return "bfloat16";
    case hlo::ElementType::kF16: return "float16";
    default: return "float32";
  }
}

void SetProductForms(const runtime::BackendTraits& traits, bool weights_in_out,
                     hlo::Precision& precision) {
  const hlo::ElementType ct = precision.compute;
  precision.two_row_narrow_gemv =
      traits.lacks_narrow_gemv && ct != hlo::ElementType::kF32 && weights_in_out;
  precision.narrow_rows_times_weight =
      traits.keeps_bf16_weights_out_in && ct == hlo::ElementType::kBF16 && !weights_in_out;
  precision.quantized_matvec_call = traits.has_quantized_matvec_call;
  precision.cache_updates_as_bits = traits.widens_narrow_updates &&
                                    (ct == hlo::ElementType::kBF16 || ct == hlo::ElementType::kF16);
}

Result<PrecisionChoice> ResolvePrecision(std::optional<hlo::ElementType> requested,
                                         const io::ModelConfig& config, std::optional<DType> stored,
                                         const std::string& backend,
                                         const runtime::BackendTraits& traits) {
  PrecisionChoice c;
  if (stored) {
    auto w = hlo::ElementTypeFromDType(*stored);
    if (!w || !hlo::IsFloat(*w)) {
      return InvalidArgument(std::string("checkpoint weights are stored as ") + DTypeName(*stored) +
                             ", which vlmxla cannot compute with (float32, bfloat16, float16)");
    }
    c.precision.weights = *w;
  }
  const std::string stored_name = TorchDtypeName(c.precision.weights);
  if (requested) {
    c.precision.compute = *requested;
    c.why = std::string("compute dtype ") + TorchDtypeName(*requested) + " (--dtype)";
  } else if (auto declared = FromTorchName(config.torch_dtype)) {
    c.precision.compute = *declared;
    c.why = std::string("compute dtype ") + TorchDtypeName(*declared) +
            " (auto: the config's dtype '" + config.torch_dtype + "')";
  } else {
    c.precision.compute = c.precision.weights;
    c.why =
        "compute dtype " + stored_name + " (auto: the weights' stored type" +
        (config.torch_dtype.empty() ? "" : ", config dtype '" + config.torch_dtype + "' unknown") +
        ")";
  }
  const runtime::CpuIsa& isa = traits.cpu_isa;
  const std::string isa_said =
      isa.known ? ", CPU " + isa.Name() + " (" + isa.where + ")" : std::string();
  // auto computes in float32 where the narrow type would run slower than float32.
  std::string slower;
  if (!requested && c.precision.compute == hlo::ElementType::kF16 && traits.widens_f16_matmuls) {
    slower = "the checkpoint is float16, but " + backend +
             " widens float16 matmuls and runs them slower than float32, bench/README.md; "
             "--dtype float16 keeps them narrow";
  }
  if (!requested && c.precision.compute == hlo::ElementType::kBF16 && isa.known && !isa.Bf16Dot()) {
    // Without VDPBF16PS (AVX512_BF16) or AMX every bf16 product widens its operands first: on an
    // AVX2 Zen 3, pjrt-cpu prefilled at 112 tok/s in bf16 against 180 in f32 and iree-cpu's bf16
    // image encode took 455 s against 23 s (docs/usage.md, "Dtypes"). On pjrt-cpu the weights
    // stay bf16 all the same (stream_bf16 below): posed as an AVX2 CPU (scripts/as_cpu.sh),
    // float32 on them decoded as fast as bf16 at batch 1 and faster at 4 and 8, and prefilled as
    // fast (bench/README.md).
    slower = "the checkpoint is bfloat16, but the CPU " + backend + " compiles for is " +
             isa.Name() + " (" + isa.where +
             "), which has no bfloat16 dot instructions (AVX512_BF16 or AMX): bfloat16 products "
             "widen their operands there and run no faster than float32; --dtype bfloat16 "
             "computes in bfloat16 anyway";
  }
  if (!slower.empty()) {
    c.why = "compute dtype float32 (auto: " + slower + ")";
    // bf16 weights stay bf16 where the backend's host kernel streams them into float32 products
    // (decode reads half the bytes; prefill widens them in the program, which is exact);
    // elsewhere they widen once as they upload.
    const bool stream_bf16 = c.precision.weights == hlo::ElementType::kBF16 &&
                             traits.keeps_bf16_weights_out_in && traits.has_quantized_matvec_call;
    c.precision = {stream_bf16 ? hlo::ElementType::kBF16 : hlo::ElementType::kF32,
                   hlo::ElementType::kF32};
    c.weights_in_out = WeightsInOut(traits, c.precision);
    SetProductForms(traits, c.weights_in_out, c.precision);
    c.why += ", weights stored as " + stored_name +
             (stream_bf16 ? ", kept so as [out, in]: decode's products stream them through the "
                            "host kernel, which widens them in registers"
                          : ", widened to float32 as they upload");
    if (c.why.find(isa.where) == std::string::npos) c.why += isa_said;
    return c;
  }
  c.why += ", weights stored as " + stored_name;
  if (c.precision.compute != hlo::ElementType::kF32 && c.precision.weights != c.precision.compute) {
    // Transformers holds every parameter in the compute dtype once loaded, so a weight stored
    // wider (or as the other 16-bit type) takes part rounded to it, in a norm or a table's rows
    // summed in float32 as much as in a product: rounded here as it uploads (BindWeight), which
    // also holds a float32 checkpoint in half the memory. Widening to float32 is exact, so a
    // narrow checkpoint computed in float32 keeps its weights narrow.
    c.precision.weights = c.precision.compute;
    c.why += std::string(", rounded to ") + TorchDtypeName(c.precision.compute) + " as they upload";
  }
  c.why += " on " + backend + isa_said;
  const bool narrow = c.precision.compute != hlo::ElementType::kF32;
  c.weights_in_out = WeightsInOut(traits, c.precision);
  SetProductForms(traits, c.weights_in_out, c.precision);
  if (c.precision.narrow_rows_times_weight) {
    c.why += ", weights kept [out, in] (the backend streams bf16 products only in that layout)";
  } else if (!narrow && c.precision.weights == hlo::ElementType::kBF16 && !c.weights_in_out &&
             traits.prefers_in_out_weights) {
    c.why += ", weights kept [out, in] (decode's products stream them as stored)";
  }
  if (narrow && c.weights_in_out && !traits.prefers_in_out_weights) {
    c.why += ", weights [in, out] (the backend runs narrow products fastest in that layout)";
  }
  if (c.precision.two_row_narrow_gemv) {
    c.why += ", one-row products run as two rows (no narrow GEMV)";
  }
  return c;
}

}  // namespace vlmxla::engine
