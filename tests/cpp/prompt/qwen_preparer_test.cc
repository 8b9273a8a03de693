// Preparer on a tiny Qwen2-VL model directory written by the test: the published Qwen2-VL chat
// template (namespace counters, `is string`, `in` on dicts) rendered by our Jinja engine, image
// pads expanded per image to t*h*w / merge^2, M-RoPE positions, and the typed refusals (video,
// placeholder counts, context, processor geometry).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "vlmxla/prompt/preparer.h"
#include "write_file.h"

namespace vlmxla::prompt {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Qwen/Qwen2-VL-2B-Instruct's chat_template (chat_template.json), verbatim.
constexpr char kQwen2VLTemplate[] =
    "{% set image_count = namespace(value=0) %}{% set video_count = namespace(value=0) %}{% for "
    "message in messages %}{% if loop.first and message['role'] != 'system' "
    "%}<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n{% endif %}<|im_start|>{{ "
    "message['role'] }}\n{% if message['content'] is string %}{{ message['content'] "
    "}}<|im_end|>\n{% else %}{% for content in message['content'] %}{% if content['type'] == "
    "'image' or 'image' in content or 'image_url' in content %}{% set image_count.value = "
    "image_count.value + 1 %}{% if add_vision_id %}Picture {{ image_count.value }}: {% endif "
    "%}<|vision_start|><|image_pad|><|vision_end|>{% elif content['type'] == 'video' or 'video' "
    "in content %}{% set video_count.value = video_count.value + 1 %}{% if add_vision_id %}Video "
    "{{ video_count.value }}: {% endif %}<|vision_start|><|video_pad|><|vision_end|>{% elif "
    "'text' in content %}{{ content['text'] }}{% endif %}{% endfor %}<|im_end|>\n{% endif %}{% "
    "endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}";

constexpr int kImagePad = 6, kVideoPad = 7, kVisionStart = 4, kVisionEnd = 5;

// Byte-fallback BPE with the Qwen special tokens as added tokens (ids 1..7).
json TokenizerJson() {
  const char* specials[] = {"<unk>",         "<|endoftext|>",    "<|im_start|>",
                            "<|im_end|>",    "<|vision_start|>", "<|vision_end|>",
                            "<|image_pad|>", "<|video_pad|>"};
  json vocab = json::object();
  json added = json::array();
  for (int i = 0; i < 8; ++i) {
    vocab[specials[i]] = i;
    added.push_back({{"id", i},
                     {"content", specials[i]},
                     {"single_word", false},
                     {"lstrip", false},
                     {"rstrip", false},
                     {"normalized", false},
                     {"special", true}});
  }
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof(name), "<0x%02X>", b);
    vocab[name] = 8 + b;
  }
  return {{"added_tokens", added},
          {"normalizer", nullptr},
          {"pre_tokenizer", nullptr},
          {"post_processor", nullptr},
          {"decoder", nullptr},
          {"model",
           {{"type", "BPE"},
            {"unk_token", "<unk>"},
            {"fuse_unk", true},
            {"byte_fallback", true},
            {"vocab", vocab},
            {"merges", json::array()}}}};
}

using test_util::Write;

vision::Image Gray(int width, int height) {
  vision::Image im;
  im.width = width;
  im.height = height;
  im.rgb.assign(static_cast<size_t>(width) * height * 3, 100);
  return im;
}

class QwenPreparerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("vlmxla_qwen_prep_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    // The nested layout Qwen2VLConfig.save_pretrained (Transformers 5.23) writes.
    Write(
        dir_ / "config.json",
        json{
            {"model_type", "qwen2_vl"},
            {"image_token_id", kImagePad},
            {"video_token_id", kVideoPad},
            {"vision_start_token_id", kVisionStart},
            {"vision_end_token_id", kVisionEnd},
            {"tie_word_embeddings", false},
            {"text_config",
             {{"model_type", "qwen2_vl_text"},
              {"vocab_size", 264},
              {"hidden_size", 64},
              {"intermediate_size", 128},
              {"num_hidden_layers", 1},
              {"num_attention_heads", 4},
              {"num_key_value_heads", 2},
              {"max_position_embeddings", 512},
              {"rope_parameters",
               {{"rope_type", "default"}, {"rope_theta", 10000.0}, {"mrope_section", {2, 3, 3}}}}}},
            {"vision_config",
             {{"model_type", "qwen2_vl_vision"},
              {"depth", 1},
              {"embed_dim", 32},
              {"hidden_size", 64},
              {"num_heads", 4},
              {"patch_size", 14},
              {"spatial_merge_size", 2},
              {"temporal_patch_size", 2}}}}
            .dump());
    Write(dir_ / "tokenizer.json", TokenizerJson().dump());
    Write(dir_ / "tokenizer_config.json",
          json{{"eos_token", "<|im_end|>"}, {"pad_token", "<|endoftext|>"}, {"bos_token", nullptr}}
              .dump());
    Write(dir_ / "chat_template.json", json{{"chat_template", kQwen2VLTemplate}}.dump());
    WriteProcessor(14);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void WriteProcessor(int patch_size) {
    Write(dir_ / "preprocessor_config.json", json{{"image_processor_type", "Qwen2VLImageProcessor"},
                                                  {"min_pixels", 28 * 28},
                                                  {"max_pixels", 28 * 28 * 16},
                                                  {"patch_size", patch_size},
                                                  {"merge_size", 2},
                                                  {"temporal_patch_size", 2}}
                                                 .dump());
  }

  fs::path dir_;
};

TEST_F(QwenPreparerTest, RendersTheTemplateAndExpandsPadsPerImage) {
  auto p = Preparer::Load(dir_.string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->image_token_id(), kImagePad);
  // 60 x 30 -> smart_resize 56 x 28 -> grid [1, 2, 4] -> 1 x 2 merged tokens; 60 x 60 ->
  // 56 x 56 -> [1, 4, 4] -> 2 x 2 merged tokens.
  const std::vector<vision::Image> images = {Gray(60, 30), Gray(60, 60)};
  auto prefill = p->Prepare(SingleTurn(std::nullopt, "Hi", 2), images, 512);
  ASSERT_TRUE(prefill.ok()) << prefill.status().ToString();
  EXPECT_EQ(prefill->rendered_text,
            "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n"
            "<|vision_start|><|image_pad|><|vision_end|><|vision_start|><|image_pad|>"
            "<|vision_end|>Hi<|im_end|>\n<|im_start|>assistant\n");
  ASSERT_EQ(prefill->image_grid_thw.size(), 2u);
  EXPECT_EQ(prefill->image_grid_thw[0], (std::array<int32_t, 3>{1, 2, 4}));
  EXPECT_EQ(prefill->image_grid_thw[1], (std::array<int32_t, 3>{1, 4, 4}));
  EXPECT_EQ(prefill->pixel_values.shape(), (Shape{8 + 16, 3 * 2 * 14 * 14}));
  ASSERT_EQ(prefill->image_slots.size(), 2u);
  EXPECT_EQ(prefill->image_slots[0].length, 2);
  EXPECT_EQ(prefill->image_slots[1].length, 4);
  const auto& ids = prefill->input_ids;
  EXPECT_EQ(std::count(ids.begin(), ids.end(), kImagePad), 6);
  EXPECT_EQ(prefill->effective_length, prefill->logical_length + 4);
  // Each image sits between <|vision_start|> and <|vision_end|>.
  for (const auto& s : prefill->image_slots) {
    EXPECT_EQ(ids[s.offset - 1], kVisionStart);
    EXPECT_EQ(ids[s.offset + s.length], kVisionEnd);
  }
  // M-RoPE (t, h, w): image 0 starts at position s0 (nothing before it is an image) and spans
  // w s0..s0+1, advancing the text by 2; image 1 is a 2 x 2 grid advancing it by 2 for 4 tokens.
  const int64_t L = prefill->effective_length;
  const auto& pos = prefill->rope_position_ids;
  ASSERT_EQ(static_cast<int64_t>(pos.size()), 3 * L);
  auto at = [&](int64_t row) {
    return std::array<int64_t, 3>{pos[row], pos[L + row], pos[2 * L + row]};
  };
  using P3 = std::array<int64_t, 3>;
  const int64_t s0 = prefill->image_slots[0].offset, s1 = prefill->image_slots[1].offset;
  EXPECT_EQ(at(s0 - 1), (P3{s0 - 1, s0 - 1, s0 - 1}));
  EXPECT_EQ(at(s0), (P3{s0, s0, s0}));
  EXPECT_EQ(at(s0 + 1), (P3{s0, s0, s0 + 1}));
  EXPECT_EQ(at(s0 + 2), (P3{s0 + 2, s0 + 2, s0 + 2}));  // <|vision_end|>
  EXPECT_EQ(at(s1 - 1), (P3{s1 - 1, s1 - 1, s1 - 1}));  // nothing saved before image 1
  EXPECT_EQ(at(s1 + 1), (P3{s1, s1, s1 + 1}));
  EXPECT_EQ(at(s1 + 2), (P3{s1, s1 + 1, s1}));
  EXPECT_EQ(at(s1 + 3), (P3{s1, s1 + 1, s1 + 1}));
  EXPECT_EQ(at(s1 + 4), (P3{s1 + 2, s1 + 2, s1 + 2}));  // image 1 saved 2 positions
  EXPECT_EQ(at(L - 1), (P3{L - 3, L - 3, L - 3}));
  EXPECT_EQ(prefill->rope_delta, -2);
  // The KV rows stay 0..L-1.
  EXPECT_EQ(prefill->position_ids.back(), L - 1);
}

