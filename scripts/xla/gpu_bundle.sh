#!/usr/bin/env bash
# Packs what a CUDA machine without network needs to run the gates, into one tarball of at most
# --max-mib MiB (default 64):
#   scripts/xla/gpu_bundle.sh [--out DIR] [--wheels DIR] [--fixture NAME]... [--max-mib N]
#                             [--precompile-cuda ARCH] [--rehearse]
#   build/vlmxla       the binary, stripped, RPATH $ORIGIN/../lib (patchelf, DT_RPATH so the
#                      libraries' own dependencies resolve there too)
#   lib/               every shared library it links (ldd) except glibc's and the compiler
#                      runtime's, which any Ubuntu 24.04 CUDA image has in a newer version
#   python/, scripts/  the gate, the oracle and the IREE runtime host (vlmxla_gate, vlmxla_oracle,
#                      vlmxla_iree) and the gate scripts
#   wheels/            iree-base-runtime and openai with their pure-Python needs, for cp312
#                      (from --wheels DIR, else `pip download`; numpy comes with the image's torch)
#   cache/             the fixtures (each dtype variant), the test images, the oracle captures the
#                      gate made here (reused there: same model, case and inputs), and the IREE
#                      modules with their manifest entries (read without iree-compile) that this
#                      script's gate runs (--precompile-cuda, --rehearse) loaded or compiled
#   gpu_gate.sh        the run script (scripts/xla/bundle_gate.sh): see its header
#   MANIFEST.txt       what is inside, sizes, where it was built, what could not be packed
# --precompile-cuda sm_90: first runs both gates' float32 cases and surfaces here on iree-cpu
# with VLMXLA_IREE_ALSO_COMPILE_CUDA=sm_90, so every module iree-cuda will ask for on the target
# is compiled for it into the cache that travels (minutes; no GPU needed).
# --rehearse: after packing, unpack into DIR/rehearsal and run its gpu_gate.sh with the CPU
# backends on one fixture and case (the Python of this checkout's .venv standing in for the
# image's), and check the bundle's size and contents. Exits non-zero when any check fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD

out="$REPO/build-bundle" wheels="" max_mib=64 rehearse=0 precompile="" fixtures=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) out="${2:-}"; shift 2 ;;
    --wheels) wheels="${2:-}"; shift 2 ;;
    --fixture) fixtures+=("${2:-}"); shift 2 ;;
    --max-mib) max_mib="${2:-}"; shift 2 ;;
    --rehearse) rehearse=1; shift ;;
    --precompile-cuda) precompile="${2:-}"; shift 2 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "gpu_bundle: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
# Default: every fixture of every gate.
[[ ${#fixtures[@]} -eq 0 ]] && fixtures=(tiny-llava-clip-llama tiny-llava-siglip-qwen2
                                         tiny-qwen2-vl tiny-qwen2.5-vl tiny-llama tiny-qwen2
                                         tiny-qwen3 tiny-gemma3-text)
# The gate script (and its family) that runs a fixture.
gate_of() {
  case "$1" in
    tiny-llama|tiny-qwen2|tiny-qwen3|tiny-gemma3-text) echo validate_arch.sh ;;
    tiny-qwen2-vl) echo "validate_vlm_reference.sh --family qwen2_vl" ;;
    tiny-qwen2.5-vl) echo "validate_vlm_reference.sh --family qwen2_5_vl" ;;
    *) echo validate_llava_reference.sh ;;
  esac
}
# Its suite's name in the bundle's gpu_gate.sh reports (out/<suite>-<backend>.json).
suite_of() {
  case "$1" in
    tiny-llama|tiny-qwen2|tiny-qwen3|tiny-gemma3-text) echo arch ;;
    tiny-qwen2-vl) echo qwen2_vl ;;
    tiny-qwen2.5-vl) echo qwen2_5_vl ;;
    *) echo llava ;;
  esac
}
PY="$REPO/.venv/bin/python"
BIN="${VLMXLA_BIN:-$REPO/build/vlmxla}"
CACHE="${VLMXLA_CACHE:-$HOME/.cache/vlmxla}"
fail() { echo "gpu_bundle: FAILED: $*" >&2; exit 1; }
[[ -x "$BIN" ]] || fail "no vlmxla binary at $BIN (set VLMXLA_BIN)"
[[ -x "$PY" ]] || fail "no $PY (scripts/setup.sh)"
mkdir -p "$out" || fail "mkdir $out"

