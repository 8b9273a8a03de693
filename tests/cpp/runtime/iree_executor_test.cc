// IreeExecutor against the real iree-compile and IREE runtime host from the repo's .venv: compile,
// upload, execute, download, the artifact cache, donation, and what happens when the host dies.
// A missing .venv fails these tests: they never skip.
#include "vlmxla/runtime/iree_executor.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "vlmxla/runtime/executor_factory.h"
#include "vlmxla/runtime/iree_artifact_cache.h"
#include "vlmxla/runtime/pjrt_executor.h"
#include "vlmxla/runtime/sha256.h"

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;

// A fresh cache directory per test binary run, so the first compile of a module is cold.
const std::string& TestCacheDir() {
  static const std::string dir = [] {
    std::string pattern = (fs::temp_directory_path() / "vlmxla-iree-test-XXXXXX").string();
    const char* made = mkdtemp(pattern.data());
    return std::string(made != nullptr ? made : "/tmp/vlmxla-iree-test");
  }();
  return dir;
}

IreeExecutorOptions TestOptions() {
  IreeExecutorOptions options;
  options.python = std::string(VLMXLA_SOURCE_DIR) + "/.venv/bin/python";
  options.python_path = std::string(VLMXLA_SOURCE_DIR) + "/python";
  options.compiler = std::string(VLMXLA_SOURCE_DIR) + "/.venv/bin/iree-compile";
  options.cache_dir = TestCacheDir();
  options.startup_timeout_s = 60;
  options.call_timeout_s = 120;
  return options;
}

// One host for most tests: starting Python and importing iree.runtime is the slow part.
IreeExecutor* SharedExecutor() {
  static Result<std::unique_ptr<IreeExecutor>>* made =
      new Result<std::unique_ptr<IreeExecutor>>(IreeExecutor::Create(TestOptions()));
  if (!made->ok()) {
    ADD_FAILURE() << "cannot create the IREE executor: " << made->status().ToString();
    return nullptr;
  }
  return made->value().get();
}

#define REQUIRE_EXECUTOR(var)          \
  IreeExecutor* var = SharedExecutor(); \
  ASSERT_NE(var, nullptr) << "IREE executor unavailable"

template <typename T>
HostTensor MakeTensor(DType dtype, Shape shape, const std::vector<T>& values) {
  HostTensor t(dtype, std::move(shape));
  EXPECT_EQ(static_cast<size_t>(t.num_elements()), values.size());
  auto span = t.mutable_span<T>();
  for (size_t i = 0; i < values.size(); ++i) span[i] = values[i];
  return t;
}

template <typename T>
std::vector<T> ToVector(const HostTensor& t) {
  auto s = t.span<T>();
  return {s.begin(), s.end()};
}

std::shared_ptr<DeviceBuffer> MustUpload(Executor& ex, const HostTensor& t) {
  Result<std::shared_ptr<DeviceBuffer>> b = ex.Upload(t);
  EXPECT_TRUE(b.ok()) << b.status().ToString();
  return b.ok() ? *b : nullptr;
}

std::unique_ptr<Executable> MustCompile(Executor& ex, const std::string& mlir) {
  Result<std::unique_ptr<Executable>> e = ex.Compile(mlir);
  EXPECT_TRUE(e.ok()) << e.status().ToString();
  return e.ok() ? std::move(e).value() : nullptr;
}

// dot(a, b) and dot(a, b) + c: two results, one of them reused by the other.
constexpr char kDotAddModule[] = R"mlir(
module @dot_add {
  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x2xf32>)
      -> (tensor<2x2xf32>, tensor<2x2xf32>) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
        : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    %1 = stablehlo.add %0, %c : tensor<2x2xf32>
    return %0, %1 : tensor<2x2xf32>, tensor<2x2xf32>
  }
}
)mlir";

constexpr char kAddModule[] = R"mlir(
module @add {
  func.func public @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.add %a, %b : tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
)mlir";

struct DotAddInputs {
  HostTensor a = MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor b = MakeTensor<float>(DType::kF32, {3, 2}, {1, 0, 0, 1, 2, -1});
  HostTensor c = MakeTensor<float>(DType::kF32, {2, 2}, {0.5f, 10, -3, 100});
};

