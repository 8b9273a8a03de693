// response_format, the "grammar" extension, tools and tool_choice through the HTTP server with
// the fake engine: what reaches the engine's request (the grammar it enforces, the tools its
// chat template renders), the refusals, and tool calls parsed out of the output, whole and
// streamed.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "fake_service.h"
#include "server_fixture.h"

namespace vlmxla::server {
namespace {

using json = nlohmann::json;
using testing::ServerTest;

const json kWeatherTool = {{"type", "function"},
                           {"function",
                            {{"name", "get_weather"},
                             {"description", "the weather in a city"},
                             {"parameters",
                              {{"type", "object"},
                               {"properties", {{"city", {{"type", "string"}}}}},
                               {"required", {"city"}}}}}}};
const json kTimeTool = {{"type", "function"}, {"function", {{"name", "get_time"}}}};

TEST_F(ServerTest, ResponseFormatsAndTheGrammarExtensionReachTheEngine) {
  Start();
  const json schema = {{"type", "object"}, {"properties", {{"a", {{"type", "integer"}}}}}};
  auto r = Post(
      "/v1/chat/completions",
      Chat("x", {{"response_format",
                  {{"type", "json_schema"},
                   {"json_schema", {{"name", "thing"}, {"schema", schema}, {"strict", true}}}}}}));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  auto g = service_.last_request().grammar;
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->kind, engine::GrammarSpec::Kind::kJsonSchema);
  EXPECT_EQ(json::parse(g->text), schema);
  EXPECT_TRUE(g->strict);

  r = Post("/v1/chat/completions", Chat("x", {{"response_format", {{"type", "json_object"}}}}));
  ASSERT_EQ(r->status, 200) << r->body;
  ASSERT_TRUE(service_.last_request().grammar.has_value());
  EXPECT_EQ(service_.last_request().grammar->kind, engine::GrammarSpec::Kind::kJsonObject);

  r = Post("/v1/chat/completions", Chat("x", {{"response_format", {{"type", "text"}}}}));
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_FALSE(service_.last_request().grammar.has_value());

