"""Two gate runs on the same model and dtype share one work directory (the oracle's captures and
vlmxla's outputs, rewritten by each run): the second must wait for the first, saying so, rather
than rewrite what the first is comparing. Here the test holds the lock as the first run would,
starts a gate, sees it wait, releases, and the gate then completes its case."""

import fcntl
import json
import os
import subprocess
import time

from vlmxla_oracle import isa, paths

MODEL = "tiny-llama"


def test_a_second_gate_on_the_same_work_directory_waits_for_the_first(repo_dir, vlmxla_bin,
                                                                       tmp_path):
    work = paths.cache_dir() / f"gate{isa.tag()}" / MODEL / "f32"
    work.mkdir(parents=True, exist_ok=True)
    report = tmp_path / "report.json"
    with open(work / ".gate.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        gate = subprocess.Popen(
            [str(repo_dir / "scripts/xla/validate_arch.sh"), "--fixture", MODEL, "--dtype",
             "float32", "--case", "no_image", "--backend", "pjrt-cpu", "--no-surfaces",
             "--vlmxla", str(vlmxla_bin), "--report", str(report)],
            env={**os.environ, "VLMXLA_BIN": str(vlmxla_bin)},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        waited = ""
        deadline = time.monotonic() + 300
        while "waiting for another gate run" not in waited and time.monotonic() < deadline:
            line = gate.stderr.readline()
            if not line:
                break
            waited += line
        assert "waiting for another gate run using" in waited and str(work) in waited, waited
        time.sleep(1)
        assert gate.poll() is None, "the gate went on while the work directory was held"
    out, _ = gate.communicate(timeout=600)
    r = json.loads(report.read_text())
    assert [(c["case"], c["status"]) for c in r["cases"]] == [("no_image", "pass")], out[-3000:]
