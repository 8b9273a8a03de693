#include "vlmxla/server/http_server.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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
#include "vlmxla/server/http_connection.h"
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

std::string Seconds(std::chrono::milliseconds d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(d.count()) / 1000.0);
  return buf;
}

// The capacity a request body grows to when `need` bytes have arrived: the limit halved as often
// as still holds `need`. Growth by doubling from there ends exactly at `limit`, and the copy at
// each step holds at most half of it beside the new buffer, so the body never costs more than
// the limit. std::string's own doubling (from its inline 15 bytes) overshoots a 64 MiB limit to
// 120 MiB, and with its last copy the server's peak RSS grew by 127 MiB for a refused body.
size_t BodyCapacity(size_t need, size_t limit) {
  size_t capacity = limit;
  while (capacity / 2 >= need && capacity / 2 >= 4096) capacity /= 2;
  return capacity;
}

// 413 for `what` ("request body", "request body of N bytes", ...).
ApiError BodyTooLarge(const std::string& what, size_t limit) {
  return ApiError{413, what + " exceeds the limit of " + std::to_string(limit) + " bytes",
                  "invalid_request_error", "", "request_too_large"};
}

ApiError TooManyConnections(int limit) {
  return ApiError{
      503,
      "the server is serving its limit of " + std::to_string(limit) + " connections; retry shortly",
      "service_unavailable",
      "",
      "too_many_connections",
      1};
}

ConnectionLimits LimitsFrom(const ServerOptions& o) {
  ConnectionLimits l;
  l.max_connections = std::max(1, o.max_connections);
  l.overflow_connections = std::max(0, o.overflow_connections);
  l.header_timeout = o.header_timeout;
  l.body_timeout = o.body_timeout;
  l.idle_timeout = o.idle_timeout;
  l.max_header_bytes = o.max_header_bytes;
  l.max_body_bytes = o.max_body_bytes;
  const std::string body = ErrorBody(TooManyConnections(l.max_connections));
  l.refusal_response =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
      "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  return l;
}

// Content-Encodings httplib undoes for a ContentReader (prepare_content_receiver in 0.11.4:
// "gzip" and "deflate" through zlib, any value containing "br" through brotli).
bool DecodableEncoding(const std::string& e) {
  return e.empty() || e == "identity" || e == "gzip" || e == "deflate" ||
         e.find("br") != std::string::npos;
}

}  // namespace

struct HttpServer::Impl {
  engine::GenerationService* service;
  ServerOptions options;
  LimitedServer http;
  ResponseCounters counters;
  std::atomic<bool> stopping{false};
  std::atomic<bool> serving{false};     // Serve() entered
  std::atomic<bool> serve_done{false};  // Serve() returned
  std::mutex load_mu;
  std::string load_error;
  const int64_t started = NowSeconds();

  Impl(engine::GenerationService* s, ServerOptions o)
      : service(s), options(std::move(o)), http(LimitsFrom(options)) {}

  engine::ModelInfo Info() const {
    engine::ModelInfo info = service->info();
    if (!options.model_id.empty()) info.id = options.model_id;
    return info;
  }

  void Install();
  std::optional<ApiError> ReadBody(const httplib::Request& req,
                                   const httplib::ContentReader& reader, std::string* body);
  void Completion(Endpoint endpoint, const httplib::Request& req, httplib::Response& res,
                  const httplib::ContentReader& reader);
  void Tokenize(const httplib::Request& req, httplib::Response& res,
                const httplib::ContentReader& reader);
  void Detokenize(const httplib::Request& req, httplib::Response& res,
                  const httplib::ContentReader& reader);
  // 503 while loading, else the body (or the error reading it).
  std::optional<ApiError> ReadyBody(const httplib::Request& req,
                                    const httplib::ContentReader& reader, std::string* body);
  std::optional<ApiError> CheckModel(const std::string& model) const;
  // Images resolved and the request prepared (as a completion would prefill it).
  std::optional<ApiError> Prepare(ParsedRequest* parsed, engine::PreparedRequest* prepared);
  std::optional<ApiError> Resolve(ParsedRequest* parsed, engine::PreparedRequest* prepared);
  void Stream(const ParsedRequest& parsed, uint64_t id, std::shared_ptr<DeltaQueue> queue,
              ResponseMeta meta, httplib::Response& res);
  void Wait(const ParsedRequest& parsed, uint64_t id, const std::shared_ptr<DeltaQueue>& queue,
            const ResponseMeta& meta, const std::shared_ptr<PeerProbe>& probe,
            httplib::Response& res);
};

