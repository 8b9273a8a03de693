// Image URL resolution: data URIs, the allowed media directory, address filtering and fetching.
#include "vlmxla/server/media.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "fake_service.h"
#include "vlmxla/server/errors.h"

namespace vlmxla::server {
namespace {

namespace fs = std::filesystem;
using testing::EncodePng;
using testing::PngDataUri;

void WriteFile(const fs::path& p, const std::vector<uint8_t>& bytes) {
  std::ofstream(p, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

TEST(DataUri, DecodesPngAndRejectsMalformed) {
  auto img = ResolveImage(PngDataUri(7, 3), {});
  ASSERT_TRUE(img.ok()) << img.status().ToString();
  EXPECT_EQ(img->width, 7);
  EXPECT_EQ(img->height, 3);
  EXPECT_EQ(img->format, "png");

  auto bytes = DecodeDataUri("data:image/png;base64,aGVsbG8", 100);  // no padding
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "hello");
  bytes = DecodeDataUri("data:image/png;base64,-_8=", 100);  // URL-safe alphabet
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(*bytes, (std::vector<uint8_t>{0xfb, 0xff}));
  EXPECT_FALSE(DecodeDataUri("data:image/png;base64,ab!c", 100).ok());
  EXPECT_FALSE(DecodeDataUri("data:image/png;base64,a", 100).ok());  // truncated
  EXPECT_FALSE(DecodeDataUri("data:text/plain;base64,aGVsbG8=", 100).ok());
  EXPECT_FALSE(DecodeDataUri("data:image/png,raw", 100).ok());  // not base64
  auto big = DecodeDataUri("data:image/png;base64," + std::string(400, 'A'), 100);
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status().reason(), "image_too_large");
}

class MediaDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("vlmxla_media_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "allowed" / "sub");
    WriteFile(root_ / "allowed" / "sub" / "ok.png", EncodePng(6, 2));
    WriteFile(root_ / "secret.png", EncodePng(4, 4));
    fs::create_symlink(root_ / "secret.png", root_ / "allowed" / "link.png");
    fs::create_directories(root_ / "allowed2");  // shares a string prefix with "allowed"
    WriteFile(root_ / "allowed2" / "x.png", EncodePng(2, 2));
    options_.allowed_media_dir = (root_ / "allowed").string();
  }
  void TearDown() override { fs::remove_all(root_); }
  void ExpectForbidden(const std::string& url) {
    auto r = ResolveImage(url, options_);
    ASSERT_FALSE(r.ok()) << url;
    EXPECT_EQ(r.status().reason(), kReasonMediaForbidden) << url << ": " << r.status().ToString();
  }
  fs::path root_;
  MediaOptions options_;
};

TEST_F(MediaDirTest, ServesFilesInsideOnly) {
  const std::string ok = (root_ / "allowed" / "sub" / "ok.png").string();
  const std::vector<std::string> urls = {
      ok, "file://" + ok, "sub/ok.png", "file://localhost" + ok,
      (root_ / "allowed" / "sub" / ".." / "sub" / "ok.png").string()};
  for (const std::string& url : urls) {
    auto r = ResolveImage(url, options_);
    ASSERT_TRUE(r.ok()) << url << ": " << r.status().ToString();
    EXPECT_EQ(r->width, 6);
  }
  ExpectForbidden((root_ / "secret.png").string());
  ExpectForbidden((root_ / "allowed" / ".." / "secret.png").string());
  ExpectForbidden("../secret.png");
  ExpectForbidden((root_ / "allowed" / "link.png").string());  // symlink pointing outside
  ExpectForbidden("file://" + (root_ / "allowed" / "%2e%2e" / "secret.png").string());
  ExpectForbidden((root_ / "allowed2" / "x.png").string());
  ExpectForbidden((root_ / "allowed" / "missing.png").string());
  MediaOptions none;
  auto r = ResolveImage(ok, none);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().reason(), kReasonMediaForbidden);
}

