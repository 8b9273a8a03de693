#include "vlmxla/engine/process_memory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <fstream>
#include <sstream>
#include <string>

namespace vlmxla::engine {

Result<ProcessMemory> ReadProcessMemory(pid_t pid) {
  const std::string path =
      pid == 0 ? std::string("/proc/self/status") : "/proc/" + std::to_string(pid) + "/status";
  std::ifstream in(path);
  if (!in) return Unavailable("cannot read " + path + " (process memory needs Linux /proc)");
  ProcessMemory m;
  bool seen_rss = false;
  std::string line;
  while (std::getline(in, line)) {
    // "VmRSS:\t   12345 kB"
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = line.substr(0, colon);
    int64_t* field = key == "VmRSS"      ? &m.rss_bytes
                     : key == "VmHWM"    ? &m.peak_rss_bytes
                     : key == "RssAnon"  ? &m.anon_bytes
                     : key == "RssFile"  ? &m.file_bytes
                     : key == "RssShmem" ? &m.shmem_bytes
                                         : nullptr;
    if (field == nullptr) continue;
    std::istringstream value(line.substr(colon + 1));
    int64_t kib = 0;
    value >> kib;
    *field = kib * 1024;
    seen_rss = seen_rss || field == &m.rss_bytes;
  }
  if (!seen_rss) return Unavailable(path + " has no VmRSS line");
  return m;
}

Status ResetPeakRss() {
  // "5" resets VmHWM to the current VmRSS (Linux >= 4.0, proc(5)).
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  if (!out)
    return Unavailable("cannot reset the peak RSS: writing 5 to /proc/self/clear_refs failed");
  return Status::Ok();
}

void UseModelHeapPolicy(size_t mmap_threshold) {
#if defined(__GLIBC__)
  // Setting the threshold also turns off its dynamic growth.
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(mmap_threshold));
  mallopt(M_ARENA_MAX, 1);
#else
  (void)mmap_threshold;
#endif
}

void ReleaseFreedHeap() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace vlmxla::engine
