#include "vlmxla/engine/sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace vlmxla::engine {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

SamplingParams Params(float temperature, int top_k = 0, float top_p = 1, float min_p = 0) {
  SamplingParams p;
  p.temperature = temperature;
  p.top_k = top_k;
  p.top_p = top_p;
  p.min_p = min_p;
  return p;
}

std::vector<float> RandomLogits(int n, uint32_t seed, float scale = 3) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0, scale);
  std::vector<float> v(n);
  for (float& x : v) x = normal(rng);
  return v;
}

// The filtered distribution written the obvious way (full sort, step by step), to hold the
// sampler's partial-sort implementation against.
std::vector<double> Reference(const std::vector<float>& logits, const SamplingParams& p) {
  const int n = static_cast<int>(logits.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return logits[a] > logits[b]; });
  const double m = logits[order[0]];
  std::vector<double> prob(n);
  for (int i = 0; i < n; ++i) prob[i] = std::exp((logits[i] - m) / p.temperature);
  auto normalize = [&] {
    double s = std::accumulate(prob.begin(), prob.end(), 0.0);
    for (double& x : prob) x /= s;
  };
  normalize();
  if (p.top_k > 0) {
    for (int r = p.top_k; r < n; ++r) prob[order[r]] = 0;
    normalize();
  }
  if (p.top_p < 1) {
    double cum = 0;
    int r = 0;
    for (; r < n; ++r) {
      cum += prob[order[r]];
      if (cum >= p.top_p) break;
    }
    for (int q = r + 1; q < n; ++q) prob[order[q]] = 0;
    normalize();
  }
  if (p.min_p > 0) {
    const double cut = p.min_p * prob[order[0]];
    for (double& x : prob) {
      if (x < cut) x = 0;
    }
    normalize();
  }
  return prob;
}

TEST(SamplerTest, GreedyTakesLowestIdOfTheMaximum) {
  Sampler s(Params(0), 1);
  EXPECT_TRUE(s.greedy());
  EXPECT_EQ(s.Sample(std::vector<float>{1, 3, 3, 2}), 1);
  EXPECT_EQ(s.Sample(std::vector<float>{5, 5, 5}), 0);
  EXPECT_EQ(s.Sample(std::vector<float>{-1, -2, -0.5f}), 2);
  EXPECT_EQ(s.Sample(std::vector<float>{kNaN, 1, 2, kNaN}), 2);  // NaN never wins
  EXPECT_EQ(s.Sample(std::vector<float>{-kInf, -kInf, -kInf}), 0);
  EXPECT_EQ(s.Sample(std::vector<float>{1, kInf, kInf}), 1);
  EXPECT_EQ(s.Sample(std::vector<float>{}), 0);
}

TEST(SamplerTest, FiltersThatLeaveOneTokenAreGreedy) {
  // top_k 1, a tiny top_p, min_p 1 (with no tie at the top): always the argmax, whatever the draw.
  for (SamplingParams p : {Params(1.0f, 1), Params(1.5f, 0, 1e-6f), Params(0.7f, 0, 1, 1.0f),
                           Params(2.0f, 3, 1e-6f, 0.5f)}) {
    Sampler s(p, 7);
    for (uint32_t i = 0; i < 50; ++i) {
      std::vector<float> logits = RandomLogits(1000, i, 0.1f);  // flat: sampling would wander
      const int32_t argmax =
          static_cast<int32_t>(std::max_element(logits.begin(), logits.end()) - logits.begin());
      ASSERT_EQ(s.Sample(logits), argmax) << "step " << i << " top_k " << p.top_k;
    }
  }
  // top_k 1 keeps the lowest id of a tied maximum, like greedy.
  Sampler s(Params(1.0f, 1), 3);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(s.Sample(std::vector<float>{0, 4, 1, 4}), 1);
}

