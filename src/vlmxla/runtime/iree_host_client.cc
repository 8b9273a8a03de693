// The wire protocol; its constants (magic, version, opcodes, error kinds, dtype codes) come from
// python/vlmxla_iree/protocol.json through the generated iree_protocol.h, which protocol.py loads
// too, so the two sides share one description:
//
//   transport   AF_UNIX stream socketpair; tensor bytes live in memfd regions that this side
//               creates and sends once (MAP_REGION, descriptor as SCM_RIGHTS on the header).
//   header      24 bytes, little-endian: u32 magic 0x48584c56 "VLXH", u16 version,
//               u16 opcode, u64 request id, u32 payload length (<= 16 MiB), u32 flags (0).
//   answers     opcode | 0x8000 with the same request id, or 0xffff ERROR: u16 kind + message.
//   requests    HELLO -> JSON | MAP_REGION u32 id, u64 size (+fd) | UNMAP_REGION u32 id |
//               LOAD_MODULE path -> u64 module, u32 functions |
//               UPLOAD u8 dtype, u8 rank, u16 0, u32 region, u64 offset, u64 nbytes, i64 dims[]
//                 -> u64 buffer |
//               EXECUTE u64 module, u32 n, u64 buffers[n], u8 donate[n]
//                 -> u32 m, m x (u64 buffer, u8 dtype, u8 rank, i64 dims[rank]) |
//               DOWNLOAD u64 buffer, u32 region, u64 offset, u64 capacity -> u64 nbytes |
//               FREE u32 n, u64 buffers[n] (one-way) | UNLOAD u64 module (one-way) | SHUTDOWN.
//   dtype codes are explicit in protocol.json (DTypeToWire / DTypeFromWire).
//
// A dead host shows up as EOF or EPIPE on the socket (only the host holds the other end), so no
// read blocks past it; every read also has a deadline for a host that hangs.
#include "vlmxla/runtime/iree_host_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "vlmxla/runtime/iree_process.h"
#include "vlmxla/runtime/iree_protocol.h"

namespace vlmxla::runtime {
namespace {

// The protocol's constants come from its one description (python/vlmxla_iree/protocol.json).
using namespace iree_protocol;  // NOLINT: kMagic, kOp*, kErr*, DTypeToWire, DTypeFromWire

// Regions above this size are released after the transfer that needed them, so one large
// weight upload does not pin that much shared memory for the executor's lifetime.
constexpr size_t kRetainedRegionBytes = size_t{64} << 20;
constexpr size_t kMinRegionBytes = size_t{1} << 20;

const char* OpName(uint16_t op) {
  switch (op) {
    case kOpHello: return "HELLO";
    case kOpMapRegion: return "MAP_REGION";
    case kOpUnmapRegion: return "UNMAP_REGION";
    case kOpLoadModule: return "LOAD_MODULE";
    case kOpUpload: return "UPLOAD";
    case kOpExecute: return "EXECUTE";
    case kOpDownload: return "DOWNLOAD";
    case kOpFree: return "FREE";
    case kOpUnload: return "UNLOAD";
    case kOpShutdown: return "SHUTDOWN";
    case kOpCopy: return "COPY";
    case kOpLoadParameters: return "LOAD_PARAMETERS";
    default: return "?";
  }
}

template <typename T>
void Put(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));  // little-endian hosts only
}

// Bounds-checked reader of an answer payload.
class Reader {
 public:
  explicit Reader(std::string_view data) : data_(data) {}
  template <typename T>
  bool Get(T& value) {
    if (data_.size() - pos_ < sizeof(T)) return false;
    std::memcpy(&value, data_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  bool done() const { return pos_ == data_.size(); }

 private:
  std::string_view data_;
  size_t pos_ = 0;
};

}  // namespace

Result<std::shared_ptr<IreeHostClient>> IreeHostClient::Start(const IreeHostOptions& options) {
  if (options.python.empty()) {
    return InvalidArgument("IREE runtime host: no Python interpreter given", "iree_host_failed");
  }
  if (access(options.python.c_str(), X_OK) != 0) {
    return Unavailable("IREE runtime host cannot start: Python interpreter '" + options.python +
                           "' is not executable (create .venv with scripts/setup.sh or set "
                           "VLMXLA_PYTHON)",
                       "iree_host_failed");
  }
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    return Unavailable(Errno("IREE runtime host: socketpair"), "iree_host_failed");
  }
  std::shared_ptr<IreeHostClient> client(new IreeHostClient());
  client->options_ = options;
  client->sock_ = fds[0];
  Result<int> capture = MakeCaptureFile("vlmxla-iree-host-stderr");
  if (!capture.ok()) {
    close(fds[1]);
    return capture.status();
  }
  client->stderr_fd_ = *capture;

