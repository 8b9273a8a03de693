"""Compiler-flag presets for the benchmark's extra rows (`--extra BACKEND:DTYPE:STORED[:PRESET]`):
the same `vlmxla bench` run with XLA_FLAGS set (PJRT) or with extra iree-compile flags (IREE).

vlmxla takes no compile flags for its engine programs, so an IREE preset runs them through a small
wrapper of iree-compile ($VLMXLA_IREE_COMPILE) that appends the flags. The wrapper's `--version`
names them too, so the engine's artifact cache (keyed by the compiler version) never hands a preset
a module compiled without its flags, or the plain run one compiled with them.
"""

from __future__ import annotations

import os
import pathlib
import shlex
import sys

XLA_PRESETS = {
    # oneDNN (XLA's oneDNN fusion thunks) for dots; bf16 dots run on AMX/AVX512-BF16 there.
    "xla-onednn-dot": "--xla_cpu_experimental_onednn_fusion_type=dot",
    # XNNPACK / YNNPACK fusions for dots.
    "xla-xnn-dot": "--xla_cpu_experimental_xnn_fusion_type=dot",
    "xla-ynn-dot": "--xla_cpu_experimental_ynn_fusion_type=dot",
    # XLA's previous CPU runtime (one compiled function instead of thunks), where still present.
    "xla-legacy-runtime": "--xla_cpu_use_thunk_runtime=false",
    # The older oneDNN rewriter (custom calls), where this plugin still has it.
    "xla-onednn-custom-call": "--xla_cpu_use_onednn=true "
                              "--xla_cpu_experimental_onednn_custom_call=true",
}
IREE_PRESETS = {
    "iree-ukernels-all": ["--iree-llvmcpu-enable-ukernels=all"],
    "iree-data-tiling": ["--iree-opt-data-tiling"],
    "iree-data-tiling-ukernels": ["--iree-opt-data-tiling", "--iree-llvmcpu-enable-ukernels=all"],
    # For contrast: every bf16 op widened to f32 before IREE's global optimizations.
    "iree-promote-bf16": ["--iree-input-promote-bf16-to-f32"],
}
# Engine modes chosen by an environment variable.
ENV_PRESETS = {
    # iree-cpu: weights as parameter globals from the checkpoint's files, packed once per module,
    # every program data-tiled (docs/design.md, "IREE weights as parameters").
    "iree-parameters": {"VLMXLA_IREE_PARAMETERS": "on"},
}
PRESETS = sorted([*XLA_PRESETS, *IREE_PRESETS, *ENV_PRESETS])


def iree_wrapper(work: pathlib.Path, preset: str) -> pathlib.Path:
    """An executable that runs the venv's iree-compile with the preset's flags appended."""
    real = pathlib.Path(sys.executable).parent / "iree-compile"
    flags = " ".join(shlex.quote(f) for f in IREE_PRESETS[preset])
    path = work / f"iree-compile-{preset}"
    path.write_text(
        "#!/usr/bin/env bash\n"
        f"# vlmxla_bench preset {preset}: {flags}\n"
        'if [ "${1:-}" = "--version" ]; then\n'
        f"  {shlex.quote(str(real))} --version; echo 'vlmxla_bench extra flags: {flags}'; exit\n"
        "fi\n"
        f'exec {shlex.quote(str(real))} "$@" {flags}\n',
        encoding="utf-8")
    path.chmod(0o755)
    return path


def environment(preset: str | None, work: pathlib.Path) -> dict:
    """The environment variables a preset sets (none without one)."""
    if not preset:
        return {}
    if preset in XLA_PRESETS:
        flags = (os.environ.get("XLA_FLAGS", "") + " " + XLA_PRESETS[preset]).strip()
        return {"XLA_FLAGS": flags}
    if preset in IREE_PRESETS:
        return {"VLMXLA_IREE_COMPILE": str(iree_wrapper(work, preset))}
    if preset in ENV_PRESETS:
        return dict(ENV_PRESETS[preset])
    raise ValueError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")


def describe(preset: str | None) -> str:
    if not preset:
        return ""
    if preset in XLA_PRESETS:
        return "XLA_FLAGS=" + XLA_PRESETS[preset]
    if preset in ENV_PRESETS:
        return " ".join(f"{k}={v}" for k, v in ENV_PRESETS[preset].items())
    return "iree-compile " + " ".join(IREE_PRESETS[preset])
