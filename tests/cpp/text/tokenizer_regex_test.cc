#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "vlmxla/text/regex.h"

namespace vlmxla::text {
namespace {

using Spans = std::vector<std::pair<size_t, size_t>>;

Spans Find(const std::string& pattern, const std::string& text) {
  auto re = Regex::Compile(pattern, false);
  EXPECT_TRUE(re.ok()) << re.status().ToString();
  auto m = re->FindAll(text);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? *m : Spans{};
}

TEST(TokenizerRegexTest, WhitespaceIsUnicodeWhiteSpaceAsInOniguruma) {
  // U+0085 (NEL) is White_Space, which PCRE2's own \s leaves out; U+200B and U+FEFF are not.
  EXPECT_EQ(Find(R"(\s+)",
                 "a\xC2\x85"
                 "b"),
            (Spans{{1, 3}}));
  EXPECT_EQ(Find(R"(\s+)",
                 "a\xE2\x80\x8B"
                 "b\xEF\xBB\xBF"
                 "c\x1C"),
            Spans{});
  EXPECT_EQ(Find(R"(\s+)", "a\xE3\x80\x80\t"), (Spans{{1, 5}}));
  // \S and \s inside a negated class follow the same set.
  EXPECT_EQ(Find(R"(\S+)",
                 "a\xC2\x85"
                 "b"),
            (Spans{{0, 1}, {3, 4}}));
  EXPECT_EQ(Find(R"([^\s\p{L}]+)",
                 "1\xC2\x85"
                 "2x3"),
            (Spans{{0, 1}, {3, 4}, {5, 6}}));
}

TEST(TokenizerRegexTest, Qwen2PatternSplitsContractionsCaseInsensitively) {
  const std::string qwen2 = R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N})"
                            R"(| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
  // DON | 'T | " 12" splits digit by digit | "  " before "x" leaves one space for " x".
  EXPECT_EQ(Find(qwen2, "DON'T 12  x"),
            (Spans{{0, 3}, {3, 5}, {5, 6}, {6, 7}, {7, 8}, {8, 9}, {9, 11}}));
}

TEST(TokenizerRegexTest, TranslationLeavesOtherEscapesAlone) {
  auto t = Regex::TranslatePattern(R"(\p{L}\\s[\]a])");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(*t, R"(\p{L}\\s[\]a])");
  EXPECT_FALSE(Regex::TranslatePattern(R"([\S])").ok());
}

}  // namespace
}  // namespace vlmxla::text
