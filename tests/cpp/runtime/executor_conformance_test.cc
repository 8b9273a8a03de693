// The Executor contract (executor.h), run on every backend through runtime::MakeExecutor: upload
// and download in every dtype, compile and execute, donation and aliasing, argument checks,
// buffers that outlive their executor, empty tensors, traits() and Report(). A backend that
// cannot start fails every test with its error; none is skipped.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "executor_test_util.h"
#include "vlmxla/runtime/executor.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::runtime {
namespace {

using namespace test_util;  // NOLINT: the helpers and modules every runtime test shares

// A backend under test and what it promises beyond the common contract.
struct Backend {
  std::string name;         // MakeExecutor's spelling
  std::string name_prefix;  // Executor::name() starts with it
  BackendTraits traits;
  bool reports_addresses;  // opaque_device_pointer() is non-zero for live buffers
};

// gtest names the parameter by this in failure messages.
void PrintTo(const Backend& backend, std::ostream* os) { *os << backend.name; }

std::vector<Backend> Backends() {
  BackendTraits pjrt, iree;
  pjrt.prefers_in_out_weights = true;
  pjrt.has_artifact_cache = true;  // TestExecutorConfig names a cache for both
  iree.has_artifact_cache = true;
  return {{"pjrt-cpu", "pjrt:", pjrt, true}, {"iree-cpu", "iree:", iree, false}};
}

// A DeviceBuffer that no backend made: every executor must refuse it, not cast it.
class AlienBuffer final : public DeviceBuffer {
 public:
  DType dtype() const override { return DType::kF32; }
  const Shape& shape() const override { return shape_; }
  bool is_deleted() const override { return false; }
  Result<HostTensor> ToHost() const override { return HostTensor(DType::kF32, shape_); }

 private:
  Shape shape_{2, 3};
};

class ExecutorConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    const auto& made = SharedExecutor(GetParam().name);
    ASSERT_TRUE(made.ok()) << "backend " << GetParam().name
                           << " cannot start: " << made.status().ToString();
    ex_ = made->get();
  }
  // Another executor of the same backend, which the test owns.
  std::unique_ptr<Executor> MakeAnother() {
    auto made = MakeExecutor(GetParam().name, TestExecutorConfig());
    EXPECT_TRUE(made.ok()) << made.status().ToString();
    return made.ok() ? std::move(made).value() : nullptr;
  }

  Executor* ex_ = nullptr;
};

TEST_P(ExecutorConformanceTest, DescribesItself) {
  EXPECT_EQ(ex_->name().rfind(GetParam().name_prefix, 0), 0u) << ex_->name();
  EXPECT_GT(ex_->name().size(), GetParam().name_prefix.size()) << ex_->name();
  EXPECT_FALSE(ex_->device_description().empty());
}

TEST_P(ExecutorConformanceTest, TraitsAreTheBackendsAndStable) {
  const BackendTraits t = ex_->traits();
  EXPECT_EQ(t.prefers_in_out_weights, GetParam().traits.prefers_in_out_weights);
  EXPECT_EQ(t.has_artifact_cache, GetParam().traits.has_artifact_cache);
  auto compiled = MustCompile(*ex_, kAddModule);  // work does not change them
  const BackendTraits again = ex_->traits();
  EXPECT_EQ(again.prefers_in_out_weights, t.prefers_in_out_weights);
  EXPECT_EQ(again.has_artifact_cache, t.has_artifact_cache);
}

