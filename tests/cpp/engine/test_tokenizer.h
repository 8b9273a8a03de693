// A byte-level BPE tokenizer for the engine's tests (Qwen2 style, built in memory): ids 0-255 are
// the bytes, so any text encodes to one token per byte and token 'x' decodes to "x"; kWords give
// multi-character tokens from id 256; three added tokens (two special) sit at 300-302.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "vlmxla/text/tokenizer.h"
#include "vlmxla/text/utf8.h"

namespace vlmxla::engine::test_tokenizer {

// GPT-2's byte -> character table (printable bytes map to themselves, the rest to U+0100 on).
inline std::string ByteChar(int b) {
  static const std::vector<std::string> table = [] {
    std::vector<std::string> t(256);
    int next = 256;
    for (int i = 0; i < 256; ++i) {
      const bool self = (i >= 33 && i <= 126) || (i >= 161 && i <= 172) || i >= 174;
      std::string s;
      text::AppendUtf8(static_cast<char32_t>(self ? i : next++), &s);
      t[i] = s;
    }
    return t;
  }();
  return table[b];
}

// Multi-character tokens of the test vocabulary, ids from 256 in this order.
inline const std::vector<std::string> kWords = {"Hello",
                                                "\xC4\xA0"
                                                "world",
                                                "\xC4\xA0"
                                                "ST",
                                                "OP",
                                                "\xC4\xA0"
                                                "STOP",
                                                "ab",
                                                "bc",
                                                "abc",
                                                "ca"};
constexpr int32_t kImEnd = 300, kEndOfText = 301, kTool = 302;

inline nlohmann::json AddedToken(int id, const char* content, bool special) {
  return {{"id", id},        {"content", content},  {"single_word", false}, {"lstrip", false},
          {"rstrip", false}, {"normalized", false}, {"special", special}};
}

// tokenizer.json of the test vocabulary (what TestTokenizer() parses; a test writing a model
// directory stores it as is).
inline nlohmann::json TestTokenizerJson() {
  nlohmann::json vocab = nlohmann::json::object();
  for (int b = 0; b < 256; ++b) vocab[ByteChar(b)] = b;
  for (size_t i = 0; i < kWords.size(); ++i) vocab[kWords[i]] = 256 + static_cast<int>(i);
  const nlohmann::json added = nlohmann::json::array({AddedToken(kImEnd, "<|im_end|>", true),
                                                      AddedToken(kEndOfText, "<|endoftext|>", true),
                                                      AddedToken(kTool, "<tool>", false)});
  return {{"version", "1.0"},
          {"added_tokens", added},
          {"normalizer", nullptr},
          {"pre_tokenizer",
           {{"type", "ByteLevel"},
            {"add_prefix_space", false},
            {"trim_offsets", true},
            {"use_regex", true}}},
          {"post_processor", nullptr},
          {"decoder", {{"type", "ByteLevel"}}},
          {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", nlohmann::json::array()}}}};
}

inline const text::Tokenizer& TestTokenizer() {
  static const text::Tokenizer tokenizer = [] {
    auto t = text::Tokenizer::FromJson(TestTokenizerJson().dump());
    EXPECT_TRUE(t.ok()) << t.status().ToString();
    return std::move(t).value();
  }();
  return tokenizer;
}

inline int32_t Word(const std::string& w) {
  auto id = TestTokenizer().TokenToId(w);
  EXPECT_TRUE(id.has_value()) << w;
  return id.value_or(0);
}

inline std::vector<int32_t> Bytes(const std::string& s) {
  return std::vector<int32_t>(reinterpret_cast<const unsigned char*>(s.data()),
                              reinterpret_cast<const unsigned char*>(s.data()) + s.size());
}

}  // namespace vlmxla::engine::test_tokenizer
