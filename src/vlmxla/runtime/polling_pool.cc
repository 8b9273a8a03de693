#include "vlmxla/runtime/polling_pool.h"

#include <algorithm>
#include <chrono>

namespace vlmxla::runtime {

void SharedCall::Work() {
  for (int64_t c; (c = next.fetch_add(1)) < chunks;) {
    RunChunk(c);
    done.fetch_add(1, std::memory_order_release);
  }
}

PollingPool::PollingPool(int64_t workers) {
  for (int64_t i = 0; i < workers; ++i) threads_.emplace_back([this] { Loop(); });
}

PollingPool::~PollingPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

PollingPool& PollingPool::Shared(int64_t workers) {
  static PollingPool* pool = new PollingPool(workers);  // workers poll it until the process ends
  return *pool;
}

void PollingPool::Run(const std::shared_ptr<SharedCall>& call, int64_t helpers) {
  helpers = std::min<int64_t>(helpers, workers());
  if (helpers > 0) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      current_ = call;
      takers_ = helpers;
      generation_.fetch_add(1, std::memory_order_release);
    }
    if (sleeping_.load(std::memory_order_acquire) > 0) wake_.notify_all();
  }
  call->Work();
  // The chunks the workers took are short (a slice of one product): wait for them here.
  while (call->done.load(std::memory_order_acquire) < call->chunks) std::this_thread::yield();
  if (helpers > 0) {
    // A worker that has not come yet finds nothing to take (and the call is not kept alive).
    std::lock_guard<std::mutex> lock(mu_);
    if (current_ == call) {
      current_.reset();
      takers_ = 0;
    }
  }
}

void PollingPool::Loop() {
  using Clock = std::chrono::steady_clock;
  // Offers counted from the pool's start: one made before this thread ran is still seen.
  uint64_t seen = 0;
  for (;;) {
    // Poll (yielding the core to any other thread that wants it) for kPollMicros, then sleep
    // until the next offer.
    const Clock::time_point until = Clock::now() + std::chrono::microseconds(kPollMicros);
    for (int polls = 1; generation_.load(std::memory_order_acquire) == seen; ++polls) {
      if (polls % 64 == 0 && Clock::now() > until) {
        std::unique_lock<std::mutex> lock(mu_);
        sleeping_.fetch_add(1, std::memory_order_acq_rel);
        wake_.wait(lock,
                   [&] { return stop_ || generation_.load(std::memory_order_acquire) != seen; });
        sleeping_.fetch_sub(1, std::memory_order_acq_rel);
        break;
      }
      std::this_thread::yield();
    }
    std::shared_ptr<SharedCall> call;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stop_) return;
      seen = generation_.load(std::memory_order_acquire);
      if (takers_ > 0 && current_) {
        call = current_;
        if (--takers_ == 0) current_.reset();
      }
    }
    if (call) call->Work();
  }
}

}  // namespace vlmxla::runtime