TEST_P(ExecutorConformanceTest, ReportSaysWhatItCoversOrWhyNot) {
  const ExecutorReport r = ex_->Report();
  if (r.memory.reported) {
    EXPECT_FALSE(r.memory.source.empty());
    EXPECT_TRUE(r.memory.bytes_in_use >= 0 || r.memory.live_buffer_bytes >= 0)
        << "reported memory with no figure";
  } else {
    EXPECT_FALSE(r.memory.detail.empty()) << "memory neither reported nor explained";
    EXPECT_EQ(r.memory.bytes_in_use, -1);
    EXPECT_EQ(r.memory.live_buffer_bytes, -1);
  }
  for (int64_t v : {r.memory.bytes_in_use, r.memory.peak_bytes_in_use, r.memory.bytes_limit,
                    r.memory.live_buffer_bytes}) {
    EXPECT_GE(v, -1);
  }
  EXPECT_FALSE(r.compiles.cache.empty());
  EXPECT_GE(r.compiles.cold, 0);
  EXPECT_GE(r.compiles.cached, 0);
  EXPECT_GE(r.compiles.cold_seconds, 0);
  EXPECT_GE(r.compiles.cached_seconds, 0);
  // Either the buffers live in this process, or in another one it names.
  EXPECT_TRUE(r.device_process_pid == -1 ||
              (r.device_process_pid > 0 && r.device_process_pid != getpid()))
      << r.device_process_pid;
  if (r.device_process_pid > 0) {
    EXPECT_FALSE(r.memory.host_process_json.empty());
  }
}

TEST_P(ExecutorConformanceTest, ReportCountsEveryCompile) {
  const std::string mlir = R"mlir(
module @report_probe {
  func.func public @main(%a: tensor<5xf32>) -> tensor<5xf32> {
    %0 = stablehlo.negate %a : tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}
)mlir";
  const ExecutorReport before = ex_->Report();
  ASSERT_NE(MustCompile(*ex_, mlir), nullptr);
  const ExecutorReport first = ex_->Report();
  // Cold, or cached when an earlier run in this process compiled it already.
  EXPECT_EQ(first.compiles.cold + first.compiles.cached,
            before.compiles.cold + before.compiles.cached + 1);
  EXPECT_GE(first.compiles.cold_seconds, before.compiles.cold_seconds);
  ASSERT_NE(MustCompile(*ex_, mlir), nullptr);
  const ExecutorReport second = ex_->Report();
  if (ex_->traits().has_artifact_cache) {
    EXPECT_EQ(second.compiles.cold, first.compiles.cold);
    EXPECT_EQ(second.compiles.cached, first.compiles.cached + 1);
  } else {
    EXPECT_EQ(second.compiles.cold, first.compiles.cold + 1);
    EXPECT_EQ(second.compiles.cached, 0);
  }
}

TEST_P(ExecutorConformanceTest, ReportedLiveBytesFollowTheBuffers) {
  const int64_t before = ex_->Report().memory.live_buffer_bytes;
  if (before < 0) {
    EXPECT_FALSE(ex_->Report().memory.reported && ex_->Report().memory.bytes_in_use < 0);
    return;  // this backend does not count live buffers (checked above: it says so)
  }
  auto b = MustUpload(*ex_, HostTensor(DType::kF32, {1024}));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(ex_->Report().memory.live_buffer_bytes, before + 4096);
  b.reset();
  EXPECT_EQ(ex_->Report().memory.live_buffer_bytes, before);
}

