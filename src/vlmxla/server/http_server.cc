#include "vlmxla/server/http_server.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "vlmxla/server/delta_queue.h"
#include "vlmxla/server/errors.h"
#include "vlmxla/server/metrics.h"
#include "vlmxla/server/openai_protocol.h"
#include "vlmxla/server/sse.h"

namespace vlmxla::server {
namespace {

constexpr char kJson[] = "application/json";

void SendError(httplib::Response& res, const ApiError& e) {
  res.status = e.http_status;
  if (e.retry_after_seconds > 0) {
    res.set_header("Retry-After", std::to_string(e.retry_after_seconds));
  }
  res.set_content(ErrorBody(e), kJson);
}

// Compares without an early exit, so response time does not reveal how much of a key matched.
bool ConstantTimeEquals(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (size_t i = 0; i < a.size(); ++i) diff |= a[i] ^ b[i % (b.empty() ? 1 : b.size())];
  return diff == 0 && !b.empty();
}

int64_t NowSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

struct HttpServer::Impl {
  engine::GenerationService* service;
  ServerOptions options;
  httplib::Server http;
  ResponseCounters counters;
  std::atomic<bool> stopping{false};
  std::atomic<bool> serving{false};     // Serve() entered
  std::atomic<bool> serve_done{false};  // Serve() returned
  std::mutex load_mu;
  std::string load_error;
  const int64_t started = NowSeconds();

  Impl(engine::GenerationService* s, ServerOptions o) : service(s), options(std::move(o)) {}

  engine::ModelInfo Info() const {
    engine::ModelInfo info = service->info();
    if (!options.model_id.empty()) info.id = options.model_id;
    return info;
  }

  void Install();
  void Completion(Endpoint endpoint, const httplib::Request& req, httplib::Response& res);
  std::optional<ApiError> Resolve(ParsedRequest* parsed, engine::PreparedRequest* prepared);
  void Stream(const ParsedRequest& parsed, uint64_t id, std::shared_ptr<DeltaQueue> queue,
              ResponseMeta meta, httplib::Response& res);
  void Wait(uint64_t id, const std::shared_ptr<DeltaQueue>& queue, const ResponseMeta& meta,
            httplib::Response& res);
};

void HttpServer::Impl::Install() {
  http.new_task_queue = [n = options.http_threads] {
    return new httplib::ThreadPool(static_cast<size_t>(n < 4 ? 4 : n));
  };
  http.set_payload_max_length(options.max_body_bytes);
  http.set_logger([this](const httplib::Request&, const httplib::Response& res) {
    counters.Count(res.status);
  });

  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (options.api_key.empty() || req.path.rfind("/v1/", 0) != 0) {
      return httplib::Server::HandlerResponse::Unhandled;
    }
    const std::string auth = req.get_header_value("Authorization");
    const std::string prefix = "Bearer ";
    if (auth.rfind(prefix, 0) == 0 &&
        ConstantTimeEquals(auth.substr(prefix.size()), options.api_key)) {
      return httplib::Server::HandlerResponse::Unhandled;
    }
    ApiError e;
    e.http_status = 401;
    e.code = "invalid_api_key";
    e.message = auth.empty() ? "missing API key: send 'Authorization: Bearer <key>'"
                             : "invalid API key";
    SendError(res, e);
    res.set_header("WWW-Authenticate", "Bearer");
    return httplib::Server::HandlerResponse::Handled;
  });

