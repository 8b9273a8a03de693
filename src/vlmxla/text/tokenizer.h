// A Hugging Face tokenizer.json, loaded and run with exact parity to the `tokenizers` library for
// the two styles our models use: byte-level BPE (GPT-2, Qwen2) and SentencePiece-style BPE with
// byte fallback (Llama, Mistral). Components outside that set fail to load with Unimplemented,
// naming the component, rather than tokenizing differently.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/text/added_vocabulary.h"
#include "vlmxla/text/bpe.h"
#include "vlmxla/text/decoder.h"
#include "vlmxla/text/normalizer.h"
#include "vlmxla/text/pre_tokenizer.h"

namespace vlmxla::text {

class Tokenizer {
 public:
  static Result<Tokenizer> FromFile(const std::string& path);
  static Result<Tokenizer> FromJson(std::string_view json);

  // Token ids of `text` (UTF-8). Invalid UTF-8 is InvalidArgument naming the byte offset.
  // `add_special_tokens`: apply the post-processor (e.g. prepend <s>).
  Result<std::vector<int32_t>> Encode(std::string_view text, bool add_special_tokens) const;

  // As Encode, but gives up with OutOfRange (reason kReasonTooManyTokens) once `text` is certain
  // to yield more than `max_ids` ids before the post-processor adds its own: at once, without
  // tokenizing, when text.size() > max_bytes_per_token() * max_ids; otherwise as soon as the
  // count passes max_ids, without tokenizing the rest.
  Result<std::vector<int32_t>> EncodeAtMost(std::string_view text, bool add_special_tokens,
                                            size_t max_ids) const;

  // An upper bound on the bytes of input one token can stand for, or nullopt when this
  // tokenizer has none (some input may yield no token at all, or any amount of it one token).
  // It is the longest vocabulary or added token in bytes (at least 4, for a character that
  // becomes <unk>), times what the normalizer may shrink text by: 4 for Unicode normalization
  // (a 4-byte character can become a 1-byte one, never nothing), |from|/|to| for a Replace.
  // No bound: an added token with lstrip/rstrip (takes any run of whitespace), fuse_unk while
  // <unk> can occur, characters the model can drop (no <unk>, no complete byte fallback, no
  // ByteLevel covering all 256 bytes), a Split that removes its matches, a Replace with "".
  std::optional<size_t> max_bytes_per_token() const { return max_bytes_per_token_; }

  // Text of `ids`; unknown ids are ignored and ill-formed bytes become U+FFFD, as tokenizers does.
  std::string Decode(std::span<const int32_t> ids, bool skip_special_tokens) const;

  // The raw bytes token `id` stands for inside a text (DecoderChain::TokenBytes): possibly part
  // of a UTF-8 character; "" for an unknown id.
  std::string TokenBytes(int32_t id) const;

  std::optional<int32_t> TokenToId(std::string_view token) const;
  std::optional<std::string> IdToToken(int32_t id) const;
  // Largest id (model vocabulary or added token) + 1.
  int32_t vocab_size() const { return vocab_size_; }
  bool IsSpecial(int32_t id) const;
  const std::vector<AddedToken>& added_tokens() const { return added_tokens_; }

  // For StreamingDecoder: the decoder chain, and the token text an id feeds it (nullptr when the
  // id is unknown or skipped as special).
  const DecoderChain& decoder() const { return decoder_; }
  const std::string* TokenForDecode(int32_t id, bool skip_special_tokens) const;

 private:
  // TemplateProcessing "single": each item is either the sequence or fixed special ids.
  struct TemplateItem {
    bool is_sequence = false;
    std::vector<int32_t> ids;
  };
  using Template = std::vector<TemplateItem>;
  Status ParsePostProcessor(const nlohmann::json& j);
  Status TokenizeText(std::string_view piece, bool at_origin, size_t max_ids,
                      std::vector<int32_t>* ids) const;
  std::optional<size_t> ComputeMaxBytesPerToken() const;

  BpeModel model_;
  std::optional<Normalizer> normalizer_;
  std::optional<PreTokenizer> pre_tokenizer_;
  DecoderChain decoder_;
  std::vector<Template> templates_;  // applied in order when add_special_tokens
  std::vector<AddedToken> added_tokens_;
  std::unordered_map<int32_t, std::string> added_by_id_;
  std::unordered_map<std::string, int32_t> added_by_content_;
  std::unordered_set<std::string> special_contents_;
  AddedTokenMatcher raw_matcher_;         // tokens with normalized=false, matched in the input
  AddedTokenMatcher normalized_matcher_;  // normalized=true, matched in normalized text
  int32_t vocab_size_ = 0;
  std::optional<size_t> max_bytes_per_token_;
};

// Status reason of EncodeAtMost when the text yields more ids than allowed.
inline constexpr char kReasonTooManyTokens[] = "too_many_tokens";

}  // namespace vlmxla::text
