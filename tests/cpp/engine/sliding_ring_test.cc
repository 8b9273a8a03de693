// The sliding-window ring KV of a Gemma 3 decoder, run on PJRT CPU with seeded random weights: a
// prompt shorter than the window, then decode steps up to the window. With a context capacity
// above the window the sliding layers keep rings (position p at row p % W); at a capacity equal
// to the window they keep plain caches. Both must give the same logits at every step: the ring's
// prefill gather and decode row writes put each position where decode reads it. (Prompts longer
// than the window are the text-only gate's tiny-gemma3-text cases.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "../runtime/executor_test_util.h"
#include "vlmxla/hlo/model_programs.h"

namespace vlmxla {
namespace {

io::TextConfig TinyGemma3() {
  io::TextConfig c;
  c.model_type = "gemma3_text";
  c.vocab_size = 64, c.hidden_size = 32, c.intermediate_size = 48;
  c.num_hidden_layers = 3, c.num_attention_heads = 4, c.num_key_value_heads = 2, c.head_dim = 8;
  c.hidden_act = "gelu_pytorch_tanh";
  c.rms_norm_eps = 1e-6;
  c.tie_word_embeddings = true;
  c.norm_weight_offset = c.qk_norm = c.sandwich_norms = true;
  c.query_pre_attn_scalar = 12, c.embed_scale = 5.656854f, c.final_logit_softcapping = 30;
  c.sliding_window = 8;
  c.sliding_layers = {true, false, true};
  c.rope_theta = 1e6, c.rope_factor = 8, c.local_rope_theta = 1e4;
  return c;
}

HostTensor I32(std::vector<int32_t> values, Shape shape) {
  HostTensor t(DType::kI32, std::move(shape));
  for (size_t i = 0; i < values.size(); ++i) t.mutable_span<int32_t>()[i] = values[i];
  return t;
}

// A weight's values, seeded by its name so every program binds the same ones.
HostTensor Weight(const hlo::ProgramParam& p) {
  HostTensor t(DType::kF32, Shape(p.type.dims));
  std::mt19937 rng(static_cast<uint32_t>(std::hash<std::string>{}(p.name)));
  std::normal_distribution<float> n(0.0f, 0.3f);
  for (float& v : t.mutable_span<float>()) v = n(rng);
  return t;
}

// Runs `program` with its inputs by name, weights seeded, and KV parameters from `kv` (zeros
// where absent); returns every result by name.
std::map<std::string, HostTensor> Run(runtime::Executor& ex, const hlo::Program& program,
                                      const std::map<std::string, HostTensor>& inputs,
                                      const std::map<std::string, HostTensor>& kv) {
  std::map<std::string, HostTensor> out;
  auto exe = ex.Compile(program.mlir);
  EXPECT_TRUE(exe.ok()) << exe.status().ToString();
  if (!exe.ok()) return out;
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> held;
  std::vector<runtime::DeviceBuffer*> args;
  for (const auto& p : program.params) {
    HostTensor host;
    if (p.kind == hlo::ProgramParam::Kind::kWeight) {
      host = Weight(p);
    } else if (p.kv) {
      auto it = kv.find(p.name);
      if (it != kv.end()) {
        host = it->second;
      } else {
        host = HostTensor(DType::kF32, Shape(p.type.dims));
        for (float& v : host.mutable_span<float>()) v = 0;
      }
    } else {
      host = inputs.at(p.name);
    }
    auto buffer = ex.Upload(host);
    EXPECT_TRUE(buffer.ok()) << p.name << ": " << buffer.status().ToString();
    if (!buffer.ok()) return out;
    args.push_back(buffer->get());
    held.push_back(std::move(buffer).value());
  }
  std::unique_ptr<bool[]> donate(new bool[args.size()]());
  auto results = (*exe)->Execute(args, std::span<const bool>(donate.get(), args.size()));
  EXPECT_TRUE(results.ok()) << results.status().ToString();
  if (!results.ok()) return out;
  for (size_t i = 0; i < results->size(); ++i) {
    auto host = (*results)[i]->ToHost();
    EXPECT_TRUE(host.ok()) << host.status().ToString();
    if (host.ok()) out[program.result_names[i]] = std::move(host).value();
  }
  return out;
}

// Prefill of a 5-token prompt, then decode at positions 5, 6, 7: the logits of each call.
std::vector<std::vector<float>> Logits(runtime::Executor& ex, int capacity) {
  const io::TextConfig config = TinyGemma3();
  hlo::PrefillOptions po;
  po.seq_len = 8, po.capacity = capacity;
  auto prefill = hlo::BuildPrefill(config, -1, po);
  EXPECT_TRUE(prefill.ok()) << prefill.status().ToString();
  hlo::DecodeOptions d;
  d.batch = 1, d.capacity = capacity;
  auto decode = hlo::BuildDecode(config, d);
  EXPECT_TRUE(decode.ok()) << decode.status().ToString();
  if (!prefill.ok() || !decode.ok()) return {};
  HostTensor features(DType::kF32, Shape{1, config.hidden_size});
  for (float& v : features.mutable_span<float>()) v = 0;
  std::map<std::string, HostTensor> in = {
      {"input_ids", I32({3, 17, 42, 8, 29, 0, 0, 0}, Shape{8})},
      {"feature_index", I32(std::vector<int32_t>(8, 0), Shape{8})},
      {"image_features", features},
      {"length", I32({5}, Shape{})}};
  auto out = Run(ex, *prefill, in, {});
  std::vector<std::vector<float>> logits;
  auto keep = [&](const HostTensor& t) {
    logits.emplace_back(t.span<float>().begin(), t.span<float>().end());
  };
  if (!out.count("prefill_logits")) return logits;
  keep(out["prefill_logits"]);
  // prefill's kv.<l>.<k|v> results are decode's kv.0.<l>.<k|v> arguments.
  std::map<std::string, HostTensor> kv;
  for (auto& [name, t] : out) {
    if (name.rfind("kv.", 0) == 0) kv["kv.0." + name.substr(3)] = t;
  }
  const int32_t tokens[] = {11, 50, 23};
  for (int32_t step = 0; step < 3; ++step) {
    auto next = Run(
        ex, *decode,
        {{"tokens", I32({tokens[step]}, Shape{1})}, {"positions", I32({5 + step}, Shape{1})}}, kv);
    if (!next.count("logits")) return logits;
    keep(next["logits"]);
    kv.clear();
    for (auto& [name, t] : next) {
      if (name.rfind("kv.", 0) == 0) kv[name] = t;
    }
  }
  return logits;
}

TEST(SlidingRing, ShortPromptDecodesAsWithPlainCaches) {
  runtime::Executor* ex = runtime::test_util::SharedAs<runtime::Executor>("pjrt-cpu");
  ASSERT_NE(ex, nullptr);
  ASSERT_TRUE(TinyGemma3().IsRingLayer(0, 64));
  ASSERT_FALSE(TinyGemma3().IsRingLayer(0, 8));
  const auto ring = Logits(*ex, 64);
  const auto plain = Logits(*ex, 8);
  ASSERT_EQ(ring.size(), 4u);
  ASSERT_EQ(plain.size(), 4u);
  for (size_t call = 0; call < ring.size(); ++call) {
    ASSERT_EQ(ring[call].size(), plain[call].size());
    float spread = 0;
    for (size_t i = 0; i < ring[call].size(); ++i) {
      EXPECT_NEAR(ring[call][i], plain[call][i], 1e-4f) << "call " << call << " logit " << i;
      spread = std::max(spread, std::fabs(plain[call][i] - plain[call][0]));
    }
    EXPECT_GT(spread, 0.1f) << "call " << call << ": logits that do not vary prove nothing";
  }
}

}  // namespace
}  // namespace vlmxla
