"""The engine through `vlmxla batch` and `vlmxla run`: continuous batching gives every request
exactly the tokens it gets alone, a client that goes away frees its slot, seeded sampling is
reproducible, and the CLI answers with the oracle's greedy text."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from safetensors.numpy import load_file
from vlmxla_oracle import paths, testing


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures()["tiny-llava-clip-llama"]


@pytest.fixture(scope="module")
def images():
    return testing.ensure_images()


def _batch(vlmxla_bin, model_dir, requests, tmp_path, max_batch, name):
    req = tmp_path / f"{name}.jsonl"
    req.write_text("".join(json.dumps(r) + "\n" for r in requests), encoding="utf-8")
    out = tmp_path / f"{name}.out.jsonl"
    proc = subprocess.run([str(vlmxla_bin), "batch", "--model", str(model_dir), "--requests",
                           str(req), "--max-batch", str(max_batch), "--output", str(out)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr
    return {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}, proc.stderr


def _mixed(images):
    return [
        {"id": "cancel", "prompt": "Go away after three deltas.", "max_tokens": 30,
         "cancel_after": 3},
        {"id": "image", "prompt": "What is in the image?", "images": [str(images["scene.png"])],
         "max_tokens": 12},
        {"id": "long_text", "prompt": "Tell me a long story about the sea and the mountains "
                                      "and the rivers between them.", "max_tokens": 20},
        {"id": "two_images", "prompt": "Compare these.",
         "images": [str(images["scene.jpg"]), str(images["second.png"])], "max_tokens": 7},
        {"id": "short_text", "prompt": "Hi", "max_tokens": 15},
        {"id": "sampled", "prompt": "Sampled", "temperature": 0.8, "top_p": 0.9, "seed": 7,
         "max_tokens": 10},
        {"id": "gray", "prompt": "And this one?", "images": [str(images["scene_gray.png"])],
         "max_tokens": 9},
    ]


def _batched_matches_solo(vlmxla_bin, model_dir, requests, tmp_path, name) -> dict:
    """Runs each request alone in its own engine, then all of them through 4 slots, asserts every
    request got the same tokens, text, finish reason and usage both ways; returns the batched
    results."""
    solo = {}
    for r in requests:  # each request entirely alone in its own engine
        out, _ = _batch(vlmxla_bin, model_dir, [r], tmp_path, 1, f"{name}_solo_{r['id']}")
        solo.update(out)
    batched, log = _batch(vlmxla_bin, model_dir, requests, tmp_path, 4, f"{name}_batched")
    # More requests than slots: some waited in the queue and prefilled while others decoded.
    steps = int(log.rsplit(", ", 1)[1].split()[0])
    assert steps < sum(len(solo[r["id"]]["tokens"]) for r in requests) - len(requests)
    for r in requests:
        a, b = solo[r["id"]], batched[r["id"]]
        assert b["tokens"] == a["tokens"], r["id"]
        assert b["text"] == a["text"], r["id"]
        assert b["finish_reason"] == a["finish_reason"], r["id"]
        assert b["usage"] == a["usage"], r["id"]
    return batched


def test_batched_requests_match_their_solo_runs(vlmxla_bin, model_dir, images, tmp_path):
    batched = _batched_matches_solo(vlmxla_bin, model_dir, _mixed(images), tmp_path, "llava")
    assert batched["image"]["finish_reason"] == "length"
    assert len(batched["image"]["tokens"]) == 12
    # Effective prompt tokens count every image feature position; logical ones count an image once.
    u = batched["two_images"]["usage"]
    assert u["prompt_tokens"] - u["prompt_tokens_logical"] == 2 * (25 - 1)


def _qwen_requests(images) -> list[dict]:
    """Qwen requests with images of different grids among text-only ones."""
    return [
        {"id": "image", "prompt": "What is in the image?", "images": [str(images["scene.png"])],
         "max_tokens": 10},
        {"id": "text", "prompt": "Tell me a long story about the sea.", "max_tokens": 14},
        {"id": "two_sizes", "prompt": "Describe both pictures.",
         "images": [str(images["wide.png"]), str(images["scene.png"])], "max_tokens": 8},
        {"id": "short_text", "prompt": "Hi", "max_tokens": 12},
        {"id": "gray", "prompt": "And this one?", "images": [str(images["scene_gray.png"])],
         "max_tokens": 9},
    ]


def test_qwen2_vl_requests_batched_with_text_only_ones_match_their_solo_runs(
        vlmxla_bin, images, tmp_path):
    """Each M-RoPE slot decodes at its own row plus its own rope delta (a different one per
    image layout; 0 without images): sharing a decode call must not mix them."""
    qwen_dir = testing.ensure_fixtures(("tiny-qwen2-vl",))["tiny-qwen2-vl"]
    batched = _batched_matches_solo(vlmxla_bin, qwen_dir, _qwen_requests(images), tmp_path,
                                    "qwen")
    # Images of different sizes expand to different numbers of pads (t*h*w / 4 each).
    u = {k: batched[k]["usage"] for k in ("image", "two_sizes")}
    assert u["two_sizes"]["prompt_tokens"] - u["two_sizes"]["prompt_tokens_logical"] != \
        2 * (u["image"]["prompt_tokens"] - u["image"]["prompt_tokens_logical"])


def test_qwen3_vl_requests_batched_with_text_only_ones_match_their_solo_runs(
        vlmxla_bin, images, tmp_path):
    """Qwen3-VL adds DeepStack rows to the image positions of its first decoder layers during
    prefill and decodes with interleaved M-RoPE at each slot's own rope delta: a request with
    images, batched among text-only ones (which prefill with zero DeepStack rows), must give
    exactly its solo tokens."""
    qwen_dir = testing.ensure_fixtures(("tiny-qwen3-vl",))["tiny-qwen3-vl"]
    batched = _batched_matches_solo(vlmxla_bin, qwen_dir, _qwen_requests(images), tmp_path,
                                    "qwen3_vl")
    # The wide image's grid is smaller than the scene's: two_sizes is not twice one scene.
    u = {k: batched[k]["usage"] for k in ("image", "two_sizes")}
    scene = u["image"]["prompt_tokens"] - u["image"]["prompt_tokens_logical"]
    assert scene > 0
    assert u["two_sizes"]["prompt_tokens"] - u["two_sizes"]["prompt_tokens_logical"] != 2 * scene


# (fixture, views of wide.png + views of second.png): pan-and-scan cuts the 120x40 strip into 3
# crops and the 203x271 picture into 2, each crop a view of its own after the image.
GEMMA3_BATCH_FIXTURES = [("tiny-gemma3", 2), ("tiny-gemma3-pas", (1 + 3) + (1 + 2))]


@pytest.mark.parametrize("fixture,two_images_views", GEMMA3_BATCH_FIXTURES)
def test_gemma3_requests_batched_with_text_only_ones_match_their_solo_runs(
        vlmxla_bin, images, tmp_path, fixture, two_images_views):
    """Gemma 3's slots keep window-sized rings beside full caches and prefill an image's soft
    tokens both ways: a request with images, batched among text-only ones and decoding past the
    window, must give exactly its solo tokens; with pan-and-scan, every crop too."""
    gemma_dir = testing.ensure_fixtures((fixture,))[fixture]
    requests = [
        {"id": "image", "prompt": "What is in the image?", "images": [str(images["scene.png"])],
         "max_tokens": 12},
        {"id": "text", "prompt": "Tell me a long story about the sea.", "max_tokens": 14},
        {"id": "two_images", "prompt": "Compare these.",
         "images": [str(images["wide.png"]), str(images["second.png"])], "max_tokens": 9},
        {"id": "short_text", "prompt": "Hi", "max_tokens": 11},
        {"id": "gray", "prompt": "And this one?", "images": [str(images["scene_gray.png"])],
         "max_tokens": 8},
    ]
    batched = _batched_matches_solo(vlmxla_bin, gemma_dir, requests, tmp_path, fixture)
    # Each view is one soft token in the logical prompt and mm_tokens_per_image (9) on the device.
    u = batched["two_images"]["usage"]
    assert u["prompt_tokens"] - u["prompt_tokens_logical"] == two_images_views * (9 - 1)


def test_qwen2_vl_images_of_different_patch_counts_share_one_vision_bucket(
        vlmxla_bin, images, tmp_path):
    """A 112x48 image (grid 6x14: 84 patches) and a 176x32 one (grid 4x22: 88 patches) take the
    same patch bucket (92 rows, 64 * 2^(2/4) rounded up): the second request compiles no vision
    program, and each answers as it does alone."""
    from PIL import Image

    qwen_dir = testing.ensure_fixtures(("tiny-qwen2-vl",))["tiny-qwen2-vl"]
    scene = Image.open(images["scene.png"]).convert("RGB")
    requests = []
    for name, size in (("a", (112, 48)), ("b", (176, 32))):
        path = tmp_path / f"{name}.png"
        scene.resize(size).save(path)
        requests.append({"id": name, "prompt": "What is in the image?", "images": [str(path)],
                         "max_tokens": 6})
    out, log = _batch(vlmxla_bin, qwen_dir, requests, tmp_path, 1, "qwen_buckets")
    compiled = [line for line in log.splitlines() if "compiled vision_encode" in line]
    assert len(compiled) == 1, log
    assert "vision_encode/P92" in compiled[0], compiled
    for r in requests:
        alone, _ = _batch(vlmxla_bin, qwen_dir, [r], tmp_path, 1, f"qwen_bucket_{r['id']}")
        assert out[r["id"]]["tokens"] == alone[r["id"]]["tokens"]
    assert out["b"]["usage"]["prompt_tokens"] - out["a"]["usage"]["prompt_tokens"] == \
        (88 - 84) // 4


def test_a_client_that_goes_away_frees_its_slot(vlmxla_bin, model_dir, images, tmp_path):
    requests = [{"id": f"c{i}", "prompt": f"request {i}", "max_tokens": 40, "cancel_after": 2}
                for i in range(3)] + [{"id": "last", "prompt": "still served", "max_tokens": 5}]
    # One slot: the later requests only run if each cancelled one gave its slot back.
    out, _ = _batch(vlmxla_bin, model_dir, requests, tmp_path, 1, "cancel")
    for i in range(3):
        assert out[f"c{i}"]["finish_reason"] == "cancelled"
        assert len(out[f"c{i}"]["tokens"]) == 2
    assert out["last"]["finish_reason"] == "length"
    assert len(out["last"]["tokens"]) == 5


def test_seeded_sampling_is_reproducible(vlmxla_bin, model_dir, tmp_path):
    base = {"prompt": "Sample something", "temperature": 1.5, "max_tokens": 24}
    requests = [dict(base, id="s1", seed=11), dict(base, id="s1_again", seed=11),
                dict(base, id="s2", seed=12), {"id": "greedy", **base, "temperature": 0}]
    out, _ = _batch(vlmxla_bin, model_dir, requests, tmp_path, 4, "seeds")
    assert out["s1"]["tokens"] == out["s1_again"]["tokens"]
    assert out["s1"]["tokens"] != out["s2"]["tokens"]
    assert out["s1"]["tokens"] != out["greedy"]["tokens"]


def test_bad_request_fields_are_refused_by_name(vlmxla_bin, model_dir, tmp_path):
    requests = [{"id": "bad_t", "prompt": "x", "temperature": -1},
                {"id": "bad_p", "prompt": "x", "temperature": 1, "top_p": 0},
                {"id": "ok", "prompt": "x", "max_tokens": 2}]
    out, _ = _batch(vlmxla_bin, model_dir, requests, tmp_path, 2, "bad")
    assert "temperature" in out["bad_t"]["error"]["message"]
    assert "top_p" in out["bad_p"]["error"]["message"]
    assert len(out["ok"]["tokens"]) == 2


@pytest.mark.parametrize("fixture", ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
def test_cli_run_answers_with_the_oracle_greedy_text(vlmxla_bin, fixture):
    caps = testing.ensure_captures(case_names=("image_text",), fixture_names=(fixture,))
    cap = caps[(fixture, "image_text")]
    manifest = json.loads((cap / "manifest.json").read_text(encoding="utf-8"))
    case = manifest["case"]
    cmd = [str(vlmxla_bin), "run", "--model", str(testing.ensure_fixtures()[fixture]),
           "--prompt", case["prompt"], "--max-tokens", str(case.get("max_new_tokens", 8))]
    if case.get("system"):
        cmd += ["--system", case["system"]]
    for image in case.get("images", []):
        cmd += ["--image", str(paths.resolve_image(image))]  # relative to the cache
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == manifest["greedy_text"] + "\n"
    # The summary line: effective and logical prompt tokens, generated tokens, timings.
    summary = proc.stderr.strip().splitlines()[-1]
    tokens = load_file(str(cap / "stages.safetensors"))["greedy_tokens"]
    assert f"prompt tokens {manifest['expanded_length']} " in summary, summary
    assert f"(logical {manifest['unexpanded_length']})" in summary, summary
    assert f"generated {tokens.size}," in summary, summary
    assert "prefill " in summary and " ms" in summary and "tok/s" in summary
    stream = subprocess.run(cmd + ["--stream", "--quiet"], capture_output=True, text=True,
                            timeout=300, check=False)
    assert stream.returncode == 0, stream.stderr
    assert stream.stdout == proc.stdout


@pytest.mark.parametrize("layout", ["out-in", "in-out"])
def test_either_weight_layout_answers_with_the_oracle_text_on_each_backend(vlmxla_bin, layout):
    """VLMXLA_WEIGHTS_LAYOUT forces the decoder weight layout the backend would not pick
    (PJRT defaults to in-out, IREE to out-in): the answer stays the oracle's greedy text."""
    fixture = "tiny-llava-siglip-qwen2"  # tied embeddings: the in-out table is read by column
    cap = testing.ensure_captures(case_names=("image_text",), fixture_names=(fixture,))[
        (fixture, "image_text")]
    manifest = json.loads((cap / "manifest.json").read_text(encoding="utf-8"))
    case = manifest["case"]
    backend = "pjrt-cpu" if layout == "out-in" else "iree-cpu"
    cmd = [str(vlmxla_bin), "run", "--model", str(testing.ensure_fixtures()[fixture]),
           "--backend", backend, "--prompt", case["prompt"],
           "--max-tokens", str(case.get("max_new_tokens", 8))]
    if case.get("system"):
        cmd += ["--system", case["system"]]
    for image in case.get("images", []):
        cmd += ["--image", str(paths.resolve_image(image))]  # relative to the cache
    env = dict(os.environ, VLMXLA_WEIGHTS_LAYOUT=layout)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == manifest["greedy_text"] + "\n"


