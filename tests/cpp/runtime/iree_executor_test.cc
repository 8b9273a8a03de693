// IreeExecutor specifics against the real iree-compile and IREE runtime host from the repo's
// .venv: the artifact cache and its keys, target flags, the host's own accounting, compiler
// messages, and what happens when the host dies or cannot start. The Executor contract itself is
// executor_conformance_test.cc. A missing .venv fails these tests: they never skip.
#include "vlmxla/runtime/iree_executor.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "executor_test_util.h"
#include "vlmxla/runtime/iree_artifact_cache.h"
#include "vlmxla/runtime/sha256.h"

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;
using namespace test_util;  // NOLINT: the helpers and modules every runtime test shares

#define REQUIRE_EXECUTOR(var)                             \
  IreeExecutor* var = SharedAs<IreeExecutor>("iree-cpu"); \
  ASSERT_NE(var, nullptr) << "IREE executor unavailable"

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
  // No temporaries left behind: artifacts and their manifest entries only.
  for (const auto& entry : fs::directory_iterator(TestCacheDir())) {
    EXPECT_TRUE(entry.path().extension() == ".vmfb" || entry.path().extension() == ".json")
        << entry.path();
  }
  EXPECT_TRUE(fs::is_regular_file(fs::path(cold.last_artifact).replace_extension(".json")));

  // The cached module runs.
  auto a = MustUpload(*ex, MakeTensor<float>(DType::kF32, {3}, {1, -2, 3}));
  std::vector<DeviceBuffer*> args = {a.get()};
  auto out = second->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  auto host = (*out)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{1, 4, 9}));
}

// A narrow program whose products take many rows compiles with data tiling and microkernels on
// the CPU; the same text without those hints, or in f32, compiles plainly. Both run.
TEST(IreeExecutorTest, ManyRowNarrowProgramsCompileDataTiled) {
  REQUIRE_EXECUTOR(ex);
  const std::string mlir = R"mlir(
module @many_rows_probe {
  func.func public @main(%a: tensor<64x32xbf16>, %w: tensor<32x16xbf16>) -> tensor<64x16xf32> {
    %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<64x32xbf16>, tensor<32x16xbf16>) -> tensor<64x16xf32>
    return %0 : tensor<64x16xf32>
  }
}
)mlir";
  auto flags_of = [](const std::string& artifact) {
    std::ifstream in(fs::path(artifact).replace_extension(".json"));
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  for (const bool many_rows : {false, true}) {
    for (const bool narrow : {false, true}) {
      CompileOptions hints;
      hints.many_rows = many_rows;
      hints.narrow_products = narrow;
      auto exe = ex->Compile(mlir, hints);
      ASSERT_TRUE(exe.ok()) << exe.status().ToString();
      const std::string manifest = flags_of(ex->compile_stats().last_artifact);
      EXPECT_EQ(manifest.find("--iree-opt-data-tiling") != std::string::npos, many_rows && narrow)
          << many_rows << narrow << manifest;
      auto a = MustUpload(*ex, HostTensor(DType::kBF16, Shape{64, 32}));
      auto w = MustUpload(*ex, HostTensor(DType::kBF16, Shape{32, 16}));
      std::vector<DeviceBuffer*> args = {a.get(), w.get()};
      auto out = (*exe)->Execute(args);
      ASSERT_TRUE(out.ok()) << out.status().ToString();
    }
  }
}

