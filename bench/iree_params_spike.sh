#!/usr/bin/env bash
# The spike behind "IREE weights as parameters" (docs/design.md): one matmul whose weight is a
# parameter global (`#flow.parameter.named<"model"::"w">` read by util.global.load, beside
# StableHLO in the same module) instead of an argument, compiled with data tiling and IREE's
# microkernels, run from iree.runtime with a ParameterIndex over a safetensors file. It prints
# where the weight's packing runs (the initializer) and what the per-call dispatch is (mmt4d on
# the packed global), and the largest difference from numpy.
# Usage: bench/iree_params_spike.sh [WORKDIR]   (needs .venv from scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$PWD/.venv/bin
W=${1:-$(mktemp -d)}
mkdir -p "$W"
cat > "$W/mm.mlir" <<'MLIR'
module @spike {
  util.global private @w = #flow.parameter.named<"model"::"w"> : tensor<512x256xbf16>
  func.func public @main(%x: tensor<4x256xf32>) -> tensor<4x512xf32> {
    %wb = util.global.load @w : tensor<512x256xbf16>
    %wf = stablehlo.convert %wb : (tensor<512x256xbf16>) -> tensor<512x256xf32>
    %y = stablehlo.dot_general %x, %wf, contracting_dims = [1] x [1] : (tensor<4x256xf32>, tensor<512x256xf32>) -> tensor<4x512xf32>
    return %y : tensor<4x512xf32>
  }
}
MLIR
FLAGS=(--iree-input-type=stablehlo --iree-hal-target-device=local
       --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host
       --iree-opt-data-tiling --iree-llvmcpu-enable-ukernels=all)
"$BIN/iree-compile" "$W/mm.mlir" "${FLAGS[@]}" --compile-to=stream -o "$W/mm.stream.mlir"
echo "== the initializer: the parameter's load and its encoding (packing) dispatch"
awk '/util.initializer/,/util.return/' "$W/mm.stream.mlir" |
  grep -oE 'stream.cmd.parameter.load|stream.cmd.dispatch @[A-Za-z0-9_:@]+|util.global.store [^,]+' 
echo "== @main: the dispatches of one call (the weight arrives packed, from the hoisted global)"
awk '/util.func public @main/,/util.return/' "$W/mm.stream.mlir" |
  grep -oE 'util.global.load immutable @[A-Za-z0-9_]+|stream.cmd.dispatch @[A-Za-z0-9_:@]+'
echo "== what the matmul dispatch becomes, per operand types (a: activations, w: weight)"
for v in "f32 f32" "bf16 bf16" "f32 bf16"; do
  read -r a w <<<"$v"
  wf=$([ "$a" = "$w" ] && echo "%wb" || echo "%wf")
  cat > "$W/mm_$a$w.mlir" <<MLIR
module @spike_$a$w {
  util.global private @w = #flow.parameter.named<"model"::"w"> : tensor<512x256x$w>
  func.func public @main(%x: tensor<4x256x$a>) -> tensor<4x512xf32> {
    %wb = util.global.load @w : tensor<512x256x$w>
    %wf = stablehlo.convert %wb : (tensor<512x256x$w>) -> tensor<512x256x$a>
    %y = stablehlo.dot_general %x, $wf, contracting_dims = [1] x [1] : (tensor<4x256x$a>, tensor<512x256x$a>) -> tensor<4x512xf32>
    return %y : tensor<4x512xf32>
  }
}
MLIR
  "$BIN/iree-compile" "$W/mm_$a$w.mlir" "${FLAGS[@]}" --compile-to=executable-targets \
    -o "$W/mm_$a$w.exe.mlir"
  echo "a $a, w $w: $(grep -oE 'llvm.func @(main_dispatch|iree_uk)[A-Za-z0-9_]+' \
    "$W/mm_$a$w.exe.mlir" | sed 's/llvm.func @//' | sort -u | tr '\n' ' ')"
done
"$BIN/iree-compile" "$W/mm.mlir" "${FLAGS[@]}" -o "$W/mm.vmfb"
"$BIN/python" - "$W" <<'PY'
import json, os, struct, sys
import ml_dtypes, numpy as np
import iree.runtime as rt
w_dir = sys.argv[1]
rng = np.random.default_rng(0)
w = rng.standard_normal((512, 256), dtype=np.float32).astype(ml_dtypes.bfloat16)
x = rng.standard_normal((4, 256), dtype=np.float32)
# A safetensors file as Transformers writes one: the tensor's data at an unaligned offset.
header = json.dumps({"pad": {"dtype": "F32", "shape": [3], "data_offsets": [0, 12]},
                     "w": {"dtype": "BF16", "shape": [512, 256],
                           "data_offsets": [12, 12 + w.nbytes]}}).encode()
header += b" " * (-len(header) % 8)
path = os.path.join(w_dir, "w.safetensors")
with open(path, "wb") as f:
    f.write(struct.pack("<Q", len(header)) + header + bytes(12) + w.tobytes())
instance = rt.VmInstance()
device = rt.get_driver("local-task").create_default_device()
index = rt.ParameterIndex()
index.load(path, mmap=True)
params = rt.create_io_parameters_module(instance, index.create_provider(scope="model"))
module = rt.VmModule.mmap(instance, os.path.join(w_dir, "mm.vmfb"))
context = rt.VmContext(instance, [rt.create_hal_module(instance, device), params, module])
y = np.asarray(rt.FunctionInvoker(context, device, module.lookup_function("main"))(x)).copy()
want = x.astype(np.float64) @ w.astype(np.float64).T
print(f"== run: max |y - x.w^T| = {np.abs(y - want).max():.3g} (max |y| {np.abs(want).max():.3g})")
sys.stdout.flush()
os._exit(0)  # IREE's native objects can crash when destroyed in GC order
PY
