// The server end to end over loopback: a live HttpServer on a free port in front of FakeService,
// driven with httplib::Client.
#include "vlmxla/server/http_server.h"

#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <chrono>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "fake_service.h"
#include "server_fixture.h"

namespace vlmxla::server {
namespace {

using json = nlohmann::json;
using testing::FakeService;
using testing::PngDataUri;
using testing::ServerTest;

TEST_F(ServerTest, HealthReportsLoadingThenOk) {
  service_.is_ready = false;
  Start();
  auto r = Client().Get("/health");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_EQ(json::parse(r->body)["status"], "loading");
  auto c = Post("/v1/chat/completions", Chat("hi"));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->status, 503);
  EXPECT_EQ(json::parse(c->body)["error"]["code"], "model_loading");
  service_.is_ready = true;
  r = Client().Get("/health");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(json::parse(r->body)["status"], "ok");
}

TEST_F(ServerTest, HealthReportsLoadError) {
  service_.is_ready = false;
  Start();
  server_->SetLoadError("NOT_FOUND: config.json missing");
  auto r = Client().Get("/health");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_EQ(json::parse(r->body)["status"], "error");
  EXPECT_NE(r->body.find("config.json"), std::string::npos);
}

TEST_F(ServerTest, ModelsListsTheServedModel) {
  ServerOptions o;
  o.model_id = "served-name";
  Start(o);
  auto r = Client().Get("/v1/models");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  json j = json::parse(r->body);
  EXPECT_EQ(j["object"], "list");
  ASSERT_EQ(j["data"].size(), 1u);
  EXPECT_EQ(j["data"][0]["id"], "served-name");
  EXPECT_EQ(j["data"][0]["object"], "model");
  auto one = Client().Get("/v1/models/served-name");
  ASSERT_TRUE(one);
  EXPECT_EQ(one->status, 200);
  EXPECT_EQ(ExpectError(Client().Get("/v1/models/other"), 404)["code"], "model_not_found");
  // A request naming another model is refused too.
  EXPECT_EQ(ExpectError(Post("/v1/chat/completions", Chat("x")), 404)["param"], "model");
}

TEST_F(ServerTest, ChatCompletionEchoesWithUsage) {
  Start();
  auto r = Post("/v1/chat/completions",
                json({{"model", "fake-model"},
                      {"messages",
                       {{{"role", "system"}, {"content", "be brief"}},
                        {{"role", "user"},
                         {"content",
                          {{{"type", "image_url"}, {"image_url", {{"url", PngDataUri()}}}},
                           {{"type", "text"}, {"text", "first question"}}}}},
                        {{"role", "assistant"}, {"content", "an answer"}},
                        {{"role", "user"},
                         {"content",
                          {{{"type", "image_url"}, {"image_url", {{"url", PngDataUri(3, 3)}}}},
                           {{"type", "text"}, {"text", "and this one?"}}}}}}},
                      {"temperature", 0.5},
                      {"top_p", 0.9},
                      {"top_k", 40},
                      {"min_p", 0.05},
                      {"seed", -3},
                      {"stop", {"END", "\n\n"}}})
                    .dump());
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  json j = json::parse(r->body);
  EXPECT_EQ(j["object"], "chat.completion");
  EXPECT_EQ(j["model"], "fake-model");
  EXPECT_EQ(j["id"].get<std::string>().rfind("chatcmpl-", 0), 0u);
  EXPECT_EQ(j["choices"][0]["message"]["role"], "assistant");
  EXPECT_EQ(j["choices"][0]["message"]["content"], "and this one?");
  EXPECT_EQ(j["choices"][0]["finish_reason"], "stop");
  // 2 images: effective 10 + 2*16, logical 10 + 2; "and this one?" is 13 bytes = 4 pieces.
  EXPECT_EQ(j["usage"]["prompt_tokens"], 42);
  EXPECT_EQ(j["usage"]["completion_tokens"], 4);
  EXPECT_EQ(j["usage"]["total_tokens"], 46);
  EXPECT_EQ(j["usage"]["vlmxla"]["prompt_tokens_logical"], 12);

  const engine::GenerationRequest req = service_.last_request();
  ASSERT_EQ(req.messages.size(), 4u);
  EXPECT_EQ(req.messages[0].role, "system");
  EXPECT_EQ(req.messages[2].role, "assistant");
  ASSERT_EQ(req.images.size(), 2u);
  EXPECT_EQ(req.images[0].width, 5);  // image order follows part order
  EXPECT_EQ(req.images[1].width, 3);
  ASSERT_EQ(req.messages[1].content.size(), 2u);
  EXPECT_EQ(req.messages[1].content[0].kind, prompt::ContentPart::Kind::kImage);
  EXPECT_FLOAT_EQ(req.sampling.temperature, 0.5f);
  EXPECT_FLOAT_EQ(req.sampling.top_p, 0.9f);
  EXPECT_EQ(req.sampling.top_k, 40);
  EXPECT_FLOAT_EQ(req.sampling.min_p, 0.05f);
  ASSERT_TRUE(req.sampling.seed.has_value());
  EXPECT_EQ(*req.sampling.seed, static_cast<uint64_t>(int64_t{-3}));
  EXPECT_EQ(req.stop.stop, (std::vector<std::string>{"END", "\n\n"}));
}

TEST_F(ServerTest, MaxTokensEndsWithLength) {
  Start();
  for (const char* field : {"max_tokens", "max_completion_tokens"}) {
    auto r = Post("/v1/chat/completions", Chat("abcdefghijkl", {{field, 2}}));
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    json j = json::parse(r->body);
    EXPECT_EQ(j["choices"][0]["message"]["content"], "abcdefgh");
    EXPECT_EQ(j["choices"][0]["finish_reason"], "length");
    EXPECT_EQ(j["usage"]["completion_tokens"], 2);
    EXPECT_EQ(service_.last_request().stop.max_tokens, 2);
  }
  // prompt (10) + max_tokens (91) > capacity (100): refused before generating.
  json e = ExpectError(Post("/v1/chat/completions", Chat("x", {{"max_tokens", 91}})), 400);
  EXPECT_EQ(e["code"], "context_length_exceeded");
  EXPECT_NE(e["message"].get<std::string>().find("100"), std::string::npos);
  EXPECT_NE(e["message"].get<std::string>().find("101"), std::string::npos);
}

TEST_F(ServerTest, StreamFramingOrderFinishUsageDone) {
  Start();
  auto r = Post(
      "/v1/chat/completions",
      Chat("stream me please", {{"stream", true}, {"stream_options", {{"include_usage", true}}}}));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type").rfind("text/event-stream", 0), 0u);
  std::vector<std::string> events = Events(r->body);
  ASSERT_GE(events.size(), 4u) << r->body;
  EXPECT_EQ(events.back(), "[DONE]");
  std::string text, id;
  int64_t created = -1;
  int finishes = 0;
  for (size_t i = 0; i + 1 < events.size(); ++i) {
    json c = json::parse(events[i]);
    EXPECT_EQ(c["object"], "chat.completion.chunk");
    if (i == 0) {
      id = c["id"];
      created = c["created"];
      EXPECT_EQ(c["choices"][0]["delta"]["role"], "assistant");
    }
    EXPECT_EQ(c["id"], id);
    EXPECT_EQ(c["created"], created);
    if (i + 2 == events.size()) {  // the usage chunk comes last, after the finish
      EXPECT_TRUE(c["choices"].empty());
      EXPECT_EQ(c["usage"]["prompt_tokens"], 10);
      EXPECT_EQ(c["usage"]["completion_tokens"], 4);
      EXPECT_EQ(c["usage"]["vlmxla"]["prompt_tokens_logical"], 10);
      EXPECT_EQ(finishes, 1);
      continue;
    }
    EXPECT_TRUE(c.contains("usage") && c["usage"].is_null());
    ASSERT_EQ(c["choices"].size(), 1u);
    const json& ch = c["choices"][0];
    EXPECT_EQ(finishes, 0) << "a chunk after the finish chunk";
    if (!ch["finish_reason"].is_null()) {
      EXPECT_EQ(ch["finish_reason"], "stop");
      ++finishes;
    }
    if (ch["delta"].contains("content")) text += ch["delta"]["content"].get<std::string>();
  }
  EXPECT_EQ(finishes, 1);
  EXPECT_EQ(text, "stream me please");
}

TEST_F(ServerTest, StreamWithoutUsageHasNoUsageChunk) {
  Start();
  auto r = Post("/v1/chat/completions", Chat("abcdefgh", {{"stream", true}, {"max_tokens", 1}}));
  ASSERT_TRUE(r);
  std::vector<std::string> events = Events(r->body);
  ASSERT_EQ(events.size(), 4u) << r->body;  // role, "abcd", finish, [DONE]
  EXPECT_EQ(json::parse(events[1])["choices"][0]["delta"]["content"], "abcd");
  EXPECT_EQ(json::parse(events[2])["choices"][0]["finish_reason"], "length");
  for (size_t i = 0; i < 3; ++i) EXPECT_FALSE(json::parse(events[i]).contains("usage"));
}

TEST_F(ServerTest, TextCompletionsUseTheRawPrompt) {
  Start();
  auto r = Post("/v1/completions", json({{"prompt", "Once upon"}, {"max_tokens", 5}}).dump());
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  json j = json::parse(r->body);
  EXPECT_EQ(j["object"], "text_completion");
  EXPECT_EQ(j["id"].get<std::string>().rfind("cmpl-", 0), 0u);
  EXPECT_EQ(j["choices"][0]["text"], "Once upon");
  EXPECT_EQ(j["choices"][0]["finish_reason"], "stop");
  EXPECT_EQ(service_.last_request().raw_prompt, "Once upon");
  EXPECT_TRUE(service_.last_request().messages.empty());

  auto s = Post("/v1/completions", json({{"prompt", {"Once upon"}}, {"stream", true}}).dump());
  ASSERT_TRUE(s);
  std::vector<std::string> events = Events(s->body);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back(), "[DONE]");
  std::string text;
  int finishes = 0;
  for (size_t i = 0; i + 1 < events.size(); ++i) {
    json c = json::parse(events[i]);
    EXPECT_EQ(c["object"], "text_completion");
    text += c["choices"][0]["text"].get<std::string>();
    finishes += !c["choices"][0]["finish_reason"].is_null();
  }
  EXPECT_EQ(text, "Once upon");
  EXPECT_EQ(finishes, 1);
}