// Weights as parameters: a module whose weight is a `#flow.parameter.named` global reads it from
// a safetensors file the host maps (at an unaligned offset, as Transformers writes them), compiles
// data-tiled, and multiplies exactly as the host does; an executor without parameters refuses.
TEST(IreeExecutorTest, WeightsAsParametersReadTheSafetensorsFile) {
  IreeExecutorOptions options = TestIreeOptions();
  options.weights_as_parameters = true;
  auto made = IreeExecutor::Create(options);
  ASSERT_TRUE(made.ok()) << made.status().ToString();
  IreeExecutor& ex = **made;
  EXPECT_TRUE(ex.traits().weights_as_parameters);
  // w: [8, 16] f32 in a file whose data starts after a 3-float tensor (offset 12: unaligned).
  const fs::path file = fs::path(TestCacheDir()) / "params-probe.safetensors";
  fs::create_directories(file.parent_path());
  std::vector<float> w(8 * 16), x(4 * 8);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>((i * 7) % 11) - 5.0f;
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 3) % 5) * 0.5f;
  std::string header = R"({"pad":{"dtype":"F32","shape":[3],"data_offsets":[0,12]},)"
                       R"("w":{"dtype":"F32","shape":[8,16],"data_offsets":[12,524]}})";
  header.append((8 - header.size() % 8) % 8, ' ');
  {
    std::ofstream out(file, std::ios::binary);
    const uint64_t n = header.size();
    out.write(reinterpret_cast<const char*>(&n), 8);
    out << header;
    const float pad[3] = {0, 0, 0};
    out.write(reinterpret_cast<const char*>(pad), sizeof(pad));
    out.write(reinterpret_cast<const char*>(w.data()), w.size() * sizeof(float));
  }
  ASSERT_TRUE(ex.LoadParameters("probe", {file.string()}).ok());
  // x [4, 8] times the parameter `key` of scope "probe", an [8, 16] f32 global.
  auto module = [](const std::string& name, const std::string& key) {
    return "module @" + name +
           " {\nutil.global private @__param_w = #flow.parameter.named<"
           "\"probe\"::\"" +
           key + "\"> : tensor<8x16xf32>\n" + R"mlir(
func.func public @main(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %w = util.global.load @__param_w : tensor<8x16xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}
}
)mlir";
  };
  CompileOptions hints;
  hints.weights_as_parameters = true;
  auto exe = ex.Compile(module("params_probe", "w"), hints);
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  std::ifstream manifest_in(fs::path(ex.compile_stats().last_artifact).replace_extension(".json"));
  const std::string manifest(std::istreambuf_iterator<char>(manifest_in), {});
  EXPECT_NE(manifest.find("--iree-opt-data-tiling"), std::string::npos) << manifest;
  EXPECT_NE(manifest.find("--iree-llvmcpu-enable-ukernels=all"), std::string::npos) << manifest;
  HostTensor xt(DType::kF32, Shape{4, 8});
  std::memcpy(xt.mutable_data(), x.data(), x.size() * sizeof(float));
  auto xb = MustUpload(ex, xt);
  std::vector<DeviceBuffer*> args = {xb.get()};
  auto out = (*exe)->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  auto y = (*out)[0]->ToHost();
  ASSERT_TRUE(y.ok()) << y.status().ToString();
  const float* got = static_cast<const float*>(y->data());
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 16; ++c) {
      float want = 0;  // small integers and halves: every order of summation is exact
      for (int k = 0; k < 8; ++k) want += x[r * 8 + k] * w[k * 16 + c];
      EXPECT_EQ(got[r * 16 + c], want) << r << "," << c;
    }
  }
  // A parameter the scope lacks fails the module's load with the host's message, not a crash.
  auto bad = ex.Compile(module("params_missing", "v"), hints);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("params_missing"), std::string::npos)
      << bad.status().message();
  // The executor still serves.
  auto again = (*exe)->Execute(args);
  EXPECT_TRUE(again.ok()) << again.status().ToString();

  REQUIRE_EXECUTOR(plain);
  const Status refused = plain->LoadParameters("probe", {file.string()});
  EXPECT_EQ(refused.code(), ErrorCode::kFailedPrecondition) << refused.ToString();
}

