// The BPE model of tokenizer.json ("model": {"type": "BPE"}): vocabulary, ranked merges, unknown
// token handling and byte fallback, as tokenizers' models/bpe does it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"

namespace vlmxla::text {

class BpeModel {
 public:
  static Result<BpeModel> FromJson(const nlohmann::json& model);

  // Appends the ids of one pre-tokenized word (valid UTF-8). Characters that are neither in the
  // vocabulary nor covered by byte fallback or an unknown token are dropped, as tokenizers does.
  void Tokenize(std::string_view word, std::vector<int32_t>* ids) const;

  std::optional<int32_t> TokenToId(std::string_view token) const;
  const std::string* IdToToken(int32_t id) const;  // nullptr when absent
  int32_t max_id() const { return max_id_; }

  // An upper bound on the bytes of a word one id stands for: the longest vocabulary token, and
  // at least 4 (a character that becomes <unk>). nullopt when there is none: characters can be
  // dropped (no <unk>, no complete byte fallback and, unless `byte_level_words` and the vocabulary
  // holds all 256 ByteLevel characters, some character missing), or fuse_unk can fold any run of
  // unknown characters into one <unk>.
  std::optional<size_t> MaxWordBytesPerId(bool byte_level_words) const;

 private:
  struct MergeTarget {
    uint32_t rank;
    int32_t new_id;
  };
  static uint64_t PairKey(int32_t a, int32_t b) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
  }

  std::unordered_map<std::string, int32_t> vocab_;
  std::unordered_map<int32_t, std::string> vocab_r_;
  std::unordered_map<uint64_t, MergeTarget> merges_;
  std::optional<int32_t> unk_id_;
  bool fuse_unk_ = false;
  bool byte_fallback_ = false;
  bool ignore_merges_ = false;
  int32_t byte_ids_[256];  // <0xNN> ids, -1 when missing
  int32_t max_id_ = -1;
};

}  // namespace vlmxla::text
