// vlmxla-testtool carries every product command (validate, run, serve, prepare, ...), so the gate
// can run it as its vlmxla. Here every executor those commands make passes through the fault
// plan of the VLMXLA_TEST_PLANT_* variables (fault_injecting_executor.h), and is wrapped in a
// FaultInjectingExecutor when they ask for a fault: tests/py/test_baselines.py plants a second
// copy of the weights and a slowdown this way. build/vlmxla reads none of these variables.
#include <memory>
#include <utility>

#include "fault_injecting_executor.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::runtime {
namespace {

[[maybe_unused]] const bool kInstalled = [] {
  SetExecutorWrapper([](std::unique_ptr<Executor> inner) -> Result<std::unique_ptr<Executor>> {
    VLMXLA_ASSIGN_OR_RETURN(const FaultPlan plan, FaultPlanFromEnv());
    if (!plan.any()) return inner;
    return std::unique_ptr<Executor>(new FaultInjectingExecutor(std::move(inner), plan));
  });
  return true;
}();

}  // namespace
}  // namespace vlmxla::runtime
