// The server's limits over loopback: bodies capped after chunked framing and Content-Encoding are
// undone, absolute header and body deadlines, a bounded number of connections with /health still
// answered, and a non-streaming client that leaves being noticed at the next generation step.
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "fake_service.h"
#include "server_fixture.h"
#include "vlmxla/server/http_connection.h"
#include "vlmxla/server/http_server.h"

namespace vlmxla::server {
namespace {

using json = nlohmann::json;
using testing::RawClient;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

class LimitsTest : public testing::ServerTest {
 protected:
  static std::string Headers(const std::string& extra) {
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
           "Content-Type: application/json\r\n" +
           extra + "\r\n";
  }
  // A 413 request_too_large envelope that names the limit.
  static void Expect413(const std::string& response, size_t limit) {
    ASSERT_EQ(RawClient::Status(response), 413) << response.substr(0, 300);
    const json e = Parse(RawClient::Body(response))["error"];
    EXPECT_EQ(e["code"], "request_too_large");
    EXPECT_NE(e["message"].get<std::string>().find(std::to_string(limit)), std::string::npos)
        << e.dump();
  }
  // Starts a server with these connection limits, and fills every served slot with a connection
  // that sent part of a request line and waits (its header deadline is 30 s away).
  std::vector<std::unique_ptr<RawClient>> StartWithSlowConnections(int max_connections,
                                                                   int overflow_connections) {
    ServerOptions o;
    o.max_connections = max_connections;
    o.overflow_connections = overflow_connections;
    o.header_timeout = seconds(30);
    Start(o);
    std::vector<std::unique_ptr<RawClient>> slow;
    for (int i = 0; i < max_connections; ++i) {
      slow.push_back(std::make_unique<RawClient>(port_));
      EXPECT_TRUE(slow.back()->Send("GET /health HTTP/1.1\r\nX-Slow: "));  // never finished
    }
    return slow;
  }
  static std::string Gzip(const std::string& text) {
    httplib::detail::gzip_compressor gz;
    std::string out;
    gz.compress(text.data(), text.size(), true, [&](const char* d, size_t n) {
      out.append(d, n);
      return true;
    });
    return out;
  }
};

// A chunked body has no Content-Length to check up front: it used to be read to its end (into
// memory) before any limit applied. Now the server answers 413 once the limit is crossed, while
// the client is still sending.
TEST_F(LimitsTest, ChunkedBodyOverLimitIs413WhileStillSending) {
  ServerOptions o;
  o.max_body_bytes = 1 << 20;
  Start(o);
  RawClient c(port_);
  ASSERT_TRUE(c.connected());
  ASSERT_TRUE(c.Send(Headers("Transfer-Encoding: chunked\r\n")));
  // Offer 32 MiB in 64 KiB chunks, built once and sent while the server takes them; stop at the
  // first byte of an answer.
  const std::string chunk = "10000\r\n" + std::string(1 << 16, ' ') + "\r\n";
  const size_t offer = 32u << 20;
  size_t sent = 0;
  size_t offset = 0;  // into the current chunk
  const auto until = Clock::now() + seconds(30);
  int ready = 0;
  while (sent < offer && Clock::now() < until) {
    ready = c.Wait(milliseconds(1000), /*writable=*/true);
    if (ready & (POLLIN | POLLHUP | POLLERR)) break;
    if (!(ready & POLLOUT)) continue;
    const ssize_t n = c.TrySend(std::string_view(chunk).substr(offset));
    if (n < 0) break;
    sent += static_cast<size_t>(n);
    offset = (offset + static_cast<size_t>(n)) % chunk.size();
  }
  EXPECT_LT(sent, offer) << "the server never answered while the body was still coming";
  const std::string response = c.ReadAll(seconds(10));
  Expect413(response, o.max_body_bytes);
  EXPECT_NE(response.find("Connection: close"), std::string::npos) << response.substr(0, 300);
}

// Content-Encoding: gzip used to be inflated in full (a 189 KB body became 200 MB). The limit holds
// on the inflated size, enforced while inflating; a compressed body within it is served.
TEST_F(LimitsTest, GzipBodyIsLimitedAfterInflating) {
  ServerOptions o;
  o.max_body_bytes = 1 << 20;
  Start(o);
  const std::string bomb = Gzip("[" + std::string(16u << 20, ' ') + "]");  // 16 MiB inflated
  ASSERT_LT(bomb.size(), 64u << 10);
  RawClient c(port_);
  ASSERT_TRUE(c.Send(
      Headers("Content-Encoding: gzip\r\nContent-Length: " + std::to_string(bomb.size()) + "\r\n") +
      bomb));
  const std::string response = c.ReadAll(seconds(20));
  Expect413(response, o.max_body_bytes);
  EXPECT_NE(Parse(RawClient::Body(response))["error"]["message"].get<std::string>().find("gzip"),
            std::string::npos);

  const std::string small = Gzip(Chat("squeezed"));
  auto r = Client().Post("/v1/chat/completions", {{"Content-Encoding", "gzip"}}, small,
                         "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(Parse(r->body)["choices"][0]["message"]["content"], "squeezed");
  // Chunked and gzip together: framing removed first, then inflated, then counted.
  RawClient both(port_);
  std::string framed;
  for (size_t i = 0; i < bomb.size(); i += 1000) {
    const std::string piece = bomb.substr(i, 1000);
    char size[16];
    std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
    framed += size + piece + "\r\n";
  }
  ASSERT_TRUE(both.Send(Headers("Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n") +
                        framed + "0\r\n\r\n"));
  Expect413(both.ReadAll(seconds(20)), o.max_body_bytes);
  auto unknown = Client().Post("/v1/chat/completions", {{"Content-Encoding", "zstd"}}, "{}",
                               "application/json");
  EXPECT_EQ(ExpectError(unknown, 415)["code"], "unsupported_content_encoding");
}

// httplib gathers each line of chunked framing whole in a growing string: a chunk-size line that
// never ends cost twice the wire cap (240 MiB at the default limit). Lines are capped; framing
// with 1-byte chunks and chunk extensions is still served.
TEST_F(LimitsTest, ChunkedFramingLinesAreCapped) {
  ServerOptions o;
  Start(o);
  const std::string body = Chat("framed");
  std::string framed;
  for (size_t i = 0; i < body.size(); i += 1 + i % 7) {
    const std::string piece = body.substr(i, 1 + i % 7);
    char size[32];
    std::snprintf(size, sizeof size, "%zx;piece=%zu\r\n", piece.size(), i);
    framed += size + piece + "\r\n";
  }
  RawClient ok(port_);
  ASSERT_TRUE(ok.Send(Headers("Transfer-Encoding: chunked\r\nConnection: close\r\n") + framed +
                      "0\r\n\r\n"));
  const std::string response = ok.ReadAll(seconds(20));
  ASSERT_EQ(RawClient::Status(response), 200) << response.substr(0, 300);
  EXPECT_EQ(Parse(RawClient::Body(response))["choices"][0]["message"]["content"], "framed");

  RawClient endless(port_);
  ASSERT_TRUE(endless.Send(Headers("Transfer-Encoding: chunked\r\n") + "1" +
                           std::string(ConnectionLimits{}.max_chunk_line_bytes + 1024, '0')));
  const std::string refused = endless.ReadAll(seconds(20));
  ASSERT_EQ(RawClient::Status(refused), 400) << refused.substr(0, 300);
  const json e = Parse(RawClient::Body(refused))["error"];
  EXPECT_EQ(e["code"], "invalid_body");
  EXPECT_NE(e["message"].get<std::string>().find("chunked framing exceeds 16384 bytes"),
            std::string::npos)
      << e.dump();
}

// A client that asks before sending a body over the limit is refused before it sends it.
TEST_F(LimitsTest, ExpectContinueOverLimitIsRefusedBeforeTheBody) {
  ServerOptions o;
  o.max_body_bytes = 4096;
  Start(o);
  RawClient c(port_);
  ASSERT_TRUE(c.Send(Headers("Content-Length: 10000000\r\nExpect: 100-continue\r\n")));
  Expect413(c.ReadAll(seconds(10)), o.max_body_bytes);
}

// Bodies are read only through the capped reader, on every route: a chunked body sent to a route
// that takes none is not buffered, and the connection is closed after the answer.
TEST_F(LimitsTest, BodiesOnOtherRoutesAreNotBuffered) {
  ServerOptions o;
  o.max_body_bytes = 1 << 20;
  Start(o);
  for (const char* line : {"POST /health HTTP/1.1\r\n", "PUT /nowhere HTTP/1.1\r\n"}) {
    SCOPED_TRACE(line);
    RawClient c(port_);
    ASSERT_TRUE(c.Send(std::string(line) + "Host: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
                       "10\r\n0123456789abcdef\r\n"));  // and never the last chunk
    bool closed = false;
    const std::string response = c.ReadAll(seconds(10), &closed);
    EXPECT_TRUE(closed);
    EXPECT_TRUE(RawClient::Status(response) == 405 || RawClient::Status(response) == 404)
        << response;
  }
}

// The request line and headers must be complete within header_timeout of the first byte, however
// steadily the bytes come (the read timeout used to restart on every byte).
TEST_F(LimitsTest, TrickledHeadersAreCutAtTheDeadline) {
  ServerOptions o;
  o.header_timeout = milliseconds(800);
  Start(o);
  for (const std::string start : {"G", "GET /health HTTP/1.1\r\nX-Slow: "}) {
    SCOPED_TRACE(start);
    RawClient c(port_);
    ASSERT_TRUE(c.Send(start));
    const auto t0 = Clock::now();
    bool open = true;
    // One byte every 100 ms, well inside any per-read timeout, until the server hangs up.
    while (open && Clock::now() - t0 < seconds(10)) {
      if (c.Wait(milliseconds(100)) & (POLLIN | POLLHUP | POLLERR)) break;
      open = c.Send("a");
    }
    bool closed = false;
    const std::string response = c.ReadAll(seconds(5), &closed);
    EXPECT_TRUE(closed);
    EXPECT_LT(Clock::now() - t0, seconds(8)) << "the connection outlived its header deadline";
    // Cut inside the headers: a 408 comes first; inside the request line: just the close.
    if (!response.empty()) {
      EXPECT_EQ(RawClient::Status(response), 408) << response;
      EXPECT_EQ(Parse(RawClient::Body(response))["error"]["code"], "request_timeout");
    }
  }
  auto h = Client().Get("/health");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->status, 200);
}

TEST_F(LimitsTest, TrickledBodyIsCutAtTheDeadline) {
  ServerOptions o;
  o.body_timeout = milliseconds(800);
  Start(o);
  RawClient c(port_);
  ASSERT_TRUE(c.Send(Headers("Content-Length: 100000\r\n") + "{"));
  const auto t0 = Clock::now();
  while (Clock::now() - t0 < seconds(10)) {
    if (c.Wait(milliseconds(100)) & (POLLIN | POLLHUP | POLLERR)) break;
    if (!c.Send(" ")) break;
  }
  const std::string response = c.ReadAll(seconds(5));
  EXPECT_LT(Clock::now() - t0, seconds(8));
  ASSERT_EQ(RawClient::Status(response), 408) << response;
  EXPECT_EQ(Parse(RawClient::Body(response))["error"]["code"], "request_timeout");
}

TEST_F(LimitsTest, OversizedHeadersAre431) {
  ServerOptions o;
  o.max_header_bytes = 8 << 10;
  Start(o);
  RawClient c(port_);
  std::string req = "GET /health HTTP/1.1\r\nHost: x\r\n";
  for (int i = 0; i < 100; ++i) {
    req += "X-Filler-" + std::to_string(i) + ": " + std::string(200, 'f') + "\r\n";
  }
  req += "\r\n";
  (void)c.Send(req);  // the server may stop reading (and close) before all of it is sent
  const std::string response = c.ReadAll(seconds(10));
  ASSERT_EQ(RawClient::Status(response), 431) << response;
  EXPECT_EQ(Parse(RawClient::Body(response))["error"]["code"], "headers_too_large");
}

// Connections past max_connections run on reserve threads: /health is answered there and anything
// else is refused with 503 at once, instead of waiting behind the slow ones.
TEST_F(LimitsTest, HealthAnswersWhenConnectionsAreExhausted) {
  // Three requests below, one after another, each on a reserve thread of its own (a reserve slot
  // frees a moment after its answer is out, so three slots keep this free of races).
  auto slow = StartWithSlowConnections(/*max_connections=*/4, /*overflow_connections=*/3);
  const auto t0 = Clock::now();
  httplib::Client hc = Client();
  hc.set_read_timeout(5, 0);
  auto h = hc.Get("/health");
  ASSERT_TRUE(h) << "/health went unanswered";
  EXPECT_EQ(h->status, 200);
  auto r = Client().Post("/v1/chat/completions", Chat("hi"), "application/json");
  json e = ExpectError(r, 503);
  EXPECT_EQ(e["code"], "too_many_connections");
  EXPECT_EQ(r->get_header_value("Retry-After"), "1");
  EXPECT_LT(Clock::now() - t0, seconds(10));
  // Once the slow connections go, normal service resumes.
  slow.clear();
  const auto until = Clock::now() + seconds(10);
  int status = 0;
  while (status != 200 && Clock::now() < until) {
    auto ok = Client().Post("/v1/chat/completions", Chat("back"), "application/json");
    status = ok ? ok->status : 0;
  }
  EXPECT_EQ(status, 200);
}

// Past max_connections and the reserve threads, a connection gets a 503 (or is closed) at once.
TEST_F(LimitsTest, ConnectionsPastTheReserveAreRefusedAtOnce) {
  auto slow = StartWithSlowConnections(/*max_connections=*/2, /*overflow_connections=*/0);
  const auto t0 = Clock::now();
  RawClient extra(port_);
  ASSERT_TRUE(extra.connected());
  (void)extra.Send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
  bool closed = false;
  const std::string response = extra.ReadAll(seconds(10), &closed);
  EXPECT_TRUE(closed);
  EXPECT_LT(Clock::now() - t0, seconds(5));
  if (!response.empty()) {
    ASSERT_EQ(RawClient::Status(response), 503) << response;
    EXPECT_EQ(Parse(RawClient::Body(response))["error"]["code"], "too_many_connections");
  }
}

// A non-streaming client that goes away used to be noticed only when its whole answer was ready.
// The engine's sink now sees it at the next step and the generation stops there.
TEST_F(LimitsTest, NonStreamingClientThatLeavesIsCancelledAtTheNextStep) {
  service_.slow_steps = 3000;  // 30 s of tokens
  service_.step_interval = milliseconds(10);
  Start();
  auto c = std::make_unique<RawClient>(port_);
  const std::string body = Chat("long answer please");
  ASSERT_TRUE(c->Send(Headers("Content-Length: " + std::to_string(body.size()) + "\r\n") + body));
  ASSERT_TRUE(service_.WaitSubmitted(1, seconds(10)));
  c.reset();  // the client leaves
  const auto t0 = Clock::now();
  EXPECT_TRUE(service_.WaitSinkRefused(seconds(10)));
  EXPECT_LT(Clock::now() - t0, seconds(5));
  auto h = Client().Get("/health");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->status, 200);
}

// A body read to its end leaves the connection reusable; one refused before its end does not.
TEST_F(LimitsTest, KeepAliveAfterReadBodiesOnly) {
  ServerOptions o;
  o.max_body_bytes = 4096;
  Start(o);
  RawClient c(port_);
  const std::string body = Chat("one");
  const std::string req = Headers("Content-Length: " + std::to_string(body.size()) + "\r\n") + body;
  ASSERT_TRUE(c.Send(req + req));  // two requests on one connection
  auto count = [](const std::string& text) {
    int n = 0;
    for (size_t p = text.find("HTTP/1.1 200"); p != std::string::npos;
         p = text.find("HTTP/1.1 200", p + 1)) {
      ++n;
    }
    return n;
  };
  std::string both;
  const auto until = Clock::now() + seconds(10);
  while (count(both) < 2 && Clock::now() < until) both += c.ReadAll(milliseconds(200));
  EXPECT_EQ(count(both), 2) << both;
  EXPECT_EQ(both.find("Connection: close"), std::string::npos) << both;
}

}  // namespace
}  // namespace vlmxla::server
