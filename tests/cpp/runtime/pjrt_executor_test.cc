// PjrtExecutor specifics against the real XLA CPU plugin from the repo's .venv (or
// $VLMXLA_PJRT_PLUGIN): the plugin's API version, finding and loading plugins. The Executor
// contract itself is executor_conformance_test.cc. A missing plugin fails these tests: they never
// skip.
#include "vlmxla/runtime/pjrt_executor.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "executor_test_util.h"

namespace vlmxla::runtime {
namespace {

using test_util::SourceDir;

#define REQUIRE_EXECUTOR(var)                                      \
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

}  // namespace
}  // namespace vlmxla::runtime