void HttpServer::Impl::Install() {
  http.set_payload_max_length(options.max_body_bytes);
  http.set_logger([this](const httplib::Request&, const httplib::Response& res) {
    counters.Count(res.status);
  });
  http.set_refusal_observer([this] { counters.Count(503); });

  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    // A connection past max_connections runs on a reserve thread: health checks only.
    const Connection* conn = CurrentConnection();
    if (conn && conn->overflow() && !(req.method == "GET" && req.path == "/health")) {
      SendError(res, TooManyConnections(conn->limits().max_connections));
      return httplib::Server::HandlerResponse::Handled;
    }
    const bool guarded =
        req.path.rfind("/v1/", 0) == 0 || req.path == "/tokenize" || req.path == "/detokenize";
    if (options.api_key.empty() || !guarded) {
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
    e.message =
        auth.empty() ? "missing API key: send 'Authorization: Bearer <key>'" : "invalid API key";
    SendError(res, e);
    res.set_header("WWW-Authenticate", "Bearer");
    return httplib::Server::HandlerResponse::Handled;
  });

  // Statuses httplib sets itself (404 for no route, 413 over the body limit, 400 for malformed
  // requests, which a connection limit may explain) get the same envelope as ours.
  http.set_error_handler(httplib::Server::HandlerWithResponse(
      [this](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        const Connection* conn = CurrentConnection();
        const auto failure = conn ? conn->failure() : Connection::Failure::kNone;
        if (failure == Connection::Failure::kHeaderTimeout) res.status = 408;
        if (failure == Connection::Failure::kHeaderTooLarge) res.status = 431;
        ApiError e;
        e.http_status = res.status;
        if (failure == Connection::Failure::kHeaderTimeout) {
          e.message = "the request line and headers did not arrive within " +
                      Seconds(options.header_timeout) + " s";
          e.code = "request_timeout";
        } else if (failure == Connection::Failure::kHeaderTooLarge) {
          e.message = "the request line and headers exceed " +
                      std::to_string(options.max_header_bytes) + " bytes";
          e.code = "headers_too_large";
        } else if (res.status == 404) {
          e.message = "no route for " + req.method + " " + req.path;
          e.code = "not_found";
        } else if (res.status == 413) {
          e = BodyTooLarge("request body", options.max_body_bytes);
        } else {
          e.message = ReasonPhrase(res.status);
          if (res.status >= 500) e.type = "server_error";
        }
        res.set_content(ErrorBody(e), kJson);
        return httplib::Server::HandlerResponse::Handled;
      }));

  // "Expect: 100-continue" with a Content-Length over the limit: refused before the body is sent.
  http.set_expect_100_continue_handler([this](const httplib::Request& req, httplib::Response& res) {
    const std::string v = req.get_header_value("Content-Length");
    if (!v.empty() && std::strtoull(v.c_str(), nullptr, 10) > options.max_body_bytes) {
      SendError(res, BodyTooLarge("request body of " + v + " bytes", options.max_body_bytes));
      return 413;
    }
    return 100;
  });

  // A connection whose request body was not read to its end cannot carry another request.
  http.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
    const Connection* conn = CurrentConnection();
    if (conn && !conn->reusable()) {
      res.headers.erase("Keep-Alive");
      res.headers.erase("Connection");
      res.set_header("Connection", "close");
    }
  });

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
    res.set_content(
        RenderPrometheus(service->metrics(), counters.Snapshot(), Info(), service->ready()),
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
  // Bodies are read only through a ContentReader (ReadBody, which caps the decoded size): every
  // method that may carry one is routed to a reader handler, down to the catch-all 404s below, so
  // httplib never buffers a body on its own.
  using Reader = httplib::ContentReader;
  http.Post("/v1/chat/completions",
            [this](const httplib::Request& req, httplib::Response& res, const Reader& reader) {
              Completion(Endpoint::kChat, req, res, reader);
            });
  http.Post("/v1/completions",
            [this](const httplib::Request& req, httplib::Response& res, const Reader& reader) {
              Completion(Endpoint::kText, req, res, reader);
            });
  http.Post("/tokenize", [this](const httplib::Request& req, httplib::Response& res,
                                const Reader& reader) { Tokenize(req, res, reader); });
  http.Post("/detokenize", [this](const httplib::Request& req, httplib::Response& res,
                                  const Reader& reader) { Detokenize(req, res, reader); });
  auto ignoring_body = [](httplib::Server::Handler h) {
    return [h = std::move(h)](const httplib::Request& req, httplib::Response& res, const Reader&) {
      h(req, res);
    };
  };

  // Known paths answer other methods with 405 and Allow, instead of httplib's 404.
  struct Route {
    const char* path;
    const char* allow;
  };
  for (const Route& r : {Route{"/health", "GET"}, Route{"/metrics", "GET"},
                         Route{"/v1/models", "GET"}, Route{R"(/v1/models/(.+))", "GET"},
                         Route{"/v1/chat/completions", "POST"}, Route{"/v1/completions", "POST"},
                         Route{"/tokenize", "POST"}, Route{"/detokenize", "POST"}}) {
    const std::string allow = r.allow;
    auto handler = [allow](const httplib::Request& req, httplib::Response& res) {
      res.set_header("Allow", allow);
      SendError(
          res, ApiError{405, req.method + " is not allowed on " + req.path + " (use " + allow + ")",
                        "invalid_request_error", "", "method_not_allowed"});
    };
    if (allow == "GET") {
      http.Post(r.path, ignoring_body(handler));
    } else {
      http.Get(r.path, handler);
    }
    http.Put(r.path, ignoring_body(handler));
    http.Patch(r.path, ignoring_body(handler));
    http.Delete(r.path, ignoring_body(handler));
    http.Options(r.path, handler);
  }
  auto not_found = ignoring_body([](const httplib::Request& req, httplib::Response& res) {
    SendError(res, ApiError{404, "no route for " + req.method + " " + req.path,
                            "invalid_request_error", "", "not_found"});
  });
  http.Post(".*", not_found);
  http.Put(".*", not_found);
  http.Patch(".*", not_found);
  http.Delete(".*", not_found);
}

