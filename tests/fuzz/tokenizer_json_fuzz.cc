// libFuzzer target: tokenizer.json bytes -> Tokenizer. The input is the JSON, optionally followed
// by a NUL and a text: a tokenizer that loads encodes the text (or a fixed one) and decodes the
// ids, so a loaded-but-inconsistent tokenizer (ids out of range, a broken merge table) shows.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "vlmxla/text/tokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  const std::string_view json = input.substr(0, nul);
  const std::string_view text = nul == std::string_view::npos
                                    ? std::string_view("Hello world, <image> 12 \xC3\xA9!")
                                    : input.substr(nul + 1);
  auto tokenizer = vlmxla::text::Tokenizer::FromJson(json);
  if (!tokenizer.ok()) return 0;
  for (bool special : {false, true}) {
    auto ids = tokenizer->Encode(text, special);
    if (!ids.ok()) continue;
    (void)tokenizer->Decode(*ids, special);
    (void)tokenizer->EncodeAtMost(text, special, 8);
  }
  return 0;
}