TEST_F(ServerTest, InvalidRequestsAre400WithParam) {
  Start();
  struct Case {
    std::string body;
    std::string param;
  };
  const std::vector<Case> cases = {
      {"{not json", ""},
      {"[1, 2]", ""},
      {R"({"model": "fake-model"})", "messages"},
      {R"({"messages": []})", "messages"},
      {R"({"messages": "hi"})", "messages"},
      {R"({"messages": [{"role": "wizard", "content": "x"}]})", "messages[0].role"},
      {R"({"messages": [{"role": "user"}]})", "messages[0].content"},
      {R"({"messages": [{"role": "user", "content": [{"type": "audio"}]}]})",
       "messages[0].content[0].type"},
      {R"({"messages": [{"role": "user", "content": [{"type": "image_url"}]}]})",
       "messages[0].content[0].image_url.url"},
      {Chat("x", {{"temperature", "hot"}}), "temperature"},
      {Chat("x", {{"temperature", 3}}), "temperature"},
      {Chat("x", {{"top_p", 0}}), "top_p"},
      {Chat("x", {{"max_tokens", 0}}), "max_tokens"},
      {Chat("x", {{"max_tokens", 1.5}}), "max_tokens"},
      {Chat("x", {{"n", 3}}), "n"},  // the fake's max_batch is 2
      {Chat("x", {{"n", 0}}), "n"},
      {Chat("x", {{"stop", 7}}), "stop"},
      {Chat("x", {{"stop", {"ok", ""}}}), "stop[1]"},
      {Chat("x", {{"seed", "abc"}}), "seed"},
      {Chat("x", {{"stream", "yes"}}), "stream"},
      {Chat("x", {{"stream_options", {{"include_usage", true}}}}), "stream_options"},
      {Chat("x", {{"presence_penalty", 2.5}}), "presence_penalty"},
      {Chat("x", {{"frequency_penalty", -3}}), "frequency_penalty"},
      {Chat("x", {{"repetition_penalty", 0}}), "repetition_penalty"},
      {Chat("x", {{"logprobs", "yes"}}), "logprobs"},
      {Chat("x", {{"logprobs", true}, {"top_logprobs", 21}}), "top_logprobs"},
      {Chat("x", {{"top_logprobs", 2}}), "top_logprobs"},
      {Chat("x", {{"logit_bias", {{"abc", 1}}}}), "logit_bias.abc"},
      {Chat("x", {{"logit_bias", {{"5", 101}}}}), "logit_bias.5"},
      {Chat("x", {{"logit_bias", {{"300", 1}}}}), "logit_bias.300"},  // vocab_size 300
      {Chat("x", {{"logit_bias", json::array({1})}}), "logit_bias"},
      {Chat("x", {{"frobnicate", 1}}), "frobnicate"},
      {Chat("x", {{"store", true}}), "store"},
      {Chat("x", {{"tools", {{{"type", "function"}}}}}), "tools[0].function"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.body);
    json e = ExpectError(Post("/v1/chat/completions", c.body), 400);
    EXPECT_EQ(e["type"], "invalid_request_error");
    if (c.param.empty()) {
      EXPECT_TRUE(e["param"].is_null());
    } else {
      EXPECT_EQ(e["param"], c.param);
    }
  }
  EXPECT_EQ(ExpectError(Post("/v1/completions", R"({"prompt": [1, 2, 3]})"), 400)["param"],
            "prompt");
  EXPECT_EQ(ExpectError(Post("/v1/completions", R"({"prompt": "x", "echo": true})"), 400)["param"],
            "echo");
  EXPECT_EQ(
      ExpectError(Post("/v1/completions", R"({"prompt": "x", "logprobs": 21})"), 400)["param"],
      "logprobs");
  EXPECT_EQ(
      ExpectError(Post("/v1/completions", R"({"prompt": "x", "messages": []})"), 400)["param"],
      "messages");
  // n's message names the limit and why.
  json n = ExpectError(Post("/v1/chat/completions", Chat("x", {{"n", 3}})), 400);
  EXPECT_NE(n["message"].get<std::string>().find("at most 2"), std::string::npos) << n;
  EXPECT_NE(n["message"].get<std::string>().find("--max-batch"), std::string::npos) << n;
  // The server keeps serving after refusals.
  auto ok = Post("/v1/chat/completions", Chat("still here"));
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(ServerTest, PenaltiesBiasAndIgnoredFieldsReachTheRequest) {
  Start();
  auto r = Post("/v1/chat/completions", Chat("x", {{"presence_penalty", 0.5},
                                                   {"frequency_penalty", -1.25},
                                                   {"repetition_penalty", 1.1},
                                                   {"logit_bias", {{"7", -100}, {"299", 2.5}}},
                                                   {"user", "someone"},
                                                   {"tool_choice", "none"},
                                                   {"metadata", {{"k", "v"}}}}));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const engine::SamplingParams s = service_.last_request().sampling;
  EXPECT_FLOAT_EQ(s.presence_penalty, 0.5f);
  EXPECT_FLOAT_EQ(s.frequency_penalty, -1.25f);
  EXPECT_FLOAT_EQ(s.repetition_penalty, 1.1f);
  std::vector<std::pair<int32_t, float>> bias = s.logit_bias;  // in the JSON object's key order
  std::sort(bias.begin(), bias.end());
  EXPECT_EQ(bias, (std::vector<std::pair<int32_t, float>>{{7, -100.0f}, {299, 2.5f}}));
  EXPECT_EQ(s.logprobs, -1);
}

TEST_F(ServerTest, NChoicesShareThePromptInUsageAndKeepTheirIndex) {
  Start();
  auto r = Post("/v1/chat/completions", Chat("abcdefgh", {{"n", 2}, {"seed", 5}}));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(service_.last_request().n, 2);
  json j = json::parse(r->body);
  ASSERT_EQ(j["choices"].size(), 2u);
  EXPECT_EQ(j["choices"][0]["index"], 0);
  EXPECT_EQ(j["choices"][0]["message"]["content"], "abcdefgh");
  EXPECT_EQ(j["choices"][1]["index"], 1);
  EXPECT_EQ(j["choices"][1]["message"]["content"], "1:abcdefgh");
  EXPECT_EQ(j["usage"]["prompt_tokens"], 10);     // once
  EXPECT_EQ(j["usage"]["completion_tokens"], 4);  // 2 pieces x 2 choices
  EXPECT_TRUE(j["choices"][0]["logprobs"].is_null());

  auto s = Post("/v1/completions", json({{"prompt", "abcdefgh"},
                                         {"n", 2},
                                         {"stream", true},
                                         {"stream_options", {{"include_usage", true}}}})
                                       .dump());
  ASSERT_TRUE(s);
  ASSERT_EQ(s->status, 200);
  std::vector<std::string> events = Events(s->body);
  ASSERT_GE(events.size(), 3u);
  EXPECT_EQ(events.back(), "[DONE]");
  std::map<int, std::string> text;
  std::map<int, int> finishes;
  for (size_t i = 0; i + 2 < events.size(); ++i) {
    json c = json::parse(events[i]);
    ASSERT_EQ(c["choices"].size(), 1u);
    const int index = c["choices"][0]["index"];
    text[index] += c["choices"][0]["text"].get<std::string>();
    if (!c["choices"][0]["finish_reason"].is_null()) ++finishes[index];
  }
  EXPECT_EQ(text[0], "abcdefgh");
  EXPECT_EQ(text[1], "1:abcdefgh");
  EXPECT_EQ(finishes, (std::map<int, int>{{0, 1}, {1, 1}}));
  json usage = json::parse(events[events.size() - 2]);
  EXPECT_TRUE(usage["choices"].empty());
  EXPECT_EQ(usage["usage"]["prompt_tokens"], 10);
  EXPECT_EQ(usage["usage"]["completion_tokens"], 4);
}

TEST_F(ServerTest, ChatLogprobsInOpenAisShapeStreamingAndNot) {
  Start();
  auto r =
      Post("/v1/chat/completions", Chat("abcdefgh", {{"logprobs", true}, {"top_logprobs", 2}}));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(service_.last_request().sampling.logprobs, 2);
  json content = json::parse(r->body)["choices"][0]["logprobs"]["content"];
  ASSERT_EQ(content.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const json& t = content[i];
    const std::string piece = i == 0 ? "abcd" : "efgh";
    EXPECT_EQ(t["token"], piece);
    EXPECT_FLOAT_EQ(t["logprob"].get<float>(), testing::FakeService::StepLogprob(i));
    std::vector<int> bytes(piece.begin(), piece.end());
    EXPECT_EQ(t["bytes"].get<std::vector<int>>(), bytes);
    ASSERT_EQ(t["top_logprobs"].size(), 2u);
    EXPECT_EQ(t["top_logprobs"][1]["token"], "t1");
    EXPECT_FLOAT_EQ(t["top_logprobs"][1]["logprob"].get<float>(),
                    testing::FakeService::StepLogprob(i, 1));
    EXPECT_EQ(t["top_logprobs"][1]["bytes"], json::array({'t', '1'}));
  }
  // logprobs without top_logprobs: no alternatives.
  auto plain = Post("/v1/chat/completions", Chat("abcd", {{"logprobs", true}}));
  ASSERT_TRUE(plain);
  EXPECT_TRUE(
      json::parse(plain->body)["choices"][0]["logprobs"]["content"][0]["top_logprobs"].empty());

  auto s = Post("/v1/chat/completions",
                Chat("abcdefgh", {{"logprobs", true}, {"top_logprobs", 1}, {"stream", true}}));
  ASSERT_TRUE(s);
  ASSERT_EQ(s->status, 200);
  std::vector<std::string> events = Events(s->body);
  std::vector<std::string> tokens;
  for (size_t i = 0; i + 1 < events.size(); ++i) {
    json ch = json::parse(events[i])["choices"][0];
    if (ch["logprobs"].is_null()) continue;
    for (const json& t : ch["logprobs"]["content"]) {
      tokens.push_back(t["token"]);
      EXPECT_EQ(t["top_logprobs"].size(), 1u);
    }
  }
  EXPECT_EQ(tokens, (std::vector<std::string>{"abcd", "efgh"}));
}

TEST_F(ServerTest, CompletionsLogprobsInTheLegacyShape) {
  Start();
  auto r = Post("/v1/completions", R"({"prompt": "abcdefgh", "logprobs": 2})");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  json lp = json::parse(r->body)["choices"][0]["logprobs"];
  EXPECT_EQ(lp["tokens"], json::array({"abcd", "efgh"}));
  ASSERT_EQ(lp["token_logprobs"].size(), 2u);
  EXPECT_FLOAT_EQ(lp["token_logprobs"][1].get<float>(), testing::FakeService::StepLogprob(1));
  EXPECT_EQ(lp["text_offset"], json::array({0, 4}));
  ASSERT_EQ(lp["top_logprobs"].size(), 2u);
  EXPECT_FLOAT_EQ(lp["top_logprobs"][0]["t1"].get<float>(),
                  testing::FakeService::StepLogprob(0, 1));
  // Streaming: offsets continue across chunks.
  auto s = Post("/v1/completions", R"({"prompt": "abcdefgh", "logprobs": 0, "stream": true})");
  ASSERT_TRUE(s);
  std::vector<int> offsets;
  for (const std::string& e : Events(s->body)) {
    if (e == "[DONE]") continue;
    json ch = json::parse(e)["choices"][0];
    if (ch["logprobs"].is_null()) continue;
    for (const json& o : ch["logprobs"]["text_offset"]) offsets.push_back(o);
  }
  EXPECT_EQ(offsets, (std::vector<int>{0, 4}));
}

TEST_F(ServerTest, TokenizeAndDetokenizeInVllmsShape) {
  Start();
  auto t = Post("/tokenize", R"({"prompt": "hi!"})");
  ASSERT_TRUE(t);
  ASSERT_EQ(t->status, 200) << t->body;
  json j = json::parse(t->body);
  EXPECT_EQ(j["tokens"], json::array({256, 'h', 'i', '!'}));
  EXPECT_EQ(j["count"], 4);
  EXPECT_EQ(j["max_model_len"], 100);
  auto no_special = Post("/tokenize", R"({"prompt": "hi", "add_special_tokens": false})");
  ASSERT_TRUE(no_special);
  EXPECT_EQ(json::parse(no_special->body)["tokens"], json::array({'h', 'i'}));
  // Messages: the ids a chat completion would prefill (the fake prepares no ids).
  auto m = Post("/tokenize", R"({"messages": [{"role": "user", "content": "x"}]})");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->status, 200) << m->body;
  EXPECT_EQ(json::parse(m->body)["count"], 0);

  auto d = Post("/detokenize", R"({"tokens": [104, 105, 256]})");
  ASSERT_TRUE(d);
  ASSERT_EQ(d->status, 200) << d->body;
  EXPECT_EQ(json::parse(d->body)["prompt"], "hi");

  EXPECT_EQ(ExpectError(Post("/tokenize", R"({})"), 400)["param"], "prompt");
  EXPECT_EQ(ExpectError(Post("/tokenize", R"({"prompt": "a", "extra": 1})"), 400)["param"],
            "extra");
  EXPECT_EQ(ExpectError(Post("/tokenize",
                             R"({"messages": [{"role": "user", "content": "x"}],
                                 "add_special_tokens": true})"),
                        400)["param"],
            "add_special_tokens");
  EXPECT_EQ(ExpectError(Post("/tokenize", R"({"prompt": "a", "model": "other"})"), 404)["code"],
            "model_not_found");
  EXPECT_EQ(ExpectError(Post("/detokenize", R"({"tokens": [1, -2]})"), 400)["param"], "tokens[1]");
  EXPECT_EQ(ExpectError(Post("/detokenize", R"({"tokens": [999]})"), 400)["param"], "tokens");
  EXPECT_EQ(ExpectError(Client().Get("/tokenize"), 405)["code"], "method_not_allowed");
}

