// The prefix cache and the image cache (engine/prefix_cache.h, engine/caching_runner.h): the LRU
// bookkeeping, prompt keys (images by their pixels' digest), and end to end on an engine written
// by the test: a run with both caches on gives the same tokens and log-probabilities as the same
// requests on an engine with them off, greedy and seeded, for every compute dtype on both CPU
// backends, while prefixed and unrelated requests share the batch.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "test_model.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/engine/prefix_cache.h"

namespace vlmxla::engine {
namespace {

namespace fs = std::filesystem;

TEST(LruMap, EvictsTheLeastRecentlyUsedUntilTheNewEntryFits) {
  LruMap<int, int> m(10);
  EXPECT_TRUE(m.Put(1, 100, 4));
  EXPECT_TRUE(m.Put(2, 200, 4));
  ASSERT_NE(m.Touch(1), nullptr);  // 2 is now the least recently used
  EXPECT_TRUE(m.Put(3, 300, 4));   // 12 > 10: evicts 2
  EXPECT_EQ(m.Touch(2), nullptr);
  EXPECT_EQ(*m.Touch(1), 100);
  EXPECT_EQ(*m.Touch(3), 300);
  EXPECT_EQ(m.bytes(), 8u);
  EXPECT_EQ(m.evictions(), 1);
  EXPECT_FALSE(m.Put(4, 400, 11));  // larger than the whole budget: nothing stored or evicted
  EXPECT_EQ(m.size(), 2u);
  EXPECT_EQ(m.evictions(), 1);
}

TEST(PrefixCache, FindsTheLongestSharedPrefixAndSupersedesShorterEntries) {
  PrefixCache cache(1000);
  cache.Insert({1, 2, 3}, SavedKv{{}, 7}, 100);
  cache.Insert({1, 2, 9, 9}, SavedKv{}, 100);
  PrefixCache::Match m = cache.Longest({1, 2, 3, 4, 5});
  EXPECT_EQ(m.length, 3);
  EXPECT_EQ(m.entry, (PrefixCache::Key{1, 2, 3}));
  EXPECT_EQ(cache.Longest({5}).length, 0);
  ASSERT_NE(cache.Use(m.entry), nullptr);
  EXPECT_EQ(cache.Use(m.entry)->rope_delta, 7);
  // A longer prompt replaces the entry it extends; a prefix of an entry stores nothing.
  EXPECT_TRUE(cache.Covers({1, 2}));
  cache.Insert({1, 2, 3, 4}, SavedKv{}, 100);
  cache.Insert({1, 2}, SavedKv{}, 100);
  CacheStats s = cache.stats();
  EXPECT_EQ(s.entries, 2);
  EXPECT_EQ(s.bytes, 200u);
  EXPECT_EQ(s.hits, 2);
  EXPECT_EQ(s.evictions, 0);
  EXPECT_EQ(cache.Longest({1, 2, 3, 4}).length, 4);
  EXPECT_EQ(cache.Use({1, 2, 3}), nullptr);  // superseded
  EXPECT_EQ(cache.stats().misses, 1);
}

// A prompt "a <img x3> b <img x3>" with LLaVA-style pixel_values [2, 3, 2, 2].
prompt::PreparedPrefill TwoImagePrompt(float first, float second) {
  prompt::PreparedPrefill p;
  p.input_ids = {5, 99, 99, 99, 6, 99, 99, 99};
  p.effective_length = 8;
  p.image_slots = {{0, 1, 3}, {1, 5, 3}};
  p.pixel_values = HostTensor(DType::kF32, Shape{2, 3, 2, 2});
  auto px = p.pixel_values.mutable_span<float>();
  std::fill(px.begin(), px.begin() + 12, first);
  std::fill(px.begin() + 12, px.end(), second);
  return p;
}

TEST(PromptKey, ImagePositionsAreKeyedByTheImagesPixelsNotTheirPlaceholder) {
  prompt::PreparedPrefill a = TwoImagePrompt(0.5f, 0.25f);
  auto digests = ImageDigests(a);
  ASSERT_TRUE(digests.ok()) << digests.status().ToString();
  ASSERT_EQ(digests->size(), 2u);
  EXPECT_NE((*digests)[0], (*digests)[1]);
  a.image_digests = *digests;
  auto key = PromptKey(a);
  ASSERT_TRUE(key.ok()) << key.status().ToString();
  EXPECT_EQ((*key)[0], 5u);
  EXPECT_EQ((*key)[4], 6u);
  EXPECT_NE((*key)[1], 99u);
  EXPECT_NE((*key)[1], (*key)[5]);  // a different image, a different word

  // The same first image and another second: the keys agree up to the second image.
  prompt::PreparedPrefill b = TwoImagePrompt(0.5f, 0.75f);
  b.image_digests = *ImageDigests(b);
  EXPECT_EQ(b.image_digests[0], a.image_digests[0]);
  auto key_b = PromptKey(b);
  ASSERT_TRUE(key_b.ok());
  EXPECT_EQ(std::mismatch(key->begin(), key->end(), key_b->begin()).first - key->begin(), 5);

  // Without digests the key cannot be made.
  prompt::PreparedPrefill c = TwoImagePrompt(0.5f, 0.25f);
  EXPECT_FALSE(PromptKey(c).ok());
}

TEST(ImagePixels, QwenImagesAreTheirGridsPatchRows) {
  prompt::PreparedPrefill p;
  p.image_slots = {{0, 0, 1}, {1, 1, 2}};
  p.image_grid_thw = {{1, 2, 2}, {1, 2, 4}};  // 4 and 8 patch rows
  p.pixel_values = HostTensor(DType::kF32, Shape{12, 3});
  auto px = p.pixel_values.mutable_span<float>();
  for (size_t i = 0; i < px.size(); ++i) px[i] = static_cast<float>(i / 3);  // row number
  auto second = ImagePixels(p, 1);
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_EQ(second->shape(), (Shape{8, 3}));
  EXPECT_EQ(second->span<float>()[0], 4.0f);
  EXPECT_EQ(second->span<float>()[23], 11.0f);
  auto only = ImagesOnly(p, {1});
  ASSERT_TRUE(only.ok()) << only.status().ToString();
  EXPECT_EQ(only->pixel_values.shape(), (Shape{8, 3}));
  ASSERT_EQ(only->image_grid_thw.size(), 1u);
  EXPECT_EQ(only->image_grid_thw[0][2], 4);
  EXPECT_EQ(only->image_slots[0].image_index, 0);
  p.image_grid_thw[1][2] = 5;  // grids that do not cover the rows are refused
  EXPECT_FALSE(ImagePixels(p, 0).ok());
}

// ---- end to end ----

constexpr int64_t kCachedRunCapacity = 64;

struct Outcome {
  std::vector<int32_t> tokens;
  std::vector<float> logprobs;  // sampled token's, then each alternative's, per token
  std::vector<int32_t> top_ids;
};

struct Case {
  std::string prompt;
  float temperature = 0;
  std::optional<uint64_t> seed;
};

GenerationRequest Request(const Case& c) {
  GenerationRequest r;
  r.raw_prompt = c.prompt;
  r.sampling.temperature = c.temperature;
  r.sampling.seed = c.seed;
  r.sampling.logprobs = 3;
  r.stop.max_tokens = 6;
  r.stop.ignore_eos = true;
  return r;
}

Outcome Run(Engine& engine, const Case& c) {
  Outcome out;
  auto last = engine.Generate(Request(c), [&](const GenerationDelta& d) {
    out.tokens.insert(out.tokens.end(), d.token_ids.begin(), d.token_ids.end());
    for (const TokenLogprob& lp : d.logprobs) {
      out.logprobs.push_back(lp.logprob);
      for (const TopLogprob& t : lp.top) {
        out.logprobs.push_back(t.logprob);
        out.top_ids.push_back(t.id);
      }
    }
    return true;
  });
  EXPECT_TRUE(last.ok()) << last.status().ToString();
  if (last.ok()) {
    EXPECT_FALSE(last->error.has_value()) << last->error->ToString();
  }
  return out;
}

// The first case alone (it fills the cache), then the others at once, sharing the batch.
std::vector<Outcome> RunAll(Engine& engine, const std::vector<Case>& cases) {
  std::vector<Outcome> out(cases.size());
  out[0] = Run(engine, cases[0]);
  std::vector<std::thread> threads;
  for (size_t i = 1; i < cases.size(); ++i) {
    threads.emplace_back([&, i] { out[i] = Run(engine, cases[i]); });
  }
  for (std::thread& t : threads) t.join();
  return out;
}

class CachedRunTest : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("vlmxla-prefix-cache-" + std::to_string(getpid()));
    test_model::WriteLlama(dir_ / "tiny-llama", kCachedRunCapacity);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  std::unique_ptr<Engine> Load(bool caches) {
    EngineOptions o;
    o.model_dir = (dir_ / "tiny-llama").string();
    o.backend = std::get<0>(GetParam());
    o.dtype = std::get<1>(GetParam());
    o.context_capacity = kCachedRunCapacity;
    o.max_batch = 4;
    o.prefix_cache_bytes = caches ? (uint64_t{64} << 20) : 0;
    o.image_cache_bytes = 0;
    o.prefill_chunk = 16;  // the 23-token system prompt holds one whole chunk
    auto engine = Engine::Create(o);
    Status s = engine->Load();
    EXPECT_TRUE(s.ok()) << s.ToString();
    return engine;
  }
  static fs::path dir_;
};
fs::path CachedRunTest::dir_;

TEST_P(CachedRunTest, TokensAndLogprobsEqualTheUncachedRun) {
  const std::string system = "Be brief. Answer well. ";  // 23 tokens, one a byte
  const std::vector<Case> cases = {
      {system + "Hello world", 0, std::nullopt},
      {system + "Hello world, and what next?", 0, std::nullopt},  // extends the first: a hit
      {"An unrelated prompt", 0, std::nullopt},                   // plain, beside the others
      {system + "Tell a story", 0.8f, 1234},                      // the system prompt only, seeded
      {system + "Hello world, and what next?", 0.7f, 99},         // a repeat: one position left
  };
  std::unique_ptr<Engine> plain = Load(false);
  std::unique_ptr<Engine> cached = Load(true);
  ASSERT_TRUE(plain->ready() && cached->ready());
  const std::vector<Outcome> want = RunAll(*plain, cases);
  const std::vector<Outcome> got = RunAll(*cached, cases);
  // Exact in every dtype: the cached run computes every value as the uncached run does (the
  // same chunks, the same decode program at any batch).
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i) + ": " + cases[i].prompt);
    ASSERT_EQ(got[i].tokens.size(), 6u);
    EXPECT_EQ(got[i].tokens, want[i].tokens);
    EXPECT_EQ(got[i].top_ids, want[i].top_ids);
    ASSERT_EQ(got[i].logprobs.size(), want[i].logprobs.size());
    EXPECT_EQ(got[i].logprobs, want[i].logprobs);
  }
  const CacheStats stats = cached->metrics().prefix_cache;
  EXPECT_TRUE(stats.enabled);
  EXPECT_GE(stats.hits, 3);    // cases 1, 3 and 4 start from a cached prefix
  EXPECT_GE(stats.misses, 2);  // cases 0 and 2 do not
  EXPECT_GT(stats.bytes, 0u);
  EXPECT_FALSE(plain->metrics().prefix_cache.enabled);
  plain->Shutdown();
  cached->Shutdown();
}

INSTANTIATE_TEST_SUITE_P(BackendsAndDtypes, CachedRunTest,
                         ::testing::Combine(::testing::Values("pjrt-cpu", "iree-cpu"),
                                            ::testing::Values("float32", "bfloat16", "float16")),
                         test_model::BackendDtypeName);

}  // namespace
}  // namespace vlmxla::engine
