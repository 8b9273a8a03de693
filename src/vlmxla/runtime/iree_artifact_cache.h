// The IREE entries of the artifact cache (artifact_cache.h): StableHLO text -> .vmfb through
// iree-compile, stored as <cache_dir>/<sha256>.vmfb where the hash covers the MLIR text, every
// flag, the compiler's version and the target. A second request for the same key reuses the file
// without compiling. Beside each artifact, <sha256>.json is its manifest entry (compiler version,
// target, flags, the MLIR's sha256), so that a copied cache is usable where no iree-compile is
// installed: the compiler version a key needs is read from the entries
// (RecordedIreeCompilerVersion).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/base/status.h"

namespace vlmxla::runtime {

struct IreeCompileJob {
  std::string compiler;            // path of iree-compile
  std::string compiler_version;    // `iree-compile --version` (part of the key)
  std::string target;              // "llvm-cpu", "cuda:sm_90" (part of the key)
  std::vector<std::string> flags;  // everything between iree-compile and the input file
  std::string cache_dir;           // created if missing
  // After a compile stores its artifact, the least recently used entries of cache_dir are evicted
  // down to this many bytes (EvictLeastRecentlyUsed); 0: unbounded.
  uint64_t max_cache_bytes = 0;
  double timeout_s = 3600;
};

struct IreeArtifact {
  std::string path;     // the .vmfb
  std::string key;      // its sha256
  bool cached = false;  // true: found in the cache, iree-compile did not run
  double seconds = 0;   // wall time of this lookup or compile
};

// The cache key of `mlir_text` under `job` (hex sha256).
std::string IreeArtifactKey(const IreeCompileJob& job, std::string_view mlir_text);

// The cached artifact of `mlir_text` under `job`, if one is stored (nothing is compiled).
std::optional<IreeArtifact> FindIreeArtifact(const IreeCompileJob& job, std::string_view mlir_text);

// Returns the cached artifact or compiles it (written to a temporary name, then renamed, so a
// reader never sees half a file). A module iree-compile rejects gives InvalidArgument with the
// compiler's first error lines (reason "compile_failed").
Result<IreeArtifact> CompileIreeArtifact(const IreeCompileJob& job, std::string_view mlir_text);

// The compiler version of the newest manifest entry in `cache_dir` whose target is `target`
// (or `target` plus a suffix such as " explicit-target"); nullopt when none records one.
std::optional<std::string> RecordedIreeCompilerVersion(const std::string& cache_dir,
                                                       const std::string& target);

// `<compiler> --version`, run once per compiler path and remembered.
Result<std::string> IreeCompilerVersion(const std::string& compiler);

}  // namespace vlmxla::runtime
