// XlaCpuFlags: the XLA flags vlmxla adds for its pinned XLA CPU plugin, around the user's own.
#include <gtest/gtest.h>

#include <string>

#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::runtime {
namespace {

constexpr char kSchedule[] = "--xla_cpu_enable_concurrency_optimized_scheduler=false";

TEST(XlaCpuFlagsTest, AddsTheMemoryMinimizingScheduleToNoFlags) {
  EXPECT_EQ(XlaCpuFlags(""), kSchedule);
}

TEST(XlaCpuFlagsTest, KeepsTheUsersFlagsAndAppends) {
  EXPECT_EQ(XlaCpuFlags("--xla_dump_to=/tmp/d"), std::string("--xla_dump_to=/tmp/d ") + kSchedule);
}

TEST(XlaCpuFlagsTest, LeavesAUserChoiceOfTheScheduleAlone) {
  for (const std::string user :
       {"--xla_cpu_enable_concurrency_optimized_scheduler=true",
        "--xla_dump_to=/x --xla_cpu_enable_concurrency_optimized_scheduler"}) {
    EXPECT_EQ(XlaCpuFlags(user), user);
  }
}

}  // namespace
}  // namespace vlmxla::runtime
