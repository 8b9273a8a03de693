"""The compiled CUDA artifacts build on this machine (no GPU needed): every program of one fixture,
at its smallest buckets, compiles through `vlmxla compile --backend iree-cuda` (the IREE executor's
compile step) for sm_90 into a .vmfb that holds CUDA PTX for sm_90 (src/vlmxla/runtime/
iree_cuda_target.h explains the explicit target IREE 3.13 needs for Hopper)."""

import json
import os
import subprocess
import sys

import pytest
from vlmxla_gate import cuda_compile
from vlmxla_oracle import paths, testing

FIXTURE = "tiny-llava-siglip-qwen2"
PROGRAMS = {
    "vision_encode": ["--num-images", "1"],
    "prefill": ["--seq-len", "8", "--capacity", "8"],
    "decode": ["--batch", "1", "--capacity", "8"],
}


@pytest.fixture(scope="module")
def out_dir():
    path = paths.cache_dir() / "cuda" / FIXTURE
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures((FIXTURE,))[FIXTURE]


def emit(vlmxla_bin, model_dir, program, out):
    proc = subprocess.run(
        [str(vlmxla_bin), "emit", "--model", str(model_dir), "--program", program,
         *PROGRAMS[program], "--output", str(out)],
        check=False, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.mark.parametrize("program", list(PROGRAMS))
def test_program_compiles_for_sm90(vlmxla_bin, model_dir, out_dir, program):
    mlir = emit(vlmxla_bin, model_dir, program, out_dir / f"{program}.mlir")
    vmfb = out_dir / f"{program}.sm_90.vmfb"
    vmfb.unlink(missing_ok=True)
    r = cuda_compile.compile_cuda(mlir, vmfb, "sm_90", vlmxla_bin=vlmxla_bin)
    assert r.explicit_target, "IREE 3.13 has no sm_90 table entry: the explicit target is needed"
    assert vmfb.stat().st_size > 0
    assert r.markers["cuda_nvptx_format"], "no cuda-nvptx-fb executable in the vmfb"
    assert r.markers["ptx_targets"] == ["sm_90"]
    assert r.markers["ptx_entries"] >= 1
    # The module's entry survives compilation (the runtime host calls it by name).
    assert b"main" in vmfb.read_bytes()


def test_known_arch_uses_the_plain_flags(vlmxla_bin, model_dir, out_dir):
    """The fallback is only for archs IREE has no target details for: sm_80 compiles as is."""
    mlir = emit(vlmxla_bin, model_dir, "decode", out_dir / "decode.mlir")
    r = cuda_compile.compile_cuda(mlir, out_dir / "decode.sm_80.vmfb", "sm_80",
                                  vlmxla_bin=vlmxla_bin)
    assert not r.explicit_target
    assert r.markers["ptx_targets"] == ["sm_80"]


def test_cli_reports_each_module(vlmxla_bin, model_dir, repo_dir, tmp_path):
    mlir = emit(vlmxla_bin, model_dir, "decode", tmp_path / "decode.mlir")
    proc = subprocess.run(
        [sys.executable, "-m", "vlmxla_gate.cuda_compile", "--arch", "sm_90", "--vlmxla",
         str(vlmxla_bin), "--out-dir", str(tmp_path / "out"), str(mlir)],
        check=False, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(repo_dir / "python")})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    line = json.loads(proc.stdout.strip().splitlines()[-1])
    assert line["ok"] and line["ptx_targets"] == ["sm_90"] and line["bytes"] > 0
    assert line["explicit_target"]


def test_compile_errors_name_the_module(vlmxla_bin, tmp_path):
    """A module iree-compile rejects fails with vlmxla's message, naming the file and target."""
    bad = tmp_path / "bad.mlir"
    bad.write_text("module {\n  func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {\n"
                   "    return %x : tensor<2xf32>\n  }\n}\n")
    with pytest.raises(cuda_compile.CudaCompileError, match=r"(?s)bad\.mlir.*cuda:sm_90"):
        cuda_compile.compile_cuda(bad, tmp_path / "bad.vmfb", "sm_90", vlmxla_bin=vlmxla_bin,
                                  cache_dir=tmp_path / "cache")
    assert not (tmp_path / "bad.vmfb").exists()
