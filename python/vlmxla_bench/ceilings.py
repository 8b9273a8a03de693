"""The machine's own ceilings, measured in the benchmark's run: a float32 matrix-multiply rate
(numpy sgemm, i.e. the BLAS numpy ships), the bfloat16 and float16 matrix-multiply rates torch
reaches on this CPU (oneDNN/MKL; on a CPU with AMX-BF16 or AVX512-BF16 that is the narrow type's
real ceiling), and a memory copy bandwidth (a large array copy).

The torch rates are measured in a child process, so torch's thread pool never lives in the
driver while the systems run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import numpy as np

# Which measured rate a row's flops are divided by, per compute dtype.
CEILING_KEY = {"float32": "matmul_gflops", "bfloat16": "matmul_gflops_bfloat16",
               "float16": "matmul_gflops_float16"}
CEILING_SOURCE = {"matmul_gflops": "numpy sgemm (float32)",
                  "matmul_gflops_bfloat16": "torch.matmul bfloat16",
                  "matmul_gflops_float16": "torch.matmul float16"}


def matmul_gflops(n: int = 2048, repeats: int = 3) -> float:
    """Best of `repeats` n x n x n float32 products, in GFLOP/s (2 n^3 flops each)."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    a @ b  # warm the BLAS threads
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - t0)
    return 2.0 * n**3 / best / 1e9


def torch_matmul_gflops(n: int, repeats: int, threads: int) -> dict:
    """{dtype: GFLOP/s} of torch n x n x n products in float32, bfloat16 and float16 (best of
    `repeats`), with torch's own version and CPU capability. A dtype the CPU has no arithmetic for
    (float16 without AVX512-FP16: ~0.4 GFLOP/s) would take minutes at n = 2048; a 256 probe that
    predicts over 5 s per product measures it at 512 instead (`n_<dtype>` says which)."""
    import torch

    torch.set_num_threads(threads)
    gen = torch.Generator().manual_seed(0)
    out = {"torch_version": torch.__version__,
           "torch_cpu_capability": torch.backends.cpu.get_cpu_capability()}
    for name in ("float32", "bfloat16", "float16"):
        dtype = getattr(torch, name)
        probe = torch.randn(256, 256, generator=gen).to(dtype)
        probe @ probe  # warm-up: oneDNN picks and JITs its kernel
        t0 = time.perf_counter()
        probe @ probe
        size = n if (time.perf_counter() - t0) * (n / 256) ** 3 <= 5.0 else min(n, 512)
        a = torch.randn(size, size, generator=gen).to(dtype)
        b = torch.randn(size, size, generator=gen).to(dtype)
        a @ b
        best = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter()
            a @ b
            best = min(best, time.perf_counter() - t0)
        out[name] = 2.0 * size**3 / best / 1e9
        out[f"n_{name}"] = size
    return out


def copy_gbps(mib: int = 512, repeats: int = 3) -> float:
    """Best of `repeats` copies of a `mib` MiB array, in GB/s counting bytes read plus bytes written
    (the STREAM 'copy' convention)."""
    src = np.ones(mib * 2**20 // 4, dtype=np.float32)
    dst = np.empty_like(src)
    np.copyto(dst, src)  # fault the pages in
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        np.copyto(dst, src)
        best = min(best, time.perf_counter() - t0)
    return 2.0 * src.nbytes / best / 1e9


def _torch_child(n: int, repeats: int) -> dict:
    threads = len(os.sched_getaffinity(0))
    proc = subprocess.run([sys.executable, "-m", "vlmxla_bench.ceilings", str(n), str(repeats),
                           str(threads)], check=True, capture_output=True, text=True)
    return json.loads(proc.stdout)


def measure(quick: bool = False) -> dict:
    n, repeats = (512, 2) if quick else (2048, 3)
    out = {"matmul_gflops": matmul_gflops(n, repeats),
           "copy_gbps": copy_gbps(64, 2) if quick else copy_gbps(),
           "matmul_n": n, "copy_mib": 64 if quick else 512}
    t = _torch_child(n, repeats)
    out.update({
        "matmul_gflops_bfloat16": t["bfloat16"],
        "matmul_gflops_float16": t["float16"],
        "torch_matmul_gflops_float32": t["float32"],
        "torch_matmul_n": {d: t.get(f"n_{d}", n) for d in ("float32", "bfloat16", "float16")},
        "torch": f"{t['torch_version']} ({t['torch_cpu_capability']})",
        "sources": CEILING_SOURCE,
    })
    return out


if __name__ == "__main__":
    # python -m vlmxla_bench.ceilings N REPEATS THREADS: the torch rates as JSON (measure() runs
    # this in a child process).
    print(json.dumps(torch_matmul_gflops(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))))
