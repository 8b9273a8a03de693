// The cache machinery both runtimes share: keys, sealed payloads, atomic writes and the LRU bound.
#include "vlmxla/runtime/artifact_cache.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;

std::string FreshDir() {
  std::string pattern = (fs::temp_directory_path() / "vlmxla-artifact-cache-XXXXXX").string();
  EXPECT_NE(mkdtemp(pattern.data()), nullptr);
  return pattern;
}

void WriteBytes(const fs::path& path, size_t n) {
  std::ofstream(path, std::ios::binary) << std::string(n, 'x');
}

std::string KeyOf(char c) { return std::string(64, c); }

TEST(ArtifactKeyTest, FieldBoundariesMatter) {
  EXPECT_NE(ArtifactKey("k").Add("ab").Add("c").Hex(), ArtifactKey("k").Add("a").Add("bc").Hex());
  EXPECT_NE(ArtifactKey("k1").Add("a").Hex(), ArtifactKey("k2").Add("a").Hex());
  EXPECT_EQ(ArtifactKey("k").Add("a").Hex(), ArtifactKey("k").Add("a").Hex());
  EXPECT_EQ(ArtifactKey("k").Hex().size(), 64u);
}

TEST(SealedArtifactTest, RoundTripsAndDetectsTruncationAndDamage) {
  const std::string payload = std::string("compiled\0bytes", 14) + std::string(1000, 'z');
  const std::string sealed = SealArtifact(payload);
  Result<std::string> back = UnsealArtifact(sealed);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, payload);

  Result<std::string> truncated = UnsealArtifact(sealed.substr(0, sealed.size() - 7));
  ASSERT_FALSE(truncated.ok());
  EXPECT_EQ(truncated.status().code(), ErrorCode::kDataLoss);
  EXPECT_EQ(truncated.status().reason(), "cache_corrupt");
  EXPECT_NE(truncated.status().message().find("1014 bytes"), std::string::npos)
      << truncated.status().message();

  std::string damaged = sealed;
  damaged[damaged.size() - 500] ^= 0x01;
  Result<std::string> flipped = UnsealArtifact(damaged);
  ASSERT_FALSE(flipped.ok());
  EXPECT_NE(flipped.status().message().find("sha256"), std::string::npos);

  EXPECT_FALSE(UnsealArtifact("").ok());
  EXPECT_FALSE(UnsealArtifact(payload).ok());  // no header at all
}

TEST(WriteFileAtomicallyTest, ReplacesTheFileAndLeavesNoTemporary) {
  const std::string dir = FreshDir();
  const std::string path = dir + "/" + KeyOf('a') + ".bin";
  ASSERT_TRUE(WriteFileAtomically(path, "first").ok());
  ASSERT_TRUE(WriteFileAtomically(path, "second").ok());
  std::ifstream in(path);
  std::string text;
  in >> text;
  EXPECT_EQ(text, "second");
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1);
  Status unwritable = WriteFileAtomically(dir + "/missing/sub/" + KeyOf('a') + ".bin", "x");
  EXPECT_FALSE(unwritable.ok());
  EXPECT_EQ(unwritable.reason(), "cache_unwritable");
  fs::remove_all(dir);
}

TEST(EvictionTest, RemovesLeastRecentlyUsedEntriesWholeUntilUnderTheBound) {
  const std::string dir = FreshDir();
  const auto now = fs::file_time_type::clock::now();
  // Three entries of 1000 + 100 bytes each, used a, b, c in that order (a longest ago).
  int age = 3;
  for (char c : {'a', 'b', 'c'}) {
    for (const char* ext : {".pjrt", ".json"}) {
      const fs::path p = fs::path(dir) / (KeyOf(c) + ext);
      WriteBytes(p, ext[1] == 'p' ? 1000 : 100);
      fs::last_write_time(p, now - std::chrono::hours(age));
    }
    --age;
  }
  WriteBytes(fs::path(dir) / "tmp-123-0-partial", 5000);  // a write under way: not an entry
  // Touching a makes it the most recently used: b goes first, then c.
  TouchArtifactEntry(dir, KeyOf('a'));
  EvictionReport r = EvictLeastRecentlyUsed(dir, 2300, KeyOf('c'));
  EXPECT_EQ(r.entries_removed, 1);
  EXPECT_EQ(r.bytes_removed, 1100u);
  EXPECT_EQ(r.bytes_kept, 2200u);
  EXPECT_FALSE(fs::exists(fs::path(dir) / (KeyOf('b') + ".pjrt")));
  EXPECT_FALSE(fs::exists(fs::path(dir) / (KeyOf('b') + ".json")));
  EXPECT_TRUE(fs::exists(fs::path(dir) / (KeyOf('a') + ".pjrt")));
  EXPECT_TRUE(fs::exists(fs::path(dir) / "tmp-123-0-partial"));
  // The entry to keep survives even when it alone exceeds the bound.
  r = EvictLeastRecentlyUsed(dir, 10, KeyOf('c'));
  EXPECT_EQ(r.entries_removed, 1);
  EXPECT_TRUE(fs::exists(fs::path(dir) / (KeyOf('c') + ".pjrt")));
  EXPECT_FALSE(fs::exists(fs::path(dir) / (KeyOf('a') + ".pjrt")));
  // Under the bound nothing goes.
  r = EvictLeastRecentlyUsed(dir, 1 << 20, "");
  EXPECT_EQ(r.entries_removed, 0);
  EXPECT_EQ(r.bytes_kept, 1100u);
  fs::remove_all(dir);
}

TEST(ArtifactCacheConfigTest, SizeBoundAndDirectoryFromTheEnvironment) {
  const char* saved_max = std::getenv(kArtifactCacheMaxMibEnv);
  const std::string saved_max_value = saved_max ? saved_max : "";
  const char* saved_cache = std::getenv("VLMXLA_CACHE");
  const std::string saved_cache_value = saved_cache ? saved_cache : "";

  unsetenv(kArtifactCacheMaxMibEnv);
  Result<uint64_t> dflt = ArtifactCacheMaxBytes();
  ASSERT_TRUE(dflt.ok());
  EXPECT_EQ(*dflt, kDefaultArtifactCacheMiB << 20);
  setenv(kArtifactCacheMaxMibEnv, "3", 1);
  ASSERT_TRUE(ArtifactCacheMaxBytes().ok());
  EXPECT_EQ(*ArtifactCacheMaxBytes(), 3u << 20);
  for (const char* bad : {"0", "-1", "1.5", "lots"}) {
    setenv(kArtifactCacheMaxMibEnv, bad, 1);
    Result<uint64_t> refused = ArtifactCacheMaxBytes();
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_NE(refused.status().message().find(kArtifactCacheMaxMibEnv), std::string::npos);
    EXPECT_NE(refused.status().message().find(bad), std::string::npos);
  }
  setenv("VLMXLA_CACHE", "/somewhere/cache", 1);
  ASSERT_TRUE(DefaultArtifactCacheDir("pjrt").ok());
  EXPECT_EQ(*DefaultArtifactCacheDir("pjrt"), "/somewhere/cache/pjrt");

  if (saved_max) {
    setenv(kArtifactCacheMaxMibEnv, saved_max_value.c_str(), 1);
  } else {
    unsetenv(kArtifactCacheMaxMibEnv);
  }
  if (saved_cache) {
    setenv("VLMXLA_CACHE", saved_cache_value.c_str(), 1);
  } else {
    unsetenv("VLMXLA_CACHE");
  }
}

}  // namespace
}  // namespace vlmxla::runtime