TEST_P(ExecutorConformanceTest, RoundTripsEveryDtype) {
  auto check = [&](const HostTensor& t) {
    SCOPED_TRACE(std::string(DTypeName(t.dtype())) + ShapeToString(t.shape()));
    auto buffer = MustUpload(*ex_, t);
    ASSERT_NE(buffer, nullptr);
    EXPECT_EQ(buffer->dtype(), t.dtype());
    EXPECT_EQ(buffer->shape(), t.shape());
    EXPECT_EQ(buffer->byte_size(), t.byte_size());
    EXPECT_FALSE(buffer->is_deleted());
    auto back = buffer->ToHost();
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    EXPECT_EQ(back->dtype(), t.dtype());
    EXPECT_EQ(back->shape(), t.shape());
    ASSERT_EQ(back->byte_size(), t.byte_size());
    EXPECT_EQ(std::memcmp(back->data(), t.data(), t.byte_size()), 0);
  };
  check(MakeTensor<float>(DType::kF32, {2, 2}, {1.5f, -2, 3e7f, -0.0f}));
  check(MakeTensor<uint16_t>(DType::kF16, {3},
                             {FloatToHalf(0.25f), FloatToHalf(-65504.f), FloatToHalf(1e-7f)}));
  check(MakeTensor<uint16_t>(DType::kBF16, {2, 2},
                             {FloatToBFloat16(1.5f), FloatToBFloat16(-3.f), 0x7f80, 0x0001}));
  check(MakeTensor<double>(DType::kF64, {2}, {1e300, -0.125}));
  check(MakeTensor<int64_t>(DType::kI64, {2}, {-1, int64_t{1} << 40}));
  check(MakeTensor<int32_t>(DType::kI32, {3}, {-7, 0, 2147483647}));
  check(MakeTensor<int16_t>(DType::kI16, {3}, {-32768, 1, 32767}));
  check(MakeTensor<int8_t>(DType::kI8, {3}, {-128, 0, 127}));
  check(MakeTensor<uint8_t>(DType::kU8, {4}, {0, 1, 128, 255}));
  check(MakeTensor<uint8_t>(DType::kBool, {3}, {1, 0, 1}));
  check(MakeTensor<int32_t>(DType::kI32, {}, {42}));  // a scalar
  check(MakeTensor<uint16_t>(DType::kBF16, {}, {FloatToBFloat16(2.5f)}));
  // Larger than a small transfer buffer.
  HostTensor big(DType::kF32, {1 << 19});
  auto span = big.mutable_span<float>();
  for (size_t i = 0; i < span.size(); ++i) span[i] = static_cast<float>(i);
  check(big);
}

TEST_P(ExecutorConformanceTest, EmptyTensorsRoundTripAndRun) {
  for (DType dtype : {DType::kF32, DType::kBF16, DType::kI32}) {
    SCOPED_TRACE(DTypeName(dtype));
    HostTensor empty(dtype, {0, 3});
    auto dev = MustUpload(*ex_, empty);
    ASSERT_NE(dev, nullptr);
    EXPECT_EQ(dev->shape(), (Shape{0, 3}));
    EXPECT_EQ(dev->byte_size(), 0u);
    auto back = dev->ToHost();
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    EXPECT_EQ(back->shape(), (Shape{0, 3}));
    EXPECT_EQ(back->dtype(), dtype);
  }
  auto exe = MustCompile(*ex_, R"mlir(
module @empty_add {
  func.func public @main(%a: tensor<0x3xf32>, %b: tensor<2xf32>) -> (tensor<0x3xf32>, tensor<2xf32>) {
    %0 = stablehlo.add %a, %a : tensor<0x3xf32>
    %1 = stablehlo.add %b, %b : tensor<2xf32>
    return %0, %1 : tensor<0x3xf32>, tensor<2xf32>
  }
}
)mlir");
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex_, HostTensor(DType::kF32, {0, 3}));
  auto b = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2}, {1, -4}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_EQ((*out)[0]->shape(), (Shape{0, 3}));
  EXPECT_EQ(MustDownload(*(*out)[0]).shape(), (Shape{0, 3}));
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[1])), (std::vector<float>{2, -8}));
}

