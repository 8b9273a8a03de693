// safetensors: a memory-mapped reader with zero-copy tensor views and strict header validation,
// and a writer (used for captures and diagnostics).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"

namespace vlmxla::io {

struct TensorInfo {
  std::string name;
  DType dtype;
  Shape shape;
  uint64_t begin = 0;  // byte offsets into the data section
  uint64_t end = 0;
};

class SafetensorsFile {
 public:
  // Maps `path` read-only and validates the header: JSON object, known dtypes, non-negative
  // shapes, offsets inside the file, sizes matching shape*dtype, no overlaps, no gaps.
  static Result<SafetensorsFile> Open(const std::string& path);

  const std::string& path() const { return path_; }
  const std::vector<TensorInfo>& tensors() const { return tensors_; }
  const std::map<std::string, std::string>& metadata() const { return metadata_; }
  bool Has(const std::string& name) const;
  Result<TensorInfo> Info(const std::string& name) const;
  // A view into the mapping (no copy); the view keeps the mapping alive.
  Result<HostTensor> Get(const std::string& name) const;
  uint64_t data_bytes() const { return data_size_; }

 private:
  std::string path_;
  std::shared_ptr<const void> mapping_;  // munmap on last release
  const uint8_t* data_ = nullptr;        // start of the data section
  uint64_t data_size_ = 0;
  std::vector<TensorInfo> tensors_;
  std::map<std::string, size_t> index_;
  std::map<std::string, std::string> metadata_;
};

// Parses a header (the JSON bytes after the 8-byte length) for a data section of `data_size`
// bytes. Exposed for tests.
Result<std::vector<TensorInfo>> ParseSafetensorsHeader(
    const std::string& header_json, uint64_t data_size,
    std::map<std::string, std::string>* metadata);

// Writes tensors (sorted by name, as the Python library does) with optional string metadata.
Status WriteSafetensors(const std::string& path, const std::map<std::string, HostTensor>& tensors,
                        const std::map<std::string, std::string>& metadata = {});

}  // namespace vlmxla::io
