"""Model-free tests of the oracle comparison: synthetic capture dirs, one failure mode each."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest
import torch
from safetensors.numpy import save_file
from vlmxla_oracle import compare as cmp

DT = {np.float32: "f32", np.float16: "f16", np.int64: "i64", np.int32: "i32"}
TOL = {"f32": {"pixel_values": {"atol": 1e-6, "rtol": 0}, "*_features": {"atol": 1e-5, "rtol": 1e-4},
               "image_features": {"atol": 1.0, "rtol": 1.0}}}


def write(path, tensors, texts=None, error=None, kinds=None, skip_tensor=()):
    path.mkdir(parents=True, exist_ok=True)
    stages = []
    for name, arr in tensors.items():
        kind = (kinds or {}).get(name, "float" if arr.dtype.kind == "f" else "int")
        stages.append({"name": name, "dtype": DT[arr.dtype.type], "shape": list(arr.shape),
                       "kind": kind})
    for name in texts or {}:
        stages.insert(0, {"name": name, "dtype": "str", "shape": [], "kind": "text"})
    manifest = {"schema": 1, "stages": stages, **(texts or {})}
    if error:
        manifest["error"] = error
    (path / "manifest.json").write_text(json.dumps(manifest))
    save_file({k: v for k, v in tensors.items() if k not in skip_tensor} or
              {"_": np.zeros(1, np.float32)}, str(path / "stages.safetensors"))
    return path


def base():
    return {"pixel_values": np.linspace(-2, 2, 24, dtype=np.float32).reshape(1, 2, 3, 4),
            "input_ids": np.array([[1, 5, 9, 9, 2]], np.int64),
            "selected_image_features": np.full((1, 3, 4), 0.5, np.float32),
            "greedy_tokens": np.array([7, 8, 9], np.int64)}


def run(tmp_path, mutate=None, tol=TOL, texts=None, **kw):
    ref = write(tmp_path / "ref", base(), texts=texts)
    t = base()
    if mutate:
        mutate(t)
    cand = write(tmp_path / "cand", t, texts=kw.pop("cand_texts", texts), **kw)
    return cmp.compare(ref, cand, tol)


def row(report, stage):
    return next(r for r in report.rows if r.stage == stage)


def test_identical_passes(tmp_path):
    rep = run(tmp_path, texts={"rendered_text": "hi <image>"})
    assert rep.passed and rep.first_divergence is None
    assert rep.rows[0].stage == "rendered_text"
    assert row(rep, "pixel_values").max_abs == 0.0


def test_just_over_fails_just_under_passes(tmp_path):
    def bump(delta):
        return lambda t: t["selected_image_features"].__setitem__((0, 1, 2), 0.5 + delta)
    # bound = 1e-5 + 1e-4 * 0.5 = 6e-5
    under = run(tmp_path / "u", bump(5.5e-5))
    assert under.passed
    assert row(under, "selected_image_features").max_abs == pytest.approx(5.5e-5, rel=1e-2)
    over = run(tmp_path / "o", bump(6.5e-5))
    r = row(over, "selected_image_features")
    assert not over.passed and r.mismatches == 1 and "[0, 1, 2]" in r.detail
    assert over.first_divergence == "selected_image_features"
    assert r.max_rel == pytest.approx(6.5e-5 / 0.5, rel=1e-2)


def test_missing_stage(tmp_path):
    rep = run(tmp_path, lambda t: t.pop("input_ids"))
    assert rep.first_divergence == "input_ids" and "missing" in row(rep, "input_ids").detail


def test_manifest_lists_stage_absent_from_safetensors(tmp_path):
    rep = run(tmp_path, skip_tensor=("greedy_tokens",))
    assert rep.first_divergence == "greedy_tokens"
    assert "not in" in row(rep, "greedy_tokens").detail


def test_shape_drift(tmp_path):
    rep = run(tmp_path, lambda t: t.__setitem__("input_ids", np.array([[1, 5, 9, 2]], np.int64)))
    r = row(rep, "input_ids")
    assert not r.passed and "shape drift" in r.detail and "index 3" in r.detail


def test_dtype_drift_fails_unless_allowed(tmp_path):
    def to16(t):
        t["pixel_values"] = t["pixel_values"].astype(np.float16)
    rep = run(tmp_path / "a", to16)
    assert rep.first_divergence == "pixel_values"
    assert "dtype drift" in row(rep, "pixel_values").detail
    allowed = dict(TOL, **{"f32->f16": {"pixel_values": {"atol": 1e-3, "rtol": 0}}})
    rep = run(tmp_path / "b", to16, tol=allowed)
    assert rep.passed and row(rep, "pixel_values").dtype == "f32->f16"


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_fails(tmp_path, bad):
    rep = run(tmp_path, lambda t: t["pixel_values"].__setitem__((0, 0, 0, 0), bad))
    r = row(rep, "pixel_values")
    assert not r.passed and r.mismatches == 1 and "non-finite" in r.detail


def test_nan_in_both_still_fails(tmp_path):
    t = base()
    t["pixel_values"][0, 0, 0, 1] = np.nan
    ref, cand = write(tmp_path / "r", t), write(tmp_path / "c", t)
    assert cmp.compare(ref, cand, TOL).first_divergence == "pixel_values"


def test_integer_off_by_one(tmp_path):
    rep = run(tmp_path, lambda t: t["input_ids"].__setitem__((0, 2), 10))
    r = row(rep, "input_ids")
    assert r.mismatches == 1 and r.max_abs == 1.0 and "reference 9 vs candidate 10" in r.detail


def test_greedy_token_swap(tmp_path):
    rep = run(tmp_path, lambda t: t.__setitem__("greedy_tokens", np.array([7, 9, 8], np.int64)))
    assert rep.first_divergence == "greedy_tokens" and row(rep, "greedy_tokens").mismatches == 2


def test_text_difference(tmp_path):
    rep = run(tmp_path, texts={"greedy_text": "hello world"}, cand_texts={"greedy_text": "hello World"})
    r = row(rep, "greedy_text")
    assert not r.passed and "character 6" in r.detail


def test_first_divergence_is_earliest(tmp_path):
    def two(t):
        t["greedy_tokens"][0] = 0
        t["input_ids"][0, 0] = 0
    rep = run(tmp_path, two)
    assert rep.first_divergence == "input_ids"
    assert not row(rep, "greedy_tokens").passed  # later stages are still computed
    assert row(rep, "selected_image_features").passed


def test_error_manifest_matching_and_mismatching(tmp_path):
    err = {"type": "InvalidArgument", "message": "2 images, 1 placeholder", "reason": "placeholder_mismatch"}
    ref = write(tmp_path / "r", {}, error=err)
    same = write(tmp_path / "c1", {}, error=dict(err, message="other wording"))
    other = write(tmp_path / "c2", {}, error=dict(err, reason="context_length_exceeded"))
    ok = write(tmp_path / "c3", {})
    assert cmp.compare(ref, same, TOL).passed
    assert cmp.compare(ref, other, TOL).first_divergence == "error"
    assert "succeeded" in row(cmp.compare(ref, ok, TOL), "error").detail
    assert not cmp.compare(ok, same, TOL).passed  # candidate failed unexpectedly


def test_missing_tolerance_entry_and_unknown_kind(tmp_path):
    rep = run(tmp_path / "a", tol={"f32": {"pixel_values": {"atol": 0, "rtol": 0}}})
    assert rep.first_divergence == "selected_image_features"
    assert "no tolerance entry" in row(rep, "selected_image_features").detail
    ref = write(tmp_path / "r", base(), kinds={"pixel_values": "complex"})
    assert "unknown stage kind" in row(cmp.compare(ref, ref, TOL), "pixel_values").detail


def test_first_matching_pattern_wins(tmp_path):
    # '*_features' precedes the loose 'image_features' entry, but does not match 'selected_...'?
    # It does: so the tight entry applies and a 1e-3 error fails.
    rep = run(tmp_path, lambda t: t["selected_image_features"].__setitem__((0, 0, 0), 0.501))
    assert row(rep, "selected_image_features").atol == 1e-5 and not rep.passed


def test_bf16_reading(tmp_path):
    from safetensors.torch import save_file as save_torch
    x = torch.tensor([1.0, -2.5, 3.140625], dtype=torch.bfloat16)
    (tmp_path / "manifest.json").write_text(json.dumps({"schema": 1, "stages": [
        {"name": "v", "dtype": "bf16", "shape": [3], "kind": "float"}]}))
    save_torch({"v": x}, str(tmp_path / "stages.safetensors"))
    dt, arr = cmp._Capture(tmp_path).tensor("v")
    assert dt == "bf16" and arr.tolist() == [1.0, -2.5, 3.140625]


def test_cli_exit_codes_table_and_json(tmp_path, capsys, repo_dir):
    ref = write(tmp_path / "r", base())
    t = base()
    t["input_ids"][0, 1] = 6
    bad = write(tmp_path / "c", t)
    tol = tmp_path / "tol.json"
    tol.write_text(json.dumps(TOL))
    assert cmp.main(["--reference", str(ref), "--candidate", str(ref), "--tolerances", str(tol)]) == 0
    assert "all stages within tolerance" in capsys.readouterr().out
    out_json = tmp_path / "rep.json"
    code = cmp.main(["--reference", str(ref), "--candidate", str(bad), "--tolerances", str(tol),
                     "--json", str(out_json)])
    out = capsys.readouterr().out
    assert code == 1 and "first divergent stage: input_ids" in out
    assert out.splitlines()[0].split() == ["stage", "dtype", "shape", "max_abs", "max_rel",
                                           "mismatches", "atol", "rtol", "pass"]
    rep = json.loads(out_json.read_text())
    assert rep["pass"] is False and rep["first_divergence"] == "input_ids"
    assert set(rep["stages"][0]) == {"stage", "dtype", "shape", "max_abs", "max_rel", "mismatches",
                                     "atol", "rtol", "pass", "detail"}
    assert cmp.main(["--reference", str(ref), "--candidate", str(bad), "--tolerances", str(tol),
                     "--stages", "pixel_values"]) == 0
    assert cmp.main(["--reference", str(ref)]) == 2
    assert cmp.main(["--reference", str(tmp_path / "nope"), "--candidate", str(ref)]) == 2
    capsys.readouterr()
    proc = subprocess.run([sys.executable, "-m", "vlmxla_oracle.compare", "--reference", str(ref),
                           "--candidate", str(bad), "--tolerances", str(tol)],
                          check=False, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(repo_dir / "python")})
    assert proc.returncode == 1 and "first divergent stage: input_ids" in proc.stdout


def test_committed_tolerances_cover_float32_stages():
    table = cmp.load_tolerances()
    names = ["pixel_values", "vision_hidden_states.0", "vision_hidden_states.23",
             "selected_image_features", "image_features", "inputs_embeds", "prefill_logits",
             "past_key_values.0.key", "past_key_values.11.value"]
    for name in names:
        tol, why = cmp.lookup_tolerance(table, "f32", "f32", name)
        assert tol is not None, why
    assert cmp.lookup_tolerance(table, "f32", "f32", "pixel_values")[0] == (1e-6, 0.0)
    assert cmp.lookup_tolerance(table, "f32", "f32", "no_such_stage")[0] is None
    assert cmp.lookup_tolerance(table, "f32", "f16", "pixel_values")[0] is None


# ----------------------------------------------------------------------------- narrow dtypes


def _write_torch(path, tensors: dict, dtype: str | None = None):
    """A capture from torch tensors (bf16 included), with an optional manifest "dtype"."""
    from safetensors.torch import save_file as save_torch
    names = {torch.float32: "f32", torch.bfloat16: "bf16", torch.float16: "f16",
             torch.int64: "i64"}
    path.mkdir(parents=True, exist_ok=True)
    stages = [{"name": k, "dtype": names[v.dtype], "shape": list(v.shape),
               "kind": "float" if v.is_floating_point() else "int"} for k, v in tensors.items()]
    manifest = {"schema": 1, "stages": stages, **({"dtype": dtype} if dtype else {})}
    (path / "manifest.json").write_text(json.dumps(manifest))
    save_torch(tensors, str(path / "stages.safetensors"))
    return path


def _narrow_pair(tmp_path, cand_logits_dtype, cand_features_dtype, cand_manifest_dtype="bf16"):
    g = torch.Generator().manual_seed(0)
    logits = (torch.randn(50, generator=g) * 4).to(torch.bfloat16)
    feats = torch.randn(3, 8, generator=g).to(torch.bfloat16)
    ref = _write_torch(tmp_path / "ref", {"image_features": feats, "prefill_logits": logits,
                                          "greedy_tokens": torch.tensor([3, 4])}, "bf16")
    cand = _write_torch(tmp_path / "cand", {
        "image_features": feats.to(cand_features_dtype),
        "prefill_logits": logits.to(cand_logits_dtype),
        "greedy_tokens": torch.tensor([3, 4])}, cand_manifest_dtype)
    return ref, cand


def test_bf16_reference_accepts_float32_logits_only(tmp_path):
    table = cmp.load_tolerances()
    # vlmxla's contract: logits widened to f32, everything else in the compute dtype.
    ref, cand = _narrow_pair(tmp_path / "ok", torch.float32, torch.bfloat16)
    rep = cmp.compare(ref, cand, table, dtype="bf16")
    assert rep.passed, [(r.stage, r.detail) for r in rep.rows]
    assert row(rep, "prefill_logits").dtype == "bf16->f32"
    assert row(rep, "image_features").dtype == "bf16"
    assert (row(rep, "prefill_logits").atol, row(rep, "prefill_logits").rtol) == \
        cmp.lookup_tolerance(table, "bf16", "f32", "prefill_logits")[0]
    # Any other stage changing dtype is still dtype drift.
    ref, cand = _narrow_pair(tmp_path / "drift", torch.float32, torch.float32)
    rep = cmp.compare(ref, cand, table, dtype="bf16")
    assert rep.first_divergence == "image_features"
    assert "no tolerance entry matches stage 'image_features' in section 'bf16->f32'" in \
        row(rep, "image_features").detail
    # f16 logits against a bf16 reference: no such section.
    ref, cand = _narrow_pair(tmp_path / "f16", torch.float16, torch.bfloat16)
    assert "dtype drift" in row(cmp.compare(ref, cand, table), "prefill_logits").detail


def test_compute_dtype_row(tmp_path):
    ref, cand = _narrow_pair(tmp_path / "a", torch.float32, torch.bfloat16, "f32")
    rep = cmp.compare(ref, cand, cmp.load_tolerances(), dtype="bf16")
    assert rep.first_divergence == "compute_dtype"
    assert "the candidate's says f32" in row(rep, "compute_dtype").detail
    ref, cand = _narrow_pair(tmp_path / "b", torch.float32, torch.bfloat16, None)
    assert "declares none" in row(cmp.compare(ref, cand, cmp.load_tolerances(), dtype="bf16"),
                                  "compute_dtype").detail
    # Without a run dtype (compare called with dtype=None) there is no such row.
    assert all(r.stage != "compute_dtype" for r in cmp.compare(ref, cand).rows)


def test_bf16_logits_off_by_more_than_the_bound_fail(tmp_path):
    table = cmp.load_tolerances()
    (atol, rtol), _ = cmp.lookup_tolerance(table, "bf16", "f32", "prefill_logits")
    logits = torch.tensor([1.0, -2.0, 8.0])
    ref = _write_torch(tmp_path / "r", {"prefill_logits": logits.to(torch.bfloat16)}, "bf16")
    ok = _write_torch(tmp_path / "ok", {"prefill_logits": logits + 0.9 * atol},
                      "bf16")
    bad = _write_torch(tmp_path / "bad", {"prefill_logits": logits + torch.tensor(
        [0.0, 0.0, 1.1 * (atol + rtol * 8)])}, "bf16")
    assert cmp.compare(ref, ok, table, dtype="bf16").passed
    rep = cmp.compare(ref, bad, table, dtype="bf16")
    assert rep.first_divergence == "prefill_logits" and row(rep, "prefill_logits").mismatches == 1


def test_distances_measure_across_dtypes(tmp_path):
    x = torch.tensor([1.0, -3.0, 0.5, 2.0])
    f32 = _write_torch(tmp_path / "f32", {"v": x, "i": torch.tensor([1])}, "f32")
    narrow = _write_torch(tmp_path / "bf", {"v": (x + torch.tensor([0, 0.25, 0, 0])).to(
        torch.bfloat16), "i": torch.tensor([1])}, "bf16")
    d = cmp.distances(f32, narrow)
    assert set(d) == {"v"}  # float stages only
    assert d["v"]["max_abs"] == pytest.approx(0.25) and d["v"]["dtype"] == "bf16 vs f32"
    assert d["v"]["max_rel"] == pytest.approx(0.25 / 3)


def test_committed_narrow_sections_are_measured():
    table = cmp.load_tolerances()
    for short in ("bf16", "f16"):
        assert "PROVISIONAL" not in json.dumps(table[short]) and "MEASURED" in table[short]["_why"]
        for name in ("vision_hidden_states.3", "selected_image_features", "image_features",
                     "inputs_embeds", "past_key_values.1.key"):
            tol, why = cmp.lookup_tolerance(table, short, short, name)
            assert tol is not None and tol[0] > 0, why
            assert "bound = 4x" in table[short][next(
                p for p in table[short] if not p.startswith("_") and
                __import__("fnmatch").fnmatchcase(name, p))]["_why"]
        assert cmp.lookup_tolerance(table, short, "f32", "prefill_logits")[0] is not None
        # Logits in the narrow dtype itself are not the contract (vlmxla returns f32 logits).
        assert cmp.lookup_tolerance(table, short, short, "prefill_logits")[0] is None
        assert cmp.lookup_tolerance(table, short, "f32", "image_features")[0] is None
    # f16 keeps 3 more bits than bf16: its bounds are tighter, stage by stage.
    for name in ("vision_hidden_states.1", "image_features", "past_key_values.0.key"):
        assert cmp.lookup_tolerance(table, "f16", "f16", name)[0] < \
            cmp.lookup_tolerance(table, "bf16", "bf16", name)[0]
