// Preparer on a text-only (plain llama config.json) model directory written by the test: no image
// processor, image_token_id -1, ids tokenized as apply_chat_template does (no special tokens
// added), and any image refused with kReasonImagesUnsupported.
#include <unistd.h>

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

// SentencePiece-style BPE whose post-processor prepends <s> (id 1), with byte fallback.
json SentencePieceTokenizerJson() {
  json vocab = {{"<unk>", 0},
                {"<s>", 1},
                {"</s>", 2},
                {"\xE2\x96\x81", 3},
                {"a", 4},
                {"b", 5},
                {"\xE2\x96\x81"
                 "a",
                 6}};
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof(name), "<0x%02X>", b);
    vocab[name] = 7 + b;
  }
  auto special = [](int id, const char* content) {
    return json{{"id", id},        {"content", content},  {"single_word", false}, {"lstrip", false},
                {"rstrip", false}, {"normalized", false}, {"special", true}};
  };
  return {
      {"added_tokens", json::array({special(0, "<unk>"), special(1, "<s>"), special(2, "</s>")})},
      {"normalizer",
       {{"type", "Sequence"},
        {"normalizers", json::array({json{{"type", "Prepend"}, {"prepend", "\xE2\x96\x81"}},
                                     json{{"type", "Replace"},
                                          {"pattern", {{"String", " "}}},
                                          {"content", "\xE2\x96\x81"}}})}}},
      {"pre_tokenizer", nullptr},
      {"post_processor",
       {{"type", "TemplateProcessing"},
        {"single", json::array({json{{"SpecialToken", {{"id", "<s>"}, {"type_id", 0}}}},
                                json{{"Sequence", {{"id", "A"}, {"type_id", 0}}}}})},
        {"special_tokens",
         {{"<s>", {{"id", "<s>"}, {"ids", json::array({1})}, {"tokens", json::array({"<s>"})}}}}}}},
      {"decoder", nullptr},
      {"model",
       {{"type", "BPE"},
        {"unk_token", "<unk>"},
        {"fuse_unk", true},
        {"byte_fallback", true},
        {"vocab", vocab},
        {"merges", json::array({json::array({"\xE2\x96\x81", "a"})})}}}};
}

using test_util::Write;

class TextOnlyPreparerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Per process and test: other build directories may run this binary at the same time.
    dir_ = fs::temp_directory_path() /
           ("vlmxla_text_only_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    // The shape of config.json LlamaForCausalLM.save_pretrained writes (no text_config nesting).
    Write(dir_ / "config.json",
          json{{"architectures", {"LlamaForCausalLM"}},
               {"model_type", "llama"},
               {"vocab_size", 263},
               {"hidden_size", 16},
               {"intermediate_size", 32},
               {"num_hidden_layers", 1},
               {"num_attention_heads", 2},
               {"num_key_value_heads", 1},
               {"head_dim", 8},
               {"max_position_embeddings", 64},
               {"bos_token_id", 1},
               {"eos_token_id", 2},
               {"pad_token_id", nullptr},
               {"tie_word_embeddings", false},
               {"rope_parameters", {{"rope_theta", 10000.0}, {"rope_type", "default"}}}}
              .dump());
    Write(dir_ / "tokenizer.json", SentencePieceTokenizerJson().dump());
    Write(dir_ / "tokenizer_config.json",
          json{{"bos_token", "<s>"}, {"eos_token", "</s>"}, {"unk_token", "<unk>"}}.dump());
    Write(dir_ / "chat_template.jinja",
          "{% for m in messages %}{{ m['role'] }}: {% for c in m['content'] %}"
          "{% if c['type'] == 'text' %}{{ c['text'] }}{% endif %}{% endfor %}"
          "{{ '\\n' }}{% endfor %}"
          "{% if add_generation_prompt %}assistant:{% endif %}");
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

TEST_F(TextOnlyPreparerTest, LoadsWithoutImageProcessorAndAddsNoSpecialTokens) {
  auto p = Preparer::Load(dir_.string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_FALSE(p->model().config().is_multimodal());
  EXPECT_EQ(p->image_token_id(), -1);
  EXPECT_EQ(p->default_context_capacity(), 64);

  auto prefill = p->Prepare(SingleTurn(std::nullopt, "ab a", 0), {}, 64);
  ASSERT_TRUE(prefill.ok()) << prefill.status().ToString();
  EXPECT_EQ(prefill->rendered_text, "user: ab a\nassistant:");
  // As tokenizer.apply_chat_template: the rendered text is tokenized with add_special_tokens=False,
  // although this tokenizer's post-processor would prepend <s>.
  auto plain = p->tokenizer().Encode(prefill->rendered_text, /*add_special_tokens=*/false);
  auto with_bos = p->tokenizer().Encode(prefill->rendered_text, /*add_special_tokens=*/true);
  ASSERT_TRUE(plain.ok() && with_bos.ok());
  ASSERT_EQ(with_bos->front(), 1);
  EXPECT_EQ(prefill->input_ids, *plain);
  EXPECT_EQ(prefill->unexpanded_ids, *plain);
  EXPECT_TRUE(prefill->image_slots.empty());
  EXPECT_EQ(prefill->effective_length, static_cast<int64_t>(plain->size()));
  EXPECT_EQ(prefill->logical_length, prefill->effective_length);
  EXPECT_TRUE(prefill->pixel_values.shape().empty());  // no images: no pixel tensor
}

TEST_F(TextOnlyPreparerTest, AnyImageIsImagesUnsupported) {
  auto p = Preparer::Load(dir_.string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  vision::Image image{2, 2, std::vector<uint8_t>(12, 128)};
  auto given = p->Prepare(SingleTurn(std::nullopt, "ab", 1), {image}, 64);
  ASSERT_FALSE(given.ok());
  EXPECT_EQ(given.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(given.status().reason(), kReasonImagesUnsupported);
  EXPECT_NE(given.status().message().find("llama, text-only"), std::string::npos)
      << given.status().message();
  EXPECT_NE(given.status().message().find("has 1 image"), std::string::npos);
  // An image part with no image is the same refusal, not a placeholder mismatch.
  auto referenced = p->Prepare(SingleTurn(std::nullopt, "ab", 2), {}, 64);
  ASSERT_FALSE(referenced.ok());
  EXPECT_EQ(referenced.status().reason(), kReasonImagesUnsupported);
  EXPECT_NE(referenced.status().message().find("has 2 images"), std::string::npos);
}

TEST_F(TextOnlyPreparerTest, ContextOverflowNamesBothNumbers) {
  auto p = Preparer::Load(dir_.string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  auto fits = p->Prepare(SingleTurn(std::nullopt, "ab", 0), {}, 64);
  ASSERT_TRUE(fits.ok()) << fits.status().ToString();
  const int64_t needed = fits->effective_length;
  auto over = p->Prepare(SingleTurn(std::nullopt, "ab", 0), {}, needed - 1);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().reason(), kReasonContextLengthExceeded);
  EXPECT_EQ(over.status().message(), "prompt needs " + std::to_string(needed) +
                                         " positions but context capacity is " +
                                         std::to_string(needed - 1));
}

}  // namespace
}  // namespace vlmxla::prompt
