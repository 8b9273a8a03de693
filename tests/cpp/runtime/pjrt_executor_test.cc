// PjrtExecutor against the real XLA CPU plugin from the repo's .venv (or $VLMXLA_PJRT_PLUGIN).
// A missing plugin fails these tests: they never skip.
#include "vlmxla/runtime/pjrt_executor.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace vlmxla::runtime {
namespace {

std::string TestPluginPath() {
  if (const char* env = std::getenv(kPjrtPluginEnv); env != nullptr && *env != '\0') return env;
  Result<std::string> found = FindCpuPluginInVenv(std::string(VLMXLA_SOURCE_DIR) + "/.venv");
  return found.ok() ? *found : std::string();
}

// One client for the whole binary: loading the 250 MB plugin and creating a client is the slow
// part.
PjrtExecutor* SharedExecutor() {
  static Result<std::unique_ptr<PjrtExecutor>>* loaded = [] {
    const std::string path = TestPluginPath();
    if (path.empty()) {
      return new Result<std::unique_ptr<PjrtExecutor>>(
          NotFound("XLA CPU PJRT plugin not found: install xla-cpu-pjrt into " +
                   std::string(VLMXLA_SOURCE_DIR) + "/.venv or set VLMXLA_PJRT_PLUGIN"));
    }
    return new Result<std::unique_ptr<PjrtExecutor>>(PjrtExecutor::Load(path));
  }();
  if (!loaded->ok()) {
    ADD_FAILURE() << "cannot load the PJRT plugin: " << loaded->status().ToString();
    return nullptr;
  }
  return loaded->value().get();
}

#define REQUIRE_EXECUTOR(var)               \
  PjrtExecutor* var = SharedExecutor();     \
  ASSERT_NE(var, nullptr) << "PJRT plugin unavailable"

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

constexpr char kAddModule[] = R"mlir(
module @add {
  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.add %a, %b : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
)mlir";

TEST(PjrtExecutorTest, DescribesItself) {
  REQUIRE_EXECUTOR(ex);
  EXPECT_EQ(ex->name(), "pjrt:cpu");
  EXPECT_FALSE(ex->device_description().empty());
  EXPECT_EQ(ex->plugin_api_version().rfind("0.", 0), 0u) << ex->plugin_api_version();
}

TEST(PjrtExecutorTest, AddsTwoMatrices) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAddModule);
  ASSERT_NE(exe, nullptr);
  EXPECT_EQ(exe->num_outputs(), 1u);
  auto a = MustUpload(*ex, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto b = MustUpload(*ex, MakeTensor<float>(DType::kF32, {2, 3}, {0.5f, -2, 10, 100, 0, -6}));
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(a->shape(), (Shape{2, 3}));
  EXPECT_EQ(a->dtype(), DType::kF32);
  EXPECT_EQ(a->byte_size(), 24u);

  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 1u);
  EXPECT_EQ((*out)[0]->shape(), (Shape{2, 3}));
  EXPECT_EQ((*out)[0]->dtype(), DType::kF32);
  auto host = (*out)[0]->ToHost();
  ASSERT_TRUE(host.ok()) << host.status().ToString();
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{1.5f, 0, 13, 104, 5, 0}));
  // Inputs that were not donated stay readable.
  EXPECT_FALSE(a->is_deleted());
  auto a_host = a->ToHost();
  ASSERT_TRUE(a_host.ok());
  EXPECT_EQ(ToVector<float>(*a_host), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(PjrtExecutorTest, DotGeneral) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, R"mlir(
module {
  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
        : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
)mlir");
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto b = MustUpload(*ex, MakeTensor<float>(DType::kF32, {3, 2}, {7, 8, 9, 10, 11, 12}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  auto host = (*out)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  // [[1*7+2*9+3*11, 1*8+2*10+3*12], [4*7+5*9+6*11, 4*8+5*10+6*12]]
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{58, 64, 139, 154}));
}

