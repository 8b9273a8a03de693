// The persistent PJRT executable cache against the real XLA CPU plugin: a second compile of the
// same program (by a new client, as in a new process) is a hit that computes the same results, a
// changed option misses, a damaged entry is recompiled and replaced, and the size bound evicts.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "executor_test_util.h"
#include "vlmxla/runtime/artifact_cache.h"
#include "vlmxla/runtime/pjrt_executor.h"

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;
using test_util::MakeTensor;
using test_util::MustDownload;
using test_util::MustUpload;
using test_util::TestPluginPath;
using test_util::ToVector;

std::string FreshDir() {
  std::string pattern = (fs::temp_directory_path() / "vlmxla-pjrt-cache-XXXXXX").string();
  EXPECT_NE(mkdtemp(pattern.data()), nullptr);
  return pattern;
}

// A new client on the same plugin: what a second process sees of the cache.
std::unique_ptr<PjrtExecutor> NewExecutor(const std::string& dir, uint64_t max_bytes = 0) {
  Result<std::unique_ptr<PjrtExecutor>> ex =
      PjrtExecutor::Load(TestPluginPath(), PjrtCacheOptions{dir, max_bytes});
  EXPECT_TRUE(ex.ok()) << ex.status().ToString();
  return ex.ok() ? std::move(ex).value() : nullptr;
}

