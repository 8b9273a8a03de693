// The explicit CUDA target for archs IREE 3.13's table lacks (iree-org/iree#22147), and the
// compile-only IreeCompiler that uses it: real iree-compile from the repo's .venv, no GPU and no
// runtime host needed. A missing .venv fails these tests: they never skip.
#include "vlmxla/runtime/iree_cuda_target.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "../test_source_dir.h"
#include "vlmxla/runtime/iree_artifact_cache.h"
#include "vlmxla/runtime/iree_executor.h"

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;

constexpr char kModule[] =
    "module {\n"
    "  func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {\n"
    "    %0 = stablehlo.multiply %x, %y : tensor<8xf32>\n"
    "    %1 = stablehlo.add %0, %x : tensor<8xf32>\n"
    "    return %1 : tensor<8xf32>\n"
    "  }\n"
    "}\n";

const std::string& CacheDir() {
  static const std::string dir = [] {
    std::string pattern = (fs::temp_directory_path() / "vlmxla-cuda-target-test-XXXXXX").string();
    const char* made = mkdtemp(pattern.data());
    return std::string(made != nullptr ? made : "/tmp/vlmxla-cuda-target-test");
  }();
  return dir;
}

// Removes the cache directory when the test binary ends.
class CacheDirCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(CacheDir(), ec);
  }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new CacheDirCleanup);

