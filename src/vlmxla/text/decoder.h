// Decoders of tokenizer.json ("decoder" field): ByteLevel, Metaspace, Replace, ByteFallback,
// Fuse, Strip and Sequence of them (or none: tokens joined by spaces).
//
// The chain is written as a streaming transducer: tokens go in one at a time and only text that
// no later token can change comes out. Tokenizer::Decode feeds all tokens and finishes, and the
// StreamingDecoder feeds them as they arrive, so both produce the same text by construction.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/text/pre_tokenizer.h"
#include "vlmxla/text/utf8.h"

namespace vlmxla::text {

class DecoderChain {
 public:
  // `j` may be null (no decoder).
  static Result<DecoderChain> FromJson(const nlohmann::json& j);

  // Per-stream state; one per decode.
  class State {
   private:
    friend class DecoderChain;
    struct StepState {
      size_t tokens_seen = 0;     // Metaspace, null join
      std::string pending_bytes;  // ByteFallback
      Utf8LossyDecoder utf8;      // ByteLevel
      size_t strip_left = 0;      // Strip: leading chars still to strip
      bool strip_leading = true;  // Strip: still within the leading run
      size_t held = 0;            // Strip: trailing content chars held back
    };
    std::vector<StepState> steps;
  };

  State NewState() const;
  // Feeds one token; appends finished text to *out.
  void Push(State* state, std::string_view token, std::string* out) const;
  // Ends the stream; appends what was held back.
  void Finish(State* state, std::string* out) const;

  // The raw bytes one token stands for in the middle of a text, which may be part of a UTF-8
  // character (a byte-level or byte-fallback token): Replace and Metaspace map as they do inside
  // a text (a word boundary becomes its space), ByteLevel and ByteFallback give their bytes, and
  // the steps that act on the whole text (Fuse, Strip, joining with spaces) do nothing.
  std::string TokenBytes(std::string_view token) const;

 private:
  enum class Kind { kByteLevel, kMetaspace, kReplace, kByteFallback, kFuse, kStrip, kJoinSpace };
  struct Step {
    Kind kind = Kind::kFuse;
    bool fused_input = false;  // the step sees fragments of one fused token, not whole tokens
    std::string a, b;          // Replace: pattern, content; Strip: content; Metaspace: replacement
    char32_t content = 0;      // Strip
    size_t start = 0, stop = 0;
    PrependScheme prepend = PrependScheme::kAlways;
  };
  static Status Flatten(const nlohmann::json& j, std::vector<Step>* steps);

  void Feed(size_t step, State* state, std::string_view item, std::string* out) const;
  void Flush(size_t step, State* state, std::string* out) const;
  void FlushBytes(size_t step, State* state, std::string* out) const;  // ByteFallback's run
  void StripToken(const Step& s, std::string_view token, size_t step, State* state,
                  std::string* out) const;

  std::vector<Step> steps_;
};

}  // namespace vlmxla::text
