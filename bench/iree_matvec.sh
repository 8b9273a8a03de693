#!/usr/bin/env bash
# One decode-shaped projection on IREE llvm-cpu, bfloat16 against float32: the LM head's matvec
# (152000 x 896 weight . 896 vector -> f32, as vlmxla's IREE Linear emits it: weight . x^T), timed
# by iree-benchmark-module on local-sync (one thread, so its CPU-time column is the work itself,
# whatever else the machine runs). Variants: the weight as a function argument (what vlmxla does
# today) or as an immutable global loaded from a parameter file (what IREE can pre-pack once), each
# with the default flags, --iree-llvmcpu-enable-ukernels=all, --iree-opt-data-tiling, or both.
# Usage: bench/iree_matvec.sh [WORKDIR]   (needs .venv from scripts/setup.sh; ~1.3 GB of disk)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$PWD/.venv/bin
W=${1:-$(mktemp -d)}
mkdir -p "$W"
TARGET=(--iree-input-type=stablehlo --iree-hal-target-device=local
        --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host)
DOT='"stablehlo.dot_general"(%w, %x) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}'
declare -A FLAGS=([plain]="" [ukernels]="--iree-llvmcpu-enable-ukernels=all"
                  [datatiling]="--iree-opt-data-tiling"
                  [datatiling+ukernels]="--iree-opt-data-tiling --iree-llvmcpu-enable-ukernels=all")
bench() {  # module, extra benchmark args...
  "$BIN/iree-benchmark-module" --module="$1" --device=local-sync --function=main "${@:2}" \
    --benchmark_repetitions=5 --benchmark_min_time=10x 2>&1 | grep real_time_median |
    awk '{print "wall " $2 " " $3 ", cpu " $4 " " $5}'
}
echo "| weight passed as | flags | dtype | median wall per call | median CPU per call |"
echo "|---|---|---|---|---|"
for t in bf16 f32; do
  cat > "$W/arg_$t.mlir" <<MLIR
func.func @main(%w: tensor<152000x896x$t>, %x: tensor<1x896x$t>) -> tensor<152000x1xf32> {
  %0 = $DOT : (tensor<152000x896x$t>, tensor<1x896x$t>) -> tensor<152000x1xf32>
  return %0 : tensor<152000x1xf32>
}
MLIR
  cat > "$W/global_$t.mlir" <<MLIR
util.global private @w = #flow.parameter.named<"model"::"w"> : tensor<152000x896x$t>
func.func @main(%x: tensor<1x896x$t>) -> tensor<152000x1xf32> {
  %w = util.global.load @w : tensor<152000x896x$t>
  %0 = $DOT : (tensor<152000x896x$t>, tensor<1x896x$t>) -> tensor<152000x1xf32>
  return %0 : tensor<152000x1xf32>
}
MLIR
  "$BIN/iree-create-parameters" --data=w=152000x896x$t --output="$W/p_$t.irpa" >/dev/null  # zeros
done
for kind in arg global; do
  for v in plain ukernels datatiling datatiling+ukernels; do
    [ "$kind" = global ] && [ "$v" != plain ] && [ "$v" != datatiling+ukernels ] && continue
    for t in bf16 f32; do
      # shellcheck disable=SC2086
      "$BIN/iree-compile" "$W/${kind}_$t.mlir" "${TARGET[@]}" ${FLAGS[$v]} -o "$W/${kind}_${t}_$v.vmfb"
      if [ "$kind" = arg ]; then
        r=$(bench "$W/${kind}_${t}_$v.vmfb" --input=152000x896x$t=1 --input=1x896x$t=1)
      else
        r=$(bench "$W/${kind}_${t}_$v.vmfb" --parameters=model="$W/p_$t.irpa" --input=1x896x$t=1)
      fi
      echo "| $kind | $v | $t | ${r%%, cpu*} | ${r##*cpu } |" | sed 's/| wall /| /'
    done
  done
done
