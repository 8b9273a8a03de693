#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz for SECONDS each (default 60), VLMXLA_FUZZ_JOBS at a
# time (default: the number of cores). Builds them first in build-asan (clang, ASan+UBSan, the
# same directory scripts/test.sh runs the sanitized unit tests from), and regenerates the seed
# corpora with `python -m vlmxla_oracle fuzz-seeds`. Per target: $VLMXLA_CACHE/fuzz/<target>/
# {seeds,corpus,artifacts}; the corpus grows from run to run. Prints execs/s and coverage per
# target; exits 1 on any crash, leak, timeout or OOM, naming the reproducer.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     targets: safetensors model_config tokenizer_json
#                                             tokenize jinja image data_uri openai_request
# Reproduce:  build-asan/fuzz/fuzz_<target> <reproducer file>
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/clang_build.sh

seconds=${1:-60}
shift || true
build=${VLMXLA_FUZZ_BUILD:-build-asan}
cache=${VLMXLA_CACHE:-$HOME/.cache/vlmxla}/fuzz
jobs=${VLMXLA_FUZZ_JOBS:-$(nproc)}

# -max_len per target: above the largest seed, small enough that each run explores structure
# rather than size. Limits per input: 10 s, 2 GB RSS, 1 GB per allocation.
declare -A max_len=(
  [safetensors]=4096 [model_config]=4096 [tokenizer_json]=65536 [tokenize]=4096
  [jinja]=8192 [image]=16384 [data_uri]=4096 [openai_request]=8192
)
targets=("$@")
((${#targets[@]})) || targets=(safetensors model_config tokenizer_json tokenize jinja image data_uri
                               openai_request)

log() { printf '[fuzz] %s\n' "$*"; }

if [ ! -f "$build/build.ninja" ] || ! grep -q '^VLMXLA_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
  log "configuring $build (clang, VLMXLA_FUZZ=ON, ASan+UBSan)"
  clang_configure "$build" -DVLMXLA_SANITIZE=address,undefined -DVLMXLA_FUZZ=ON
fi
ninja -C "$build" $(printf 'fuzz_%s ' "${targets[@]}")

mkdir -p "$cache"
seeds_tmp=$(mktemp -d "$cache/.seeds.XXXXXX")
trap 'rm -rf "$seeds_tmp"' EXIT
.venv/bin/python -m vlmxla_oracle fuzz-seeds "$seeds_tmp" >/dev/null
rm -rf "$cache/tokenizers" && mv "$seeds_tmp/tokenizers" "$cache/tokenizers"
for t in "${targets[@]}"; do
  mkdir -p "$cache/$t/corpus" "$cache/$t/artifacts"
  rm -rf "$cache/$t/seeds" && mv "$seeds_tmp/$t" "$cache/$t/seeds"
done

export VLMXLA_FUZZ_TOKENIZERS="$cache/tokenizers"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

run_one() {
  local t=$1 dir="$cache/$1"
  # The outer timeout catches a hang libFuzzer's own -timeout cannot (e.g. in its startup).
  timeout --kill-after=10 $((seconds + 120)) "$build/fuzz/fuzz_$t" \
    -max_total_time="$seconds" -max_len="${max_len[$t]}" -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
    "$dir/corpus" "$dir/seeds" >"$dir/last.log" 2>&1
}

log "running ${#targets[@]} targets for ${seconds}s each, $jobs at a time (logs: $cache/<target>/last.log)"
declare -A pid
failed=0
report() {
  local t=$1 rc=$2 dir="$cache/$1" line execs
  line=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$dir/last.log" | tail -1 || true)
  execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/last.log")
  printf '[fuzz] %-15s rc=%-3s execs/s=%-7s %s\n' "$t" "$rc" "${execs:-?}" \
    "$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+' <<<"$line" || echo '(no stats)')"
  if [ "$rc" -ne 0 ]; then
    failed=1
    echo "----- fuzz_$t failed (rc=$rc); the end of $dir/last.log:"
    tail -n 60 "$dir/last.log"
    grep -E 'Test unit written to|artifact_prefix' "$dir/last.log" | sed 's/^/[fuzz] reproducer: /' || true
    echo "[fuzz] reproduce with: $build/fuzz/fuzz_$t <reproducer>"
  fi
}
running=()
for t in "${targets[@]}"; do
  run_one "$t" & pid[$t]=$!
  running+=("$t")
  if ((${#running[@]} >= jobs)); then
    first=${running[0]}; running=("${running[@]:1}")
    rc=0; wait "${pid[$first]}" || rc=$?
    report "$first" "$rc"
  fi
done
for t in "${running[@]}"; do
  rc=0; wait "${pid[$t]}" || rc=$?
  report "$t" "$rc"
done
if ((failed)); then
  log "FAILED: a target crashed, leaked, timed out or ran out of memory (see above)"
  exit 1
fi
log "all targets clean"