TEST(SamplerTest, SameSeedSameTokensOtherSeedDiffers) {
  const std::vector<float> flat(1000, 0.0f);
  SamplingParams p = Params(1.0f);
  p.seed = 42;
  Sampler a(p, 1), b(p, 2);  // the explicit seed wins over the fallback
  SamplingParams unseeded = Params(1.0f);
  Sampler c(unseeded, 42);  // unseeded: the fallback seed
  SamplingParams other = p;
  other.seed = 43;
  Sampler d(other, 1);
  std::vector<int32_t> ta, tb, tc, td;
  for (int i = 0; i < 200; ++i) {
    ta.push_back(a.Sample(flat));
    tb.push_back(b.Sample(flat));
    tc.push_back(c.Sample(flat));
    td.push_back(d.Sample(flat));
  }
  EXPECT_EQ(ta, tb);
  EXPECT_EQ(ta, tc);
  // On a flat 1000-way distribution two independent streams agree at a step with p = 1/1000.
  int same = 0;
  for (int i = 0; i < 200; ++i) same += ta[i] == td[i];
  EXPECT_LE(same, 5);
  // A flat draw covers the vocabulary: 200 draws of 1000 give ~181 distinct ids.
  EXPECT_GT(std::set<int32_t>(ta.begin(), ta.end()).size(), 150u);
}

TEST(SamplerTest, SequencesAreIndependentOfEachOther) {
  SamplingParams p = Params(0.9f, 40, 0.95f);
  p.seed = 5;
  SamplingParams q = Params(1.3f);
  q.seed = 6;
  // Alone.
  std::vector<int32_t> alone_p, alone_q;
  {
    Sampler sp(p, 0), sq(q, 0);
    for (uint32_t i = 0; i < 30; ++i) alone_p.push_back(sp.Sample(RandomLogits(500, i)));
    for (uint32_t i = 0; i < 30; ++i) alone_q.push_back(sq.Sample(RandomLogits(500, 100 + i)));
  }
  // Interleaved, as the engine batches them.
  std::vector<int32_t> mixed_p, mixed_q;
  Sampler sp(p, 0), sq(q, 0);
  for (uint32_t i = 0; i < 30; ++i) {
    mixed_q.push_back(sq.Sample(RandomLogits(500, 100 + i)));
    mixed_p.push_back(sp.Sample(RandomLogits(500, i)));
  }
  EXPECT_EQ(alone_p, mixed_p);
  EXPECT_EQ(alone_q, mixed_q);
}

// Empirical frequencies of 20000 draws against the reference distribution, within 5 sigma, and
// never a token the filters removed.
void ExpectDistribution(const std::vector<float>& logits, SamplingParams p, int expected_support) {
  const std::vector<double> want = Reference(logits, p);
  EXPECT_EQ(std::count_if(want.begin(), want.end(), [](double x) { return x > 0; }),
            expected_support);
  p.seed = 1234;
  Sampler s(p, 0);
  constexpr int kDraws = 20000;
  std::vector<int> count(logits.size());
  for (int i = 0; i < kDraws; ++i) {
    const int32_t t = s.Sample(logits);
    ASSERT_GE(t, 0);
    ASSERT_LT(t, static_cast<int32_t>(logits.size()));
    ++count[t];
  }
  for (size_t i = 0; i < logits.size(); ++i) {
    if (want[i] == 0) {
      EXPECT_EQ(count[i], 0) << "token " << i << " was filtered out";
      continue;
    }
    const double mean = kDraws * want[i];
    const double sigma = std::sqrt(kDraws * want[i] * (1 - want[i]));
    EXPECT_NEAR(count[i], mean, 5 * sigma + 1) << "token " << i << " p " << want[i];
  }
}

TEST(SamplerTest, FrequenciesMatchTheFilteredDistribution) {
  // Probabilities at T=1: .316 (2.0) .234 (1.7) .116 .116 (the two 1.0s) .064 .052 .043 .026
  // .016 .016; every threshold below sits well between two cumulative sums.
  const std::vector<float> logits = {1.0f, 2.0f, 0.4f, 1.7f, 1.0f, -1.0f, 0.0f, -1.0f, -0.5f, 0.2f};
  ExpectDistribution(logits, Params(1.0f), 10);
  ExpectDistribution(logits, Params(0.5f), 10);             // sharper
  ExpectDistribution(logits, Params(1.0f, 4), 4);           // 2.0 1.7 and both 1.0s
  ExpectDistribution(logits, Params(1.0f, 0, 0.6f), 3);     // .550 < .6 <= .667: id 0 of the tie
  ExpectDistribution(logits, Params(1.0f, 0, 1, 0.3f), 4);  // p >= .3 p_max: logit >= 0.796
  // All three in order: top_k 6 -> top_p .7 of those keeps 3 (.612 < .7 <= .741) -> min_p .5
  // keeps logits >= 1.307.
  ExpectDistribution(logits, Params(1.0f, 6, 0.7f, 0.5f), 2);
  ExpectDistribution(logits, Params(2.0f, 0, 0.9f), 8);
}

