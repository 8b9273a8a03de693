// Structured output: the sampler's mask hook (with a fake constraint) and the xgrammar-backed
// GrammarCompiler on the test vocabulary (JSON object, JSON Schema, EBNF), driven with random
// logits so that only the mask can make the output valid.
#include "vlmxla/engine/grammar.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_tokenizer.h"
#include "vlmxla/engine/sampler.h"

namespace vlmxla::engine {
namespace {

using test_tokenizer::kEndOfText;
using test_tokenizer::kImEnd;
using test_tokenizer::kTool;
using test_tokenizer::TestTokenizer;

constexpr int64_t kVocab = 320;  // past the tokenizer's 303 ids, as a model's padded vocab is

// Allows only `allowed`; records what it was told.
class FakeConstraint final : public TokenConstraint {
 public:
  FakeConstraint(std::set<int32_t> allowed, std::vector<int32_t>* accepted)
      : allowed_(std::move(allowed)), accepted_(accepted) {}
  bool FillBitmask(std::span<int32_t> bitmask) override {
    std::fill(bitmask.begin(), bitmask.end(), 0);
    for (int32_t id : allowed_) bitmask[id / 32] |= static_cast<int32_t>(1u << (id % 32));
    return true;
  }
  bool Accept(int32_t token) override {
    accepted_->push_back(token);
    return allowed_.count(token) > 0;
  }

 private:
  std::set<int32_t> allowed_;
  std::vector<int32_t>* accepted_;
};

class FakeFactory final : public ConstraintFactory {
 public:
  FakeFactory(std::set<int32_t> allowed, std::vector<int32_t>* accepted)
      : allowed_(std::move(allowed)), accepted_(accepted) {}
  std::unique_ptr<TokenConstraint> New() const override {
    return std::make_unique<FakeConstraint>(allowed_, accepted_);
  }

 private:
  std::set<int32_t> allowed_;
  std::vector<int32_t>* accepted_;
};

// The parse error of `text`, or "" when it is valid JSON (RFC 8259). nlohmann refuses two things
// the RFC's grammar allows and random tokens do write: a number too large for a double
// (709e368786952742; Python's json reads inf) and a lone surrogate escape ("\uDaba"; Python
// keeps it).
std::string JsonError(const std::string& text) {
  try {
    const auto unused = nlohmann::json::parse(text);
    (void)unused;
    return "";
  } catch (const nlohmann::json::out_of_range& e) {
    return e.id == 406 ? "" : e.what();
  } catch (const nlohmann::json::parse_error& e) {
    return std::string(e.what()).find("surrogate U+") != std::string::npos ? "" : e.what();
  }
}

int CodePoints(const std::string& s) {
  return static_cast<int>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::vector<float> RandomLogits(int64_t n, std::mt19937& rng) {
  std::normal_distribution<float> normal(0, 3);
  std::vector<float> v(n);
  for (float& x : v) x = normal(rng);
  return v;
}

TEST(SamplerMask, MaskedTokensNeverWinAndTheDrawnTokenAdvancesTheConstraint) {
  std::vector<int32_t> accepted;
  SamplingParams p;
  p.logprobs = 3;
  p.constraint = std::make_shared<FakeFactory>(std::set<int32_t>{5, 40, 77}, &accepted);
  Sampler greedy(p, 1);
  std::vector<float> logits(100, 0.0f);
  logits[3] = 10;  // the unmasked argmax
  logits[40] = 2;
  logits[77] = 1;
  TokenLogprob lp;
  EXPECT_EQ(greedy.Sample(logits, &lp), 40);
  EXPECT_EQ(accepted, std::vector<int32_t>{40});
  // Log-probabilities are over the masked distribution: three tokens share all the mass.
  const double z = std::exp(2.0) + std::exp(1.0) + std::exp(0.0);
  EXPECT_NEAR(lp.logprob, 2.0 - std::log(z), 1e-5);
  ASSERT_EQ(lp.top.size(), 3u);
  EXPECT_EQ(lp.top[0].id, 40);
  EXPECT_EQ(lp.top[1].id, 77);
  EXPECT_EQ(lp.top[2].id, 5);

  // Sampling at a high temperature still draws only allowed tokens.
  p.temperature = 5.0f;
  Sampler hot(p, 7);
  std::mt19937 rng(3);
  for (int i = 0; i < 200; ++i) {
    const int32_t t = hot.Sample(RandomLogits(100, rng));
    EXPECT_TRUE(t == 5 || t == 40 || t == 77) << t;
  }
}

TEST(SamplerMask, PenaltiesAndBiasApplyBeforeTheMask) {
  std::vector<int32_t> accepted;
  SamplingParams p;
  p.logit_bias = {{5, 100.0f}, {3, 100.0f}};  // 3 is masked: no bias brings it back
  p.constraint = std::make_shared<FakeFactory>(std::set<int32_t>{5, 40}, &accepted);
  Sampler s(p, 1);
  std::vector<float> logits(64, 0.0f);
  logits[40] = 50;
  EXPECT_EQ(s.Sample(logits), 5);
}

class GrammarTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::vector<int32_t> stop = {kEndOfText};
    auto c = GrammarCompiler::Create(TestTokenizer(), kVocab, stop);
    ASSERT_TRUE(c.ok()) << c.status().ToString();
    compiler_ = std::move(c).value().release();
  }
  static void TearDownTestSuite() { delete compiler_; }

