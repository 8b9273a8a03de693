// The live-server fixture of the server tests: an HttpServer on a free loopback port in front of
// FakeService, httplib clients for it, and a raw socket client for what httplib's client cannot
// send (partial requests, bodies trickled or cut off).
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <chrono>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "fake_service.h"
#include "vlmxla/server/http_server.h"

namespace vlmxla::server::testing {

using json = nlohmann::json;

// One TCP connection to 127.0.0.1:port, driven byte by byte.
class RawClient {
 public:
  explicit RawClient(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  }
  ~RawClient() { Close(); }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool connected() const { return connected_; }
  void Close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  // Sends all of `data`; false once the server closed or reset the connection.
  bool Send(std::string_view data) {
    while (!data.empty()) {
      const ssize_t n = ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
      if (n <= 0) return false;
      data.remove_prefix(static_cast<size_t>(n));
    }
    return true;
  }
  // Sends what fits without blocking; the number of bytes sent (0 when none fit, -1 on error).
  ssize_t TrySend(std::string_view data) {
    const ssize_t n = ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
    return n;
  }
  // Waits up to `timeout` for data or end of stream from the server (and, with `writable`, for
  // room to send). Returns POLLIN / POLLOUT bits, 0 on timeout.
  int Wait(std::chrono::milliseconds timeout, bool writable = false) {
    pollfd p{fd_, static_cast<short>(POLLIN | (writable ? POLLOUT : 0)), 0};
    if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return 0;
    return p.revents & (POLLIN | POLLOUT | POLLHUP | POLLERR) ? p.revents : 0;
  }
  // Reads until the server closes (or resets) the connection or `timeout` passes; `closed` tells
  // which.
  std::string ReadAll(std::chrono::milliseconds timeout, bool* closed = nullptr) {
    std::string out;
    const auto until = std::chrono::steady_clock::now() + timeout;
    if (closed) *closed = false;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          until - std::chrono::steady_clock::now());
      if (left.count() <= 0 || !(Wait(left) & (POLLIN | POLLHUP | POLLERR))) return out;
      char buf[16384];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) {
        if (closed) *closed = true;
        return out;
      }
      out.append(buf, static_cast<size_t>(n));
    }
  }
  // The status code of an HTTP response at the start of `text`; 0 when there is none.
  static int Status(const std::string& text) {
    if (text.rfind("HTTP/1.1 ", 0) != 0 || text.size() < 12) return 0;
    return std::atoi(text.substr(9, 3).c_str());
  }
  // The body after the headers of the response in `text`.
  static std::string Body(const std::string& text) {
    const size_t p = text.find("\r\n\r\n");
    return p == std::string::npos ? std::string() : text.substr(p + 4);
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
};

class ServerTest : public ::testing::Test {
 protected:
  void Start(ServerOptions o = {}) {
    signal(SIGPIPE, SIG_IGN);
    o.host = "127.0.0.1";
    o.port = 0;
    o.stream_heartbeat = std::chrono::milliseconds(50);
    server_ = std::make_unique<HttpServer>(&service_, o);
    auto port = server_->Bind();
    ASSERT_TRUE(port.ok()) << port.status().ToString();
    port_ = *port;
    thread_ = std::thread([this] { (void)server_->Serve(); });
  }
  void TearDown() override {
    if (server_) server_->Stop();
    if (thread_.joinable()) thread_.join();
  }
  httplib::Client Client() {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(20, 0);
    return c;
  }
  httplib::Result Post(const std::string& path, const std::string& body,
                       httplib::Headers headers = {}) {
    return Client().Post(path.c_str(), headers, body, "application/json");
  }
  static json Parse(const std::string& body) { return json::parse(body, nullptr, false); }
  // Asserts the OpenAI envelope and returns its "error" object.
  json ExpectError(const httplib::Result& r, int status) {
    EXPECT_TRUE(r) << "no response";
    if (!r) return {};
    EXPECT_EQ(r->status, status) << r->body;
    json j = json::parse(r->body, nullptr, false);
    EXPECT_TRUE(j.is_object() && j.contains("error")) << r->body;
    if (!j.is_object() || !j.contains("error")) return {};
    const json& e = j["error"];
    EXPECT_TRUE(e["message"].is_string() && !e["message"].get<std::string>().empty());
    EXPECT_TRUE(e["type"].is_string());
    EXPECT_TRUE(e.contains("param") && e.contains("code"));
    // The server survives whatever the client sent.
    auto h = Client().Get("/health");
    EXPECT_TRUE(h && h->status == 200);
    return e;
  }
  static std::string Chat(const std::string& text, json extra = json::object()) {
    json j = {{"model", "fake-model"}, {"messages", {{{"role", "user"}, {"content", text}}}}};
    for (auto& [k, v] : extra.items()) j[k] = v;
    return j.dump();
  }
  // SSE events' data payloads, in order.
  static std::vector<std::string> Events(const std::string& body) {
    std::vector<std::string> out;
    std::istringstream in(body);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("data: ", 0) == 0) out.push_back(line.substr(6));
    }
    return out;
  }

  FakeService service_;
  std::unique_ptr<HttpServer> server_;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace vlmxla::server::testing
