// The hand-off between the engine's thread (which produces deltas through a DeltaSink) and the
// HTTP thread that writes them to one client. The engine never waits on a slow client: Push never
// blocks, and once `max_pending` deltas wait, a new one is merged into the newest waiting delta of
// its choice (text, token ids and log-probabilities appended, finish/usage/timings taken from the
// newer), so memory stays bounded by the request's own output. Only a choice with no delta waiting
// adds one past the bound (at most n - 1 more).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>

#include "vlmxla/engine/request.h"

namespace vlmxla::server {

class DeltaQueue {
 public:
  explicit DeltaQueue(size_t max_pending = 256);

  // Engine side. Returns false once the consumer closed the queue (the DeltaSink then returns
  // false, which cancels the request).
  bool Push(const engine::GenerationDelta& delta);

  // HTTP side. Waits up to `timeout` for the oldest delta; nullopt when none came in time.
  std::optional<engine::GenerationDelta> Pop(std::chrono::milliseconds timeout);

  // HTTP side: the client is gone; later Pushes return false and are dropped.
  void Close();
  bool closed() const;

  // An engine::DeltaSink that pushes into `queue` (kept alive by the sink itself, since the
  // engine may call it after the HTTP handler has returned).
  static engine::DeltaSink SinkFor(std::shared_ptr<DeltaQueue> queue);

 private:
  const size_t max_pending_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<engine::GenerationDelta> pending_;
  bool closed_ = false;
};

}  // namespace vlmxla::server