# The IREE modules that travel are those this script's own gate runs (below) loaded or compiled:
# each run marks what it used (the cache's least-recently-used time), and what is newer than this
# mark is packed. Anything else the local cache holds (other fixtures, other flags, earlier
# sessions) stays here, so the bundle's size does not grow with the cache's history.
used_mark="$out/.iree-used-since"
touch -d "@$(( $(date +%s) - 1 ))" "$used_mark" || fail "touch $used_mark"

if [[ $rehearse -eq 1 ]]; then
  # What the rehearsal runs must be in the cache: the oracle's captures and IREE's artifacts
  # (with their manifest entries) of one case, made here by the gate on the CPU backends, its
  # surfaces included (they run the programs without taps, which validate never compiles).
  read -r gate family_args <<<"$(gate_of "${fixtures[0]}")"
  # shellcheck disable=SC2086  # family_args is empty or "--family NAME"
  VLMXLA_BIN="$BIN" "$REPO/scripts/xla/$gate" $family_args --backend all \
    --fixture "${fixtures[0]}" --case image_text --dtype float32 \
    --vlmxla "$BIN" >"$out/prepare.log" 2>&1
  grep -q ' passed, 0 failed' "$out/prepare.log" || fail "the gate here failed ($out/prepare.log)"
fi

if [[ -n "$precompile" ]]; then
  [[ "$precompile" =~ ^sm_[0-9]+a?$ ]] || fail "bad --precompile-cuda '$precompile'"
  for f in "${fixtures[@]}"; do
    read -r gate family_args <<<"$(gate_of "$f")"
    # A throwaway baseline file: the cuda compiles count in the iree-cpu compile times.
    # shellcheck disable=SC2086  # family_args is empty or "--family NAME"
    VLMXLA_IREE_ALSO_COMPILE_CUDA="$precompile" VLMXLA_BIN="$BIN" "$REPO/scripts/xla/$gate" \
      $family_args \
      --backend iree-cpu --fixture "$f" --dtype float32 --vlmxla "$BIN" \
      --baselines "$out/precompile-baselines.json" >"$out/precompile-$f.log" 2>&1 \
      || fail "precompiling $f for $precompile ($out/precompile-$f.log)"
  done
fi

stage="$out/vlmxla-gpu-bundle"
rm -rf "$stage" && mkdir -p "$stage"/{build,lib,python,scripts/xla,wheels,cache} || fail "mkdir"
notes=()

# --- the binary and the libraries it needs ------------------------------------------------
cp "$BIN" "$stage/build/vlmxla" && strip --strip-unneeded "$stage/build/vlmxla" \
  || fail "strip $BIN"
# Left to the image: the C library, the dynamic loader and the compiler runtime (Ubuntu 24.04's
# are newer than Debian 12's, and a binary may not bring its own glibc).
core='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|libpthread\.so|librt\.so'
core+='|libstdc\+\+\.so|libgcc_s\.so)'
while read -r name path; do
  [[ -z "$path" || "$name" =~ $core ]] && continue
  cp -L "$path" "$stage/lib/$name" || fail "copy $path"
done < <(ldd "$BIN" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}')
if command -v patchelf >/dev/null 2>&1; then
  patchelf --force-rpath --set-rpath '$ORIGIN/../lib' "$stage/build/vlmxla" || fail "patchelf"
else
  notes+=("patchelf missing: no RPATH set; gpu_gate.sh puts lib/ on LD_LIBRARY_PATH instead")
fi

