// Printing of constant elements in MLIR's dense-attribute syntax, exact for every float.
#pragma once

#include <cstddef>
#include <string>

#include "vlmxla/hlo/types.h"

namespace vlmxla::hlo {

// One element of `type` with value `value` (rounded to the type first). Floats print as the
// shortest decimal that parses back to the same bits ("1.0e+00", "1.702e+00") and as a hex bit
// pattern ("0xFF800000") when no decimal does (inf, NaN).
std::string FormatElement(ElementType type, double value);
// "0x0000803F..." : the raw little-endian bytes, as MLIR's hex dense-blob form expects.
std::string HexBlob(const void* data, size_t bytes);

}  // namespace vlmxla::hlo