TEST_P(ExecutorConformanceTest, CompilesAndExecutes) {
  auto exe = MustCompile(*ex_, kAddModule);
  ASSERT_NE(exe, nullptr);
  EXPECT_EQ(exe->num_outputs(), 1u);
  auto a = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto b = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {0.5f, -2, 10, 100, 0, -6}));
  ASSERT_TRUE(a && b);
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 1u);
  EXPECT_EQ((*out)[0]->shape(), (Shape{2, 3}));
  EXPECT_EQ((*out)[0]->dtype(), DType::kF32);
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])),
            (std::vector<float>{1.5f, 0, 13, 104, 5, 0}));
  // Inputs that were not donated stay readable.
  EXPECT_FALSE(a->is_deleted());
  EXPECT_EQ(ToVector<float>(MustDownload(*a)), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST_P(ExecutorConformanceTest, ReturnsSeveralResults) {
  auto exe = MustCompile(*ex_, kDotAddModule);
  ASSERT_NE(exe, nullptr);
  EXPECT_EQ(exe->num_outputs(), 2u);
  auto a = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto b = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {3, 2}, {1, 0, 0, 1, 2, -1}));
  auto c = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 2}, {0.5f, 10, -3, 100}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get(), c.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 2u);
  // a.b = [[7, -1], [16, -1]]
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), (std::vector<float>{7, -1, 16, -1}));
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[1])), (std::vector<float>{7.5f, 9, 13, 99}));
}

TEST_P(ExecutorConformanceTest, IntegerInputsAndMixedResultTypes) {
  auto exe = MustCompile(*ex_, R"mlir(
module @int_mix {
  func.func public @main(%a: tensor<4xi32>, %b: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi32>) {
    %wide = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xi64>
    %prod = stablehlo.multiply %wide, %b : tensor<4xi64>
    %neg = stablehlo.negate %a : tensor<4xi32>
    return %prod, %neg : tensor<4xi64>, tensor<4xi32>
  }
}
)mlir");
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex_, MakeTensor<int32_t>(DType::kI32, {4}, {1, -2, 3, 2147483647}));
  auto b = MustUpload(*ex_, MakeTensor<int64_t>(DType::kI64, {4}, {5, 6, -7, 4}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_EQ((*out)[0]->dtype(), DType::kI64);
  EXPECT_EQ((*out)[1]->dtype(), DType::kI32);
  // 2147483647 * 4 only fits because the product is computed in i64.
  EXPECT_EQ(ToVector<int64_t>(MustDownload(*(*out)[0])),
            (std::vector<int64_t>{5, -12, -21, 8589934588LL}));
  EXPECT_EQ(ToVector<int32_t>(MustDownload(*(*out)[1])),
            (std::vector<int32_t>{-1, 2, -3, -2147483647}));
}

TEST_P(ExecutorConformanceTest, HalfPrecisionProgramsRun) {
  auto exe = MustCompile(*ex_, R"mlir(
module @half_mix {
  func.func public @main(%a: tensor<2xbf16>, %b: tensor<2xf16>) -> (tensor<2xf32>, tensor<2xf16>) {
    %0 = stablehlo.convert %a : (tensor<2xbf16>) -> tensor<2xf32>
    %1 = stablehlo.add %b, %b : tensor<2xf16>
    return %0, %1 : tensor<2xf32>, tensor<2xf16>
  }
}
)mlir");
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(
      *ex_, MakeTensor<uint16_t>(DType::kBF16, {2}, {FloatToBFloat16(1.5f), FloatToBFloat16(-3)}));
  auto b = MustUpload(
      *ex_, MakeTensor<uint16_t>(DType::kF16, {2}, {FloatToHalf(0.25f), FloatToHalf(-2)}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_EQ((*out)[1]->dtype(), DType::kF16);
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), (std::vector<float>{1.5f, -3}));
  EXPECT_EQ(ToVector<uint16_t>(MustDownload(*(*out)[1])),
            (std::vector<uint16_t>{FloatToHalf(0.5f), FloatToHalf(-4)}));
}

TEST_P(ExecutorConformanceTest, ReusesAnUploadedBufferAcrossExecutions) {
  auto exe = MustCompile(*ex_, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto w = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {1, 1, 1, 1, 1, 1}));
  auto x = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {0, 1, 2, 3, 4, 5}));
  // Feed each output back in: x + w, then (x + w) + w, with w uploaded once.
  std::vector<DeviceBuffer*> args1 = {x.get(), w.get()};
  auto y = exe->Execute(args1);
  ASSERT_TRUE(y.ok()) << y.status().ToString();
  std::vector<DeviceBuffer*> args2 = {(*y)[0].get(), w.get()};
  auto z = exe->Execute(args2);
  ASSERT_TRUE(z.ok()) << z.status().ToString();
  EXPECT_EQ(ToVector<float>(MustDownload(*(*z)[0])), (std::vector<float>{2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(ToVector<float>(MustDownload(*w)), (std::vector<float>{1, 1, 1, 1, 1, 1}));
}

TEST_P(ExecutorConformanceTest, DonatedInputIsConsumed) {
  auto exe = MustCompile(*ex_, kAliasedModule);
  ASSERT_NE(exe, nullptr);
  auto kv = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  auto x = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {4}, {10, 20, 30, 40}));
  std::vector<DeviceBuffer*> args = {kv.get(), x.get()};
  const bool donate[] = {true, false};
  auto out = exe->Execute(args, donate);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), (std::vector<float>{11, 22, 33, 44}));
  EXPECT_TRUE(kv->is_deleted());
  EXPECT_FALSE(x->is_deleted());
  EXPECT_EQ(ToVector<float>(MustDownload(*x)), (std::vector<float>{10, 20, 30, 40}));
  // Reading or running with the donated buffer is an error, not a crash, and the same error on
  // every backend.
  auto stale = kv->ToHost();
  ASSERT_FALSE(stale.ok());
  EXPECT_EQ(stale.status().code(), ErrorCode::kFailedPrecondition) << stale.status().ToString();
  EXPECT_EQ(stale.status().reason(), "buffer_deleted");
  auto again = exe->Execute(args);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), ErrorCode::kFailedPrecondition) << again.status().ToString();
  EXPECT_EQ(again.status().reason(), "buffer_deleted");
  EXPECT_NE(again.status().message().find("donated"), std::string::npos)
      << again.status().ToString();
}

