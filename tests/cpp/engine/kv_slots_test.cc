// KvSlots with sliding-window layers, on iree-cpu (whose runtime host counts its live device
// buffers; the PJRT CPU plugin reports no memory statistics): a sliding layer whose window is
// shorter than the context keeps a ring of window rows, and the bytes the engine allocates are
// the shapes' bytes. Dims: gemma-3-4b's attention (34 layers, every 6th
// global, 4 KV heads of 256, window 1024), bf16.
#include "vlmxla/engine/kv_slots.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "../runtime/executor_test_util.h"

namespace vlmxla::engine {
namespace {

io::TextConfig Gemma3_4bAttention() {
  io::TextConfig c;
  c.model_type = "gemma3_text";
  c.num_hidden_layers = 34;
  c.num_attention_heads = 8;
  c.num_key_value_heads = 4;
  c.head_dim = 256;
  c.sliding_window = 1024;
  for (int l = 0; l < 34; ++l) c.sliding_layers.push_back((l + 1) % 6 != 0);
  return c;
}

runtime::Executor* CpuExecutor() {
  const auto& made = runtime::test_util::SharedExecutor("iree-cpu");
  EXPECT_TRUE(made.ok()) << made.status().ToString();
  return made.ok() ? made->get() : nullptr;
}

struct Measured {
  uint64_t bytes_per_slot = 0;  // KvSlots' own count
  int64_t allocated = 0;        // the executor's live device bytes the slots added
};

Measured Allocate(runtime::Executor& ex, const io::TextConfig& config, int64_t capacity) {
  Measured m;
  const int64_t before = ex.Report().memory.live_buffer_bytes;
  auto slots = KvSlots::Allocate(ex, config, capacity, 1, DType::kBF16);
  EXPECT_TRUE(slots.ok()) << slots.status().ToString();
  if (!slots.ok()) return m;
  m.bytes_per_slot = slots->bytes_per_slot();
  m.allocated = ex.Report().memory.live_buffer_bytes - before;
  return m;
}

// Bytes of K and V of one slot: layers * 2 * kv_heads * rows * head_dim * 2 (bf16).
constexpr int64_t kRowBytes = 2 * 4 * 256 * 2;

TEST(KvSlots, SlidingLayersAllocateAWindowRing) {
  runtime::Executor* ex = CpuExecutor();
  ASSERT_NE(ex, nullptr);
  ASSERT_GE(ex->Report().memory.live_buffer_bytes, 0) << "the IREE host reports live bytes";
  const io::TextConfig gemma = Gemma3_4bAttention();
  const Measured ring = Allocate(*ex, gemma, 2048);
  const int64_t want = (5 * 2048 + 29 * 1024) * kRowBytes;  // 5 global layers, 29 rings
  EXPECT_EQ(ring.bytes_per_slot, static_cast<uint64_t>(want));
  EXPECT_EQ(ring.allocated, want);
  // Without sliding layers every layer holds the whole context.
  io::TextConfig full = gemma;
  full.sliding_layers.clear();
  const Measured all = Allocate(*ex, full, 2048);
  EXPECT_EQ(all.bytes_per_slot, static_cast<uint64_t>(34 * 2048 * kRowBytes));
  // At a context within the window a sliding layer is a full one.
  EXPECT_EQ(Allocate(*ex, gemma, 1024).bytes_per_slot,
            static_cast<uint64_t>(34 * 1024 * kRowBytes));
}

// The figures bench/README.md reports (8k and 32k, ring against full): large allocations, run by
// hand with --gtest_also_run_disabled_tests --gtest_filter='KvSlots.DISABLED_*'.
TEST(KvSlots, DISABLED_ReportGemma3_4bAt8kAnd32k) {
  runtime::Executor* ex = CpuExecutor();
  ASSERT_NE(ex, nullptr);
  for (int64_t capacity : {8192, 32768}) {
    for (bool ring : {true, false}) {
      io::TextConfig config = Gemma3_4bAttention();
      if (!ring) config.sliding_layers.clear();
      const Measured m = Allocate(*ex, config, capacity);
      std::printf("capacity %lld %s: bytes_per_slot %llu, allocated %lld\n",
                  static_cast<long long>(capacity), ring ? "ring" : "full",
                  static_cast<unsigned long long>(m.bytes_per_slot),
                  static_cast<long long>(m.allocated));
      EXPECT_EQ(static_cast<int64_t>(m.bytes_per_slot), m.allocated);
    }
  }
}

}  // namespace
}  // namespace vlmxla::engine
