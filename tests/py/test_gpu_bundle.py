"""The GPU bundle (scripts/xla/gpu_bundle.sh), rehearsed on this CPU machine: it packs under
64 MiB the stripped binary with the libraries it needs (RPATH $ORIGIN/../lib), the wheels, the
Python packages, fixtures, oracle captures and the IREE modules its own gate runs used (not
whatever else the local cache holds); unpacked elsewhere, its
gpu_gate.sh passes with the CPU backends from the bundle alone (no iree-compile: IREE is served
by the cache's manifest) and reports a backend it cannot run as UNAVAILABLE, not passed."""

import hashlib
import json
import os
import pathlib
import subprocess
import tarfile

import pytest

FIXTURE = "tiny-llava-clip-llama"
# An IREE cache entry no gate run loads (last used long ago): the bundle must leave it behind.
UNUSED_KEY = hashlib.sha256(b"vlmxla test: an entry the bundle's gate never loads").hexdigest()


@pytest.fixture(scope="module")
def bundle(repo_dir, vlmxla_bin, tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle")
    cache = pathlib.Path(os.environ.get("VLMXLA_CACHE") or pathlib.Path.home() / ".cache/vlmxla")
    unused = [cache / "iree" / f"{UNUSED_KEY}.{ext}" for ext in ("json", "vmfb")]
    unused[0].parent.mkdir(parents=True, exist_ok=True)
    unused[0].write_text(json.dumps({"schema": 1, "key": UNUSED_KEY, "flags": []}))
    unused[1].write_bytes(b"not a module")
    for f in unused:
        os.utime(f, (946684800, 946684800))  # 2000-01-01
    try:
        proc = subprocess.run([str(repo_dir / "scripts/xla/gpu_bundle.sh"), "--out", str(out),
                               "--fixture", FIXTURE, "--rehearse"],
                              env={**os.environ, "VLMXLA_BIN": str(vlmxla_bin)},
                              capture_output=True, text=True, timeout=900, check=False)
    finally:
        for f in unused:
            f.unlink(missing_ok=True)
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
    assert not [n for n in names if UNUSED_KEY in n], "packed an IREE entry no gate run used"
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