std::optional<ApiError> HttpServer::Impl::ReadBody(const httplib::Request& req,
                                                   const httplib::ContentReader& reader,
                                                   std::string* body) {
  Connection* conn = CurrentConnection();
  const size_t max = options.max_body_bytes;
  const bool chunked = !req.get_header_value("Transfer-Encoding").empty();
  // Neither Content-Length nor Transfer-Encoding: no body (RFC 9112 6.3).
  if (!chunked && !req.has_header("Content-Length")) return std::nullopt;
  if (!chunked) {
    const std::string v = req.get_header_value("Content-Length");
    const unsigned long long len = std::strtoull(v.c_str(), nullptr, 10);
    if (len > max) return BodyTooLarge("request body of " + v + " bytes", max);
  }
  const std::string encoding = req.get_header_value("Content-Encoding");
  if (!DecodableEncoding(encoding)) {
    return ApiError{415,
                    "Content-Encoding '" + encoding +
                        "' is not supported (use gzip, "
                        "deflate or br)",
                    "invalid_request_error", "", "unsupported_content_encoding"};
  }
  // httplib hands the receiver the body with chunked framing removed and Content-Encoding undone,
  // 16 KiB at a time as it arrives: counting here bounds the decoded size, and refusing stops
  // reading (and inflating) at once.
  bool over = false;
  const bool ok = reader([&](const char* data, size_t n) {
    if (n > max - body->size()) {
      over = true;
      return false;
    }
    if (body->size() + n > body->capacity()) body->reserve(BodyCapacity(body->size() + n, max));
    body->append(data, n);
    return true;
  });
  if (ok) {
    if (conn) conn->MarkBodyRead();
    return std::nullopt;
  }
  const auto failure = conn ? conn->failure() : Connection::Failure::kNone;
  if (over || failure == Connection::Failure::kBodyTooLarge) {
    return BodyTooLarge(over && !encoding.empty() && encoding != "identity"
                            ? "request body, decoded from Content-Encoding " + encoding + ","
                            : "request body",
                        max);
  }
  if (failure == Connection::Failure::kChunkLineTooLong) {
    return BadRequest("a line of the request body's chunked framing exceeds " +
                          std::to_string(conn->limits().max_chunk_line_bytes) + " bytes",
                      "", "invalid_body");
  }
  if (failure == Connection::Failure::kBodyTimeout) {
    return ApiError{
        408, "the request body did not arrive within " + Seconds(options.body_timeout) + " s",
        "invalid_request_error", "", "request_timeout"};
  }
  return BadRequest(
      "the request body could not be read (malformed chunked framing or "
      "Content-Encoding, or the connection failed)",
      "", "invalid_body");
}

