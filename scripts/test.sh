#!/usr/bin/env bash
# The one test command: C++ unit tests (CTest), the same under ASan+UBSan and TSan with short
# fuzz runs (scripts/test_sanitizers.sh), the merge gates (LLaVA, text-only, Qwen2-VL, Qwen2.5-VL,
# Qwen3-VL, LLaVA-NeXT, LLaVA-OneVision, Gemma 3, int8, w8a8 and w4a8 weights), natively and, on an AVX-512
# machine, once more in float32 held to AVX2, then the Python suites (pytest), which include the
# oracle parity tests and reuse the LLaVA and text-only gates' reports.
# Generated fixtures go to $VLMXLA_CACHE (default ~/.cache/vlmxla).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ] || [ ! -d build ]; then
  echo "[test] no .venv or build/: run scripts/setup.sh first" >&2
  exit 2
fi
# Each step's line says when it began and the CPU seconds the steps before it used (the
# children's user + system time, bash's `times`): against the wall time, how much of the two
# cores each step kept busy (docs/testing.md).
step() {
  times >build/.test-times  # in this shell: a command substitution's subshell would count none
  local cpu
  cpu=$(awk 'END {split($1, u, "m"); split($2, s, "m"); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2]}' build/.test-times)
  echo "[test] +${SECONDS}s (CPU ${cpu}s) $*"
}
ninja -C build
step "Python lint (ruff check, ruff.toml)"
.venv/bin/ruff check python tests/py
step "C++ format (scripts/format.sh --check)"
scripts/format.sh --check
step "C++ unit tests (ctest)"
(cd build && ctest --output-on-failure -j2)
scripts/test_sanitizers.sh
# The merge gates, in two lanes side by side: each gate process keeps about one core busy (its
# own CPU seconds over its wall time, docs/testing.md), so two lanes use both cores. Lane A: the
# LLaVA and the text-only gates, whose reports pytest reuses (test_gate.py, test_arch.py), then the
# AVX2 leg. Lane B: the other families and the quantized-weights gate. A lane stops at its first
# failing gate; the script waits for both and fails if either did. Each lane's output goes to
# build/gate-lane-{a,b}.log and is printed whole when both are done.
gate_lane_a() {
  echo "[lane A] the LLaVA merge gate on both CPU backends (build/gate-llava.json; test_gate.py checks it)"
  scripts/xla/validate_llava_reference.sh --backend all --report build/gate-llava.json |
    tee build/gate-llava.log
  echo "[lane A] the text-only merge gate on both CPU backends (build/gate-arch.json; test_arch.py checks it)"
  scripts/xla/validate_arch.sh --backend all --report build/gate-arch.json | tee build/gate-arch.log
  # The AVX2 leg: on a machine with AVX-512, every gate once more in float32 with torch, XLA and
  # IREE held to AVX2 (VLMXLA_MAX_ISA, python/vlmxla_oracle/isa.py), so CI proves what an
  # AVX2-only machine computes. float32 alone: its bounds are the tight ones (float32's own noise,
  # which differs by ISA); the narrow dtypes' are ~10^4 times wider than that difference. On an
  # AVX2-only machine the runs above already are this leg. Where the machine has CPUID faulting
  # the leg also poses as an AVX2 CPU (scripts/as_cpu.sh), so the libraries the flags do not
  # reach (XLA's YNNPACK and Eigen kernels, IREE's runtime microkernels, vlmxla's host kernels)
  # take their AVX2 code too.
  if grep -q ' avx512f' /proc/cpuinfo; then
    local pose=()
    if grep -qw cpuid_fault /proc/cpuinfo && [ -f build/libvlmxla_cpuid_mask.so ]; then
      pose=(scripts/as_cpu.sh x86-64-v3)
    fi
    echo "[lane A] the AVX2 leg: every gate in float32 under VLMXLA_MAX_ISA=avx2" \
      "${pose[*]:+posed as x86-64-v3 by scripts/as_cpu.sh }(reports in build/)"
    local gates=("--backend all --dtype float32 --report build/gate-llava-avx2.json"
                 "--suite arch --backend all --dtype float32 --report build/gate-arch-avx2.json")
    for family in qwen2_vl qwen2_5_vl qwen3_vl llava_next llava_onevision gemma3; do
      gates+=("--family $family --backend all --dtype float32 --report build/gate-$family-avx2.json")
    done
    VLMXLA_MAX_ISA=avx2 "${pose[@]}" .venv/bin/python -m vlmxla_gate.sequence "${gates[@]}"
  fi
}
# The other gates run in one Python process (vlmxla_gate.sequence: each run keeps its own output,
# report and exit code; torch and the openai client are imported once, not once per gate).
gate_lane_b() {
  echo "[lane B] the other merge gates on both CPU backends, and quantized weights: the text-only gate with --weights int8, w8a8 and w4a8 (tiny-qwen2, float32, both CPU backends) (reports in build/)"
  local gates=("--family qwen2_vl --backend all --report build/gate-qwen2-vl.json"
               "--family qwen2_5_vl --backend all --report build/gate-qwen2.5-vl.json"
               "--family qwen3_vl --backend all --report build/gate-qwen3-vl.json")
  for family in llava_next llava_onevision gemma3; do
    gates+=("--family $family --backend all --report build/gate-$family.json")
  done
  gates+=("--suite arch --fixture tiny-qwen2 --dtype float32 --case no_image --backend all --weights int8 --report build/gate-arch-int8.json")
  gates+=("--suite arch --fixture tiny-qwen2 --dtype float32 --case no_image --backend all --weights w8a8 --report build/gate-arch-w8a8.json")
  gates+=("--suite arch --fixture tiny-qwen2 --dtype float32 --case no_image --backend all --weights w4a8 --report build/gate-arch-w4a8.json")
  .venv/bin/python -m vlmxla_gate.sequence "${gates[@]}"
}
step "the merge gates in two lanes (lane A: LLaVA, text-only, AVX2 leg; lane B: the other families, int8, w8a8, w4a8)"
gate_lane_a >build/gate-lane-a.log 2>&1 &
lane_a=$!
gate_lane_b >build/gate-lane-b.log 2>&1 &
lane_b=$!
status_a=0 status_b=0
wait "$lane_a" || status_a=$?
step "lane A finished (exit $status_a)"
wait "$lane_b" || status_b=$?
step "lane B finished (exit $status_b)"
for lane in a b; do
  echo "----- build/gate-lane-$lane.log -----"
  cat "build/gate-lane-$lane.log"
done
if ((status_a || status_b)); then
  echo "[test] a merge gate failed: lane A exit $status_a, lane B exit $status_b (logs above)" >&2
  exit 1
fi
step "Python tests (pytest, one worker per core, a test file per worker at a time)"
export VLMXLA_GATE_LLAVA_REPORT=$PWD/build/gate-llava.json VLMXLA_GATE_LLAVA_LOG=$PWD/build/gate-llava.log
export VLMXLA_GATE_ARCH_REPORT=$PWD/build/gate-arch.json VLMXLA_GATE_ARCH_LOG=$PWD/build/gate-arch.log
.venv/bin/python -m pytest tests/py -n "${VLMXLA_PYTEST_WORKERS:-$(nproc)}" --dist loadfile \
  -m "not alone" --durations=25 "$@"
step "Python tests that want the machine to themselves (pytest -m alone, pytest.ini)"
status=0
.venv/bin/python -m pytest tests/py -m alone "$@" || status=$?
((status == 0 || status == 5)) || exit "$status"  # 5: arguments that select none of them
step "all passed"
