// KvSlots: the KV caches of a runner's sequences, one device buffer per slot, decoder layer and
// K/V (ct[kv_heads, capacity, head_dim], ct the compute type; a sliding-window layer whose window
// is shorter than the capacity keeps a ring ct[kv_heads, sliding_window, head_dim]), updated in
// place by donation; and per slot the M-RoPE delta of the prompt it holds.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::engine {

// One slot's keys and values (device copies, every layer's K and V in KvSlots' order) and its
// M-RoPE delta, kept apart from the slots (the prefix cache).
struct SavedKv {
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> buffers;
  int64_t rope_delta = 0;
};

class KvSlots {
 public:
  // `slots` zeroed caches of `capacity` positions each for the decoder `text`, in `dtype`.
  static Result<KvSlots> Allocate(runtime::Executor& executor, const io::TextConfig& text,
                                  int64_t capacity, int slots, DType dtype);

  int size() const { return static_cast<int>(caches_.size()); }
  // The cache a program's KV parameter of role `kv` reads in runner slot `slot` (kv.slot is the
  // call's own slot index, mapped to `slot` by the caller).
  const std::shared_ptr<runtime::DeviceBuffer>& Cache(int slot, const hlo::KvRole& kv) const {
    return caches_[slot][2 * kv.layer + (kv.value ? 1 : 0)];
  }
  // Takes the updated cache a donated call returned.
  void Replace(int slot, const hlo::KvRole& kv, std::shared_ptr<runtime::DeviceBuffer> buffer) {
    caches_[slot][2 * kv.layer + (kv.value ? 1 : 0)] = std::move(buffer);
  }
  // M-RoPE: decode at KV row p of `slot` rotates by p + rope_delta(slot).
  int64_t rope_delta(int slot) const { return rope_delta_[slot]; }
  void set_rope_delta(int slot, int64_t delta) { rope_delta_[slot] = delta; }
  uint64_t bytes_per_slot() const { return bytes_per_slot_; }
  // Makes slot `to` a copy of slot `from` (every layer's keys and values, copied on the device,
  // and the M-RoPE delta), so a prompt prefilled once decodes on in both.
  Status Copy(runtime::Executor& executor, int from, int to);
  // A device copy of `slot`'s caches and delta, which later calls on the slot leave unchanged.
  Result<SavedKv> Save(runtime::Executor& executor, int slot) const;
  // Makes `slot` hold a device copy of `saved` (which stays as it is: the slot's buffers are
  // donated and updated in place).
  Status Restore(runtime::Executor& executor, const SavedKv& saved, int slot);

 private:
  Status CheckSlot(int slot, const char* what) const;
  static Result<std::vector<std::shared_ptr<runtime::DeviceBuffer>>> CopyBuffers(
      runtime::Executor& executor, const std::vector<std::shared_ptr<runtime::DeviceBuffer>>& from);

  std::vector<std::vector<std::shared_ptr<runtime::DeviceBuffer>>> caches_;
  std::vector<int64_t> rope_delta_;
  uint64_t bytes_per_slot_ = 0;
};

}  // namespace vlmxla::engine