TEST(SamplerTest, TopPTiesBreakByLowerId) {
  // Four equal logits, each 1/4: top_p 0.5 keeps exactly two, the lower ids.
  ExpectDistribution(std::vector<float>{0, 0, 0, 0}, Params(1.0f, 0, 0.5f), 2);
  SamplingParams p = Params(1.0f, 0, 0.5f);
  Sampler s(p, 9);
  for (int i = 0; i < 200; ++i) EXPECT_LT(s.Sample(std::vector<float>{3, 3, 3, 3}), 2);
  // top_k over a tie keeps the lower ids too.
  Sampler k(Params(1.0f, 2), 9);
  for (int i = 0; i < 200; ++i) EXPECT_LT(k.Sample(std::vector<float>{3, 3, 3, 3}), 2);
}

TEST(SamplerTest, LargeVocabularyStaysInsideTheNucleus) {
  // A 152k vocabulary with a wide nucleus, so the partial sort must grow past its first chunk.
  const std::vector<float> logits = RandomLogits(152064, 11, 1.0f);
  const SamplingParams p = Params(1.0f, 0, 0.5f);
  const std::vector<double> want = Reference(logits, p);
  const auto support = std::count_if(want.begin(), want.end(), [](double x) { return x > 0; });
  ASSERT_GT(support, 1000);
  Sampler s(p, 77);
  std::vector<int> order(logits.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return logits[a] > logits[b]; });
  std::vector<int> rank(logits.size());
  for (size_t r = 0; r < order.size(); ++r) rank[order[r]] = static_cast<int>(r);
  int max_rank = 0;
  for (int i = 0; i < 60; ++i) {
    const int32_t t = s.Sample(logits);
    ASSERT_GT(want[t], 0) << "token " << t << " of rank " << rank[t] << " is outside the nucleus";
    max_rank = std::max(max_rank, rank[t]);
  }
  EXPECT_GT(max_rank, 64);
  // top_k on the same row: only the 50 largest ever come out.
  Sampler k(Params(1.0f, 50, 0.95f), 78);
  for (int i = 0; i < 200; ++i) ASSERT_LT(rank[k.Sample(logits)], 50);
}

TEST(SamplerTest, InvalidParamsAreRejectedNamingTheField) {
  EXPECT_TRUE(ValidateSamplingParams(SamplingParams{}).ok());
  EXPECT_TRUE(ValidateSamplingParams(Params(2.0f, 100, 1.0f, 1.0f)).ok());
  EXPECT_TRUE(ValidateSamplingParams(Params(0.0f, 0, 1e-3f, 0.0f)).ok());
  struct Bad {
    SamplingParams params;
    const char* field;
    const char* range;
  };
  for (const Bad& bad :
       {Bad{Params(-0.1f), "temperature", ">= 0"}, Bad{Params(kNaN), "temperature", ">= 0"},
        Bad{Params(kInf), "temperature", "finite"}, Bad{Params(1, -1), "top_k", ">= 0"},
        Bad{Params(1, 0, 0.0f), "top_p", "(0, 1]"}, Bad{Params(1, 0, 1.01f), "top_p", "(0, 1]"},
        Bad{Params(1, 0, kNaN), "top_p", "(0, 1]"}, Bad{Params(1, 0, 1, -0.5f), "min_p", "[0, 1]"},
        Bad{Params(1, 0, 1, 1.5f), "min_p", "[0, 1]"},
        Bad{Params(1, 0, 1, kNaN), "min_p", "[0, 1]"}}) {
    const Status st = ValidateSamplingParams(bad.params);
    ASSERT_FALSE(st.ok()) << bad.field;
    EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(st.message().find(bad.field), std::string::npos) << st.message();
    EXPECT_NE(st.message().find(bad.range), std::string::npos) << st.message();
  }
  // Unvalidated params are clamped, never trusted: a negative temperature is greedy.
  Sampler s(Params(-1.0f, -5, 7.0f, -2.0f), 1);
  EXPECT_TRUE(s.greedy());
  EXPECT_EQ(s.Sample(std::vector<float>{0, 2, 1}), 1);
  Sampler t(Params(1.0f, -5, 7.0f, kNaN), 1);
  for (int i = 0; i < 50; ++i) EXPECT_LT(t.Sample(std::vector<float>{0, 2, 1}), 3);
}

}  // namespace
// log_softmax of `l` in double, written out.
std::vector<double> LogSoftmax(const std::vector<float>& l) {
  double m = -kInf;
  for (float x : l) m = std::max<double>(m, x);
  double sum = 0;
  for (float x : l) sum += std::exp(x - m);
  std::vector<double> out;
  for (float x : l) out.push_back(x - m - std::log(sum));
  return out;
}