TEST_P(ExecutorConformanceTest, DonationUpdatesTheCacheInPlace) {
  auto exe = MustCompile(*ex_, kUpdateRowModule);
  ASSERT_NE(exe, nullptr);
  const std::vector<float> zeros(8, 0.f);
  const std::vector<float> expected = {0, 0, 0, 0, 5, 6, 0, 0};
  auto row = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {1, 2}, {5, 6}));
  auto at = MustUpload(*ex_, MakeTensor<int32_t>(DType::kI32, {}, {2}));
  for (bool donate_kv : {false, true}) {
    SCOPED_TRACE(donate_kv ? "donated" : "kept");
    auto kv = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {4, 2}, zeros));
    const uintptr_t kv_address = kv->opaque_device_pointer();
    EXPECT_EQ(kv_address != 0, GetParam().reports_addresses);
    std::vector<DeviceBuffer*> args = {kv.get(), row.get(), at.get()};
    const bool donate[] = {donate_kv, false, false};
    auto out = exe->Execute(args, donate);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), expected);
    EXPECT_EQ(kv->is_deleted(), donate_kv);
    if (donate_kv) {
      EXPECT_EQ(kv->opaque_device_pointer(), 0u);  // a deleted buffer has no address to report
      // Where addresses are reported, the result took over the donated cache's memory.
      if (kv_address != 0) {
        EXPECT_EQ((*out)[0]->opaque_device_pointer(), kv_address);
      }
    } else {
      EXPECT_EQ(ToVector<float>(MustDownload(*kv)), zeros);  // kept: unchanged
      if (kv_address != 0) {
        EXPECT_NE((*out)[0]->opaque_device_pointer(), kv_address);
      }
    }
  }
}