  // Samples with random logits until the stop token or `max_tokens`; returns the text and
  // whether it stopped.
  static std::pair<std::string, bool> Generate(const GrammarSpec& spec, uint32_t seed,
                                               int max_tokens, float temperature = 1.0f) {
    auto factory = compiler_->Compile(spec);
    EXPECT_TRUE(factory.ok()) << factory.status().ToString();
    SamplingParams p;
    p.temperature = temperature;
    p.constraint = factory.value();
    Sampler s(p, seed);
    std::mt19937 rng(seed);
    std::vector<int32_t> ids;
    for (int i = 0; i < max_tokens; ++i) {
      std::vector<float> logits = RandomLogits(kVocab, rng);
      logits[kEndOfText] -= 4;  // an unmasked stop would end most outputs at once
      const int32_t t = s.Sample(logits);
      EXPECT_NE(t, kImEnd);  // a special token is never part of a grammar's output
      EXPECT_LT(t, TestTokenizer().vocab_size());
      if (t == kEndOfText) return {TestTokenizer().Decode(ids, true), true};
      ids.push_back(t);
    }
    return {TestTokenizer().Decode(ids, true), false};
  }

  static GrammarCompiler* compiler_;
};
GrammarCompiler* GrammarTest::compiler_ = nullptr;

TEST_F(GrammarTest, JsonObjectOutputParsesAsAnObject) {
  int stopped = 0;
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    auto [text, stop] = Generate({GrammarSpec::Kind::kJsonObject, "", false}, seed, 400);
    if (!stop) continue;
    ++stopped;
    ASSERT_EQ(JsonError(text), "") << text;
    EXPECT_EQ(text.front(), '{');
    EXPECT_EQ(text.back(), '}');
  }
  EXPECT_GT(stopped, 0);
}

TEST_F(GrammarTest, JsonSchemaOutputValidatesAndACutOutputIsAValidPrefix) {
  const std::string schema = R"({"type": "object", "properties": {
      "name": {"type": "string", "maxLength": 6},
      "age": {"type": "integer", "minimum": 0, "maximum": 120},
      "tags": {"type": "array", "items": {"enum": ["ab", "ca"]}, "maxItems": 3}},
      "required": ["name", "age", "tags"], "additionalProperties": false})";
  const GrammarSpec spec{GrammarSpec::Kind::kJsonSchema, schema, true};
  int stopped = 0;
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    auto [text, stop] = Generate(spec, seed, 200);
    ASSERT_TRUE(stop) << "seed " << seed << ": " << text;  // every field is bounded
    ++stopped;
    ASSERT_EQ(JsonError(text), "") << text;
    auto j = nlohmann::json::parse(text);
    ASSERT_TRUE(j.is_object()) << text;
    EXPECT_EQ(j.size(), 3u) << text;
    ASSERT_TRUE(j["name"].is_string()) << text;
    EXPECT_LE(CodePoints(j["name"].get<std::string>()), 6) << text;  // maxLength counts these
    ASSERT_TRUE(j["age"].is_number_integer()) << text;
    EXPECT_GE(j["age"].get<int>(), 0);
    EXPECT_LE(j["age"].get<int>(), 120);
    ASSERT_TRUE(j["tags"].is_array()) << text;
    EXPECT_LE(j["tags"].size(), 3u);
    for (const auto& t : j["tags"]) EXPECT_TRUE(t == "ab" || t == "ca") << text;

    // max_tokens cutting the same draw short leaves a prefix the grammar accepts.
    auto [cut, cut_stop] = Generate(spec, seed, 5);
    EXPECT_FALSE(cut_stop);
    EXPECT_EQ(text.substr(0, cut.size()), cut);
    auto fresh = compiler_->Compile(spec).value()->New();
    const auto ids = TestTokenizer().Encode(cut, false).value();
    for (int32_t id : ids) EXPECT_TRUE(fresh->Accept(id)) << cut;
  }
  EXPECT_EQ(stopped, 20);
}

