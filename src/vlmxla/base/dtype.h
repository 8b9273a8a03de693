// Element types of host and device tensors, with their safetensors names and conversions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace vlmxla {

enum class DType { kF32, kF16, kBF16, kF64, kI64, kI32, kI16, kI8, kU8, kBool };

// Bytes per element.
size_t DTypeSize(DType dtype);
// safetensors spelling: "F32", "BF16", "I64", ...
const char* DTypeSafetensorsName(DType dtype);
std::optional<DType> DTypeFromSafetensorsName(std::string_view name);
// Short lower-case spelling used in manifests and messages: "f32", "bf16", "i32", ...
const char* DTypeName(DType dtype);
std::optional<DType> DTypeFromName(std::string_view name);
bool DTypeIsFloat(DType dtype);

// IEEE half and bfloat16 <-> float. Conversions to narrow types round to nearest even.
float HalfToFloat(uint16_t h);
uint16_t FloatToHalf(float f);
float BFloat16ToFloat(uint16_t b);
uint16_t FloatToBFloat16(float f);

}  // namespace vlmxla
