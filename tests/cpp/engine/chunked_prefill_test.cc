// ModelRunner's canonical prefill chunks and batch-invariant decode (model_runner.h), on the
// engine's tiny Llama: a prompt continued from a cached chunk boundary writes the same KV rows and
// gives the same logits, bit for bit, as its whole prefill; a sequence decoding alone gives the
// same logits as beside others (in the batch-2 program), with float and with quantized weights.
// These are what make the prefix cache exact (docs/design.md).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "test_model.h"
#include "vlmxla/engine/model_runner.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::engine {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kCapacity = 64;
constexpr int64_t kChunk = 16;

prompt::PreparedPrefill Text(int n) {
  prompt::PreparedPrefill p;
  for (int i = 0; i < n; ++i) p.input_ids.push_back((i * 37 + 11) % 300);
  p.effective_length = n;
  return p;
}

// Every layer's K and V rows 0..rows-1 of a saved slot, as bytes.
std::vector<std::vector<uint8_t>> Rows(const SavedKv& saved, int64_t rows) {
  std::vector<std::vector<uint8_t>> out;
  for (const auto& buffer : saved.buffers) {
    auto host = buffer->ToHost();
    EXPECT_TRUE(host.ok()) << host.status().ToString();
    if (!host.ok()) return out;
    const Shape& s = host->shape();  // [kv_heads, capacity, head_dim]
    const int64_t row_bytes = host->byte_size() / (s[0] * s[1]);
    std::vector<uint8_t> bytes;
    for (int64_t h = 0; h < s[0]; ++h) {
      const auto* head = static_cast<const uint8_t*>(host->data()) + h * s[1] * row_bytes;
      bytes.insert(bytes.end(), head, head + rows * row_bytes);
    }
    out.push_back(std::move(bytes));
  }
  return out;
}

class ChunkedPrefillTest : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("vlmxla-chunked-prefill-" + std::to_string(getpid()));
    test_model::WriteLlama(dir_, kCapacity);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  std::unique_ptr<ModelRunner> Load() {
    auto executor = runtime::MakeExecutor(std::get<0>(GetParam()));
    EXPECT_TRUE(executor.ok()) << executor.status().ToString();
    if (!executor.ok()) return nullptr;
    RunnerOptions o;
    o.capacity = kCapacity;
    o.max_batch = 4;
    o.prefill_chunk = kChunk;
    o.batch_invariant_decode = true;
    o.dtype =
        std::get<1>(GetParam()) == "bfloat16" ? hlo::ElementType::kBF16 : hlo::ElementType::kF32;
    auto runner = ModelRunner::Load(dir_.string(), std::move(*executor), o);
    EXPECT_TRUE(runner.ok()) << runner.status().ToString();
    return runner.ok() ? std::move(*runner) : nullptr;
  }
  static fs::path dir_;
};
fs::path ChunkedPrefillTest::dir_;

TEST_P(ChunkedPrefillTest, AContinuedPromptEqualsItsWholePrefill) {
  std::unique_ptr<ModelRunner> runner = Load();
  ASSERT_NE(runner, nullptr);
  const prompt::PreparedPrefill whole = Text(50);
  auto want = runner->Prefill(0, whole, ImageFeatures(), nullptr);
  ASSERT_TRUE(want.ok()) << want.status().ToString();
  // Another prompt sharing the first 37 positions fills slot 1 (its chunks 0 and 1 are whole);
  // the 50-position prompt continues there from 32, the last chunk boundary inside the match.
  prompt::PreparedPrefill head = Text(37);
  head.input_ids[36] = 299;
  ASSERT_TRUE(runner->Prefill(1, head, ImageFeatures(), nullptr).ok());
  EXPECT_EQ(runner->WholeChunkRows(head), 32);
  const int64_t start = runner->PrefillStart(whole, 37);
  ASSERT_EQ(start, 32);
  auto got = runner->Prefill(1, whole, ImageFeatures(), nullptr, start);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  ASSERT_EQ(got->byte_size(), want->byte_size());
  EXPECT_EQ(std::memcmp(got->data(), want->data(), want->byte_size()), 0);
  auto a = runner->SaveSlot(0);
  auto b = runner->SaveSlot(1);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(Rows(*a, 50), Rows(*b, 50));
  // A start off a chunk boundary is refused.
  EXPECT_FALSE(runner->Prefill(1, whole, ImageFeatures(), nullptr, 33).ok());
}

