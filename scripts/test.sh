#!/usr/bin/env bash
# The one test command: C++ unit tests (CTest), the same under ASan+UBSan and TSan with short
# fuzz runs (scripts/test_sanitizers.sh), the Python suites (pytest), which include the oracle
# parity tests, then the merge gates (LLaVA, text-only, Qwen2-VL, Qwen2.5-VL, LLaVA-NeXT,
# LLaVA-OneVision), natively and, on an AVX-512 machine, once more in float32 held to AVX2.
# Generated fixtures go to $VLMXLA_CACHE (default ~/.cache/vlmxla).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ] || [ ! -d build ]; then
  echo "[test] no .venv or build/: run scripts/setup.sh first" >&2
  exit 2
fi
ninja -C build
echo "[test] +${SECONDS}s Python lint (ruff check, ruff.toml)"
.venv/bin/ruff check python tests/py
echo "[test] +${SECONDS}s C++ format (scripts/format.sh --check)"
scripts/format.sh --check
echo "[test] +${SECONDS}s C++ unit tests (ctest)"
(cd build && ctest --output-on-failure -j2)
scripts/test_sanitizers.sh
echo "[test] +${SECONDS}s the LLaVA merge gate on both CPU backends (build/gate-llava.json; test_gate.py checks it)"
scripts/xla/validate_llava_reference.sh --backend all --report build/gate-llava.json |
  tee build/gate-llava.log
echo "[test] +${SECONDS}s the text-only merge gate on both CPU backends (build/gate-arch.json; test_arch.py checks it)"
scripts/xla/validate_arch.sh --backend all --report build/gate-arch.json | tee build/gate-arch.log
echo "[test] +${SECONDS}s Python tests (pytest)"
VLMXLA_GATE_LLAVA_REPORT=$PWD/build/gate-llava.json VLMXLA_GATE_LLAVA_LOG=$PWD/build/gate-llava.log \
  VLMXLA_GATE_ARCH_REPORT=$PWD/build/gate-arch.json VLMXLA_GATE_ARCH_LOG=$PWD/build/gate-arch.log \
  .venv/bin/python -m pytest tests/py --durations=25 "$@"
# The other gates run in one Python process (vlmxla_gate.sequence: each run keeps its own output,
# report and exit code; torch and the openai client are imported once, not once per gate).
echo "[test] +${SECONDS}s the other merge gates on both CPU backends, and quantized weights: the text-only gate with --weights int8 (tiny-qwen2, float32, both CPU backends) (reports in build/)"
gates=("--family qwen2_vl --backend all --report build/gate-qwen2-vl.json"
       "--family qwen2_5_vl --backend all --report build/gate-qwen2.5-vl.json"
       "--family qwen3_vl --backend all --report build/gate-qwen3-vl.json")
for family in llava_next llava_onevision gemma3; do
  gates+=("--family $family --backend all --report build/gate-$family.json")
done
gates+=("--suite arch --fixture tiny-qwen2 --dtype float32 --case no_image --backend all --weights int8 --report build/gate-arch-int8.json")
.venv/bin/python -m vlmxla_gate.sequence "${gates[@]}"
# The AVX2 leg: on a machine with AVX-512, every gate once more in float32 with torch, XLA and
# IREE held to AVX2 (VLMXLA_MAX_ISA, python/vlmxla_oracle/isa.py), so CI proves what an AVX2-only
# machine computes. float32 alone: its bounds are the tight ones (float32's own noise, which
# differs by ISA); the narrow dtypes' are ~10^4 times wider than that difference. On an AVX2-only
# machine the runs above already are this leg.
if grep -q ' avx512f' /proc/cpuinfo; then
  echo "[test] +${SECONDS}s the AVX2 leg: every gate in float32 under VLMXLA_MAX_ISA=avx2 (reports in build/)"
  export VLMXLA_MAX_ISA=avx2
  gates=("--backend all --dtype float32 --report build/gate-llava-avx2.json"
         "--suite arch --backend all --dtype float32 --report build/gate-arch-avx2.json")
  for family in qwen2_vl qwen2_5_vl qwen3_vl llava_next llava_onevision gemma3; do
    gates+=("--family $family --backend all --dtype float32 --report build/gate-$family-avx2.json")
  done
  .venv/bin/python -m vlmxla_gate.sequence "${gates[@]}"
  unset VLMXLA_MAX_ISA
fi
echo "[test] +${SECONDS}s all passed"