# --- Python packages and scripts ------------------------------------------------------------
for pkg in vlmxla_gate vlmxla_oracle vlmxla_iree; do
  cp -r "$REPO/python/$pkg" "$stage/python/" || fail "copy python/$pkg"
done
find "$stage/python" -name __pycache__ -prune -exec rm -rf {} +
cp "$REPO/scripts/xla/validate_llava_reference.sh" "$REPO/scripts/xla/validate_arch.sh" \
  "$REPO/scripts/xla/validate_vlm_reference.sh" "$stage/scripts/xla/" || fail "copy scripts"
cp "$REPO/scripts/xla/bundle_gate.sh" "$stage/gpu_gate.sh" && chmod +x "$stage/gpu_gate.sh" \
  || fail "copy bundle_gate.sh"

# --- wheels for the target Python (3.12) ----------------------------------------------------
# Downloaded once into the cache (wheels-cp312/), then reused without asking the index.
if [[ -z "$wheels" ]]; then
  wheels="$CACHE/wheels-cp312"
  if ! ls "$wheels"/iree_base_runtime-*.whl "$wheels"/openai-*.whl >/dev/null 2>&1; then
    mkdir -p "$wheels"
    "$PY" -m pip download -q --python-version 3.12 --only-binary=:all: \
      --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
      --platform manylinux2014_x86_64 --platform any \
      -d "$wheels" iree-base-runtime==3.13.0 openai >"$out/pip.log" 2>&1 \
      || notes+=("pip download failed (see $out/pip.log): the target needs its own wheels")
  fi
