// The OpenAI-compatible HTTP server over a GenerationService: routes (/v1/chat/completions,
// /v1/completions, /v1/models, /health, /metrics), bearer-key auth, body and image limits, error
// envelopes sent before any stream starts, and SSE streaming that cancels the request when the
// client goes away.
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
  int port = 8080;          // 0: any free port (Bind returns it)
  std::string api_key;      // non-empty: /v1/* needs "Authorization: Bearer <api_key>"
  size_t max_body_bytes = 64u << 20;
  int max_images = -1;      // per request; < 0: the service's ModelInfo::max_images
  std::string model_id;     // name in /v1/models and responses; empty: ModelInfo::id
  MediaOptions media;
  int http_threads = 64;    // each open stream holds one
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