  ChildSpec spec;
  spec.program = options.python;
  spec.args = {"-u", "-m", "vlmxla_iree.host", "--fd", "3", "--driver", options.driver};
  if (!options.device_uri.empty()) {
    spec.args.push_back("--device");
    spec.args.push_back(options.device_uri);
  }
  if (!options.python_path.empty()) {
    std::string path = options.python_path;
    if (const char* old = std::getenv("PYTHONPATH"); old != nullptr && *old != '\0') {
      path += ":" + std::string(old);
    }
    spec.env.emplace_back("PYTHONPATH", path);
  }
  spec.fds = {{fds[1], 3}, {client->stderr_fd_, 1}, {client->stderr_fd_, 2}};
  Result<pid_t> pid = SpawnChild(spec);
  close(fds[1]);  // only the child holds the other end now: its death reads as EOF here
  if (!pid.ok()) return pid.status().WithContext("IREE runtime host cannot start");
  client->pid_ = *pid;

  std::lock_guard<std::mutex> lock(client->mu_);
  Result<std::string> hello = client->CallLocked(kOpHello, {}, -1, true, options.startup_timeout_s);
  if (!hello.ok()) {
    return Unavailable("IREE runtime host did not start (driver '" + options.driver +
                           "'): " + hello.status().message(),
                       "iree_host_failed");
  }
  client->startup_info_ = std::move(hello).value();
  return client;
}

IreeHostClient::~IreeHostClient() {
  std::lock_guard<std::mutex> lock(mu_);
  if (broken_.ok() && sock_ >= 0) {
    (void)FlushFreesLocked();
    (void)CallLocked(kOpShutdown, {}, -1, true, 10);
  }
  if (sock_ >= 0) close(sock_);
  if (pid_ > 0 && !reaped_) {
    // A host that answered SHUTDOWN exits at once; one that did not is killed after 10 s.
    (void)WaitChild(pid_, 10);
  }
  if (region_ != nullptr) munmap(region_, region_size_);
  if (stderr_fd_ >= 0) close(stderr_fd_);
}

Status IreeHostClient::BrokenLocked(const std::string& why) {
  if (!broken_.ok()) return broken_;
  std::string ending;
  if (pid_ > 0 && !reaped_) {
    // Give a dying host a moment to be reaped, so the message says how it ended.
    int status = 0;
    pid_t got = waitpid(pid_, &status, WNOHANG);
    for (int i = 0; got == 0 && i < 50; ++i) {
      usleep(2000);
      got = waitpid(pid_, &status, WNOHANG);
    }
    if (got == pid_) {
      reaped_ = true;
      ending = " (host pid " + std::to_string(pid_) + " " + DescribeWaitStatus(status) + ")";
    } else {
      // Still running but no longer in step with us: it cannot be trusted with another frame.
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      reaped_ = true;
      ending = " (host pid " + std::to_string(pid_) + " killed)";
    }
  }
  std::string message = "IREE runtime host " + why + ending;
  const std::string tail = ReadCaptureTail(stderr_fd_, 2000);
  if (!tail.empty()) message += "; its stderr ends: " + tail;
  broken_ = Unavailable(message, "iree_host_unavailable");
  return broken_;
}

