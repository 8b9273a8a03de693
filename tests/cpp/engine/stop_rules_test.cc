#include "vlmxla/engine/stop_rules.h"

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_tokenizer.h"
#include "vlmxla/engine/text_stream.h"
#include "vlmxla/text/tokenizer.h"
#include "vlmxla/text/utf8.h"

namespace vlmxla::engine {
namespace {

using namespace test_tokenizer;  // NOLINT: TestTokenizer, Word, Bytes, kImEnd, ...

StopParams Stops(std::vector<std::string> stop, int64_t max_tokens = -1) {
  StopParams p;
  p.stop = std::move(stop);
  p.max_tokens = max_tokens;
  return p;
}

struct Trace {
  std::vector<std::string> deltas;  // one per pushed token
  std::string text;
  std::optional<FinishReason> finish;
  size_t finished_at = 0;  // tokens pushed when finish was reported
};

// Pushes `tokens` until the sequence finishes; checks the per-step contract on the way.
Trace Feed(SequenceText* seq, const std::vector<int32_t>& tokens) {
  Trace run;
  for (int32_t t : tokens) {
    TextStep step = seq->Push(t);
    EXPECT_FALSE(text::FindInvalidUtf8(step.text).has_value()) << step.text;
    run.deltas.push_back(step.text);
    run.text += step.text;
    if (step.finish) {
      run.finish = step.finish;
      run.finished_at = run.deltas.size();
      break;
    }
  }
  return run;
}

SequenceText Seq(StopParams stop, int64_t positions_left = 1000,
                 std::vector<int32_t> eos = {kImEnd}) {
  return SequenceText(TestTokenizer(), std::move(stop), std::move(eos), positions_left);
}

TEST(SequenceTextTest, EosStopsAndIsNotEmitted) {
  auto seq = Seq(Stops({}), 1000, {kImEnd, kEndOfText});
  Trace r = Feed(&seq, {Word("Hello"),
                        Word("\xC4\xA0"
                             "world"),
                        kEndOfText, Word("OP")});
  EXPECT_EQ(r.deltas, (std::vector<std::string>{"Hello", " world", ""}));
  EXPECT_EQ(r.finish, FinishReason::kStop);
  EXPECT_EQ(seq.generated_tokens(), 3);  // EOS counts, as OpenAI's usage does
  EXPECT_TRUE(seq.finished());
  // After the finish, tokens are ignored.
  TextStep after = seq.Push(Word("Hello"));
  EXPECT_EQ(after.text, "");
  EXPECT_FALSE(after.finish.has_value());
  EXPECT_EQ(seq.generated_tokens(), 3);
}

TEST(SequenceTextTest, IgnoreEosKeepsGoingAndSkipsSpecialText) {
  StopParams p = Stops({}, 4);
  p.ignore_eos = true;
  auto seq = Seq(p);
  Trace r = Feed(&seq, {Word("Hello"), kImEnd, kTool, Word("OP"), Word("ab")});
  // The special EOS is skipped in the text; the non-special added token is text.
  EXPECT_EQ(r.text, "Hello<tool>OP");
  EXPECT_EQ(r.finish, FinishReason::kLength);
  EXPECT_EQ(r.finished_at, 4u);
}

TEST(SequenceTextTest, StopStringAcrossTokens) {
  auto seq = Seq(Stops({"STOP"}));
  Trace r = Feed(&seq, {Word("Hello"),
                        Word("\xC4\xA0"
                             "ST"),
                        Word("OP"),
                        Word("\xC4\xA0"
                             "world")});
  // " ST" might start "STOP": " " goes out, "ST" waits; "OP" completes it.
  EXPECT_EQ(r.deltas, (std::vector<std::string>{"Hello", " ", ""}));
  EXPECT_EQ(r.finish, FinishReason::kStop);
  EXPECT_EQ(r.finished_at, 3u);
  // Byte by byte.
  auto bytes = Seq(Stops({"STOP"}));
  Trace b = Feed(&bytes, Bytes("xxSTSTOPyy"));
  EXPECT_EQ(b.text, "xxST");
  EXPECT_EQ(b.finished_at, 8u);
}

TEST(SequenceTextTest, PartialMatchThatIsNotAStopIsReleased) {
  auto seq = Seq(Stops({"STOP"}));
  Trace r = Feed(&seq, {Word("\xC4\xA0"
                             "ST"),
                        Word("\xC4\xA0"
                             "world"),
                        Word("\xC4\xA0"
                             "ST")});
  EXPECT_EQ(r.deltas, (std::vector<std::string>{" ", "ST world", " "}));
  EXPECT_FALSE(r.finish.has_value());
  // The stream ends (EOS): the held "ST" was not a stop string after all.
  TextStep last = seq.Push(kImEnd);
  EXPECT_EQ(last.text, "ST");
  EXPECT_EQ(last.finish, FinishReason::kStop);
}

TEST(SequenceTextTest, StopInsideOneTokenKeepsTheTextBeforeIt) {
  auto seq = Seq(Stops({"OP"}));
  Trace r = Feed(&seq, {Word("Hello"),
                        Word("\xC4\xA0"
                             "STOP"),
                        Word("Hello")});
  EXPECT_EQ(r.deltas, (std::vector<std::string>{"Hello", " ST"}));
  EXPECT_EQ(r.finish, FinishReason::kStop);
}

TEST(SequenceTextTest, EarliestStopStringWins) {
  auto seq = Seq(Stops({"world", "lo w"}));
  Trace r = Feed(&seq, {Word("Hello"), Word("\xC4\xA0"
                                            "world")});
  EXPECT_EQ(r.text, "Hel");
  EXPECT_EQ(r.finish, FinishReason::kStop);
  // A later-starting stop string that completes first ends the text, at its own start.
  auto first = Seq(Stops({"abcd", "bc"}));
  Trace f = Feed(&first, {Word("ab"), 'c', 'd'});
  EXPECT_EQ(f.text, "a");
  EXPECT_EQ(f.finished_at, 2u);
}

TEST(SequenceTextTest, MaxTokensAndCapacity) {
  auto seq = Seq(Stops({}, 2));
  Trace r = Feed(&seq, {Word("Hello"),
                        Word("\xC4\xA0"
                             "world"),
                        Word("OP")});
  EXPECT_EQ(r.deltas, (std::vector<std::string>{"Hello", " world"}));  // the last token's text too
  EXPECT_EQ(r.finish, FinishReason::kLength);
  // Held text is released at the length limit: " ST" was only a possible start of "STOP".
  auto held = Seq(Stops({"STOP"}, 2));
  Trace h = Feed(&held, {Word("Hello"), Word("\xC4\xA0"
                                             "ST")});
  EXPECT_EQ(h.deltas, (std::vector<std::string>{"Hello", " ST"}));
  EXPECT_EQ(h.finish, FinishReason::kLength);
  // Capacity: prompt + completion may not exceed it.
  auto cap = Seq(Stops({}), 3);
  Trace c = Feed(&cap, {'a', 'b', 'c', 'd'});
  EXPECT_EQ(c.text, "abc");
  EXPECT_EQ(c.finish, FinishReason::kLength);
  EXPECT_EQ(cap.generated_tokens(), 3);
  // max_tokens past the capacity: the capacity decides.
  auto both = Seq(Stops({}, 10), 2);
  EXPECT_EQ(Feed(&both, {'a', 'b', 'c'}).finished_at, 2u);
  // No room left still keeps the prefill's token.
  auto none = Seq(Stops({}), 0);
  Trace n = Feed(&none, {'a', 'b'});
  EXPECT_EQ(n.text, "a");
  EXPECT_EQ(n.finish, FinishReason::kLength);
  // EOS on the last allowed token is a stop, not a length finish.
  auto eos = Seq(Stops({}, 2));
  EXPECT_EQ(Feed(&eos, {'a', kImEnd}).finish, FinishReason::kStop);
  // A stop string completed by the last allowed token is a stop as well.
  auto stop_last = Seq(Stops({"ab"}, 2));
  Trace s = Feed(&stop_last, {'x', Word("ab")});
  EXPECT_EQ(s.text, "x");
  EXPECT_EQ(s.finish, FinishReason::kStop);
}

TEST(SequenceTextTest, MultiByteCharactersSplitOverTokens) {
  const std::string text =
      "a\xC3\xA9"
      "b\xF0\x9F\x98\x80"
      "c";  // a é b U+1F600 c
  auto seq = Seq(Stops({}));
  Trace r = Feed(&seq, Bytes(text));
  EXPECT_EQ(r.text, text);
  // é's lead byte and the emoji's first three bytes give nothing; each character comes whole.
  EXPECT_EQ(r.deltas, (std::vector<std::string>{"a", "", "\xC3\xA9", "b", "", "", "",
                                                "\xF0\x9F\x98\x80", "c"}));
  // A stop string with a multi-byte character, completed by its last byte.
  auto stop =
      Seq(Stops({"\xC3\xA9"
                 "b"}));
  Trace s = Feed(&stop, Bytes(text));
  EXPECT_EQ(s.text, "a");
  EXPECT_EQ(s.finished_at, 4u);
  // Cut off inside a character by max_tokens: the stray bytes end as U+FFFD, as Decode does.
  auto cut = Seq(Stops({}, 6));
  Trace c = Feed(&cut, Bytes(text));
  EXPECT_EQ(c.text, TestTokenizer().Decode(Bytes(text.substr(0, 6)), true));
  EXPECT_EQ(c.text,
            "a\xC3\xA9"
            "b"
            "\xEF\xBF\xBD");
}

TEST(SequenceTextTest, CloseReleasesHeldText) {
  auto seq = Seq(Stops({"STOP"}));
  Trace r = Feed(&seq, {Word("Hello"),
                        Word("\xC4\xA0"
                             "ST"),
                        0xC3});
  EXPECT_EQ(r.text, "Hello ");
  EXPECT_EQ(seq.Close(FinishReason::kError), "ST\xEF\xBF\xBD");
  EXPECT_EQ(seq.finish_reason(), FinishReason::kError);
  EXPECT_EQ(seq.Close(), "");
}

// Random token streams against the definition: the text is the decode of the tokens up to the
// first one whose decode contains a stop string, cut before the earliest occurrence; and what is
// held back at any step is a proper prefix of some stop string.
TEST(SequenceTextTest, RandomStreamsMatchTheDefinition) {
  std::mt19937 rng(2024);
  const std::vector<int32_t> pool = {'a',        'b',         'c',        ' ',       Word("ab"),
                                     Word("bc"), Word("abc"), Word("ca"), kEndOfText};
  const text::Tokenizer& tok = TestTokenizer();
  int stopped = 0;
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<std::string> stops(1 + rng() % 3);
    for (auto& s : stops) {
      s.resize(2 + rng() % 3);
      for (char& ch : s) ch = "abc "[rng() % 4];
    }
    const int64_t max_tokens = 1 + rng() % 12;
    std::vector<int32_t> tokens(12);
    for (auto& t : tokens) t = pool[rng() % pool.size()];

    // The definition.
    std::string want;
    std::optional<FinishReason> want_finish;
    size_t want_at = 0;
    for (size_t k = 1; k <= tokens.size() && !want_finish; ++k) {
      const std::string full =
          tok.Decode(std::span<const int32_t>(tokens.data(), k), /*skip_special_tokens=*/true);
      size_t first = std::string::npos;
      for (const auto& s : stops) first = std::min(first, full.find(s));
      if (first != std::string::npos) {
        want = full.substr(0, first), want_finish = FinishReason::kStop, want_at = k;
      } else if (static_cast<int64_t>(k) == max_tokens) {
        want = full, want_finish = FinishReason::kLength, want_at = k;
      }
    }

    auto seq = Seq(Stops(stops, max_tokens));
    std::string got;
    for (size_t k = 0; k < tokens.size(); ++k) {
      TextStep step = seq.Push(tokens[k]);
      got += step.text;
      if (step.finish) {
        EXPECT_EQ(step.finish, want_finish) << trial;
        EXPECT_EQ(k + 1, want_at) << trial;
        break;
      }
      // Not finished: what is held back is a proper prefix of a stop string.
      const std::string full = tok.Decode(std::span<const int32_t>(tokens.data(), k + 1), true);
      ASSERT_EQ(full.compare(0, got.size(), got), 0) << trial;
      const std::string held = full.substr(got.size());
      if (!held.empty()) {
        EXPECT_TRUE(std::any_of(stops.begin(), stops.end(),
                                [&](const std::string& s) {
                                  return held.size() < s.size() &&
                                         s.compare(0, held.size(), held) == 0;
                                }))
            << trial << " holds \"" << held << "\"";
      }
    }
    EXPECT_EQ(got, want) << trial;
    stopped += want_finish == FinishReason::kStop;
  }
  EXPECT_GT(stopped, 100);  // both endings are well exercised
  EXPECT_LT(stopped, 450);
}

TEST(StopStringFilterTest, HoldsOnlyWhatMayStillMatch) {
  StopStringFilter f({"</s>", "##"});
  EXPECT_EQ(f.Push("abc<").text, "abc");
  EXPECT_EQ(f.held_bytes(), 1u);
  EXPECT_EQ(f.Push("/").text, "");
  EXPECT_EQ(f.Push("x#").text, "</x");
  EXPECT_EQ(f.Flush(), "#");
  StopStringFilter none({});
  EXPECT_EQ(none.Push("</s>").text, "</s>");
  EXPECT_FALSE(none.stopped());
}

TEST(StopRulesTest, InvalidStopParamsAreRejected) {
  EXPECT_TRUE(ValidateStopParams(StopParams{}).ok());
  EXPECT_TRUE(ValidateStopParams(Stops({"x", "\xC3\xA9"}, 1)).ok());
  for (const auto& [params, needle] :
       std::vector<std::pair<StopParams, std::string>>{{Stops({}, 0), "max_tokens"},
                                                       {Stops({}, -2), "max_tokens"},
                                                       {Stops({"a", ""}), "stop[1]"},
                                                       {Stops({"\xC3"}), "stop[0]"}}) {
    const Status st = ValidateStopParams(params);
    ASSERT_FALSE(st.ok()) << needle;
    EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(st.message().find(needle), std::string::npos) << st.message();
  }
}

}  // namespace
}  // namespace vlmxla::engine