  // Statuses httplib sets itself (404 for no route, 413 over the body limit, 400 for malformed
  // requests) get the same envelope as ours.
  http.set_error_handler(httplib::Server::HandlerWithResponse(
      [this](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    ApiError e;
    e.http_status = res.status;
    if (res.status == 404) {
      e.message = "no route for " + req.method + " " + req.path;
      e.code = "not_found";
    } else if (res.status == 413) {
      e.message = "request body exceeds the limit of " + std::to_string(options.max_body_bytes) +
                  " bytes";
      e.code = "request_too_large";
    } else {
      e.message = ReasonPhrase(res.status);
      if (res.status >= 500) e.type = "server_error";
    }
    res.set_content(ErrorBody(e), kJson);
    return httplib::Server::HandlerResponse::Handled;
  }));

  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        ApiError e;
        e.http_status = 500;
        e.type = "server_error";
        e.message = "internal error";
        try {
          if (ep) std::rethrow_exception(ep);
        } catch (const std::exception& ex) {
          e.message = std::string("internal error: ") + ex.what();
        } catch (...) {
        }
        SendError(res, e);
      });

  http.Get("/health", [this](const httplib::Request&, httplib::Response& res) {
    std::string error;
    {
      std::lock_guard<std::mutex> lock(load_mu);
      error = load_error;
    }
    nlohmann::ordered_json j;
    if (!error.empty()) {
      res.status = 503;
      j = {{"status", "error"}, {"error", error}};
    } else if (!service->ready()) {
      res.status = 503;
      res.set_header("Retry-After", "1");
      j = {{"status", "loading"}};
    } else {
      j = {{"status", "ok"}};
    }
    res.set_content(j.dump(), kJson);
  });
  http.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(RenderPrometheus(service->metrics(), counters.Snapshot(), Info(),
                                     service->ready()),
                    kPrometheusContentType);
  });
  http.Get("/v1/models", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(ModelsBody(Info(), started), kJson);
  });
  http.Get(R"(/v1/models/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
    const engine::ModelInfo info = Info();
    if (req.matches[1] != info.id) {
      SendError(res, ApiError{404, "model '" + std::string(req.matches[1]) + "' does not exist",
                              "invalid_request_error", "model", "model_not_found"});
      return;
    }
    nlohmann::ordered_json body = nlohmann::ordered_json::parse(ModelsBody(info, started));
    res.set_content(body["data"][0].dump(), kJson);
  });
  http.Post("/v1/chat/completions", [this](const httplib::Request& req, httplib::Response& res) {
    Completion(Endpoint::kChat, req, res);
  });
  http.Post("/v1/completions", [this](const httplib::Request& req, httplib::Response& res) {
    Completion(Endpoint::kText, req, res);
  });

  // Known paths answer other methods with 405 and Allow, instead of httplib's 404.
  struct Route {
    const char* path;
    const char* allow;
  };
  for (const Route& r : {Route{"/health", "GET"}, Route{"/metrics", "GET"},
                         Route{"/v1/models", "GET"}, Route{R"(/v1/models/(.+))", "GET"},
                         Route{"/v1/chat/completions", "POST"},
                         Route{"/v1/completions", "POST"}}) {
    const std::string allow = r.allow;
    auto handler = [allow](const httplib::Request& req, httplib::Response& res) {
      res.set_header("Allow", allow);
      SendError(res, ApiError{405, req.method + " is not allowed on " + req.path + " (use " +
                                       allow + ")",
                              "invalid_request_error", "", "method_not_allowed"});
    };
    if (allow == "GET") {
      http.Post(r.path, handler);
    } else {
      http.Get(r.path, handler);
    }
    http.Put(r.path, handler);
    http.Patch(r.path, handler);
    http.Delete(r.path, handler);
    http.Options(r.path, handler);
  }
}