fi
cp "$wheels"/*.whl "$stage/wheels/" 2>/dev/null || notes+=("no wheels in $wheels")
rm -f "$stage"/wheels/numpy-*.whl  # the image's torch brings numpy

# --- cache: fixtures, images, oracle captures, IREE artifacts -------------------------------
mkdir -p "$stage/cache/fixtures" "$stage/cache/gate"
for f in "${fixtures[@]}"; do
  found=0
  for d in "$CACHE/fixtures/$f" "$CACHE/fixtures/$f-bf16" "$CACHE/fixtures/$f-f16"; do
    [[ -d "$d" ]] && cp -r "$d" "$stage/cache/fixtures/" && found=1
  done
  [[ $found -eq 1 ]] || notes+=("fixture $f not in $CACHE (build it with the oracle first)")
  # Only the oracle's captures: vlmxla's own results are remade there.
  if [[ -d "$CACHE/gate/$f" ]]; then
    (cd "$CACHE/gate" && find "$f" -path '*/oracle/*' -type f -print0 \
       | xargs -0 -r cp --parents -t "$stage/cache/gate/")
  else
    notes+=("no oracle captures of $f in $CACHE/gate (run the gate here first)")
  fi
done
[[ -d "$CACHE/images" ]] && cp -r "$CACHE/images" "$stage/cache/"
if [[ -d "$CACHE/iree" ]]; then
  mkdir -p "$stage/cache/iree"
  while IFS= read -r -d '' manifest; do
    cp -t "$stage/cache/iree/" "$manifest"
    [[ -f "${manifest%.json}.vmfb" ]] && cp -t "$stage/cache/iree/" "${manifest%.json}.vmfb"
  done < <(find "$CACHE/iree" -maxdepth 1 -type f -name '*.json' -newer "$used_mark" -print0)
fi
if [[ $rehearse -eq 0 && -z "$precompile" ]]; then
  notes+=("no IREE modules packed: only --precompile-cuda ARCH (or --rehearse) runs the gate here that selects them")
elif ! ls "$stage"/cache/iree/*.json >/dev/null 2>&1 \
   || ! grep -lq '"cuda:' "$stage"/cache/iree/*.json 2>/dev/null; then
  notes+=("no IREE CUDA artifacts in the cache: iree-cuda there needs them compiled here first")
fi

# --- manifest and tarball -------------------------------------------------------------------
{
  echo "vlmxla GPU bundle, built $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n)"
  echo "commit $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  rpath=$(command -v patchelf >/dev/null && patchelf --print-rpath "$stage/build/vlmxla")
  echo "binary RPATH: ${rpath:-none}"
  echo "fixtures: ${fixtures[*]}"
  for n in "${notes[@]}"; do echo "NOTE: $n"; done
  echo
  (cd "$stage" && find . -type f ! -name MANIFEST.txt -printf '%s\t%p\n' | sort -k2)
} >"$stage/MANIFEST.txt"
tarball="$out/vlmxla-gpu-bundle.tar.gz"
tar -C "$out" -czf "$tarball" vlmxla-gpu-bundle || fail "tar"
bytes=$(stat -c %s "$tarball")
echo "gpu_bundle: $tarball: $((bytes / 1048576)) MiB ($bytes bytes), limit $max_mib MiB"
for n in "${notes[@]}"; do echo "gpu_bundle: NOTE: $n"; done
(( bytes <= max_mib * 1048576 )) || fail "the bundle is $bytes bytes, over $max_mib MiB"
[[ $rehearse -eq 1 ]] || exit 0

# --- rehearsal on this CPU machine ----------------------------------------------------------
rdir="$out/rehearsal"
rm -rf "$rdir" && mkdir -p "$rdir" && tar -C "$rdir" -xzf "$tarball" || fail "unpack"
B="$rdir/vlmxla-gpu-bundle"
checks=0
check() {  # check NAME COMMAND...: records a failure, keeps going
  if "${@:2}"; then echo "gpu_bundle: rehearsal ok: $1"
  else echo "gpu_bundle: rehearsal FAILED: $1" >&2; checks=$((checks + 1)); fi
}
check "binary is stripped" bash -c "! file '$B/build/vlmxla' | grep -q 'not stripped'"
check "binary finds its libraries in lib/" \
  bash -c "! env -u LD_LIBRARY_PATH ldd '$B/build/vlmxla' | grep -q 'not found'"
if command -v patchelf >/dev/null; then
  check "binary RPATH is \$ORIGIN/../lib" \
    bash -c "[[ \$(patchelf --print-rpath '$B/build/vlmxla') == '\$ORIGIN/../lib' ]]"
fi
check "iree-base-runtime and openai wheels" bash -c \
  "ls '$B'/wheels/iree_base_runtime-*cp312*.whl '$B'/wheels/openai-*.whl >/dev/null"
check "captures of ${fixtures[0]}" bash -c \
  "ls '$B'/cache/gate/${fixtures[0]}/f32/oracle/image_text/manifest.json >/dev/null"
check "captures name their images relative to the cache" "$PY" -c '
import json, pathlib, sys
found = list(pathlib.Path(sys.argv[1]).rglob("manifest.json"))
bad = [str(m) for m in found
       if any(p.startswith("/") for p in json.loads(m.read_text())["case"].get("images", []))]
sys.exit(1 if bad or not found else 0)' "$B/cache/gate"
# The run script with the CPU backends, this checkout's Python standing in for the image's
# (and its XLA CPU plugin for the image's CUDA one).
cpu_plugin=$(ls "$REPO"/.venv/lib/python3*/site-packages/xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so \
             2>/dev/null | head -n1)
BUNDLE_PYTHON="$PY" "$B/gpu_gate.sh" --backend pjrt-cpu --backend iree-cpu --plugin "$cpu_plugin" \
  --fixture "${fixtures[0]}" --case image_text --dtype float32 --out "$rdir/out" \
  >"$rdir/gate.log" 2>&1
rc=$?
check "gpu_gate.sh with pjrt-cpu and iree-cpu passes (log $rdir/gate.log)" test "$rc" -eq 0
check "IREE served from the bundle's artifact cache without iree-compile" \
  grep -q '"compile_cached_seconds_per_program"' "$rdir/out/$(suite_of "${fixtures[0]}")-iree-cpu.json"
[[ $checks -eq 0 ]] || fail "$checks rehearsal check(s) failed"
echo "gpu_bundle: rehearsal passed"