// Runs kDotAddModule on `ex` and downloads both results.
std::vector<HostTensor> RunDotAdd(Executor& ex) {
  DotAddInputs in;
  auto exe = MustCompile(ex, kDotAddModule);
  if (exe == nullptr) return {};
  EXPECT_EQ(exe->num_outputs(), 2u);
  auto a = MustUpload(ex, in.a), b = MustUpload(ex, in.b), c = MustUpload(ex, in.c);
  if (!a || !b || !c) return {};
  std::vector<DeviceBuffer*> args = {a.get(), b.get(), c.get()};
  auto out = exe->Execute(args);
  EXPECT_TRUE(out.ok()) << out.status().ToString();
  if (!out.ok()) return {};
  std::vector<HostTensor> host;
  for (const auto& buffer : *out) {
    EXPECT_EQ(buffer->dtype(), DType::kF32);
    EXPECT_EQ(buffer->shape(), (Shape{2, 2}));
    auto h = buffer->ToHost();
    EXPECT_TRUE(h.ok()) << h.status().ToString();
    if (h.ok()) host.push_back(std::move(h).value());
  }
  return host;
}

// The number after `"key": ` in the host's JSON answer.
int64_t JsonInt(const std::string& json, const std::string& key) {
  const std::string needle = "\"" + key + "\": ";
  const size_t at = json.find(needle);
  if (at == std::string::npos) return -1;
  return std::stoll(json.substr(at + needle.size()));
}

