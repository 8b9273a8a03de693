// Shared helpers of the runtime tests: where the backends' tools are (the repository's .venv,
// whatever directory the tests are built in), one executor per backend for a whole test binary,
// host tensor builders, must-succeed wrappers and the small StableHLO modules the tests run.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "../test_source_dir.h"
#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/runtime/executor.h"
#include "vlmxla/runtime/executor_factory.h"
#include "vlmxla/runtime/iree_executor.h"
#include "vlmxla/runtime/pjrt_executor.h"

namespace vlmxla::runtime::test_util {

inline std::string SourceDir() { return VLMXLA_SOURCE_DIR; }

// A fresh IREE artifact cache per test binary run, so the first compile of a module is cold;
// removed with its PJRT sibling (TestExecutorConfig) when the process exits. The path is never
// destroyed, so the exit handler can still read it after the statics are gone.
inline const std::string& TestCacheDir() {
  static const std::string* dir = [] {
    namespace fs = std::filesystem;
    std::string pattern = (fs::temp_directory_path() / "vlmxla-iree-test-XXXXXX").string();
    const char* made = mkdtemp(pattern.data());
    if (made == nullptr) return new std::string("/tmp/vlmxla-iree-test");
    auto* path = new std::string(made);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(TestCacheDir(), ec);
      fs::remove_all(TestCacheDir() + "-pjrt", ec);
    });
    return path;
  }();
  return *dir;
}

// $VLMXLA_PJRT_PLUGIN, else the XLA CPU plugin in the repository's .venv ("" when missing).
inline std::string TestPluginPath() {
  if (const char* env = std::getenv(kPjrtPluginEnv); env != nullptr && *env != '\0') return env;
  Result<std::string> found = FindCpuPluginInVenv(SourceDir() + "/.venv");
  return found.ok() ? *found : std::string();
}

// IREE with the repository's tools and the test cache, and deadlines for a test.
inline IreeExecutorOptions TestIreeOptions() {
  IreeExecutorOptions options;
  options.python = SourceDir() + "/.venv/bin/python";
  options.python_path = SourceDir() + "/python";
  options.compiler = SourceDir() + "/.venv/bin/iree-compile";
  options.cache_dir = TestCacheDir();
  options.startup_timeout_s = 60;
  options.call_timeout_s = 120;
  return options;
}

// MakeExecutor's configuration for the same tools.
inline ExecutorConfig TestExecutorConfig() {
  ExecutorConfig config;
  config.plugin_path = TestPluginPath();
  config.iree_cache_dir = TestCacheDir();
  config.pjrt_cache_dir = TestCacheDir() + "-pjrt";
  config.iree_python = SourceDir() + "/.venv/bin/python";
  config.iree_python_path = SourceDir() + "/python";
  return config;
}

// One executor per backend name for the whole binary (starting a backend is the slow part), made
// by MakeExecutor with TestExecutorConfig(). Holds the error when the backend cannot start.
inline const Result<std::unique_ptr<Executor>>& SharedExecutor(const std::string& backend) {
  static auto* made = new std::map<std::string, Result<std::unique_ptr<Executor>>>();
  auto it = made->find(backend);
  if (it == made->end()) {
    it = made->emplace(backend, MakeExecutor(backend, TestExecutorConfig())).first;
  }
  return it->second;
}

// SharedExecutor(backend) as its concrete type, or null with a test failure saying why.
template <typename T>
T* SharedAs(const std::string& backend) {
  const auto& made = SharedExecutor(backend);
  if (!made.ok()) {
    ADD_FAILURE() << "backend " << backend << " cannot start: " << made.status().ToString();
    return nullptr;
  }
  T* typed = dynamic_cast<T*>(made->get());
  if (typed == nullptr) ADD_FAILURE() << "backend " << backend << " made another executor type";
  return typed;
}

template <typename T>
HostTensor MakeTensor(DType dtype, Shape shape, const std::vector<T>& values) {
  HostTensor t(dtype, std::move(shape));
  EXPECT_EQ(static_cast<size_t>(t.num_elements()), values.size());
  auto span = t.mutable_span<T>();
  for (size_t i = 0; i < values.size() && i < span.size(); ++i) span[i] = values[i];
  return t;
}

template <typename T>
std::vector<T> ToVector(const HostTensor& t) {
  auto s = t.span<T>();
  return {s.begin(), s.end()};
}

inline std::shared_ptr<DeviceBuffer> MustUpload(Executor& ex, const HostTensor& t) {
  Result<std::shared_ptr<DeviceBuffer>> b = ex.Upload(t);
  EXPECT_TRUE(b.ok()) << b.status().ToString();
  return b.ok() ? *b : nullptr;
}

inline std::unique_ptr<Executable> MustCompile(Executor& ex, const std::string& mlir) {
  Result<std::unique_ptr<Executable>> e = ex.Compile(mlir);
  EXPECT_TRUE(e.ok()) << e.status().ToString();
  return e.ok() ? std::move(e).value() : nullptr;
}

// The host copy of `buffer`, or an empty tensor with a test failure.
inline HostTensor MustDownload(const DeviceBuffer& buffer) {
  Result<HostTensor> h = buffer.ToHost();
  EXPECT_TRUE(h.ok()) << h.status().ToString();
  return h.ok() ? std::move(h).value() : HostTensor(DType::kF32, Shape{0});
}

constexpr char kAddModule[] = R"mlir(
module @add {
  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.add %a, %b : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
)mlir";

constexpr char kAddI32Module[] = R"mlir(
module @add_i32 {
  func.func public @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.add %a, %b : tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
)mlir";

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

// kv + x, with kv aliased to the result (the KV cache pattern).
constexpr char kAliasedModule[] = R"mlir(
module @aliased_add {
  func.func public @main(%kv: tensor<4xf32> {tf.aliasing_output = 0 : i32},
                         %x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %kv, %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
)mlir";

// Writes `row` into row `at` of the aliased cache (decode's KV update).
constexpr char kUpdateRowModule[] = R"mlir(
module @update_row {
  func.func public @main(%kv: tensor<4x2xf32> {tf.aliasing_output = 0 : i32},
                         %row: tensor<1x2xf32>, %at: tensor<i32>) -> tensor<4x2xf32> {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_update_slice %kv, %row, %at, %zero
        : (tensor<4x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}
)mlir";

// A module that does not compile: its op does not exist.
constexpr char kUnknownOpModule[] = R"mlir(
module {
  func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.not_an_op %a : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
)mlir";

}  // namespace vlmxla::runtime::test_util
