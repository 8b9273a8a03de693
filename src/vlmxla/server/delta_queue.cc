#include "vlmxla/server/delta_queue.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace vlmxla::server {

DeltaQueue::DeltaQueue(size_t max_pending) : max_pending_(max_pending < 1 ? 1 : max_pending) {}

bool DeltaQueue::Push(const engine::GenerationDelta& delta) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return false;
    // The newest waiting delta of the same choice: merging into it keeps that choice's order
    // (the choices' streams are independent of each other).
    auto same =
        std::find_if(pending_.rbegin(), pending_.rend(),
                     [&](const engine::GenerationDelta& d) { return d.index == delta.index; });
    if (pending_.size() >= max_pending_ && same != pending_.rend()) {
      engine::GenerationDelta& last = *same;
      last.text += delta.text;
      last.token_ids.insert(last.token_ids.end(), delta.token_ids.begin(), delta.token_ids.end());
      last.logprobs.insert(last.logprobs.end(), delta.logprobs.begin(), delta.logprobs.end());
      last.finish = delta.finish;
      last.error = delta.error;
      last.usage = delta.usage;
      last.prefill_seconds = delta.prefill_seconds;
      last.decode_seconds = delta.decode_seconds;
    } else {
      pending_.push_back(delta);
    }
  }
  cv_.notify_one();
  return true;
}

std::optional<engine::GenerationDelta> DeltaQueue::Pop(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!cv_.wait_for(lock, timeout, [this] { return !pending_.empty(); })) return std::nullopt;
  engine::GenerationDelta d = std::move(pending_.front());
  pending_.pop_front();
  return d;
}

void DeltaQueue::Close() {
  std::lock_guard<std::mutex> lock(mu_);
  closed_ = true;
  pending_.clear();
}

bool DeltaQueue::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

engine::DeltaSink DeltaQueue::SinkFor(std::shared_ptr<DeltaQueue> queue) {
  return [queue = std::move(queue)](const engine::GenerationDelta& d) { return queue->Push(d); };
}

}  // namespace vlmxla::server
