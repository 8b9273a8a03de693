#include "vlmxla/text/tokenizer.h"

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "vlmxla/text/streaming_decoder.h"
#include "vlmxla/text/utf8.h"

namespace vlmxla::text {
namespace {

using nlohmann::json;

// A byte-level BPE over the 256 byte characters plus `extra` tokens, with `merges`.
// Byte b's character has id b, extra tokens follow from 256.
std::string ByteLevelJson(const std::vector<std::string>& extra, const json& merges,
                          const json& added = json::array()) {
  json vocab = json::object();
  int id = 0;
  for (int b = 0; b < 256; ++b) {
    // The byte-level character of b (same table as GPT-2's bytes_to_unicode).
    static int next = 256;
    const bool self = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174;
    const int cp = self ? b : next++;
    std::string s;
    if (cp < 0x80) {
      s.push_back(static_cast<char>(cp));
    } else {
      s.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
    vocab[s] = id++;
    if (b == 255) next = 256;
  }
  for (const auto& e : extra) vocab[e] = id++;
  json j = {{"version", "1.0"},
            {"truncation", nullptr},
            {"padding", nullptr},
            {"added_tokens", added},
            {"normalizer", nullptr},
            {"pre_tokenizer",
             {{"type", "ByteLevel"},
              {"add_prefix_space", false},
              {"trim_offsets", true},
              {"use_regex", true}}},
            {"post_processor", nullptr},
            {"decoder", {{"type", "ByteLevel"}}},
            {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", merges}}}};
  return j.dump();
}

// SentencePiece-style: Prepend/Replace normalizer, byte fallback, <s> template.
std::string SentencePieceJson(const json& added = json::array({json{{"id", 1},
                                                                    {"content", "<s>"},
                                                                    {"single_word", false},
                                                                    {"lstrip", false},
                                                                    {"rstrip", false},
                                                                    {"normalized", false},
                                                                    {"special", true}}})) {
  json vocab = {{"<unk>", 0},
                {"<s>", 1},
                {"</s>", 2},
                {"\xE2\x96\x81", 3},
                {"a", 4},
                {"b", 5},
                {"\xE2\x96\x81"
                 "a",
                 6}};
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof(name), "<0x%02X>", b);
    vocab[name] = 7 + b;
  }
  json j = {
      {"added_tokens", added},
      {"normalizer",
       {{"type", "Sequence"},
        {"normalizers", json::array({json{{"type", "Prepend"}, {"prepend", "\xE2\x96\x81"}},
                                     json{{"type", "Replace"},
                                          {"pattern", {{"String", " "}}},
                                          {"content", "\xE2\x96\x81"}}})}}},
      {"pre_tokenizer", nullptr},
      {"post_processor",
       {{"type", "TemplateProcessing"},
        {"single", json::array({json{{"SpecialToken", {{"id", "<s>"}, {"type_id", 0}}}},
                                json{{"Sequence", {{"id", "A"}, {"type_id", 0}}}}})},
        {"special_tokens",
         {{"<s>", {{"id", "<s>"}, {"ids", json::array({1})}, {"tokens", json::array({"<s>"})}}}}}}},
      {"decoder",
       {{"type", "Sequence"},
        {"decoders",
         json::array(
             {json{
                  {"type", "Replace"}, {"pattern", {{"String", "\xE2\x96\x81"}}}, {"content", " "}},
              json{{"type", "ByteFallback"}}, json{{"type", "Fuse"}},
              json{{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}}})}}},
      {"model",
       {{"type", "BPE"},
        {"unk_token", "<unk>"},
        {"fuse_unk", true},
        {"byte_fallback", true},
        {"vocab", vocab},
        {"merges", json::array({json::array({"\xE2\x96\x81", "a"})})}}}};
  return j.dump();
}

std::vector<int32_t> Ids(const Tokenizer& t, const std::string& s, bool special = false) {
  auto r = t.Encode(s, special);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? *r : std::vector<int32_t>{};
}

TEST(TokenizerTest, MergeRankOrderDecides) {
  // "abc": merging "a b" first gives ab + c -> abc; merging "b c" first gives a + bc (no a+bc).
  auto first_ab =
      Tokenizer::FromJson(ByteLevelJson({"ab", "bc", "abc"}, json::array({"a b", "b c", "ab c"})));
  ASSERT_TRUE(first_ab.ok()) << first_ab.status().ToString();
  EXPECT_EQ(Ids(*first_ab, "abc"), (std::vector<int32_t>{258}));
  // Pair-format merges, other order.
  auto first_bc = Tokenizer::FromJson(ByteLevelJson(
      {"ab", "bc", "abc"},
      json::array({json::array({"b", "c"}), json::array({"a", "b"}), json::array({"ab", "c"})})));
  ASSERT_TRUE(first_bc.ok()) << first_bc.status().ToString();
  EXPECT_EQ(Ids(*first_bc, "abc"), (std::vector<int32_t>{'a', 257}));
  EXPECT_EQ(first_bc->Decode(Ids(*first_bc, "abc"), false), "abc");
  EXPECT_EQ(first_bc->vocab_size(), 259);
}

TEST(TokenizerTest, ByteFallbackAndTemplate) {
  auto t = Tokenizer::FromJson(SentencePieceJson());
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  // "a" -> "▁a" (merged); "é" is not in the vocab -> its two UTF-8 bytes.
  EXPECT_EQ(Ids(*t, "a\xC3\xA9", true), (std::vector<int32_t>{1, 6, 7 + 0xC3, 7 + 0xA9}));
  // Strip removes only the first character of the whole text, so " a" keeps its space here.
  EXPECT_EQ(t->Decode(Ids(*t, "a\xC3\xA9", true), false), "<s> a\xC3\xA9");
  EXPECT_EQ(t->Decode(Ids(*t, "a\xC3\xA9", true), true), "a\xC3\xA9");
  // An ill-formed byte run becomes one U+FFFD per byte.
  EXPECT_EQ(t->Decode(std::vector<int32_t>{7 + 0xE2, 7 + 0x82, 4}, false),
            "\xEF\xBF\xBD\xEF\xBF\xBD"
            "a");
  EXPECT_TRUE(t->IsSpecial(1));
  EXPECT_FALSE(t->IsSpecial(4));
  EXPECT_EQ(t->TokenToId("<0x41>"), 7 + 0x41);
  EXPECT_EQ(t->IdToToken(6),
            "\xE2\x96\x81"
            "a");
  EXPECT_EQ(t->IdToToken(100000), std::nullopt);
}

TEST(TokenizerTest, AddedTokensSplitWithStrip) {
  const json added = {{{"id", 300},
                       {"content", "<x>"},
                       {"single_word", false},
                       {"lstrip", true},
                       {"rstrip", true},
                       {"normalized", false},
                       {"special", true}},
                      {{"id", 301},
                       {"content", "<y>"},
                       {"single_word", false},
                       {"lstrip", false},
                       {"rstrip", false},
                       {"normalized", false},
                       {"special", false}}};
  auto t = Tokenizer::FromJson(ByteLevelJson({}, json::array(), added));
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  const int32_t a = 'a', b = 'b', space = 32;  // ids follow byte values; "Ġ" stands for 0x20
  EXPECT_EQ(space, *t->TokenToId("\xC4\xA0"));
  // lstrip/rstrip: the spaces around <x> belong to it.
  EXPECT_EQ(Ids(*t, "a <x> b"), (std::vector<int32_t>{a, 300, b}));
  // <y> strips nothing: the spaces stay with the text around it.
  EXPECT_EQ(Ids(*t, "a <y> b"), (std::vector<int32_t>{a, space, 301, space, b}));
  EXPECT_EQ(t->Decode(Ids(*t, "a <x> b"), false), "a<x>b");
  EXPECT_EQ(t->Decode(Ids(*t, "a <x> b"), true), "ab");
  EXPECT_EQ(t->Decode(Ids(*t, "a <y> b"), true), "a <y> b");
}

TEST(TokenizerTest, InvalidUtf8IsAnErrorNamingTheOffset) {
  auto t = Tokenizer::FromJson(ByteLevelJson({}, json::array()));
  ASSERT_TRUE(t.ok());
  for (const std::string bad : {std::string("ab\xFF"), std::string("ab\xE2\x82"),
                                std::string("ab\xED\xA0\x80"), std::string("ab\xC0\xAF")}) {
    auto r = t->Encode(bad, false);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(r.status().message().find("byte 2"), std::string::npos) << r.status().message();
  }
}

TEST(TokenizerTest, UnknownComponentsAreUnimplemented) {
  auto with = [](const char* field, json value) {
    json j = json::parse(ByteLevelJson({}, json::array()));
    j[field] = std::move(value);
    return Tokenizer::FromJson(j.dump());
  };
  for (auto r :
       {with("normalizer", {{"type", "Lowercase"}}),
        with("pre_tokenizer", {{"type", "Whitespace"}}), with("decoder", {{"type", "WordPiece"}}),
        with("post_processor", {{"type", "BertProcessing"}}),
        with("model", {{"type", "WordPiece"}, {"vocab", json::object()}})}) {
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), ErrorCode::kUnimplemented) << r.status().ToString();
    EXPECT_EQ(r.status().reason(), "unsupported_tokenizer_component");
  }
  EXPECT_FALSE(Tokenizer::FromJson("{not json").ok());
}

TEST(StreamingDecoderTest, FourByteEmojiIsHeldUntilComplete) {
  const std::string emoji = "\xF0\x9F\x98\x80";  // U+1F600
  for (const std::string& cfg : {ByteLevelJson({}, json::array()), SentencePieceJson()}) {
    auto t = Tokenizer::FromJson(cfg);
    ASSERT_TRUE(t.ok()) << t.status().ToString();
    auto ids = Ids(*t, "a" + emoji + "b");
    StreamingDecoder s(*t);
    std::string all;
    size_t pieces_with_text = 0;
    for (int32_t id : ids) {
      std::string piece = s.Push(id);
      // Never a partial character: each piece is empty or a whole UTF-8 string.
      EXPECT_FALSE(FindInvalidUtf8(piece).has_value()) << piece;
      EXPECT_EQ(piece.find("\xEF\xBF\xBD"), std::string::npos) << piece;
      pieces_with_text += !piece.empty();
      all += piece;
    }
    all += s.Finish();
    EXPECT_EQ(all, t->Decode(ids, false));
    EXPECT_EQ(all, "a" + emoji + "b");
    EXPECT_GE(pieces_with_text, 2u);
  }
}

TEST(StreamingDecoderTest, TruncatedCharacterBecomesReplacementAtFinish) {
  auto t = Tokenizer::FromJson(SentencePieceJson());
  ASSERT_TRUE(t.ok());
  std::vector<int32_t> ids = {4, 7 + 0xF0, 7 + 0x9F};
  StreamingDecoder s(*t);
  std::string all;
  for (int32_t id : ids) all += s.Push(id);
  EXPECT_EQ(all, "a");  // the byte run waits: its end decides between text and U+FFFDs
  all += s.Finish();
  EXPECT_EQ(all, t->Decode(ids, false));
  EXPECT_EQ(all, "a\xEF\xBF\xBD\xEF\xBF\xBD");
}

}  // namespace
}  // namespace vlmxla::text

