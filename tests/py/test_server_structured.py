"""Structured output and tool calls end to end on the tiny-llava-clip-llama fixture, through the
official `openai` client: its random weights never write JSON by themselves, so every valid
document below is the token mask's doing. JSON schemas and json_object (with an image,
streaming and not), a max_tokens cut, the grammar extension, forced and named tool calls parsed
into `tool_calls` (streamed deltas included), a tool result fed back, and all of it under
continuous batching beside plain requests, each equal to its solo run."""

from __future__ import annotations

import asyncio
import json
import pathlib
import shutil

import openai
import pytest
from test_server import FIXTURE, _async_client, _client, _data_uri, _manifest, serving
from vlmxla_oracle import paths, testing

SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "maxLength": 12},
        "count": {"type": "integer", "minimum": 0, "maximum": 99},
        "colors": {"type": "array", "items": {"enum": ["red", "green", "blue"]}, "maxItems": 3},
        "ok": {"type": "boolean"},
    },
    "required": ["name", "count", "colors", "ok"],
    "additionalProperties": False,
}

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather in a city",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "maxLength": 10},
                           "unit": {"enum": ["c", "f"]}},
            "required": ["city", "unit"],
        },
    },
}
CLOCK = {"type": "function", "function": {"name": "get_time", "parameters": {
    "type": "object", "properties": {"zone": {"type": "integer", "minimum": -12, "maximum": 12}},
    "required": ["zone"]}}}

# A LLaVA template that also renders tools, an assistant's calls and tool results, in the
# Hermes format (<tool_call>{json}</tool_call>) the server then parses.
TOOLS_TEMPLATE = (
    "{%- if tools %}SYSTEM: You may call these functions:{% for t in tools %}\n{{ t | tojson }}"
    "{% endfor %}\nCall one as <tool_call>{\"name\": ..., \"arguments\": ...}</tool_call>\n"
    "{% endif %}{% for message in messages %}{{ message['role'].upper() + ': ' }}"
    "{% if 'tool_calls' in message %}{% for c in message['tool_calls'] %}<tool_call>"
    "{{ c['function'] | tojson }}</tool_call>{% endfor %}{% endif %}"
    "{% for content in message['content'] | selectattr('type', 'equalto', 'image') %}"
    "{{ '<image>\n' }}{% endfor %}"
    "{% for content in message['content'] | selectattr('type', 'equalto', 'text') %}"
    "{{ content['text'] + ' ' }}{% endfor %}{% endfor %}"
    "{% if add_generation_prompt %}{{ 'ASSISTANT:' }}{% endif %}")


def _valid(doc: dict) -> bool:
    """SCHEMA, checked by hand (the lock has no jsonschema)."""
    return (set(doc) == {"name", "count", "colors", "ok"}
            and isinstance(doc["name"], str) and len(doc["name"]) <= 12
            and type(doc["count"]) is int and 0 <= doc["count"] <= 99
            and isinstance(doc["colors"], list) and len(doc["colors"]) <= 3
            and all(c in ("red", "green", "blue") for c in doc["colors"])
            and isinstance(doc["ok"], bool))


def _valid_weather(args: dict) -> bool:
    return (set(args) <= {"city", "unit"} and isinstance(args.get("city"), str)
            and len(args["city"]) <= 10 and args.get("unit") in ("c", "f"))


@pytest.fixture(scope="module")
def server(vlmxla_bin):
    with serving(vlmxla_bin, testing.ensure_fixtures()[FIXTURE], "--max-batch", "4") as srv:
        yield srv


@pytest.fixture(scope="module")
def tools_server(vlmxla_bin, tmp_path_factory):
    """The same checkpoint with TOOLS_TEMPLATE as its chat template."""
    src = pathlib.Path(testing.ensure_fixtures()[FIXTURE])
    dst = tmp_path_factory.mktemp("tools-model") / FIXTURE
    dst.mkdir()
    for f in src.iterdir():
        if f.name != "chat_template.jinja":
            (dst / f.name).symlink_to(f)
    (dst / "chat_template.jinja").write_text(TOOLS_TEMPLATE, encoding="utf-8")
    with serving(vlmxla_bin, dst, "--max-batch", "4", "--model-id", FIXTURE) as srv:
        yield srv
    shutil.rmtree(dst, ignore_errors=True)


