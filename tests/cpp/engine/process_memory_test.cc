// ProcessMemory reads /proc/<pid>/status: touching fresh anonymous memory shows up as RssAnon
// (what the "weights are held once" check measures), the peak can be reset, and an unknown
// process is an error.
#include "vlmxla/engine/process_memory.h"

#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

namespace vlmxla::engine {
namespace {

TEST(ProcessMemoryTest, TouchedAnonymousMemoryIsCounted) {
  auto before = ReadProcessMemory();
  ASSERT_TRUE(before.ok()) << before.status().ToString();
  EXPECT_GT(before->rss_bytes, 0);
  EXPECT_GE(before->peak_rss_bytes, before->rss_bytes);
  EXPECT_EQ(before->private_bytes(), before->anon_bytes + before->file_bytes);

  constexpr size_t kBytes = size_t{32} << 20;
  void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(p, MAP_FAILED);
  std::memset(p, 1, kBytes);
  auto after = ReadProcessMemory();
  ASSERT_TRUE(after.ok());
  EXPECT_GE(after->anon_bytes - before->anon_bytes, static_cast<int64_t>(kBytes * 9 / 10));
  munmap(p, kBytes);
  auto released = ReadProcessMemory();
  ASSERT_TRUE(released.ok());
  EXPECT_LT(released->anon_bytes - before->anon_bytes, static_cast<int64_t>(kBytes / 10));
}

// `vlmxla validate --cases` measures each case's own peak: after a reset the peak is the current
// RSS, not the high-water mark of memory already given back.
TEST(ProcessMemoryTest, ResetPeakForgetsMemoryGivenBack) {
  constexpr size_t kBytes = size_t{64} << 20;
  void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(p, MAP_FAILED);
  std::memset(p, 1, kBytes);
  munmap(p, kBytes);
  auto high = ReadProcessMemory();
  ASSERT_TRUE(high.ok());
  ASSERT_GE(high->peak_rss_bytes - high->rss_bytes, static_cast<int64_t>(kBytes * 9 / 10));
  ASSERT_TRUE(ResetPeakRss().ok());
  auto reset = ReadProcessMemory();
  ASSERT_TRUE(reset.ok());
  EXPECT_LT(reset->peak_rss_bytes - reset->rss_bytes, static_cast<int64_t>(kBytes / 10));
}

TEST(ProcessMemoryTest, ReadsAnotherProcessByPid) {
  auto self = ReadProcessMemory(getpid());
  ASSERT_TRUE(self.ok());
  EXPECT_GT(self->rss_bytes, 0);
}

TEST(ProcessMemoryTest, UnknownPidIsAnError) {
  auto r = ReadProcessMemory(0x7ffffff0);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("/proc/2147483632/status"), std::string::npos);
}

}  // namespace
}  // namespace vlmxla::engine