TEST(SamplerTest, GreedyLogprobsAreLogSoftmaxOfTheRawLogitsWithRankedAlternatives) {
  SamplingParams p;
  p.logprobs = 3;
  Sampler s(p, 1);
  const std::vector<float> logits = {1, 3, 3, 2, -1};
  TokenLogprob lp;
  ASSERT_EQ(s.Sample(logits, &lp), 1);
  const std::vector<double> want = LogSoftmax(logits);
  EXPECT_EQ(lp.id, 1);
  EXPECT_NEAR(lp.logprob, want[1], 1e-6);
  ASSERT_EQ(lp.top.size(), 3u);
  // Most likely first; ties by lower id.
  EXPECT_EQ(lp.top[0].id, 1);
  EXPECT_EQ(lp.top[1].id, 2);
  EXPECT_EQ(lp.top[2].id, 3);
  for (const TopLogprob& t : lp.top) EXPECT_NEAR(t.logprob, want[t.id], 1e-6);
  // logprobs = 0: the sampled token alone; more than the vocabulary: all of it.
  p.logprobs = 0;
  Sampler zero(p, 1);
  ASSERT_EQ(zero.Sample(logits, &lp), 1);
  EXPECT_TRUE(lp.top.empty());
  EXPECT_NEAR(lp.logprob, want[1], 1e-6);
  p.logprobs = 20;
  Sampler all(p, 1);
  all.Sample(logits, &lp);
  EXPECT_EQ(lp.top.size(), logits.size());
}

TEST(SamplerTest, FrequencyAndPresencePenaltiesCountGeneratedTokensOnly) {
  SamplingParams p;
  p.frequency_penalty = 0.5f;
  p.presence_penalty = 0.25f;
  p.logprobs = 0;
  // Token 0 is in the prompt: frequency and presence never count the prompt.
  const std::vector<int32_t> prompt = {0, 0, 0};
  Sampler s(p, 1, prompt);
  const std::vector<float> logits = {2, 1, 0, -1};
  TokenLogprob lp;
  // Step 1: nothing generated yet, the raw logits.
  ASSERT_EQ(s.Sample(logits, &lp), 0);
  EXPECT_NEAR(lp.logprob, LogSoftmax(logits)[0], 1e-6);
  // Step 2: token 0 once: 2 - 0.5 * 1 - 0.25 = 1.25, still the largest.
  ASSERT_EQ(s.Sample(logits, &lp), 0);
  EXPECT_NEAR(lp.logprob, LogSoftmax({1.25f, 1, 0, -1})[0], 1e-6);
  // Step 3: token 0 twice: 2 - 1.0 - 0.25 = 0.75 < 1, so token 1 wins.
  ASSERT_EQ(s.Sample(logits, &lp), 1);
  EXPECT_NEAR(lp.logprob, LogSoftmax({0.75f, 1, 0, -1})[1], 1e-6);
  // Step 4: 0 twice (0.75), 1 once (1 - 0.5 - 0.25 = 0.25): token 0 again.
  ASSERT_EQ(s.Sample(logits, &lp), 0);
  EXPECT_NEAR(lp.logprob, LogSoftmax({0.75f, 0.25f, 0, -1})[0], 1e-6);
  // A negative presence penalty favours what was already said.
  SamplingParams q;
  q.presence_penalty = -2.0f;
  Sampler r(q, 1);
  const std::vector<float> close = {1.0f, 1.5f};
  ASSERT_EQ(r.Sample(close), 1);
  EXPECT_EQ(r.Sample(std::vector<float>{2.0f, 1.5f}), 1);  // 1.5 + 2 > 2
}