TEST_F(ServerTest, PrepareErrorsKeepTheirReason) {
  Start();
  service_.SetPrepareError(InvalidArgument("prompt has 2 <image> placeholders but 1 image",
                                           prompt::kReasonPlaceholderMismatch));
  json e = ExpectError(Post("/v1/chat/completions", Chat("x")), 400);
  EXPECT_EQ(e["code"], "placeholder_count_mismatch");
  EXPECT_EQ(e["param"], "messages");
  service_.SetPrepareError(OutOfRange("prompt needs 1537 positions but context capacity is 1536",
                                      prompt::kReasonContextLengthExceeded));
  e = ExpectError(Post("/v1/chat/completions", Chat("x", {{"stream", true}})), 400);
  EXPECT_EQ(e["code"], "context_length_exceeded");
  EXPECT_NE(e["message"].get<std::string>().find("1537"), std::string::npos);
  EXPECT_NE(e["message"].get<std::string>().find("1536"), std::string::npos);
  e = ExpectError(Post("/v1/completions", R"({"prompt": "x"})"), 400);
  EXPECT_EQ(e["param"], "prompt");
}

TEST_F(ServerTest, ImageErrors) {
  Start();
  auto image_part = [](const std::string& url) {
    return json{{"type", "image_url"}, {"image_url", {{"url", url}}}};
  };
  auto with_images = [&](std::vector<std::string> urls) {
    json parts = json::array();
    for (const auto& u : urls) parts.push_back(image_part(u));
    parts.push_back({{"type", "text"}, {"text", "describe"}});
    return json({{"messages", {{{"role", "user"}, {"content", parts}}}}}).dump();
  };
  // Three images where the model takes two.
  json e = ExpectError(
      Post("/v1/chat/completions", with_images({PngDataUri(), PngDataUri(), PngDataUri()})), 400);
  EXPECT_EQ(e["code"], "too_many_images");
  EXPECT_NE(e["message"].get<std::string>().find('3'), std::string::npos);
  // Undecodable bytes, malformed base64, unsupported scheme, local files disabled.
  e = ExpectError(Post("/v1/chat/completions",
                       with_images({"data:image/png;base64," + testing::Base64({1, 2, 3, 4, 5})})),
                  400);
  EXPECT_EQ(e["code"], "invalid_image");
  EXPECT_EQ(e["param"], "messages[0].content[0].image_url.url");
  e = ExpectError(
      Post("/v1/chat/completions", with_images({PngDataUri(), "data:image/png;base64,@@"})), 400);
  EXPECT_EQ(e["param"], "messages[0].content[1].image_url.url");
  ExpectError(Post("/v1/chat/completions", with_images({"ftp://example.com/a.png"})), 400);
  e = ExpectError(Post("/v1/chat/completions", with_images({"/etc/passwd"})), 400);
  EXPECT_EQ(e["code"], "image_url_forbidden");
  // A loopback URL is refused without --allow-private-urls (nothing listens there anyway).
  e = ExpectError(Post("/v1/chat/completions",
                       with_images({"http://127.0.0.1:" + std::to_string(port_) + "/health"})),
                  400);
  EXPECT_EQ(e["code"], "image_url_forbidden");
}