std::optional<ApiError> HttpServer::Impl::Resolve(ParsedRequest* parsed,
                                                  engine::PreparedRequest* prepared) {
  const engine::ModelInfo info = Info();
  if (!parsed->model.empty() && parsed->model != info.id) {
    return ApiError{404, "model '" + parsed->model + "' does not exist (this server serves '" +
                             info.id + "')",
                    "invalid_request_error", "model", "model_not_found"};
  }
  const int max_images = options.max_images >= 0 ? options.max_images : info.max_images;
  if (static_cast<int>(parsed->images.size()) > max_images) {
    return BadRequest("the request has " + std::to_string(parsed->images.size()) +
                          " images; this server accepts at most " + std::to_string(max_images) +
                          " per request",
                      "messages", "too_many_images");
  }
  for (const ImageRef& ref : parsed->images) {
    auto image = ResolveImage(ref.url, options.media);
    if (!image.ok()) {
      ApiError e = ApiErrorFromStatus(image.status(), ref.param);
      if (e.http_status == 400 && e.code.empty()) e.code = "invalid_image";
      return e;
    }
    parsed->request.images.push_back(std::move(image).value());
  }
  const std::string prompt_param = parsed->endpoint == Endpoint::kChat ? "messages" : "prompt";
  auto p = service->Prepare(parsed->request);
  if (!p.ok()) return ApiErrorFromStatus(p.status(), prompt_param);
  *prepared = std::move(p).value();
  // Refuse up front what cannot fit, as OpenAI does, rather than stopping early with "length".
  const int64_t need = prepared->prefill.effective_length;
  if (parsed->max_tokens_set && info.context_capacity > 0 &&
      need + prepared->stop.max_tokens > info.context_capacity) {
    return BadRequest("the context capacity is " + std::to_string(info.context_capacity) +
                          " positions, but " + std::to_string(need + prepared->stop.max_tokens) +
                          " were requested (" + std::to_string(need) + " in the prompt, " +
                          std::to_string(prepared->stop.max_tokens) + " for max_tokens)",
                      "max_tokens", "context_length_exceeded");
  }
  return std::nullopt;
}

void HttpServer::Impl::Completion(Endpoint endpoint, const httplib::Request& req,
                                  httplib::Response& res) {
  if (!service->ready()) {
    ApiError e{503, "the model is still loading; retry shortly", "service_unavailable", "",
               "model_loading", 1};
    SendError(res, e);
    return;
  }
  ParsedRequest parsed;
  if (auto e = endpoint == Endpoint::kChat ? ParseChatRequest(req.body, &parsed)
                                           : ParseTextRequest(req.body, &parsed)) {
    SendError(res, *e);
    return;
  }
  engine::PreparedRequest prepared;
  if (auto e = Resolve(&parsed, &prepared)) {
    SendError(res, *e);
    return;
  }
  auto queue = std::make_shared<DeltaQueue>();
  auto id = service->Submit(std::move(prepared), DeltaQueue::SinkFor(queue));
  if (!id.ok()) {
    SendError(res, ApiErrorFromStatus(id.status()));
    return;
  }
  ResponseMeta meta = NewResponseMeta(endpoint, Info().id);
  if (parsed.stream) {
    Stream(parsed, *id, std::move(queue), std::move(meta), res);
  } else {
    Wait(*id, queue, meta, res);
  }
}

void HttpServer::Impl::Wait(uint64_t id, const std::shared_ptr<DeltaQueue>& queue,
                            const ResponseMeta& meta, httplib::Response& res) {
  std::string text;
  for (;;) {
    if (stopping.load()) {
      queue->Close();
      service->Cancel(id);
      SendError(res, ApiError{503, "the server is shutting down", "service_unavailable", "",
                              "shutting_down", 1});
      return;
    }
    auto d = queue->Pop(options.stream_heartbeat);
    if (!d) continue;
    text += d->text;
    if (!d->finish) continue;
    if (auto reason = OpenAiFinishReason(*d->finish)) {
      res.set_content(CompletionBody(meta, text, *reason, d->usage), kJson);
      return;
    }
    if (d->error) {
      ApiError e = ApiErrorFromStatus(*d->error);
      if (e.http_status < 500) e.http_status = 500;  // it failed after being accepted
      e.type = "server_error";
      SendError(res, e);
    } else {
      SendError(res, ApiError{503, "the request was cancelled", "service_unavailable", "",
                              "cancelled", 1});
    }
    return;
  }
}

