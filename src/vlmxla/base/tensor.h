// HostTensor: a dtype, a shape and bytes, either owned or a view into memory owned elsewhere
// (for example a memory-mapped safetensors file, kept alive by `keepalive`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/dtype.h"
#include "vlmxla/base/status.h"

namespace vlmxla {

using Shape = std::vector<int64_t>;

int64_t NumElements(const Shape& shape);
std::string ShapeToString(const Shape& shape);  // "[1, 3, 336, 336]"

class HostTensor {
 public:
  HostTensor() = default;
  // Owned, zero-filled storage.
  HostTensor(DType dtype, Shape shape);
  // A view of `bytes` (not copied); `keepalive` owns the memory behind it.
  static HostTensor View(DType dtype, Shape shape, const void* data,
                         std::shared_ptr<const void> keepalive);

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  int64_t num_elements() const { return NumElements(shape_); }
  size_t byte_size() const { return static_cast<size_t>(num_elements()) * DTypeSize(dtype_); }
  bool is_view() const { return owned_ == nullptr; }

  const void* data() const { return data_; }
  // Only owned tensors are writable.
  void* mutable_data();

  template <typename T>
  std::span<const T> span() const {
    return {static_cast<const T*>(data_), static_cast<size_t>(num_elements())};
  }
  template <typename T>
  std::span<T> mutable_span() {
    return {static_cast<T*>(mutable_data()), static_cast<size_t>(num_elements())};
  }

  // Element i converted to float64 (any numeric dtype).
  double GetAsDouble(int64_t i) const;

 private:
  DType dtype_ = DType::kF32;
  Shape shape_;
  std::shared_ptr<std::vector<uint8_t>> owned_;
  std::shared_ptr<const void> keepalive_;
  const void* data_ = nullptr;
};

// An owned i32 tensor of `shape` holding `values` (as many as the shape has elements).
HostTensor I32Tensor(std::span<const int32_t> values, Shape shape);

// `t` with its floats (f32, f16, bf16) converted to `dtype` (one of those), rounding to nearest
// even; an owned copy. Used for the rare tensor a checkpoint stores in another float type than the
// rest, while it is uploaded.
Result<HostTensor> ConvertFloats(const HostTensor& t, DType dtype);

}  // namespace vlmxla
