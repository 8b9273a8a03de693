#!/usr/bin/env bash
# The instrumented part of scripts/test.sh (docs/testing.md), runnable alone:
#   1. every C++ unit test under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan),
#   2. the engine and server tests under ThreadSanitizer (build-tsan),
#   3. each libFuzzer target for ${VLMXLA_FUZZ_SECONDS:-8} s (scripts/fuzz.sh, also build-asan).
# Any sanitizer report fails the run. Each directory builds only the targets it runs. clang
# (Debian's clang-14, scripts/setup.sh) builds both, as libFuzzer needs it; xgrammar comes from
# the GCC build (scripts/lib/clang_build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/clang_build.sh

log() { printf '[sanitizers] %s\n' "$*"; }
configure() {  # dir, cmake options...
  local dir=$1; shift
  [ -f "$dir/build.ninja" ] && return
  # -O1 with line tables only (OSS-Fuzz's flags): reports keep file:line, and the two builds
  # compile ~20% faster than at -O2 -g. Unity batches (VLMXLA_UNITY, CMakeLists.txt) cut what a
  # cold build compiles (docs/testing.md).
  clang_configure "$dir" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" -DVLMXLA_UNITY=ON "$@"
}
# Tests of targets a directory does not build: gtest_discover_tests lists them as *_NOT_BUILT;
# runtime_tests registers its three processes by name (runtime_tests.*, CMakeLists.txt), so a
# directory that does not build it names them in `exclude`.
ctest_in() {  # dir [extra exclude regex]
  local exclude='_NOT_BUILT'
  [ -n "${2:-}" ] && exclude="$exclude|$2"
  (cd "$1" && ctest --output-on-failure -j2 -E "$exclude")
}

sup=$PWD/tests/sanitizers
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"

t0=$SECONDS
log "ASan+UBSan: building the unit tests in build-asan"
configure build-asan -DVLMXLA_SANITIZE=address,undefined -DVLMXLA_FUZZ=ON
ninja -C build-asan base_tests io_tests text_tests vision_tests prompt_tests hlo_tests \
  models_tests runtime_tests engine_tests server_tests
t1=$SECONDS
log "ASan+UBSan: running the unit tests"
ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1:strict_init_order=1" \
LSAN_OPTIONS="suppressions=$sup/lsan.supp:print_suppressions=0" \
  ctest_in build-asan
t2=$SECONDS

log "TSan: building the engine and server tests in build-tsan"
configure build-tsan -DVLMXLA_SANITIZE=thread
ninja -C build-tsan engine_tests server_tests
t3=$SECONDS
log "TSan: running the engine and server tests"
TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$sup/tsan.supp" \
  ctest_in build-tsan '^runtime_tests\.'  # TSan builds the engine and server tests only
t4=$SECONDS

log "fuzzing each target for ${VLMXLA_FUZZ_SECONDS:-8} s"
scripts/fuzz.sh "${VLMXLA_FUZZ_SECONDS:-8}"
t5=$SECONDS
log "times (s): asan build $((t1 - t0)), asan tests $((t2 - t1)), tsan build $((t3 - t2)), tsan tests $((t4 - t3)), fuzz $((t5 - t4))"
