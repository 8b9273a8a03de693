#include "vlmxla/base/tensor.h"

#include <algorithm>
#include <cstring>

namespace vlmxla {

int64_t NumElements(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string ShapeToString(const Shape& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

HostTensor::HostTensor(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  owned_ = std::make_shared<std::vector<uint8_t>>(byte_size(), 0);
  data_ = owned_->data();
}

HostTensor HostTensor::View(DType dtype, Shape shape, const void* data,
                            std::shared_ptr<const void> keepalive) {
  HostTensor t;
  t.dtype_ = dtype;
  t.shape_ = std::move(shape);
  t.data_ = data;
  t.keepalive_ = std::move(keepalive);
  return t;
}

void* HostTensor::mutable_data() { return owned_ ? owned_->data() : nullptr; }

double HostTensor::GetAsDouble(int64_t i) const {
  const auto* p = static_cast<const uint8_t*>(data_) + i * DTypeSize(dtype_);
  auto load = [p](auto v) {
    std::memcpy(&v, p, sizeof(v));
    return v;
  };
  switch (dtype_) {
    case DType::kF32: return load(float{});
    case DType::kF64: return load(double{});
    case DType::kF16: return HalfToFloat(load(uint16_t{}));
    case DType::kBF16: return BFloat16ToFloat(load(uint16_t{}));
    case DType::kI64: return static_cast<double>(load(int64_t{}));
    case DType::kI32: return load(int32_t{});
    case DType::kI16: return load(int16_t{});
    case DType::kI8: return load(int8_t{});
    case DType::kU8: return load(uint8_t{});
    case DType::kBool: return load(uint8_t{}) ? 1.0 : 0.0;
  }
  return 0.0;
}

Result<HostTensor> ConvertFloats(const HostTensor& t, DType dtype) {
  auto is_float = [](DType d) { return d == DType::kF32 || d == DType::kF16 || d == DType::kBF16; };
  if (!is_float(t.dtype()) || !is_float(dtype)) {
    return InvalidArgument(std::string("cannot convert ") + DTypeName(t.dtype()) + " to " +
                           DTypeName(dtype) + ": only f32, f16 and bf16 convert");
  }
  HostTensor out(dtype, t.shape());
  const int64_t n = t.num_elements();
  auto* dst = static_cast<uint8_t*>(out.mutable_data());
  for (int64_t i = 0; i < n; ++i) {
    const float f = static_cast<float>(t.GetAsDouble(i));
    if (dtype == DType::kF32) {
      std::memcpy(dst + 4 * i, &f, 4);
    } else {
      const uint16_t h = dtype == DType::kF16 ? FloatToHalf(f) : FloatToBFloat16(f);
      std::memcpy(dst + 2 * i, &h, 2);
    }
  }
  return out;
}

HostTensor I32Tensor(std::span<const int32_t> values, Shape shape) {
  HostTensor t(DType::kI32, std::move(shape));
  std::copy(values.begin(), values.end(), t.mutable_span<int32_t>().begin());
  return t;
}

}  // namespace vlmxla
