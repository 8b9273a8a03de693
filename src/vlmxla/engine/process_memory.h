// ProcessMemory: a process's resident memory from /proc/<pid>/status (Linux), split the way the
// "weights are held once" check needs it: anonymous (heap copies), file-backed (mmapped
// checkpoints, loaded code) and shared memory (the IREE staging region).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>

#include "vlmxla/base/status.h"

namespace vlmxla::engine {

struct ProcessMemory {
  int64_t rss_bytes = 0;       // VmRSS
  int64_t peak_rss_bytes = 0;  // VmHWM (what getrusage reports as ru_maxrss)
  int64_t anon_bytes = 0;      // RssAnon
  int64_t file_bytes = 0;      // RssFile
  int64_t shmem_bytes = 0;     // RssShmem
  // Memory that can hold a copy of the weights: anonymous + file-backed (not the staging region).
  int64_t private_bytes() const { return anon_bytes + file_bytes; }
};

// This process (pid 0) or another one the caller may read (e.g. the IREE runtime host).
Result<ProcessMemory> ReadProcessMemory(pid_t pid = 0);
// Lowers this process's VmHWM to its current RSS, so that the next peak read is the peak since
// now (one process measuring several runs in turn, e.g. `vlmxla validate --cases`).
Status ResetPeakRss();

// The heap policy of a process that holds a model.
// - Allocations of `mmap_threshold` bytes or more (weight staging, the smaller weights, program
//   temporaries, compiler working sets) become their own mappings, given back to the system when
//   freed. glibc's default threshold instead rises to the size of each large block freed (up to
//   32 MiB), after which such blocks come from the heap and their pages stay resident after the
//   peak that needed them: the engine's RSS would keep its high-water mark.
// - One malloc arena (M_ARENA_MAX) instead of glibc's up to 8 per core: each of XLA's compiler
//   and runtime threads would otherwise take an arena of its own, and memory freed in one is
//   never reused by another. On the shape-faithful LLaVA bench (pjrt-cpu, bfloat16) these two
//   took the peak from ~2260 to ~2190 MiB at the same decode speed (bench/README.md).
void UseModelHeapPolicy(size_t mmap_threshold = size_t{1} << 20);
// Gives freed heap pages back to the system; after a compile, whose working memory is all freed
// at its end (XLA's CPU compiler: ~100 MiB per 0.5B-model program, bench/README.md).
void ReleaseFreedHeap();

}  // namespace vlmxla::engine
