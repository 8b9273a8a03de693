// The text of one generated sequence as the caller streams it: tokens in, one at a time; text
// deltas and the finish reason out (EOS, stop strings, max_tokens, context capacity).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vlmxla/engine/request.h"
#include "vlmxla/engine/stop_rules.h"
#include "vlmxla/text/streaming_decoder.h"
#include "vlmxla/text/tokenizer.h"

namespace vlmxla::engine {

struct TextStep {
  std::string text;                    // never half a UTF-8 character, never a stop string
  std::optional<FinishReason> finish;  // set on the step that ends the sequence
};

// Concatenating every TextStep::text gives Tokenizer::Decode of the sequence's tokens (EOS not
// fed, special tokens skipped by default, as decode(skip_special_tokens=True) for chat output),
// cut before the first stop string.
class SequenceText {
 public:
  // `tokenizer` must outlive this. `eos_ids`: generation_config.json's eos_token_id (one or a
  // list). `positions_left`: context capacity minus prompt positions; at most that many tokens
  // are generated, so prompt + completion never exceed the capacity (values < 1 count as 1: the
  // token sampled from the prefill is always kept).
  SequenceText(const text::Tokenizer& tokenizer, StopParams stop, std::vector<int32_t> eos_ids,
               int64_t positions_left, bool skip_special_tokens = true);

  // Feeds the next sampled token. Checked in this order: EOS (unless ignore_eos) -> kStop, its
  // text not emitted; a completed stop string -> kStop, emitting only the text before it;
  // max_tokens or positions_left reached -> kLength, after this token's text. The step that
  // finishes also releases what was held back (incomplete characters, stop-string prefixes).
  // After the finish, Push ignores its token and returns an empty step with no finish.
  TextStep Push(int32_t token);

  // Ends the sequence early with `reason` (kCancelled, kError): the text still held back (cut
  // before a stop string it completes), or "" when already finished.
  std::string Close(FinishReason reason = FinishReason::kCancelled);

  // Tokens pushed before and including the finishing one (EOS included, as OpenAI counts them).
  int64_t generated_tokens() const { return generated_; }
  bool finished() const { return finish_.has_value(); }
  std::optional<FinishReason> finish_reason() const { return finish_; }

 private:
  // Releases the decoder's and the stop filter's held text; a stop string completed by the
  // released text still cuts it (and makes the reason kStop).
  void Drain(TextStep* step);

  text::StreamingDecoder decoder_;
  StopStringFilter stops_;
  StopParams params_;
  std::vector<int32_t> eos_ids_;
  int64_t positions_left_;
  int64_t generated_ = 0;
  std::optional<FinishReason> finish_;
};

}  // namespace vlmxla::engine