namespace vlmxla::text {
namespace {

TEST(TokenizerTest, RandomBytesNeverCrashAndRoundTripWhenValid) {
  std::mt19937 rng(7);
  for (const std::string& cfg :
       {ByteLevelJson({"ab"}, json::array({"a b"})), SentencePieceJson()}) {
    auto t = Tokenizer::FromJson(cfg);
    ASSERT_TRUE(t.ok());
    int valid = 0;
    for (int i = 0; i < 2000; ++i) {
      std::string s(rng() % 12, '\0');
      for (char& c : s) c = static_cast<char>(i % 2 ? rng() % 256 : 0x61 + rng() % 3);
      auto ids = t->Encode(s, false);
      ASSERT_EQ(ids.ok(), !FindInvalidUtf8(s).has_value()) << i;
      if (!ids.ok()) continue;
      ++valid;
      // Both are lossless here: byte-level BPE by design, the SentencePiece one through byte
      // fallback (and its decoder strips exactly the "▁" its normalizer prepended).
      EXPECT_EQ(t->Decode(*ids, false), s) << i;
    }
    EXPECT_GT(valid, 1000);
  }
}

}  // namespace
}  // namespace vlmxla::text

namespace vlmxla::text {
namespace {

std::vector<std::string> Words(const PreTokenizer& p, const std::string& text) {
  std::vector<std::string> out;
  const Status s = p.ForEachWord(text, true, [&](std::string_view w, bool) {
    out.emplace_back(w);
    return Status::Ok();
  });
  EXPECT_TRUE(s.ok()) << s.ToString();
  return out;
}

// Words are produced one at a time as the regex finds them; every SplitDelimiterBehavior gives what
// tokenizers' pre_tokenize_str gives (expected values from tokenizers 0.21 with Split("-")).
TEST(PreTokenizerTest, SplitBehaviorsMatchTokenizers) {
  using V = std::vector<std::string>;
  const std::vector<std::string> inputs = {"a--b-c--", "--a-b", "-", "ab", "a-b--c", ""};
  const std::vector<std::pair<const char*, std::vector<V>>> expected = {
      {"Removed", {{"a", "b", "c"}, {"a", "b"}, {}, {"ab"}, {"a", "b", "c"}, {}}},
      {"Isolated",
       {{"a", "-", "-", "b", "-", "c", "-", "-"},
        {"-", "-", "a", "-", "b"},
        {"-"},
        {"ab"},
        {"a", "-", "b", "-", "-", "c"},
        {}}},
      {"MergedWithPrevious",
       {{"a-", "-", "b-", "c-", "-"},
        {"-", "-", "a-", "b"},
        {"-"},
        {"ab"},
        {"a-", "b-", "-", "c"},
        {}}},
      {"MergedWithNext",
       {{"a", "-", "-b", "-c", "-", "-"},
        {"-", "-a", "-b"},
        {"-"},
        {"ab"},
        {"a", "-b", "-", "-c"},
        {}}},
      {"Contiguous",
       {{"a", "--", "b", "-", "c", "--"},
        {"--", "a", "-", "b"},
        {"-"},
        {"ab"},
        {"a", "-", "b", "--", "c"},
        {}}},
  };
  for (const auto& [behavior, words] : expected) {
    auto p = PreTokenizer::FromJson({{"type", "Split"},
                                     {"pattern", {{"String", "-"}}},
                                     {"behavior", behavior},
                                     {"invert", false}});
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    for (size_t i = 0; i < inputs.size(); ++i) {
      EXPECT_EQ(Words(*p, inputs[i]), words[i]) << behavior << " on '" << inputs[i] << "'";
    }
  }
  auto meta = PreTokenizer::FromJson({{"type", "Metaspace"},
                                      {"replacement", "\xE2\x96\x81"},
                                      {"prepend_scheme", "always"},
                                      {"split", true}});
  ASSERT_TRUE(meta.ok());
  EXPECT_EQ(Words(*meta, "hello  world x"),
            (V{"\xE2\x96\x81hello", "\xE2\x96\x81", "\xE2\x96\x81world", "\xE2\x96\x81x"}));
}

// The bytes-per-token bound: the longest token (at least 4) times what the normalizer may shrink
// text by, and none where a token can stand for any amount of text.
TEST(TokenizerTest, MaxBytesPerTokenBound) {
  auto byte_level = Tokenizer::FromJson(ByteLevelJson({"abcdefghij"}, json::array()));
  ASSERT_TRUE(byte_level.ok());
  EXPECT_EQ(byte_level->max_bytes_per_token(), 10u);
  auto sp = Tokenizer::FromJson(SentencePieceJson());
  ASSERT_TRUE(sp.ok());
  EXPECT_EQ(sp->max_bytes_per_token(), 6u);  // "<0x41>"; Prepend and Replace only lengthen
  json nfc = json::parse(ByteLevelJson({}, json::array()));
  nfc["normalizer"] = {{"type", "NFC"}};
  EXPECT_EQ(Tokenizer::FromJson(nfc.dump())->max_bytes_per_token(), 4u * 4u);
  // An added token that takes the whitespace around it can stand for any amount of text.
  const json stripping = {{{"id", 300},
                           {"content", "<x>"},
                           {"single_word", false},
                           {"lstrip", true},
                           {"rstrip", false},
                           {"normalized", false},
                           {"special", true}}};
  EXPECT_EQ(Tokenizer::FromJson(ByteLevelJson({}, json::array(), stripping))->max_bytes_per_token(),
            std::nullopt);
  // Without <unk> or complete byte fallback, characters outside the vocabulary vanish.
  json lossy = json::parse(SentencePieceJson());
  lossy["model"]["byte_fallback"] = false;
  lossy["model"].erase("unk_token");
  EXPECT_EQ(Tokenizer::FromJson(lossy.dump())->max_bytes_per_token(), std::nullopt);
  lossy["model"]["unk_token"] = "<unk>";  // fuse_unk: one <unk> for any run of unknown characters
  EXPECT_EQ(Tokenizer::FromJson(lossy.dump())->max_bytes_per_token(), std::nullopt);
  lossy["model"]["fuse_unk"] = false;
  EXPECT_EQ(Tokenizer::FromJson(lossy.dump())->max_bytes_per_token(), 6u);
}

// EncodeAtMost refuses a text of more than max_ids tokens without tokenizing it in full: by its
// length alone when that exceeds the bound, else by stopping once the count passes max_ids.
TEST(TokenizerTest, EncodeAtMostStopsEarly) {
  auto t = Tokenizer::FromJson(ByteLevelJson({}, json::array()));
  ASSERT_TRUE(t.ok());
  ASSERT_EQ(t->max_bytes_per_token(), 4u);  // the 256 byte characters, at least 4
  const std::string fits(40, 'a');          // 40 tokens, 40 bytes
  auto ok = t->EncodeAtMost(fits, false, 40);
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_EQ(ok->size(), 40u);
  auto counted = t->EncodeAtMost(std::string(100, 'a'), false, 40);  // 100 bytes <= 4 * 40
  ASSERT_FALSE(counted.ok());
  EXPECT_EQ(counted.status().reason(), kReasonTooManyTokens);
  EXPECT_NE(counted.status().message().find("counting stopped"), std::string::npos);
  // 161 bytes > 4 * 40: refused before tokenizing, even though the text is not valid UTF-8.
  auto by_length = t->EncodeAtMost(std::string(160, 'a') + "\xFF", false, 40);
  ASSERT_FALSE(by_length.ok());
  EXPECT_EQ(by_length.status().reason(), kReasonTooManyTokens);
  EXPECT_NE(by_length.status().message().find("has 161 bytes"), std::string::npos)
      << by_length.status().message();
  EXPECT_EQ(t->Encode(std::string(1000, 'a'), false)->size(), 1000u);
}

}  // namespace
}  // namespace vlmxla::text
