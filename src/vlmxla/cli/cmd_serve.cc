// `vlmxla serve`: the OpenAI-compatible HTTP server. It listens first (so /health can answer 503
// "loading"), loads the engine on another thread, and serves until SIGINT/SIGTERM.
#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/engine_flags.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/server/http_server.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec> kFlags = WithEngineFlags({
    {"host", true, false, "address to listen on (default 127.0.0.1)"},
    {"port", true, false, "port to listen on; 0 picks a free one (default 8080)"},
    {"max-images", true, false, "images per request (default 8)"},
    {"max-body-bytes", true, false,
     "largest request body accepted, after Content-Encoding is undone (default 67108864)"},
    {"max-connections", true, false,
     "connections served at once (default max(64, 4 * max-batch + 16)); 8 more get /health "
     "only, beyond that connections are refused with 503"},
    {"header-timeout", true, false,
     "seconds for a request's line and headers to arrive, from its first byte (default 10)"},
    {"body-timeout", true, false,
     "seconds for a request's body to arrive, from the end of its headers (default 60)"},
    {"api-key", true, false, "require 'Authorization: Bearer KEY' on /v1/*"},
    {"allowed-media-dir", true, false,
     "serve local image paths and file:// URLs from under this directory (default: refuse them)"},
    {"allow-private-urls", false, false,
     "let image URLs reach loopback, private and link-local addresses"},
    {"model-id", true, false, "model name in /v1/models (default: the directory's name)"},
});

int Usage(bool error) {
  std::fprintf(error ? stderr : stdout, "usage: vlmxla serve --model DIR [flags]\n%s",
               FlagsHelp(kFlags).c_str());
  return error ? kExitUsage : kExitOk;
}

// Reads an integer flag in [lo, hi]; prints and returns false when it is not.
bool IntFlag(const ParsedArgs& args, const char* name, int64_t def, int64_t lo, int64_t hi,
             int64_t* out) {
  auto v = args.GetInt(name, def);
  if (!v.ok()) {
    std::fprintf(stderr, "vlmxla serve: %s\n", v.status().message().c_str());
    return false;
  }
  if (*v < lo || *v > hi) {
    std::fprintf(stderr, "vlmxla serve: --%s must be in [%lld, %lld], got %lld\n", name,
                 static_cast<long long>(lo), static_cast<long long>(hi),
                 static_cast<long long>(*v));
    return false;
  }
  *out = *v;
  return true;
}

int RunServe(const std::vector<std::string>& argv) {
  auto parsed = ParseArgs(argv, kFlags);
  if (!parsed.ok()) {
    std::fprintf(stderr, "vlmxla serve: %s\n", parsed.status().message().c_str());
    return Usage(true);
  }
  const ParsedArgs& args = *parsed;
  if (args.Has("help")) return Usage(false);
  if (!args.Has("model")) {
    std::fprintf(stderr, "vlmxla serve: --model is required\n");
    return Usage(true);
  }
  int64_t port, max_images, max_body, header_timeout, body_timeout;
  if (!IntFlag(args, "port", 8080, 0, 65535, &port) ||
      !IntFlag(args, "max-images", 8, 0, 1024, &max_images) ||
      !IntFlag(args, "max-body-bytes", 64ll << 20, 1024, int64_t{1} << 32, &max_body) ||
      !IntFlag(args, "header-timeout", 10, 1, 3600, &header_timeout) ||
      !IntFlag(args, "body-timeout", 60, 1, 3600, &body_timeout)) {
    return kExitUsage;
  }
  auto engine_options = EngineOptionsFromFlags(args);
  if (!engine_options.ok()) {
    std::fprintf(stderr, "vlmxla serve: %s\n", engine_options.status().message().c_str());
    return kExitUsage;
  }
  engine::EngineOptions eo = *std::move(engine_options);
  int64_t max_connections;
  if (!IntFlag(args, "max-connections", std::max<int64_t>(64, 4 * int64_t{eo.max_batch} + 16), 1,
               4096, &max_connections)) {
    return kExitUsage;
  }
  eo.max_images = static_cast<int>(max_images);
  eo.model_id = args.Get("model-id").value_or("");
  eo.progress = [](const std::string& line) {
    std::fprintf(stderr, "vlmxla serve: %s\n", line.c_str());
  };
  std::unique_ptr<engine::Engine> eng = engine::Engine::Create(eo);

  server::ServerOptions so;
  so.host = args.Get("host").value_or("127.0.0.1");
  so.port = static_cast<int>(port);
  so.api_key = args.Get("api-key").value_or("");
  so.max_body_bytes = static_cast<size_t>(max_body);
  so.max_images = static_cast<int>(max_images);
  so.model_id = eo.model_id;
  so.media.allowed_media_dir = args.Get("allowed-media-dir").value_or("");
  so.media.allow_private_urls = args.Has("allow-private-urls");
  so.max_connections = static_cast<int>(max_connections);
  so.header_timeout = std::chrono::seconds(header_timeout);
  so.body_timeout = std::chrono::seconds(body_timeout);

  // Signals are taken by sigwait on one thread; every other thread keeps them blocked.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a client that left must not kill the server

  server::HttpServer http(eng.get(), so);
  auto bound = http.Bind();
  if (!bound.ok()) {
    std::fprintf(stderr, "vlmxla serve: %s\n", bound.status().message().c_str());
    return kExitError;
  }
  std::fprintf(stderr, "vlmxla serve: listening on http://%s:%d\n", so.host.c_str(), *bound);
  std::fflush(stderr);

  std::mutex mu;
  std::condition_variable cv;
  bool load_done = false, load_failed = false, signalled = false;
  std::thread serve_thread([&] {
    Status s = http.Serve();
    if (!s.ok()) std::fprintf(stderr, "vlmxla serve: %s\n", s.message().c_str());
  });
  std::thread load_thread([&] {
    Status s = eng->Load();
    std::lock_guard<std::mutex> lock(mu);
    load_done = true;
    if (!s.ok()) {
      load_failed = true;
      http.SetLoadError(s.ToString());
      std::fprintf(stderr, "vlmxla serve: loading %s failed: %s\n", eo.model_dir.c_str(),
                   s.ToString().c_str());
    } else {
      std::fprintf(stderr, "vlmxla serve: model ready\n");
    }
    cv.notify_all();
  });
  std::thread signal_thread([&] {
    int sig = 0;
    sigwait(&signals, &sig);
    std::lock_guard<std::mutex> lock(mu);
    signalled = true;
    cv.notify_all();
  });

  bool still_loading;
  {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return signalled || load_failed; });
    still_loading = !load_done;
  }
  http.Stop();
  serve_thread.join();
  if (still_loading) {
    // Load() cannot be interrupted; do not make Ctrl-C wait for a compile to finish.
    std::fprintf(stderr, "vlmxla serve: stopped while loading\n");
    std::fflush(stderr);
    std::_Exit(kExitError);
  }
  load_thread.join();
  eng->Shutdown();
  if (!signalled) pthread_kill(signal_thread.native_handle(), SIGTERM);
  signal_thread.join();
  return load_failed ? kExitError : kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("serve", "OpenAI-compatible HTTP server (chat and text completions)",
                        RunServe);

}  // namespace vlmxla::cli