TEST_F(ServerTest, BodyTooLargeIs413) {
  ServerOptions o;
  o.max_body_bytes = 4096;
  Start(o);
  json e = ExpectError(Post("/v1/chat/completions", Chat(std::string(10000, 'a'))), 413);
  EXPECT_EQ(e["code"], "request_too_large");
  auto ok = Post("/v1/chat/completions", Chat("small"));
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(ServerTest, ApiKeyGuardsV1Only) {
  ServerOptions o;
  o.api_key = "sekret";
  Start(o);
  json e = ExpectError(Post("/v1/chat/completions", Chat("x")), 401);
  EXPECT_EQ(e["code"], "invalid_api_key");
  ExpectError(Post("/v1/chat/completions", Chat("x"), {{"Authorization", "Bearer sekret2"}}), 401);
  ExpectError(Post("/v1/chat/completions", Chat("x"), {{"Authorization", "Bearer sekre"}}), 401);
  ExpectError(Client().Get("/v1/models", {{"Authorization", "Basic sekret"}}), 401);
  auto ok = Post("/v1/chat/completions", Chat("x"), {{"Authorization", "Bearer sekret"}});
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
  auto health = Client().Get("/health");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
}

TEST_F(ServerTest, OverloadIs429WithRetryAfter) {
  service_.overloaded = true;  // before Start: the handler threads read it
  Start();
  for (bool stream : {false, true}) {
    auto r = Post("/v1/chat/completions", Chat("x", {{"stream", stream}}));
    json e = ExpectError(r, 429);
    EXPECT_EQ(e["code"], "overloaded");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->get_header_value("Retry-After"), "1");
  }
}