Status IreeHostClient::SendLocked(uint16_t opcode, uint64_t request_id, std::string_view payload,
                                  int send_fd) {
  std::string header;
  header.reserve(kHeaderSize);
  Put<uint32_t>(header, kMagic);
  Put<uint16_t>(header, kVersion);
  Put<uint16_t>(header, opcode);
  Put<uint64_t>(header, request_id);
  Put<uint32_t>(header, static_cast<uint32_t>(payload.size()));
  Put<uint32_t>(header, 0);

  iovec iov[2] = {{header.data(), header.size()},
                  {const_cast<char*>(payload.data()), payload.size()}};
  msghdr msg{};
  msg.msg_iov = iov;
  msg.msg_iovlen = payload.empty() ? 1 : 2;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
  if (send_fd >= 0) {
    msg.msg_control = control;
    msg.msg_controllen = sizeof(control);
    cmsghdr* cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(cmsg), &send_fd, sizeof(int));
  }
  size_t total = header.size() + payload.size();
  size_t sent = 0;
  while (sent < total) {
    // MSG_NOSIGNAL: a dead host gives EPIPE, not a SIGPIPE that would end the engine.
    const ssize_t n = sendmsg(sock_, &msg, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      return BrokenLocked(std::string("is gone: sending ") + OpName(opcode) + " failed (" +
                          std::strerror(errno) + ")");
    }
    sent += static_cast<size_t>(n);
    // The descriptor went with the first bytes; advance the iovecs past what was sent.
    msg.msg_control = nullptr;
    msg.msg_controllen = 0;
    size_t skip = static_cast<size_t>(n);
    while (msg.msg_iovlen > 0 && skip >= msg.msg_iov[0].iov_len) {
      skip -= msg.msg_iov[0].iov_len;
      ++msg.msg_iov;
      --msg.msg_iovlen;
    }
    if (msg.msg_iovlen > 0) {
      msg.msg_iov[0].iov_base = static_cast<char*>(msg.msg_iov[0].iov_base) + skip;
      msg.msg_iov[0].iov_len -= skip;
    }
  }
  return Status::Ok();
}

Status IreeHostClient::ReadExactLocked(void* dst, size_t n, double timeout_s, const char* what) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_s);
  auto* out = static_cast<char*>(dst);
  size_t got = 0;
  while (got < n) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      return BrokenLocked(std::string("did not answer ") + what + " within " +
                          std::to_string(static_cast<int>(timeout_s)) + " s");
    }
    pollfd pfd{sock_, POLLIN, 0};
    const int ready = poll(&pfd, 1, static_cast<int>(std::min<int64_t>(left.count(), 1 << 30)));
    if (ready < 0) {
      if (errno == EINTR) continue;
      return BrokenLocked(Errno("poll"));
    }
    if (ready == 0) continue;
    const ssize_t r = recv(sock_, out + got, n - got, 0);
    if (r < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return BrokenLocked(std::string("is gone: reading the answer to ") + what + " failed (" +
                          std::strerror(errno) + ")");
    }
    if (r == 0) return BrokenLocked(std::string("exited while answering ") + what);
    got += static_cast<size_t>(r);
  }
  return Status::Ok();
}

