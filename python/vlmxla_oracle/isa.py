"""The instruction set the oracle and vlmxla may use: the machine's own, or AVX2 at most.

Torch (its ATen kernels, MKL's GEMMs, oneDNN) and both compilers (XLA's CPU backend, IREE's
llvm-cpu) pick kernels by the CPU they run on, so float32 rounding noise differs between an
AVX-512 machine and an AVX2-only one. `VLMXLA_MAX_ISA=avx2` holds every one of them to AVX2 on a
machine that has more, so an AVX-512 machine can rehearse what an AVX2-only one computes:

- the oracle: ATen's dispatch (ATEN_CPU_CAPABILITY), MKL (MKL_ENABLE_INSTRUCTIONS) and oneDNN
  (ONEDNN_MAX_CPU_ISA), set in this process's environment before torch is imported (importing
  vlmxla_oracle does it) and inherited by every child;
- vlmxla on pjrt-cpu: XLA's `--xla_cpu_max_isa=AVX2` (in XLA_FLAGS, which the plugin reads);
- vlmxla on iree-cpu: `--iree-cpu-target x86-64-v3` (AVX2 + FMA) instead of the host CPU.

Generated captures and gate work directories carry the cap in their names (`tag`), so a capped run
never reuses, or overwrites, a native one.
"""

from __future__ import annotations

import os
import pathlib

ENV = "VLMXLA_MAX_ISA"
CAPS = ("avx2",)
# What each cap sets in the environment, where the variable is not already set.
_TORCH_ENV = {"avx2": {"ATEN_CPU_CAPABILITY": "avx2", "MKL_ENABLE_INSTRUCTIONS": "AVX2",
                       "ONEDNN_MAX_CPU_ISA": "AVX2"}}
_XLA_FLAG = {"avx2": "--xla_cpu_max_isa=AVX2"}
_IREE_CPU = {"avx2": "x86-64-v3"}


class IsaError(ValueError):
    pass


def cap() -> str:
    """The cap in force ("" for the machine's own ISA); an unknown value is an error."""
    value = os.environ.get(ENV, "").strip().lower()
    if value in ("", "native"):
        return ""
    if value not in CAPS:
        raise IsaError(f"{ENV}={value!r}: known caps are {', '.join(CAPS)} (or native)")
    return value


def tag() -> str:
    """A suffix for cache directory names: "" natively, "-avx2" under the cap."""
    c = cap()
    return f"-{c}" if c else ""


def apply() -> None:
    """Puts the cap's torch variables into the environment (before torch is imported) and XLA's
    flag into XLA_FLAGS, so this process and its children honour it."""
    c = cap()
    if not c:
        return
    for key, value in _TORCH_ENV[c].items():
        os.environ.setdefault(key, value)
    flags = os.environ.get("XLA_FLAGS", "")
    if "--xla_cpu_max_isa" not in flags:
        os.environ["XLA_FLAGS"] = f"{flags} {_XLA_FLAG[c]}".strip()


def child_env(cap_: str) -> dict[str, str]:
    """This process's environment for a child held to `cap_` ("" for the machine's own ISA): the
    variables any cap sets are dropped, so the child's own cap alone decides (apply)."""
    env = dict(os.environ)
    env.pop(ENV, None)
    for variables in _TORCH_ENV.values():
        for key in variables:
            env.pop(key, None)
    if "XLA_FLAGS" in env:
        flags = [f for f in env["XLA_FLAGS"].split() if not f.startswith("--xla_cpu_max_isa")]
        env["XLA_FLAGS"] = " ".join(flags)
    if cap_:
        env[ENV] = cap_
    return env


def host_has_avx512() -> bool:
    try:
        return " avx512f" in open("/proc/cpuinfo", encoding="utf-8").read()
    except OSError:
        return False


def bf16_dot() -> bool:
    """Whether vlmxla's CPU backends multiply bfloat16 natively here: AVX-512 with its BF16
    extension, or AMX, and no cap. Where not, `vlmxla --dtype auto` computes a bfloat16
    checkpoint in float32 (engine/precision.cc, runtime/cpu_isa.cc), and the oracle that checks
    it runs in float32 too."""
    if cap():
        return False
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return False
    flags = next((line.split(":", 1)[1].split() for line in text.splitlines()
                  if line.startswith("flags")), [])
    avx512 = {"avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512dq", "avx512vl"} <= set(flags)
    return (avx512 and "avx512_bf16" in flags) or {"amx_bf16", "amx_tile"} <= set(flags)


def vlmxla_auto_dtype(stored: str) -> str:
    """The compute dtype `vlmxla --dtype auto` picks for a checkpoint stored (and declared) as
    `stored` on a CPU backend here: the stored one, except bfloat16 without native bf16 products."""
    return "float32" if stored == "bfloat16" and not bf16_dot() else stored


def vlmxla_args(backend: str) -> list[str]:
    """The flags that hold a vlmxla run on `backend` to the cap (iree-cpu's target CPU)."""
    c = cap()
    return ["--iree-cpu-target", _IREE_CPU[c]] if c and backend == "iree-cpu" else []


def describe() -> str:
    """What the oracle runs with here: torch's CPU capability and the cap."""
    import torch

    return f"torch {torch.backends.cpu.get_cpu_capability()}" + (f" (cap {cap()})" if cap() else "")
