"""The reference gate's contract: on both CPU backends every stage of every case is compared with
the oracle and passes (greedy tokens and text exactly), expected errors match by category, the
CLI and server surfaces reproduce the greedy text, and the report has the documented shape. A
backend that cannot run here is reported unavailable and the gate fails: it never passes what it
could not check."""

import json
import subprocess

STAGE_KEYS = {"stage", "max_abs", "max_rel", "atol", "rtol", "pass"}


def _gate(repo_dir, vlmxla_bin, tmp_path, *args):
    report_path = tmp_path / "r.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture",
         "tiny-llava-siglip-qwen2", "--report", str(report_path), "--vlmxla", str(vlmxla_bin),
         *args],
        check=False, capture_output=True, text=True, timeout=900)
    return proc, json.loads(report_path.read_text())


def test_gate_passes_on_pjrt_and_iree_with_surfaces(repo_dir, vlmxla_bin, tmp_path):
    proc, report = _gate(repo_dir, vlmxla_bin, tmp_path, "--backend", "all")
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert report["pass"] is True
    assert report["first_divergence"] is None
    cases = {(c["case"], c["backend"]): c for c in report["cases"]}
    names = {"image_text", "two_images", "no_image", "malformed_placeholder", "context_overflow"}
    assert set(cases) == {(n, b) for n in names for b in ("pjrt-cpu", "iree-cpu")}
    for (name, backend), case in cases.items():
        assert case["status"] == "pass", case
        assert case["first_divergence"] is None
        if name in ("malformed_placeholder", "context_overflow"):
            assert [s["stage"] for s in case["stages"]] == ["error"]
            continue
        assert case["greedy_exact"] is True
        checked = {s["stage"]: s for s in case["stages"]}
        assert all(STAGE_KEYS <= set(s) for s in case["stages"])
        assert set(checked) >= {"rendered_text", "input_ids", "position_ids", "attention_mask",
                                "inputs_embeds", "prefill_logits", "past_key_values.1.value",
                                "greedy_tokens", "greedy_text"}
        if name != "no_image":
            assert set(checked) >= {"pixel_values", "vision_hidden_states.0",
                                    "selected_image_features", "image_features"}
        assert checked["greedy_tokens"]["max_abs"] == 0
        assert checked["input_ids"]["max_abs"] == 0
    surfaces = {(s["surface"], s["backend"]): s for s in report["surfaces"]}
    assert set(surfaces) == {(k, b) for k in ("cli", "server") for b in ("pjrt-cpu", "iree-cpu")}
    for s in surfaces.values():
        assert s["status"] == "pass", s
        assert s["case"] == "image_text"
        assert s["checks"]["text_exact" if s["surface"] == "cli" else "raw_text_exact"]
    assert report["real_checkpoint"]["status"] in ("present", "unavailable")


def test_a_backend_that_cannot_run_here_fails_the_gate(repo_dir, vlmxla_bin, tmp_path):
    # No GPU on this machine: every iree-cuda case is unavailable, nothing is passed.
    proc, report = _gate(repo_dir, vlmxla_bin, tmp_path, "--backend", "iree-cuda", "--case",
                         "image_text", "--no-surfaces")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert report["pass"] is False
    assert report["first_divergence"] is None
    assert [c["status"] for c in report["cases"]] == ["unavailable"]
    assert "UNAVAILABLE" in report["cases"][0]["detail"]