// A cache copied to a machine without iree-compile (the GPU bundle): its manifest gives the
// compiler version the keys need, cached modules are served, a miss says why it cannot compile.
TEST(IreeCompilerTest, CopiedCacheServesItsModulesWithoutACompiler) {
  const fs::path cache = fs::path(::testing::TempDir()) / "iree_cache_without_compiler";
  fs::remove_all(cache);
  const std::string mlir = R"mlir(
module @manifest_probe {
  func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.add %a, %a : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
)mlir";
  IreeExecutorOptions with;
  with.target = "llvm-cpu";
  with.cache_dir = cache.string();
  auto compiler = IreeCompiler::Create(with);
  ASSERT_TRUE(compiler.ok()) << compiler.status().ToString();
  auto built = compiler->Compile(mlir);
  ASSERT_TRUE(built.ok()) << built.status().ToString();
  EXPECT_FALSE(built->artifact.cached);
  EXPECT_EQ(RecordedIreeCompilerVersion(cache.string(), "llvm-cpu"), compiler->compiler_version());
  EXPECT_FALSE(RecordedIreeCompilerVersion(cache.string(), "cuda:sm_90").has_value());
  // An artifact from before manifests gets its entry back when it is next used.
  const fs::path entry = fs::path(built->artifact.path).replace_extension(".json");
  ASSERT_TRUE(fs::remove(entry));
  auto again = compiler->Compile(mlir);
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_TRUE(again->artifact.cached);
  EXPECT_TRUE(fs::is_regular_file(entry));

  IreeExecutorOptions without = with;
  without.compiler = "/nonexistent/iree-compile";
  auto reader = IreeCompiler::Create(without);
  ASSERT_TRUE(reader.ok()) << reader.status().ToString();
  EXPECT_EQ(reader->compiler_version(), compiler->compiler_version());
  auto hit = reader->Compile(mlir);
  ASSERT_TRUE(hit.ok()) << hit.status().ToString();
  EXPECT_TRUE(hit->artifact.cached);
  EXPECT_EQ(hit->artifact.path, built->artifact.path);
  auto miss = reader->Compile(kAddModule);
  ASSERT_FALSE(miss.ok());
  EXPECT_EQ(miss.status().code(), ErrorCode::kUnavailable);
  EXPECT_EQ(miss.status().reason(), "iree_compiler_missing");
  EXPECT_NE(miss.status().message().find("/nonexistent/iree-compile"), std::string::npos)
      << miss.status().message();

  // No compiler and nothing recorded for the target: the compiler's own error, plus the cache's.
  IreeExecutorOptions cuda = without;
  cuda.target = "cuda";
  auto nothing = IreeCompiler::Create(cuda);
  ASSERT_FALSE(nothing.ok());
  EXPECT_EQ(nothing.status().reason(), "iree_compiler_missing");
  EXPECT_NE(nothing.status().message().find("records no compiled module for target cuda:sm_90"),
            std::string::npos)
      << nothing.status().message();
  fs::remove_all(cache);
}

// A machine without a GPU fills the cache a GPU machine reads: iree-cpu also compiles each module
// for cuda, and an iree-cuda compiler without iree-compile then finds it.
TEST(IreeExecutorTest, AlsoCompilesForCudaIntoTheCache) {
  const fs::path cache = fs::path(::testing::TempDir()) / "iree_cache_also_cuda";
  fs::remove_all(cache);
  IreeExecutorOptions options = TestIreeOptions();
  options.cache_dir = cache.string();
  options.also_compile_cuda_target = "sm_90";
  auto ex = IreeExecutor::Create(options);
  ASSERT_TRUE(ex.ok()) << ex.status().ToString();
  auto exe = (*ex)->Compile(kAddModule);
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  ASSERT_TRUE(RecordedIreeCompilerVersion(cache.string(), "cuda:sm_90").has_value());

  IreeExecutorOptions gpu = options;
  gpu.target = "cuda";
  gpu.compiler = "/nonexistent/iree-compile";
  gpu.also_compile_cuda_target.clear();
  auto reader = IreeCompiler::Create(gpu);
  ASSERT_TRUE(reader.ok()) << reader.status().ToString();
  auto found = reader->Compile(kAddModule);
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_TRUE(found->artifact.cached);
  fs::remove_all(cache);
}

