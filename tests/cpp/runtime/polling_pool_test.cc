// PollingPool: every chunk of a call runs exactly once whether the workers are polling, asleep
// or busy, calls from several threads at once all finish, and a pool stops cleanly.
#include "vlmxla/runtime/polling_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace vlmxla::runtime {
namespace {

// Counts each chunk's runs, and the threads that ran chunks.
struct CountingCall : SharedCall {
  explicit CountingCall(int64_t n) : runs(static_cast<size_t>(n)) { chunks = n; }
  void RunChunk(int64_t c) override {
    runs[static_cast<size_t>(c)].fetch_add(1);
    if (std::this_thread::get_id() != caller) by_workers.fetch_add(1);
    // Long enough that a polling worker takes some of the chunks.
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
    while (std::chrono::steady_clock::now() < until) {
    }
  }
  std::vector<std::atomic<int>> runs;
  std::atomic<int> by_workers{0};
  std::thread::id caller = std::this_thread::get_id();
};

void ExpectEachChunkOnce(const CountingCall& call) {
  for (size_t c = 0; c < call.runs.size(); ++c) {
    EXPECT_EQ(call.runs[c].load(), 1) << "chunk " << c;
  }
  EXPECT_EQ(call.done.load(), call.chunks);
}

TEST(PollingPool, EveryChunkRunsOnceAndTheWorkersHelp) {
  PollingPool pool(2);
  ASSERT_EQ(pool.workers(), 2);
  int helped = 0;
  for (int i = 0; i < 50; ++i) {
    auto call = std::make_shared<CountingCall>(64);
    pool.Run(call, 2);
    ExpectEachChunkOnce(*call);
    helped += call->by_workers.load() > 0;
  }
  // The workers poll between the calls: they take chunks of most calls (not asserted per call:
  // on a loaded machine the caller may finish before a worker is scheduled).
  EXPECT_GT(helped, 0);
}

TEST(PollingPool, ACallAfterTheWorkersSleptFinishes) {
  PollingPool pool(1);
  for (int i = 0; i < 3; ++i) {
    // Past the polling time: the worker is asleep, and the offer wakes it (or the caller does
    // every chunk); either way each chunk runs once.
    std::this_thread::sleep_for(std::chrono::microseconds(4 * PollingPool::kPollMicros));
    auto call = std::make_shared<CountingCall>(16);
    pool.Run(call, 1);
    ExpectEachChunkOnce(*call);
  }
}

TEST(PollingPool, CallsFromSeveralThreadsAtOnceAllFinish) {
  PollingPool pool(2);
  std::vector<std::thread> callers;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&] {
      for (int i = 0; i < 20; ++i) {
        auto call = std::make_shared<CountingCall>(8 + i);
        pool.Run(call, 2);
        for (const auto& r : call->runs) wrong += r.load() != 1;
        wrong += call->done.load() != call->chunks;
      }
    });
  }
  for (std::thread& t : callers) t.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(PollingPool, NoWorkersOrNoHelpersRunsOnTheCaller) {
  PollingPool none(0);
  auto a = std::make_shared<CountingCall>(5);
  none.Run(a, 3);
  ExpectEachChunkOnce(*a);
  EXPECT_EQ(a->by_workers.load(), 0);
  PollingPool one(1);
  auto b = std::make_shared<CountingCall>(5);
  one.Run(b, 0);
  ExpectEachChunkOnce(*b);
  EXPECT_EQ(b->by_workers.load(), 0);
}

}  // namespace
}  // namespace vlmxla::runtime
