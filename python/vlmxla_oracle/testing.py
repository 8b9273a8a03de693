"""Helpers for tests (ours and other layers'): build fixtures, images and captures once, cached."""

from __future__ import annotations

import json
import pathlib

from . import capture as capture_mod
from . import cases as cases_mod
from . import fixtures as fixtures_mod
from . import images as images_mod
from . import paths, quantize


def ensure_fixtures(names=fixtures_mod.FIXTURE_NAMES, dtype: str = "float32"
                    ) -> dict[str, pathlib.Path]:
    """{fixture name: model dir} (the LLaVA fixtures unless `names` says otherwise), stored in
    `dtype` (float32, bfloat16, float16: the NAME-bf16 / NAME-f16 variants); rebuilt only when
    its spec, the corpus or the builder changed."""
    return {name: ensure_fixture(fixtures_mod.variant_name(name, dtype)) for name in names}


def ensure_fixture(name: str) -> pathlib.Path:
    """fixtures.ensure_fixture under a cache lock: test workers and gates that share a cache
    build a stale fixture once, and none reads it while another rebuilds it."""
    with paths.cache_lock(f"fixture-{name}"):
        return fixtures_mod.ensure_fixture(name)


def ensure_text_fixtures() -> dict[str, pathlib.Path]:
    """{fixture name: model dir} of the text-only Llama/Qwen2 fixtures."""
    return ensure_fixtures(fixtures_mod.TEXT_FIXTURE_NAMES)


def ensure_images() -> dict[str, pathlib.Path]:
    """{file name: path} of the deterministic test images (rewritten: cheap and byte-stable)."""
    return images_mod.write_images()


def ensure_captures(
    case_names=("image_text", "two_images", "no_image", "malformed_placeholder"),
    fixture_names=fixtures_mod.FIXTURE_NAMES,
    dtype: str = "float32",
    weights: str = "stored",
):
    """{(fixture, case): capture dir} under paths.captures_dir(), recaptured when the model changed.
    In a narrow dtype the fixture is its NAME-bf16 / NAME-f16 variant, Transformers runs in that
    dtype and the capture keeps its float32 reference (capture.reference_dir). `weights` (int8,
    int4, w8a8): of the fixture's dequantized copy (quantize.dequantized_model_dir), whose name
    (NAME-w8a8, ...) keeps its captures apart."""
    ensure_images()
    captures = paths.captures_dir()
    out = {}
    for name, model_dir in ensure_fixtures(fixture_names, dtype).items():
        if weights != "stored":
            with paths.cache_lock(f"dequantized-{model_dir.name}-{weights}"):
                model_dir = quantize.dequantized_model_dir(model_dir, weights)
        variant = model_dir.name
        case_dir = paths.cache_dir() / "cases" / variant
        written = cases_mod.write_cases(model_dir, case_dir)
        for case_name in case_names:
            cap_dir = captures / variant / case_name
            case = json.loads(written[case_name].read_text(encoding="utf-8"))
            with paths.cache_lock(f"{captures.name}-{variant}-{case_name}"):
                if not capture_mod.is_current(cap_dir / "manifest.json", model_dir, case, dtype):
                    capture_mod.capture(model_dir, case, cap_dir, dtype=dtype)
            out[(name, case_name)] = cap_dir
    return out


def check_qwen_positions(ids, positions, image_token_id: int, grids, merge_size: int = 2) -> int:
    """Asserts get_rope_index's image positions (Qwen2-VL, Qwen2.5-VL and Qwen3-VL alike): text
    counts up by one on all three axes; an image's pads hold (t, h, w) of its merged grid offset
    by the position it starts at; the text after it resumes at start + max(h, w). Returns the
    next position (the rope delta is that minus len(ids))."""
    is_pad = ids == image_token_id
    i, expect, grids = 0, 0, iter(grids)
    while i < len(ids):
        if not is_pad[i]:
            assert positions[:, i].tolist() == [expect] * 3, i
            i, expect = i + 1, expect + 1
            continue
        _, h, w = (x // m for x, m in zip(next(grids), (1, merge_size, merge_size)))
        block = positions[:, i:i + h * w]
        assert block[0].tolist() == [expect] * (h * w)
        assert block[1].tolist() == [expect + r for r in range(h) for _ in range(w)]
        assert block[2].tolist() == [expect + c for _ in range(h) for c in range(w)]
        i, expect = i + h * w, expect + max(h, w)
    return expect


def check_committed_sections(proposed: dict, table: dict, factor: float = 4.0) -> None:
    """Asserts that each committed tolerance entry of `proposed`'s sections (measure.sections)
    covers the bound measured now and is at most 25% looser than it (a stale bound from other
    fixtures would be), and says it is `factor` x the noise: the check test_dtypes runs on the
    plain sections and test_w8a8 on the w8a8 ones."""
    for key, section in proposed.items():
        for pattern, entry in section.items():
            if pattern.startswith("_"):
                continue
            committed = table[key][pattern]
            for k in ("atol", "rtol"):
                assert entry[k] <= committed[k] <= 1.25 * entry[k] + 1e-12, \
                    (key, pattern, k, entry[k], committed[k])
            assert f"bound = {factor:g}x" in committed["_why"], (key, pattern)
