#include "vlmxla/server/http_connection.h"

#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <optional>
#include <set>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace vlmxla::server {
namespace {

// What this file relies on is httplib 0.11's, read in its source (Debian ships the implementation
// compiled, not in the header): the accept loop hands every socket to the virtual
// process_and_close_socket through new_task_queue's enqueue; the protected process_request parses
// one request from any Stream, calls setup_request once the headers are in, and reads bodies only
// through Stream::read. Another version must be checked against that before this is built on it.
static_assert(std::string_view(CPPHTTPLIB_VERSION).substr(0, 5) == "0.11.",
              "http_connection.cc is written against cpp-httplib 0.11");

using Clock = std::chrono::steady_clock;

thread_local Connection* t_current = nullptr;

struct CurrentScope {
  explicit CurrentScope(Connection* c) { t_current = c; }
  ~CurrentScope() { t_current = nullptr; }
};

// poll() for `events` up to `timeout` (rounded up to whole milliseconds); > 0 when ready.
int PollFd(int fd, short events, std::chrono::nanoseconds timeout) {
  pollfd p{fd, events, 0};
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(timeout).count();
  for (;;) {
    const int r = ::poll(&p, 1, static_cast<int>(std::clamp<int64_t>(ms, 0, 1 << 30)));
    if (r < 0 && errno == EINTR) continue;
    return r;
  }
}

void IpAndPort(const sockaddr_storage& addr, socklen_t len, std::string& ip, int& port) {
  if (addr.ss_family == AF_INET) {
    port = ntohs(reinterpret_cast<const sockaddr_in&>(addr).sin_port);
  } else if (addr.ss_family == AF_INET6) {
    port = ntohs(reinterpret_cast<const sockaddr_in6&>(addr).sin6_port);
  } else {
    return;
  }
  char host[NI_MAXHOST];
  if (::getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof host, nullptr, 0,
                    NI_NUMERICHOST) == 0) {
    ip = host;
  }
}

// The task queue httplib gets: it runs each task (LimitedServer::process_and_close_socket, which
// only hands the socket to the pool) at once on the accept thread.
class InlineQueue final : public httplib::TaskQueue {
 public:
  explicit InlineQueue(std::function<void()> on_shutdown) : on_shutdown_(std::move(on_shutdown)) {}
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override { on_shutdown_(); }

 private:
  std::function<void()> on_shutdown_;
};

}  // namespace

// ---- PeerProbe ----

bool PeerProbe::PeerGone() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0) return true;
  char byte;
  const ssize_t n = ::recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n > 0) return false;  // the client sent more (a pipelined request): still there
  if (n == 0) return true;  // FIN
  return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

void PeerProbe::Detach() {
  std::lock_guard<std::mutex> lock(mu_);
  fd_ = -1;
}

// ---- Connection ----

Connection::Connection(int fd, const ConnectionLimits& limits, bool overflow)
    : fd_(fd), limits_(limits), overflow_(overflow), probe_(std::make_shared<PeerProbe>(fd)) {}

void Connection::BeginHeaders(std::chrono::milliseconds timeout) {
  phase_ = Phase::kHeaders;
  deadline_ = Clock::now() + timeout;
  phase_bytes_ = 0;
  phase_cap_ = limits_.max_header_bytes;
  failure_ = Failure::kNone;
  body_declared_ = false;
  body_read_ = false;
  chunked_ = false;
}

void Connection::BeginBody(const httplib::Request& req) {
  phase_ = Phase::kBody;
  deadline_ = Clock::now() + limits_.body_timeout;
  phase_bytes_ = 0;
  const size_t max = limits_.max_body_bytes;
  chunked_ = !req.get_header_value("Transfer-Encoding").empty();
  line_bytes_ = 0;
  if (chunked_) {
    body_declared_ = true;
    phase_cap_ = 2 * max + (64u << 10);  // chunk-size lines and CRLFs ride on the data
  } else if (req.has_header("Content-Length")) {
    const std::string v = req.get_header_value("Content-Length");
    const unsigned long long len = std::strtoull(v.c_str(), nullptr, 10);
    body_declared_ = len > 0;
    // Over the limit: not a byte is read (httplib would otherwise skip the whole body).
    phase_cap_ = len <= max ? static_cast<size_t>(len) : 0;
  } else {
    // No Content-Length and no Transfer-Encoding: a request has no body (RFC 9112 6.3).
    body_declared_ = false;
    phase_cap_ = 0;
  }
}

// ---- the stream httplib reads requests from and writes responses to ----

class ConnectionStream final : public httplib::Stream {
 public:
  explicit ConnectionStream(Connection& c) : c_(c) {}

  bool is_readable() const override {
    return off_ < len_ || PollFd(c_.fd_, POLLIN, c_.limits_.io_timeout) > 0;
  }
  bool is_writable() const override { return PollFd(c_.fd_, POLLOUT, c_.limits_.io_timeout) > 0; }
  bool has_buffered() const { return off_ < len_; }