TEST(PjrtExecutorTest, IntegerInputsAndMultipleResults) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, R"mlir(
module {
  func.func public @main(%a: tensor<4xi32>, %b: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi32>) {
    %wide = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xi64>
    %prod = stablehlo.multiply %wide, %b : tensor<4xi64>
    %neg = stablehlo.negate %a : tensor<4xi32>
    return %prod, %neg : tensor<4xi64>, tensor<4xi32>
  }
}
)mlir");
  ASSERT_NE(exe, nullptr);
  EXPECT_EQ(exe->num_outputs(), 2u);
  auto a = MustUpload(*ex, MakeTensor<int32_t>(DType::kI32, {4}, {1, -2, 3, 2147483647}));
  auto b = MustUpload(*ex, MakeTensor<int64_t>(DType::kI64, {4}, {5, 6, -7, 4}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_EQ((*out)[0]->dtype(), DType::kI64);
  EXPECT_EQ((*out)[1]->dtype(), DType::kI32);
  auto prod = (*out)[0]->ToHost();
  auto neg = (*out)[1]->ToHost();
  ASSERT_TRUE(prod.ok() && neg.ok());
  // 2147483647 * 4 only fits because the product is computed in i64.
  EXPECT_EQ(ToVector<int64_t>(*prod), (std::vector<int64_t>{5, -12, -21, 8589934588LL}));
  EXPECT_EQ(ToVector<int32_t>(*neg), (std::vector<int32_t>{-1, 2, -3, -2147483647}));
}

TEST(PjrtExecutorTest, ReusesAnUploadedBufferAcrossExecutions) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto w = MustUpload(*ex, MakeTensor<float>(DType::kF32, {2, 3}, {1, 1, 1, 1, 1, 1}));
  auto x = MustUpload(*ex, MakeTensor<float>(DType::kF32, {2, 3}, {0, 1, 2, 3, 4, 5}));
  // Feed each output back in: x + w, then (x + w) + w, with w uploaded once.
  std::vector<DeviceBuffer*> args1 = {x.get(), w.get()};
  auto y = exe->Execute(args1);
  ASSERT_TRUE(y.ok()) << y.status().ToString();
  std::vector<DeviceBuffer*> args2 = {(*y)[0].get(), w.get()};
  auto z = exe->Execute(args2);
  ASSERT_TRUE(z.ok()) << z.status().ToString();
  auto host = (*z)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{2, 3, 4, 5, 6, 7}));
  auto w_host = w->ToHost();
  ASSERT_TRUE(w_host.ok());
  EXPECT_EQ(ToVector<float>(*w_host), (std::vector<float>{1, 1, 1, 1, 1, 1}));
}

constexpr char kAliasedModule[] = R"mlir(
module {
  func.func public @main(%kv: tensor<4xf32> {tf.aliasing_output = 0 : i32},
                         %x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %kv, %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
)mlir";

TEST(PjrtExecutorTest, DonatedInputIsConsumed) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAliasedModule);
  ASSERT_NE(exe, nullptr);
  auto kv = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  auto x = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {10, 20, 30, 40}));
  std::vector<DeviceBuffer*> args = {kv.get(), x.get()};
  const bool donate[] = {true, false};
  auto out = exe->Execute(args, donate);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  auto host = (*out)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{11, 22, 33, 44}));
  EXPECT_TRUE(kv->is_deleted());
  EXPECT_FALSE(x->is_deleted());
  // Reading or re-running with the donated buffer is an error, not a crash.
  auto stale = kv->ToHost();
  ASSERT_FALSE(stale.ok());
  EXPECT_EQ(stale.status().reason(), "buffer_deleted");
  auto again = exe->Execute(args);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find("donated"), std::string::npos)
      << again.status().ToString();
}

TEST(PjrtExecutorTest, DonatedAliasedOutputKeepsTheInputsAddress) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAliasedModule);
  ASSERT_NE(exe, nullptr);
  auto kv = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  auto x = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {10, 20, 30, 40}));
  const uintptr_t kv_address = kv->opaque_device_pointer();
  ASSERT_NE(kv_address, 0u);
  EXPECT_NE(kv_address, x->opaque_device_pointer());
  std::vector<DeviceBuffer*> args = {kv.get(), x.get()};
  const bool donate[] = {true, false};
  auto out = exe->Execute(args, donate);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_TRUE(kv->is_deleted());
  EXPECT_EQ(kv->opaque_device_pointer(), 0u);  // a deleted buffer has no address to report
  EXPECT_EQ((*out)[0]->opaque_device_pointer(), kv_address);  // updated in place
  // Without donation the result must live elsewhere.
  auto kv2 = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  std::vector<DeviceBuffer*> args2 = {kv2.get(), x.get()};
  auto copied = exe->Execute(args2);
  ASSERT_TRUE(copied.ok()) << copied.status().ToString();
  EXPECT_NE((*copied)[0]->opaque_device_pointer(), kv2->opaque_device_pointer());
}

