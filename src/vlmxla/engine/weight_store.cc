#include "vlmxla/engine/weight_store.h"

#include <sys/mman.h>
#include <unistd.h>

#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::engine {
namespace {

// Drops the pages wholly inside `t` (a view into the read-only checkpoint mmap) from this
// process once its bytes are on the device, so loading never holds two copies at its peak; a
// later read faults them back in from the file.
void DropCheckpointPages(const HostTensor& t) {
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(t.data()) + page - 1) & ~(page - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(t.data()) + t.byte_size()) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

}  // namespace

Status WeightStore::Open() {
  if (open_) return Status::Ok();
  VLMXLA_ASSIGN_OR_RETURN(checkpoint_, io::CheckpointWeights::Open(*model_));
  open_ = true;
  return Status::Ok();
}

void WeightStore::CloseCheckpoint() {
  checkpoint_ = io::CheckpointWeights();
  open_ = false;
}

runtime::DeviceBuffer* WeightStore::Get(const std::string& name) const {
  auto it = weights_.find(name);
  return it == weights_.end() ? nullptr : it->second.get();
}

Status WeightStore::MapAsParameters() {
  VLMXLA_RETURN_IF_ERROR(Open());
  VLMXLA_RETURN_IF_ERROR(executor_->LoadParameters(kParameterScope, checkpoint_.paths()));
  as_parameters_ = true;
  return Status::Ok();
}

Result<hlo::StoredWeight> WeightStore::Stored(const hlo::ProgramParam& param) {
  VLMXLA_RETURN_IF_ERROR(Open());
  // A view of the mapped file: its dtype and shape, no page of its data touched.
  VLMXLA_ASSIGN_OR_RETURN(const HostTensor view, checkpoint_.Get(param.name));
  VLMXLA_ASSIGN_OR_RETURN(std::string key, checkpoint_.StoredName(param.name));
  const std::optional<hlo::ElementType> element = hlo::ElementTypeFromDType(view.dtype());
  if (!element) {
    return InvalidArgument("weight '" + key + "' is stored as " + DTypeName(view.dtype()) +
                           ", which a program cannot read as a parameter");
  }
  return hlo::StoredWeight{std::move(key), {*element, view.shape()}};
}

Status WeightStore::Upload(const hlo::Program& program) {
  for (const auto& p : program.params) {
    if (p.kind != hlo::ProgramParam::Kind::kWeight || weights_.count(p.name)) continue;
    VLMXLA_RETURN_IF_ERROR(Open());
    if (p.quant != WeightQuant::kNone) {
      VLMXLA_RETURN_IF_ERROR(UploadQuantized(p));
      continue;
    }
    VLMXLA_ASSIGN_OR_RETURN(HostTensor stored, checkpoint_.Get(p.name));
    // A transposed (or converted) weight is a temporary host copy, freed once it is on the device;
    // the checkpoint's pages are dropped before the upload when that copy holds the data, so the
    // largest such weight (a tied 152000 x 896 table: 260 MiB in bf16) is not resident twice
    // while the device copy is made.
    VLMXLA_ASSIGN_OR_RETURN(HostTensor host, hlo::BindWeight(p, stored));
    const bool copied = host.data() != stored.data();
    if (copied) DropCheckpointPages(stored);
    VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor_->Upload(host));
    host = HostTensor();
    if (!copied) DropCheckpointPages(stored);
    bytes_ += buffer->byte_size();
    (family_->IsVisionWeight(p.name) ? stats_.vision_bytes : stats_.decoder_bytes) +=
        buffer->byte_size();
    VLMXLA_ASSIGN_OR_RETURN(const std::string stored_name, checkpoint_.StoredName(p.name));
    stats_.uploads[stored_name] += 1;
    weights_[p.name] = std::move(buffer);
  }
  return Status::Ok();
}

