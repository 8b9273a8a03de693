// FaultInjectingExecutor: wraps any Executor and plants a fault the gate must catch. Test code:
// vlmxla-testtool wraps every executor in one when a VLMXLA_TEST_PLANT_* variable asks for a
// fault (plant_faults.cc); build/vlmxla carries neither the wrapper nor the variables.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::runtime {

//   VLMXLA_TEST_PLANT_DUPLICATE_WEIGHTS=1  every upload before the first execution (the model's
//                                          weights and KV slots, as the engine loads them) is made
//                                          twice and the second copy kept: the gate must fail
//                                          "weights held once";
//   VLMXLA_TEST_PLANT_SLOWDOWN_MS=N        every execution first sleeps N ms: the gate must fail
//                                          the decode throughput baseline.
inline constexpr const char kPlantDuplicateWeightsEnv[] = "VLMXLA_TEST_PLANT_DUPLICATE_WEIGHTS";
inline constexpr const char kPlantSlowdownEnv[] = "VLMXLA_TEST_PLANT_SLOWDOWN_MS";

struct FaultPlan {
  bool duplicate_load_uploads = false;
  int execute_delay_ms = 0;
  bool any() const { return duplicate_load_uploads || execute_delay_ms > 0; }
};

// The plan the VLMXLA_TEST_PLANT_* variables ask for (none when they are unset); an error naming
// the variable when one is set to something other than a non-negative integer.
Result<FaultPlan> FaultPlanFromEnv();

class FaultInjectingExecutor final : public Executor {
 public:
  FaultInjectingExecutor(std::unique_ptr<Executor> inner, FaultPlan plan);

  // Wrapping changes what the backend is, never what it says it is.
  BackendTraits traits() const override { return inner_->traits(); }
  ExecutorReport Report() const override { return inner_->Report(); }
  std::string name() const override { return inner_->name(); }
  std::string device_description() const override { return inner_->device_description(); }
  std::string device_kind() const override { return inner_->device_kind(); }

  Result<std::unique_ptr<Executable>> Compile(std::string_view mlir_text,
                                              const CompileOptions& options = {}) override;
  Result<std::shared_ptr<DeviceBuffer>> Upload(const HostTensor& tensor) override;
  Result<std::shared_ptr<DeviceBuffer>> Copy(const DeviceBuffer& buffer) override;

  // What was planted so far (for the wrapper's own tests).
  int planted_copies() const;
  int delayed_executions() const;

 private:
  friend class DelayingExecutable;
  void BeforeExecute();

  std::unique_ptr<Executor> inner_;
  const FaultPlan plan_;
  mutable std::mutex mu_;
  bool executed_ = false;
  int delayed_ = 0;
  std::vector<std::shared_ptr<DeviceBuffer>> planted_;  // the kept second copies
};

}  // namespace vlmxla::runtime
