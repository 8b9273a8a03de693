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

}  // namespace vlmxla::engine