@pytest.fixture(scope="module")
def image_messages():
    """Messages of one user turn: the oracle's image_text image, then `text`."""
    captures = testing.ensure_captures(("image_text",))
    uri = _data_uri(paths.resolve_image(_manifest(captures, "image_text")["case"]["images"][0]))

    def build(text: str) -> list[dict]:
        return [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": uri}},
                                             {"type": "text", "text": text}]}]

    return build


def _schema_format() -> dict:
    return {"type": "json_schema",
            "json_schema": {"name": "inventory", "schema": SCHEMA, "strict": True}}


def test_json_schema_with_an_image_validates_streaming_and_not(server, image_messages):
    client = _client(server)
    for seed in range(4):
        kwargs = {"model": FIXTURE, "messages": image_messages("Describe it as JSON."),
                  "max_tokens": 120, "temperature": 1.0, "seed": seed,
                  "response_format": _schema_format()}
        full = client.chat.completions.create(**kwargs)
        choice = full.choices[0]
        assert choice.finish_reason == "stop", choice
        doc = json.loads(choice.message.content)
        assert _valid(doc), doc
        streamed = "".join(c.choices[0].delta.content or ""
                           for c in client.chat.completions.create(**kwargs, stream=True)
                           if c.choices)
        assert streamed == choice.message.content


def test_json_object_and_a_max_tokens_cut(server):
    client = _client(server)
    kwargs = {"model": FIXTURE, "messages": [{"role": "user", "content": "JSON please"}],
              "temperature": 0, "response_format": {"type": "json_object"}}
    whole = client.chat.completions.create(**kwargs, max_tokens=200)
    if whole.choices[0].finish_reason == "stop":
        assert isinstance(json.loads(whole.choices[0].message.content), dict)
    else:
        assert whole.choices[0].message.content.startswith("{")
    cut = client.chat.completions.create(**kwargs, max_tokens=3)
    assert cut.choices[0].finish_reason == "length"
    assert cut.usage.completion_tokens == 3
    # The valid prefix of the same greedy document.
    assert whole.choices[0].message.content.startswith(cut.choices[0].message.content)
    assert cut.choices[0].message.content.startswith("{")


def test_grammar_extension_on_completions(server):
    client = _client(server)
    grammar = 'root ::= ("yes" | "no") " because " [a-z]{1,8} "."'
    for seed in range(3):
        out = client.completions.create(model=FIXTURE, prompt="Is it red?", max_tokens=30,
                                        temperature=1.0, seed=seed,
                                        extra_body={"grammar": grammar})
        text = out.choices[0].text
        assert out.choices[0].finish_reason == "stop", text
        head, _, tail = text.partition(" because ")
        assert head in ("yes", "no") and tail.endswith(".") and tail[:-1].isalpha(), text


def test_invalid_schema_and_grammar_are_400_naming_the_field(server):
    client = _client(server)
    with pytest.raises(openai.BadRequestError) as e:
        client.chat.completions.create(
            model=FIXTURE, messages=[{"role": "user", "content": "x"}],
            response_format={"type": "json_schema",
                             "json_schema": {"name": "bad", "schema": {"type": 12}}})
    assert e.value.body["code"] == "invalid_grammar"
    assert e.value.body["param"] == "response_format.json_schema.schema"
    with pytest.raises(openai.BadRequestError) as e:
        client.completions.create(model=FIXTURE, prompt="x", extra_body={"grammar": "root ::= x"})
    assert e.value.body["param"] == "grammar"
    # The server keeps serving.
    assert client.completions.create(model=FIXTURE, prompt="x", max_tokens=2).choices


def test_tools_need_a_template_that_renders_them(server):
    with pytest.raises(openai.BadRequestError) as e:
        _client(server).chat.completions.create(
            model=FIXTURE, messages=[{"role": "user", "content": "x"}], tools=[WEATHER])
    assert e.value.body["code"] == "tools_unsupported"


