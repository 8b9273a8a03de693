// FaultInjectingExecutor against a fake backend: it passes everything through, plants a kept
// second copy of every upload until the first execution, delays executions, and reads its plan
// from the VLMXLA_TEST_PLANT_* variables.
#include "fault_injecting_executor.h"  // tests/tools/

#include <gtest/gtest.h>
#include <stdlib.h>

#include <memory>
#include <string>
#include <vector>

namespace vlmxla::runtime {
namespace {

class FakeBuffer final : public DeviceBuffer {
 public:
  explicit FakeBuffer(const HostTensor& t) : dtype_(t.dtype()), shape_(t.shape()) {}
  DType dtype() const override { return dtype_; }
  const Shape& shape() const override { return shape_; }
  bool is_deleted() const override { return false; }
  Result<HostTensor> ToHost() const override { return HostTensor(dtype_, shape_); }

 private:
  DType dtype_;
  Shape shape_;
};

// Counts what reaches the backend.
struct Calls {
  int uploads = 0;
  int executions = 0;
  int live_buffers = 0;
};

class FakeExecutable final : public Executable {
 public:
  explicit FakeExecutable(Calls* calls) : calls_(calls) {}
  size_t num_outputs() const override { return 1; }
  Result<std::vector<std::shared_ptr<DeviceBuffer>>> Execute(std::span<DeviceBuffer* const> args,
                                                             std::span<const bool>) override {
    ++calls_->executions;
    if (args.empty()) return InvalidArgument("no arguments");
    return std::vector<std::shared_ptr<DeviceBuffer>>{
        std::make_shared<FakeBuffer>(HostTensor(args[0]->dtype(), args[0]->shape()))};
  }

 private:
  Calls* calls_;
};

class FakeExecutor final : public Executor {
 public:
  explicit FakeExecutor(Calls* calls) : calls_(calls) {}
  BackendTraits traits() const override {
    BackendTraits t;
    t.prefers_in_out_weights = true;
    return t;
  }
  ExecutorReport Report() const override {
    ExecutorReport r;
    r.device_process_pid = 42;
    return r;
  }
  std::string name() const override { return "fake:cpu"; }
  std::string device_description() const override { return "a fake device"; }
  Result<std::unique_ptr<Executable>> Compile(std::string_view mlir,
                                              const CompileOptions&) override {
    if (mlir.empty()) return InvalidArgument("empty module");
    return std::unique_ptr<Executable>(new FakeExecutable(calls_));
  }
  Result<std::shared_ptr<DeviceBuffer>> Upload(const HostTensor& t) override {
    ++calls_->uploads;
    ++calls_->live_buffers;
    Calls* calls = calls_;
    return std::shared_ptr<DeviceBuffer>(new FakeBuffer(t), [calls](DeviceBuffer* b) {
      --calls->live_buffers;
      delete b;
    });
  }
  Result<std::shared_ptr<DeviceBuffer>> Copy(const DeviceBuffer& b) override {
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, b.ToHost());
    return Upload(t);
  }

 private:
  Calls* calls_;
};

HostTensor Weight() { return HostTensor(DType::kF32, Shape{4, 8}); }

std::shared_ptr<DeviceBuffer> MustUpload(Executor& ex, const HostTensor& t) {
  auto b = ex.Upload(t);
  EXPECT_TRUE(b.ok()) << b.status().ToString();
  return b.ok() ? *b : nullptr;
}

void MustExecute(Executor& ex, DeviceBuffer* arg) {
  auto exe = ex.Compile("module {}");
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  DeviceBuffer* args[] = {arg};
  auto out = (*exe)->Execute(args);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), 1u);
  EXPECT_EQ((*out)[0]->shape(), arg->shape());
}

TEST(FaultInjectingExecutorTest, WithoutFaultsPassesEverythingThrough) {
  Calls calls;
  FaultInjectingExecutor ex(std::make_unique<FakeExecutor>(&calls), FaultPlan{});
  EXPECT_EQ(ex.name(), "fake:cpu");
  EXPECT_EQ(ex.device_description(), "a fake device");
  EXPECT_TRUE(ex.traits().prefers_in_out_weights);
  EXPECT_EQ(ex.Report().device_process_pid, 42);
  auto w = MustUpload(ex, Weight());
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->shape(), (Shape{4, 8}));
  MustExecute(ex, w.get());
  EXPECT_EQ(calls.uploads, 1);
  EXPECT_EQ(calls.executions, 1);
  EXPECT_EQ(ex.planted_copies(), 0);
  EXPECT_EQ(ex.delayed_executions(), 0);
  // Errors come back as the backend gave them.
  EXPECT_EQ(ex.Compile("").status().code(), ErrorCode::kInvalidArgument);
}

TEST(FaultInjectingExecutorTest, DuplicatesEveryUploadUntilTheFirstExecutionAndKeepsTheCopies) {
  Calls calls;
  FaultPlan plan;
  plan.duplicate_load_uploads = true;
  auto ex = std::make_unique<FaultInjectingExecutor>(std::make_unique<FakeExecutor>(&calls), plan);
  auto a = MustUpload(*ex, Weight());
  auto b = MustUpload(*ex, Weight());
  EXPECT_EQ(calls.uploads, 4);
  EXPECT_EQ(ex->planted_copies(), 2);
  a.reset();  // the caller lets go of its buffer; the planted copy stays on the device
  EXPECT_EQ(calls.live_buffers, 3);
  MustExecute(*ex, b.get());
  auto c = MustUpload(*ex, Weight());  // after loading: uploaded once
  EXPECT_EQ(calls.uploads, 5);
  EXPECT_EQ(ex->planted_copies(), 2);
  b.reset();
  c.reset();
  ex.reset();  // the copies go with the executor
  EXPECT_EQ(calls.live_buffers, 0);
}

TEST(FaultInjectingExecutorTest, DelaysEveryExecution) {
  Calls calls;
  FaultPlan plan;
  plan.execute_delay_ms = 1;
  FaultInjectingExecutor ex(std::make_unique<FakeExecutor>(&calls), plan);
  auto w = MustUpload(ex, Weight());
  MustExecute(ex, w.get());
  MustExecute(ex, w.get());
  EXPECT_EQ(ex.delayed_executions(), 2);
  EXPECT_EQ(calls.executions, 2);
  EXPECT_EQ(ex.planted_copies(), 0);
}

// Sets a variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedEnv() { unsetenv(name_); }

 private:
  const char* name_;
};

TEST(FaultInjectingExecutorTest, PlanFromEnvironment) {
  {
    auto plan = FaultPlanFromEnv();
    ASSERT_TRUE(plan.ok()) << plan.status().ToString();
    EXPECT_FALSE(plan->any());
  }
  {
    ScopedEnv dup(kPlantDuplicateWeightsEnv, "1");
    ScopedEnv slow(kPlantSlowdownEnv, "150");
    auto plan = FaultPlanFromEnv();
    ASSERT_TRUE(plan.ok()) << plan.status().ToString();
    EXPECT_TRUE(plan->duplicate_load_uploads);
    EXPECT_EQ(plan->execute_delay_ms, 150);
  }
  {
    ScopedEnv slow(kPlantSlowdownEnv, "soon");
    auto plan = FaultPlanFromEnv();
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(plan.status().message().find(kPlantSlowdownEnv), std::string::npos);
  }
}

}  // namespace
}  // namespace vlmxla::runtime
