"""The reference gate's contract: on both CPU backends and in every compute dtype (float32,
bfloat16, float16) every stage of every case is compared with the oracle run in that dtype and
passes (greedy tokens and text exactly), expected errors match by category, the CLI and server
surfaces reproduce the greedy text, and the report has the documented shape (a "dtype" per case,
both sides' distance from the float32 reference per float stage, the greedy margin). A backend
that cannot run here is reported unavailable and the gate fails: it never passes what it could
not check. Neither does a binary that cannot run a dtype, or one that runs another dtype than
asked."""

import json
import os
import pathlib
import stat
import subprocess

import pytest

STAGE_KEYS = {"stage", "max_abs", "max_rel", "atol", "rtol", "pass"}
DTYPES = ("f32", "bf16", "f16")
FIXTURE = "tiny-llava-siglip-qwen2"
FLOAT_STAGES = ("vision_hidden_states.0", "selected_image_features", "image_features",
                "inputs_embeds", "prefill_logits", "past_key_values.1.value")


def _gate(repo_dir, vlmxla_bin, tmp_path, *args):
    report_path = tmp_path / "r.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture", FIXTURE,
         "--report", str(report_path), "--vlmxla", str(vlmxla_bin), *args],
        check=False, capture_output=True, text=True, timeout=1800)
    return proc, json.loads(report_path.read_text())


@pytest.fixture(scope="module")
def full_gate(repo_dir, vlmxla_bin, reused_gate, tmp_path_factory):
    """One run of the gate as CI runs it: every case, both CPU backends, every dtype (the
    default), surfaces on. Under scripts/test.sh, the gate step's run of the same binary."""
    return reused_gate("LLAVA", {FIXTURE}) or _gate(repo_dir, vlmxla_bin,
                                              tmp_path_factory.mktemp("gate"), "--backend", "all")


def test_a_reused_gate_report_is_this_binarys_and_keeps_one_fixture(vlmxla_bin, reused_gate,
                                                                     tmp_path, monkeypatch):
    cases = [{"model": FIXTURE, "case": "image_text"}, {"model": "other", "case": "image_text"}]
    report = {"pass": True, "cases": cases, "surfaces": [{"model": FIXTURE}, {"model": "other"}]}
    (tmp_path / "r.json").write_text(json.dumps(report))
    (tmp_path / "r.log").write_text("gate stdout")
    monkeypatch.setenv("VLMXLA_GATE_LLAVA_REPORT", str(tmp_path / "r.json"))
    monkeypatch.setenv("VLMXLA_GATE_LLAVA_LOG", str(tmp_path / "r.log"))
    proc, got = reused_gate("LLAVA", {FIXTURE})
    assert proc.returncode == 0 and proc.stdout == "gate stdout"
    assert [c["model"] for c in got["cases"]] == [FIXTURE] and len(got["surfaces"]) == 1
    # A report older than the binary is another binary's: not reused.
    old = pathlib.Path(vlmxla_bin).stat().st_mtime - 10
    os.utime(tmp_path / "r.json", (old, old))
    assert reused_gate("LLAVA", {FIXTURE}) is None
    monkeypatch.delenv("VLMXLA_GATE_LLAVA_REPORT")
    assert reused_gate("LLAVA", {FIXTURE}) is None


