"""The gate's --family plumbing (scripts/xla/validate_vlm_reference.sh): --family qwen2_vl /
qwen2_5_vl runs the Qwen fixtures on their cases, the oracle side end to end, with the family and
its real checkpoint in the report; llava stays the default; a family that does not match the
fixtures asked for is refused. The vlmxla side is a stand-in here that refuses every case (the
C++ Qwen path is tested by the gate itself), so these runs fail, as they must."""

import json
import os
import subprocess

import pytest
from vlmxla_gate import gate
from vlmxla_oracle import fixtures

REPORT_KEYS = {"suite", "family", "pass", "first_divergence", "dtypes", "cases", "surfaces",
               "real_checkpoint", "baselines", "seconds", "weights"}


@pytest.fixture
def stand_in(tmp_path):
    """A `vlmxla` that lists --dtype in `validate --help` and refuses every run."""
    path = tmp_path / "vlmxla"
    path.write_text("#!/usr/bin/env bash\n"
                    'if [[ "${2:-}" == --help ]]; then echo "--dtype D"; exit 0; fi\n'
                    'echo "vlmxla validate: INVALID_ARGUMENT: stand-in refuses $1" >&2; exit 1\n')
    path.chmod(0o755)
    return path


def _run(repo_dir, script, *args, timeout=600):
    env = {**os.environ, "PYTHONPATH": str(repo_dir / "python")}
    return subprocess.run([str(repo_dir / "scripts/xla" / script), *args], check=False,
                          capture_output=True, text=True, env=env, timeout=timeout)


def test_family_qwen2_vl_runs_the_oracle_side_end_to_end(repo_dir, stand_in, tmp_path):
    report_path = tmp_path / "r.json"
    proc = _run(repo_dir, "validate_vlm_reference.sh", "--family", "qwen2_vl", "--vlmxla",
                str(stand_in), "--backend", "pjrt-cpu", "--dtype", "float32", "--case",
                "two_sizes", "--case", "malformed_placeholder", "--no-surfaces", "--report",
                str(report_path))
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads(report_path.read_text())
    assert set(report) == REPORT_KEYS
    assert report["family"] == "qwen2_vl" and report["pass"] is False
    assert report["real_checkpoint"]["model"] == "Qwen/Qwen2-VL-2B-Instruct"
    got = {c["case"]: c for c in report["cases"]}
    assert set(got) == {"two_sizes", "malformed_placeholder"}
    for c in got.values():
        assert {"case", "backend", "greedy_exact", "stages", "first_divergence"} <= set(c)
        assert c["model"] == "tiny-qwen2-vl" and c["backend"] == "pjrt-cpu"
    # The stand-in refused: the decoding case fails at validate, after the oracle captured it.
    assert got["two_sizes"]["first_divergence"] == "validate"
    assert "stand-in refuses" in got["two_sizes"]["detail"]
    assert got["two_sizes"]["greedy_margin"]["near_tie"] is False
    assert got["malformed_placeholder"]["stages"][0]["expected"]["reason"] == \
        "placeholder_count_mismatch"
    # Cases run in the family's order: malformed_placeholder (its refusal unmatched) first.
    assert report["first_divergence"] == {"case": "malformed_placeholder", "backend": "pjrt-cpu",
                                          "dtype": "f32", "stage": "error"}


def test_a_family_that_does_not_match_the_fixture_is_refused(repo_dir, stand_in):
    proc = _run(repo_dir, "validate_vlm_reference.sh", "--family", "qwen2_5_vl", "--fixture",
                "tiny-qwen2-vl", "--vlmxla", str(stand_in))
    assert proc.returncode == 2 and "does not match" in proc.stderr
    proc = _run(repo_dir, "validate_arch.sh", "--family", "qwen2_vl", "--vlmxla", str(stand_in))
    assert proc.returncode == 2 and "--family applies to the multimodal suite" in proc.stderr


def test_the_family_follows_the_fixtures():
    def family(*argv):
        p = gate.argparse.ArgumentParser()
        for flag in ("--suite", "--family", "--model"):
            p.add_argument(flag)
        p.add_argument("--fixture", action="append")
        args = p.parse_args(list(argv))
        args.suite = args.suite or "llava"
        return gate._family(args, p)

    assert family() == "llava"  # the default: everything that ran before runs as before
    assert family("--suite", "arch") == "text"
    assert family("--fixture", "tiny-qwen2.5-vl-bf16") == "qwen2_5_vl"
    assert family("--family", "qwen2_vl") == "qwen2_vl"
    assert family("--fixture", "tiny-llava-clip-llama", "--fixture", "tiny-qwen2") == "llava+text"
    assert fixtures.FAMILY_FIXTURES["llava"] == fixtures.FIXTURE_NAMES == \
        gate.SUITES["llava"]["fixtures"]