// --no-cache: iree-compile writes into a private folder, removed with the executor; the named
// cache is neither read nor written.
TEST(IreeExecutorTest, WithoutTheCacheNothingPersists) {
  const fs::path cache = fs::path(::testing::TempDir()) / "iree_cache_unused";
  fs::remove_all(cache);
  IreeExecutorOptions options = TestIreeOptions();
  options.cache_dir = cache.string();
  options.no_cache = true;
  std::string artifact;
  {
    auto ex = IreeExecutor::Create(options);
    ASSERT_TRUE(ex.ok()) << ex.status().ToString();
    ASSERT_TRUE((*ex)->Compile(kAddModule).ok());
    ASSERT_TRUE((*ex)->Compile(kAddModule).ok());
    artifact = (*ex)->compile_stats().last_artifact;
    EXPECT_TRUE(fs::is_regular_file(artifact)) << artifact;
    EXPECT_NE(artifact.rfind(cache.string(), 0), 0u) << artifact;
  }
  EXPECT_FALSE(fs::exists(artifact)) << artifact;
  EXPECT_FALSE(fs::exists(fs::path(artifact).parent_path())) << artifact;
  EXPECT_FALSE(fs::exists(cache));
}

// Every backend's compile errors are InvalidArgument "compile_failed" naming the bad op
// (executor_conformance_test.cc); IREE's also carry iree-compile's diagnostics, trimmed, without
// the temporary paths it compiled from.
TEST(IreeExecutorTest, CompilerErrorsAreTrimmedAndLeakNoPaths) {
  REQUIRE_EXECUTOR(ex);
  auto exe = ex->Compile(kUnknownOpModule);
  ASSERT_FALSE(exe.ok());
  const std::string& msg = exe.status().message();
  EXPECT_NE(msg.find("error:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("not_an_op"), std::string::npos) << msg;
  EXPECT_EQ(msg.find(TestCacheDir()), std::string::npos) << "temporary paths leak: " << msg;
  EXPECT_LT(msg.size(), 4000u) << "the IR dump is not trimmed";
}

TEST(IreeExecutorTest, DonatedInputIsFreedOnTheHost) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAddI32Module);
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

TEST(IreeExecutorTest, KilledHostMakesCallsUnavailable) {
  auto made = IreeExecutor::Create(TestIreeOptions());  // its own host, so the others survive
  ASSERT_TRUE(made.ok()) << made.status().ToString();
  IreeExecutor& ex = **made;
  auto exe = MustCompile(ex, kAddI32Module);
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
  EXPECT_NE(read.status().message().find("signal 9"), std::string::npos) << read.status().message();
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
  IreeExecutorOptions options = TestIreeOptions();
  options.driver = "no-such-driver";
  auto made = IreeExecutor::Create(options);
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.status().code(), ErrorCode::kUnavailable) << made.status().ToString();
  EXPECT_NE(made.status().message().find("no-such-driver"), std::string::npos)
      << made.status().message();

  options = TestIreeOptions();
  options.python = "/bin/false";  // starts, exits at once without a word
  made = IreeExecutor::Create(options);
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.status().code(), ErrorCode::kUnavailable) << made.status().ToString();

  options = TestIreeOptions();
  options.python = SourceDir() + "/no/such/python";
  made = IreeExecutor::Create(options);
  EXPECT_EQ(made.status().code(), ErrorCode::kUnavailable) << made.status().ToString();

  // No compiler, and a cache whose manifest records none for the target (a cache that does is
  // read without one: IreeCompilerTest.CopiedCacheServesItsModulesWithoutACompiler).
  options = TestIreeOptions();
  options.compiler = "/no/such/iree-compile";
  options.cache_dir = (fs::path(::testing::TempDir()) / "iree_cache_empty").string();
  made = IreeExecutor::Create(options);
  EXPECT_EQ(made.status().code(), ErrorCode::kNotFound) << made.status().ToString();
}

}  // namespace
}  // namespace vlmxla::runtime
