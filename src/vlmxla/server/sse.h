// Server-sent events framing for streamed completions: one `data:` event per JSON chunk, the
// `[DONE]` sentinel OpenAI clients wait for, and comment lines that keep idle streams alive (and
// reveal a client that went away, since a write to a closed connection fails).
#pragma once

#include <string>

namespace vlmxla::server {

inline constexpr char kSseContentType[] = "text/event-stream";

// "data: <payload>\n\n". `payload` must not contain a newline (compact JSON never does).
std::string SseData(const std::string& payload);
// "data: [DONE]\n\n"
std::string SseDone();
// ": <comment>\n\n", ignored by clients.
std::string SseComment(const std::string& comment);

}  // namespace vlmxla::server
