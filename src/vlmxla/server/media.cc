#include "vlmxla/server/media.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

#include <httplib.h>

#include "vlmxla/server/errors.h"

namespace vlmxla::server {
namespace {

namespace fs = std::filesystem;

// URLs can be megabytes of base64; quote only their start in messages.
std::string Quote(const std::string& url) {
  constexpr size_t kMax = 80;
  return "'" + (url.size() <= kMax ? url : url.substr(0, kMax) + "...") + "'";
}

bool StartsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int Base64Value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

Result<std::string> PercentDecode(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      return -1;
    };
    if (i + 2 >= s.size()) {
      return InvalidArgument("bad percent-encoding in file URL " + Quote(s));
    }
    int hi = hex(s[i + 1]), lo = hex(s[i + 2]);
    if (hi < 0 || lo < 0) return InvalidArgument("bad percent-encoding in file URL " + Quote(s));
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  if (out.find('\0') != std::string::npos) {
    return InvalidArgument("file URL " + Quote(s) + " contains a NUL byte");
  }
  return out;
}

const char* FileKind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

// Reads a regular file without following a symlink in its last component (the directory check
// has already resolved every component). O_NONBLOCK makes open() itself return at once whatever
// the path is (a FIFO with no writer would block it forever, a device could do anything on open);
// fstat then refuses everything but a regular file before a byte is read, and a regular file
// ignores O_NONBLOCK.
Result<std::vector<uint8_t>> ReadLocalFile(const std::string& path, int64_t max_bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP) {
      return InvalidArgument("image path '" + path + "' is a symbolic link", kReasonMediaForbidden);
    }
    return NotFound("cannot open image file '" + path + "': " + std::strerror(errno));
  }
  struct stat st{};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    return NotFound("cannot stat image file '" + path + "': " + std::strerror(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return InvalidArgument(
        "image path '" + path + "' is " + FileKind(st.st_mode) + ", not a regular file",
        kReasonMediaForbidden);
  }
  if (st.st_size > max_bytes) {
    ::close(fd);
    return OutOfRange("image file '" + path + "' has " + std::to_string(st.st_size) +
                          " bytes; the limit is " + std::to_string(max_bytes),
                      "image_too_large");
  }
  std::vector<uint8_t> bytes(static_cast<size_t>(st.st_size));
  size_t got = 0;
  while (got < bytes.size()) {
    ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  bytes.resize(got);
  return bytes;
}

Result<vision::Image> ResolveLocal(const std::string& url, const MediaOptions& options) {
  std::string path = url;
  if (StartsWith(Lower(url), "file://")) {
    std::string rest = url.substr(7);
    if (StartsWith(Lower(rest), "localhost/")) rest = rest.substr(9);
    if (rest.empty() || rest[0] != '/') {
      return InvalidArgument("file URL " + Quote(url) + " must be file:///absolute/path");
    }
    VLMXLA_ASSIGN_OR_RETURN(path, PercentDecode(rest));
  }
  if (options.allowed_media_dir.empty()) {
    return InvalidArgument(
        "local image files are disabled on this server (start it with "
        "--allowed-media-dir DIR to serve files from DIR): " +
            Quote(url),
        kReasonMediaForbidden);
  }
  std::error_code ec;
  const fs::path root = fs::canonical(options.allowed_media_dir, ec);
  if (ec) {
    return Unavailable("the allowed media directory '" + options.allowed_media_dir +
                       "' cannot be resolved: " + ec.message());
  }
  fs::path p(path);
  if (p.is_relative()) p = root / p;
  // canonical() resolves "..", "." and every symlink, so the prefix test below sees the real path.
  const fs::path real = fs::canonical(p, ec);
  bool inside = false;
  if (!ec) {
    auto r = root.begin();
    auto q = real.begin();
    for (; r != root.end() && q != real.end() && *r == *q; ++r, ++q) {
    }
    inside = r == root.end();
  }
  // One message for "missing" and "outside", so the server does not reveal which files exist.
  if (!inside) {
    return InvalidArgument("image file " + Quote(url) +
                               " does not exist under the allowed media "
                               "directory '" +
                               options.allowed_media_dir + "'",
                           kReasonMediaForbidden);
  }
  VLMXLA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes,
                          ReadLocalFile(real.string(), options.decode_limits.max_bytes));
  return vision::DecodeImage(bytes, options.decode_limits, real.string());
}

