// Connections under httplib's request parser. httplib 0.11 reads a request with one timeout per
// read, which a client sending a byte at a time renews forever, runs each connection on a fixed
// pool whose queue grows without bound, and buffers chunked or compressed bodies with no limit.
// LimitedServer keeps httplib's parsing and routing (Server::process_request) but owns the socket:
//
//  - A request's line and headers must arrive within `header_timeout` of its first byte, and its
//    body within `body_timeout` of the end of the headers: absolute deadlines, not per read. The
//    headers are capped at `max_header_bytes` and the body at `max_body_bytes` on the wire
//    (twice that, plus 64 KiB, for chunked framing; the decoded size is the handler's to cap). A
//    line of chunked framing (a chunk-size line, the CRLF after a chunk) is capped at
//    `max_chunk_line_bytes`: httplib gathers each one whole in a growing string.
//  - At most `max_connections` connections are served at once. Up to `overflow_connections` more
//    run on reserve threads for one request each, with a short header deadline: GET /health is
//    answered, anything else gets the handler's refusal (503). Beyond both, a connection gets a
//    best-effort 503 and is closed at once, on the accept thread.
//  - Connection threads are started on demand and exit after `thread_idle_timeout` without work,
//    so a burst leaves no threads behind.
//  - A connection whose request body was not read to its end is not reused: the response says
//    "Connection: close", and the unread rest is drained for a bounded time before closing, so
//    the client sees the response instead of a reset.
//
// Handlers reach the connection they run on through CurrentConnection() (httplib runs a handler
// on the thread that serves its connection).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include <httplib.h>

namespace vlmxla::server {

struct ConnectionLimits {
  int max_connections = 64;
  int overflow_connections = 8;
  std::chrono::milliseconds header_timeout{10000};   // from a request's first byte
  std::chrono::milliseconds body_timeout{60000};     // from the end of its headers
  std::chrono::milliseconds idle_timeout{5000};      // keep-alive wait for the next request
  std::chrono::milliseconds io_timeout{5000};        // one read or write without progress
  std::chrono::milliseconds overflow_timeout{2000};  // idle + header deadline on reserve threads
  std::chrono::milliseconds linger_timeout{2000};    // draining an unread body before close
  // A connection thread with no connection to serve for this long exits: after a burst the
  // server goes back to the threads it had before it.
  std::chrono::milliseconds thread_idle_timeout{2000};
  size_t max_header_bytes = 64u << 10;      // request line + headers
  size_t max_body_bytes = 64u << 20;        // Content-Length; chunked: 2x + 64 KiB
  size_t max_chunk_line_bytes = 16u << 10;  // one line of chunked framing, extensions included
  // The response bytes sent to a connection refused outright (a complete HTTP/1.1 message).
  std::string refusal_response;
};

// Whether the client of a connection is still there, asked from any thread (the engine's, through
// a DeltaSink). Reports gone once the client closed or reset its end, or once the connection was
// closed here. A client that half-closes (shuts down its sending side and still reads) counts as
// gone: TCP cannot tell the two apart without writing.
class PeerProbe {
 public:
  explicit PeerProbe(int fd) : fd_(fd) {}
  bool PeerGone() const;
  void Detach();  // the socket is about to close

 private:
  mutable std::mutex mu_;
  int fd_;
};

// What a handler may ask of, and tell, the connection it runs on.
class Connection {
 public:
  enum class Phase { kIdle, kHeaders, kBody };
  enum class Failure {
    kNone,
    kHeaderTimeout,
    kHeaderTooLarge,
    kBodyTimeout,
    kBodyTooLarge,
    kChunkLineTooLong
  };

  // Served on a reserve thread: one request, and only /health is answered.
  bool overflow() const { return overflow_; }
  // Why the last read failed, if a limit of this connection made it fail.
  Failure failure() const { return failure_; }
  // The handler read the declared body to its end; the connection may serve another request.
  void MarkBodyRead() { body_read_ = true; }
  bool reusable() const { return !body_declared_ || body_read_; }
  const std::shared_ptr<PeerProbe>& probe() const { return probe_; }
  const ConnectionLimits& limits() const { return limits_; }

 private:
  friend class LimitedServer;
  friend class ConnectionStream;
  Connection(int fd, const ConnectionLimits& limits, bool overflow);
  void BeginHeaders(std::chrono::milliseconds timeout);
  void BeginBody(const httplib::Request& req);

  const int fd_;
  const ConnectionLimits& limits_;
  const bool overflow_;
  std::shared_ptr<PeerProbe> probe_;
  Phase phase_ = Phase::kIdle;
  std::chrono::steady_clock::time_point deadline_;
  size_t phase_bytes_ = 0;  // delivered to httplib in this phase
  size_t phase_cap_ = 0;
  Failure failure_ = Failure::kNone;
  bool body_declared_ = false;
  bool body_read_ = false;
  bool chunked_ = false;   // this body is chunked
  size_t line_bytes_ = 0;  // of the chunked framing line being read, so far
};

// The connection the calling thread is serving a request on; null elsewhere.
Connection* CurrentConnection();

class LimitedServer : public httplib::Server {
 public:
  explicit LimitedServer(ConnectionLimits limits);
  ~LimitedServer() override;

  // Called (on the accept thread) for each connection refused outright.
  void set_refusal_observer(std::function<void()> observer) { on_refused_ = std::move(observer); }

 private:
  class Pool;
  // httplib calls this on its accept thread for every accepted socket (its task queue here runs
  // the task inline): the pool takes the socket from there.
  bool process_and_close_socket(socket_t sock) override;
  void Serve(int fd, bool overflow);
  void Refuse(int fd);

  ConnectionLimits limits_;
  std::function<void()> on_refused_;
  std::unique_ptr<Pool> pool_;
};

}  // namespace vlmxla::server