TEST_P(ExecutorConformanceTest, NoDonationMaskDonatesNothing) {
  auto exe = MustCompile(*ex_, kAliasedModule);
  ASSERT_NE(exe, nullptr);
  auto kv = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  auto x = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {4}, {10, 20, 30, 40}));
  std::vector<DeviceBuffer*> args = {kv.get(), x.get()};
  const bool none[] = {false, false};
  // No mask, then a mask that donates nothing.
  for (std::span<const bool> mask : {std::span<const bool>(), std::span<const bool>(none)}) {
    auto out = exe->Execute(args, mask);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), (std::vector<float>{11, 22, 33, 44}));
    EXPECT_FALSE(kv->is_deleted());
    EXPECT_EQ(ToVector<float>(MustDownload(*kv)), (std::vector<float>{1, 2, 3, 4}));
  }
}

TEST_P(ExecutorConformanceTest, DonatingANonAliasedInputLeavesItConsistent) {
  auto exe = MustCompile(*ex_, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto b = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {1, 1, 1, 1, 1, 1}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  const bool donate[] = {true, false};
  auto out = exe->Execute(args, donate);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), (std::vector<float>{2, 3, 4, 5, 6, 7}));
  // The backend may or may not take a buffer the program cannot alias; is_deleted() says which.
  auto read = a->ToHost();
  if (a->is_deleted()) {
    EXPECT_EQ(read.status().reason(), "buffer_deleted");
  } else {
    ASSERT_TRUE(read.ok()) << read.status().ToString();
    EXPECT_EQ(ToVector<float>(*read), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  }
}

TEST_P(ExecutorConformanceTest, DonatingABufferPassedTwiceIsRejected) {
  auto exe = MustCompile(*ex_, kAliasedModule);
  ASSERT_NE(exe, nullptr);
  auto kv = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
  std::vector<DeviceBuffer*> args = {kv.get(), kv.get()};
  for (const auto& donate : {std::vector<bool>{true, false}, std::vector<bool>{false, true}}) {
    const bool mask[] = {donate[0], donate[1]};
    auto out = exe->Execute(args, mask);
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.status().code(), ErrorCode::kInvalidArgument) << out.status().ToString();
    EXPECT_FALSE(kv->is_deleted());
  }
  // Passed twice without donation it is just read twice.
  auto both = exe->Execute(args);
  ASSERT_TRUE(both.ok()) << both.status().ToString();
  EXPECT_EQ(ToVector<float>(MustDownload(*(*both)[0])), (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ(ToVector<float>(MustDownload(*kv)), (std::vector<float>{1, 2, 3, 4}));
  // A mask of the wrong length is an error too.
  const bool short_mask[] = {true};
  auto mismatched = exe->Execute(args, short_mask);
  ASSERT_FALSE(mismatched.ok());
  EXPECT_EQ(mismatched.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(mismatched.status().message().find("donation mask has 1 entries"), std::string::npos)
      << mismatched.status().ToString();
  EXPECT_FALSE(kv->is_deleted());
}

TEST_P(ExecutorConformanceTest, MismatchedArgumentsAreErrors) {
  auto exe = MustCompile(*ex_, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto wrong_shape = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {3, 2}, {1, 2, 3, 4, 5, 6}));
  auto wrong_type = MustUpload(*ex_, MakeTensor<int32_t>(DType::kI32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  auto expect_mismatch = [&](std::vector<DeviceBuffer*> args, const std::string& says) {
    auto r = exe->Execute(args);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), ErrorCode::kInvalidArgument) << r.status().ToString();
    EXPECT_EQ(r.status().reason(), "argument_mismatch") << r.status().ToString();
    EXPECT_NE(r.status().message().find(says), std::string::npos) << r.status().ToString();
  };
  expect_mismatch({a.get()}, "@main takes 2 arguments but 1 were given");
  expect_mismatch({a.get(), a.get(), a.get()}, "@main takes 2 arguments but 3 were given");
  // Same byte size, other shape: a backend alone might run this on the wrong layout.
  expect_mismatch({a.get(), wrong_shape.get()},
                  "argument 1 is f32[3, 2] but @main expects tensor<2x3xf32>");
  expect_mismatch({wrong_type.get(), a.get()}, "argument 0 is i32[2, 3]");
  // A null argument is an error as well.
  std::vector<DeviceBuffer*> null_arg = {a.get(), nullptr};
  EXPECT_EQ(exe->Execute(null_arg).status().code(), ErrorCode::kInvalidArgument);
  // The executable and the buffers are still fine afterwards.
  std::vector<DeviceBuffer*> good = {a.get(), a.get()};
  auto ok = exe->Execute(good);
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_EQ(ToVector<float>(MustDownload(*(*ok)[0])), (std::vector<float>{2, 4, 6, 8, 10, 12}));
}

TEST_P(ExecutorConformanceTest, ForeignBuffersAreRejected) {
  auto exe = MustCompile(*ex_, kAddModule);
  ASSERT_NE(exe, nullptr);
  auto a = MustUpload(*ex_, MakeTensor<float>(DType::kF32, {2, 3}, {1, 2, 3, 4, 5, 6}));
  // A buffer no backend made.
  AlienBuffer alien;
  std::vector<DeviceBuffer*> with_alien = {a.get(), &alien};
  auto r1 = exe->Execute(with_alien);
  ASSERT_FALSE(r1.ok());
  EXPECT_EQ(r1.status().code(), ErrorCode::kInvalidArgument) << r1.status().ToString();
  // A buffer of another executor of the same backend.
  auto other = MakeAnother();
  ASSERT_NE(other, nullptr);
  auto foreign = MustUpload(*other, MakeTensor<float>(DType::kF32, {2, 3}, {0, 0, 0, 0, 0, 0}));
  ASSERT_NE(foreign, nullptr);
  std::vector<DeviceBuffer*> mixed = {a.get(), foreign.get()};
  auto r2 = exe->Execute(mixed);
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.status().code(), ErrorCode::kInvalidArgument) << r2.status().ToString();
  // Both stay usable where they belong.
  EXPECT_EQ(ToVector<float>(MustDownload(*foreign)), (std::vector<float>{0, 0, 0, 0, 0, 0}));
  std::vector<DeviceBuffer*> good = {a.get(), a.get()};
  EXPECT_TRUE(exe->Execute(good).ok());
}

