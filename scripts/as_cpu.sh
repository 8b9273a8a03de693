#!/usr/bin/env bash
# Runs a command as if on an older x86 CPU: `scripts/as_cpu.sh CPU COMMAND [ARGS...]`, CPU one of
# x86-64-v3 (AVX2 only, as a Zen 3), cascadelake (AVX-512 with VNNI, no BF16) or znver4 (AVX-512
# with BF16, no AMX). Every library in the process that asks CPUID which instructions it may use
# gets the older CPU's answer (tests/tools/cpuid_mask.c: CPUID faulting), and glibc's string
# functions are held to it through GLIBC_TUNABLES. The machine's speed, caches and memory stay
# its own: figures measured this way say which code path is faster on this hardware, not what the
# older CPU would measure. Needs Linux's CPUID faulting ("cpuid_fault" in /proc/cpuinfo); where it
# is missing this says so and exits 3.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/as_cpu.sh x86-64-v3|cascadelake|znver4 COMMAND [ARGS...]" >&2
  exit 2
fi
cpu="$1"
shift
case "$cpu" in
  x86-64-v3) tunables="glibc.cpu.hwcaps=-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD" ;;
  cascadelake | znver4) tunables="" ;;
  *) echo "as_cpu.sh: unknown CPU '$cpu' (x86-64-v3, cascadelake, znver4)" >&2; exit 2 ;;
esac
if ! grep -qw cpuid_fault /proc/cpuinfo; then
  echo "as_cpu.sh: unavailable: this CPU or kernel has no CPUID faulting (no cpuid_fault in" \
       "/proc/cpuinfo), so it cannot pose as $cpu" >&2
  exit 3
fi
lib="${VLMXLA_BUILD_DIR:-$root/build}/libvlmxla_cpuid_mask.so"
if [[ ! -f "$lib" ]]; then
  echo "as_cpu.sh: $lib is missing: build it with ninja -C build vlmxla_cpuid_mask" >&2
  exit 2
fi
export VLMXLA_CPUID_MASK="$cpu"
export LD_PRELOAD="$lib${LD_PRELOAD:+:$LD_PRELOAD}"
if [[ -n "$tunables" ]]; then
  export GLIBC_TUNABLES="$tunables${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}"
fi
exec "$@"