TEST(PjrtExecutorTest, UndonatedAliasableInputSurvives) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAliasedModule);
  ASSERT_NE(exe, nullptr);
  auto kv = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  auto x = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {10, 20, 30, 40}));
  std::vector<DeviceBuffer*> args = {kv.get(), x.get()};
  auto out = exe->Execute(args);  // no donation mask: nothing is donated
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_FALSE(kv->is_deleted());
  auto kv_host = kv->ToHost();
  ASSERT_TRUE(kv_host.ok()) << kv_host.status().ToString();
  EXPECT_EQ(ToVector<float>(*kv_host), (std::vector<float>{1, 2, 3, 4}));
  auto host = (*out)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{11, 22, 33, 44}));
}

TEST(PjrtExecutorTest, DonatingABufferPassedTwiceIsRejected) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAliasedModule);
  ASSERT_NE(exe, nullptr);
  auto kv = MustUpload(*ex, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  std::vector<DeviceBuffer*> args = {kv.get(), kv.get()};
  const bool donate[] = {true, false};
  auto out = exe->Execute(args, donate);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_FALSE(kv->is_deleted());
  const bool short_mask[] = {true};
  auto mismatched = exe->Execute(args, short_mask);
  ASSERT_FALSE(mismatched.ok());
  EXPECT_NE(mismatched.status().message().find("donation mask has 1 entries"), std::string::npos);
}

TEST(PjrtExecutorTest, InvalidMlirReportsTheCompilerMessage) {
  REQUIRE_EXECUTOR(ex);
  auto bad = ex->Compile(R"mlir(
module {
  func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.not_an_op %a : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
)mlir");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().reason(), "compile_failed");
  EXPECT_NE(bad.status().message().find("not_an_op"), std::string::npos)
      << bad.status().ToString();

  auto mistyped = ex->Compile(R"mlir(
module {
  func.func public @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
    %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
)mlir");
  ASSERT_FALSE(mistyped.ok());
  EXPECT_GT(mistyped.status().message().size(), std::string("compiling StableHLO").size() + 10);

  auto empty = ex->Compile("");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), ErrorCode::kInvalidArgument);
}

TEST(PjrtExecutorTest, WrongArgumentCountOrShapeIsAnError) {
  REQUIRE_EXECUTOR(ex);
  auto exe = MustCompile(*ex, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto wrong_shape = MustUpload(*ex, MakeTensor<float>(DType::kF32, {3, 2}, {1, 2, 3, 4, 5, 6}));
  auto wrong_type = MustUpload(*ex, MakeTensor<int32_t>(DType::kI32, {2, 3}, {1, 2, 3, 4, 5, 6}));

  std::vector<DeviceBuffer*> one = {a.get()};
  auto r1 = exe->Execute(one);
  ASSERT_FALSE(r1.ok());
  EXPECT_EQ(r1.status().reason(), "argument_mismatch");
  EXPECT_NE(r1.status().message().find("@main takes 2 arguments but 1 were given"),
            std::string::npos)
      << r1.status().ToString();

  std::vector<DeviceBuffer*> three = {a.get(), a.get(), a.get()};
  EXPECT_FALSE(exe->Execute(three).ok());

  // Same byte size, other shape: the CPU plugin alone would run this on the wrong layout.
  std::vector<DeviceBuffer*> shaped = {a.get(), wrong_shape.get()};
  auto r2 = exe->Execute(shaped);
  ASSERT_FALSE(r2.ok());
  EXPECT_NE(r2.status().message().find("argument 1 is f32[3, 2] but @main expects tensor<2x3xf32>"),
            std::string::npos)
      << r2.status().ToString();

  std::vector<DeviceBuffer*> typed = {a.get(), wrong_type.get()};
  auto r3 = exe->Execute(typed);
  ASSERT_FALSE(r3.ok());
  EXPECT_EQ(r3.status().reason(), "argument_mismatch");

  // The executable and buffers are still fine afterwards.
  std::vector<DeviceBuffer*> good = {a.get(), a.get()};
  auto ok = exe->Execute(good);
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  auto host = (*ok)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{2, 4, 6, 8, 10, 12}));
}