def test_gate_passes_on_pjrt_and_iree_in_every_dtype_with_surfaces(full_gate):
    proc, report = full_gate
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert report["pass"] is True
    assert report["first_divergence"] is None
    assert report["dtypes"] == list(DTYPES)
    cases = {(c["case"], c["backend"], c["dtype"]): c for c in report["cases"]}
    names = {"image_text", "two_images", "no_image", "malformed_placeholder", "context_overflow"}
    assert set(cases) == {(n, b, d) for n in names for b in ("pjrt-cpu", "iree-cpu")
                          for d in DTYPES}
    for (name, backend, dtype), case in cases.items():
        assert case["status"] == "pass", case
        assert case["first_divergence"] is None
        if name in ("malformed_placeholder", "context_overflow"):
            assert [s["stage"] for s in case["stages"]] == ["error"]
            assert case["greedy_margin"] is None  # nothing greedy is compared, nothing to warn
            continue
        assert case["greedy_exact"] is True
        checked = {s["stage"]: s for s in case["stages"]}
        assert all(STAGE_KEYS <= set(s) for s in case["stages"])
        assert set(checked) >= {"compute_dtype", "rendered_text", "input_ids", "position_ids",
                                "attention_mask", "inputs_embeds", "prefill_logits",
                                "past_key_values.1.value", "greedy_tokens", "greedy_text"}
        if name != "no_image":
            assert set(checked) >= {"pixel_values", "vision_hidden_states.0",
                                    "selected_image_features", "image_features"}
        assert checked["greedy_tokens"]["max_abs"] == 0
        assert checked["greedy_tokens"]["shape"] == [16]  # 16 tokens exact, in every dtype
        assert checked["input_ids"]["max_abs"] == 0
        # The computed stages are compared in the run's dtype; logits as vlmxla's f32.
        assert checked["inputs_embeds"]["dtype"] == dtype
        assert checked["prefill_logits"]["dtype"] == ("f32" if dtype == "f32" else
                                                      f"{dtype}->f32")
        margin = case["greedy_margin"]
        assert margin["min"] > 2 * margin["logits_bound"] and margin["near_tie"] is False
        for stage in FLOAT_STAGES:
            if stage not in checked:
                continue
            row = checked[stage]
            if dtype == "f32":
                assert "oracle_vs_f32" not in row
                continue
            # Reported, not gated: both sides' distance from the float32 reference.
            assert row["oracle_vs_f32"]["max_abs"] >= 0 and row["vlmxla_vs_f32"]["max_abs"] >= 0
            # Exact in both dtypes: vision layer 0 may be, and text-only embeddings are the
            # narrow table's own rows (the float32 reference loads the same narrow weights).
            if stage != "vision_hidden_states.0" and (stage, name) != ("inputs_embeds",
                                                                        "no_image"):
                assert row["oracle_vs_f32"]["max_abs"] > 0, (name, backend, dtype, stage)
    surfaces = {(s["surface"], s["backend"], s["dtype"]): s for s in report["surfaces"]}
    assert set(surfaces) == {(k, b, d) for k in ("cli", "server") for b in ("pjrt-cpu", "iree-cpu")
                             for d in DTYPES}
    for s in surfaces.values():
        assert s["status"] == "pass", s
        assert s["case"] == "image_text"
        assert s["checks"]["text_exact" if s["surface"] == "cli" else "raw_text_exact"]
        if s["surface"] == "server":
            # The repeated request equals the first bit for bit, and a cache served it: the
            # prefix cache (the prompt's whole chunks, its image included), or the image cache.
            assert s["checks"]["cached_repeat_exact"], s
            assert sum(s["repeat_cache_hits"].values()) >= 1, s
    assert report["real_checkpoint"]["status"] in ("present", "unavailable")
    assert "smallest top-1/top-2 margin along the greedy path" in proc.stdout


def test_narrow_dtypes_really_differ_from_float32(full_gate):
    """The narrow runs are not float32 runs in disguise: the oracle's narrow stages sit at a
    bf16/f16-sized distance from float32 (bf16 farther than f16), far above float32's own noise."""
    _, report = full_gate
    dist = {}
    for c in report["cases"]:
        if c["case"] == "image_text" and c["backend"] == "pjrt-cpu":
            rows = {s["stage"]: s for s in c["stages"]}
            dist[c["dtype"]] = rows
    for stage in ("image_features", "prefill_logits", "past_key_values.1.key"):
        bf16 = dist["bf16"][stage]["oracle_vs_f32"]["max_abs"]
        f16 = dist["f16"][stage]["oracle_vs_f32"]["max_abs"]
        assert bf16 > f16 > 1e-4, (stage, bf16, f16)
        assert dist["bf16"][stage]["vlmxla_vs_f32"]["max_abs"] > 1e-3


def test_a_backend_that_cannot_run_here_fails_the_gate(repo_dir, vlmxla_bin, tmp_path):
    # No GPU on this machine: every iree-cuda case is unavailable, nothing is passed.
    proc, report = _gate(repo_dir, vlmxla_bin, tmp_path, "--backend", "iree-cuda", "--case",
                         "image_text", "--no-surfaces", "--dtype", "float32")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert report["pass"] is False
    assert report["first_divergence"] is None
    assert [c["status"] for c in report["cases"]] == ["unavailable"]
    assert "UNAVAILABLE" in report["cases"][0]["detail"]


