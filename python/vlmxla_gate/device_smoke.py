"""Runs one emitted program on an IREE device and on the host CPU with the same inputs and
compares the results: the GPU gate's check that a CUDA .vmfb not only builds but loads and
computes what llvm-cpu computes, before (and independent of) the iree-cuda engine backend.

    python -m vlmxla_gate.device_smoke --model DIR --mlir FILE.mlir --vmfb FILE.vmfb
        [--driver cuda] [--work DIR]

FILE.mlir.json (written by `vlmxla emit`) names every parameter: weights come from the
checkpoint, inputs are seeded (ids in range, positions inside the cache, caches random).
Prints one JSON line; exits 1 when any result differs beyond atol + rtol * |cpu|.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys

import numpy as np

from . import structure

ATOL = 1e-3
RTOL = 1e-3
IREE_COMPILE = pathlib.Path(sys.executable).parent / "iree-compile"


def seeded_inputs(model_dir, signature: dict, seed: int = 0) -> list[np.ndarray]:
    """One array per @main parameter, in order."""
    from safetensors.numpy import load_file

    tc = structure.text_config(structure.load_config(model_dir))
    vocab = tc["vocab_size"]
    weights = {}
    for f in sorted(pathlib.Path(model_dir).glob("model*.safetensors")):
        weights.update(load_file(str(f)))
    rng = np.random.default_rng(seed)
    seq = next((p["dims"][0] for p in signature["params"] if p["name"] == "input_ids"), None)
    cap = next((p["dims"][1] for p in signature["params"] if p["name"].startswith("kv.")), None)
    out = []
    for p in signature["params"]:
        dims, name = tuple(p["dims"]), p["name"]
        if p["kind"] == "weight":
            w = weights[name]
            out.append(np.ascontiguousarray(w.T if p.get("transposed") else w))
        elif name == "length":
            out.append(np.array(seq, dtype=np.int32))
        elif name == "positions":
            out.append((np.arange(dims[0], dtype=np.int32) * 3) % cap)
        elif name == "feature_index":
            out.append(np.zeros(dims, dtype=np.int32))
        elif p["dtype"] == "i32":
            # Text token ids only: the image token (often vocab-1) would pick feature rows.
            out.append(rng.integers(0, min(vocab - 2, 200), size=dims, dtype=np.int32))
        else:
            out.append((0.5 * rng.standard_normal(dims)).astype(np.float32))
    return out


def run(vmfb, driver: str, args: list[np.ndarray]) -> list[np.ndarray]:
    import iree.runtime as rt

    module = rt.load_vm_flatbuffer_file(str(vmfb), driver=driver)
    results = module.main(*args)
    if not isinstance(results, (tuple, list)):
        results = (results,)
    return [np.asarray(r.to_host() if hasattr(r, "to_host") else r) for r in results]


def compile_cpu(mlir, vmfb) -> None:
    proc = subprocess.run(
        [str(IREE_COMPILE), "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=host",
         str(mlir), "-o", str(vmfb)], check=False, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"iree-compile llvm-cpu failed on {mlir}:\n{proc.stderr[-4000:]}")


def compare(model_dir, mlir, vmfb, driver: str, work: pathlib.Path) -> dict:
    mlir = pathlib.Path(mlir)
    signature = json.loads(mlir.with_name(mlir.name + ".json").read_text())
    args = seeded_inputs(model_dir, signature)
    cpu_vmfb = pathlib.Path(work) / (mlir.stem + ".llvm-cpu.vmfb")
    cpu_vmfb.parent.mkdir(parents=True, exist_ok=True)
    compile_cpu(mlir, cpu_vmfb)
    want = run(cpu_vmfb, "local-task", args)
    got = run(vmfb, driver, args)
    worst = {"name": None, "max_abs": 0.0, "excess": -np.inf}
    ok = len(got) == len(want) == len(signature["results"])
    for r, g, w in zip(signature["results"], got, want):
        if g.shape != w.shape:
            ok = False
            continue
        diff = np.abs(g.astype(np.float64) - w.astype(np.float64))
        excess = float(np.max(diff - (ATOL + RTOL * np.abs(w)))) if diff.size else -np.inf
        if excess > worst["excess"]:
            worst = {"name": r["name"], "max_abs": float(diff.max()), "excess": excess}
        ok = ok and excess <= 0 and bool(np.all(np.isfinite(g)))
    return {"program": signature["program"], "driver": driver, "ok": bool(ok),
            "results": len(got), "worst": worst["name"], "max_abs_diff": worst["max_abs"]}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m vlmxla_gate.device_smoke")
    p.add_argument("--model", required=True, type=pathlib.Path)
    p.add_argument("--mlir", required=True, type=pathlib.Path)
    p.add_argument("--vmfb", required=True, type=pathlib.Path)
    p.add_argument("--driver", default="cuda")
    p.add_argument("--work", type=pathlib.Path)
    args = p.parse_args(argv)
    result = compare(args.model, args.mlir, args.vmfb, args.driver,
                     args.work or args.vmfb.parent)
    print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
