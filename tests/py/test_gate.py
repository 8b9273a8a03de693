"""The reference gate's contract: on PJRT every stage of every case is compared with the oracle
and passes, greedy tokens and text exactly; expected errors match by category; what is not wired
(every device stage on IREE) is reported unavailable, and then the gate fails — it never passes
what it could not check."""

import json
import subprocess


def test_gate_pjrt_passes_and_iree_is_unavailable(repo_dir, vlmxla_bin, tmp_path):
    report_path = tmp_path / "r.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture",
         "tiny-llava-siglip-qwen2", "--backend", "all", "--report", str(report_path),
         "--vlmxla", str(vlmxla_bin)],
        check=False, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    report = json.loads(report_path.read_text())
    assert report["pass"] is False
    assert report["first_divergence"] is None  # nothing diverged; IREE stages were not checked
    cases = {(c["case"], c["backend"]): c for c in report["cases"]}
    names = {"image_text", "two_images", "no_image", "malformed_placeholder", "context_overflow"}
    assert {c for c, _ in cases} == names
    for name in ("image_text", "two_images", "no_image"):
        pjrt = cases[(name, "pjrt-cpu")]
        assert pjrt["status"] == "pass", pjrt
        checked = {s["stage"]: s for s in pjrt["stages"]}
        assert set(checked) >= {"rendered_text", "input_ids", "inputs_embeds", "prefill_logits",
                                "past_key_values.1.value", "greedy_tokens", "greedy_text"}
        if name != "no_image":
            assert set(checked) >= {"pixel_values", "vision_hidden_states.0", "image_features"}
        assert all(s["pass"] for s in checked.values())
        assert checked["greedy_tokens"]["max_abs"] == 0
        iree = cases[(name, "iree-cpu")]
        assert iree["status"] == "unavailable"
        assert any(s["stage"] == "prefill_logits" and s["status"] == "unavailable"
                   for s in iree["stages"])
    for name in ("malformed_placeholder", "context_overflow"):
        for backend in ("pjrt-cpu", "iree-cpu"):
            assert cases[(name, backend)]["status"] == "pass", cases[(name, backend)]
    assert report["real_checkpoint"]["status"] in ("present", "unavailable")
