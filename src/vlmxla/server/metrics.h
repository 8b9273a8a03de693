// GET /metrics: the engine's ServiceMetrics and the server's own response counters in the
// Prometheus text exposition format (version 0.0.4).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "vlmxla/engine/generation_service.h"
#include "vlmxla/engine/service_metrics.h"

namespace vlmxla::server {

inline constexpr char kPrometheusContentType[] = "text/plain; version=0.0.4; charset=utf-8";

// Responses the server sent, by HTTP status code. Thread-safe.
class ResponseCounters {
 public:
  void Count(int http_status);
  std::map<int, int64_t> Snapshot() const;

 private:
  mutable std::mutex mu_;
  std::map<int, int64_t> by_status_;
};

// Families (all prefixed vlmxla_): requests_total, requests_failed_total, prompt_tokens_total,
// prompt_tokens_logical_total, generation_tokens_total, queue_depth, active_slots,
// prefill_seconds and decode_step_seconds (histograms, cumulative buckets), http_responses_total
// {code="..."}, model_info{model, backend} 1, ready 0|1.
std::string RenderPrometheus(const engine::ServiceMetrics& metrics,
                             const std::map<int, int64_t>& responses, const engine::ModelInfo& info,
                             bool ready);

}  // namespace vlmxla::server
