#include "vlmxla/server/sse.h"

namespace vlmxla::server {

std::string SseData(const std::string& payload) { return "data: " + payload + "\n\n"; }

std::string SseDone() { return "data: [DONE]\n\n"; }

std::string SseComment(const std::string& comment) { return ": " + comment + "\n\n"; }

}  // namespace vlmxla::server