TEST(PjrtExecutorTest, RoundTripsHalfAndBFloat16AndScalars) {
  REQUIRE_EXECUTOR(ex);
  auto h = MakeTensor<uint16_t>(DType::kF16, {3}, {FloatToHalf(1.5f), FloatToHalf(-2.0f), 0});
  auto bf = MakeTensor<uint16_t>(DType::kBF16, {2, 1},
                                 {FloatToBFloat16(3.0f), FloatToBFloat16(-0.25f)});
  auto scalar = MakeTensor<int64_t>(DType::kI64, {}, {42});
  for (const HostTensor* t : {&h, &bf, &scalar}) {
    auto dev = MustUpload(*ex, *t);
    ASSERT_NE(dev, nullptr);
    EXPECT_EQ(dev->dtype(), t->dtype());
    EXPECT_EQ(dev->shape(), t->shape());
    auto back = dev->ToHost();
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    ASSERT_EQ(back->byte_size(), t->byte_size());
    EXPECT_EQ(std::memcmp(back->data(), t->data(), t->byte_size()), 0);
  }
}

TEST(PjrtExecutorTest, ProgramsAndBuffersOutliveTheirExecutor) {
  REQUIRE_EXECUTOR(shared);
  std::unique_ptr<Executable> exe;
  std::shared_ptr<DeviceBuffer> a;
  std::shared_ptr<DeviceBuffer> b;
  {
    // A second Load reuses the initialized plugin and makes an independent client.
    auto second = PjrtExecutor::Load(TestPluginPath());
    ASSERT_TRUE(second.ok()) << second.status().ToString();
    exe = MustCompile(**second, kAddModule);
    a = MustUpload(**second, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
    b = MustUpload(**second, MakeTensor<float>(DType::kF32, {2, 3}, {6, 5, 4, 3, 2, 1}));
    ASSERT_NE(exe, nullptr);
    // Buffers of one client cannot feed another client's program.
    auto foreign = MustUpload(*shared, MakeTensor<float>(DType::kF32, {2, 3}, {0, 0, 0, 0, 0, 0}));
    std::vector<DeviceBuffer*> mixed = {a.get(), foreign.get()};
    auto rejected = exe->Execute(mixed);
    ASSERT_FALSE(rejected.ok());
    EXPECT_NE(rejected.status().message().find("different PJRT client"), std::string::npos);
  }
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  auto host = (*out)[0]->ToHost();
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(ToVector<float>(*host), (std::vector<float>{7, 7, 7, 7, 7, 7}));
}

TEST(PjrtExecutorTest, EmptyTensorsRoundTrip) {
  REQUIRE_EXECUTOR(ex);
  HostTensor empty(DType::kF32, {0, 3});
  auto dev = MustUpload(*ex, empty);
  ASSERT_NE(dev, nullptr);
  EXPECT_EQ(dev->shape(), (Shape{0, 3}));
  EXPECT_EQ(dev->byte_size(), 0u);
  auto back = dev->ToHost();
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->shape(), (Shape{0, 3}));
}

TEST(PjrtExecutorTest, DefaultPluginPathHonoursTheEnvironment) {
  const char* saved = std::getenv(kPjrtPluginEnv);
  const std::string saved_value = saved ? saved : "";
  setenv(kPjrtPluginEnv, "/opt/some/cuda_plugin.so", 1);
  auto from_env = DefaultPjrtPluginPath();
  ASSERT_TRUE(from_env.ok());
  EXPECT_EQ(*from_env, "/opt/some/cuda_plugin.so");
  unsetenv(kPjrtPluginEnv);
  // Without the variable it searches for a .venv upwards from the working directory and the test
  // binary (which lives under the repo's build directory), finding the repo's CPU plugin.
  auto found = DefaultPjrtPluginPath();
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_NE(found->find("xla_cpu_pjrt.so"), std::string::npos);
  auto expected = FindCpuPluginInVenv(std::string(VLMXLA_SOURCE_DIR) + "/.venv");
  ASSERT_TRUE(expected.ok()) << expected.status().ToString();
  if (saved) setenv(kPjrtPluginEnv, saved_value.c_str(), 1);
}

TEST(PjrtExecutorTest, MissingPluginIsAClearError) {
  auto missing = PjrtExecutor::Load("/nonexistent/xla_cpu_pjrt.so");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(missing.status().message().find("/nonexistent/xla_cpu_pjrt.so"), std::string::npos);
  EXPECT_NE(missing.status().message().find(kPjrtPluginEnv), std::string::npos);

  auto not_a_plugin = PjrtExecutor::Load(std::string(VLMXLA_SOURCE_DIR) + "/CMakeLists.txt");
  ASSERT_FALSE(not_a_plugin.ok());
  EXPECT_EQ(not_a_plugin.status().reason(), "pjrt_plugin_load_failed");

  auto no_venv = FindCpuPluginInVenv("/nonexistent-venv");
  EXPECT_FALSE(no_venv.ok());
}

}  // namespace
}  // namespace vlmxla::runtime