// Runs kAddModule-shaped programs: a + b on [2, 3] f32.
std::vector<float> RunAdd(PjrtExecutor& ex, const std::string& mlir,
                          const CompileOptions& options = {}) {
  Result<std::unique_ptr<Executable>> exe = ex.Compile(mlir, options);
  EXPECT_TRUE(exe.ok()) << exe.status().ToString();
  if (!exe.ok()) return {};
  auto a = MustUpload(ex, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto b = MustUpload(ex, MakeTensor<float>(DType::kF32, {2, 3}, {0.5, 0.25, -1, 10, 20, 30}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = (*exe)->Execute(args);
  EXPECT_TRUE(out.ok()) << out.status().ToString();
  if (!out.ok() || out->size() != 1) return {};
  return ToVector<float>(MustDownload(*(*out)[0]));
}

// The same program with another constant, so that its text (and key) differ.
std::string AddPlus(float c) {
  return "module @add_plus {\n"
         "  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> "
         "{\n"
         "    %c = stablehlo.constant dense<" +
         std::to_string(c) +
         "> : tensor<2x3xf32>\n"
         "    %0 = stablehlo.add %a, %b : tensor<2x3xf32>\n"
         "    %1 = stablehlo.add %0, %c : tensor<2x3xf32>\n"
         "    return %1 : tensor<2x3xf32>\n"
         "  }\n"
         "}\n";
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST(PjrtCacheTest, SecondCompileIsAHitWithIdenticalResults) {
  const std::string dir = FreshDir();
  auto first = NewExecutor(dir);
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(first->traits().has_artifact_cache);
  // Loading compiles nothing of the caller's: the executor's probe of the quantized custom call
  // (once per plugin in a process, maybe in this very executor) neither counts nor is stored.
  EXPECT_EQ(first->Report().compiles.cold, 0);
  EXPECT_TRUE(fs::is_empty(dir));
  const std::vector<float> cold = RunAdd(*first, test_util::kAddModule);
  EXPECT_EQ(cold, (std::vector<float>{1.5, 2.25, 2, 14, 25, 36}));
  EXPECT_EQ(first->Report().compiles.cold, 1);
  EXPECT_EQ(first->Report().compiles.cached, 0);
  const std::string key = first->CacheKey(test_util::kAddModule);
  const std::string entry = dir + "/" + key + ".pjrt";
  ASSERT_TRUE(fs::exists(entry));
  ASSERT_TRUE(UnsealArtifact(ReadFile(entry)).ok());
  EXPECT_TRUE(fs::exists(dir + "/" + key + ".json"));

  auto second = NewExecutor(dir);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->CacheKey(test_util::kAddModule), key);
  const std::vector<float> warm = RunAdd(*second, test_util::kAddModule);
  EXPECT_EQ(warm, cold);
  EXPECT_EQ(second->Report().compiles.cold, 0);
  EXPECT_EQ(second->Report().compiles.cached, 1);
  EXPECT_NE(second->Report().compiles.cache.find(dir), std::string::npos);
  fs::remove_all(dir);
}

TEST(PjrtCacheTest, AChangedOptionOrProgramMisses) {
  const std::string dir = FreshDir();
  auto ex = NewExecutor(dir);
  ASSERT_NE(ex, nullptr);
  CompileOptions hinted;
  hinted.many_rows = true;
  CompileOptions narrow;
  narrow.narrow_products = true;
  const std::string plain = ex->CacheKey(test_util::kAddModule);
  EXPECT_NE(ex->CacheKey(test_util::kAddModule, hinted), plain);
  EXPECT_NE(ex->CacheKey(test_util::kAddModule, narrow), plain);
  EXPECT_NE(ex->CacheKey(AddPlus(1)), plain);
  EXPECT_NE(ex->CacheKey(AddPlus(1)), ex->CacheKey(AddPlus(2)));

  RunAdd(*ex, test_util::kAddModule);
  RunAdd(*ex, test_util::kAddModule, hinted);  // same text, another option: compiled again
  EXPECT_EQ(ex->Report().compiles.cold, 2);
  EXPECT_EQ(ex->Report().compiles.cached, 0);
  RunAdd(*ex, test_util::kAddModule, hinted);  // now stored
  EXPECT_EQ(ex->Report().compiles.cached, 1);
  fs::remove_all(dir);
}

TEST(PjrtCacheTest, ACorruptOrTruncatedEntryIsRecompiledAndReplaced) {
  const std::string dir = FreshDir();
  std::vector<float> expected;
  std::string entry;
  {
    auto ex = NewExecutor(dir);
    ASSERT_NE(ex, nullptr);
    expected = RunAdd(*ex, test_util::kAddModule);
    entry = dir + "/" + ex->CacheKey(test_util::kAddModule) + ".pjrt";
  }
  const std::string good = ReadFile(entry);
  ASSERT_FALSE(good.empty());
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x20;
  const std::string damaged[] = {good.substr(0, good.size() / 3), flipped, "not an entry"};
  for (const std::string& bytes : damaged) {
    std::ofstream(entry, std::ios::binary | std::ios::trunc) << bytes;
    auto ex = NewExecutor(dir);
    ASSERT_NE(ex, nullptr);
    testing::internal::CaptureStderr();
    const std::vector<float> got = RunAdd(*ex, test_util::kAddModule);
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(got, expected);
    EXPECT_EQ(ex->Report().compiles.cold, 1);
    EXPECT_EQ(ex->Report().compiles.cached, 0);
    // One warning line naming the entry.
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_NE(err.find("warning"), std::string::npos) << err;
    EXPECT_NE(err.find(entry), std::string::npos) << err;
    // Replaced by a whole entry, which the next client loads.
    EXPECT_TRUE(UnsealArtifact(ReadFile(entry)).ok());
    auto next = NewExecutor(dir);
    ASSERT_NE(next, nullptr);
    EXPECT_EQ(RunAdd(*next, test_util::kAddModule), expected);
    EXPECT_EQ(next->Report().compiles.cached, 1);
  }
  fs::remove_all(dir);
}

TEST(PjrtCacheTest, TheSizeBoundEvictsTheLeastRecentlyUsed) {
  const std::string dir = FreshDir();
  std::string first_key;
  uint64_t entry_bytes = 0;
  {
    auto ex = NewExecutor(dir);
    ASSERT_NE(ex, nullptr);
    RunAdd(*ex, AddPlus(1));
    first_key = ex->CacheKey(AddPlus(1));
    for (const auto& e : fs::directory_iterator(dir)) entry_bytes += e.file_size();
  }
  ASSERT_GT(entry_bytes, 0u);
  // Room for two and a half entries: storing a third evicts the least recently used one, which
  // is the second, because the first was used (a hit) after the second was stored.
  auto ex = NewExecutor(dir, entry_bytes * 5 / 2);
  ASSERT_NE(ex, nullptr);
  RunAdd(*ex, AddPlus(2));
  const std::string second_key = ex->CacheKey(AddPlus(2));
  EXPECT_TRUE(fs::exists(dir + "/" + first_key + ".pjrt"));
  EXPECT_TRUE(fs::exists(dir + "/" + second_key + ".pjrt"));
  RunAdd(*ex, AddPlus(1));
  EXPECT_EQ(ex->Report().compiles.cached, 1);
  RunAdd(*ex, AddPlus(3));
  EXPECT_EQ(ex->Report().compiles.cold, 2);
  EXPECT_TRUE(fs::exists(dir + "/" + first_key + ".pjrt"));
  EXPECT_FALSE(fs::exists(dir + "/" + second_key + ".pjrt"));
  EXPECT_FALSE(fs::exists(dir + "/" + second_key + ".json"));
  EXPECT_TRUE(fs::exists(dir + "/" + ex->CacheKey(AddPlus(3)) + ".pjrt"));
  fs::remove_all(dir);
}

TEST(PjrtCacheTest, AnUnwritableCacheWarnsOnceAndStillCompiles) {
  const std::string dir = FreshDir();
  std::ofstream(dir + "/blocker") << "a file where the cache folder would go";
  auto ex = NewExecutor(dir + "/blocker/pjrt");
  ASSERT_NE(ex, nullptr);
  testing::internal::CaptureStderr();
  EXPECT_EQ(RunAdd(*ex, AddPlus(1)), (std::vector<float>{2.5, 3.25, 3, 15, 26, 37}));
  EXPECT_EQ(RunAdd(*ex, AddPlus(2)), (std::vector<float>{3.5, 4.25, 4, 16, 27, 38}));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("warning"), std::string::npos) << err;
  EXPECT_EQ(ex->Report().compiles.cold, 2);
  fs::remove_all(dir);
}

TEST(PjrtCacheTest, WithoutACacheNothingIsStored) {
  const std::string dir = FreshDir();
  Result<std::unique_ptr<PjrtExecutor>> ex = PjrtExecutor::Load(TestPluginPath());
  ASSERT_TRUE(ex.ok()) << ex.status().ToString();
  EXPECT_FALSE((*ex)->traits().has_artifact_cache);
  EXPECT_TRUE((*ex)->cache_dir().empty());
  RunAdd(**ex, test_util::kAddModule);
  RunAdd(**ex, test_util::kAddModule);
  EXPECT_EQ((*ex)->Report().compiles.cold, 2);
  EXPECT_EQ((*ex)->Report().compiles.cached, 0);

  // --no-cache through MakeExecutor: no directory is created, even where one is named.
  ExecutorConfig config = test_util::TestExecutorConfig();
  config.pjrt_cache_dir = dir + "/pjrt";
  config.no_cache = true;
  Result<std::unique_ptr<Executor>> made = MakeExecutor("pjrt-cpu", config);
  ASSERT_TRUE(made.ok()) << made.status().ToString();
  EXPECT_FALSE((*made)->traits().has_artifact_cache);
  ASSERT_TRUE((*made)->Compile(test_util::kAddModule).ok());
  EXPECT_FALSE(fs::exists(dir + "/pjrt"));
  config.no_cache = false;
  made = MakeExecutor("pjrt-cpu", config);
  ASSERT_TRUE(made.ok()) << made.status().ToString();
  ASSERT_TRUE((*made)->Compile(test_util::kAddModule).ok());
  EXPECT_TRUE(fs::exists(dir + "/pjrt"));
  fs::remove_all(dir);
}

// A plugin installed by pip is known by the digest its RECORD holds: the same wheel installed into
// a fresh clone's .venv elsewhere (another path, a new modification time) keys the same, so CI's
// fresh clone loads its programs from the cache instead of compiling them all again.
TEST(PjrtCacheTest, APipInstalledPluginIsKnownByItsRecordedDigestWhereverItLies) {
  const std::string digest = "sha256=abcDEF_-0123456789,";
  auto install = [&](const fs::path& site, const std::string& bytes) {
    fs::create_directories(site / "xla_plugins" / "p");
    fs::create_directories(site / "p-1.0.dist-info");
    std::ofstream(site / "xla_plugins" / "p" / "p.so") << bytes;
    // Wheels may write their RECORD with CRLF line ends.
    std::ofstream(site / "p-1.0.dist-info" / "RECORD")
        << "p-1.0.dist-info/METADATA,sha256=x,1\r\n"
        << "xla_plugins/p/p.so," << digest << "7\r\n";
    return (site / "xla_plugins" / "p" / "p.so").string();
  };
  const fs::path root = FreshDir();
  const std::string a = install(root / "a" / "site-packages", "1234567");
  const std::string b = install(root / "b" / "lib" / "site-packages", "1234567");
  fs::last_write_time(b, fs::last_write_time(a) + std::chrono::hours(5));
  EXPECT_EQ(PluginFileIdentity(a), digest + "7");
  EXPECT_EQ(PluginFileIdentity(b), PluginFileIdentity(a));
  // A file that is not what pip installed (another size), or one no RECORD names, is known by
  // its path, size and modification time.
  const std::string replaced = install(root / "c" / "site-packages", "12345678");
  EXPECT_NE(PluginFileIdentity(replaced).find(replaced + "\n8@"), std::string::npos);
  fs::remove_all(root / "a" / "site-packages" / "p-1.0.dist-info");
  EXPECT_NE(PluginFileIdentity(a).find(a + "\n7@"), std::string::npos);
  fs::remove_all(root);
}

}  // namespace
}  // namespace vlmxla::runtime
