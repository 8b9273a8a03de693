#!/usr/bin/env bash
# The GPU gate, for a CUDA machine without network, from the copied tree alone (.venv with its
# wheels, the prebuilt build/vlmxla; fixtures are rebuilt offline into the cache if absent):
#   scripts/xla/gpu_gate.sh [--device cuda] [--arch sm_NN] [--out DIR] [--fixture NAME]...
# 1. nvidia-smi must list a GPU (else exit 3, saying so); the arch defaults to the GPU's own.
# 2. Each program of each LLaVA fixture is emitted, compiled by iree-compile for that arch
#    (python/vlmxla_gate/cuda_compile.py) and run once on the GPU through iree.runtime against
#    the same .vmfb compiled for llvm-cpu (python/vlmxla_gate/device_smoke.py).
# 3. scripts/xla/validate_llava_reference.sh --backend iree-cuda --report DIR/gpu_gate.json,
#    then --backend pjrt-cuda (the installed jax-cuda13-pjrt plugin, or $GPU_GATE_PJRT_PLUGIN)
#    --report DIR/gpu_gate_pjrt.json; a backend that cannot start is reported UNAVAILABLE.
# (On a machine with only the bundle of scripts/xla/gpu_bundle.sh, run its own gpu_gate.sh.)
# Writes DIR/gpu_gate_summary.json (DIR: --out, else $OUT, else ./gpu_gate_out); exits 0 only
# when every step passed.
set -uo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD

device=cuda arch="" out="${OUT:-$REPO/gpu_gate_out}" fixtures=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --device) device="${2:-}"; shift 2 ;;
    --arch) arch="${2:-}"; shift 2 ;;
    --out) out="${2:-}"; shift 2 ;;
    --fixture) fixtures+=("${2:-}"); shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "gpu_gate: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [[ "$device" != cuda ]]; then
  echo "gpu_gate: --device must be cuda, got '$device'" >&2; exit 2