TEST(Sha256Test, KnownVectors) {
  EXPECT_EQ(Sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // Fed in uneven pieces across block boundaries.
  Sha256 hasher;
  const std::string a(1000, 'a');
  for (int i = 0; i < 1000; ++i) hasher.Update(a);
  EXPECT_EQ(hasher.HexDigest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(IreeArtifactCacheTest, KeyCoversTextFlagsVersionAndTarget) {
  IreeCompileJob job;
  job.compiler_version = "3.13.0";
  job.target = "llvm-cpu";
  job.flags = {"--x=1"};
  const std::string base = IreeArtifactKey(job, "module {}");
  EXPECT_EQ(base.size(), 64u);
  EXPECT_EQ(IreeArtifactKey(job, "module {}"), base);
  EXPECT_NE(IreeArtifactKey(job, "module { }"), base);
  IreeCompileJob other = job;
  other.flags = {"--x=2"};
  EXPECT_NE(IreeArtifactKey(other, "module {}"), base);
  other = job;
  other.compiler_version = "3.14.0";
  EXPECT_NE(IreeArtifactKey(other, "module {}"), base);
  other = job;
  other.target = "cuda:sm_80";
  EXPECT_NE(IreeArtifactKey(other, "module {}"), base);
  // Field boundaries matter: ["--a", "b"] is not ["--ab"].
  other = job;
  other.flags = {"--x=", "1"};
  EXPECT_NE(IreeArtifactKey(other, "module {}"), base);
}

TEST(IreeTargetFlagsTest, SpellsEachTarget) {
  auto cpu = IreeTargetFlags("llvm-cpu", "sm_90");
  ASSERT_TRUE(cpu.ok());
  EXPECT_EQ(*cpu, (std::vector<std::string>{"--iree-hal-target-device=local",
                                            "--iree-hal-local-target-device-backends=llvm-cpu",
                                            "--iree-llvmcpu-target-cpu=host"}));
  auto cuda = IreeTargetFlags("cuda", "sm_80");
  ASSERT_TRUE(cuda.ok());
  EXPECT_EQ(*cuda, (std::vector<std::string>{"--iree-hal-target-device=cuda",
                                             "--iree-cuda-target=sm_80"}));
  auto bad = IreeTargetFlags("vulkan", "");
  EXPECT_EQ(bad.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("vulkan"), std::string::npos);
}

TEST(IreeExecutorTest, DescribesItself) {
  REQUIRE_EXECUTOR(ex);
  EXPECT_EQ(ex->name(), "iree:llvm-cpu");
  const std::string desc = ex->device_description();
  EXPECT_NE(desc.find("local-task"), std::string::npos) << desc;
  EXPECT_NE(desc.find("3.13"), std::string::npos) << desc;
  EXPECT_GT(ex->host_pid(), 0);
  auto info = ex->DeviceInfoJson();
  ASSERT_TRUE(info.ok()) << info.status().ToString();
  EXPECT_EQ(JsonInt(*info, "pid"), ex->host_pid()) << *info;
  EXPECT_NE(info->find("\"memory\""), std::string::npos) << *info;
}

TEST(IreeExecutorTest, DotAndAddWithTwoResults) {
  REQUIRE_EXECUTOR(ex);
  std::vector<HostTensor> out = RunDotAdd(*ex);
  ASSERT_EQ(out.size(), 2u);
  // a = [[1,2,3],[4,5,6]], b = [[1,0],[0,1],[2,-1]]: a.b = [[7,-1],[16,-1]].
  EXPECT_EQ(ToVector<float>(out[0]), (std::vector<float>{7, -1, 16, -1}));
  EXPECT_EQ(ToVector<float>(out[1]), (std::vector<float>{7.5f, 9, 13, 99}));
}

TEST(IreeExecutorTest, MatchesPjrtOnTheSameModule) {
  REQUIRE_EXECUTOR(ex);
  Result<std::string> plugin = FindCpuPluginInVenv(std::string(VLMXLA_SOURCE_DIR) + "/.venv");
  ASSERT_TRUE(plugin.ok()) << plugin.status().ToString();
  auto pjrt = PjrtExecutor::Load(*plugin);
  ASSERT_TRUE(pjrt.ok()) << pjrt.status().ToString();
  std::vector<HostTensor> iree_out = RunDotAdd(*ex);
  std::vector<HostTensor> pjrt_out = RunDotAdd(**pjrt);
  ASSERT_EQ(iree_out.size(), 2u);
  ASSERT_EQ(pjrt_out.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(ToVector<float>(iree_out[i]), ToVector<float>(pjrt_out[i])) << "result " << i;
  }
}

TEST(IreeExecutorTest, SecondCompileComesFromTheCache) {
  REQUIRE_EXECUTOR(ex);
  // A module no other test compiles, so its first compile here is cold.
  const std::string mlir = R"mlir(
module @cache_probe {
  func.func public @main(%a: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.multiply %a, %a : tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
)mlir";
  const IreeCompileStats before = ex->compile_stats();
  auto first = MustCompile(*ex, mlir);
  ASSERT_NE(first, nullptr);
  const IreeCompileStats cold = ex->compile_stats();
  EXPECT_FALSE(ex->last_compile_was_cached());
  EXPECT_EQ(cold.cold, before.cold + 1);
  EXPECT_EQ(cold.last_artifact.rfind(TestCacheDir(), 0), 0u) << cold.last_artifact;
  EXPECT_TRUE(fs::is_regular_file(cold.last_artifact));
  EXPECT_EQ(fs::path(cold.last_artifact).extension(), ".vmfb");

  auto second = MustCompile(*ex, mlir);
  ASSERT_NE(second, nullptr);
  const IreeCompileStats warm = ex->compile_stats();
  EXPECT_TRUE(ex->last_compile_was_cached());
  EXPECT_EQ(warm.cold, cold.cold);
  EXPECT_EQ(warm.cached, cold.cached + 1);
  EXPECT_EQ(warm.last_artifact, cold.last_artifact);
  // No temporaries left behind.
  for (const auto& entry : fs::directory_iterator(TestCacheDir())) {
    EXPECT_EQ(entry.path().extension(), ".vmfb") << entry.path();
  }

  // The cached module runs.
  auto a = MustUpload(*ex, MakeTensor<float>(DType::kF32, {3}, {1, -2, 3}));
  std::vector<DeviceBuffer*> args = {a.get()};
  auto out = second->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  auto host = (*out)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{1, 4, 9}));
}

TEST(IreeExecutorTest, MalformedModuleGivesTheCompilerError) {
  REQUIRE_EXECUTOR(ex);
  auto exe = ex->Compile(R"mlir(
module {
  func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.frobnicate %a : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
)mlir");
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.status().code(), ErrorCode::kInvalidArgument) << exe.status().ToString();
  EXPECT_EQ(exe.status().reason(), "compile_failed");
  const std::string& msg = exe.status().message();
  EXPECT_NE(msg.find("error:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("frobnicate"), std::string::npos) << msg;
  EXPECT_EQ(msg.find(TestCacheDir()), std::string::npos) << "temporary paths leak: " << msg;
  EXPECT_LT(msg.size(), 4000u) << "the IR dump is not trimmed";
  // The host is still fine afterwards.
  EXPECT_EQ(RunDotAdd(*ex).size(), 2u);
}

TEST(IreeExecutorTest, RoundTripsEveryDtype) {
  REQUIRE_EXECUTOR(ex);
  auto check = [&](const HostTensor& t) {
    auto buffer = MustUpload(*ex, t);
    ASSERT_NE(buffer, nullptr);
    EXPECT_EQ(buffer->dtype(), t.dtype());
    EXPECT_EQ(buffer->shape(), t.shape());
    auto back = buffer->ToHost();
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    ASSERT_EQ(back->byte_size(), t.byte_size());
    EXPECT_EQ(std::memcmp(back->data(), t.data(), t.byte_size()), 0) << DTypeName(t.dtype());
  };
  check(MakeTensor<float>(DType::kF32, {2, 2}, {1.5f, -2, 3e7f, -0.0f}));
  check(MakeTensor<int32_t>(DType::kI32, {3}, {-7, 0, 2147483647}));
  check(MakeTensor<int64_t>(DType::kI64, {2}, {-1, int64_t{1} << 40}));
  check(MakeTensor<uint16_t>(DType::kBF16, {3},
                             {FloatToBFloat16(1.5f), FloatToBFloat16(-3.f), 0x7f80}));
  check(MakeTensor<uint16_t>(DType::kF16, {2}, {FloatToHalf(0.25f), FloatToHalf(-65504.f)}));
  check(MakeTensor<uint8_t>(DType::kU8, {4}, {0, 1, 128, 255}));
  check(MakeTensor<uint8_t>(DType::kBool, {3}, {1, 0, 1}));
  check(MakeTensor<int32_t>(DType::kI32, {}, {42}));  // a scalar
  check(HostTensor(DType::kF32, {0, 4}));             // no elements
  // Larger than the initial 1 MiB region: the region grows.
  HostTensor big(DType::kF32, {1 << 19});
  auto span = big.mutable_span<float>();
  for (size_t i = 0; i < span.size(); ++i) span[i] = static_cast<float>(i);
  check(big);
}

TEST(IreeExecutorTest, DonatedInputIsFreedOnTheHost) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex, MakeTensor<int32_t>(DType::kI32, {4}, {1, 2, 3, 4}));
  auto b = MustUpload(*ex, MakeTensor<int32_t>(DType::kI32, {4}, {10, 20, 30, 40}));
  auto before = ex->DeviceInfoJson();
  ASSERT_TRUE(before.ok()) << before.status().ToString();
  const int64_t live_before = JsonInt(*before, "live_buffers");

  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  const bool donate[] = {true, false};
  auto out = exe->Execute(args, donate);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_TRUE(a->is_deleted());
  EXPECT_FALSE(b->is_deleted());
  auto after = ex->DeviceInfoJson();
  ASSERT_TRUE(after.ok());
  // One input gone, one result added.
  EXPECT_EQ(JsonInt(*after, "live_buffers"), live_before) << *after;

  auto read = a->ToHost();
  EXPECT_EQ(read.status().code(), ErrorCode::kFailedPrecondition);
  auto again = exe->Execute(args);
  EXPECT_EQ(again.status().code(), ErrorCode::kFailedPrecondition);
  auto result = (*out)[0]->ToHost();
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(ToVector<int32_t>(*result), (std::vector<int32_t>{11, 22, 33, 44}));

  // Donating a buffer that is passed twice would alias it.
  std::vector<DeviceBuffer*> twice = {b.get(), b.get()};
  EXPECT_EQ(exe->Execute(twice, donate).status().code(), ErrorCode::kInvalidArgument);

  // Dropping the last reference frees the buffer on the host.
  out->clear();
  auto freed = ex->DeviceInfoJson();
  ASSERT_TRUE(freed.ok());
  EXPECT_EQ(JsonInt(*freed, "live_buffers"), live_before - 1) << *freed;
}

// IREE turns tf.aliasing_output into a result written into the argument's storage: donated, the
// cache is updated in place; kept, it must read as before.
TEST(IreeExecutorTest, AliasedArgumentChangesOnlyWhenDonated) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, R"mlir(
module @update_row {
  func.func public @main(%kv: tensor<4x2xf32> {tf.aliasing_output = 0 : i32},
                         %row: tensor<1x2xf32>, %at: tensor<i32>) -> tensor<4x2xf32> {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_update_slice %kv, %row, %at, %zero
        : (tensor<4x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}
)mlir");
  ASSERT_NE(exe, nullptr);
  const std::vector<float> zeros(8, 0.f);
  const std::vector<float> expected = {0, 0, 0, 0, 5, 6, 0, 0};
  auto row = MustUpload(*ex, MakeTensor<float>(DType::kF32, {1, 2}, {5, 6}));
  auto at = MustUpload(*ex, MakeTensor<int32_t>(DType::kI32, {}, {2}));
  for (bool donate_kv : {false, true}) {
    auto kv = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4, 2}, zeros));
    std::vector<DeviceBuffer*> args = {kv.get(), row.get(), at.get()};
    const bool donate[] = {donate_kv, false, false};
    auto out = exe->Execute(args, donate);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    auto updated = (*out)[0]->ToHost();
    ASSERT_TRUE(updated.ok());
    EXPECT_EQ(ToVector<float>(*updated), expected) << "donated " << donate_kv;
    EXPECT_EQ(kv->is_deleted(), donate_kv);
    if (!donate_kv) {
      auto kept = kv->ToHost();
      ASSERT_TRUE(kept.ok());
      EXPECT_EQ(ToVector<float>(*kept), zeros);
    }
  }
}