  r = Post("/v1/completions",
           json{{"prompt", "x"}, {"grammar", "root ::= \"yes\" | \"no\""}}.dump());
  ASSERT_EQ(r->status, 200) << r->body;
  ASSERT_TRUE(service_.last_request().grammar.has_value());
  EXPECT_EQ(service_.last_request().grammar->kind, engine::GrammarSpec::Kind::kEbnf);
  EXPECT_EQ(service_.last_request().grammar->text, "root ::= \"yes\" | \"no\"");
}

TEST_F(ServerTest, BadResponseFormatsAndToolsAre400NamingTheField) {
  Start();
  struct Case {
    json extra;
    std::string param;
  };
  const std::vector<Case> cases = {
      {{{"response_format", "json"}}, "response_format"},
      {{{"response_format", {{"type", "yaml"}}}}, "response_format.type"},
      {{{"response_format", {{"type", "json_schema"}}}}, "response_format.json_schema"},
      {{{"response_format",
         {{"type", "json_schema"}, {"json_schema", {{"schema", json::object()}}}}}},
       "response_format.json_schema.name"},
      {{{"response_format",
         {{"type", "json_schema"},
          {"json_schema", {{"name", "a b"}, {"schema", json::object()}}}}}},
       "response_format.json_schema.name"},
      {{{"response_format", {{"type", "json_schema"}, {"json_schema", {{"name", "a"}}}}}},
       "response_format.json_schema.schema"},
      {{{"response_format",
         {{"type", "json_schema"},
          {"json_schema", {{"name", "a"}, {"schema", json::object()}, {"extra", 1}}}}}},
       "response_format.json_schema.extra"},
      {{{"response_format", {{"type", "json_object"}, {"schema", json::object()}}}},
       "response_format.schema"},
      {{{"grammar", 5}}, "grammar"},
      {{{"grammar", "root ::= \"a\""}, {"response_format", {{"type", "json_object"}}}}, "grammar"},
      {{{"grammar", std::string(70000, 'a')}}, "grammar"},
      {{{"tools", {{{"type", "function"}}}}}, "tools[0].function"},
      {{{"tools", {{{"type", "retrieval"}}}}}, "tools[0].type"},
      {{{"tools", {{{"type", "function"}, {"function", {{"name", "bad name"}}}}}}},
       "tools[0].function.name"},
      {{{"tools", {kTimeTool, kTimeTool}}}, "tools[1].function.name"},
      {{{"tools", {kTimeTool}}, {"tool_choice", "sometimes"}}, "tool_choice"},
      {{{"tools", {kTimeTool}},
        {"tool_choice", {{"type", "function"}, {"function", {{"name", "nope"}}}}}},
       "tool_choice.function.name"},
      {{{"tool_choice", "required"}}, "tool_choice"},
      {{{"functions", {kTimeTool}}}, "functions"},
      // The fake's chat template renders no tools.
      {{{"tools", {kTimeTool}}}, "tools"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.extra.dump().substr(0, 200));
    json e = ExpectError(Post("/v1/chat/completions", Chat("x", c.extra)), 400);
    EXPECT_EQ(e["param"], c.param);
  }
  json e = ExpectError(Post("/v1/chat/completions", Chat("x", {{"tools", {kTimeTool}}})), 400);
  EXPECT_EQ(e["code"], "tools_unsupported");
  // A message's tool_calls must carry JSON arguments.
  json bad_call = {{"model", "fake-model"},
                   {"messages",
                    {{{"role", "assistant"},
                      {"tool_calls",
                       {{{"id", "c1"},
                         {"type", "function"},
                         {"function", {{"name", "f"}, {"arguments", "not json"}}}}}}},
                     {{"role", "tool"}, {"content", "r"}}}}};
  e = ExpectError(Post("/v1/chat/completions", bad_call.dump()), 400);
  EXPECT_EQ(e["param"], "messages[0].tool_calls[0].function.arguments");
  bad_call["messages"][0]["tool_calls"][0]["function"]["arguments"] = "{}";
  e = ExpectError(Post("/v1/chat/completions", bad_call.dump()), 400);
  EXPECT_EQ(e["param"], "messages[1].tool_call_id");
  auto ok = Post("/v1/chat/completions", Chat("still here"));
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(ServerTest, ToolsReachTheTemplateAndForcedChoicesBecomeAGrammar) {
  service_.model.tool_call_format = "hermes";
  Start();
  auto r = Post("/v1/chat/completions", Chat("x", {{"tools", {kWeatherTool, kTimeTool}}}));
  ASSERT_EQ(r->status, 200) << r->body;
  // The request keeps the tools in their order (ordered_json); compared as plain JSON values.
  EXPECT_EQ(json::parse(service_.last_request().tools.dump()), json({kWeatherTool, kTimeTool}));
  EXPECT_FALSE(service_.last_request().grammar.has_value());  // auto: the model decides

  r = Post("/v1/chat/completions",
           Chat("x", {{"tools", {kWeatherTool, kTimeTool}}, {"tool_choice", "none"}}));
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_TRUE(service_.last_request().tools.is_null());

  r = Post("/v1/chat/completions",
           Chat("x", {{"tools", {kWeatherTool, kTimeTool}}, {"tool_choice", "required"}}));
  ASSERT_EQ(r->status, 200) << r->body;
  auto g = service_.last_request().grammar;
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->prefix, "<tool_call>\n");
  EXPECT_EQ(g->suffix, "\n</tool_call>");
  json schema = json::parse(g->text);
  ASSERT_EQ(schema["anyOf"].size(), 2u) << schema;
  EXPECT_EQ(schema["anyOf"][0]["properties"]["name"]["const"], "get_weather");
  EXPECT_EQ(schema["anyOf"][0]["properties"]["arguments"], kWeatherTool["function"]["parameters"]);
  EXPECT_EQ(schema["anyOf"][1]["properties"]["arguments"], json({{"type", "object"}}));

  r = Post(
      "/v1/chat/completions",
      Chat("x", {{"tools", {kWeatherTool, kTimeTool}},
                 {"tool_choice", {{"type", "function"}, {"function", {{"name", "get_time"}}}}}}));
  ASSERT_EQ(r->status, 200) << r->body;
  schema = json::parse(service_.last_request().grammar->text);
  EXPECT_EQ(schema["properties"]["name"]["const"], "get_time") << schema;

  // A forced call and a JSON response_format cannot both hold.
  json e = ExpectError(
      Post("/v1/chat/completions", Chat("x", {{"tools", {kTimeTool}},
                                              {"tool_choice", "required"},
                                              {"response_format", {{"type", "json_object"}}}})),
      400);
  EXPECT_EQ(e["param"], "tool_choice");

  // The conversation's earlier call and its result reach the template.
  json turn = {
      {"model", "fake-model"},
      {"tools", {kWeatherTool}},
      {"messages",
       {{{"role", "user"}, {"content", "weather?"}},
        {{"role", "assistant"},
         {"content", nullptr},
         {"tool_calls",
          {{{"id", "call_1"},
            {"type", "function"},
            {"function", {{"name", "get_weather"}, {"arguments", "{\"city\": \"Oslo\"}"}}}}}}},
        {{"role", "tool"}, {"tool_call_id", "call_1"}, {"content", "sunny"}}}}};
  r = Post("/v1/chat/completions", turn.dump());
  ASSERT_EQ(r->status, 200) << r->body;
  const auto& msgs = service_.last_request().messages;
  ASSERT_EQ(msgs.size(), 3u);
  EXPECT_EQ(json::parse(msgs[1].tool_calls[0]["function"]["arguments"].dump()),
            json({{"city", "Oslo"}}));
  EXPECT_EQ(msgs[2].role, "tool");
  EXPECT_EQ(msgs[2].tool_call_id, "call_1");
}

TEST_F(ServerTest, ToolCallsAreParsedFromTheOutputWholeAndStreamed) {
  service_.model.tool_call_format = "hermes";
  service_.script = {"Checking. ",
                     "<tool_",
                     "call>\n{\"name\": ",
                     "\"get_weather\", ",
                     "\"arguments\": {\"city\": \"Oslo\"}}\n</tool_call>",
                     "\n<tool_call>\n",
                     "{\"name\": \"get_time\", \"arguments\": {}}",
                     "\n</tool_call>"};
  Start();
  auto r = Post("/v1/chat/completions", Chat("x", {{"tools", {kWeatherTool, kTimeTool}}}));
  ASSERT_EQ(r->status, 200) << r->body;
  json j = json::parse(r->body);
  const json& choice = j["choices"][0];
  EXPECT_EQ(choice["finish_reason"], "tool_calls");
  EXPECT_EQ(choice["message"]["content"], "Checking. ");
  const json& calls = choice["message"]["tool_calls"];
  ASSERT_EQ(calls.size(), 2u) << j;
  EXPECT_EQ(calls[0]["type"], "function");
  EXPECT_EQ(calls[0]["id"].get<std::string>().rfind("call_", 0), 0u);
  EXPECT_NE(calls[0]["id"], calls[1]["id"]);
  EXPECT_EQ(calls[0]["function"]["name"], "get_weather");
  EXPECT_EQ(json::parse(calls[0]["function"]["arguments"].get<std::string>()),
            json({{"city", "Oslo"}}));
  EXPECT_EQ(calls[1]["function"]["name"], "get_time");

  auto s = Post("/v1/chat/completions",
                Chat("x", {{"tools", {kWeatherTool, kTimeTool}}, {"stream", true}}));
  ASSERT_EQ(s->status, 200) << s->body;
  std::string content;
  std::vector<json> streamed;
  std::string finish;
  for (const std::string& e : Events(s->body)) {
    if (e == "[DONE]") continue;
    json c = json::parse(e);
    if (c["choices"].empty()) continue;
    const json& d = c["choices"][0]["delta"];
    if (d.contains("content")) content += d["content"].get<std::string>();
    if (d.contains("tool_calls")) streamed.push_back(d["tool_calls"][0]);
    if (!c["choices"][0]["finish_reason"].is_null()) finish = c["choices"][0]["finish_reason"];
  }
  EXPECT_EQ(content, "Checking. ");  // no piece of the markup leaks into the content
  EXPECT_EQ(finish, "tool_calls");
  ASSERT_EQ(streamed.size(), 2u);
  EXPECT_EQ(streamed[0]["index"], 0);
  EXPECT_EQ(streamed[1]["index"], 1);
  EXPECT_EQ(streamed[1]["function"]["name"], "get_time");
  EXPECT_EQ(streamed[0]["function"]["arguments"], calls[0]["function"]["arguments"]);

  // Without tools the same output is plain text.
  r = Post("/v1/chat/completions", Chat("x"));
  j = json::parse(r->body);
  EXPECT_EQ(j["choices"][0]["finish_reason"], "stop");
  EXPECT_FALSE(j["choices"][0]["message"].contains("tool_calls"));
  EXPECT_NE(j["choices"][0]["message"]["content"].get<std::string>().find("<tool_call>"),
            std::string::npos);
}

}  // namespace
}  // namespace vlmxla::server