  ssize_t read(char* ptr, size_t size) override {
    if (size == 0) return 0;
    Connection& c = c_;
    const bool headers = c.phase_ == Connection::Phase::kHeaders;
    if (c.phase_bytes_ >= c.phase_cap_) {
      c.failure_ =
          headers ? Connection::Failure::kHeaderTooLarge : Connection::Failure::kBodyTooLarge;
      return -1;
    }
    size = std::min(size, c.phase_cap_ - c.phase_bytes_);
    // httplib reads a line of chunked framing a byte at a time (and chunk data in larger reads,
    // but for a last byte), gathering the line in a string that grows until its '\n'.
    const bool line = c.phase_ == Connection::Phase::kBody && c.chunked_ && size == 1;
    if (line && c.line_bytes_ >= c.limits_.max_chunk_line_bytes) {
      c.failure_ = Connection::Failure::kChunkLineTooLong;
      return -1;
    }
    while (off_ == len_) {
      const auto now = Clock::now();
      if (now >= c.deadline_) {
        c.failure_ =
            headers ? Connection::Failure::kHeaderTimeout : Connection::Failure::kBodyTimeout;
        return -1;
      }
      const int r =
          PollFd(c.fd_, POLLIN, std::min<Clock::duration>(c.deadline_ - now, c.limits_.io_timeout));
      if (r < 0) return -1;
      if (r == 0) {
        if (Clock::now() < c.deadline_) return -1;  // io_timeout without a byte
        continue;                                   // the deadline: reported above
      }
      // Large reads (bodies) go straight to the caller; small ones (httplib reads header lines
      // a byte at a time) through the buffer.
      const bool direct = size >= sizeof buf_;
      const ssize_t n =
          ::recv(c.fd_, direct ? ptr : buf_, direct ? size : sizeof buf_, MSG_DONTWAIT);
      if (n == 0) return 0;
      if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) continue;
        return -1;
      }
      if (direct) {
        c.phase_bytes_ += static_cast<size_t>(n);
        c.line_bytes_ = 0;
        return n;
      }
      off_ = 0;
      len_ = static_cast<size_t>(n);
    }
    const size_t n = std::min(size, len_ - off_);
    std::memcpy(ptr, buf_ + off_, n);
    off_ += n;
    c.phase_bytes_ += n;
    c.line_bytes_ = line && *ptr != '\n' ? c.line_bytes_ + 1 : 0;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    for (;;) {
      const ssize_t n = ::send(c_.fd_, ptr, size, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n >= 0) return n;
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
      if (PollFd(c_.fd_, POLLOUT, c_.limits_.io_timeout) <= 0) return -1;
    }
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getpeername(c_.fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
      IpAndPort(addr, len, ip, port);
    }
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getsockname(c_.fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
      IpAndPort(addr, len, ip, port);
    }
  }
  socket_t socket() const override { return c_.fd_; }

 private:
  Connection& c_;
  char buf_[4096];
  size_t off_ = 0, len_ = 0;
};

Connection* CurrentConnection() { return t_current; }

// ---- the pool of connection threads ----

class LimitedServer::Pool {
 public:
  explicit Pool(LimitedServer& server) : server_(server) {}
  ~Pool() { Shutdown(); }

  // On the accept thread; never blocks.
  void Dispatch(int fd) {
    const ConnectionLimits& l = server_.limits_;
    std::unique_lock<std::mutex> lock(mu_);
    bool overflow = false;
    if (stopping_) {
      lock.unlock();
      ::close(fd);
      return;
    }
    if (served_ < l.max_connections) {
      ++served_;
    } else if (overflowing_ < l.overflow_connections) {
      ++overflowing_;
      overflow = true;
    } else {
      lock.unlock();
      server_.Refuse(fd);
      return;
    }
    JoinExited();
    open_.insert(fd);
    // The thread idle the shortest time takes it, so the others can reach their idle timeout
    // under a steady trickle (a FIFO wake-up would keep every one of them alive). Each thread
    // serves one connection at a time, so there are never more threads than max_connections +
    // overflow_connections.
    if (!idle_.empty()) {
      Idle* w = idle_.back();
      idle_.pop_back();
      w->job = Job{fd, overflow};
      w->cv.notify_one();  // under the lock: `w` lives on its thread's stack until it has it
      return;
    }
    jobs_.push_back({fd, overflow});
    threads_.emplace_back([this] { Work(); });
  }

  // The socket is about to close: Shutdown must no longer touch it.
  void Forget(int fd) {
    std::lock_guard<std::mutex> lock(mu_);
    open_.erase(fd);
  }

