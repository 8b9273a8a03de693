#include "fault_injecting_executor.h"

#include <chrono>
#include <cstdlib>
#include <thread>

namespace vlmxla::runtime {

namespace {

// The variable's value as a non-negative integer; 0 when unset or empty.
Result<int> EnvCount(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return 0;
  char* end = nullptr;
  const long n = std::strtol(value, &end, 10);
  if (*end != '\0' || n < 0 || n > 1000000) {
    return InvalidArgument(std::string(name) + "='" + value +
                           "' is not a non-negative integer (a test hook; unset it)");
  }
  return static_cast<int>(n);
}

}  // namespace

Result<FaultPlan> FaultPlanFromEnv() {
  FaultPlan plan;
  VLMXLA_ASSIGN_OR_RETURN(const int duplicate, EnvCount(kPlantDuplicateWeightsEnv));
  plan.duplicate_load_uploads = duplicate == 1;
  VLMXLA_ASSIGN_OR_RETURN(plan.execute_delay_ms, EnvCount(kPlantSlowdownEnv));
  return plan;
}

// Runs the inner executable after the wrapper's BeforeExecute.
class DelayingExecutable final : public Executable {
 public:
  DelayingExecutable(std::unique_ptr<Executable> inner, FaultInjectingExecutor* owner)
      : inner_(std::move(inner)), owner_(owner) {}

  size_t num_outputs() const override { return inner_->num_outputs(); }
  Result<std::vector<std::shared_ptr<DeviceBuffer>>> Execute(
      std::span<DeviceBuffer* const> args, std::span<const bool> donate) override {
    owner_->BeforeExecute();
    return inner_->Execute(args, donate);
  }

 private:
  std::unique_ptr<Executable> inner_;
  FaultInjectingExecutor* owner_;  // outlives its executables, as every Executor's does
};

FaultInjectingExecutor::FaultInjectingExecutor(std::unique_ptr<Executor> inner, FaultPlan plan)
    : inner_(std::move(inner)), plan_(plan) {}

Result<std::unique_ptr<Executable>> FaultInjectingExecutor::Compile(std::string_view mlir_text,
                                                                    const CompileOptions& options) {
  VLMXLA_ASSIGN_OR_RETURN(auto executable, inner_->Compile(mlir_text, options));
  return std::unique_ptr<Executable>(new DelayingExecutable(std::move(executable), this));
}

Result<std::shared_ptr<DeviceBuffer>> FaultInjectingExecutor::Upload(const HostTensor& tensor) {
  VLMXLA_ASSIGN_OR_RETURN(auto buffer, inner_->Upload(tensor));
  bool duplicate = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    duplicate = plan_.duplicate_load_uploads && !executed_;
  }
  if (duplicate) {
    VLMXLA_ASSIGN_OR_RETURN(auto copy, inner_->Upload(tensor));
    std::lock_guard<std::mutex> lock(mu_);
    planted_.push_back(std::move(copy));
  }
  return buffer;
}

Result<std::shared_ptr<DeviceBuffer>> FaultInjectingExecutor::Copy(const DeviceBuffer& buffer) {
  return inner_->Copy(buffer);
}

void FaultInjectingExecutor::BeforeExecute() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    executed_ = true;
    if (plan_.execute_delay_ms > 0) ++delayed_;
  }
  if (plan_.execute_delay_ms > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(plan_.execute_delay_ms));
  }
}

int FaultInjectingExecutor::planted_copies() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(planted_.size());
}

int FaultInjectingExecutor::delayed_executions() const {
  std::lock_guard<std::mutex> lock(mu_);
  return delayed_;
}

}  // namespace vlmxla::runtime