TEST_F(QwenPreparerTest, TextOnlyPromptHasLinearMropePositions) {
  auto p = Preparer::Load(dir_.string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  auto prefill = p->Prepare(SingleTurn(std::string("Be brief."), "Hi", 0), {}, 512);
  ASSERT_TRUE(prefill.ok()) << prefill.status().ToString();
  EXPECT_EQ(prefill->rendered_text,
            "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
            "<|im_start|>assistant\n");
  const int64_t L = prefill->effective_length;
  ASSERT_EQ(static_cast<int64_t>(prefill->rope_position_ids.size()), 3 * L);
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < L; ++i) EXPECT_EQ(prefill->rope_position_ids[a * L + i], i);
  EXPECT_EQ(prefill->rope_delta, 0);
  EXPECT_TRUE(prefill->image_grid_thw.empty());
}

TEST_F(QwenPreparerTest, VideoPlaceholderIsRefused) {
  auto p = Preparer::Load(dir_.string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  auto r = p->Prepare(SingleTurn(std::nullopt, "<|vision_start|><|video_pad|><|vision_end|>", 0),
                      {}, 512);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kUnimplemented);
  EXPECT_EQ(r.status().reason(), kReasonVideoUnsupported);
  EXPECT_NE(r.status().message().find("video input is not supported"), std::string::npos)
      << r.status().message();
}

TEST_F(QwenPreparerTest, PlaceholderAndContextErrorsKeepTheirReasons) {
  auto p = Preparer::Load(dir_.string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  const std::vector<vision::Image> one = {Gray(60, 30)};
  auto extra = p->Prepare(SingleTurn(std::nullopt, "and <|image_pad|>", 1), one, 512);
  ASSERT_FALSE(extra.ok());
  EXPECT_EQ(extra.status().reason(), kReasonPlaceholderMismatch);
  EXPECT_EQ(extra.status().message(),
            "prompt has 2 image placeholders (<|image_pad|>) but 1 image was given");

  auto fits = p->Prepare(SingleTurn(std::nullopt, "Hi", 1), one, 512);
  ASSERT_TRUE(fits.ok()) << fits.status().ToString();
  const int64_t needed = fits->effective_length;
  auto over = p->Prepare(SingleTurn(std::nullopt, "Hi", 1), one, needed - 1);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().reason(), kReasonContextLengthExceeded);
  EXPECT_EQ(over.status().message(), "prompt needs " + std::to_string(needed) +
                                         " positions but context capacity is " +
                                         std::to_string(needed - 1));
}

TEST_F(QwenPreparerTest, ProcessorGeometryMustMatchTheVisionTower) {
  WriteProcessor(16);
  auto p = Preparer::Load(dir_.string());
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), ErrorCode::kFailedPrecondition);
  EXPECT_NE(p.status().message().find("patch_size is 16 but the vision tower's is 14"),
            std::string::npos)
      << p.status().message();
}

}  // namespace
}  // namespace vlmxla::prompt
