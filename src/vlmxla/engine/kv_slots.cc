#include "vlmxla/engine/kv_slots.h"

#include <cstring>

namespace vlmxla::engine {

Result<KvSlots> KvSlots::Allocate(runtime::Executor& executor, const io::TextConfig& t,
                                  int64_t capacity, int slots, DType dtype) {
  KvSlots kv;
  HostTensor zeros(dtype, Shape{t.num_key_value_heads, capacity, t.head_dim});
  std::memset(zeros.mutable_data(), 0, zeros.byte_size());
  kv.caches_.resize(slots);
  for (auto& slot : kv.caches_) {
    for (int i = 0; i < 2 * t.num_hidden_layers; ++i) {
      VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor.Upload(zeros));
      slot.push_back(std::move(buffer));
    }
  }
  kv.rope_delta_.assign(slots, 0);
  kv.bytes_per_slot_ = 2ull * t.num_hidden_layers * zeros.byte_size();
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