fi
[[ ${#fixtures[@]} -eq 0 ]] && fixtures=(tiny-llava-clip-llama tiny-llava-siglip-qwen2)

# --- 1. the GPU ----------------------------------------------------------------------------
if ! command -v nvidia-smi >/dev/null 2>&1; then
  echo "gpu_gate: FAILED: no NVIDIA GPU here (nvidia-smi not found); run this on a CUDA machine" >&2
  exit 3
fi
if ! gpus=$(nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total \
            --format=csv,noheader 2>&1) || [[ -z "$gpus" ]]; then
  echo "gpu_gate: FAILED: nvidia-smi lists no usable GPU: ${gpus:-no output}" >&2
  exit 3
fi
echo "gpu_gate: GPU(s): $gpus"
if [[ -z "$arch" ]]; then
  cap=$(head -n1 <<<"$gpus" | cut -d, -f2 | tr -d ' .')
  arch="sm_$cap"
fi
[[ "$arch" =~ ^sm_[0-9]+a?$ ]] || { echo "gpu_gate: bad arch '$arch'" >&2; exit 2; }

PY="$REPO/.venv/bin/python"
BIN="${VLMXLA_BIN:-$REPO/build/vlmxla}"
export PYTHONPATH="$REPO/python${PYTHONPATH:+:$PYTHONPATH}"
for need in "$PY" "$BIN" "$REPO/.venv/bin/iree-compile"; do
  if [[ ! -x "$need" ]]; then
    echo "gpu_gate: FAILED: $need is missing (copy the built tree)" >&2; exit 2
  fi
done
mkdir -p "$out"
# GPU_GATE_IREE_DRIVER only rehearses this script on a CPU machine (e.g. local-task).
driver="${GPU_GATE_IREE_DRIVER:-cuda}"
if ! "$PY" -c "import sys, iree.runtime as rt; rt.get_device(sys.argv[1])" "$driver" \
     2>"$out/iree-device.err"; then
  echo "gpu_gate: FAILED: IREE's $driver driver cannot open the GPU:" >&2
  tail -n 3 "$out/iree-device.err" >&2
  exit 3
fi
echo "gpu_gate: arch $arch, output $out"

# --- 2. compile for the GPU's arch, run once on it -----------------------------------------
steps=()  # "name status detail"
record() { steps+=("$1|$2|$3"); printf 'gpu_gate: %-52s %s %s\n' "$1" "$2" "$3"; }

declare -A buckets=(
  [vision_encode]="--num-images 1"
  [prefill]="--seq-len 16 --capacity 32 --num-image-features 16"
  [decode]="--batch 2 --capacity 32"
)
for fixture in "${fixtures[@]}"; do
  if ! model=$("$PY" -c "import sys; from vlmxla_oracle import testing as t
print(t.ensure_fixtures((sys.argv[1],))[sys.argv[1]])" "$fixture" 2>"$out/$fixture.err"); then
    record "$fixture fixture" FAIL "$(tail -n1 "$out/$fixture.err")"; continue
  fi
  for program in vision_encode prefill decode; do
    mlir="$out/$fixture/$program.mlir"
    mkdir -p "$out/$fixture"
    # shellcheck disable=SC2086  # the bucket flags are words
    if ! "$BIN" emit --model "$model" --program "$program" ${buckets[$program]} \
         --output "$mlir" 2>"$mlir.err"; then
      record "$fixture $program emit" FAIL "$(tail -n1 "$mlir.err")"; continue
    fi
    if ! line=$("$PY" -m vlmxla_gate.cuda_compile --arch "$arch" --out-dir "$out/$fixture" \
                "$mlir" | tail -n1); then
      record "$fixture $program compile $arch" FAIL "$line"; continue
    fi
    record "$fixture $program compile $arch" PASS "$line"
    vmfb="$out/$fixture/$program.$arch.vmfb"
    if line=$("$PY" -m vlmxla_gate.device_smoke --model "$model" --mlir "$mlir" --vmfb "$vmfb" \
              --driver "$driver" --work "$out/$fixture" 2>"$mlir.run.err" | tail -n1); then
      record "$fixture $program run on $driver vs llvm-cpu" PASS "$line"
    else
      [[ -n "$line" ]] || line=$(tail -n1 "$mlir.run.err")
      record "$fixture $program run on $driver vs llvm-cpu" FAIL "$line"
    fi
  done
done

# --- 3. the reference gate on both CUDA backends ---------------------------------------------
# Reports: gpu_gate.json (iree-cuda), gpu_gate_pjrt.json (pjrt-cuda; GPU_GATE_PJRT_PLUGIN, else
# the installed plugin).
for backend in iree-cuda pjrt-cuda; do
  name=$([[ $backend == iree-cuda ]] && echo gpu_gate || echo gpu_gate_pjrt)
  gate_args=(--backend "$backend" --report "$out/$name.json")
  [[ $backend == pjrt-cuda && -n "${GPU_GATE_PJRT_PLUGIN:-}" ]] \
    && gate_args+=(--plugin "$GPU_GATE_PJRT_PLUGIN")
  for fixture in "${fixtures[@]}"; do gate_args+=(--fixture "$fixture"); done
  VLMXLA_BIN="$BIN" scripts/xla/validate_llava_reference.sh "${gate_args[@]}" \
    >"$out/$name.log" 2>&1
  rc=$?
  if [[ $rc -eq 0 ]]; then
    record "validate_llava_reference --backend $backend" PASS "report $out/$name.json"
  else
    why=$(grep -m1 '^UNAVAILABLE' "$out/$name.log")
    record "validate_llava_reference --backend $backend" FAIL "${why:-exit $rc}, see $out/$name.log"
  fi
done

# --- summary ---------------------------------------------------------------------------------
failed=0
for s in "${steps[@]}"; do [[ "$s" == *"|FAIL|"* ]] && failed=$((failed + 1)); done
"$PY" - "$out/gpu_gate_summary.json" "$arch" "$gpus" "${steps[@]}" <<'EOF'
import json, sys
path, arch, gpus, *steps = sys.argv[1:]
rows = [dict(zip(("step", "status", "detail"), s.split("|", 2))) for s in steps]
json.dump({"arch": arch, "gpus": gpus, "steps": rows}, open(path, "w"), indent=2)
EOF
echo
echo "gpu_gate: $(( ${#steps[@]} - failed ))/${#steps[@]} steps passed;" \
  "summary $out/gpu_gate_summary.json"
[[ $failed -eq 0 ]]