TEST_P(ChunkedPrefillTest, ASequenceDecodesAloneAsBesideOthers) {
  std::unique_ptr<ModelRunner> runner = Load();
  ASSERT_NE(runner, nullptr);
  // No one-row program, except bf16 on pjrt-cpu, where every product is the row-invariant host
  // kernel (LoneDecodeTest below).
  const bool one_row =
      std::get<0>(GetParam()) == "pjrt-cpu" && std::get<1>(GetParam()) == "bfloat16";
  EXPECT_EQ(runner->batch_buckets().front(), one_row ? 1 : 2);
  const prompt::PreparedPrefill p = Text(20);
  for (int s = 0; s < 3; ++s) ASSERT_TRUE(runner->Prefill(s, p, ImageFeatures(), nullptr).ok());
  auto saved = runner->SaveSlot(0);
  ASSERT_TRUE(saved.ok());
  const std::vector<int> alone = {0}, beside = {2, 1, 0};
  auto one = runner->Decode(alone, std::vector<int32_t>{5}, std::vector<int32_t>{20});
  ASSERT_TRUE(one.ok()) << one.status().ToString();
  ASSERT_TRUE(runner->RestoreSlot(*saved, 0).ok());
  auto three =
      runner->Decode(beside, std::vector<int32_t>{7, 9, 5}, std::vector<int32_t>{20, 20, 20});
  ASSERT_TRUE(three.ok()) << three.status().ToString();
  const int64_t vocab = one->shape()[1];
  EXPECT_EQ(std::memcmp(one->data(), three->span<float>().data() + 2 * vocab, vocab * 4), 0);
}

INSTANTIATE_TEST_SUITE_P(BackendsAndDtypes, ChunkedPrefillTest,
                         ::testing::Combine(::testing::Values("pjrt-cpu", "iree-cpu"),
                                            ::testing::Values("float32", "bfloat16")),
                         test_model::BackendDtypeName);

// Quantized weights on pjrt-cpu, and bfloat16 weights computed in bfloat16 there: every product
// computes each row on its own (hlo::RowInvariantProducts: the host kernel) and decode's RoPE
// rounds each product apart (ApplyRotary's separate_products), so a lone sequence decodes in the
// one-row program; on iree-cpu, and float32 weights, in the batch-2 program. Either way each step's
// logits equal, bit for bit, those the same sequence gets as the second row of a batch of four,
// step after step (the caches each run writes feed the next steps). The Qwen2 decoder (q/k/v
// biases) is the one that found the RoPE's FMA contraction: without separate_products its float32
// logits differed at step 1. Parameters: model type, backend, --weights (stored: the float32 test
// checkpoint, rounded to bfloat16 as it loads under bfloat16 compute), compute dtype.
class LoneDecodeTest : public ::testing::TestWithParam<
                           std::tuple<std::string, std::string, std::string, std::string>> {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("vlmxla-lone-decode-" + std::to_string(getpid()));
    for (const char* type : {"llama", "qwen2"}) {
      test_model::WriteLlama(dir_ / type, kCapacity, /*intermediate=*/64, type);
    }
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static fs::path dir_;
};
fs::path LoneDecodeTest::dir_;

int32_t Argmax(const float* row, int64_t n) {
  return static_cast<int32_t>(std::max_element(row, row + n) - row);
}

TEST_P(LoneDecodeTest, ALoneSequenceGetsWhatItsRowInABatchGets) {
  const auto& [model_type, backend, weights, dtype] = GetParam();
  auto executor = runtime::MakeExecutor(backend);
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  RunnerOptions o;
  o.capacity = kCapacity;
  o.max_batch = 6;
  o.batch_invariant_decode = true;
  o.weights = weights == "int4"   ? WeightQuant::kInt4
              : weights == "int8" ? WeightQuant::kInt8
                                  : WeightQuant::kNone;
  o.dtype = dtype == "bfloat16" ? hlo::ElementType::kBF16 : hlo::ElementType::kF32;
  auto loaded = ModelRunner::Load((dir_ / model_type).string(), std::move(*executor), o);
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  ModelRunner& runner = **loaded;
  const bool one_row = backend == "pjrt-cpu" && (weights != "stored" || dtype == "bfloat16");
  const std::vector<int> buckets =
      one_row ? std::vector<int>{1, 2, 4, 6} : std::vector<int>{2, 4, 6};
  EXPECT_EQ(runner.batch_buckets(), buckets);
  // Slots 0 and 3 hold the same prompt, slots 2, 4 and 5 others of other lengths; slot 1 stays
  // free (the batch-2 program pads a lone slot 0 with it). Slot 0 decodes alone, slot 3 as the
  // second of four rows.
  ASSERT_TRUE(runner.Prefill(0, Text(20), ImageFeatures(), nullptr).ok());
  ASSERT_TRUE(runner.CopySlot(0, 3).ok());
  ASSERT_TRUE(runner.Prefill(2, Text(13), ImageFeatures(), nullptr).ok());
  ASSERT_TRUE(runner.Prefill(4, Text(31), ImageFeatures(), nullptr).ok());
  ASSERT_TRUE(runner.Prefill(5, Text(7), ImageFeatures(), nullptr).ok());
  // slot 0 (= 3), 2, 4, 5
  std::vector<int32_t> tokens = {5, 7, 9, 11}, positions = {20, 13, 31, 7};
  for (int step = 0; step < 8; ++step) {
    SCOPED_TRACE("step " + std::to_string(step));
    auto one = runner.Decode(std::vector<int>{0}, std::vector<int32_t>{tokens[0]},
                             std::vector<int32_t>{positions[0]});
    ASSERT_TRUE(one.ok()) << one.status().ToString();
    auto four =
        runner.Decode(std::vector<int>{2, 3, 4, 5},
                      std::vector<int32_t>{tokens[1], tokens[0], tokens[2], tokens[3]},
                      std::vector<int32_t>{positions[1], positions[0], positions[2], positions[3]});
    ASSERT_TRUE(four.ok()) << four.status().ToString();
    const int64_t vocab = one->shape()[1];
    const float* rows = four->span<float>().data();
    ASSERT_EQ(std::memcmp(one->data(), rows + vocab, vocab * sizeof(float)), 0);
    tokens = {Argmax(one->span<float>().data(), vocab), Argmax(rows, vocab),
              Argmax(rows + 2 * vocab, vocab), Argmax(rows + 3 * vocab, vocab)};
    for (int32_t& p : positions) ++p;
  }
}

