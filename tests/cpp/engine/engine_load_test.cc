// Engine::Load on its own thread while another thread asks what a server asks meanwhile (info(),
// ready(), Prepare(), metrics()): a small Llama checkpoint written by the test (seeded random
// weights, the test tokenizer) loaded on the PJRT CPU plugin. Under ThreadSanitizer
// (scripts/test_sanitizers.sh runs engine_tests there) any read of what Load writes that is not
// ordered by the engine's loaded flag is reported as a race; in every build the values seen must be
// either the pre-load ones or the loaded ones, never a mixture, and a request prepared after load
// generates.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "test_tokenizer.h"
#include "vlmxla/models/registry.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/safetensors.h"

namespace vlmxla::engine {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int64_t kCapacity = 32;

void WriteFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

// A two-layer Llama over the test tokenizer's 303 ids, every weight the programs take drawn from
// N(0, 0.1) (the programs name them, so the test needs no list of its own).
void WriteModel(const fs::path& dir) {
  fs::create_directories(dir);
  const json config = {{"model_type", "llama"},    {"vocab_size", test_tokenizer::kTool + 1},
                       {"hidden_size", 32},        {"intermediate_size", 48},
                       {"num_hidden_layers", 2},   {"num_attention_heads", 4},
                       {"num_key_value_heads", 2}, {"max_position_embeddings", 64},
                       {"rms_norm_eps", 1e-5},     {"eos_token_id", test_tokenizer::kImEnd},
                       {"dtype", "float32"}};
  WriteFile(dir / "config.json", config.dump());
  WriteFile(dir / "tokenizer.json", test_tokenizer::TestTokenizerJson().dump());
  WriteFile(
      dir / "tokenizer_config.json",
      json{{"eos_token", "<|im_end|>"},
           {"chat_template", "{% for m in messages %}{{ m['content'][0]['text'] }}{% endfor %}"}}
          .dump());
  auto parsed = io::ParseModelConfig(config);
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  std::map<std::string, HostTensor> weights;
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.0f, 0.1f);
  hlo::PrefillOptions prefill;
  prefill.seq_len = 16;
  prefill.capacity = kCapacity;
  for (const hlo::ProgramOptions& o :
       {hlo::ProgramOptions(prefill), hlo::ProgramOptions(hlo::DecodeOptions{{}, 1, kCapacity})}) {
    auto program = models::BuildProgram(*parsed, o);
    ASSERT_TRUE(program.ok()) << program.status().ToString();
    for (const hlo::ProgramParam& p : program->params) {
      if (p.kind != hlo::ProgramParam::Kind::kWeight || weights.count(p.name)) continue;
      HostTensor t(DType::kF32, Shape(p.type.dims));
      for (float& v : t.mutable_span<float>()) v = normal(rng);
      weights.emplace(p.name, std::move(t));
    }
  }
  ASSERT_TRUE(io::WriteSafetensors((dir / "model.safetensors").string(), weights).ok());
}

class EngineLoadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("vlmxla-engine-load-" + std::to_string(getpid()));
    WriteModel(dir_ / "tiny-llama");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(EngineLoadTest, WhatAServerAsksDuringLoadSeesBeforeOrAfterNeverAMixture) {
  EngineOptions options;
  options.model_dir = (dir_ / "tiny-llama").string();
  options.backend = "pjrt-cpu";
  options.context_capacity = kCapacity;
  options.max_batch = 2;
  options.warm_decode = true;  // a longer load: more of it overlaps the questions
  std::unique_ptr<Engine> engine = Engine::Create(options);

  std::atomic<bool> done{false};
  Status load_status;
  std::thread loader([&] {
    load_status = engine->Load();
    done.store(true);
  });
  GenerationRequest request;
  request.messages.push_back(
      {"user", {prompt::ContentPart{prompt::ContentPart::Kind::kText, "Hello"}}});
  int before = 0, after = 0;
  while (!done.load()) {
    const bool ready = engine->ready();
    const ModelInfo info = engine->info();
    EXPECT_EQ(info.id, "tiny-llama");
    EXPECT_EQ(info.max_batch, 2);
    if (info.context_capacity == 0) {
      // Not loaded yet: nothing of the device state shows.
      EXPECT_TRUE(info.dtype.empty()) << info.dtype;
      EXPECT_TRUE(info.device_kind.empty()) << info.device_kind;
      ++before;
    } else {
      EXPECT_EQ(info.context_capacity, kCapacity);
      EXPECT_EQ(info.dtype, "float32");
      EXPECT_EQ(info.weights_dtype, "float32");
      ++after;
    }
    auto prepared = engine->Prepare(request);
    if (!prepared.ok()) {
      EXPECT_EQ(prepared.status().reason(), "loading") << prepared.status().ToString();
      EXPECT_FALSE(ready);
    }
    (void)engine->metrics();
  }
  loader.join();
  ASSERT_TRUE(load_status.ok()) << load_status.ToString();
  EXPECT_GT(before, 0) << "the questions never overlapped the load";
  ASSERT_TRUE(engine->ready());
  EXPECT_EQ(engine->info().context_capacity, kCapacity);

  request.stop.max_tokens = 3;
  auto last = engine->Generate(request, {});
  ASSERT_TRUE(last.ok()) << last.status().ToString();
  EXPECT_FALSE(last->error.has_value()) << last->error->ToString();
  EXPECT_GE(last->usage.completion_tokens, 1);
  engine->Shutdown();
  (void)after;  // how many questions saw the loaded state depends on timing; none is required
}

}  // namespace
}  // namespace vlmxla::engine
