// Pure pieces: the delta hand-off queue, the error mapping and the wire-format helpers.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <limits>
#include <thread>

#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/server/delta_queue.h"
#include "vlmxla/server/errors.h"
#include "vlmxla/server/openai_protocol.h"
#include "vlmxla/server/sse.h"

namespace vlmxla::server {
namespace {

using json = nlohmann::json;

engine::GenerationDelta Delta(const std::string& text, int32_t token, bool last = false) {
  engine::GenerationDelta d;
  d.text = text;
  d.token_ids = {token};
  d.usage.completion_tokens = token + 1;
  if (last) d.finish = engine::FinishReason::kStop;
  return d;
}

TEST(DeltaQueue, MergesWhenFullAndNeverBlocks) {
  DeltaQueue q(2);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(q.Push(Delta(std::string(1, 'a' + i), i, i == 4)));
  auto first = q.Pop(std::chrono::milliseconds(0));
  auto second = q.Pop(std::chrono::milliseconds(0));
  ASSERT_TRUE(first && second);
  EXPECT_EQ(first->text, "a");
  EXPECT_EQ(second->text, "bcde");
  EXPECT_EQ(second->token_ids, (std::vector<int32_t>{1, 2, 3, 4}));
  EXPECT_EQ(second->usage.completion_tokens, 5);
  EXPECT_TRUE(second->finish.has_value());
  EXPECT_FALSE(q.Pop(std::chrono::milliseconds(0)));
}

TEST(DeltaQueue, MergesOnlyWithinAChoiceKeepingEachChoicesOrder) {
  DeltaQueue q(2);
  auto of = [](int index, const std::string& text, int token) {
    engine::GenerationDelta d = Delta(text, token);
    d.index = index;
    d.logprobs.push_back({token, text, -1.0f * token, {}});
    return d;
  };
  EXPECT_TRUE(q.Push(of(0, "a", 0)));
  EXPECT_TRUE(q.Push(of(1, "x", 1)));
  EXPECT_TRUE(q.Push(of(0, "b", 2)));  // full: merged into choice 0's waiting delta
  EXPECT_TRUE(q.Push(of(1, "y", 3)));
  EXPECT_TRUE(q.Push(of(2, "p", 4)));  // no delta of choice 2 waits: added past the bound
  auto a = q.Pop(std::chrono::milliseconds(0));
  auto b = q.Pop(std::chrono::milliseconds(0));
  auto c = q.Pop(std::chrono::milliseconds(0));
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->index, 0);
  EXPECT_EQ(a->text, "ab");
  ASSERT_EQ(a->logprobs.size(), 2u);
  EXPECT_EQ(a->logprobs[1].id, 2);
  EXPECT_EQ(b->index, 1);
  EXPECT_EQ(b->text, "xy");
  EXPECT_EQ(c->index, 2);
  EXPECT_EQ(c->text, "p");
  EXPECT_FALSE(q.Pop(std::chrono::milliseconds(0)));
}

TEST(Protocol, LogprobsJsonShapesAndFloor) {
  const std::vector<engine::TokenLogprob> tokens = {
      {5, "\xe4\xb8", -0.5f, {{5, "\xe4\xb8", -0.5f}, {6, "ab", -1.5f}}},
      {7, "c", -std::numeric_limits<float>::infinity(), {}}};
  int64_t offset = 0;
  json chat = json::parse(LogprobsJson(Endpoint::kChat, tokens, &offset)
                              .dump(-1, ' ', false, json::error_handler_t::replace));
  ASSERT_EQ(chat["content"].size(), 2u);
  // A partial UTF-8 character: its bytes exactly, its token text with U+FFFD.
  EXPECT_EQ(chat["content"][0]["bytes"], json::array({0xe4, 0xb8}));
  EXPECT_EQ(chat["content"][0]["top_logprobs"][1]["token"], "ab");
  EXPECT_FLOAT_EQ(chat["content"][0]["top_logprobs"][1]["logprob"].get<float>(), -1.5f);
  EXPECT_EQ(chat["content"][1]["logprob"], -9999.0);  // -inf has no JSON
  EXPECT_EQ(offset, 0) << "chat has no offsets";
  offset = 10;
  json legacy = json::parse(LogprobsJson(Endpoint::kText, {tokens[1], tokens[1]}, &offset).dump());
  EXPECT_EQ(legacy["tokens"], json::array({"c", "c"}));
  EXPECT_EQ(legacy["text_offset"], json::array({10, 11}));
  EXPECT_EQ(offset, 12);
}

TEST(DeltaQueue, SinkReturnsFalseOnceClosed) {
  auto q = std::make_shared<DeltaQueue>();
  engine::DeltaSink sink = DeltaQueue::SinkFor(q);
  EXPECT_TRUE(sink(Delta("x", 0)));
  q->Close();
  EXPECT_FALSE(sink(Delta("y", 1)));
  EXPECT_FALSE(q->Pop(std::chrono::milliseconds(0)));
}

TEST(DeltaQueue, PopWakesOnPushFromAnotherThread) {
  DeltaQueue q;
  std::thread producer([&] { q.Push(Delta("late", 0, true)); });
  auto d = q.Pop(std::chrono::seconds(10));
  producer.join();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->text, "late");
}