def _wrapper(tmp_path, vlmxla_bin, body: str):
    """A stand-in `vlmxla` that rewrites its arguments (bash) and runs the real one."""
    path = tmp_path / "vlmxla"
    path.write_text("#!/usr/bin/env bash\nset -u\nREAL=" + str(vlmxla_bin) + "\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_a_binary_that_runs_another_dtype_fails(repo_dir, vlmxla_bin, tmp_path):
    # Asked for bfloat16, it computes in float32: caught by the declared dtype and by every
    # stage's dtype, even though the greedy answer may well agree.
    liar = _wrapper(tmp_path, vlmxla_bin, """args=(); next=0
for a in "$@"; do
  if [ $next = 1 ]; then next=0; args+=("float32"); continue; fi
  if [ "$a" = "--dtype" ]; then next=1; fi
  args+=("$a")
done
exec "$REAL" "${args[@]}"
""")
    proc, report = _gate(repo_dir, liar, tmp_path, "--backend", "pjrt-cpu", "--case",
                         "image_text", "--no-surfaces", "--dtype", "bfloat16")
    assert proc.returncode == 1 and report["pass"] is False
    case = report["cases"][0]
    assert case["status"] == "fail" and case["first_divergence"] == "compute_dtype"
    rows = {s["stage"]: s for s in case["stages"]}
    assert "the candidate's says f32" in rows["compute_dtype"]["detail"]
    assert not rows["image_features"]["pass"] and "bf16->f32" in rows["image_features"]["detail"]


def test_pjrt_cuda_without_a_plugin_is_unavailable_and_named(repo_dir, vlmxla_bin, tmp_path):
    # No CUDA plugin is installed on this machine: the case is unavailable (not failed, never
    # passed), the detail names what was looked for, and the summary says so loudly.
    proc, report = _gate(repo_dir, vlmxla_bin, tmp_path, "--backend", "pjrt-cuda", "--case",
                         "image_text", "--dtype", "float32")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert report["pass"] is False
    [case] = report["cases"]
    assert case["status"] == "unavailable", case
    assert "jax_plugins/xla_cuda13/xla_cuda_plugin.so" in case["detail"]
    assert "pjrt_plugin_missing" in case["detail"]
    assert {s["status"] for s in report["surfaces"]} == {"unavailable"}
    assert "UNAVAILABLE backend pjrt-cuda" in proc.stdout


def test_generic_pjrt_backend_runs_the_plugin_it_is_given(repo_dir, vlmxla_bin, tmp_path):
    [plugin] = (repo_dir / ".venv" / "lib").glob(
        "python3*/site-packages/xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so")
    proc, report = _gate(repo_dir, vlmxla_bin, tmp_path, "--backend", "pjrt", "--plugin",
                         str(plugin), "--case", "no_image", "--dtype", "float32", "--no-surfaces")
    [case] = report["cases"]
    assert case["status"] == "pass", proc.stdout[-3000:]
    assert case["device_kind"] == "cpu"
    # pjrt/cpu has no committed baseline: recorded, not failed.
    [row] = report["baselines"]["cases"]
    assert row["key"] == "tiny-llava-siglip-qwen2/pjrt/cpu/no_image"
    assert row["status"] == "recorded, no baseline to compare"
    assert report["baselines"]["pass"] is True
    # --backend pjrt without a plugin is a usage error, before anything runs.
    bare = subprocess.run([str(repo_dir / "scripts/xla/validate_llava_reference.sh"),
                           "--backend", "pjrt", "--vlmxla", str(vlmxla_bin)],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={k: v for k, v in __import__("os").environ.items()
                               if k != "VLMXLA_PJRT_PLUGIN"})
    assert bare.returncode == 2 and "--plugin" in bare.stderr


def test_without_openai_the_server_surface_is_unavailable_not_a_crash(repo_dir, vlmxla_bin,
                                                                        tmp_path):
    # The GPU image may lack the openai package: the gate must not die of an ImportError.
    shim = tmp_path / "shim" / "openai"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError(\"No module named 'openai' (test)\")\n")
    import os
    env = {**os.environ, "PYTHONPATH": str(shim.parent) + os.pathsep
           + os.environ.get("PYTHONPATH", "")}
    report_path = tmp_path / "r.json"
    proc = subprocess.run(
        [str(repo_dir / "scripts/xla/validate_llava_reference.sh"), "--fixture",
         "tiny-llava-siglip-qwen2", "--report", str(report_path), "--vlmxla", str(vlmxla_bin),
         "--backend", "pjrt-cpu", "--case", "image_text", "--dtype", "float32"],
        check=False, capture_output=True, text=True, timeout=1800, env=env)
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    assert proc.returncode == 1, proc.stdout[-3000:]
    report = json.loads(report_path.read_text())
    assert [c["status"] for c in report["cases"]] == ["pass"]
    surfaces = {s["surface"]: s for s in report["surfaces"]}
    assert surfaces["cli"]["status"] == "pass"
    assert surfaces["server"]["status"] == "unavailable"
    assert surfaces["server"]["pass"] is None
    assert "openai" in surfaces["server"]["detail"]
    assert all(surfaces["server"]["checks"].values())  # the raw SSE checks still ran, and passed
    assert "UNAVAILABLE surface server" in proc.stdout
