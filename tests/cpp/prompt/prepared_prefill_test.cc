#include "vlmxla/prompt/prepared_prefill.h"

#include <gtest/gtest.h>

#include "vlmxla/prompt/messages.h"

namespace vlmxla::prompt {
namespace {

constexpr int32_t kImg = 99;
const PlaceholderSpec kSpec{kImg, "<image>", 4, {}};

TEST(ExpandPrompt, ExpandsEachPlaceholderAndRecordsSlots) {
  auto p = ExpandPrompt({1, kImg, 5, kImg, 6}, 2, kSpec, 100);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->input_ids,
            (std::vector<int32_t>{1, kImg, kImg, kImg, kImg, 5, kImg, kImg, kImg, kImg, 6}));
  EXPECT_EQ(p->logical_length, 5);
  EXPECT_EQ(p->effective_length, 11);
  ASSERT_EQ(p->image_slots.size(), 2u);
  EXPECT_EQ(p->image_slots[0].offset, 1);
  EXPECT_EQ(p->image_slots[1].offset, 6);
  EXPECT_EQ(p->image_slots[1].image_index, 1);
  EXPECT_EQ(p->image_slots[1].length, 4);
  EXPECT_EQ(p->position_ids.back(), 10);
  EXPECT_EQ(p->attention_mask, std::vector<int32_t>(11, 1));
  EXPECT_EQ(p->unexpanded_ids.size(), 5u);
}

TEST(ExpandPrompt, TextOnly) {
  auto p = ExpandPrompt({3, 4}, 0, kSpec, 2);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->effective_length, 2);
  EXPECT_TRUE(p->image_slots.empty());
}

TEST(ExpandPrompt, PlaceholderMismatchIsTyped) {
  auto two_for_one = ExpandPrompt({kImg, kImg, 5}, 1, kSpec, 100);
  ASSERT_FALSE(two_for_one.ok());
  EXPECT_EQ(two_for_one.status().reason(), kReasonPlaceholderMismatch);
  EXPECT_EQ(two_for_one.status().message(),
            "prompt has 2 image placeholders (<image>) but 1 image was given");
  auto none_for_one = ExpandPrompt({5}, 1, kSpec, 100);
  EXPECT_EQ(none_for_one.status().reason(), kReasonPlaceholderMismatch);
}

TEST(ExpandPrompt, ContextOverflowNamesBothNumbers) {
  // 3 text tokens + 4 image tokens = 7 positions.
  EXPECT_TRUE(ExpandPrompt({1, kImg, 2, 3}, 1, kSpec, 7).ok());
  auto over = ExpandPrompt({1, kImg, 2, 3}, 1, kSpec, 6);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().code(), ErrorCode::kOutOfRange);
  EXPECT_EQ(over.status().reason(), kReasonContextLengthExceeded);
  EXPECT_EQ(over.status().message(), "prompt needs 7 positions but context capacity is 6");
}

TEST(Messages, SingleTurnPutsImagesBeforeText) {
  auto m = SingleTurn(std::string("be brief"), "what is this?", 2);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(CountImages(m), 2);
  EXPECT_EQ(MessagesToJson(m).dump(),
            R"([{"role":"system","content":[{"type":"text","text":"be brief"}]},)"
            R"({"role":"user","content":[{"type":"image"},{"type":"image"},)"
            R"({"type":"text","text":"what is this?"}]}])");
}

}  // namespace
}  // namespace vlmxla::prompt
