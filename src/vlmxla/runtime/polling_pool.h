// Threads for the host calls' work (pjrt_ffi_matvec.cc): a call's outputs in chunks that the
// calling thread and the pool's workers take until none is left. The workers poll for the next
// call for a while after each one before they sleep: a decode step makes ~100 product calls a few
// tens of microseconds apart, and a pool whose threads sleep between them (XLA's intra-op pool,
// which the calls used before) pays a wake-up for every call, a futex call and, in a VM, an
// interrupt between cores. On the 2-vCPU Sapphire Rapids VM that was 5.5% of a bf16 decode's
// samples, and polling made batch-1 decode ~15% faster (bench/README.md).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace vlmxla::runtime {

// One call's work, shared with the workers that help: every thread, the caller included, takes
// the next chunk until none is left, so the call finishes even if no worker helps, and a worker
// that arrives after the call returned finds nothing to do. A call's operands live in the object
// that derives from this, which the helping workers keep alive.
struct SharedCall {
  virtual ~SharedCall() = default;
  virtual void RunChunk(int64_t c) = 0;
  int64_t chunks = 0;
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> done{0};

  // Takes chunks until none is left.
  void Work();
};

class PollingPool {
 public:
  // `workers` threads, started here.
  explicit PollingPool(int64_t workers);
  // Stops and joins the workers.
  ~PollingPool();
  PollingPool(const PollingPool&) = delete;
  PollingPool& operator=(const PollingPool&) = delete;

  // The process's pool, with `workers` threads the first time it is asked for (later calls get
  // that one whatever they ask); never destroyed.
  static PollingPool& Shared(int64_t workers);

  int64_t workers() const { return static_cast<int64_t>(threads_.size()); }

  // Runs every chunk of `call`: offers it to up to `helpers` workers, works on it on the calling
  // thread too, and returns when each chunk is done. Calls from several threads at once are
  // fine (a newer offer replaces an older one; its caller still finishes it).
  void Run(const std::shared_ptr<SharedCall>& call, int64_t helpers);

  // How long a worker polls for the next call after its last one before it sleeps.
  static constexpr int64_t kPollMicros = 500;

 private:
  void Loop();

  std::mutex mu_;
  std::condition_variable wake_;
  std::atomic<uint64_t> generation_{0};  // offers made
  std::atomic<int> sleeping_{0};
  bool stop_ = false;                    // guarded by mu_
  std::shared_ptr<SharedCall> current_;  // the latest offer, guarded by mu_
  int64_t takers_ = 0;                   // workers it may still take, guarded by mu_
  std::vector<std::thread> threads_;
};

}  // namespace vlmxla::runtime
