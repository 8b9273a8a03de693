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

Status KvSlots::Copy(runtime::Executor& executor, int from, int to) {
  const int n = size();
  if (from < 0 || from >= n || to < 0 || to >= n || from == to) {
    return InvalidArgument("cannot copy KV slot " + std::to_string(from) + " to " +
                           std::to_string(to) + " (" + std::to_string(n) + " slots)");
  }
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> copies;
  copies.reserve(caches_[from].size());
  for (const auto& buffer : caches_[from]) {
    VLMXLA_ASSIGN_OR_RETURN(auto copy, executor.Copy(*buffer));
    copies.push_back(std::move(copy));
  }
  caches_[to] = std::move(copies);
  rope_delta_[to] = rope_delta_[from];
  return Status::Ok();
}

}  // namespace vlmxla::engine