Result<std::string> IreeHostClient::CallLocked(uint16_t opcode, std::string_view payload,
                                               int send_fd, bool want_answer, double timeout_s) {
  if (!broken_.ok()) return broken_;
  const uint64_t id = next_request_++;
  VLMXLA_RETURN_IF_ERROR(SendLocked(opcode, id, payload, send_fd));
  if (!want_answer) return std::string();

  char header[kHeaderSize];
  VLMXLA_RETURN_IF_ERROR(ReadExactLocked(header, sizeof(header), timeout_s, OpName(opcode)));
  uint32_t magic, length;
  uint16_t version, answer_op;
  uint64_t answer_id;
  std::memcpy(&magic, header, 4);
  std::memcpy(&version, header + 4, 2);
  std::memcpy(&answer_op, header + 6, 2);
  std::memcpy(&answer_id, header + 8, 8);
  std::memcpy(&length, header + 16, 4);
  if (magic != kMagic || version != kVersion || length > kMaxPayload) {
    return BrokenLocked("answered garbage to " + std::string(OpName(opcode)) + " (magic " +
                        std::to_string(magic) + ", version " + std::to_string(version) +
                        ", payload " + std::to_string(length) + " bytes)");
  }
  std::string answer(length, '\0');
  VLMXLA_RETURN_IF_ERROR(ReadExactLocked(answer.data(), length, timeout_s, OpName(opcode)));
  if (answer_op == kError) {
    uint16_t kind = 0;
    if (length >= 2) std::memcpy(&kind, answer.data(), 2);
    std::string message = "IREE runtime host: " + std::string(OpName(opcode)) + ": " +
                          (length >= 2 ? answer.substr(2) : std::string("(no message)"));
    if (answer_id != id || kind == kErrProtocol) {
      // A protocol error means the two sides disagree about framing: stop using this host.
      return BrokenLocked("rejected " + std::string(OpName(opcode)) + ": " + message);
    }
    if (kind == kErrInvalid) return InvalidArgument(message, "iree_host_error");
    if (kind == kErrNotFound) return NotFound(message, "iree_host_error");
    return Internal(message, "iree_runtime_error");
  }
  if (answer_op != (opcode | kReplyBit) || answer_id != id) {
    return BrokenLocked("answered " + std::to_string(answer_op) + "/#" + std::to_string(answer_id) +
                        " to " + OpName(opcode) + "/#" + std::to_string(id));
  }
  return answer;
}

Status IreeHostClient::FlushFreesLocked() {
  std::vector<uint64_t> ids;
  {
    std::lock_guard<std::mutex> lock(free_mu_);
    ids.swap(pending_frees_);
  }
  if (ids.empty() || !broken_.ok()) return Status::Ok();
  std::string payload;
  Put<uint32_t>(payload, static_cast<uint32_t>(ids.size()));
  for (uint64_t id : ids) Put<uint64_t>(payload, id);
  return CallLocked(kOpFree, payload, -1, false, 0).status();
}

void IreeHostClient::Free(uint64_t buffer) {
  {
    std::lock_guard<std::mutex> lock(free_mu_);
    pending_frees_.push_back(buffer);
  }
  // Release now if nobody else is talking to the host; otherwise the next request carries it.
  std::unique_lock<std::mutex> lock(mu_, std::try_to_lock);
  if (lock.owns_lock()) (void)FlushFreesLocked();
}

Status IreeHostClient::EnsureRegionLocked(size_t nbytes) {
  if (region_ != nullptr && region_size_ >= nbytes) return Status::Ok();
  size_t size = kMinRegionBytes;
  while (size < nbytes) size *= 2;
  const int fd = memfd_create("vlmxla-iree-region", MFD_CLOEXEC);
  if (fd < 0) return Internal(Errno("memfd_create for an IREE transfer region"));
  if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
    close(fd);
    return OutOfRange(
        Errno(("cannot size a " + std::to_string(size) + "-byte shared-memory region").c_str()));
  }
  void* mem = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (mem == MAP_FAILED) {
    close(fd);
    return OutOfRange(
        Errno(("cannot map a " + std::to_string(size) + "-byte shared-memory region").c_str()));
  }
  const uint32_t id = region_id_ + 1;
  std::string payload;
  Put<uint32_t>(payload, id);
  Put<uint64_t>(payload, size);
  Result<std::string> mapped = CallLocked(kOpMapRegion, payload, fd, true, 60);
  close(fd);  // both sides keep their mappings; the descriptor is no longer needed
  if (!mapped.ok()) {
    munmap(mem, size);
    return mapped.status();
  }
  if (region_ != nullptr) {
    std::string old;
    Put<uint32_t>(old, region_id_);
    munmap(region_, region_size_);
    region_ = nullptr;
    VLMXLA_RETURN_IF_ERROR(CallLocked(kOpUnmapRegion, old, -1, true, 60).status());
  }
  region_ = mem;
  region_size_ = size;
  region_id_ = id;
  return Status::Ok();
}