struct ParsedUrl {
  std::string scheme;  // "http" | "https"
  std::string host;    // without brackets
  int port = 0;
  std::string target;  // path and query, starting with '/'
};

Result<ParsedUrl> ParseHttpUrl(const std::string& url) {
  ParsedUrl u;
  const std::string lower = Lower(url);
  size_t rest;
  if (StartsWith(lower, "http://")) {
    u.scheme = "http";
    u.port = 80;
    rest = 7;
  } else {
    u.scheme = "https";
    u.port = 443;
    rest = 8;
  }
  size_t end = url.find_first_of("/?#", rest);
  std::string authority =
      url.substr(rest, end == std::string::npos ? std::string::npos : end - rest);
  u.target = end == std::string::npos ? "/" : url.substr(end);
  if (size_t hash = u.target.find('#'); hash != std::string::npos) u.target.resize(hash);
  if (u.target.empty() || u.target[0] != '/') u.target = "/" + u.target;
  if (authority.find('@') != std::string::npos) {
    return InvalidArgument("image URL " + Quote(url) + " must not carry credentials");
  }
  std::string port;
  if (!authority.empty() && authority[0] == '[') {
    size_t close = authority.find(']');
    if (close == std::string::npos) return InvalidArgument("bad IPv6 host in URL " + Quote(url));
    u.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') return InvalidArgument("bad host in URL " + Quote(url));
      port = authority.substr(close + 2);
    }
  } else {
    size_t colon = authority.find(':');
    u.host = authority.substr(0, colon);
    if (colon != std::string::npos) port = authority.substr(colon + 1);
  }
  if (u.host.empty()) return InvalidArgument("image URL " + Quote(url) + " has no host");
  if (!port.empty()) {
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(port) < 1 || std::stoi(port) > 65535) {
      return InvalidArgument("image URL " + Quote(url) + " has a bad port");
    }
    u.port = std::stoi(port);
  }
  for (char c : u.target) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) {
      return InvalidArgument("image URL " + Quote(url) + " contains spaces or control bytes");
    }
  }
  return u;
}

// Resolves `host` and returns the numeric address to connect to, refusing private ones unless
// allowed. Every resolved address is checked, so a name cannot hide a private one behind a
// public one.
Result<std::string> ResolveHost(const ParsedUrl& u, const std::string& url,
                                const MediaOptions& options) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  int rc = ::getaddrinfo(u.host.c_str(), nullptr, &hints, &res);
  if (rc != 0 || !res) {
    return Unavailable(
        "cannot resolve the host of image URL " + Quote(url) + ": " + ::gai_strerror(rc),
        kReasonMediaFetch);
  }
  std::string first;
  std::optional<std::string> forbidden;
  for (addrinfo* a = res; a; a = a->ai_next) {
    char buf[INET6_ADDRSTRLEN] = {};
    const void* src =
        a->ai_family == AF_INET
            ? static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(a->ai_addr)->sin_addr)
            : static_cast<const void*>(&reinterpret_cast<sockaddr_in6*>(a->ai_addr)->sin6_addr);
    if (!::inet_ntop(a->ai_family, src, buf, sizeof buf)) continue;
    if (first.empty()) first = buf;
    if (IsForbiddenAddress(buf) && !forbidden) forbidden = buf;
  }
  ::freeaddrinfo(res);
  if (first.empty()) {
    return Unavailable("no usable address for image URL " + Quote(url), kReasonMediaFetch);
  }
  if (forbidden && !options.allow_private_urls) {
    return InvalidArgument("image URL " + Quote(url) + " resolves to " + *forbidden +
                               ", a loopback, private or link-local address, which this server "
                               "does not fetch (start it with --allow-private-urls to permit)",
                           kReasonMediaForbidden);
  }
  return first;
}