  // Wakes every connection (reads see end of stream; handlers see the client gone) and joins.
  void Shutdown() {
    std::vector<std::thread> threads;
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
      for (int fd : open_) ::shutdown(fd, SHUT_RD);
      threads.swap(threads_);
      exited_.clear();
      for (Idle* w : idle_) w->cv.notify_one();
    }
    for (auto& t : threads) t.join();
  }

 private:
  struct Job {
    int fd;
    bool overflow;
  };

  // Joins the threads that left Work for want of work (mu_ held). Each released mu_ as it left,
  // and needs it no more, so the joins return at once.
  void JoinExited() {
    for (std::thread::id id : exited_) {
      auto it = std::find_if(threads_.begin(), threads_.end(),
                             [&](const std::thread& t) { return t.get_id() == id; });
      if (it == threads_.end()) continue;
      it->join();
      threads_.erase(it);
    }
    exited_.clear();
  }

  void Work() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      Job job;
      if (!jobs_.empty()) {
        job = jobs_.front();
        jobs_.pop_front();
      } else {
        if (stopping_) return;
        Idle me;
        idle_.push_back(&me);
        me.cv.wait_for(lock, server_.limits_.thread_idle_timeout,
                       [&] { return stopping_ || me.job.has_value(); });
        if (!me.job) {
          idle_.erase(std::find(idle_.begin(), idle_.end(), &me));
          if (!stopping_) exited_.push_back(std::this_thread::get_id());  // joined by Dispatch
          return;
        }
        job = *me.job;
      }
      if (stopping_) ::shutdown(job.fd, SHUT_RD);
      lock.unlock();
      server_.Serve(job.fd, job.overflow);
      lock.lock();
      --(job.overflow ? overflowing_ : served_);
    }
  }

  LimitedServer& server_;
  // A thread waiting for a connection; Dispatch hands it one directly.
  struct Idle {
    std::condition_variable cv;
    std::optional<Job> job;
  };
  std::mutex mu_;
  std::deque<Job> jobs_;     // for threads just started
  std::vector<Idle*> idle_;  // the most recently idle last
  std::vector<std::thread> threads_;
  std::vector<std::thread::id> exited_;  // threads that ended idle, not yet joined
  std::set<int> open_;                   // sockets of queued and served connections
  int served_ = 0;
  int overflowing_ = 0;
  bool stopping_ = false;
};

// ---- LimitedServer ----

LimitedServer::LimitedServer(ConnectionLimits limits)
    : limits_(std::move(limits)), pool_(std::make_unique<Pool>(*this)) {
  new_task_queue = [this] { return new InlineQueue([this] { pool_->Shutdown(); }); };
  set_keep_alive_timeout(std::max<time_t>(
      1, std::chrono::duration_cast<std::chrono::seconds>(limits_.idle_timeout).count()));
}

LimitedServer::~LimitedServer() { pool_->Shutdown(); }

bool LimitedServer::process_and_close_socket(socket_t sock) {
  pool_->Dispatch(sock);
  return true;
}

void LimitedServer::Refuse(int fd) {
  const std::string& r = limits_.refusal_response;
  (void)::send(fd, r.data(), r.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  // Read what already arrived, so the close is a FIN rather than a reset that could overtake the
  // response; never wait for more.
  char buf[4096];
  for (int i = 0; i < 16 && ::recv(fd, buf, sizeof buf, MSG_DONTWAIT) > 0; ++i) {
  }
  ::shutdown(fd, SHUT_RDWR);
  ::close(fd);
  if (on_refused_) on_refused_();
}

void LimitedServer::Serve(int fd, bool overflow) {
  Connection conn(fd, limits_, overflow);
  ConnectionStream stream(conn);
  size_t left = overflow ? 1 : keep_alive_max_count_;
  while (left > 0 && svr_sock_ != INVALID_SOCKET) {
    --left;
    const auto idle = overflow ? limits_.overflow_timeout : limits_.idle_timeout;
    if (!stream.has_buffered() && PollFd(fd, POLLIN, idle) <= 0) break;
    conn.BeginHeaders(overflow ? std::min(limits_.header_timeout, limits_.overflow_timeout)
                               : limits_.header_timeout);
    bool closed = false;
    bool ok;
    {
      CurrentScope scope(&conn);
      ok = process_request(stream, /*close_connection=*/left == 0, closed,
                           [&conn](httplib::Request& req) { conn.BeginBody(req); });
    }
    // A request cut short (by a limit, or malformed before its headers ended) leaves the stream
    // mid-message: never reuse it.
    if (!ok || closed || !conn.reusable() || conn.failure() != Connection::Failure::kNone ||
        conn.phase_ != Connection::Phase::kBody) {
      break;
    }
  }
  conn.probe_->Detach();
  if (!conn.reusable() && svr_sock_ != INVALID_SOCKET) {
    // The client may still be sending the body nobody read: take it (and throw it away) for a
    // while after the response, so closing does not reset the connection under the response.
    ::shutdown(fd, SHUT_WR);
    const auto until = Clock::now() + limits_.linger_timeout;
    char buf[16384];
    for (auto now = Clock::now(); now < until; now = Clock::now()) {
      if (PollFd(fd, POLLIN, until - now) <= 0) break;
      const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) break;
    }
  }
  pool_->Forget(fd);
  ::shutdown(fd, SHUT_RDWR);
  ::close(fd);
}

}  // namespace vlmxla::server
