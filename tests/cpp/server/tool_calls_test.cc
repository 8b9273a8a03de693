// The tool-call parser: whole outputs and the same outputs streamed in every split, for the
// Hermes (Qwen2.5), Mistral and bare-JSON (Llama 3.1) formats.
#include "vlmxla/server/tool_calls.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace vlmxla::server {
namespace {

struct Parsed {
  std::string content;
  std::vector<ToolCall> calls;
};

Parsed Whole(ToolCallFormat f, const std::string& text) {
  ToolCallStream s(f);
  ToolCallStream::Step a = s.Push(text);
  ToolCallStream::Step b = s.Finish();
  Parsed p{a.content + b.content, a.calls};
  p.calls.insert(p.calls.end(), b.calls.begin(), b.calls.end());
  return p;
}

// The same text pushed one byte at a time; also checks that no content is sent that a whole
// parse would not send, in order.
Parsed ByteByByte(ToolCallFormat f, const std::string& text) {
  ToolCallStream s(f);
  Parsed p;
  for (char c : text) {
    ToolCallStream::Step step = s.Push(std::string(1, c));
    p.content += step.content;
    p.calls.insert(p.calls.end(), step.calls.begin(), step.calls.end());
  }
  ToolCallStream::Step last = s.Finish();
  p.content += last.content;
  p.calls.insert(p.calls.end(), last.calls.begin(), last.calls.end());
  return p;
}

void ExpectSame(const Parsed& a, const Parsed& b) {
  EXPECT_EQ(a.content, b.content);
  ASSERT_EQ(a.calls.size(), b.calls.size());
  for (size_t i = 0; i < a.calls.size(); ++i) {
    EXPECT_EQ(a.calls[i].name, b.calls[i].name);
    EXPECT_EQ(a.calls[i].arguments, b.calls[i].arguments);
  }
}

TEST(ToolCalls, HermesCallsAreParsedWithTheTextAroundThem) {
  const std::string text =
      "Let me check.<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": "
      "\"Paris\"}}\n</tool_call>\n<tool_call>\n{\"name\": \"get_time\", \"arguments\": "
      "{}}\n</tool_call>";
  const Parsed p = Whole(ToolCallFormat::kHermes, text);
  EXPECT_EQ(p.content, "Let me check.");
  ASSERT_EQ(p.calls.size(), 2u);
  EXPECT_EQ(p.calls[0].name, "get_weather");
  EXPECT_EQ(p.calls[0].arguments, "{\"city\":\"Paris\"}");
  EXPECT_EQ(p.calls[1].name, "get_time");
  EXPECT_EQ(p.calls[1].arguments, "{}");
  ExpectSame(p, ByteByByte(ToolCallFormat::kHermes, text));
}

TEST(ToolCalls, HermesStreamsContentAtOnceAndHoldsOnlyAPossibleTag) {
  ToolCallStream s(ToolCallFormat::kHermes);
  EXPECT_EQ(s.Push("Hello <").content, "Hello ");
  EXPECT_EQ(s.Push("b>").content, "<b>");  // not a tool call after all
  EXPECT_EQ(s.Push("<tool_").content, "");
  ToolCallStream::Step step = s.Push("call>{\"name\": \"f\", \"arguments\": {\"x\": 1}}");
  EXPECT_TRUE(step.content.empty() && step.calls.empty());
  step = s.Push("</tool_call>");
  ASSERT_EQ(step.calls.size(), 1u);
  EXPECT_EQ(step.calls[0].arguments, "{\"x\":1}");
}

TEST(ToolCalls, AMalformedOrUnfinishedCallStaysContent) {
  // Not JSON, arguments not an object, never closed: the model's text as it wrote it.
  for (const std::string& text :
       {std::string("<tool_call>{not json}</tool_call>"),
        std::string("<tool_call>{\"name\": \"f\", \"arguments\": 3}</tool_call>"),
        std::string("ok <tool_call>{\"name\": \"f\", \"argu")}) {
    const Parsed p = Whole(ToolCallFormat::kHermes, text);
    EXPECT_TRUE(p.calls.empty()) << text;
    EXPECT_EQ(p.content, text);
    ExpectSame(p, ByteByByte(ToolCallFormat::kHermes, text));
  }
}

TEST(ToolCalls, MistralAndBareJsonCalls) {
  const std::string mistral =
      "[TOOL_CALLS][{\"name\": \"a\", \"arguments\": {\"q\": \"x\"}}, {\"name\": \"b\", "
      "\"arguments\": {}}]";
  const Parsed m = Whole(ToolCallFormat::kMistral, mistral);
  EXPECT_EQ(m.content, "");
  ASSERT_EQ(m.calls.size(), 2u);
  EXPECT_EQ(m.calls[1].name, "b");
  ExpectSame(m, ByteByByte(ToolCallFormat::kMistral, mistral));

  const std::string llama = "<|python_tag|>{\"name\": \"search\", \"parameters\": {\"q\": 1}}";
  const Parsed l = Whole(ToolCallFormat::kJson, llama);
  ASSERT_EQ(l.calls.size(), 1u);
  EXPECT_EQ(l.calls[0].name, "search");
  EXPECT_EQ(l.calls[0].arguments, "{\"q\":1}");
  ExpectSame(l, ByteByByte(ToolCallFormat::kJson, llama));

  // Plain text in the JSON format streams as content; JSON that is not a call is content too.
  const Parsed plain = ByteByByte(ToolCallFormat::kJson, "Sure, {\"name\": 1}");
  EXPECT_TRUE(plain.calls.empty());
  EXPECT_EQ(plain.content, "Sure, {\"name\": 1}");
  const Parsed not_call = Whole(ToolCallFormat::kJson, "{\"answer\": 42}");
  EXPECT_TRUE(not_call.calls.empty());
  EXPECT_EQ(not_call.content, "{\"answer\": 42}");
}

TEST(ToolCalls, TheForcedCallMarkupIsWhatTheParserReads) {
  for (ToolCallFormat f :
       {ToolCallFormat::kHermes, ToolCallFormat::kMistral, ToolCallFormat::kJson}) {
    const ToolCallMarkup m = MarkupFor(f);
    const std::string text =
        m.prefix + "{\"name\": \"f\", \"" + m.arguments_key + "\": {\"a\": [1]}}" + m.suffix;
    const Parsed p = Whole(f, text);
    ASSERT_EQ(p.calls.size(), 1u) << text;
    EXPECT_EQ(p.calls[0].name, "f");
    EXPECT_EQ(p.calls[0].arguments, "{\"a\":[1]}");
    EXPECT_EQ(p.content, "");
  }
}

}  // namespace
}  // namespace vlmxla::server
