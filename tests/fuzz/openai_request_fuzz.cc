// libFuzzer target: a request body through the OpenAI chat and text completion parsers into
// GenerationRequest. Every body gives a request or an ApiError naming a field, never a throw.
#include <cstddef>
#include <cstdint>
#include <string>

#include "vlmxla/server/openai_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string body(reinterpret_cast<const char*>(data), size);
  vlmxla::server::ParsedRequest chat, text;
  (void)vlmxla::server::ParseChatRequest(body, &chat);
  (void)vlmxla::server::ParseTextRequest(body, &text);
  return 0;
}