def test_an_unknown_weight_layout_is_refused_by_name(vlmxla_bin, model_dir):
    env = dict(os.environ, VLMXLA_WEIGHTS_LAYOUT="sideways")
    proc = subprocess.run([str(vlmxla_bin), "run", "--model", str(model_dir), "--prompt", "hi",
                           "--max-tokens", "2"], capture_output=True, text=True, timeout=120,
                          check=False, env=env)
    assert proc.returncode != 0
    assert "VLMXLA_WEIGHTS_LAYOUT" in proc.stderr and "sideways" in proc.stderr, proc.stderr


def test_pjrt_cpu_without_a_plugin_is_unavailable_and_named(vlmxla_bin, tmp_path):
    """A machine without the CPU plugin (no $VLMXLA_PJRT_PLUGIN, no .venv above the working
    directory or the binary) gets UNAVAILABLE naming what to install, as a missing CUDA plugin
    does; NOT_FOUND stays for a plugin path that does not exist."""
    binary = tmp_path / "vlmxla"
    shutil.copy2(vlmxla_bin, binary)
    env = {k: v for k, v in os.environ.items() if k != "VLMXLA_PJRT_PLUGIN"}
    model = testing.ensure_fixtures()["tiny-llava-clip-llama"]
    proc = subprocess.run([str(binary), "run", "--model", str(model), "--prompt", "hi",
                           "--max-tokens", "1"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 1, proc.stderr
    assert "UNAVAILABLE" in proc.stderr and "pjrt_plugin_missing" in proc.stderr, proc.stderr
    assert "xla-cpu-pjrt" in proc.stderr
    proc = subprocess.run([str(binary), "run", "--model", str(model), "--prompt", "hi",
                           "--plugin", str(tmp_path / "absent.so")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 1 and "NOT_FOUND" in proc.stderr, proc.stderr
