#include "vlmxla/cli/measurements.h"

#include <algorithm>
#include <string>

#include "vlmxla/engine/model_runner.h"
#include "vlmxla/engine/process_memory.h"
#include "vlmxla/runtime/iree_executor.h"
#include "vlmxla/runtime/pjrt_executor.h"

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
// answered (cached). PJRT has no artifact cache: every program compiles in process.
Json CompileJson(const engine::ModelRunner& runner) {
  const engine::CompileStats all = runner.compile_stats();
  Json j = {{"programs", all.programs}, {"seconds", all.seconds}};
  if (const auto* iree = dynamic_cast<const runtime::IreeExecutor*>(&runner.executor())) {
    const runtime::IreeCompileStats s = iree->compile_stats();
    j["cache"] = "IREE artifact cache (" + iree->options().cache_dir + ")";
    j["cold_programs"] = s.cold;
    j["cold_seconds"] = s.cold_seconds;
    j["cached_programs"] = s.cached;
    j["cached_seconds"] = s.cached_seconds;
  } else {
    j["cache"] = "none: PJRT compiles every program in process at each start";
    j["cold_programs"] = all.programs;
    j["cold_seconds"] = all.seconds;
    j["cached_programs"] = 0;
    j["cached_seconds"] = 0.0;
  }
  return j;
}

Json DeviceMemoryJson(const engine::ModelRunner& runner, const engine::MemorySnapshot& now) {
  const runtime::Executor& ex = runner.executor();
  if (const auto* pjrt = dynamic_cast<const runtime::PjrtExecutor*>(&ex)) {
    auto stats = pjrt->MemoryStats();
    if (!stats.ok()) {
      return {{"reported", false},
              {"detail", "not reported by the PJRT plugin (" + ex.name() + "): " +
                             stats.status().message() +
                             "; on the CPU plugin device buffers live in the engine's own heap, "
                             "so the engine's RSS covers them"}};
    }
    return {{"reported", true},
            {"source", "PJRT_Device_MemoryStats"},
            {"bytes_in_use", stats->bytes_in_use},
            {"peak_bytes_in_use", stats->peak_bytes_in_use},
            {"bytes_limit", stats->bytes_limit}};
  }
  if (const auto* iree = dynamic_cast<const runtime::IreeExecutor*>(&ex)) {
    Json j = {{"reported", now.device_live_bytes >= 0}, {"source", "IREE runtime host"}};
    if (now.device_live_bytes >= 0) j["live_buffer_bytes"] = now.device_live_bytes;
    auto info = iree->DeviceInfoJson();
    const Json parsed = info.ok() ? Json::parse(*info, nullptr, false) : Json();
    if (parsed.is_object() && parsed.contains("memory") && !parsed["memory"].empty()) {
      j["allocator_statistics"] = parsed["memory"];
    } else {
      j["allocator_statistics"] =
          "not reported: the iree-base-runtime allocator keeps no statistics in this build";
    }
    if (parsed.is_object() && parsed.contains("process")) j["host_process"] = parsed["process"];
    return j;
  }
  return {{"reported", false}, {"detail", "not reported by backend " + ex.name()}};
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
  j["weights"] = {{"bytes", runner->weight_bytes()},
                  {"vision_bytes", w.vision_bytes},
                  {"decoder_bytes", w.decoder_bytes},
                  {"tensors", w.uploads.size()},
                  {"max_uploads_per_tensor", max_uploads},
                  {"uploads", uploads}};
  j["weight_upload_memory"] = {{"before", SnapshotJson(w.before)},
                               {"after", SnapshotJson(w.after)}};
  const engine::MemorySnapshot now = runner->SnapshotMemory();
  j["memory_at_end"] = SnapshotJson(now);
  j["device_memory"] = DeviceMemoryJson(*runner, now);
  return j;
}

}  // namespace vlmxla::cli