void IreeHostClient::ReleaseLargeRegionLocked() {
  if (region_ == nullptr || region_size_ <= kRetainedRegionBytes) return;
  std::string payload;
  Put<uint32_t>(payload, region_id_);
  munmap(region_, region_size_);
  region_ = nullptr;
  region_size_ = 0;
  (void)CallLocked(kOpUnmapRegion, payload, -1, true, 60);
}

Result<std::string> IreeHostClient::Info() {
  std::lock_guard<std::mutex> lock(mu_);
  VLMXLA_RETURN_IF_ERROR(FlushFreesLocked());
  return CallLocked(kOpHello, {}, -1, true, options_.call_timeout_s);
}

Result<uint64_t> IreeHostClient::LoadModule(const std::string& vmfb_path) {
  std::lock_guard<std::mutex> lock(mu_);
  VLMXLA_RETURN_IF_ERROR(FlushFreesLocked());
  Result<std::string> answer =
      CallLocked(kOpLoadModule, vmfb_path, -1, true, options_.call_timeout_s);
  if (!answer.ok()) return answer.status();
  Reader reader(*answer);
  uint64_t module = 0;
  uint32_t functions = 0;
  if (!reader.Get(module) || !reader.Get(functions) || !reader.done()) {
    return BrokenLocked("answered garbage to LOAD_MODULE (" + std::to_string(answer->size()) +
                        " bytes)");
  }
  return module;
}

Result<uint32_t> IreeHostClient::LoadParameters(const std::string& scope,
                                                const std::vector<std::string>& files) {
  if (scope.empty() || scope.find('\n') != std::string::npos || files.empty()) {
    return InvalidArgument("parameter scope '" + scope +
                           "' must be one non-empty line, with at least one file (got " +
                           std::to_string(files.size()) + ")");
  }
  std::string payload = scope;
  for (const std::string& file : files) {
    if (file.find('\n') != std::string::npos) {
      return InvalidArgument("parameter file path '" + file + "' holds a newline");
    }
    payload += "\n" + file;
  }
  std::lock_guard<std::mutex> lock(mu_);
  VLMXLA_RETURN_IF_ERROR(FlushFreesLocked());
  Result<std::string> answer =
      CallLocked(kOpLoadParameters, payload, -1, true, options_.call_timeout_s);
  if (!answer.ok()) return answer.status();
  Reader reader(*answer);
  uint32_t entries = 0;
  if (!reader.Get(entries) || !reader.done()) {
    return BrokenLocked("answered garbage to LOAD_PARAMETERS (" + std::to_string(answer->size()) +
                        " bytes)");
  }
  return entries;
}

void IreeHostClient::UnloadModule(uint64_t module) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!broken_.ok()) return;
  std::string payload;
  Put<uint64_t>(payload, module);
  (void)CallLocked(kOpUnload, payload, -1, false, 0);
}

Result<uint64_t> IreeHostClient::Upload(DType dtype, const Shape& shape, const void* data,
                                        size_t nbytes) {
  if (shape.size() > 255) {
    return InvalidArgument("cannot upload a tensor of rank " + std::to_string(shape.size()) +
                           " to IREE (at most 255)");
  }
  std::lock_guard<std::mutex> lock(mu_);
  VLMXLA_RETURN_IF_ERROR(FlushFreesLocked());
  VLMXLA_RETURN_IF_ERROR(EnsureRegionLocked(nbytes));
  if (nbytes > 0) std::memcpy(region_, data, nbytes);  // the one copy into shared memory
  std::string payload;
  Put<uint8_t>(payload, DTypeToWire(dtype));
  Put<uint8_t>(payload, static_cast<uint8_t>(shape.size()));
  Put<uint16_t>(payload, 0);
  Put<uint32_t>(payload, region_id_);
  Put<uint64_t>(payload, 0);
  Put<uint64_t>(payload, nbytes);
  for (int64_t d : shape) Put<int64_t>(payload, d);
  Result<std::string> answer = CallLocked(kOpUpload, payload, -1, true, options_.call_timeout_s);
  ReleaseLargeRegionLocked();
  if (!answer.ok()) return answer.status();
  Reader reader(*answer);
  uint64_t id = 0;
  if (!reader.Get(id) || !reader.done()) return BrokenLocked("answered garbage to UPLOAD");
  return id;
}