TEST_P(ExecutorConformanceTest, ProgramsAndBuffersOutliveTheirExecutor) {
  std::unique_ptr<Executable> exe;
  std::shared_ptr<DeviceBuffer> a, b, kept;
  {
    auto second = MakeAnother();
    ASSERT_NE(second, nullptr);
    exe = MustCompile(*second, kAliasedModule);
    a = MustUpload(*second, MakeTensor<float>(DType::kF32, {4}, {1, 2, 3, 4}));
    b = MustUpload(*second, MakeTensor<float>(DType::kF32, {4}, {6, 5, 4, 3}));
    kept = MustUpload(*second, MakeTensor<int32_t>(DType::kI32, {2}, {7, -7}));
    ASSERT_TRUE(exe && a && b && kept);
  }
  // The executor is gone; what it made still works, donation included.
  EXPECT_EQ(ToVector<int32_t>(MustDownload(*kept)), (std::vector<int32_t>{7, -7}));
  std::vector<DeviceBuffer*> args = {a.get(), b.get()};
  const bool donate[] = {true, false};
  auto out = exe->Execute(args, donate);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_TRUE(a->is_deleted());
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), (std::vector<float>{7, 7, 7, 7}));
  // Released in any order.
  exe.reset();
  a.reset();
  EXPECT_EQ(ToVector<float>(MustDownload(*(*out)[0])), (std::vector<float>{7, 7, 7, 7}));
  out->clear();
  b.reset();
  kept.reset();
}

