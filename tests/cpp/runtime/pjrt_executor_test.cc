// PjrtExecutor specifics against the real XLA CPU plugin from the repo's .venv (or
// $VLMXLA_PJRT_PLUGIN): the plugin's API version, finding and loading plugins. The Executor
// contract itself is executor_conformance_test.cc. A missing plugin fails these tests: they never
// skip.
#include "vlmxla/runtime/pjrt_executor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "executor_test_util.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::runtime {
namespace {

using test_util::SourceDir;

#define REQUIRE_EXECUTOR(var)                                        \
  PjrtExecutor* var = test_util::SharedAs<PjrtExecutor>("pjrt-cpu"); \
  ASSERT_NE(var, nullptr) << "PJRT plugin unavailable"

TEST(PjrtExecutorTest, DescribesItself) {
  REQUIRE_EXECUTOR(ex);
  EXPECT_EQ(ex->name(), "pjrt:cpu");
  EXPECT_FALSE(ex->device_description().empty());
  EXPECT_EQ(ex->plugin_api_version().rfind("0.", 0), 0u) << ex->plugin_api_version();
}

TEST(PjrtExecutorTest, DefaultPluginPathHonoursTheEnvironment) {
  const char* saved = std::getenv(kPjrtPluginEnv);
  const std::string saved_value = saved ? saved : "";
  setenv(kPjrtPluginEnv, "/opt/some/cuda_plugin.so", 1);
  auto from_env = DefaultPjrtPluginPath();
  ASSERT_TRUE(from_env.ok());
  EXPECT_EQ(*from_env, "/opt/some/cuda_plugin.so");
  unsetenv(kPjrtPluginEnv);
  // Without the variable it searches for a .venv upwards from the working directory (and the
  // executable's, which need not be in the repo: the build directory may be anywhere).
  const std::filesystem::path cwd = std::filesystem::current_path();
  std::filesystem::current_path(SourceDir() + "/src/vlmxla");
  auto found = DefaultPjrtPluginPath();
  std::filesystem::current_path(cwd);
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  auto expected = FindCpuPluginInVenv(SourceDir() + "/.venv");
  ASSERT_TRUE(expected.ok()) << expected.status().ToString();
  EXPECT_EQ(*found, *expected);
  if (saved) setenv(kPjrtPluginEnv, saved_value.c_str(), 1);
}

TEST(PjrtExecutorTest, MissingPluginIsAClearError) {
  auto missing = PjrtExecutor::Load("/nonexistent/xla_cpu_pjrt.so");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(missing.status().message().find("/nonexistent/xla_cpu_pjrt.so"), std::string::npos);
  EXPECT_NE(missing.status().message().find(kPjrtPluginEnv), std::string::npos);

  auto not_a_plugin = PjrtExecutor::Load(SourceDir() + "/CMakeLists.txt");
  ASSERT_FALSE(not_a_plugin.ok());
  EXPECT_EQ(not_a_plugin.status().reason(), "pjrt_plugin_load_failed");

  auto no_venv = FindCpuPluginInVenv("/nonexistent-venv");
  EXPECT_FALSE(no_venv.ok());
}

TEST(PjrtExecutorTest, ReportsDeviceKindAndBothApiVersions) {
  REQUIRE_EXECUTOR(ex);
  EXPECT_EQ(ex->device_kind(), "cpu");
  // The load's log line (the device description) names the plugin's and the header's version.
  const std::string& d = ex->device_description();
  EXPECT_NE(d.find("PJRT C API " + ex->plugin_api_version()), std::string::npos) << d;
  EXPECT_NE(d.find("vlmxla's header " + PjrtHeaderApiVersion()), std::string::npos) << d;
}

TEST(PjrtApiVersionTest, SameMajorAnyMinorIsAccepted) {
  EXPECT_TRUE(CheckPjrtApiVersion(0, 81, 0, 81, "p.so").ok());
  EXPECT_TRUE(CheckPjrtApiVersion(0, 81, 0, 115, "p.so").ok());  // the H200's CUDA plugin
  EXPECT_TRUE(CheckPjrtApiVersion(0, 81, 0, 12, "p.so").ok());
}

TEST(PjrtApiVersionTest, DifferentMajorIsRefusedNamingBothVersions) {
  const Status s = CheckPjrtApiVersion(0, 81, 1, 3, "/x/cuda_plugin.so");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), ErrorCode::kFailedPrecondition);
  EXPECT_EQ(s.reason(), "pjrt_version_mismatch");
  EXPECT_NE(s.message().find("/x/cuda_plugin.so"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("1.3"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("0.81"), std::string::npos) << s.message();
  EXPECT_FALSE(CheckPjrtApiVersion(1, 0, 0, 115, "p.so").ok());
}

namespace fs = std::filesystem;

void Touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << "not really a plugin";
}

