"""`vlmxla validate --cases`: every case of a model in one process (the gate's way of running
them, so programs compile once) gives each case the result its own process gives, a refused or
unreadable case hides none of the others, and the gate reports a crash against the case it
happened in and still runs the cases after it."""

import json
import pathlib
import subprocess

import numpy as np
from safetensors.numpy import load_file
from vlmxla_gate import gate
from vlmxla_oracle import cases as cases_mod
from vlmxla_oracle import testing

FIXTURE = "tiny-llava-siglip-qwen2"


def _stages(out: pathlib.Path) -> dict:
    return load_file(str(out / "stages.safetensors"))


def test_cases_in_one_process_equal_their_own_runs(vlmxla_bin, tmp_path):
    model = testing.ensure_fixtures((FIXTURE,))[FIXTURE]
    files = cases_mod.write_cases(model, tmp_path / "cases")
    names = ["malformed_placeholder", "image_text", "missing", "context_overflow", "no_image"]
    files["missing"] = tmp_path / "no-such-case.json"
    listing = tmp_path / "list.json"
    listing.write_text(json.dumps([{"case": str(files[n]), "output": str(tmp_path / "batch" / n)}
                                   for n in names]))
    proc = subprocess.run([str(vlmxla_bin), "validate", "--model", str(model), "--cases",
                           str(listing), "--backend", "pjrt-cpu"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 1, proc.stderr[-3000:]  # some cases failed, as they must
    ended, running = gate.split_case_logs(proc.stderr, len(names))
    assert not running and sorted(ended) == list(range(len(names)))
    codes = {names[i]: p.returncode for i, p in ended.items()}
    assert codes == {"malformed_placeholder": 1, "image_text": 0, "missing": 1,
                     "context_overflow": 1, "no_image": 0}
    # Each case's part of the log is its own: the unreadable file is named in its part only.
    logs = {names[i]: p.stderr for i, p in ended.items()}
    assert "no-such-case.json" in logs["missing"]
    assert all("no-such-case.json" not in logs[n] for n in names if n != "missing")
    # The refusals are their cases' error manifests, with the engine's categories.
    for name, reason in (("malformed_placeholder", "placeholder_count_mismatch"),
                         ("context_overflow", "context_length_exceeded")):
        manifest = json.loads((tmp_path / "batch" / name / "manifest.json").read_text())
        assert manifest["error"]["reason"] == reason, manifest
        assert reason in logs[name]
    # The generating cases: every stage equal to the value its own process computes.
    for name in ("image_text", "no_image"):
        alone = tmp_path / "alone" / name
        one = subprocess.run([str(vlmxla_bin), "validate", "--model", str(model), "--case",
                              str(files[name]), "--backend", "pjrt-cpu", "--output", str(alone)],
                             capture_output=True, text=True, timeout=600, check=False)
        assert one.returncode == 0, one.stderr[-3000:]
        batch, solo = _stages(tmp_path / "batch" / name), _stages(alone)
        assert sorted(batch) == sorted(solo) and len(solo) > 5
        for stage in solo:
            assert np.array_equal(batch[stage], solo[stage]), (name, stage)
        texts = [json.loads((d / "manifest.json").read_text())["stages"]
                 for d in (tmp_path / "batch" / name, alone)]
        assert [s for s in texts[0] if s["name"] == "greedy_text"] == \
            [s for s in texts[1] if s["name"] == "greedy_text"]


def test_cases_cannot_be_combined_with_one_case(vlmxla_bin, tmp_path):
    model = testing.ensure_fixtures((FIXTURE,))[FIXTURE]
    listing = tmp_path / "list.json"
    listing.write_text("[]")
    for extra in (["--output", str(tmp_path / "o")], ["--prompt", "hi"]):
        proc = subprocess.run([str(vlmxla_bin), "validate", "--model", str(model), "--cases",
                               str(listing), *extra], capture_output=True, text=True,
                              timeout=120, check=False)
        assert proc.returncode == 1 and "cannot be combined" in proc.stderr, proc.stderr
    proc = subprocess.run([str(vlmxla_bin), "validate", "--model", str(model), "--cases",
                           str(listing)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert proc.returncode == 1 and "non-empty list" in proc.stderr, proc.stderr


# A `vlmxla` that runs each case of --cases through the real binary's --case, announcing each as
# the real one does, and dies of SIGSEGV in the case named by CRASH_CASE. Every invocation's case
# names are logged to INVOCATIONS.
_CRASHER = """#!/usr/bin/env python3
import json, os, signal, subprocess, sys
REAL, CRASH_CASE, INVOCATIONS = {real!r}, {crash!r}, {log!r}
argv = sys.argv[1:]
if "--cases" not in argv:
    os.execv(REAL, [REAL, *argv])
k = argv.index("--cases")
jobs, rest = json.load(open(argv[k + 1])), argv[:k] + argv[k + 2:]
names = [json.load(open(j["case"]))["name"] for j in jobs]
with open(INVOCATIONS, "a") as f:
    f.write(" ".join(names) + "\\n")
worst = 0
for i, (job, name) in enumerate(zip(jobs, names), 1):
    print(f"[validate] case {{i}} of {{len(jobs)}} begins: {{job['output']}}", file=sys.stderr,
          flush=True)
    if name == CRASH_CASE:
        os.kill(os.getpid(), signal.SIGSEGV)
    code = subprocess.run([REAL, *rest, "--case", job["case"], "--output", job["output"]]
                          ).returncode
    print(f"[validate] case {{i}} of {{len(jobs)}} exit {{code}}", file=sys.stderr, flush=True)
    worst = max(worst, code)
sys.exit(worst)
"""


def test_a_crash_is_reported_against_its_case_and_the_rest_still_run(repo_dir, vlmxla_bin,
                                                                      tmp_path):
    crasher, log = tmp_path / "vlmxla", tmp_path / "invocations"
    crasher.write_text(_CRASHER.format(real=str(vlmxla_bin), crash="two_images", log=str(log)))
    crasher.chmod(0o755)
    report_path = tmp_path / "r.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture", FIXTURE,
         "--backend", "pjrt-cpu", "--dtype", "float32", "--no-surfaces", "--case", "image_text",
         "--case", "two_images", "--case", "no_image", "--vlmxla", str(crasher),
         "--report", str(report_path)],
        check=False, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads(report_path.read_text())
    got = {c["case"]: c for c in report["cases"]}
    assert got["image_text"]["status"] == "pass", got["image_text"]
    assert got["two_images"]["status"] == "fail"
    assert got["two_images"]["first_divergence"] == "validate"
    assert "died during this case (signal SIGSEGV)" in got["two_images"]["detail"]
    assert got["no_image"]["status"] == "pass", got["no_image"]
    assert report["first_divergence"]["case"] == "two_images"
    # One process for the three cases; after the crash, a new one for the case still to run.
    assert log.read_text().splitlines() == ["image_text two_images no_image", "no_image"]
