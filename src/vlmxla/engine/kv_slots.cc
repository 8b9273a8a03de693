#include "vlmxla/engine/kv_slots.h"

#include <cstring>

namespace vlmxla::engine {

Result<KvSlots> KvSlots::Allocate(runtime::Executor& executor, const io::TextConfig& t,
                                  int64_t capacity, int slots, DType dtype) {
  KvSlots kv;
  // A full layer holds `capacity` rows; a sliding layer with a shorter window its ring of
  // sliding_window rows (io::TextConfig::KvRows).
  HostTensor full(dtype, Shape{t.num_key_value_heads, capacity, t.head_dim});
  std::memset(full.mutable_data(), 0, full.byte_size());
  HostTensor ring;
  if (t.sliding_window > 0 && t.sliding_window < capacity) {
    ring = HostTensor(dtype, Shape{t.num_key_value_heads, t.sliding_window, t.head_dim});
    std::memset(ring.mutable_data(), 0, ring.byte_size());
  }
  kv.caches_.resize(slots);
  for (auto& slot : kv.caches_) {
    for (int i = 0; i < 2 * t.num_hidden_layers; ++i) {
      const HostTensor& zeros = t.IsRingLayer(i / 2, capacity) ? ring : full;
      VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor.Upload(zeros));
      slot.push_back(std::move(buffer));
    }
  }
  kv.rope_delta_.assign(slots, 0);
  for (int l = 0; l < t.num_hidden_layers; ++l) {
    kv.bytes_per_slot_ += 2ull * (t.IsRingLayer(l, capacity) ? ring : full).byte_size();
  }
  return kv;
}

Status KvSlots::CheckSlot(int slot, const char* what) const {
  if (slot >= 0 && slot < size()) return Status::Ok();
  return InvalidArgument(std::string(what) + ": KV slot " + std::to_string(slot) +
                         " does not exist (" + std::to_string(size()) + " slots)");
}

Result<std::vector<std::shared_ptr<runtime::DeviceBuffer>>> KvSlots::CopyBuffers(
    runtime::Executor& executor, const std::vector<std::shared_ptr<runtime::DeviceBuffer>>& from) {
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> copies;
  copies.reserve(from.size());
  for (const auto& buffer : from) {
    VLMXLA_ASSIGN_OR_RETURN(auto copy, executor.Copy(*buffer));
    copies.push_back(std::move(copy));
  }
  return copies;
}

Status KvSlots::Copy(runtime::Executor& executor, int from, int to) {
  if (from == to)
    return InvalidArgument("cannot copy KV slot " + std::to_string(from) + " to itself");
  VLMXLA_RETURN_IF_ERROR(CheckSlot(from, "copy"));
  VLMXLA_RETURN_IF_ERROR(CheckSlot(to, "copy"));
  VLMXLA_ASSIGN_OR_RETURN(caches_[to], CopyBuffers(executor, caches_[from]));
  rope_delta_[to] = rope_delta_[from];
  return Status::Ok();
}

Result<SavedKv> KvSlots::Save(runtime::Executor& executor, int slot) const {
  VLMXLA_RETURN_IF_ERROR(CheckSlot(slot, "save"));
  SavedKv saved;
  VLMXLA_ASSIGN_OR_RETURN(saved.buffers, CopyBuffers(executor, caches_[slot]));
  saved.rope_delta = rope_delta_[slot];
  return saved;
}

Status KvSlots::Restore(runtime::Executor& executor, const SavedKv& saved, int slot) {
  VLMXLA_RETURN_IF_ERROR(CheckSlot(slot, "restore"));
  if (saved.buffers.size() != caches_[slot].size()) {
    return Internal("restore: saved KV has " + std::to_string(saved.buffers.size()) +
                    " buffers, a slot " + std::to_string(caches_[slot].size()));
  }
  VLMXLA_ASSIGN_OR_RETURN(caches_[slot], CopyBuffers(executor, saved.buffers));
  rope_delta_[slot] = saved.rope_delta;
  return Status::Ok();
}

}  // namespace vlmxla::engine
