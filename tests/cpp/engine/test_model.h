// A tiny checkpoint for the engine's tests, written by the test: a two-layer Llama over the test
// tokenizer's 303 ids, every weight the programs take drawn from N(0, 0.1) with a fixed seed (the
// programs name them, so the test needs no list of its own).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <tuple>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_tokenizer.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/safetensors.h"
#include "vlmxla/models/registry.h"

namespace vlmxla::engine::test_model {

inline void WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

// Writes the model to `dir` (config.json, tokenizer files, model.safetensors) for a context of
// `capacity` positions. `intermediate`: the MLP's width (int4 weights need a multiple of 32).
// `model_type` "qwen2": the same decoder with Qwen2's q/k/v biases.
inline void WriteLlama(const std::filesystem::path& dir, int64_t capacity,
                       int64_t intermediate = 48, const std::string& model_type = "llama") {
  using nlohmann::json;
  std::filesystem::create_directories(dir);
  const json config = {{"model_type", model_type}, {"vocab_size", test_tokenizer::kTool + 1},
                       {"hidden_size", 32},        {"intermediate_size", intermediate},
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
  prefill.capacity = static_cast<int>(capacity);
  for (const hlo::ProgramOptions& o :
       {hlo::ProgramOptions(prefill),
        hlo::ProgramOptions(hlo::DecodeOptions{{}, 1, static_cast<int>(capacity)})}) {
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

// A (backend, dtype) test parameter's name: "pjrt_cpu_bfloat16".
inline std::string BackendDtypeName(
    const ::testing::TestParamInfo<std::tuple<std::string, std::string>>& info) {
  std::string name = std::get<0>(info.param) + "_" + std::get<1>(info.param);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

}  // namespace vlmxla::engine::test_model
