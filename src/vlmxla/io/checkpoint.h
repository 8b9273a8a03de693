// CheckpointWeights: every tensor of a Hugging Face checkpoint (one file or shards) by name,
// zero-copy views into the mmapped safetensors files.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/io/safetensors.h"

namespace vlmxla::io {

class CheckpointWeights {
 public:
  static Result<CheckpointWeights> Open(const ModelDir& model);

  // The tensor named `name` in the layout the programs use (Transformers v5: "vision_tower.",
  // "language_model."), also found under the older llava-hf layout ("vision_tower.vision_model.",
  // "model.language_model.", "lm_head."). A view: valid while this object lives.
  Result<HostTensor> Get(const std::string& name) const;
  bool Has(const std::string& name) const;
  // The name the tensor Get(name) returns has in the checkpoint's files (`name` itself or one of
  // its older-layout aliases).
  Result<std::string> StoredName(const std::string& name) const;
  // Every tensor's name as stored, in file order.
  std::vector<std::string> Names() const;
  // The safetensors files, in the order they were opened.
  std::vector<std::string> paths() const;
  // Bytes of tensor data in all files.
  uint64_t bytes() const;
  // The float type (f32, f16 or bf16) that holds most of the checkpoint's float bytes: the type
  // it is stored in. nullopt when it has no float tensors.
  std::optional<DType> StoredFloatType() const;

 private:
  std::vector<std::string> Candidates(const std::string& name) const;
  std::vector<std::unique_ptr<SafetensorsFile>> files_;
};

}  // namespace vlmxla::io