TEST_F(ServerTest, UnknownRouteAndWrongMethod) {
  Start();
  json e = ExpectError(Client().Get("/v2/nothing"), 404);
  EXPECT_EQ(e["code"], "not_found");
  auto r = Client().Get("/v1/chat/completions");
  e = ExpectError(r, 405);
  EXPECT_EQ(e["code"], "method_not_allowed");
  EXPECT_EQ(r->get_header_value("Allow"), "POST");
  r = Post("/health", "{}");
  ExpectError(r, 405);
  EXPECT_EQ(r->get_header_value("Allow"), "GET");
  ExpectError(Client().Delete("/v1/models"), 405);
}

TEST_F(ServerTest, DisconnectMidStreamCancels) {
  service_.hold_after_first = true;
  Start();
  httplib::Client c = Client();
  std::string received;
  httplib::Request req;
  req.method = "POST";
  req.path = "/v1/chat/completions";
  req.body = Chat("hello world", {{"stream", true}});
  req.set_header("Content-Type", "application/json");
  req.content_receiver = [&](const char* data, size_t n, uint64_t, uint64_t) {
    received.append(data, n);
    // Leave as soon as the first generated text arrived.
    return received.find("\"content\":\"hell\"") == std::string::npos;
  };
  auto r = c.send(req);
  (void)r;
  EXPECT_NE(received.find("\"role\":\"assistant\""), std::string::npos);
  EXPECT_TRUE(service_.WaitCancelled(0, std::chrono::seconds(10)));
  auto h = Client().Get("/health");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->status, 200);
}

