// What the generation service counts while it runs (the server's GET /metrics renders it).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace vlmxla::engine {

// A fixed-bucket histogram (Prometheus style: counts[i] observations <= bounds[i], the last count
// for +Inf; not cumulative here).
struct Histogram {
  std::vector<double> bounds;
  std::vector<int64_t> counts;  // bounds.size() + 1
  double sum = 0;
  int64_t count = 0;
  explicit Histogram(std::vector<double> b = {})
      : bounds(std::move(b)), counts(bounds.size() + 1) {}
  void Observe(double v) {
    size_t i = 0;
    while (i < bounds.size() && v > bounds[i]) ++i;
    ++counts[i];
    sum += v;
    ++count;
  }
};

// Seconds, from 1 ms to 30 s: the buckets of the scheduler's latency histograms.
inline std::vector<double> LatencyBuckets() {
  return {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};
}

// A cache's counters (the prefix cache, the image cache: engine/prefix_cache.h).
struct CacheStats {
  bool enabled = false;
  int64_t hits = 0;
  int64_t misses = 0;
  int64_t evictions = 0;
  int64_t entries = 0;
  uint64_t bytes = 0;   // held now
  uint64_t budget = 0;  // the most it may hold
};

struct ServiceMetrics {
  int64_t requests_total = 0;
  int64_t requests_failed = 0;
  int64_t prompt_tokens_total = 0;  // effective
  int64_t prompt_tokens_logical_total = 0;
  int64_t generated_tokens_total = 0;
  int64_t queue_depth = 0;
  int64_t active_slots = 0;
  Histogram prefill_seconds;      // one observation per prefill
  Histogram decode_step_seconds;  // one observation per decode step (all active slots)
  CacheStats prefix_cache;        // hits and misses count prefills
  CacheStats image_cache;         // hits and misses count images a prefill needed
};

}  // namespace vlmxla::engine