Result<std::vector<uint8_t>> FetchHttp(const std::string& start_url, const MediaOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(options.fetch_timeout_seconds));
  const int64_t limit = std::min(options.max_fetch_bytes, options.decode_limits.max_bytes);
  std::string url = start_url;
  for (int hop = 0; hop <= options.max_redirects; ++hop) {
    VLMXLA_ASSIGN_OR_RETURN(ParsedUrl u, ParseHttpUrl(url));
    VLMXLA_ASSIGN_OR_RETURN(std::string ip, ResolveHost(u, url, options));
    const std::string host =
        u.host.find(':') != std::string::npos ? "[" + u.host + "]" : u.host;  // IPv6 literal
    const std::string origin = u.scheme + "://" + host + ":" + std::to_string(u.port);
    httplib::Client client(origin);
    // Connect to the address that was checked, not to whatever a second lookup returns.
    client.set_hostname_addr_map({{u.host, ip}});
    const auto left =
        std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now());
    if (left.count() <= 0) break;
    client.set_connection_timeout(left);
    client.set_read_timeout(left);
    client.set_write_timeout(left);
    client.set_follow_location(false);
    std::vector<uint8_t> body;
    std::string error;
    int status = 0;
    std::string location;
    auto result = client.Get(
        u.target, httplib::Headers{{"Accept", "image/*"}},
        [&](const httplib::Response& r) {
          status = r.status;
          location = r.get_header_value("Location");
          if (status != 200) return false;
          if (r.has_header("Content-Length")) {
            const std::string cl = r.get_header_value("Content-Length");
            if (cl.size() > 18 || std::stoll("0" + cl) > limit) {
              error = "image URL " + Quote(url) + " has " + cl + " bytes; the limit is " +
                      std::to_string(limit);
              return false;
            }
          }
          return true;
        },
        [&](const char* data, size_t n) {
          if (static_cast<int64_t>(body.size() + n) > limit) {
            error = "image URL " + Quote(url) + " sent more than " + std::to_string(limit) +
                    " bytes, the limit";
            return false;
          }
          if (Clock::now() > deadline) {
            error = "fetching image URL " + Quote(url) + " took longer than the limit of " +
                    std::to_string(options.fetch_timeout_seconds) + " s";
            return false;
          }
          body.insert(body.end(), data, data + n);
          return true;
        });
    if (!error.empty()) return OutOfRange(error, kReasonMediaFetch);
    if (status >= 300 && status < 400 && !location.empty()) {
      url = StartsWith(Lower(location), "http://") || StartsWith(Lower(location), "https://")
                ? location
                : (location[0] == '/' ? origin + location : origin + "/" + location);
      continue;
    }
    if (status != 0 && status != 200) {
      return Unavailable("image URL " + Quote(url) + " answered HTTP " + std::to_string(status),
                         kReasonMediaFetch);
    }
    if (!result) {
      return Unavailable(
          "fetching image URL " + Quote(url) + " failed: " + httplib::to_string(result.error()),
          kReasonMediaFetch);
    }
    return body;
  }
  return Unavailable("image URL " + Quote(start_url) + " redirected more than " +
                         std::to_string(options.max_redirects) + " times or timed out",
                     kReasonMediaFetch);
}

}  // namespace

