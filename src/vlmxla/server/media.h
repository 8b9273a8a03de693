// Resolving an image_url to decoded pixels: data URIs, local files confined to one directory, and
// http(s) URLs fetched with size and time limits that by default refuse loopback, private and
// link-local addresses (checked on the resolved address, which the fetch then connects to).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/vision/image.h"
#include "vlmxla/vision/image_decode.h"

namespace vlmxla::server {

struct MediaOptions {
  // Local paths and file:// URLs are served only from under this directory (canonicalized, so
  // neither ".." nor symlinks lead out of it). Empty: local files are refused.
  std::string allowed_media_dir;
  bool allow_private_urls = false;  // permit loopback/private/link-local http(s) targets
  int64_t max_fetch_bytes = 32ll << 20;
  double fetch_timeout_seconds = 10.0;  // connect + transfer, per URL
  int max_redirects = 3;
  vision::DecodeLimits decode_limits;
};

// Errors: InvalidArgument (malformed URL or data URI), kReasonMediaForbidden (outside the allowed
// directory, local files disabled, private address), kReasonMediaFetch (network failure, HTTP
// status, size or time limit), and the vision layer's decode errors.
Result<vision::Image> ResolveImage(const std::string& url, const MediaOptions& options);

// The bytes of a "data:image/...;base64,..." URI (standard or URL-safe alphabet).
Result<std::vector<uint8_t>> DecodeDataUri(const std::string& uri, int64_t max_bytes);

// True for addresses a server should not fetch from on a client's behalf: loopback, RFC 1918
// private, CGNAT, link-local, unspecified, multicast, reserved, IPv6 ULA/link-local, and IPv4
// embedded in IPv4-mapped/NAT64/6to4 IPv6 addresses when the embedded one is. `ip` is a numeric
// IPv4 or IPv6 literal; anything else counts as forbidden.
bool IsForbiddenAddress(const std::string& ip);

}  // namespace vlmxla::server
