#!/usr/bin/env bash
# The gates from an unpacked GPU bundle (scripts/xla/gpu_bundle.sh), on a machine without network:
#   ./gpu_gate.sh [--backend NAME]... [--fixture NAME]... [--case NAME]... [--dtype D]...
#                 [--plugin SO] [--out DIR]
# Default: backends pjrt-cuda and iree-cuda, every packed fixture and case, float32. Python: the
# image's python3 with a .venv beside this script (--system-site-packages: the image's torch,
# transformers and pillow) into which the bundled wheels install offline on first use;
# $BUNDLE_PYTHON replaces both (the CPU rehearsal passes this checkout's .venv Python).
# IREE runs only what the bundle's artifact cache holds (no iree-compile travels); PJRT CUDA
# finds the image's jax-cuda13-pjrt plugin (or --plugin) and its nvidia/*/lib libraries.
# Writes DIR/<suite>-<backend>.json and DIR/summary.txt; exits 0 only when every run passed
# (a backend that cannot run here is UNAVAILABLE, and that is not a pass).
set -uo pipefail
B=$(cd "$(dirname "$0")" && pwd)
backends=() fixtures=() cases=() dtypes=() plugin="" out="${OUT:-$B/out}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --backend) backends+=("${2:-}"); shift 2 ;;
    --fixture) fixtures+=("${2:-}"); shift 2 ;;
    --case) cases+=("${2:-}"); shift 2 ;;
    --dtype) dtypes+=("${2:-}"); shift 2 ;;
    --plugin) plugin="${2:-}"; shift 2 ;;
    --out) out="${2:-}"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "gpu_gate: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ ${#backends[@]} -eq 0 ]] && backends=(pjrt-cuda iree-cuda)
[[ ${#dtypes[@]} -eq 0 ]] && dtypes=(float32)
if [[ ${#fixtures[@]} -eq 0 ]]; then
  for d in "$B"/cache/fixtures/*/; do
    n=$(basename "$d"); [[ "$n" == *-bf16 || "$n" == *-f16 ]] || fixtures+=("$n")
  done
fi
mkdir -p "$out"

PY="${BUNDLE_PYTHON:-}"
if [[ -z "$PY" ]]; then
  if [[ ! -x "$B/.venv/bin/python" ]]; then
    python3 -m venv --system-site-packages "$B/.venv" \
      && "$B/.venv/bin/python" -m pip install -q --no-index --find-links "$B/wheels" \
           iree-base-runtime openai \
      || { echo "gpu_gate: FAILED: cannot make $B/.venv from the bundled wheels" >&2; exit 2; }
  fi
  PY="$B/.venv/bin/python"
fi
export VLMXLA_CACHE="$B/cache" VLMXLA_BIN="$B/build/vlmxla" VLMXLA_PYTHON="$PY"
export PYTHONPATH="$B/python${PYTHONPATH:+:$PYTHONPATH}"
# No compiler travels: IREE serves the artifact cache through its manifest, or says what is missing.
export VLMXLA_IREE_COMPILE="${VLMXLA_IREE_COMPILE:-$B/no-iree-compile-in-the-bundle}"
# The bundled libraries (also the binary's RPATH), and the CUDA libraries of the image's pip
# nvidia-* packages, which the PJRT CUDA plugin loads.
nv=$("$PY" -c 'import glob, os, site
dirs = [d for sp in site.getsitepackages()
        for d in glob.glob(os.path.join(sp, "nvidia", "*", "lib"))]
print(":".join(dirs))' 2>/dev/null)
export LD_LIBRARY_PATH="$B/lib${nv:+:$nv}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

declare -A suite_of=()
for f in "${fixtures[@]}"; do
  case "$f" in
    tiny-llama|tiny-qwen2|tiny-qwen3|tiny-gemma3-text) suite_of[$f]=arch ;;
    tiny-qwen2-vl) suite_of[$f]=qwen2_vl ;;
    tiny-qwen2.5-vl) suite_of[$f]=qwen2_5_vl ;;
    *) suite_of[$f]=llava ;;
  esac
done
failed=0
: >"$out/summary.txt"
for suite in llava qwen2_vl qwen2_5_vl arch; do
  # The multimodal families are the llava suite with --family; the text-only one is its own.
  case "$suite" in
    arch) args=(--suite arch) ;;
    llava) args=() ;;
    *) args=(--family "$suite") ;;
  esac
  for f in "${fixtures[@]}"; do [[ "${suite_of[$f]}" == "$suite" ]] && args+=(--fixture "$f"); done
  [[ " ${suite_of[*]} " == *" $suite "* ]] || continue
  for c in "${cases[@]}"; do args+=(--case "$c"); done
  for d in "${dtypes[@]}"; do args+=(--dtype "$d"); done
  for backend in "${backends[@]}"; do
    extra=()
    [[ -n "$plugin" && "$backend" == pjrt* ]] && extra=(--plugin "$plugin")
    report="$out/$suite-$backend.json"
    (cd "$B" && "$PY" -m vlmxla_gate.gate --backend "$backend" "${args[@]}" \
       "${extra[@]}" --vlmxla "$B/build/vlmxla" --report "$report") >"$out/$suite-$backend.log" 2>&1
    rc=$?
    verdict=$([[ $rc -eq 0 ]] && echo PASS || echo FAIL)
    [[ $rc -eq 0 ]] || failed=$((failed + 1))
    counts=$(grep -E '^[0-9]+ passed' "$out/$suite-$backend.log" | tail -n1)
    line="$suite $backend: $verdict ($counts)"
    unavailable=$(grep -E '^UNAVAILABLE' "$out/$suite-$backend.log")
    echo "gpu_gate: $line"; echo "$line" >>"$out/summary.txt"
    [[ -n "$unavailable" ]] && { echo "$unavailable" | sed 's/^/gpu_gate:   /'; \
                                 echo "$unavailable" >>"$out/summary.txt"; }
  done
done
echo "gpu_gate: $failed run(s) failed; reports and logs in $out"
[[ $failed -eq 0 ]]