Result<std::vector<uint8_t>> DecodeDataUri(const std::string& uri, int64_t max_bytes) {
  const size_t comma = uri.find(',');
  if (!StartsWith(Lower(uri), "data:") || comma == std::string::npos) {
    return InvalidArgument("malformed data URI " + Quote(uri));
  }
  const std::string header = Lower(uri.substr(5, comma - 5));
  if (!StartsWith(header, "image/") || header.size() < 7 ||
      header.substr(header.size() - 7) != ";base64") {
    return InvalidArgument("data URI " + Quote(uri) + " must be data:image/<type>;base64,<data>");
  }
  const size_t encoded = uri.size() - comma - 1;
  if (static_cast<int64_t>(encoded / 4 * 3) > max_bytes + 3) {
    return OutOfRange("data URI carries about " + std::to_string(encoded / 4 * 3) +
                          " bytes; the limit is " + std::to_string(max_bytes),
                      "image_too_large");
  }
  std::vector<uint8_t> out;
  out.reserve(encoded / 4 * 3 + 3);
  uint32_t acc = 0;
  int bits = 0;
  bool padding = false;
  for (size_t i = comma + 1; i < uri.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(uri[i]);
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (c == '=') {
      padding = true;
      continue;
    }
    const int v = Base64Value(c);
    if (v < 0 || padding) {
      return InvalidArgument("data URI has invalid base64 at offset " + std::to_string(i));
    }
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<uint8_t>((acc >> bits) & 0xff));
    }
  }
  if (bits >= 6) return InvalidArgument("data URI has truncated base64");
  if (static_cast<int64_t>(out.size()) > max_bytes) {
    return OutOfRange("data URI carries " + std::to_string(out.size()) + " bytes; the limit is " +
                          std::to_string(max_bytes),
                      "image_too_large");
  }
  return out;
}

bool IsForbiddenAddress(const std::string& ip) {
  in_addr v4{};
  in6_addr v6{};
  auto v4_forbidden = [](const uint8_t* a) {
    return a[0] == 0 || a[0] == 10 || a[0] == 127 || a[0] >= 224 ||  // this, private, loop,
           (a[0] == 100 && (a[1] & 0xc0) == 64) ||                   // multicast/reserved,
           (a[0] == 169 && a[1] == 254) || (a[0] == 172 && (a[1] & 0xf0) == 16) ||     // CGNAT,
           (a[0] == 192 && a[1] == 168) || (a[0] == 192 && a[1] == 0 && a[2] == 0) ||  // link-
           (a[0] == 198 && (a[1] & 0xfe) == 18);  // local, benchmark
  };
  if (::inet_pton(AF_INET, ip.c_str(), &v4) == 1) {
    return v4_forbidden(reinterpret_cast<const uint8_t*>(&v4.s_addr));
  }
  if (::inet_pton(AF_INET6, ip.c_str(), &v6) != 1) return true;
  const uint8_t* a = v6.s6_addr;
  static const uint8_t kZero[16] = {};
  if (std::memcmp(a, kZero, 15) == 0 && (a[15] == 0 || a[15] == 1)) return true;  // :: and ::1
  if ((a[0] & 0xfe) == 0xfc) return true;                  // fc00::/7 unique local
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return true;  // fe80::/10 link-local
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0) return true;  // fec0::/10 site-local
  if (a[0] == 0xff) return true;                           // multicast
  static const uint8_t kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  static const uint8_t kNat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  if (std::memcmp(a, kMapped, 12) == 0 || std::memcmp(a, kNat64, 12) == 0 ||
      std::memcmp(a, kZero, 12) == 0) {  // also the deprecated IPv4-compatible ::a.b.c.d
    return v4_forbidden(a + 12);
  }
  if (a[0] == 0x20 && a[1] == 0x02) return v4_forbidden(a + 2);  // 6to4
  return false;
}

Result<vision::Image> ResolveImage(const std::string& url, const MediaOptions& options) {
  const std::string lower = Lower(url.substr(0, 16));
  if (StartsWith(lower, "data:")) {
    VLMXLA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes,
                            DecodeDataUri(url, options.decode_limits.max_bytes));
    return vision::DecodeImage(bytes, options.decode_limits, "data URI image");
  }
  if (StartsWith(lower, "http://") || StartsWith(lower, "https://")) {
    VLMXLA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, FetchHttp(url, options));
    return vision::DecodeImage(bytes, options.decode_limits, "image URL " + Quote(url));
  }
  const size_t colon = url.find(':');
  const size_t slash = url.find('/');
  if (!StartsWith(lower, "file://") && colon != std::string::npos &&
      (slash == std::string::npos || colon < slash)) {
    return InvalidArgument("image URL scheme in " + Quote(url) +
                           " is not supported (data:, http(s):, file: or a local path)");
  }
  return ResolveLocal(url, options);
}

}  // namespace vlmxla::server