void HttpServer::Impl::Stream(const ParsedRequest& parsed, uint64_t id,
                              std::shared_ptr<DeltaQueue> queue, ResponseMeta meta,
                              httplib::Response& res) {
  struct State {
    std::shared_ptr<DeltaQueue> queue;
    uint64_t id;
    ResponseMeta meta;
    bool include_usage;
    bool started = false;
    bool finished = false;  // the engine delivered its last delta
  };
  auto state = std::make_shared<State>(State{std::move(queue), id, std::move(meta),
                                             parsed.include_usage});
  res.set_header("Cache-Control", "no-cache");
  res.set_header("X-Accel-Buffering", "no");
  res.set_chunked_content_provider(
      kSseContentType,
      [this, state](size_t, httplib::DataSink& sink) {
        auto write = [&sink](const std::string& s) { return sink.write(s.data(), s.size()); };
        const ResponseMeta& meta = state->meta;
        if (!state->started) {
          state->started = true;
          // A text completion has no role; its first chunk is the first text.
          if (meta.endpoint == Endpoint::kChat) {
            return write(SseData(RoleChunk(meta, state->include_usage)));
          }
        }
        if (stopping.load()) return false;
        auto d = state->queue->Pop(options.stream_heartbeat);
        if (!d) return write(SseComment("keep-alive"));
        if (!d->text.empty() && !write(SseData(TextChunk(meta, d->text, state->include_usage)))) {
          return false;
        }
        if (!d->finish) return true;
        state->finished = true;
        bool ok = true;
        if (auto reason = OpenAiFinishReason(*d->finish)) {
          ok = write(SseData(FinishChunk(meta, *reason, state->include_usage)));
          if (ok && state->include_usage) ok = write(SseData(UsageChunk(meta, d->usage)));
        } else {
          // Failing after the stream started: the status is already 200, so the error travels
          // as an event, which OpenAI's clients raise as an APIError.
          ApiError e = d->error ? ApiErrorFromStatus(*d->error)
                                : ApiError{503, "the request was cancelled", "service_unavailable",
                                           "", "cancelled", 0};
          e.type = "server_error";
          ok = write(SseData(ErrorBody(e)));
        }
        if (ok) ok = write(SseDone());
        if (ok) sink.done();
        return ok;
      },
      [this, state](bool) {
        // The client left (or the server stopped) before the last delta: free the slot.
        if (!state->finished) {
          state->queue->Close();
          service->Cancel(state->id);
        }
      });
}

HttpServer::HttpServer(engine::GenerationService* service, ServerOptions options)
    : impl_(std::make_unique<Impl>(service, std::move(options))) {
  impl_->Install();
}

HttpServer::~HttpServer() { Stop(); }

Result<int> HttpServer::Bind() {
  const ServerOptions& o = impl_->options;
  if (o.port < 0 || o.port > 65535) {
    return InvalidArgument("port must be in [0, 65535], got " + std::to_string(o.port));
  }
  int port = o.port;
  if (port == 0) {
    port = impl_->http.bind_to_any_port(o.host);
    if (port < 0) port = 0;
  } else if (!impl_->http.bind_to_port(o.host, port)) {
    port = 0;
  }
  if (port == 0) {
    return Unavailable("cannot listen on " + o.host + ":" + std::to_string(o.port) + ": " +
                       std::strerror(errno));
  }
  return port;
}

Status HttpServer::Serve() {
  impl_->serving.store(true);
  bool ok = impl_->stopping.load() || impl_->http.listen_after_bind();
  impl_->serve_done.store(true);
  if (!ok && !impl_->stopping.load()) return Unavailable("the HTTP server stopped unexpectedly");
  return Status::Ok();
}

void HttpServer::Stop() {
  impl_->stopping.store(true);
  if (!impl_->serving.load()) return;  // Serve() will see `stopping` and return at once
  // httplib's stop() does nothing until the accept loop runs; wait for one or the other.
  while (!impl_->http.is_running() && !impl_->serve_done.load()) std::this_thread::yield();
  impl_->http.stop();
}

void HttpServer::SetLoadError(const std::string& message) {
  std::lock_guard<std::mutex> lock(impl_->load_mu);
  impl_->load_error = message;
}

}  // namespace vlmxla::server