// Prometheus text format: comments, or `name{labels} value`.
TEST_F(ServerTest, MetricsTextParses) {
  Start();
  ASSERT_TRUE(Post("/v1/chat/completions", "{bad"));
  ASSERT_TRUE(Client().Get("/health"));
  // Responses are counted once they are written (httplib's logger), which can trail the client
  // reading them by a moment: scrape until the 400 and the 200 are in, within a deadline.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  auto r = Client().Get("/metrics");
  ASSERT_TRUE(r);
  auto counted = [&] {
    return r->body.find("vlmxla_http_responses_total{code=\"400\"} 1") != std::string::npos &&
           r->body.find("vlmxla_http_responses_total{code=\"200\"}") != std::string::npos;
  };
  while (!counted() && std::chrono::steady_clock::now() < deadline) {
    r = Client().Get("/metrics");
    ASSERT_TRUE(r);
  }
  ASSERT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type").rfind("text/plain; version=0.0.4", 0), 0u);
  const std::regex sample(R"(^([a-zA-Z_:][a-zA-Z0-9_:]*))"
                          R"((\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})?)"
                          R"( (-?[0-9.eE+-]+|\+Inf|NaN)$)");
  const std::regex meta(R"(^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$)");
  std::map<std::string, double> values;
  std::istringstream in(r->body);
  std::string line;
  int samples = 0;
  while (std::getline(in, line)) {
    std::smatch m;
    if (line.rfind('#', 0) == 0) {
      EXPECT_TRUE(std::regex_match(line, meta)) << line;
      continue;
    }
    ASSERT_TRUE(std::regex_match(line, m, sample)) << line;
    values[line.substr(0, line.rfind(' '))] = std::stod(m[5].str() == "+Inf" ? "inf" : m[5].str());
    ++samples;
  }
  EXPECT_GT(samples, 20);
  EXPECT_EQ(values["vlmxla_requests_total"], 7);
  EXPECT_EQ(values["vlmxla_requests_failed_total"], 1);
  EXPECT_EQ(values["vlmxla_prompt_tokens_total"], 300);
  EXPECT_EQ(values["vlmxla_prompt_tokens_logical_total"], 120);
  EXPECT_EQ(values["vlmxla_generation_tokens_total"], 42);
  EXPECT_EQ(values["vlmxla_queue_depth"], 3);
  EXPECT_EQ(values["vlmxla_active_slots"], 2);
  // Cumulative buckets of {0.005, 0.05, 0.07, 2.0} over bounds {0.01, 0.1, 1}.
  EXPECT_EQ(values["vlmxla_prefill_seconds_bucket{le=\"0.01\"}"], 1);
  EXPECT_EQ(values["vlmxla_prefill_seconds_bucket{le=\"0.1\"}"], 3);
  EXPECT_EQ(values["vlmxla_prefill_seconds_bucket{le=\"1\"}"], 3);
  EXPECT_EQ(values["vlmxla_prefill_seconds_bucket{le=\"+Inf\"}"], 4);
  EXPECT_EQ(values["vlmxla_prefill_seconds_count"], 4);
  EXPECT_NEAR(values["vlmxla_prefill_seconds_sum"], 2.125, 1e-9);
  EXPECT_EQ(values["vlmxla_decode_step_seconds_count"], 1);
  EXPECT_GE(values["vlmxla_http_responses_total{code=\"200\"}"], 1);
  EXPECT_EQ(values["vlmxla_http_responses_total{code=\"400\"}"], 1);
  EXPECT_EQ(values["vlmxla_ready"], 1);
}

}  // namespace
}  // namespace vlmxla::server
