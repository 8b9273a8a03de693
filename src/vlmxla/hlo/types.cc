#include "vlmxla/hlo/types.h"

namespace vlmxla::hlo {

const char* ElementTypeName(ElementType type) {
  switch (type) {
    case ElementType::kF32: return "f32";
    case ElementType::kBF16: return "bf16";
    case ElementType::kF16: return "f16";
    case ElementType::kI32: return "i32";
    case ElementType::kI64: return "i64";
    case ElementType::kI1: return "i1";
    case ElementType::kI8: return "i8";
    case ElementType::kI16: return "i16";
  }
  return "?";
}

bool IsFloat(ElementType type) {
  return type == ElementType::kF32 || type == ElementType::kBF16 || type == ElementType::kF16;
}

int ElementByteSize(ElementType type) {
  switch (type) {
    case ElementType::kF32: return 4;
    case ElementType::kBF16: return 2;
    case ElementType::kF16: return 2;
    case ElementType::kI32: return 4;
    case ElementType::kI64: return 8;
    case ElementType::kI1: return 1;
    case ElementType::kI8: return 1;
    case ElementType::kI16: return 2;
  }
  return 0;
}

std::optional<ElementType> ElementTypeFromDType(DType dtype) {
  switch (dtype) {
    case DType::kF32: return ElementType::kF32;
    case DType::kBF16: return ElementType::kBF16;
    case DType::kF16: return ElementType::kF16;
    case DType::kI32: return ElementType::kI32;
    case DType::kI64: return ElementType::kI64;
    case DType::kBool: return ElementType::kI1;
    case DType::kI8: return ElementType::kI8;
    case DType::kI16: return ElementType::kI16;
    default: return std::nullopt;
  }
}

DType DTypeFromElementType(ElementType type) {
  switch (type) {
    case ElementType::kF32: return DType::kF32;
    case ElementType::kBF16: return DType::kBF16;
    case ElementType::kF16: return DType::kF16;
    case ElementType::kI32: return DType::kI32;
    case ElementType::kI64: return DType::kI64;
    case ElementType::kI1: return DType::kBool;
    case ElementType::kI8: return DType::kI8;
    case ElementType::kI16: return DType::kI16;
  }
  return DType::kF32;
}

int64_t TensorType::num_elements() const {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

std::string TensorType::ToString() const {
  std::string s = "tensor<";
  for (int64_t d : dims) s += std::to_string(d) + "x";
  s += ElementTypeName(element);
  s += ">";
  return s;
}

}  // namespace vlmxla::hlo
