"""Host-pipeline parity: `vlmxla prepare` (C++) against the Transformers oracle capture.

For both fixtures and PNG, JPEG and RGBA inputs: pixel values within 1e-6 (the largest difference
is printed; bit-exact is the goal), rendered chat text, unexpanded and expanded ids, positions and
mask exactly equal. Bad placeholder counts and context overflow are typed errors.
"""

from __future__ import annotations

import json
import pathlib
import subprocess

import numpy as np
import pytest
from safetensors.numpy import load_file
from vlmxla_oracle import capture as capture_mod
from vlmxla_oracle import compare as compare_mod
from vlmxla_oracle import paths, testing

HOST_STAGES = ["rendered_text", "pixel_values", "input_ids_unexpanded", "input_ids",
               "attention_mask", "position_ids"]
FIXTURES = ["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"]
# case name -> (standard case it derives from, image file substituted for scene.png)
CASES = {
    "image_text": ("image_text", None),
    "image_text_jpeg": ("image_text", "scene.jpg"),
    "image_text_rgba": ("image_text", "scene_rgba.png"),
    "image_text_gray": ("image_text", "scene_gray.png"),
    "two_images": ("two_images", None),
    "no_image": ("no_image", None),
}


@pytest.fixture(scope="session")
def oracle():
    """Fixture model dirs, images and the standard case files (built once, cached)."""
    images = testing.ensure_images()
    models = testing.ensure_fixtures()
    cases = {}
    for name, model_dir in models.items():
        case_dir = paths.cache_dir() / "cases" / name
        from vlmxla_oracle import cases as cases_mod

        cases[name] = {k: json.loads(p.read_text()) for k, p in
                       cases_mod.write_cases(model_dir, case_dir).items()}
    return {"images": images, "models": models, "cases": cases}


def _capture(oracle, fixture: str, case_name: str) -> tuple[dict, pathlib.Path]:
    base, image = CASES[case_name]
    case = dict(oracle["cases"][fixture][base])
    case["name"] = case_name
    if image:
        case["images"] = [str(oracle["images"][image])]
    model_dir = oracle["models"][fixture]
    out = paths.cache_dir() / "captures" / fixture / f"host-{case_name}"
    if not capture_mod.is_current(out / "manifest.json", model_dir, case):
        capture_mod.capture(model_dir, case, out)
    return case, out


def _prepare(vlmxla_bin, model_dir, case: dict, out: pathlib.Path) -> subprocess.CompletedProcess:
    case_file = out.parent / f"{out.name}.case.json"
    case_file.parent.mkdir(parents=True, exist_ok=True)
    case_file.write_text(json.dumps(case))
    return subprocess.run([str(vlmxla_bin), "prepare", "--model", str(model_dir), "--case",
                           str(case_file), "--output", str(out)],
                          check=False, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("case_name", list(CASES))
@pytest.mark.parametrize("fixture", FIXTURES)
def test_host_stages_match_oracle(oracle, vlmxla_bin, tmp_path, fixture, case_name):
    case, ref = _capture(oracle, fixture, case_name)
    cand = tmp_path / "cand"
    proc = _prepare(vlmxla_bin, oracle["models"][fixture], case, cand)
    assert proc.returncode == 0, proc.stderr
    ref_stages = [s["name"] for s in json.loads((ref / "manifest.json").read_text())["stages"]]
    stages = [s for s in HOST_STAGES if s in ref_stages]
    assert ("pixel_values" in stages) == bool(case["images"])
    report = compare_mod.compare(ref, cand, stages=stages)
    table = compare_mod.format_table(report)
    print(table)
    assert report.passed, f"first divergent stage: {report.first_divergence}\n{table}"
    if case["images"]:
        r = load_file(str(ref / "stages.safetensors"))["pixel_values"].astype(np.float64)
        c = load_file(str(cand / "stages.safetensors"))["pixel_values"].astype(np.float64)
        max_diff = float(np.max(np.abs(r - c)))
        print(f"{fixture}/{case_name}: pixel_values max |diff| = {max_diff:.3g} "
              f"({int(np.count_nonzero(r != c))} of {r.size} values not bit-equal)")
        assert max_diff <= 1e-6


@pytest.mark.parametrize("fixture", FIXTURES)
def test_placeholder_mismatch_is_a_typed_error(oracle, vlmxla_bin, tmp_path, fixture):
    case = oracle["cases"][fixture]["malformed_placeholder"]
    out = tmp_path / "cand"
    proc = _prepare(vlmxla_bin, oracle["models"][fixture], case, out)
    assert proc.returncode == 1
    err = json.loads((out / "manifest.json").read_text())["error"]
    assert err["reason"] == "placeholder_count_mismatch"
    assert "2 image placeholders" in err["message"] and "1 image was given" in err["message"]
    # The oracle refuses the same prompt.
    _, ref = _oracle_error_capture(oracle, fixture, "malformed_placeholder")
    assert "error" in json.loads((ref / "manifest.json").read_text())


def _oracle_error_capture(oracle, fixture, case_name):
    case = oracle["cases"][fixture][case_name]
    out = paths.cache_dir() / "captures" / fixture / f"host-{case_name}"
    if not capture_mod.is_current(out / "manifest.json", oracle["models"][fixture], case):
        capture_mod.capture(oracle["models"][fixture], case, out)
    return case, out


@pytest.mark.parametrize("fixture", FIXTURES)
def test_context_overflow_names_both_numbers(oracle, vlmxla_bin, tmp_path, fixture):
    case = oracle["cases"][fixture]["context_overflow"]
    needed, capacity = case["expanded_length"], case["context_capacity"]
    assert capacity == needed - 1
    out = tmp_path / "over"
    proc = _prepare(vlmxla_bin, oracle["models"][fixture], case, out)
    assert proc.returncode == 1
    err = json.loads((out / "manifest.json").read_text())["error"]
    assert err["reason"] == "context_length_exceeded"
    assert err["message"] == f"prompt needs {needed} positions but context capacity is {capacity}"
    # Exactly at capacity it fits.
    fits = dict(case, context_capacity=needed)
    proc = _prepare(vlmxla_bin, oracle["models"][fixture], fits, tmp_path / "fits")
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((tmp_path / "fits" / "manifest.json").read_text())
    assert manifest["effective_length"] == needed