TEST(CudaPluginSearchTest, FindsTheJaxPluginInSiteOrDistPackages) {
  const fs::path root = fs::path(::testing::TempDir()) / "cuda_plugin_search";
  fs::remove_all(root);
  const fs::path empty = root / "empty";
  const fs::path venv = root / "venv";
  const fs::path usr = root / "usr";
  fs::create_directories(empty / "lib" / "python3.12" / "site-packages");
  Touch(venv / "lib/python3.12/site-packages/jax_plugins/xla_cuda13/xla_cuda_plugin.so");
  Touch(usr / "lib/python3/dist-packages/xla_plugins/xla_cuda13_pjrt/xla_cuda13_pjrt.so");

  auto found = FindCudaPluginUnder({empty.string(), venv.string(), usr.string()});
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_EQ(*found, (venv / "lib/python3.12/site-packages/jax_plugins/xla_cuda13/"
                            "xla_cuda_plugin.so")
                        .string());
  auto from_dist = FindCudaPluginUnder({empty.string(), usr.string()});
  ASSERT_TRUE(from_dist.ok()) << from_dist.status().ToString();
  EXPECT_EQ(
      *from_dist,
      (usr / "lib/python3/dist-packages/xla_plugins/xla_cuda13_pjrt/xla_cuda13_pjrt.so").string());
  fs::remove_all(root);
}

TEST(CudaPluginSearchTest, AbsentPluginIsUnavailableNamingWhatWasLookedFor) {
  const fs::path root = fs::path(::testing::TempDir()) / "cuda_plugin_absent";
  fs::create_directories(root / "lib" / "python3.11" / "site-packages");
  auto missing = FindCudaPluginUnder({root.string()});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), ErrorCode::kUnavailable);
  EXPECT_EQ(missing.status().reason(), "pjrt_plugin_missing");
  const std::string& m = missing.status().message();
  EXPECT_NE(m.find("jax_plugins/xla_cuda13/xla_cuda_plugin.so"), std::string::npos) << m;
  EXPECT_NE(m.find(root.string()), std::string::npos) << m;
  EXPECT_NE(m.find("jax-cuda13-pjrt"), std::string::npos) << m;
  EXPECT_NE(m.find("--plugin"), std::string::npos) << m;
  fs::remove_all(root);
}

TEST(CudaPluginSearchTest, PrefixesIncludeThoseOfPathAndTheSystem) {
  const char* saved = std::getenv("PATH");
  const std::string saved_value = saved ? saved : "";
  setenv("PATH", "/opt/py312/bin:/usr/bin:/opt/py312/bin:/sbin2", 1);
  const std::vector<std::string> prefixes = PythonPrefixesToSearch();
  setenv("PATH", saved_value.c_str(), 1);
  auto count = [&](const std::string& p) {
    return std::count(prefixes.begin(), prefixes.end(), p);
  };
  EXPECT_EQ(count("/opt/py312"), 1);  // once, though PATH names it twice
  EXPECT_EQ(count("/usr"), 1);
  EXPECT_EQ(count("/usr/local"), 1);
  EXPECT_EQ(count("/"), 0);  // /sbin2 is no bin directory
}

TEST(ExecutorFactoryTest, KnowsEveryBackendName) {
  for (const char* name : {"pjrt-cpu", "pjrt-cuda", "pjrt", "iree-cpu", "iree-cuda"}) {
    EXPECT_TRUE(CheckBackendName(name).ok()) << name;
  }
  const Status cuda = CheckBackendName("cuda");
  EXPECT_FALSE(cuda.ok());
  EXPECT_NE(cuda.message().find("pjrt-cuda"), std::string::npos) << cuda.message();
  EXPECT_TRUE(IsPjrtBackend("pjrt-cuda"));
  EXPECT_TRUE(IsPjrtBackend("pjrt"));
  EXPECT_FALSE(IsPjrtBackend("iree-cuda"));
}

TEST(ExecutorFactoryTest, PjrtCudaTakesTheGivenPlugin) {
  // --plugin wins over the search: a missing file is reported by its path, not searched past.
  ExecutorConfig config;
  config.plugin_path = "/nonexistent/xla_cuda_plugin.so";
  auto made = MakeExecutor("pjrt-cuda", config);
  ASSERT_FALSE(made.ok());
  EXPECT_NE(made.status().message().find("/nonexistent/xla_cuda_plugin.so"), std::string::npos)
      << made.status().ToString();
}

}  // namespace
}  // namespace vlmxla::runtime
