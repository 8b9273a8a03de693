// The persistent cache of compiled programs, shared by both runtimes: one root ($VLMXLA_CACHE,
// else ~/.cache/vlmxla) with one folder per kind of entry (iree/ holds .vmfb files, pjrt/ holds
// serialized PJRT executables). An entry is the set of files <key>.* in its folder, where the key
// is a sha256 over everything that decides the compiled bytes. What both kinds share lives here:
// the key, writes that a reader never sees half done, sealed payloads whose corruption is
// detected, and a size bound that evicts the least recently used entries.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/sha256.h"

namespace vlmxla::runtime {

// Environment variable bounding each cache folder, in MiB (default kDefaultArtifactCacheMiB).
inline constexpr const char kArtifactCacheMaxMibEnv[] = "VLMXLA_CACHE_MAX_MB";
inline constexpr uint64_t kDefaultArtifactCacheMiB = 8192;

// The environment variable `name`, or "" when it is unset.
std::string Env(const char* name);

// $VLMXLA_CACHE/<kind>, else ~/.cache/vlmxla/<kind>; NotFound when neither variable is set.
Result<std::string> DefaultArtifactCacheDir(std::string_view kind);

// The size bound from $VLMXLA_CACHE_MAX_MB (bytes); the default when unset, InvalidArgument
// naming the variable when it is not a positive integer.
Result<uint64_t> ArtifactCacheMaxBytes();

// A cache key: a sha256 over length-prefixed fields, so that no two different field lists hash
// the same byte stream. The first field names the kind and version of the entry.
class ArtifactKey {
 public:
  explicit ArtifactKey(std::string_view kind_and_version) { Add(kind_and_version); }
  ArtifactKey& Add(std::string_view field);
  std::string Hex() { return hasher_.HexDigest(); }

 private:
  Sha256 hasher_;
};

// Writes `bytes` to a temporary name beside `path` and renames it into place, so that a reader
// sees the old file, no file, or all of the new one. Unavailable (reason cache_unwritable).
Status WriteFileAtomically(const std::string& path, std::string_view bytes);

// A payload with a header that names its length and sha256, so that a truncated or damaged entry
// is detected when it is read back rather than handed to a runtime.
std::string SealArtifact(std::string_view payload);
// The payload of a sealed entry; DataLoss (reason cache_corrupt) saying what does not match.
Result<std::string> UnsealArtifact(std::string_view sealed);

// Marks the entry <dir>/<key>.* as used now (its files' modification time), for eviction.
void TouchArtifactEntry(const std::string& dir, const std::string& key);

// Removes every file of the entry <dir>/<key>.*.
void RemoveArtifactEntry(const std::string& dir, const std::string& key);

struct EvictionReport {
  int entries_removed = 0;
  uint64_t bytes_removed = 0;
  uint64_t bytes_kept = 0;
};

// Removes the least recently used entries of `dir` (by their newest file's modification time)
// until the entries total at most `max_bytes`; the entry `keep_key` (just stored or used) is
// never removed. Files that belong to no entry (temporaries of a compile under way) are left.
EvictionReport EvictLeastRecentlyUsed(const std::string& dir, uint64_t max_bytes,
                                      const std::string& keep_key);

}  // namespace vlmxla::runtime
