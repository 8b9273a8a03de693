// The OpenAI-compatible HTTP server over a GenerationService: routes (/v1/chat/completions,
// /v1/completions, /v1/models, /health, /metrics), bearer-key auth, connection, deadline, body and
// image limits, error envelopes sent before any stream starts, and generation that is cancelled
// when the client goes away (streaming or not).
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/engine/generation_service.h"
#include "vlmxla/server/media.h"

namespace vlmxla::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                    // 0: any free port (Bind returns it)
  std::string api_key;                // non-empty: /v1/* needs "Authorization: Bearer <api_key>"
  size_t max_body_bytes = 64u << 20;  // after Content-Encoding is undone (gzip, deflate, br)
  int max_images = -1;                // per request; < 0: the service's ModelInfo::max_images
  std::string model_id;               // name in /v1/models and responses; empty: ModelInfo::id
  MediaOptions media;
  // Connections (http_connection.h): at most max_connections are served at once, each on its own
  // thread (an open stream holds one); up to overflow_connections more get one request each on
  // reserve threads, where /health is answered and anything else is 503 too_many_connections;
  // beyond both a connection gets a best-effort 503 and is closed.
  int max_connections = 64;
  int overflow_connections = 8;
  // Absolute deadlines: a request's line and headers within header_timeout of its first byte
  // (else 408, or a close before the request line is complete), its body within body_timeout of
  // the end of the headers (else 408). idle_timeout: keep-alive wait for the next request.
  std::chrono::milliseconds header_timeout{10000};
  std::chrono::milliseconds body_timeout{60000};
  std::chrono::milliseconds idle_timeout{5000};
  size_t max_header_bytes = 64u << 10;  // request line + headers (else 431)
  // An idle stream sends an SSE comment this often, so a client that left is noticed (the write
  // fails) and its request cancelled even while no tokens flow.
  std::chrono::milliseconds stream_heartbeat{1000};
};

class HttpServer {
 public:
  // `service` must outlive the server.
  HttpServer(engine::GenerationService* service, ServerOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds the listening socket; returns the port (the chosen one when options.port is 0).
  Result<int> Bind();
  // Serves until Stop(). Call after Bind(), typically on its own thread.
  Status Serve();
  // Stops accepting, ends open streams (their requests are cancelled) and makes Serve return.
  void Stop();

  // After a failed load /health answers 503 {"status": "error", "error": message}.
  void SetLoadError(const std::string& message);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace vlmxla::server
