// CheckpointWeights: a program's weight name found under the checkpoint's own spelling, and that
// spelling reported (what the weight accounting counts uploads by).
#include "vlmxla/io/checkpoint.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "vlmxla/io/safetensors.h"

namespace vlmxla::io {
namespace {

TEST(CheckpointWeights, StoredNameIsTheFilesSpellingOfAnAliasedName) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("vlmxla_ckpt_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "config.json")
      << R"({"model_type":"qwen2","vocab_size":8,"hidden_size":4,"intermediate_size":8,
      "num_hidden_layers":1,"num_attention_heads":2,"num_key_value_heads":1,
      "max_position_embeddings":16,"rms_norm_eps":1e-6})";
  HostTensor w(DType::kF32, {4});
  for (int i = 0; i < 4; ++i) w.mutable_span<float>()[i] = 1.0f + i;
  const std::map<std::string, HostTensor> tensors = {{"model.language_model.norm.weight", w},
                                                     {"visual.patch_embed.weight", w}};
  ASSERT_TRUE(WriteSafetensors((dir / "model.safetensors").string(), tensors).ok());
  auto model = ModelDir::Open(dir.string());
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  auto weights = CheckpointWeights::Open(*model);
  ASSERT_TRUE(weights.ok()) << weights.status().ToString();

  // The program's language_model.model.* is stored as model.language_model.* here.
  auto aliased = weights->StoredName("language_model.model.norm.weight");
  ASSERT_TRUE(aliased.ok()) << aliased.status().ToString();
  EXPECT_EQ(*aliased, "model.language_model.norm.weight");
  auto same = weights->StoredName("visual.patch_embed.weight");
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(*same, "visual.patch_embed.weight");
  auto missing = weights->StoredName("language_model.model.embed_tokens.weight");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("language_model.model.embed_tokens.weight"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace vlmxla::io