TEST(IreeExecutorTest, RejectsMismatchedArguments) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto f = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  auto i = MustUpload(*ex, MakeTensor<int32_t>(DType::kI32, {4}, {1, 2, 3, 4}));
  std::vector<DeviceBuffer*> wrong_type = {f.get(), i.get()};
  auto r = exe->Execute(wrong_type);
  EXPECT_EQ(r.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(r.status().reason(), "argument_mismatch");
  EXPECT_NE(r.status().message().find("tensor<4xi32>"), std::string::npos)
      << r.status().message();
  std::vector<DeviceBuffer*> one = {i.get()};
  EXPECT_EQ(exe->Execute(one).status().code(), ErrorCode::kInvalidArgument);
}

TEST(IreeExecutorTest, KilledHostMakesCallsUnavailable) {
  auto made = IreeExecutor::Create(TestOptions());  // its own host, so the others survive
  ASSERT_TRUE(made.ok()) << made.status().ToString();
  IreeExecutor& ex = **made;
  auto exe = MustCompile(ex, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(ex, MakeTensor<int32_t>(DType::kI32, {4}, {1, 2, 3, 4}));
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(kill(ex.host_pid(), SIGKILL), 0);

  const auto start = std::chrono::steady_clock::now();
  auto read = a->ToHost();
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), ErrorCode::kUnavailable) << read.status().ToString();
  EXPECT_NE(read.status().message().find("IREE runtime host"), std::string::npos)
      << read.status().message();
  EXPECT_NE(read.status().message().find("signal 9"), std::string::npos)
      << read.status().message();
  // Every later call repeats the same answer instead of talking to a dead process.
  std::vector<DeviceBuffer*> args = {a.get(), a.get()};
  EXPECT_EQ(exe->Execute(args).status().code(), ErrorCode::kUnavailable);
  EXPECT_EQ(ex.Upload(MakeTensor<int32_t>(DType::kI32, {1}, {1})).status().code(),
            ErrorCode::kUnavailable);
  EXPECT_EQ(ex.Compile(kDotAddModule).status().code(), ErrorCode::kUnavailable);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  // Buffers, executables and the executor are destroyed without touching the dead host.
  a.reset();
  exe.reset();
}