Result<uint64_t> IreeHostClient::Copy(uint64_t buffer) {
  std::string payload;
  Put<uint64_t>(payload, buffer);
  std::lock_guard<std::mutex> lock(mu_);
  VLMXLA_RETURN_IF_ERROR(FlushFreesLocked());
  Result<std::string> answer = CallLocked(kOpCopy, payload, -1, true, options_.call_timeout_s);
  if (!answer.ok()) return answer.status();
  Reader reader(*answer);
  uint64_t id = 0;
  if (!reader.Get(id) || !reader.done()) return BrokenLocked("answered garbage to COPY");
  return id;
}

Result<std::vector<IreeHostClient::ResultBuffer>> IreeHostClient::Execute(
    uint64_t module, std::span<const uint64_t> args, std::span<const bool> donate) {
  std::string payload;
  payload.reserve(12 + 9 * args.size());
  Put<uint64_t>(payload, module);
  Put<uint32_t>(payload, static_cast<uint32_t>(args.size()));
  for (uint64_t id : args) Put<uint64_t>(payload, id);
  for (size_t i = 0; i < args.size(); ++i) {
    Put<uint8_t>(payload, !donate.empty() && donate[i] ? 1 : 0);
  }
  std::lock_guard<std::mutex> lock(mu_);
  VLMXLA_RETURN_IF_ERROR(FlushFreesLocked());
  Result<std::string> answer = CallLocked(kOpExecute, payload, -1, true, options_.call_timeout_s);
  if (!answer.ok()) return answer.status();
  Reader reader(*answer);
  uint32_t count = 0;
  if (!reader.Get(count)) return BrokenLocked("answered garbage to EXECUTE");
  std::vector<ResultBuffer> results;
  results.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    ResultBuffer result;
    uint8_t dtype = 0, rank = 0;
    if (!reader.Get(result.id) || !reader.Get(dtype) || !reader.Get(rank)) {
      return BrokenLocked("answered garbage to EXECUTE (result " + std::to_string(i) + ")");
    }
    const std::optional<DType> wire_dtype = DTypeFromWire(dtype);
    if (!wire_dtype) {
      return BrokenLocked("answered an unknown dtype code " + std::to_string(dtype) +
                          " for EXECUTE result " + std::to_string(i));
    }
    result.dtype = *wire_dtype;
    result.shape.resize(rank);
    for (int64_t& d : result.shape) {
      if (!reader.Get(d) || d < 0) {
        return BrokenLocked("answered garbage to EXECUTE (result " + std::to_string(i) + " dims)");
      }
    }
    results.push_back(std::move(result));
  }
  if (!reader.done()) return BrokenLocked("answered garbage to EXECUTE (trailing bytes)");
  return results;
}

Status IreeHostClient::Download(uint64_t buffer, void* dst, size_t nbytes) {
  std::lock_guard<std::mutex> lock(mu_);
  VLMXLA_RETURN_IF_ERROR(FlushFreesLocked());
  VLMXLA_RETURN_IF_ERROR(EnsureRegionLocked(nbytes));
  std::string payload;
  Put<uint64_t>(payload, buffer);
  Put<uint32_t>(payload, region_id_);
  Put<uint64_t>(payload, 0);
  Put<uint64_t>(payload, region_size_);
  Result<std::string> answer = CallLocked(kOpDownload, payload, -1, true, options_.call_timeout_s);
  if (!answer.ok()) return answer.status();
  Reader reader(*answer);
  uint64_t written = 0;
  if (!reader.Get(written) || !reader.done()) return BrokenLocked("answered garbage to DOWNLOAD");
  if (written != nbytes) {
    return Internal("IREE runtime host wrote " + std::to_string(written) + " bytes for a " +
                    std::to_string(nbytes) + "-byte buffer");
  }
  if (nbytes > 0) std::memcpy(dst, region_, nbytes);
  ReleaseLargeRegionLocked();
  return Status::Ok();
}

}  // namespace vlmxla::runtime
