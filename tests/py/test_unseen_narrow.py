"""A float32 checkpoint computed in bf16: Transformers loads every parameter in the compute dtype,
so a weight that feeds a float32 computation takes part rounded to bf16 first. The never-seen
Qwen3-VL (scripts/xla/make_unseen_qwen3_vl.py, float32) run with --dtype bfloat16 shows it at
`vision_pos_embeds`: the learned position table's rows, rounded to bf16, weighted and summed in
float32. Summing the stored float32 rows instead missed the oracle by 1.7e-3 against a bound of
float32 summation noise; this gate run must pass that stage at that bound."""

import json
import os
import subprocess

import pytest


@pytest.fixture(scope="module")
def unseen_qwen3_vl(repo_dir):
    proc = subprocess.run([str(repo_dir / ".venv/bin/python"),
                           str(repo_dir / "scripts/xla/make_unseen_qwen3_vl.py")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc.stdout.strip().splitlines()[-1]


def test_float32_checkpoint_in_bf16_rounds_the_position_table_as_transformers(
        repo_dir, vlmxla_bin, unseen_qwen3_vl, tmp_path):
    report = tmp_path / "report.json"
    proc = subprocess.run([str(repo_dir / "scripts/xla/validate_vlm_reference.sh"),
                           "--model", unseen_qwen3_vl, "--backend", "pjrt-cpu",
                           "--dtype", "bfloat16", "--case", "image_text",
                           "--vlmxla", str(vlmxla_bin), "--report", str(report)],
                          env={**os.environ, "VLMXLA_BIN": str(vlmxla_bin)},
                          capture_output=True, text=True, timeout=600, check=False)
    assert report.exists(), proc.stdout[-3000:] + proc.stderr[-3000:]
    r = json.loads(report.read_text())
    (case,) = [c for c in r["cases"] if c["case"] == "image_text"]
    assert case["dtype"] == "bf16"
    (stage,) = [s for s in case["stages"] if s["stage"] == "vision_pos_embeds"]
    # The bound is float32 summation noise (8.8e-8 here), far below one bf16 rounding (~1e-3).
    assert stage["max_abs"] <= stage["atol"] < 1e-6, stage
    assert stage["pass"] and case["greedy_exact"], case
    assert proc.returncode == 0 and r["pass"], proc.stdout[-3000:]