INSTANTIATE_TEST_SUITE_P(BackendsWeightsAndDtypes, LoneDecodeTest,
                         ::testing::Combine(::testing::Values("llama", "qwen2"),
                                            ::testing::Values("pjrt-cpu", "iree-cpu"),
                                            ::testing::Values("int8", "int4", "stored"),
                                            ::testing::Values("float32", "bfloat16")),
                         [](const auto& info) {
                           std::string name =
                               std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" +
                               std::get<2>(info.param) + "_" + std::get<3>(info.param);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// On pjrt-cpu decode's attention is the host kernel, which reads only the rows a slot has written
// (runtime/decode_attention.h): a step's logits are the same bits whatever the context capacity,
// so its cost follows the sequence's length and not the capacity. The same prompt (one chunk, so
// one prefill program of its length in both) prefilled and decoded for eight steps in runners of
// capacity 64 and 256 gives the same logits at every step, float32 and bfloat16, stored and int8
// weights. (The kernel's own test, decode_attention_test.cc, fills the rows past the position
// with NaN: never read.)
TEST(DecodeAttentionTest, AStepIsTheSameBitsAtEveryCapacityOnPjrtCpu) {
  const fs::path dir =
      fs::temp_directory_path() / ("vlmxla-decode-capacity-" + std::to_string(getpid()));
  test_model::WriteLlama(dir, 256, /*intermediate=*/64, "qwen2");
  for (const auto dtype : {hlo::ElementType::kF32, hlo::ElementType::kBF16}) {
    for (const WeightQuant weights : {WeightQuant::kNone, WeightQuant::kInt8}) {
      SCOPED_TRACE(std::string(hlo::ElementTypeName(dtype)) + " " + WeightQuantName(weights));
      std::vector<std::vector<float>> logits[2];
      for (int run = 0; run < 2; ++run) {
        auto executor = runtime::MakeExecutor("pjrt-cpu");
        ASSERT_TRUE(executor.ok()) << executor.status().ToString();
        RunnerOptions o;
        o.capacity = run == 0 ? 64 : 256;
        o.dtype = dtype;
        o.weights = weights;
        auto loaded = ModelRunner::Load(dir.string(), std::move(*executor), o);
        ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
        ModelRunner& runner = **loaded;
        auto first = runner.Prefill(0, Text(13), ImageFeatures(), nullptr);
        ASSERT_TRUE(first.ok()) << first.status().ToString();
        const int64_t vocab = first->shape().back();
        int32_t token = Argmax(first->span<float>().data() + first->num_elements() - vocab, vocab);
        for (int32_t position = 13; position < 21; ++position) {
          auto step = runner.Decode(std::vector<int>{0}, std::vector<int32_t>{token},
                                    std::vector<int32_t>{position});
          ASSERT_TRUE(step.ok()) << step.status().ToString();
          const std::span<const float> row = step->span<float>();
          logits[run].emplace_back(row.begin(), row.end());
          token = Argmax(row.data(), vocab);
        }
      }
      ASSERT_EQ(logits[0].size(), logits[1].size());
      for (size_t i = 0; i < logits[0].size(); ++i) {
        EXPECT_EQ(std::memcmp(logits[0][i].data(), logits[1][i].data(),
                              logits[0][i].size() * sizeof(float)),
                  0)
            << "step " << i;
      }
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vlmxla::engine