TEST(Errors, StatusMapping) {
  EXPECT_EQ(ApiErrorFromStatus(Unavailable("full", engine::kReasonOverloaded)).http_status, 429);
  EXPECT_EQ(ApiErrorFromStatus(Unavailable("full", engine::kReasonOverloaded)).retry_after_seconds,
            1);
  ApiError e = ApiErrorFromStatus(
      OutOfRange("needs 9 but capacity is 8", prompt::kReasonContextLengthExceeded), "messages");
  EXPECT_EQ(e.http_status, 400);
  EXPECT_EQ(e.code, "context_length_exceeded");
  EXPECT_EQ(e.param, "messages");
  EXPECT_EQ(ApiErrorFromStatus(DataLoss("bad", "image_corrupt")).code, "invalid_image");
  EXPECT_EQ(ApiErrorFromStatus(InvalidArgument("bad")).http_status, 400);
  EXPECT_EQ(ApiErrorFromStatus(Internal("bug")).http_status, 500);
  EXPECT_EQ(ApiErrorFromStatus(Unavailable("device")).http_status, 503);

  json body = json::parse(ErrorBody(BadRequest("bad \xff byte", "", "x")));
  EXPECT_TRUE(body["error"]["param"].is_null());
  EXPECT_EQ(body["error"]["code"], "x");
  EXPECT_EQ(body["error"]["type"], "invalid_request_error");
}

TEST(Protocol, SseFraming) {
  EXPECT_EQ(SseData("{}"), "data: {}\n\n");
  EXPECT_EQ(SseDone(), "data: [DONE]\n\n");
  EXPECT_EQ(SseComment("ping"), ": ping\n\n");
}

TEST(Protocol, ParsesChatParts) {
  ParsedRequest p;
  auto e = ParseChatRequest(R"({"messages": [
      {"role": "developer", "content": "sys"},
      {"role": "user", "content": [{"type": "text", "text": "a"},
                                   {"type": "image_url", "image_url": "data:image/png;base64,AA"},
                                   {"type": "image_url", "image_url": {"url": "/x.png"}}]},
      {"role": "assistant", "content": null},
      {"role": "user", "content": "b"}], "stop": "END", "top_k": -1})",
                            &p);
  ASSERT_FALSE(e) << e->message;
  ASSERT_EQ(p.request.messages.size(), 4u);
  EXPECT_EQ(p.request.messages[0].role, "system");
  EXPECT_TRUE(p.request.messages[2].content.empty());
  ASSERT_EQ(p.images.size(), 2u);
  EXPECT_EQ(p.images[0].param, "messages[1].content[1].image_url");
  EXPECT_EQ(p.images[1].url, "/x.png");
  EXPECT_EQ(p.images[1].param, "messages[1].content[2].image_url.url");
  EXPECT_EQ(p.request.stop.stop, std::vector<std::string>{"END"});
  EXPECT_EQ(p.request.sampling.top_k, 0);
  EXPECT_EQ(p.request.stop.max_tokens, -1);
  EXPECT_FALSE(p.stream);
}

