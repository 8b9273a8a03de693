#include "vlmxla/runtime/artifact_cache.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <system_error>
#include <vector>

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSealMagic = "vlmxla-sealed-v1\n";
constexpr size_t kKeyLength = 64;  // hex sha256

// The key of an entry file "<64 hex>.<ext>", or "" for any other file.
std::string EntryKeyOf(const std::string& filename) {
  if (filename.size() <= kKeyLength || filename[kKeyLength] != '.') return "";
  for (size_t i = 0; i < kKeyLength; ++i) {
    const char c = filename[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return "";
  }
  return filename.substr(0, kKeyLength);
}

template <typename Fn>
void ForEachEntryFile(const std::string& dir, const std::string& key, Fn fn) {
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (EntryKeyOf(e.path().filename().string()) == key) fn(e.path());
  }
}

}  // namespace

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? std::string() : std::string(v);
}

Result<std::string> DefaultArtifactCacheDir(std::string_view kind) {
  const std::string cache = Env("VLMXLA_CACHE");
  if (!cache.empty()) return cache + "/" + std::string(kind);
  const std::string home = Env("HOME");
  if (!home.empty()) return home + "/.cache/vlmxla/" + std::string(kind);
  return NotFound("no cache directory for " + std::string(kind) +
                  " programs: set VLMXLA_CACHE or HOME");
}

Result<uint64_t> ArtifactCacheMaxBytes() {
  const std::string value = Env(kArtifactCacheMaxMibEnv);
  if (value.empty()) return kDefaultArtifactCacheMiB << 20;
  uint64_t mib = 0;
  bool digits = value.size() <= 12;
  for (char c : value) {
    if (c < '0' || c > '9') digits = false;
    if (digits) mib = mib * 10 + static_cast<uint64_t>(c - '0');
  }
  if (!digits || mib == 0) {
    return InvalidArgument(std::string(kArtifactCacheMaxMibEnv) + "='" + value +
                           "' is not a size in MiB (a whole number from 1 to 999999999999)");
  }
  return mib << 20;
}

ArtifactKey& ArtifactKey::Add(std::string_view field) {
  hasher_.Update(std::to_string(field.size()));
  hasher_.Update(":");
  hasher_.Update(field);
  return *this;
}

Status WriteFileAtomically(const std::string& path, std::string_view bytes) {
  // Unique per process and call: concurrent writers of one entry each write their own file and
  // the last rename wins. "tmp-" files belong to no entry, so eviction leaves them alone.
  static std::atomic<uint64_t> counter{0};
  const fs::path target(path);
  const fs::path tmp =
      target.parent_path() / ("tmp-" + std::to_string(getpid()) + "-" + std::to_string(counter++) +
                              "-" + target.filename().string());
  std::error_code ec;
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      fs::remove(tmp, ec);
      return Unavailable("cannot write '" + tmp.string() + "'", "cache_unwritable");
    }
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return Unavailable("cannot store '" + path + "': " + ec.message(), "cache_unwritable");
  }
  return Status::Ok();
}

std::string SealArtifact(std::string_view payload) {
  std::string out(kSealMagic);
  out += std::to_string(payload.size());
  out += ' ';
  out += Sha256Hex(payload);
  out += '\n';
  out += payload;
  return out;
}

Result<std::string> UnsealArtifact(std::string_view sealed) {
  auto corrupt = [](const std::string& what) {
    return DataLoss("cache entry is corrupt: " + what, "cache_corrupt");
  };
  if (sealed.substr(0, kSealMagic.size()) != kSealMagic) return corrupt("no header");
  std::string_view rest = sealed.substr(kSealMagic.size());
  const size_t space = rest.find(' ');
  const size_t newline = rest.find('\n');
  if (space == std::string_view::npos || newline == std::string_view::npos || space > newline ||
      newline - space - 1 != kKeyLength || space == 0 || space > 20) {
    return corrupt("damaged header");
  }
  uint64_t length = 0;
  for (char c : rest.substr(0, space)) {
    if (c < '0' || c > '9') return corrupt("damaged header");
    length = length * 10 + static_cast<uint64_t>(c - '0');
  }
  const std::string_view digest = rest.substr(space + 1, kKeyLength);
  const std::string_view payload = rest.substr(newline + 1);
  if (payload.size() != length) {
    return corrupt("header says " + std::to_string(length) + " bytes, " +
                   std::to_string(payload.size()) + " follow");
  }
  if (Sha256Hex(payload) != digest) return corrupt("sha256 of the payload does not match");
  return std::string(payload);
}

void TouchArtifactEntry(const std::string& dir, const std::string& key) {
  const fs::file_time_type now = fs::file_time_type::clock::now();
  ForEachEntryFile(dir, key, [&now](const fs::path& p) {
    std::error_code ec;
    fs::last_write_time(p, now, ec);  // a read-only cache still serves; it just ages
  });
}

void RemoveArtifactEntry(const std::string& dir, const std::string& key) {
  std::vector<fs::path> files;
  ForEachEntryFile(dir, key, [&files](const fs::path& p) { files.push_back(p); });
  std::error_code ec;
  for (const fs::path& p : files) fs::remove(p, ec);
}

EvictionReport EvictLeastRecentlyUsed(const std::string& dir, uint64_t max_bytes,
                                      const std::string& keep_key) {
  struct Entry {
    uint64_t bytes = 0;
    fs::file_time_type used = fs::file_time_type::min();
    std::vector<fs::path> files;
  };
  std::map<std::string, Entry> entries;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string key = EntryKeyOf(e.path().filename().string());
    if (key.empty() || !e.is_regular_file(ec)) continue;
    Entry& entry = entries[key];
    const uintmax_t size = e.file_size(ec);
    entry.bytes += ec ? 0 : size;
    entry.used = std::max(entry.used, e.last_write_time(ec));
    entry.files.push_back(e.path());
  }
  EvictionReport report;
  for (const auto& [key, entry] : entries) report.bytes_kept += entry.bytes;
  if (report.bytes_kept <= max_bytes) return report;
  std::vector<const std::pair<const std::string, Entry>*> oldest_first;
  for (const auto& kv : entries) {
    if (kv.first != keep_key) oldest_first.push_back(&kv);
  }
  std::sort(oldest_first.begin(), oldest_first.end(),
            [](const auto* a, const auto* b) { return a->second.used < b->second.used; });
  for (const auto* kv : oldest_first) {
    if (report.bytes_kept <= max_bytes) break;
    for (const fs::path& p : kv->second.files) fs::remove(p, ec);
    report.entries_removed += 1;
    report.bytes_removed += kv->second.bytes;
    report.bytes_kept -= kv->second.bytes;
  }
  return report;
}

}  // namespace vlmxla::runtime
