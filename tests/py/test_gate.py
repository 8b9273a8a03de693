"""The reference gate's contract while decoding is not wired: on PJRT the host, vision and prefill
stages are compared and pass, expected errors match by category, what is not wired (greedy
decoding; every device stage on IREE) is reported unavailable, and the gate fails — it never passes
what it could not check."""

import json
import subprocess


def test_gate_reports_unavailable_device_stages_and_fails(repo_dir, vlmxla_bin, tmp_path):
    report_path = tmp_path / "r.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture",
         "tiny-llava-siglip-qwen2", "--backend", "pjrt-cpu", "--report", str(report_path),
         "--vlmxla", str(vlmxla_bin)],
        check=False, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    report = json.loads(report_path.read_text())
    assert report["pass"] is False
    assert report["first_divergence"] is None  # nothing diverged; some stages were not checked
    by_case = {c["case"]: c for c in report["cases"]}
    assert set(by_case) == {"image_text", "two_images", "no_image", "malformed_placeholder",
                            "context_overflow"}
    for name in ("image_text", "two_images", "no_image"):
        case = by_case[name]
        assert case["status"] == "unavailable"
        checked = [s for s in case["stages"] if s.get("pass") is not None]
        names = {s["stage"] for s in checked}
        assert names >= {"rendered_text", "input_ids", "position_ids", "inputs_embeds",
                         "prefill_logits", "past_key_values.1.value"}
        if name != "no_image":
            assert names >= {"pixel_values", "vision_hidden_states.0", "image_features"}
        assert all(s["pass"] for s in checked)
        assert all(s["max_abs"] <= 1e-4 for s in checked if s.get("max_abs") is not None)
        assert any(s["stage"] == "greedy_tokens" and s["status"] == "unavailable"
                   for s in case["stages"])
    for name in ("malformed_placeholder", "context_overflow"):
        assert by_case[name]["status"] == "pass", by_case[name]
    assert report["real_checkpoint"]["status"] in ("present", "unavailable")
