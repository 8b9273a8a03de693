// CachingRunner: the scheduler's SequenceRunner on a ModelRunner, with the prefix cache and the
// image cache (prefix_cache.h) in front of its prefill. A prompt whose first positions an entry
// holds restores that entry's KV into its slot (device copies) and prefills from there; images
// whose features are cached skip the vision tower; each prefilled prompt's KV and each encoded
// image's features are stored for the next. Requests with taps (the gate's capture) bypass both.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/engine/model_runner.h"
#include "vlmxla/engine/prefix_cache.h"
#include "vlmxla/engine/scheduler.h"
#include "vlmxla/engine/service_metrics.h"

namespace vlmxla::engine {

struct CacheOptions {
  uint64_t prefix_cache_bytes = 0;  // 0: no prefix cache
  uint64_t image_cache_bytes = 0;   // 0: no image cache
  // The fewest cached positions worth restoring (below it the prompt is prefilled whole).
  int64_t min_prefix = 16;
};

class CachingRunner final : public SequenceRunner {
 public:
  CachingRunner(ModelRunner& runner, const CacheOptions& options);

  int num_slots() const override { return runner_.options().max_batch; }
  // The programs of the prefill this prompt would run now: continued from its cached prefix when
  // the cache holds one, else whole.
  bool IsWarm(const prompt::PreparedPrefill& prompt) override;
  Status Warm(const prompt::PreparedPrefill& prompt) override;
  Result<HostTensor> Prefill(int slot, const prompt::PreparedPrefill& prompt,
                             std::map<std::string, HostTensor>* taps) override;
  Result<HostTensor> Decode(std::span<const int> slots, std::span<const int32_t> tokens,
                            std::span<const int32_t> positions) override {
    return runner_.Decode(slots, tokens, positions);
  }
  Status CopySlot(int from, int to) override { return runner_.CopySlot(from, to); }

  // Counters of each cache (enabled false when it is off).
  CacheStats prefix_stats() const;
  CacheStats image_stats() const;

 private:
  // The prompt's key and the start a prefill may continue from now (0: whole), with the entry
  // holding that prefix.
  struct Plan {
    std::vector<uint64_t> key;
    int64_t start = 0;
    PrefixCache::Key entry;
  };
  Result<Plan> PlanPrefill(const prompt::PreparedPrefill& prompt) const;
  // The prompts EncodeImages runs for `prompt`'s images (Features): each image alone (ImagesOnly),
  // or, for an anyres family, the whole prompt; none without images.
  static Result<std::vector<prompt::PreparedPrefill>> VisionPrompts(
      const prompt::PreparedPrefill& prompt);
  // The prompt's image features prefill reads from `start` on (every image ending after it: its
  // feature rows and its rows of every by_role result), from the image cache where it holds
  // them; empty when no image ends after `start`.
  Result<ImageFeatures> Features(const prompt::PreparedPrefill& prompt, int64_t start);

  ModelRunner& runner_;
  CacheOptions options_;
  std::unique_ptr<PrefixCache> prefix_;
  std::unique_ptr<ImageCache> images_;
};

}  // namespace vlmxla::engine