std::optional<ApiError> HttpServer::Impl::CheckModel(const std::string& model) const {
  const engine::ModelInfo info = Info();
  if (!model.empty() && model != info.id) {
    return ApiError{404,
                    "model '" + model + "' does not exist (this server serves '" + info.id + "')",
                    "invalid_request_error", "model", "model_not_found"};
  }
  return std::nullopt;
}

std::optional<ApiError> HttpServer::Impl::Resolve(ParsedRequest* parsed,
                                                  engine::PreparedRequest* prepared) {
  const engine::ModelInfo info = Info();
  if (auto e = ValidateAgainstModel(*parsed, info)) return e;
  if (auto e = ApplyToolChoice(parsed, info)) return e;
  if (auto e = Prepare(parsed, prepared)) return e;
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

std::optional<ApiError> HttpServer::Impl::Prepare(ParsedRequest* parsed,
                                                  engine::PreparedRequest* prepared) {
  if (auto e = CheckModel(parsed->model)) return e;
  const engine::ModelInfo info = Info();
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
  if (!p.ok()) {
    const bool grammar = p.status().reason() == engine::kReasonInvalidGrammar;
    return ApiErrorFromStatus(p.status(), grammar ? parsed->grammar_param : prompt_param);
  }
  *prepared = std::move(p).value();
  return std::nullopt;
}

std::optional<ApiError> HttpServer::Impl::ReadyBody(const httplib::Request& req,
                                                    const httplib::ContentReader& reader,
                                                    std::string* body) {
  if (!service->ready()) {
    return ApiError{503,
                    "the model is still loading; retry shortly",
                    "service_unavailable",
                    "",
                    "model_loading",
                    1};
  }
  return ReadBody(req, reader, body);
}

void HttpServer::Impl::Tokenize(const httplib::Request& req, httplib::Response& res,
                                const httplib::ContentReader& reader) {
  TokenizeRequest tr;
  std::string body;
  std::optional<ApiError> e = ReadyBody(req, reader, &body);
  if (!e) e = ParseTokenizeRequest(body, &tr);
  std::vector<int32_t> tokens;
  if (!e && tr.parsed.request.raw_prompt) {
    e = CheckModel(tr.parsed.model);
    if (!e) {
      auto ids = service->Tokenize(*tr.parsed.request.raw_prompt, tr.add_special_tokens);
      if (ids.ok()) {
        tokens = std::move(ids).value();
      } else {
        e = ApiErrorFromStatus(ids.status(), "prompt");
      }
    }
  } else if (!e) {
    // Messages: the ids a chat completion would prefill (template applied, images expanded).
    engine::PreparedRequest prepared;
    e = Prepare(&tr.parsed, &prepared);
    if (!e) tokens = std::move(prepared.prefill.input_ids);
  }
  if (e) return SendError(res, *e);
  res.set_content(TokenizeBody(tokens, Info().context_capacity), kJson);
}

void HttpServer::Impl::Detokenize(const httplib::Request& req, httplib::Response& res,
                                  const httplib::ContentReader& reader) {
  std::string body, model;
  std::vector<int32_t> tokens;
  std::optional<ApiError> e = ReadyBody(req, reader, &body);
  if (!e) e = ParseDetokenizeRequest(body, &model, &tokens);
  if (!e) e = CheckModel(model);
  if (e) return SendError(res, *e);
  auto text = service->Detokenize(tokens);
  if (!text.ok()) return SendError(res, ApiErrorFromStatus(text.status(), "tokens"));
  res.set_content(DetokenizeBody(*text), kJson);
}

void HttpServer::Impl::Completion(Endpoint endpoint, const httplib::Request& req,
                                  httplib::Response& res, const httplib::ContentReader& reader) {
  ParsedRequest parsed;
  {
    std::string body;
    if (auto e = ReadyBody(req, reader, &body)) {
      SendError(res, *e);
      return;
    }
    if (auto e = endpoint == Endpoint::kChat ? ParseChatRequest(body, &parsed)
                                             : ParseTextRequest(body, &parsed)) {
      SendError(res, *e);
      return;
    }
  }
  engine::PreparedRequest prepared;
  if (auto e = Resolve(&parsed, &prepared)) {
    SendError(res, *e);
    return;
  }
  auto queue = std::make_shared<DeltaQueue>();
  const Connection* conn = CurrentConnection();
  std::shared_ptr<PeerProbe> probe = conn ? conn->probe() : nullptr;
  engine::DeltaSink sink = DeltaQueue::SinkFor(queue);
  if (probe) {
    // The engine asks at every step whether the client is still there, so one that left frees
    // its slot at the next step, streaming or not (httplib offers no disconnect callback).
    sink = [probe, push = std::move(sink)](const engine::GenerationDelta& d) {
      if (!d.finish && probe->PeerGone()) return false;
      return push(d);
    };
  }
  auto id = service->Submit(std::move(prepared), std::move(sink));
  if (!id.ok()) {
    SendError(res, ApiErrorFromStatus(id.status()));
    return;
  }
  ResponseMeta meta = NewResponseMeta(endpoint, Info().id);
  if (parsed.stream) {
    Stream(parsed, *id, std::move(queue), std::move(meta), res);
  } else {
    Wait(parsed, *id, queue, meta, probe, res);
  }
}

void HttpServer::Impl::Wait(const ParsedRequest& parsed, uint64_t id,
                            const std::shared_ptr<DeltaQueue>& queue, const ResponseMeta& meta,
                            const std::shared_ptr<PeerProbe>& probe, httplib::Response& res) {
  std::vector<ChoiceOutput> choices(parsed.request.n);
  int unfinished = parsed.request.n;
  const ToolCallFormat tool_format = ToolCallFormatFromName(Info().tool_call_format);
  engine::Usage usage;
  for (;;) {
    if (stopping.load()) {
      queue->Close();
      service->Cancel(id);
      SendError(res, ApiError{503, "the server is shutting down", "service_unavailable", "",
                              "shutting_down", 1});
      return;
    }
    auto d = queue->Pop(options.stream_heartbeat);
    if (!d) {
      // Nothing came: the request may be queued, or the engine dropped it because the sink saw
      // the client gone. Either way a departed client ends the wait here.
      if (probe && probe->PeerGone()) {
        queue->Close();
        service->Cancel(id);
        // Nobody reads this; 499 (nginx's "client closed request") is what /metrics counts.
        SendError(res, ApiError{499, "the client closed the connection", "invalid_request_error",
                                "", "client_closed_request"});
        return;
      }
      continue;
    }
    if (d->index < 0 || d->index >= static_cast<int>(choices.size())) continue;
    // Totals only grow; a merged delta (DeltaQueue) may pass an older one of another choice.
    if (d->usage.completion_tokens >= usage.completion_tokens) usage = d->usage;
    ChoiceOutput& choice = choices[d->index];
    choice.text += d->text;
    choice.logprobs.insert(choice.logprobs.end(), d->logprobs.begin(), d->logprobs.end());
    if (!d->finish) continue;
    if (auto reason = OpenAiFinishReason(*d->finish)) {
      choice.finish_reason = *reason;
      if (parsed.parse_tool_calls()) {
        ToolCallStream calls(tool_format);
        ToolCallStream::Step a = calls.Push(choice.text);
        ToolCallStream::Step b = calls.Finish();
        choice.text = a.content + b.content;
        for (auto* step : {&a, &b}) {
          for (ToolCall& call : step->calls) {
            choice.tool_calls.push_back(std::move(call));
            choice.tool_call_ids.push_back(NewToolCallId());
          }
        }
        if (!choice.tool_calls.empty() && *reason == "stop") choice.finish_reason = "tool_calls";
      }
      if (--unfinished > 0) continue;
      res.set_content(CompletionBody(meta, choices, parsed.request.sampling.logprobs >= 0, usage),
                      kJson);
      return;
    }
    // One choice failed or was cancelled: the response fails, and the other choices stop.
    queue->Close();
    service->Cancel(id);
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
    bool logprobs;
    int unfinished;                    // choices without their finishing delta yet
    std::vector<int64_t> text_offset;  // per choice: bytes sent so far (completions logprobs)
    engine::Usage usage;               // the largest totals seen (they only grow)
    bool started = false;
    bool finished = false;  // the engine delivered every choice's last delta
    // Per choice, when the output is parsed into tool calls: the parser and the calls sent.
    std::vector<ToolCallStream> tools = {};
    std::vector<int> calls_sent = {};
  };
  auto state =
      std::make_shared<State>(State{std::move(queue), id, std::move(meta), parsed.include_usage,
                                    parsed.request.sampling.logprobs >= 0, parsed.request.n,
                                    std::vector<int64_t>(parsed.request.n, 0), engine::Usage{}});
  if (parsed.parse_tool_calls()) {
    state->tools.assign(parsed.request.n,
                        ToolCallStream(ToolCallFormatFromName(Info().tool_call_format)));
    state->calls_sent.assign(parsed.request.n, 0);
  }
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
            bool ok = true;
            for (int i = 0; ok && i < static_cast<int>(state->text_offset.size()); ++i) {
              ok = write(SseData(RoleChunk(meta, i, state->include_usage)));
            }
            return ok;
          }
        }
        if (stopping.load()) return false;
        auto d = state->queue->Pop(options.stream_heartbeat);
        if (!d) return write(SseComment("keep-alive"));
        if (d->index < 0 || d->index >= static_cast<int>(state->text_offset.size())) return true;
        if (d->usage.completion_tokens >= state->usage.completion_tokens) state->usage = d->usage;
        // With tools, the text goes through the choice's tool-call parser: content that cannot
        // be part of a call goes out at once, each call once it is complete.
        std::string text = std::move(d->text);
        std::vector<ToolCall> calls;
        if (!state->tools.empty()) {
          ToolCallStream& parser = state->tools[d->index];
          ToolCallStream::Step step = parser.Push(text);
          text = std::move(step.content);
          calls = std::move(step.calls);
          if (d->finish) {
            ToolCallStream::Step last = parser.Finish();
            text += last.content;
            for (ToolCall& c : last.calls) calls.push_back(std::move(c));
          }
        }
        // A token whose text is held back still sends its log-probabilities.
        const bool with_logprobs = state->logprobs && !d->logprobs.empty();
        if (!text.empty() || with_logprobs) {
          const nlohmann::ordered_json logprobs =
              with_logprobs
                  ? LogprobsJson(meta.endpoint, d->logprobs, &state->text_offset[d->index])
                  : nlohmann::ordered_json();
          if (!write(SseData(TextChunk(meta, d->index, text, logprobs, state->include_usage)))) {
            return false;
          }
        }
        for (const ToolCall& call : calls) {
          const int k = state->calls_sent[d->index]++;
          if (!write(SseData(
                  ToolCallChunk(meta, d->index, k, NewToolCallId(), call, state->include_usage)))) {
            return false;
          }
        }
        if (!d->finish) return true;
        bool ok = true;
        if (auto reason = OpenAiFinishReason(*d->finish)) {
          if (!state->tools.empty() && state->calls_sent[d->index] > 0 && *reason == "stop") {
            reason = "tool_calls";
          }
          ok = write(SseData(FinishChunk(meta, d->index, *reason, state->include_usage)));
          if (--state->unfinished > 0) return ok;
          state->finished = true;
          if (ok && state->include_usage) ok = write(SseData(UsageChunk(meta, state->usage)));
        } else {
          // The other choices stop with it.
          state->finished = true;
          state->queue->Close();
          service->Cancel(state->id);
          // Failing after the stream started: the status is already 200, so the error travels
          // as an event, which OpenAI's clients raise as an APIError.
          ApiError e =
              d->error
                  ? ApiErrorFromStatus(*d->error)
                  : ApiError{
                        503, "the request was cancelled", "service_unavailable", "", "cancelled",
                        0};
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