Result<QuantizedWeight> WeightStore::ReadQuantized(const hlo::ProgramParam& p) {
  VLMXLA_ASSIGN_OR_RETURN(QuantizedWeight q, ReadStoredQuantized(p));
  // w4a8 holds int4's q and scales in the blocks its product reads (base/quantize.h), laid out
  // once here.
  if (p.quant == WeightQuant::kW4A8) return PackW4A8Weight(q, p.quantized_from);
  return q;
}

Result<QuantizedWeight> WeightStore::ReadStoredQuantized(const hlo::ProgramParam& p) {
  const std::string& name = p.quantized_from;
  const std::string what = std::string("--weights ") + WeightQuantName(p.quant);
  // A checkpoint `vlmxla quantize` wrote holds the quantized form (compressed-tensors).
  if (StoredQuant(p.quant) == WeightQuant::kInt4 && !checkpoint_.Has(name) &&
      checkpoint_.Has(name + "_packed")) {
    QuantizedWeight q;
    VLMXLA_ASSIGN_OR_RETURN(HostTensor words, checkpoint_.Get(name + "_packed"));
    VLMXLA_ASSIGN_OR_RETURN(q.values, Int4WordsToBytes(words));
    VLMXLA_ASSIGN_OR_RETURN(q.scales, checkpoint_.Get(name + "_scale"));
    return q;
  }
  VLMXLA_ASSIGN_OR_RETURN(HostTensor stored, checkpoint_.Get(name));
  if (StoredQuant(p.quant) == WeightQuant::kInt8 && stored.dtype() == DType::kI8) {
    QuantizedWeight q;
    q.values = stored;
    VLMXLA_ASSIGN_OR_RETURN(HostTensor scales, checkpoint_.Get(name + "_scale"));
    if (scales.dtype() != DType::kF32 || scales.num_elements() != stored.shape()[0]) {
      return InvalidArgument("'" + name + "_scale' is " + DTypeName(scales.dtype()) + " " +
                             ShapeToString(scales.shape()) + " but int8 weight '" + name +
                             "' needs f32 [" + std::to_string(stored.shape()[0]) + ", 1]");
    }
    q.scales = HostTensor::View(DType::kF32, Shape{stored.shape()[0]}, scales.data(),
                                std::make_shared<HostTensor>(scales));
    return q;
  }
  if (!DTypeIsFloat(stored.dtype()) || stored.dtype() == DType::kF64) {
    return InvalidArgument(
        what + " quantizes a float checkpoint's decoder projections and LM head, but '" + name +
        "' is stored as " + DTypeName(stored.dtype()));
  }
  VLMXLA_ASSIGN_OR_RETURN(QuantizedWeight q, QuantizeWeight(stored, p.quant, name));
  DropCheckpointPages(stored);
  return q;
}

Status WeightStore::UploadQuantized(const hlo::ProgramParam& p) {
  auto it = quantized_.find(p.quantized_from);
  if (it == quantized_.end()) {
    VLMXLA_ASSIGN_OR_RETURN(QuantizedWeight q, ReadQuantized(p));
    const std::string& from = p.quantized_from;
    const bool packed = !checkpoint_.Has(from) && checkpoint_.Has(from + "_packed");
    VLMXLA_ASSIGN_OR_RETURN(const std::string stored_name,
                            checkpoint_.StoredName(packed ? from + "_packed" : from));
    stats_.uploads[stored_name] += 1;
    it = quantized_.emplace(from, std::move(q)).first;
  }
  HostTensor& part = p.quant_scales ? it->second.scales : it->second.values;
  VLMXLA_ASSIGN_OR_RETURN(HostTensor host, hlo::BindWeight(p, std::move(part)));
  VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor_->Upload(host));
  part = HostTensor();
  if (it->second.values.data() == nullptr && it->second.scales.data() == nullptr) {
    quantized_.erase(it);
  }
  bytes_ += buffer->byte_size();
  stats_.decoder_bytes += buffer->byte_size();
  weights_[p.name] = std::move(buffer);
  return Status::Ok();
}

}  // namespace vlmxla::engine