TEST(Protocol, VideoPartsAreRefusedAsVideo) {
  for (const char* type : {"video_url", "video"}) {
    ParsedRequest p;
    const std::string body = std::string(R"({"messages": [{"role": "user", "content": [)") +
                             R"({"type": "text", "text": "a"}, {"type": ")" + type +
                             R"(", "video_url": {"url": "/v.mp4"}}]}]})";
    auto e = ParseChatRequest(body, &p);
    ASSERT_TRUE(e) << type;
    EXPECT_EQ(e->http_status, 400);
    EXPECT_EQ(e->code, "video_unsupported");
    EXPECT_EQ(e->param, "messages[0].content[1].type");
    EXPECT_NE(e->message.find("video input is not supported"), std::string::npos) << e->message;
  }
  ParsedRequest p;
  auto e =
      ParseChatRequest(R"({"messages": [{"role": "user", "content": [{"type": "audio"}]}]})", &p);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "unsupported_content_type");
}

TEST(Errors, QwenImageLimitsAreInvalidImages) {
  EXPECT_EQ(ApiErrorFromStatus(InvalidArgument("200:1", "image_aspect_ratio_unsupported")).code,
            "invalid_image");
  EXPECT_EQ(ApiErrorFromStatus(InvalidArgument("2x1", "image_too_small")).code, "invalid_image");
}

// Found by fuzz_openai_request: nlohmann reports a number too large for a double as out_of_range,
// not parse_error, and the exception escaped the parser (a 500, or std::terminate in a fuzzer).
TEST(Protocol, NumberPastDoubleIsInvalidJson) {
  for (const char* body : {R"({"messages": [], "temperature": 1e999})", "8882e22288888888888"}) {
    ParsedRequest chat, text;
    auto e = ParseChatRequest(body, &chat);
    ASSERT_TRUE(e) << body;
    EXPECT_EQ(e->http_status, 400);
    EXPECT_EQ(e->code, "invalid_json");
    auto t = ParseTextRequest(body, &text);
    ASSERT_TRUE(t) << body;
    EXPECT_EQ(t->code, "invalid_json");
  }
}

TEST(Protocol, ChunksAndUsage) {
  ResponseMeta meta = NewResponseMeta(Endpoint::kChat, "m");
  EXPECT_EQ(meta.id.size(), std::string("chatcmpl-").size() + 24);
  EXPECT_NE(NewResponseMeta(Endpoint::kChat, "m").id, meta.id);
  json role = json::parse(RoleChunk(meta, 0, false));
  EXPECT_EQ(role["choices"][0]["delta"]["role"], "assistant");
  EXPECT_TRUE(role["choices"][0]["finish_reason"].is_null());
  json fin = json::parse(FinishChunk(meta, 2, "length", true));
  EXPECT_EQ(fin["choices"][0]["index"], 2);
  EXPECT_EQ(fin["choices"][0]["finish_reason"], "length");
  EXPECT_TRUE(fin["choices"][0]["delta"].empty());
  EXPECT_TRUE(fin["usage"].is_null());
  engine::Usage u{50, 20, 7};
  json usage = json::parse(UsageChunk(meta, u));
  EXPECT_TRUE(usage["choices"].empty());
  EXPECT_EQ(usage["usage"]["total_tokens"], 57);
  EXPECT_EQ(usage["usage"]["vlmxla"]["prompt_tokens_logical"], 20);
  EXPECT_EQ(OpenAiFinishReason(engine::FinishReason::kCancelled), std::nullopt);
}

}  // namespace
}  // namespace vlmxla::server
