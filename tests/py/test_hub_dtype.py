"""A float16 / bfloat16 checkpoint in the Hugging Face Hub layout (sharded safetensors with
model.safetensors.index.json, config.json "dtype" saying so), asked a question the way a user
would: `vlmxla run --dtype auto` and `vlmxla serve` through the official openai client, on
pjrt-cpu and iree-cpu. The answer must be the oracle's greedy text in that dtype (Transformers
loading the same directory with its stored dtype, or in float32 where vlmxla's auto computes a
bfloat16 checkpoint in float32: a CPU without bf16 products)."""

import json

import pytest
from vlmxla_gate import surfaces
from vlmxla_oracle import capture, cases, fixtures, isa, paths, testing

DTYPES = ("float16", "bfloat16")


@pytest.fixture(scope="module")
def hub_oracle():
    """(fixture, dtype) -> (Hub-layout model dir, oracle capture dir of image_text in its dtype)."""
    testing.ensure_images()
    out = {}

    def get(name, dtype):
        if (name, dtype) not in out:
            model_dir = testing.ensure_fixture(fixtures.variant_name(name, dtype, hub=True))
            assert len(fixtures.weight_files(model_dir)) >= 2
            assert (model_dir / "model.safetensors.index.json").exists()
            written = cases.write_cases(model_dir, paths.cache_dir() / "cases" /
                                        model_dir.name)
            case = json.loads(written["image_text"].read_text())
            cap = paths.cache_dir() / "captures" / model_dir.name / "image_text"
            # vlmxla's auto computes as stored, except bf16 on a CPU without bf16 products,
            # where it computes in float32 (isa.vlmxla_auto_dtype): the oracle runs the same.
            want = isa.vlmxla_auto_dtype(dtype)
            cap = cap.with_name(f"{cap.name}-{want}")
            if not capture.is_current(cap / "manifest.json", model_dir, case, want):
                capture.capture(model_dir, case, cap, dtype=want, reference=False)
            manifest = json.loads((cap / "manifest.json").read_text())
            assert manifest["dtype"] == fixtures.DTYPES[want]
            out[(name, dtype)] = (model_dir, cap)
        return out[(name, dtype)]
    return get


@pytest.mark.parametrize("backend", ["pjrt-cpu", "iree-cpu"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", fixtures.FIXTURE_NAMES)
def test_hub_checkpoint_answers_like_the_oracle(name, dtype, backend, hub_oracle, vlmxla_bin):
    model_dir, cap = hub_oracle(name, dtype)
    expected = json.loads((cap / "manifest.json").read_text())["greedy_text"]
    cli = surfaces.cli_surface(vlmxla_bin, model_dir, backend, cap, dtype="auto")
    assert cli["pass"], cli
    assert cli["checks"]["text_exact"]
    server = surfaces.server_surface(vlmxla_bin, model_dir, backend, cap, dtype="auto")
    assert server["pass"], server
    assert server["checks"]["openai_text_exact"] and server["checks"]["raw_text_exact"]
    assert len(expected) > 30