IreeExecutorOptions CudaOptions(const std::string& arch) {
  IreeExecutorOptions options;
  options.target = "cuda";
  options.cuda_target = arch;
  options.compiler = std::string(VLMXLA_SOURCE_DIR) + "/.venv/bin/iree-compile";
  // Compile-only needs no Python and no runtime host: a path that cannot run proves it.
  options.python = "/nonexistent/python";
  options.cache_dir = CacheDir();
  return options;
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool HasFlag(const std::vector<std::string>& flags, const std::string& flag) {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

TEST(IreeCudaTarget, Sm90AttrNamesTheArchAndItsPtxVersion) {
  Result<std::string> attr = CudaDeviceTargetAttr("sm_90");
  ASSERT_TRUE(attr.ok()) << attr.status().ToString();
  EXPECT_NE(attr->find("arch = \"sm_90\""), std::string::npos) << *attr;
  EXPECT_NE(attr->find("features = \"+ptx78\""), std::string::npos) << *attr;
  EXPECT_NE(attr->find("\"cuda-nvptx-fb\""), std::string::npos) << *attr;
  EXPECT_EQ(attr->find("sm_80"), std::string::npos) << "the arch must be the real one: " << *attr;
  EXPECT_EQ(attr->rfind("#hal.device.target<\"cuda\"", 0), 0u) << *attr;

  Result<std::string> sm90a = CudaDeviceTargetAttr("sm_90a");
  ASSERT_TRUE(sm90a.ok());
  EXPECT_NE(sm90a->find("features = \"+ptx80\""), std::string::npos);
}

TEST(IreeCudaTarget, OnlyArchsMissingFromIreesTableHaveOne) {
  EXPECT_TRUE(HasExplicitCudaTarget("sm_90"));
  EXPECT_TRUE(HasExplicitCudaTarget("sm_100"));
  EXPECT_FALSE(HasExplicitCudaTarget("sm_80"));
  EXPECT_FALSE(HasExplicitCudaTarget("sm_9"));
  Result<std::string> unknown = CudaDeviceTargetAttr("sm_80");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(unknown.status().message().find("sm_80"), std::string::npos);
  EXPECT_NE(unknown.status().message().find("sm_90"), std::string::npos) << "lists the known";
}

TEST(IreeCudaTarget, AnnotatesTheTopLevelModule) {
  Result<std::string> plain = AnnotateWithCudaTarget(kModule, "sm_90");
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  EXPECT_EQ(plain->rfind("module attributes {hal.device.targets = [#hal.device.target<", 0), 0u)
      << plain->substr(0, 120);
  // Everything after the module's brace is unchanged.
  EXPECT_EQ(plain->substr(plain->size() - (sizeof(kModule) - 1 - 7)),
            std::string(kModule).substr(7));

  Result<std::string> named = AnnotateWithCudaTarget("// c\nmodule @m {\n}\n", "sm_90");
  ASSERT_TRUE(named.ok()) << named.status().ToString();
  EXPECT_EQ(named->rfind("// c\nmodule @m attributes {hal.device.targets = [", 0), 0u) << *named;

  Result<std::string> has_attrs = AnnotateWithCudaTarget("module attributes {a = 1} {\n}", "sm_90");
  ASSERT_FALSE(has_attrs.ok());
  EXPECT_EQ(has_attrs.status().code(), ErrorCode::kInvalidArgument);
  Result<std::string> no_module = AnnotateWithCudaTarget("func.func @main() {}", "sm_90");
  ASSERT_FALSE(no_module.ok());
  EXPECT_NE(no_module.status().message().find("no top-level"), std::string::npos);
}

TEST(IreeCudaTarget, RecognisesOnlyTheMissingTargetError) {
  EXPECT_TRUE(IsMissingGpuTargetError(
      "t.mlir:3:10: error: missing GPU target in #hal.executable.target\n"));
  EXPECT_FALSE(IsMissingGpuTargetError("error: 'stablehlo.add' op requires the same type"));
}

TEST(IreeCompiler, Sm90CompilesWithTheExplicitTarget) {
  Result<IreeCompiler> compiler = IreeCompiler::Create(CudaOptions("sm_90"));
  ASSERT_TRUE(compiler.ok()) << compiler.status().ToString();
  Result<IreeCompileOutcome> out = compiler->Compile(kModule);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_TRUE(out->explicit_cuda_target);
  EXPECT_FALSE(HasFlag(out->flags, "--iree-cuda-target=sm_90"));
  const std::string vmfb = ReadBytes(out->artifact.path);
  EXPECT_NE(vmfb.find("cuda-nvptx-fb"), std::string::npos);
  EXPECT_NE(vmfb.find(".target sm_90"), std::string::npos);
  EXPECT_EQ(vmfb.find(".target sm_80"), std::string::npos);

  // Found again in the cache, still as the explicit-target artifact, under its own key.
  Result<IreeCompileOutcome> again = compiler->Compile(kModule);
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_TRUE(again->artifact.cached);
  EXPECT_TRUE(again->explicit_cuda_target);
  EXPECT_EQ(again->artifact.key, out->artifact.key);
  IreeCompileJob plain;
  plain.compiler_version = compiler->compiler_version();
  plain.target = "cuda:sm_90";
  plain.flags = compiler->flags();
  EXPECT_NE(IreeArtifactKey(plain, kModule), out->artifact.key);
}

TEST(IreeCompiler, Sm80CompilesWithThePlainFlags) {
  Result<IreeCompiler> compiler = IreeCompiler::Create(CudaOptions("sm_80"));
  ASSERT_TRUE(compiler.ok()) << compiler.status().ToString();
  Result<IreeCompileOutcome> out = compiler->Compile(kModule);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_FALSE(out->explicit_cuda_target);
  EXPECT_TRUE(HasFlag(out->flags, "--iree-hal-target-device=cuda"));
  EXPECT_TRUE(HasFlag(out->flags, "--iree-cuda-target=sm_80"));
  const std::string vmfb = ReadBytes(out->artifact.path);
  EXPECT_NE(vmfb.find("cuda-nvptx-fb"), std::string::npos);
  EXPECT_NE(vmfb.find(".target sm_80"), std::string::npos);
  EXPECT_EQ(vmfb.find("hal.device.targets"), std::string::npos);
}

TEST(IreeCompiler, RejectedModuleNamesTheTarget) {
  Result<IreeCompiler> compiler = IreeCompiler::Create(CudaOptions("sm_90"));
  ASSERT_TRUE(compiler.ok()) << compiler.status().ToString();
  Result<IreeCompileOutcome> out = compiler->Compile(
      "module {\n  func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {\n"
      "    return %x : tensor<2xf32>\n  }\n}\n");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().reason(), "compile_failed");
  EXPECT_NE(out.status().message().find("cuda:sm_90"), std::string::npos) << out.status().message();
}

TEST(IreeCompiler, ArchMissingEverywhereSaysSo) {
  // sm_101: neither IREE 3.13's table nor the explicit targets know it.
  Result<IreeCompiler> compiler = IreeCompiler::Create(CudaOptions("sm_101"));
  ASSERT_TRUE(compiler.ok()) << compiler.status().ToString();
  Result<IreeCompileOutcome> out = compiler->Compile(kModule);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().reason(), "compile_failed");
  EXPECT_NE(out.status().message().find("IREE has no CUDA target for sm_101"), std::string::npos)
      << out.status().message();
  EXPECT_NE(out.status().message().find("known: sm_90"), std::string::npos);
}

// Without a CUDA driver (this test's usual machine) the executor reports the device as
// unavailable, naming the driver; with one, it opens it.
TEST(IreeCudaExecutor, OpensTheCudaDriverOrSaysItIsUnavailable) {
  IreeExecutorOptions options = CudaOptions("sm_90");
  options.python = std::string(VLMXLA_SOURCE_DIR) + "/.venv/bin/python";
  options.python_path = std::string(VLMXLA_SOURCE_DIR) + "/python";
  options.startup_timeout_s = 60;
  Result<std::unique_ptr<IreeExecutor>> executor = IreeExecutor::Create(options);
  if (executor.ok()) {
    EXPECT_EQ((*executor)->name(), "iree:cuda");
    EXPECT_NE((*executor)->device_description().find("sm_90"), std::string::npos);
    return;
  }
  EXPECT_EQ(executor.status().code(), ErrorCode::kUnavailable) << executor.status().ToString();
  EXPECT_NE(executor.status().message().find("driver 'cuda'"), std::string::npos)
      << executor.status().message();
}

}  // namespace
}  // namespace vlmxla::runtime
