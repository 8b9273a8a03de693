"""The GPU bundle (scripts/xla/gpu_bundle.sh), rehearsed on this CPU machine: it packs under
64 MiB the stripped binary with the libraries it needs (RPATH $ORIGIN/../lib), the wheels, the
Python packages, fixtures, oracle captures and the IREE artifact cache; unpacked elsewhere, its
gpu_gate.sh passes with the CPU backends from the bundle alone (no iree-compile: IREE is served
by the cache's manifest) and reports a backend it cannot run as UNAVAILABLE, not passed."""

import os
import subprocess
import tarfile

import pytest

FIXTURE = "tiny-llava-clip-llama"


@pytest.fixture(scope="module")
def bundle(repo_dir, vlmxla_bin, tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle")
    proc = subprocess.run([str(repo_dir / "scripts/xla/gpu_bundle.sh"), "--out", str(out),
                           "--fixture", FIXTURE, "--rehearse"],
                          env={**os.environ, "VLMXLA_BIN": str(vlmxla_bin)},
                          capture_output=True, text=True, timeout=900, check=False)
    return proc, out


def test_bundle_is_small_and_carries_what_a_bare_machine_needs(bundle):
    proc, out = bundle
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    tarball = out / "vlmxla-gpu-bundle.tar.gz"
    assert tarball.stat().st_size <= 64 << 20
    with tarfile.open(tarball) as t:
        names = set(t.getnames())
    root = "vlmxla-gpu-bundle/"
    for need in ("build/vlmxla", "gpu_gate.sh", "MANIFEST.txt",
                 "python/vlmxla_gate/gate.py", "python/vlmxla_iree/host.py",
                 "lib/libcpp-httplib.so.0.11", "lib/libpcre2-8.so.0", "lib/libjpeg.so.62",
                 f"cache/fixtures/{FIXTURE}/config.json",
                 f"cache/gate/{FIXTURE}/f32/oracle/image_text/manifest.json",
                 "cache/images/scene.png"):
        assert root + need in names, need
    # glibc and the compiler runtime stay the image's.
    assert not [n for n in names if "/lib/libc.so" in n or "/lib/libstdc++" in n]
    assert any(n.startswith(root + "wheels/iree_base_runtime-") and "cp312" in n for n in names)
    assert any(n.startswith(root + "wheels/openai-") for n in names)
    assert any(n.startswith(root + "cache/iree/") and n.endswith(".json") for n in names)
    assert "rehearsal passed" in proc.stdout


def test_rehearsal_ran_the_gate_from_the_bundle(bundle):
    _, out = bundle
    summary = (out / "rehearsal" / "out" / "summary.txt").read_text()
    assert "llava pjrt-cpu: PASS" in summary and "llava iree-cpu: PASS" in summary, summary


def test_bundle_reports_a_backend_it_cannot_run_as_unavailable(bundle, repo_dir):
    _, out = bundle
    b = out / "rehearsal" / "vlmxla-gpu-bundle"
    run = subprocess.run([str(b / "gpu_gate.sh"), "--backend", "pjrt-cuda", "--fixture", FIXTURE,
                          "--case", "no_image", "--out", str(out / "cuda")],
                         env={**os.environ, "BUNDLE_PYTHON": str(repo_dir / ".venv/bin/python")},
                         capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 1, run.stdout[-3000:]
    assert "llava pjrt-cuda: FAIL" in run.stdout
    assert "UNAVAILABLE backend pjrt-cuda" in run.stdout
