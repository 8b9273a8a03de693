// Incremental detokenization: text is released as soon as no later token can change it, never
// half a UTF-8 character, and all Push results plus Finish() equal Tokenizer::Decode of the ids.
#pragma once

#include <cstdint>
#include <string>

#include "vlmxla/text/tokenizer.h"

namespace vlmxla::text {

class StreamingDecoder {
 public:
  // `tokenizer` must outlive the decoder.
  explicit StreamingDecoder(const Tokenizer& tokenizer, bool skip_special_tokens = false);

  // The text completed by `id` (often empty while bytes of a character are pending).
  std::string Push(int32_t id);
  // The text still held back (e.g. an incomplete character, as U+FFFD). Ends the stream.
  std::string Finish();

 private:
  const Tokenizer& tokenizer_;
  bool skip_special_tokens_;
  DecoderChain::State state_;
};

}  // namespace vlmxla::text
