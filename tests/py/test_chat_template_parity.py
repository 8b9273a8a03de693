"""Byte parity of `vlmxla render-template` with Transformers' own chat-template renderer.

Every template in tests/py/chat_templates/ (sources in SOURCES.md there) is rendered for many
generated conversations by transformers.utils.chat_template_utils.render_jinja_template and by
our CLI; the outputs must be identical bytes (or both must fail).
"""

import json
import pathlib
import random
import subprocess

import pytest
from transformers.utils.chat_template_utils import render_jinja_template
from vlmxla_oracle import paths

TEMPLATES = sorted((pathlib.Path(__file__).parent / "chat_templates").glob("*.jinja"))

# Templates whose content is a list of {"type": ...} blocks (the LLaVA processors' format).
LIST_CONTENT = {"llava-1.5", "llava-interleave-qwen"}
# Templates that insist on strictly alternating user/assistant turns.
ALTERNATING = {"llama-2", "mistral"}

TEXTS = [
    "Hello!",
    "What is in this image?",
    "naïve café — 日本語 🙂",
    'quotes \' and " and backslash \\ here',
    "braces {{ not a tag }} {% nor this %} {# nor this #}",
    "line one\nline two\n\n  indented\ttab",
    "  padded with spaces  ",
    "",
]

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Get the weather — in °C",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
                "required": ["city"],
            },
        },
    }
]


def _content(rng, name, role):
    text = rng.choice(TEXTS)
    if name not in LIST_CONTENT:
        return text
    blocks = [{"type": "image"} for _ in range(rng.randint(0, 3) if role == "user" else 0)]
    blocks.append({"type": "text", "text": text})
    if rng.random() < 0.3:
        blocks.append({"type": "text", "text": rng.choice(TEXTS)})
    rng.shuffle(blocks)
    return blocks


def _conversations(name):
    rng = random.Random(hash(name) & 0xFFFF)
    convs = []
    for i in range(24):
        msgs = []
        if i % 3 == 0 and name not in ("mistral",):
            msgs.append({"role": "system", "content": _content(rng, name, "system")})
        turns = 1 + i % 4
        for t in range(turns):
            msgs.append({"role": "user", "content": _content(rng, name, "user")})
            if t < turns - 1 or i % 2:
                msgs.append({"role": "assistant", "content": _content(rng, name, "assistant")})
        kwargs = {"add_generation_prompt": bool(i % 2 == 0), "bos_token": "<s>", "eos_token": "</s>"}
        if name == "qwen2.5" and i % 4 == 1:
            kwargs["tools"] = TOOLS
            msgs.append(
                {
                    "role": "assistant",
                    "content": "",
                    "tool_calls": [
                        {"type": "function", "function": {"name": "get_weather", "arguments": {"city": "Zürich", "days": 2}}}
                    ],
                }
            )
            msgs.append({"role": "tool", "content": '{"temp": 21.5}'})
            msgs.append({"role": "tool", "content": "sunny"})
        convs.append((msgs, kwargs))
    if name in ALTERNATING:  # also an error case: two user turns in a row
        convs.append(([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}], {"bos_token": "<s>", "eos_token": "</s>"}))
    return convs


def _reference(template, msgs, kwargs):
    kwargs = dict(kwargs)
    tools = kwargs.pop("tools", None)
    try:
        rendered, _ = render_jinja_template([msgs], tools=tools, chat_template=template, **kwargs)
        return rendered[0]
    except Exception as e:  # noqa: BLE001 - any template error must be an error for us too
        return e


def _ours(vlmxla_bin, tmp_path, template_path, msgs, kwargs):
    ctx = {"messages": msgs, "tools": None, "documents": None, "add_generation_prompt": False}
    ctx.update(kwargs)
    ctx_path = tmp_path / "ctx.json"
    ctx_path.write_text(json.dumps(ctx, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.txt"
    proc = subprocess.run(
        [str(vlmxla_bin), "render-template", "--template", str(template_path), "--context", str(ctx_path), "--output", str(out)],
        capture_output=True,
        check=False,
        timeout=30,
    )
    if proc.returncode != 0:
        return RuntimeError(proc.stderr.decode("utf-8", "replace"))
    return out.read_bytes().decode("utf-8")


@pytest.mark.parametrize("template_path", TEMPLATES, ids=[p.stem for p in TEMPLATES])
def test_template_parity(template_path, vlmxla_bin, tmp_path):
    template = template_path.read_text(encoding="utf-8")
    convs = _conversations(template_path.stem)
    assert len(convs) >= 24
    rendered = 0
    for msgs, kwargs in convs:
        ref = _reference(template, msgs, kwargs)
        ours = _ours(vlmxla_bin, tmp_path, template_path, msgs, kwargs)
        if isinstance(ref, Exception):
            assert isinstance(ours, Exception), f"reference failed ({ref}) but we rendered {ours!r}"
            assert str(ref) in str(ours), (str(ref), str(ours))
        else:
            assert not isinstance(ours, Exception), f"we failed: {ours} (reference: {ref!r})"
            assert ours == ref, f"messages={msgs!r} kwargs={kwargs!r}"
            rendered += 1
    assert rendered >= 20, "most conversations must render, not fail on both sides"


def test_fixture_models_apply_chat_template(vlmxla_bin, tmp_path):
    """processor.apply_chat_template on the generated fixture models vs LoadChatTemplate+Render."""
    from vlmxla_oracle import fixtures as fixtures_mod
    from vlmxla_oracle import testing

    testing.ensure_fixtures()
    # The fixtures this tree knows (others in a shared cache may come from another tree).
    fixtures = sorted(p for p in paths.fixtures_dir().iterdir()
                      if p.is_dir() and p.name in fixtures_mod.KNOWN_FIXTURE_NAMES)
    assert fixtures, f"ensure_fixtures() left no fixture model under {paths.fixtures_dir()}"
    from transformers import AutoProcessor

    msgs = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "What is this?"}]}]
    checked = 0
    for model_dir in fixtures:
        model_type = json.loads((model_dir / "config.json").read_text())["model_type"]
        if model_type in ("qwen2_vl", "qwen2_5_vl", "qwen3_vl"):
            # Qwen2VLProcessor cannot be built without torchvision (its video processor); the
            # tokenizer renders the same chat_template.jinja, as the oracle's capture does.
            from transformers import AutoTokenizer

            processor = AutoTokenizer.from_pretrained(str(model_dir))
        elif model_type == "llava_onevision":
            # Its processor class also wants a video processor: the oracle builds it without one.
            from vlmxla_oracle import capture

            processor = capture.load_processor(model_dir)
        else:
            processor = AutoProcessor.from_pretrained(str(model_dir))
        ref = processor.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)
        template = processor.chat_template
        tpl = tmp_path / "t.jinja"
        tpl.write_text(template, encoding="utf-8")
        ours = _ours(vlmxla_bin, tmp_path, tpl, msgs, {"add_generation_prompt": True})
        assert ours == ref, model_dir.name
        checked += 1
    assert checked == len(fixtures)
