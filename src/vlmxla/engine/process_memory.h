// ProcessMemory: a process's resident memory from /proc/<pid>/status (Linux), split the way the
// "weights are held once" check needs it: anonymous (heap copies), file-backed (mmapped
// checkpoints, loaded code) and shared memory (the IREE staging region).
#pragma once

#include <sys/types.h>

#include <cstdint>

#include "vlmxla/base/status.h"

namespace vlmxla::engine {

struct ProcessMemory {
  int64_t rss_bytes = 0;        // VmRSS
  int64_t peak_rss_bytes = 0;   // VmHWM (what getrusage reports as ru_maxrss)
  int64_t anon_bytes = 0;       // RssAnon
  int64_t file_bytes = 0;       // RssFile
  int64_t shmem_bytes = 0;      // RssShmem
  // Memory that can hold a copy of the weights: anonymous + file-backed (not the staging region).
  int64_t private_bytes() const { return anon_bytes + file_bytes; }
};

// This process (pid 0) or another one the caller may read (e.g. the IREE runtime host).
Result<ProcessMemory> ReadProcessMemory(pid_t pid = 0);

}  // namespace vlmxla::engine
