#include "vlmxla/io/checkpoint.h"

#include <map>
#include <utility>

namespace vlmxla::io {

Result<CheckpointWeights> CheckpointWeights::Open(const ModelDir& model) {
  CheckpointWeights w;
  VLMXLA_ASSIGN_OR_RETURN(std::vector<std::string> files, model.WeightFiles());
  for (const auto& f : files) {
    VLMXLA_ASSIGN_OR_RETURN(SafetensorsFile st, SafetensorsFile::Open(f));
    w.files_.push_back(std::make_unique<SafetensorsFile>(std::move(st)));
  }
  return w;
}

std::vector<std::string> CheckpointWeights::Candidates(const std::string& name) const {
  static const std::vector<std::pair<std::string, std::string>> kAliases = {
      {"vision_tower.", "vision_tower.vision_model."},
      {"language_model.model.", "model.language_model."},
      {"language_model.lm_head.", "lm_head."},
  };
  std::vector<std::string> candidates = {name};
  for (const auto& [from, to] : kAliases) {
    if (name.rfind(from, 0) == 0) candidates.push_back(to + name.substr(from.size()));
  }
  return candidates;
}

bool CheckpointWeights::Has(const std::string& name) const {
  for (const auto& c : Candidates(name))
    for (const auto& f : files_)
      if (f->Has(c)) return true;
  return false;
}

Result<HostTensor> CheckpointWeights::Get(const std::string& name) const {
  for (const auto& c : Candidates(name))
    for (const auto& f : files_)
      if (f->Has(c)) return f->Get(c);
  return NotFound("weight '" + name + "' is not in the checkpoint");
}

Result<std::string> CheckpointWeights::StoredName(const std::string& name) const {
  for (const auto& c : Candidates(name))
    for (const auto& f : files_)
      if (f->Has(c)) return c;
  return NotFound("weight '" + name + "' is not in the checkpoint");
}

std::vector<std::string> CheckpointWeights::Names() const {
  std::vector<std::string> names;
  for (const auto& f : files_)
    for (const TensorInfo& t : f->tensors()) names.push_back(t.name);
  return names;
}

std::vector<std::string> CheckpointWeights::paths() const {
  std::vector<std::string> out;
  for (const auto& f : files_) out.push_back(f->path());
  return out;
}

uint64_t CheckpointWeights::bytes() const {
  uint64_t n = 0;
  for (const auto& f : files_) n += f->data_bytes();
  return n;
}

std::optional<DType> CheckpointWeights::StoredFloatType() const {
  std::map<DType, uint64_t> bytes;
  for (const auto& f : files_) {
    for (const TensorInfo& t : f->tensors()) {
      if (t.dtype == DType::kF32 || t.dtype == DType::kF16 || t.dtype == DType::kBF16) {
        bytes[t.dtype] += t.end - t.begin;
      }
    }
  }
  std::optional<DType> best;
  for (const auto& [dtype, n] : bytes) {
    if (!best || n > bytes[*best]) best = dtype;
  }
  return best;
}

}  // namespace vlmxla::io