def test_required_and_named_tool_calls_parse_and_validate(tools_server, image_messages):
    client = _client(tools_server)
    for seed in range(3):
        kwargs = {"model": FIXTURE, "messages": image_messages("What is the weather?"),
                  "tools": [WEATHER, CLOCK], "tool_choice": "required", "max_tokens": 120,
                  "temperature": 1.0, "seed": seed}
        out = client.chat.completions.create(**kwargs)
        choice = out.choices[0]
        assert choice.finish_reason == "tool_calls", choice
        assert choice.message.content is None
        (call,) = choice.message.tool_calls
        assert call.type == "function" and call.id.startswith("call_")
        args = json.loads(call.function.arguments)
        if call.function.name == "get_weather":
            assert _valid_weather(args), args
        else:
            assert call.function.name == "get_time" and -12 <= args["zone"] <= 12, args

        # Streamed: the deltas accumulate into the same call.
        name, arguments, finish = "", "", None
        for chunk in client.chat.completions.create(**kwargs, stream=True):
            if not chunk.choices:
                continue
            for tc in chunk.choices[0].delta.tool_calls or []:
                assert tc.index == 0
                name += tc.function.name or ""
                arguments += tc.function.arguments or ""
            finish = chunk.choices[0].finish_reason or finish
        assert (name, arguments, finish) == (call.function.name, call.function.arguments,
                                             "tool_calls")

    named = client.chat.completions.create(
        model=FIXTURE, messages=[{"role": "user", "content": "time?"}], tools=[WEATHER, CLOCK],
        tool_choice={"type": "function", "function": {"name": "get_time"}}, max_tokens=150)
    (call,) = named.choices[0].message.tool_calls
    assert call.function.name == "get_time"
    assert set(json.loads(call.function.arguments)) == {"zone"}


def test_a_tool_result_feeds_back_through_the_template(tools_server):
    client = _client(tools_server)
    first = client.chat.completions.create(
        model=FIXTURE, messages=[{"role": "user", "content": "Weather in Oslo?"}],
        tools=[WEATHER], tool_choice="required", max_tokens=150, temperature=0)
    assert first.choices[0].finish_reason == "tool_calls", first.choices[0]
    call = first.choices[0].message.tool_calls[0]
    messages = [{"role": "user", "content": "Weather in Oslo?"},
                {"role": "assistant", "content": None, "tool_calls": [call.model_dump()]},
                {"role": "tool", "tool_call_id": call.id, "content": "sunny, 21 C"}]
    second = client.chat.completions.create(model=FIXTURE, messages=messages, tools=[WEATHER],
                                            max_tokens=8, temperature=0)
    assert second.choices[0].finish_reason in ("stop", "length", "tool_calls")
    # The call and its result are in the prompt: it grew by at least their text.
    assert second.usage.prompt_tokens > first.usage.prompt_tokens + 5
    # tool_choice "none" leaves the tools out of the prompt.
    none = client.chat.completions.create(
        model=FIXTURE, messages=[{"role": "user", "content": "Weather in Oslo?"}],
        tools=[WEATHER], tool_choice="none", max_tokens=4, temperature=0)
    assert none.usage.prompt_tokens < first.usage.prompt_tokens
    assert none.choices[0].message.tool_calls is None


def test_constrained_and_plain_requests_batched_equal_their_solo_runs(tools_server,
                                                                   image_messages):
    def requests():
        plain = {"model": FIXTURE, "messages": image_messages("Tell me."), "max_tokens": 12,
                 "temperature": 0}
        schema = dict(plain, max_tokens=80, temperature=1.0, seed=3,
                      response_format=_schema_format())
        tool = {"model": FIXTURE, "messages": [{"role": "user", "content": "weather"}],
                "tools": [WEATHER], "tool_choice": "required", "max_tokens": 80,
                "temperature": 1.0, "seed": 5}
        return [plain, schema, tool, dict(plain, max_tokens=20)]

    client = _client(tools_server)
    solo = [client.chat.completions.create(**r) for r in requests()]

    async def together():
        aclient = _async_client(tools_server)
        return await asyncio.gather(*[aclient.chat.completions.create(**r) for r in requests()])

    batched = asyncio.run(together())
    for s, b in zip(solo, batched):
        assert b.choices[0].message.content == s.choices[0].message.content
        assert b.choices[0].finish_reason == s.choices[0].finish_reason
        assert ([c.function.model_dump() for c in b.choices[0].message.tool_calls or []] ==
                [c.function.model_dump() for c in s.choices[0].message.tool_calls or []])
    assert _valid(json.loads(solo[1].choices[0].message.content))
    assert _valid_weather(json.loads(solo[2].choices[0].message.tool_calls[0].function.arguments))