TEST(IreeExecutorTest, HostThatCannotStartIsUnavailable) {
  IreeExecutorOptions options = TestOptions();
  options.driver = "no-such-driver";
  auto made = IreeExecutor::Create(options);
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.status().code(), ErrorCode::kUnavailable) << made.status().ToString();
  EXPECT_NE(made.status().message().find("no-such-driver"), std::string::npos)
      << made.status().message();

  options = TestOptions();
  options.python = "/bin/false";  // starts, exits at once without a word
  made = IreeExecutor::Create(options);
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.status().code(), ErrorCode::kUnavailable) << made.status().ToString();

  options = TestOptions();
  options.python = std::string(VLMXLA_SOURCE_DIR) + "/no/such/python";
  made = IreeExecutor::Create(options);
  EXPECT_EQ(made.status().code(), ErrorCode::kUnavailable) << made.status().ToString();

  options = TestOptions();
  options.compiler = "/no/such/iree-compile";
  made = IreeExecutor::Create(options);
  EXPECT_EQ(made.status().code(), ErrorCode::kNotFound) << made.status().ToString();
}

TEST(ExecutorFactoryTest, MakesEachBackendByName) {
  auto unknown = MakeExecutor("tpu");
  EXPECT_EQ(unknown.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(unknown.status().message().find("iree-cpu"), std::string::npos);

  ExecutorConfig config;
  config.iree_cache_dir = TestCacheDir();
  auto iree = MakeExecutor("iree-cpu", config);
  ASSERT_TRUE(iree.ok()) << iree.status().ToString();
  EXPECT_EQ((*iree)->name(), "iree:llvm-cpu");

  Result<std::string> plugin = FindCpuPluginInVenv(std::string(VLMXLA_SOURCE_DIR) + "/.venv");
  ASSERT_TRUE(plugin.ok());
  config.plugin_path = *plugin;
  auto pjrt = MakeExecutor("pjrt-cpu", config);
  ASSERT_TRUE(pjrt.ok()) << pjrt.status().ToString();
  EXPECT_EQ((*pjrt)->name(), "pjrt:cpu");
}

}  // namespace
}  // namespace vlmxla::runtime