TEST_P(ExecutorConformanceTest, BadModulesAreCompileErrors) {
  auto bad = ex_->Compile(kUnknownOpModule);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), ErrorCode::kInvalidArgument) << bad.status().ToString();
  EXPECT_EQ(bad.status().reason(), "compile_failed");
  EXPECT_NE(bad.status().message().find("not_an_op"), std::string::npos) << bad.status().ToString();

  auto mistyped = ex_->Compile(R"mlir(
module {
  func.func public @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
    %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
)mlir");
  ASSERT_FALSE(mistyped.ok());
  EXPECT_EQ(mistyped.status().code(), ErrorCode::kInvalidArgument) << mistyped.status().ToString();

  auto empty = ex_->Compile("");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), ErrorCode::kInvalidArgument) << empty.status().ToString();

  CompileOptions replicated;
  replicated.num_replicas = 2;
  auto multi = ex_->Compile(kAddModule, replicated);
  ASSERT_FALSE(multi.ok());
  EXPECT_EQ(multi.status().code(), ErrorCode::kUnimplemented) << multi.status().ToString();

  // The executor still compiles and runs afterwards.
  auto exe = MustCompile(*ex_, kAddI32Module);
  ASSERT_NE(exe, nullptr);
  auto x = MustUpload(*ex_, MakeTensor<int32_t>(DType::kI32, {4}, {1, 2, 3, 4}));
  std::vector<DeviceBuffer*> args = {x.get(), x.get()};
  auto out = exe->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(ToVector<int32_t>(MustDownload(*(*out)[0])), (std::vector<int32_t>{2, 4, 6, 8}));
}

TEST(ExecutorFactoryTest, MakesEachBackendByName) {
  auto unknown = MakeExecutor("tpu");
  EXPECT_EQ(unknown.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(unknown.status().reason(), "unknown_backend");
  EXPECT_NE(unknown.status().message().find("iree-cpu"), std::string::npos);
  for (const Backend& b : Backends()) {
    const auto& made = SharedExecutor(b.name);
    ASSERT_TRUE(made.ok()) << b.name << ": " << made.status().ToString();
    EXPECT_EQ((*made)->name().rfind(b.name_prefix, 0), 0u) << (*made)->name();
  }
  EXPECT_NE(dynamic_cast<PjrtExecutor*>(SharedExecutor("pjrt-cpu")->get()), nullptr);
  EXPECT_NE(dynamic_cast<IreeExecutor*>(SharedExecutor("iree-cpu")->get()), nullptr);
}

// Faults are planted by test tooling through the wrapper seam; the product reads no variable for
// them, so even a malformed VLMXLA_TEST_PLANT_SLOWDOWN_MS leaves MakeExecutor unaffected.
TEST(ExecutorFactoryTest, PassesEveryExecutorThroughTheInstalledWrapper) {
  setenv("VLMXLA_TEST_PLANT_SLOWDOWN_MS", "soon", 1);
  std::vector<std::string> seen;
  SetExecutorWrapper([&](std::unique_ptr<Executor> e) -> Result<std::unique_ptr<Executor>> {
    seen.push_back(dynamic_cast<PjrtExecutor*>(e.get()) ? "pjrt" : e->name());
    return e;
  });
  auto made = MakeExecutor("pjrt-cpu", TestExecutorConfig());
  SetExecutorWrapper(nullptr);
  unsetenv("VLMXLA_TEST_PLANT_SLOWDOWN_MS");
  ASSERT_TRUE(made.ok()) << made.status().ToString();
  EXPECT_EQ(seen, std::vector<std::string>{"pjrt"});
  EXPECT_NE(dynamic_cast<PjrtExecutor*>(made->get()), nullptr);
}

INSTANTIATE_TEST_SUITE_P(Backends, ExecutorConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const ::testing::TestParamInfo<Backend>& info) {
                           std::string name = info.param.name;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace vlmxla::runtime