TEST(SamplerTest, RepetitionPenaltyDividesPositiveAndMultipliesNegativeSeenLogits) {
  SamplingParams p;
  p.repetition_penalty = 2.0f;
  p.logprobs = 0;
  // Seen: prompt tokens 1 and 3 (each once however often it appears).
  const std::vector<int32_t> prompt = {1, 3, 3};
  Sampler s(p, 1, prompt);
  const std::vector<float> logits = {1.5f, 4, 0.5f, -2};
  TokenLogprob lp;
  // Processed: {1.5, 4 / 2 = 2, 0.5, -2 * 2 = -4} -> token 1.
  ASSERT_EQ(s.Sample(logits, &lp), 1);
  EXPECT_NEAR(lp.logprob, LogSoftmax({1.5f, 2, 0.5f, -4})[1], 1e-6);
  // Token 1 was generated too; it is penalised once, not once per occurrence.
  ASSERT_EQ(s.Sample(logits, &lp), 1);
  EXPECT_NEAR(lp.logprob, LogSoftmax({1.5f, 2, 0.5f, -4})[1], 1e-6);
  // A penalty below 1 favours seen tokens.
  p.repetition_penalty = 0.5f;
  Sampler favour(p, 1, prompt);
  EXPECT_EQ(favour.Sample(std::vector<float>{7, 4, 0, 0}), 1);  // 4 / 0.5 = 8 > 7
}

TEST(SamplerTest, LogitBiasIsAddedBeforeSamplingAndShowsInTheLogprobs) {
  SamplingParams p;
  p.logit_bias = {{0, -100.0f}, {2, 1.5f}};
  p.logprobs = 1;
  Sampler s(p, 1);
  const std::vector<float> logits = {5, 1, 0};
  TokenLogprob lp;
  // {5 - 100, 1, 0 + 1.5}: the greedy token 0 is excluded, 2 wins.
  ASSERT_EQ(s.Sample(logits, &lp), 2);
  const std::vector<double> want = LogSoftmax({-95, 1, 1.5f});
  EXPECT_NEAR(lp.logprob, want[2], 1e-6);
  ASSERT_EQ(lp.top.size(), 1u);
  EXPECT_EQ(lp.top[0].id, 2);
  // Sampled, a -100 bias leaves the token out in practice.
  SamplingParams q = Params(1.0f);
  q.logit_bias = {{0, -100.0f}};
  q.seed = 3;
  Sampler t(q, 1);
  for (int i = 0; i < 500; ++i) ASSERT_NE(t.Sample(std::vector<float>{2, 0, 0}), 0);
}

TEST(SamplerTest, PenaltyBiasAndLogprobParamsAreValidatedNamingTheField) {
  struct Bad {
    SamplingParams params;
    const char* field;
  };
  std::vector<Bad> bads;
  auto add = [&](const char* field, auto&& set) {
    SamplingParams p;
    set(p);
    bads.push_back({p, field});
  };
  add("presence_penalty", [](SamplingParams& p) { p.presence_penalty = 2.5f; });
  add("presence_penalty", [](SamplingParams& p) { p.presence_penalty = kNaN; });
  add("frequency_penalty", [](SamplingParams& p) { p.frequency_penalty = -2.01f; });
  add("repetition_penalty", [](SamplingParams& p) { p.repetition_penalty = 0.0f; });
  add("repetition_penalty", [](SamplingParams& p) { p.repetition_penalty = kInf; });
  add("logit_bias", [](SamplingParams& p) { p.logit_bias = {{5, 100.5f}}; });
  add("logit_bias", [](SamplingParams& p) { p.logit_bias = {{-1, 1.0f}}; });
  add("logit_bias", [](SamplingParams& p) { p.logit_bias = {{1000, 1.0f}}; });
  add("logprobs", [](SamplingParams& p) { p.logprobs = 21; });
  for (const Bad& bad : bads) {
    const Status st = ValidateSamplingParams(bad.params, 1000);
    ASSERT_FALSE(st.ok()) << bad.field;
    EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(st.message().find(bad.field), std::string::npos) << st.message();
  }
  SamplingParams ok;
  ok.presence_penalty = -2;
  ok.frequency_penalty = 2;
  ok.repetition_penalty = 1.2f;
  ok.logit_bias = {{999, -100}, {0, 100}};
  ok.logprobs = 20;
  EXPECT_TRUE(ValidateSamplingParams(ok, 1000).ok());
}

}  // namespace vlmxla::engine
