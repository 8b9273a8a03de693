#include "vlmxla/text/streaming_decoder.h"

namespace vlmxla::text {

StreamingDecoder::StreamingDecoder(const Tokenizer& tokenizer, bool skip_special_tokens)
    : tokenizer_(tokenizer),
      skip_special_tokens_(skip_special_tokens),
      state_(tokenizer.decoder().NewState()) {}

std::string StreamingDecoder::Push(int32_t id) {
  std::string out;
  if (const std::string* token = tokenizer_.TokenForDecode(id, skip_special_tokens_)) {
    tokenizer_.decoder().Push(&state_, *token, &out);
  }
  return out;
}

std::string StreamingDecoder::Finish() {
  std::string out;
  tokenizer_.decoder().Finish(&state_, &out);
  state_ = tokenizer_.decoder().NewState();
  return out;
}

}  // namespace vlmxla::text
