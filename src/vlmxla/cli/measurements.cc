#include "vlmxla/cli/measurements.h"

#include <algorithm>
#include <string>

#include "vlmxla/engine/model_runner.h"
#include "vlmxla/engine/process_memory.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::cli {
namespace {

using Json = nlohmann::ordered_json;

Json MemoryJson(const engine::ProcessMemory& m) {
  return {{"rss_bytes", m.rss_bytes},     {"peak_rss_bytes", m.peak_rss_bytes},
          {"anon_bytes", m.anon_bytes},   {"file_bytes", m.file_bytes},
          {"shmem_bytes", m.shmem_bytes}, {"private_bytes", m.private_bytes()}};
}

Json SnapshotJson(const engine::MemorySnapshot& s) {
  Json j = {{"engine", MemoryJson(s.engine)}};
  if (s.has_host) j["iree_host"] = MemoryJson(s.host);
  if (s.device_live_bytes >= 0) j["device_live_bytes"] = s.device_live_bytes;
  return j;
}

// Compile counts and seconds, split by whether a compiler ran (cold) or the artifact cache
// answered (cached). A backend without an artifact cache compiles every program cold.
Json CompileJson(const engine::ModelRunner& runner) {
  const engine::CompileStats all = runner.compile_stats();
  Json j = {{"programs", all.programs}, {"seconds", all.seconds}};
  const runtime::ExecutorReport r = runner.executor().Report();
  const bool cache = runner.executor().traits().has_artifact_cache;
  j["cache"] = r.compiles.cache;
  j["cold_programs"] = cache ? r.compiles.cold : all.programs;
  j["cold_seconds"] = cache ? r.compiles.cold_seconds : all.seconds;
  j["cached_programs"] = cache ? r.compiles.cached : 0;
  j["cached_seconds"] = cache ? r.compiles.cached_seconds : 0.0;
  return j;
}

Json DeviceMemoryJson(const engine::ModelRunner& runner) {
  const runtime::ExecutorReport::Memory m = runner.executor().Report().memory;
  Json j = {{"reported", m.reported}};
  if (!m.source.empty()) j["source"] = m.source;
  if (!m.detail.empty()) j["detail"] = m.detail;
  auto put = [&j](const char* key, int64_t v) {
    if (v >= 0) j[key] = v;
  };
  put("bytes_in_use", m.bytes_in_use);
  put("peak_bytes_in_use", m.peak_bytes_in_use);
  put("bytes_limit", m.bytes_limit);
  put("live_buffer_bytes", m.live_buffer_bytes);
  if (!m.allocator_json.empty()) j["allocator_statistics"] = Json::parse(m.allocator_json);
  if (!m.host_process_json.empty()) j["host_process"] = Json::parse(m.host_process_json);
  return j;
}

}  // namespace

nlohmann::ordered_json Measurements(const engine::Engine& engine) {
  Json j;
  const engine::ModelRunner* runner = engine.runner();
  // VmHWM, not getrusage's ru_maxrss: a child's ru_maxrss starts at its forking parent's peak
  // (exec keeps it), so under the gate's Python it would report the gate's own size.
  if (auto self = engine::ReadProcessMemory(); self.ok()) {
    j["engine_peak_rss_bytes"] = self->peak_rss_bytes;
  }
  if (runner == nullptr) return j;
  const engine::WeightStats& w = runner->weight_stats();
  Json uploads = Json::object();
  int max_uploads = 0;
  for (const auto& [name, count] : w.uploads) {
    uploads[name] = count;
    max_uploads = std::max(max_uploads, count);
  }
  j["compile"] = CompileJson(*runner);
  j["weights"] = {{"bytes", runner->weight_bytes()},       {"vision_bytes", w.vision_bytes},
                  {"decoder_bytes", w.decoder_bytes},      {"tensors", w.uploads.size()},
                  {"max_uploads_per_tensor", max_uploads}, {"uploads", uploads}};
  j["weight_upload_memory"] = {{"before", SnapshotJson(w.before)},
                               {"after", SnapshotJson(w.after)}};
  const engine::MemorySnapshot now = runner->SnapshotMemory();
  j["memory_at_end"] = SnapshotJson(now);
  j["device_memory"] = DeviceMemoryJson(*runner);
  return j;
}

}  // namespace vlmxla::cli