TEST_F(GrammarTest, EbnfGrammarIsFollowedAndTheNonSpecialAddedTokenIsUsable) {
  // "<tool>" is an added token that is not special: a grammar may produce it whole.
  const GrammarSpec spec{GrammarSpec::Kind::kEbnf, R"(root ::= "<tool>" ("ab" | "ca")+ "!")", true};
  for (uint32_t seed = 1; seed <= 10; ++seed) {
    auto [text, stop] = Generate(spec, seed, 100);
    if (!stop) continue;
    ASSERT_GE(text.size(), 9u) << text;
    EXPECT_EQ(text.substr(0, 6), "<tool>") << text;
    EXPECT_EQ(text.back(), '!') << text;
    const std::string body = text.substr(6, text.size() - 7);
    ASSERT_EQ(body.size() % 2, 0u) << text;
    for (size_t i = 0; i < body.size(); i += 2) {
      const std::string pair = body.substr(i, 2);
      EXPECT_TRUE(pair == "ab" || pair == "ca") << text;
    }
  }
  (void)kTool;
}

TEST_F(GrammarTest, AJsonSchemaBetweenAPrefixAndASuffixIsAToolCall) {
  GrammarSpec spec{GrammarSpec::Kind::kJsonSchema,
                   R"({"type": "object", "properties": {"name": {"const": "f"}, "arguments":
                       {"type": "object", "properties": {"n": {"type": "integer", "minimum": -9,
                        "maximum": 999}},
                        "required": ["n"]}}, "required": ["name", "arguments"]})",
                   true};
  spec.prefix = "<tool_call>\n";
  spec.suffix = "\n</tool_call>";
  for (uint32_t seed = 1; seed <= 5; ++seed) {
    auto [text, stop] = Generate(spec, seed, 200);
    ASSERT_TRUE(stop) << text;
    ASSERT_EQ(text.rfind(spec.prefix, 0), 0u) << text;
    ASSERT_GE(text.size(), spec.prefix.size() + spec.suffix.size());
    ASSERT_EQ(text.substr(text.size() - spec.suffix.size()), spec.suffix) << text;
    const std::string body =
        text.substr(spec.prefix.size(), text.size() - spec.prefix.size() - spec.suffix.size());
    ASSERT_EQ(JsonError(body), "") << text;
    auto j = nlohmann::json::parse(body);
    EXPECT_EQ(j["name"], "f");
    ASSERT_TRUE(j["arguments"]["n"].is_number_integer()) << text;
    EXPECT_GE(j["arguments"]["n"].get<int>(), -9) << text;
    EXPECT_LE(j["arguments"]["n"].get<int>(), 999) << text;
  }
}

TEST_F(GrammarTest, AnInvalidSchemaOrGrammarIsAnInvalidArgumentWithItsReason) {
  auto bad_grammar =
      compiler_->Compile({GrammarSpec::Kind::kEbnf, "root ::= undefined_rule", true});
  ASSERT_FALSE(bad_grammar.ok());
  EXPECT_EQ(bad_grammar.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(bad_grammar.status().reason(), kReasonInvalidGrammar);
  EXPECT_NE(bad_grammar.status().message().find("grammar"), std::string::npos);

  auto bad_schema = compiler_->Compile({GrammarSpec::Kind::kJsonSchema, "{\"type\": 12}", true});
  ASSERT_FALSE(bad_schema.ok());
  EXPECT_EQ(bad_schema.status().reason(), kReasonInvalidGrammar);
}

TEST(GrammarCompilerCreate, RefusesAVocabSmallerThanTheTokenizers) {
  const std::vector<int32_t> stop = {kEndOfText};
  auto c = GrammarCompiler::Create(TestTokenizer(), 100, stop);
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find("vocab_size 100"), std::string::npos);
}

}  // namespace
}  // namespace vlmxla::engine
