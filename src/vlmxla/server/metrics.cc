#include "vlmxla/server/metrics.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace vlmxla::server {
namespace {

// Label values escape backslash, quote and newline.
std::string Label(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string Number(double v) {
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  if (std::isnan(v)) return "NaN";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

void Scalar(std::ostringstream& os, const char* name, const char* type, const char* help,
            int64_t value) {
  os << "# HELP vlmxla_" << name << ' ' << help << "\n# TYPE vlmxla_" << name << ' ' << type
     << "\nvlmxla_" << name << ' ' << value << '\n';
}

// vlmxla_<cache>_{hits,misses,evictions}_total and _bytes, when the cache is on.
void Cache(std::ostringstream& os, const std::string& cache, const char* hit, const char* miss,
           const engine::CacheStats& c) {
  if (!c.enabled) return;
  auto line = [&](const std::string& suffix, const char* type, const char* help, int64_t value) {
    Scalar(os, (cache + suffix).c_str(), type, help, value);
  };
  line("_hits_total", "counter", hit, c.hits);
  line("_misses_total", "counter", miss, c.misses);
  line("_evictions_total", "counter", "Entries evicted to keep within the budget.", c.evictions);
  line("_bytes", "gauge", "Bytes the cache holds.", static_cast<int64_t>(c.bytes));
  line("_budget_bytes", "gauge", "Bytes the cache may hold.", static_cast<int64_t>(c.budget));
  line("_entries", "gauge", "Entries the cache holds.", c.entries);
}

void Hist(std::ostringstream& os, const char* name, const char* help, const engine::Histogram& h) {
  os << "# HELP vlmxla_" << name << ' ' << help << "\n# TYPE vlmxla_" << name << " histogram\n";
  int64_t cumulative = 0;
  for (size_t i = 0; i < h.bounds.size(); ++i) {
    cumulative += i < h.counts.size() ? h.counts[i] : 0;
    os << "vlmxla_" << name << "_bucket{le=\"" << Number(h.bounds[i]) << "\"} " << cumulative
       << '\n';
  }
  // +Inf is the total count by definition, whatever the per-bucket counts add up to.
  os << "vlmxla_" << name << "_bucket{le=\"+Inf\"} " << h.count << '\n';
  os << "vlmxla_" << name << "_sum " << Number(h.sum) << '\n';
  os << "vlmxla_" << name << "_count " << h.count << '\n';
}

}  // namespace

void ResponseCounters::Count(int http_status) {
  std::lock_guard<std::mutex> lock(mu_);
  ++by_status_[http_status];
}

std::map<int, int64_t> ResponseCounters::Snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  return by_status_;
}

std::string RenderPrometheus(const engine::ServiceMetrics& m,
                             const std::map<int, int64_t>& responses, const engine::ModelInfo& info,
                             bool ready) {
  std::ostringstream os;
  os << "# HELP vlmxla_model_info The served model and backend.\n# TYPE vlmxla_model_info gauge\n"
     << "vlmxla_model_info{model=\"" << Label(info.id) << "\",backend=\"" << Label(info.backend)
     << "\"} 1\n";
  Scalar(os, "ready", "gauge", "1 once the model is loaded and programs are compiled.",
         ready ? 1 : 0);
  Scalar(os, "requests_total", "counter", "Generation requests submitted to the engine.",
         m.requests_total);
  Scalar(os, "requests_failed_total", "counter", "Generation requests that ended in an error.",
         m.requests_failed);
  Scalar(os, "prompt_tokens_total", "counter",
         "Prompt positions prefilled (effective: image tokens included).", m.prompt_tokens_total);
  Scalar(os, "prompt_tokens_logical_total", "counter",
         "Prompt tokens as written (logical: each image counts once).",
         m.prompt_tokens_logical_total);
  Scalar(os, "generation_tokens_total", "counter", "Tokens generated.", m.generated_tokens_total);
  Scalar(os, "queue_depth", "gauge", "Requests waiting for a KV slot.", m.queue_depth);
  Scalar(os, "active_slots", "gauge", "KV slots generating now.", m.active_slots);
  Hist(os, "prefill_seconds", "Time per prefill.", m.prefill_seconds);
  Hist(os, "decode_step_seconds", "Time per decode step (all active slots).",
       m.decode_step_seconds);
  Cache(os, "prefix_cache", "Prefills continued from a cached prefix's KV.",
        "Prefills of the whole prompt (no cached prefix).", m.prefix_cache);
  Cache(os, "image_cache", "Images whose vision features came from the cache.",
        "Images the vision tower encoded.", m.image_cache);
  os << "# HELP vlmxla_http_responses_total HTTP responses sent, by status code.\n"
     << "# TYPE vlmxla_http_responses_total counter\n";
  for (const auto& [code, n] : responses)
    os << "vlmxla_http_responses_total{code=\"" << code << "\"} " << n << '\n';
  return os.str();
}

}  // namespace vlmxla::server
