// M-RoPE positions as Transformers' get_rope_index lays them out, worked by hand, and the
// per-image placeholder counts ExpandPrompt takes for the Qwen families. The comparison with
// get_rope_index itself is tests/py/test_qwen_prepare_parity.py.
#include "vlmxla/prompt/mrope_positions.h"

#include <gtest/gtest.h>

#include <vector>

namespace vlmxla::prompt {
namespace {

constexpr int32_t kPad = 7;  // <|image_pad|>

PlaceholderSpec QwenSpec(std::vector<int64_t> counts) {
  PlaceholderSpec s;
  s.image_token_id = kPad;
  s.image_token = "<|image_pad|>";
  s.image_token_counts = std::move(counts);
  return s;
}

std::vector<int32_t> Axis(const PreparedPrefill& p, int a) {
  const auto& v = p.rope_position_ids;
  const size_t n = v.size() / 3;
  return {v.begin() + a * n, v.begin() + (a + 1) * n};
}

TEST(ExpandPrompt, PerImageCounts) {
  auto p = ExpandPrompt({1, kPad, 2, kPad, 3}, 2, QwenSpec({3, 1}), 100);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->input_ids, (std::vector<int32_t>{1, kPad, kPad, kPad, 2, kPad, 3}));
  EXPECT_EQ(p->effective_length, 7);
  EXPECT_EQ(p->logical_length, 5);
  ASSERT_EQ(p->image_slots.size(), 2u);
  EXPECT_EQ(p->image_slots[0].length, 3);
  EXPECT_EQ(p->image_slots[1].offset, 5);
  EXPECT_EQ(p->image_slots[1].length, 1);
  auto over = ExpandPrompt({1, kPad, 2, kPad, 3}, 2, QwenSpec({3, 1}), 6);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().reason(), kReasonContextLengthExceeded);
  EXPECT_EQ(over.status().message(), "prompt needs 7 positions but context capacity is 6");
  auto mismatch = ExpandPrompt({1, kPad, 2}, 2, QwenSpec({3, 1}), 100);
  EXPECT_EQ(mismatch.status().reason(), kReasonPlaceholderMismatch);
  EXPECT_EQ(mismatch.status().message(),
            "prompt has 1 image placeholder (<|image_pad|>) but 2 images were given");
}

TEST(MropePositions, TextImageText) {
  // Grid [1, 4, 6] with merge 2: 1 x 2 x 3 = 6 tokens. Text 0, 1; the image starts at 2: t = 2,
  // h = 2 + y, w = 2 + x; the text after it starts at 2 + max(2, 3) = 5.
  auto p = ExpandPrompt({10, 11, kPad, 12, 13}, 1, QwenSpec({6}), 100);
  ASSERT_TRUE(p.ok());
  const std::vector<std::array<int32_t, 3>> grids = {{1, 4, 6}};
  ASSERT_TRUE(ComputeMropePositions(grids, 2, &*p).ok());
  EXPECT_EQ(Axis(*p, 0), (std::vector<int32_t>{0, 1, 2, 2, 2, 2, 2, 2, 5, 6}));
  EXPECT_EQ(Axis(*p, 1), (std::vector<int32_t>{0, 1, 2, 2, 2, 3, 3, 3, 5, 6}));
  EXPECT_EQ(Axis(*p, 2), (std::vector<int32_t>{0, 1, 2, 3, 4, 2, 3, 4, 5, 6}));
  EXPECT_EQ(p->rope_delta, 6 + 1 - 10);
  // The KV rows stay 0..L-1.
  EXPECT_EQ(p->position_ids.back(), 9);
}

TEST(MropePositions, TwoImagesAndAnImageLast) {
  // [text, img(1,2,2 -> 1 token), text, img(1,6,2 -> 3 tokens)]: the second image is taller than
  // wide, so its h axis runs 0..2 and the delta comes from it.
  auto p = ExpandPrompt({10, kPad, 11, kPad}, 2, QwenSpec({1, 3}), 100);
  ASSERT_TRUE(p.ok());
  const std::vector<std::array<int32_t, 3>> grids = {{1, 2, 2}, {1, 6, 2}};
  ASSERT_TRUE(ComputeMropePositions(grids, 2, &*p).ok());
  // text 0; image at 1 (1 token: 1,1,1), next starts at 1 + 1 = 2; text 2; image at 3: h 3..5.
  EXPECT_EQ(Axis(*p, 0), (std::vector<int32_t>{0, 1, 2, 3, 3, 3}));
  EXPECT_EQ(Axis(*p, 1), (std::vector<int32_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(Axis(*p, 2), (std::vector<int32_t>{0, 1, 2, 3, 3, 3}));
  EXPECT_EQ(p->rope_delta, 5 + 1 - 6);
}

TEST(MropePositions, TextOnlyIsOneDimensional) {
  auto p = ExpandPrompt({1, 2, 3}, 0, QwenSpec({}), 100);
  ASSERT_TRUE(p.ok());
  ASSERT_TRUE(ComputeMropePositions({}, 2, &*p).ok());
  for (int a = 0; a < 3; ++a) EXPECT_EQ(Axis(*p, a), (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(p->rope_delta, 0);
}

TEST(MropePositions, SlotThatDisagreesWithItsGridIsRefused) {
  auto p = ExpandPrompt({1, kPad, 2}, 1, QwenSpec({5}), 100);
  ASSERT_TRUE(p.ok());
  const std::vector<std::array<int32_t, 3>> grids = {{1, 4, 6}};  // 6 tokens, not 5
  Status s = ComputeMropePositions(grids, 2, &*p);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("merges to 6"), std::string::npos) << s.message();
  EXPECT_FALSE(ComputeMropePositions({}, 2, &*p).ok());  // one slot, no grid
}

}  // namespace
}  // namespace vlmxla::prompt
