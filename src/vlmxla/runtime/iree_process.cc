// posix_spawn rather than fork: the parent may be multithreaded (PJRT, the scheduler), and
// posix_spawn leaves nothing to run between fork and exec.
#include "vlmxla/runtime/iree_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

extern char** environ;

namespace vlmxla::runtime {

Result<pid_t> SpawnChild(const ChildSpec& spec) {
  std::vector<std::string> env_strings;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    std::string entry(*e);
    bool replaced = false;
    for (const auto& [name, value] : spec.env) {
      if (entry.size() > name.size() && entry.compare(0, name.size(), name) == 0 &&
          entry[name.size()] == '=') {
        replaced = true;
        break;
      }
    }
    if (!replaced) env_strings.push_back(std::move(entry));
  }
  for (const auto& [name, value] : spec.env) env_strings.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);

  std::vector<std::string> argv_strings = {spec.program};
  argv_strings.insert(argv_strings.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  // Move every source above the targets first, so that no dup2 overwrites a later source and
  // none is a same-fd dup2 (which would keep its close-on-exec flag).
  std::vector<int> temps;
  auto close_temps = [&temps] {
    for (int fd : temps) close(fd);
  };
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  bool mapped[3] = {false, false, false};
  for (const auto& [parent_fd, child_fd] : spec.fds) {
    const int temp = fcntl(parent_fd, F_DUPFD_CLOEXEC, 64);
    if (temp < 0) {
      posix_spawn_file_actions_destroy(&actions);
      close_temps();
      return Internal(Errno("duplicating a descriptor for a child process"));
    }
    temps.push_back(temp);
    posix_spawn_file_actions_adddup2(&actions, temp, child_fd);
    if (child_fd >= 0 && child_fd < 3) mapped[child_fd] = true;
  }
  for (int fd = 0; fd < 3; ++fd) {
    if (!mapped[fd]) {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0);
    }
  }
  pid_t pid = -1;
  const int rc =
      posix_spawn(&pid, spec.program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close_temps();
  if (rc != 0) {
    return Unavailable("cannot start '" + spec.program + "': " + std::strerror(rc), "spawn_failed");
  }
  return pid;
}

Result<int> WaitChild(pid_t pid, double timeout_s) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_s);
  auto pause = std::chrono::microseconds(200);
  while (true) {
    int status = 0;
    const pid_t got = waitpid(pid, &status, WNOHANG);
    if (got == pid) return status;
    if (got < 0 && errno != EINTR) return Internal(Errno("waiting for a child process"));
    if (Clock::now() >= deadline) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      return Unavailable("child process " + std::to_string(pid) + " ran past its " +
                             std::to_string(static_cast<int>(timeout_s)) +
                             " s limit and was killed",
                         "timeout");
    }
    // Back off to at most 20 ms: short runs return quickly, long compiles cost no CPU.
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
}

std::string DescribeWaitStatus(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  }
  return "ended with wait status " + std::to_string(status);
}

Result<int> MakeCaptureFile(const char* name) {
  const int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) return Internal(Errno("memfd_create"));
  return fd;
}

std::string ReadCaptureTail(int fd, size_t max_bytes) {
  struct stat st{};
  if (fd < 0 || fstat(fd, &st) != 0) return {};
  const off_t size = st.st_size;
  const off_t start = size > static_cast<off_t>(max_bytes) ? size - max_bytes : 0;
  std::string out(static_cast<size_t>(size - start), '\0');
  const ssize_t got = pread(fd, out.data(), out.size(), start);
  out.resize(got > 0 ? static_cast<size_t>(got) : 0);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ' || out.back() == '\r')) {
    out.pop_back();
  }
  return out;
}

std::string Errno(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

std::string ReadCapture(int fd) { return ReadCaptureTail(fd, static_cast<size_t>(1) << 30); }

}  // namespace vlmxla::runtime
