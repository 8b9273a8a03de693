"""Compiles emitted StableHLO to a CUDA .vmfb through `vlmxla compile`; needs no GPU.

The compile step is the IREE executor's own (src/vlmxla/runtime/iree_executor.cc): the same
flags and artifact cache, and for archs IREE 3.13's CUDA table lacks (sm_90, the H100/H200:
"missing GPU target in #hal.executable.target", iree-org/iree#22147) the same explicit executable
target (src/vlmxla/runtime/iree_cuda_target.h). This module only drives it and inspects the
result: what a test needs to see that the .vmfb holds CUDA code for the arch.

    python -m vlmxla_gate.cuda_compile [--arch sm_90] [--vlmxla BIN] --out-dir DIR FILE.mlir...
prints one JSON line per module (vmfb path, arch, bytes, the markers found in it).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pathlib
import re
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[2]


class CudaCompileError(RuntimeError):
    pass


@dataclasses.dataclass
class CudaCompileResult:
    mlir: pathlib.Path
    vmfb: pathlib.Path
    arch: str
    explicit_target: bool  # True: the module carried the target (see the module docstring)
    seconds: float
    bytes: int
    markers: dict
    cached: bool = False  # True: vlmxla found the artifact in its IREE cache


def default_vlmxla_bin() -> pathlib.Path:
    """$VLMXLA_BIN, else the repository's build/vlmxla."""
    return pathlib.Path(os.environ.get("VLMXLA_BIN") or REPO / "build" / "vlmxla")


def vmfb_markers(vmfb: pathlib.Path) -> dict:
    """What shows that a .vmfb holds CUDA code: the executable format and the PTX's target."""
    data = pathlib.Path(vmfb).read_bytes()
    ptx = sorted({t.decode() for t in re.findall(rb"\.target\s+(sm_\d+a?)", data)})
    return {"cuda_nvptx_format": b"cuda-nvptx-fb" in data, "ptx_targets": ptx,
            "ptx_entries": len(re.findall(rb"\.visible \.entry ", data))}


def compile_cuda(mlir: pathlib.Path, vmfb: pathlib.Path, arch: str = "sm_90",
                 extra_flags: tuple[str, ...] = (), vlmxla_bin: pathlib.Path | None = None,
                 cache_dir: pathlib.Path | None = None) -> CudaCompileResult:
    mlir, vmfb = pathlib.Path(mlir), pathlib.Path(vmfb)
    binary = pathlib.Path(vlmxla_bin) if vlmxla_bin else default_vlmxla_bin()
    if not binary.is_file():
        raise CudaCompileError(f"no vlmxla binary at {binary} (build it, or set VLMXLA_BIN)")
    cmd = [str(binary), "compile", "--backend", "iree-cuda", "--cuda-target", arch,
           "--mlir", str(mlir), "--output", str(vmfb)]
    cmd += [f"--compile-flag={flag}" for flag in extra_flags]
    if cache_dir is not None:
        cmd += ["--cache-dir", str(cache_dir)]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, check=False, capture_output=True, text=True)
    seconds = time.monotonic() - t0
    if proc.returncode != 0:
        raise CudaCompileError(f"vlmxla compile for {arch} failed on {mlir} (exit "
                               f"{proc.returncode}):\n{proc.stderr[-4000:]}")
    try:
        line = json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError) as e:
        raise CudaCompileError(f"vlmxla compile printed no JSON line for {mlir}: "
                               f"{proc.stdout[-400:]!r}") from e
    return CudaCompileResult(mlir, vmfb, arch, bool(line["explicit_cuda_target"]), seconds,
                             vmfb.stat().st_size, vmfb_markers(vmfb), bool(line["cached"]))


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m vlmxla_gate.cuda_compile")
    p.add_argument("--arch", default="sm_90", help="CUDA arch, e.g. sm_90 (default)")
    p.add_argument("--vlmxla", type=pathlib.Path, default=None,
                   help="the vlmxla binary (default: $VLMXLA_BIN, else build/vlmxla)")
    p.add_argument("--cache-dir", type=pathlib.Path, default=None,
                   help="IREE artifact cache (default: vlmxla's, $VLMXLA_CACHE/iree)")
    p.add_argument("--out-dir", type=pathlib.Path, required=True)
    p.add_argument("mlir", nargs="+", type=pathlib.Path)
    args = p.parse_args(argv)
    status = 0
    for mlir in args.mlir:
        try:
            r = compile_cuda(mlir, args.out_dir / (mlir.stem + f".{args.arch}.vmfb"), args.arch,
                             vlmxla_bin=args.vlmxla, cache_dir=args.cache_dir)
        except CudaCompileError as e:
            print(json.dumps({"mlir": str(mlir), "arch": args.arch, "error": str(e)}))
            status = 1
            continue
        ok = r.markers["cuda_nvptx_format"] and args.arch in r.markers["ptx_targets"]
        status = status or (0 if ok else 1)
        print(json.dumps({"mlir": str(mlir), "vmfb": str(r.vmfb), "arch": r.arch, "ok": ok,
                          "explicit_target": r.explicit_target, "cached": r.cached,
                          "bytes": r.bytes,
                          "seconds": round(r.seconds, 2), **r.markers}))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
