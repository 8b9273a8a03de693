"""`--dtype auto` reads the CPU the backend compiles for: a bfloat16 checkpoint computes
in bfloat16 only where the CPU multiplies bf16 natively (AVX512_BF16 or AMX), else in float32,
its weights kept bf16 where the backend's host kernel streams them (pjrt-cpu) and widened as they
upload elsewhere; the start line names the ISA and why. The ISA is forced the way a user would
(XLA_FLAGS --xla_cpu_max_isa=AVX2 for pjrt-cpu, --iree-cpu-target x86-64-v3 for iree-cpu), and
by posing as an AVX2 CPU where the machine allows it (scripts/as_cpu.sh: every library in the
process sees AVX2). On AVX2 the answer then equals an explicit --dtype float32 run's, token for
token."""

import os
import pathlib
import subprocess

import pytest
from vlmxla_oracle import isa, testing

REPO = pathlib.Path(__file__).resolve().parents[2]
# backend -> (its flags, its environment, a command prefix, the backend flag)
CAPS = {"pjrt-cpu": ([], {"XLA_FLAGS": "--xla_cpu_max_isa=AVX2"}, [], "pjrt-cpu"),
        "iree-cpu": (["--iree-cpu-target", "x86-64-v3"], {}, [], "iree-cpu"),
        "pjrt-cpu posed as x86-64-v3": ([], {}, [str(REPO / "scripts" / "as_cpu.sh"), "x86-64-v3"],
                                        "pjrt-cpu")}
# How each backend holds a bf16 checkpoint's weights when auto computes it in float32.
WEIGHTS_SAID = {"pjrt-cpu": "stream them through the host kernel",
                "iree-cpu": "widened to float32 as they upload"}


def _can_pose() -> bool:
    try:
        return " cpuid_fault" in pathlib.Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return False


@pytest.fixture(scope="module")
def bf16_model():
    return testing.ensure_fixtures(("tiny-qwen2",), "bfloat16")["tiny-qwen2"]


def _run(vlmxla_bin, model, backend, args, env_extra, dtype, prefix=()):
    env = isa.child_env("")  # no cap of the suite's own: each run sets its own
    env.update(env_extra)
    proc = subprocess.run([*prefix, str(vlmxla_bin), "run", "--model", str(model), "--backend",
                           backend,
                           "--prompt", "Name three colours.", "--max-tokens", "8", "--dtype", dtype,
                           *args], capture_output=True, text=True, timeout=600, env=env,
                          check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    start = next((line for line in proc.stderr.splitlines() if "compute dtype" in line), "")
    return proc.stdout, start


@pytest.mark.parametrize("case", sorted(CAPS))
def test_auto_computes_bf16_in_float32_on_avx2(case, bf16_model, vlmxla_bin):
    args, env, prefix, backend = CAPS[case]
    if prefix and not _can_pose():
        pytest.skip("unavailable: no CPUID faulting (cpuid_fault) here, so scripts/as_cpu.sh "
                    "cannot pose as an AVX2 CPU; the XLA_FLAGS case covers pjrt-cpu")
    text, start = _run(vlmxla_bin, bf16_model, backend, args, env, "auto", prefix)
    assert "compute dtype float32 (auto: the checkpoint is bfloat16" in start, start
    assert "is AVX2 (" in start and "no bfloat16 dot instructions" in start, start
    assert WEIGHTS_SAID[backend] in start, start
    if prefix:  # the CPU itself reads as AVX2, not a flag
        assert "is AVX2 (this CPU)" in start, start
    f32_text, f32_start = _run(vlmxla_bin, bf16_model, backend, args, env, "float32", prefix)
    assert "compute dtype float32 (--dtype)" in f32_start, f32_start
    assert text == f32_text and text.strip()
    # The flag keeps bf16 on any CPU.
    _, bf16_start = _run(vlmxla_bin, bf16_model, backend, args, env, "bfloat16", prefix)
    assert "compute dtype bfloat16 (--dtype)" in bf16_start, bf16_start


@pytest.mark.parametrize("backend", ["pjrt-cpu", "iree-cpu"])
def test_auto_keeps_bf16_where_the_cpu_has_bf16_products(backend, bf16_model, vlmxla_bin):
    if not isa.bf16_dot():
        pytest.skip("unavailable: this CPU has no AVX512_BF16 or AMX "
                    f"({os.environ.get(isa.ENV) or 'no cap'}); the AVX2 case above runs instead")
    _, start = _run(vlmxla_bin, bf16_model, backend, [], {}, "auto")
    assert "compute dtype bfloat16 (auto:" in start, start
    # AMX (Sapphire Rapids and later) is named too: runtime/cpu_isa.cc.
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        amx = " amx_bf16" in f.read()
    assert f"CPU AVX-512 with BF16{' and AMX' if amx else ''} (this CPU)" in start, start
