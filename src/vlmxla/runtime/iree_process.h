// Child processes for the IREE backend (iree-compile runs, the runtime host): spawn with an exact
// set of inherited descriptors, wait with a deadline, describe how a child ended.
#pragma once

#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

#include "vlmxla/base/status.h"

namespace vlmxla::runtime {

struct ChildSpec {
  std::string program;            // path of the executable (not searched on PATH)
  std::vector<std::string> args;  // argv[1..]
  // Environment: the parent's, with these NAME=VALUE entries replaced or added.
  std::vector<std::pair<std::string, std::string>> env;
  // Descriptors the child inherits: parent fd -> child fd. Unlisted 0/1/2 become /dev/null.
  std::vector<std::pair<int, int>> fds;
};

// Starts the child; every other descriptor of this process stays out of it (vlmxla opens its
// own with O_CLOEXEC).
Result<pid_t> SpawnChild(const ChildSpec& spec);

// Waits up to `timeout_s` for the child to end and returns its raw wait status; past the deadline
// the child is killed (SIGKILL), reaped, and Unavailable (reason "timeout") is returned.
Result<int> WaitChild(pid_t pid, double timeout_s);

// "exited with status 1", "was killed by signal 9".
std::string DescribeWaitStatus(int status);

// An anonymous in-memory file (memfd, close-on-exec) for a child's stdout/stderr.
Result<int> MakeCaptureFile(const char* name);
// The last `max_bytes` bytes written to `fd` (a capture file), trimmed of trailing whitespace.
std::string ReadCaptureTail(int fd, size_t max_bytes);
// The whole capture file.
std::string ReadCapture(int fd);
// "what: strerror(errno)", for an error of a system call that set errno.
std::string Errno(const char* what);

}  // namespace vlmxla::runtime