// A FIFO under the allowed directory is refused at once, naming the path and why; it used to pin
// the thread in open() until some writer appeared. A directory is refused the same way.
TEST_F(MediaDirTest, RefusesFifoAndDirectoryWithoutBlocking) {
  const fs::path fifo = root_ / "allowed" / "pipe.png";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  fs::create_directories(root_ / "allowed" / "dir.png");
  auto pending =
      std::async(std::launch::async, [&] { return ResolveImage(fifo.string(), options_); });
  if (pending.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    ADD_FAILURE() << "ResolveImage blocked on a FIFO";
    // Release the reader stuck in open(), so that the test can end.
    const int w = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (w >= 0) ::close(w);
  }
  auto r = pending.get();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().reason(), kReasonMediaForbidden) << r.status().ToString();
  EXPECT_NE(r.status().message().find(fifo.string()), std::string::npos) << r.status().ToString();
  EXPECT_NE(r.status().message().find("FIFO"), std::string::npos) << r.status().ToString();
  auto d = ResolveImage("dir.png", options_);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().reason(), kReasonMediaForbidden) << d.status().ToString();
  EXPECT_NE(d.status().message().find("directory"), std::string::npos) << d.status().ToString();
}

TEST(AddressFilter, RefusesLoopbackPrivateLinkLocal) {
  for (const char* ip : {"127.0.0.1",
                         "127.9.9.9",
                         "10.1.2.3",
                         "172.16.0.1",
                         "172.31.255.255",
                         "192.168.1.1",
                         "169.254.169.254",
                         "100.64.0.1",
                         "0.0.0.0",
                         "224.0.0.1",
                         "255.255.255.255",
                         "::1",
                         "::",
                         "fe80::1",
                         "fc00::1",
                         "fd12:3456::1",
                         "ff02::1",
                         "::ffff:127.0.0.1",
                         "::ffff:10.0.0.1",
                         "64:ff9b::a00:1",
                         "2002:7f00:1::",
                         "not-an-ip"}) {
    EXPECT_TRUE(IsForbiddenAddress(ip)) << ip;
  }
  for (const char* ip : {"8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "100.128.0.1",
                         "2606:4700::1111", "::ffff:8.8.8.8"}) {
    EXPECT_FALSE(IsForbiddenAddress(ip)) << ip;
  }
}

// A loopback HTTP server that serves one PNG, for the fetch path.
class FetchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    png_ = EncodePng(9, 5);
    server_.Get("/img.png", [this](const httplib::Request&, httplib::Response& res) {
      res.set_content(std::string(png_.begin(), png_.end()), "image/png");
    });
    server_.Get("/redirect", [](const httplib::Request&, httplib::Response& res) {
      res.set_redirect("/img.png");
    });
    server_.Get("/missing",
                [](const httplib::Request&, httplib::Response& res) { res.status = 404; });
    port_ = server_.bind_to_any_port("127.0.0.1");
    ASSERT_GT(port_, 0);
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    // httplib's stop() is a no-op until the accept loop runs.
    while (!server_.is_running()) std::this_thread::yield();
  }
  void TearDown() override {
    server_.stop();
    thread_.join();
  }
  std::string Url(const std::string& path) {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
  }
  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
  std::vector<uint8_t> png_;
};

TEST_F(FetchTest, PrivateRefusedByDefault) {
  for (const std::string& url :
       {Url("/img.png"), "http://localhost:" + std::to_string(port_) + "/img.png"}) {
    auto r = ResolveImage(url, {});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().reason(), kReasonMediaForbidden) << r.status().ToString();
    EXPECT_NE(r.status().message().find("127.0.0.1"), std::string::npos);
  }
}

TEST_F(FetchTest, FetchesWhenAllowedWithinLimits) {
  MediaOptions o;
  o.allow_private_urls = true;
  auto r = ResolveImage(Url("/img.png"), o);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->width, 9);
  r = ResolveImage(Url("/redirect"), o);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->height, 5);
  r = ResolveImage(Url("/missing"), o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().reason(), kReasonMediaFetch);
  o.max_fetch_bytes = static_cast<int64_t>(png_.size()) - 1;
  r = ResolveImage(Url("/img.png"), o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().reason(), kReasonMediaFetch);
  EXPECT_NE(r.status().message().find(std::to_string(png_.size() - 1)), std::string::npos);
  o.max_fetch_bytes = 1 << 20;
  o.max_redirects = 0;
  EXPECT_FALSE(ResolveImage(Url("/redirect"), o).ok());
  EXPECT_FALSE(ResolveImage("http://user:pw@127.0.0.1/img.png", o).ok());
}

}  // namespace
}  // namespace vlmxla::server
