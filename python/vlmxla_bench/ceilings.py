"""The machine's own ceilings, measured in the benchmark's run: a float32 matrix-multiply rate
(numpy sgemm, i.e. the BLAS numpy ships) and a memory copy bandwidth (a large array copy)."""

from __future__ import annotations

import time

import numpy as np


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


def measure(quick: bool = False) -> dict:
    if quick:
        return {"matmul_gflops": matmul_gflops(512, 2), "copy_gbps": copy_gbps(64, 2),
                "matmul_n": 512, "copy_mib": 64}
    return {"matmul_gflops": matmul_gflops(), "copy_gbps": copy_gbps(), "matmul_n": 2048,
            "copy_mib": 512}
