"""The hlo Builder's emitted StableHLO: parsed by iree-opt, compiled by iree-compile (llvm-cpu),
run with iree.runtime on seeded inputs and compared with numpy references of the same math."""

import math
import pathlib
import subprocess
import sys

import numpy as np
import pytest

BIN_DIR = pathlib.Path(sys.executable).parent
IREE_OPT = BIN_DIR / "iree-opt"
IREE_COMPILE = BIN_DIR / "iree-compile"
ATOL = 1e-5
RTOL = 1e-5


def emit(vlmxla_testtool, demo, out):
    proc = subprocess.run(
        [str(vlmxla_testtool), "emit-demo", "--demo", demo, "--output", str(out)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    return out.read_text()


@pytest.fixture(scope="session")
def module(vlmxla_testtool, tmp_path_factory):
    """The 'all' demo module, compiled once per session and loaded into the IREE runtime."""
    import iree.runtime as rt

    tmp = tmp_path_factory.mktemp("hlo")
    mlir = tmp / "all.mlir"
    emit(vlmxla_testtool, "all", mlir)
    vmfb = tmp / "all.vmfb"
    proc = subprocess.run(
        [
            str(IREE_COMPILE),
            "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=host",
            str(mlir),
            "-o",
            str(vmfb),
        ],
        check=False,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return rt.load_vm_flatbuffer_file(str(vmfb), driver="local-task")


def call(module, name, *args):
    out = getattr(module, name)(*args)
    if not isinstance(out, tuple):
        out = (out,)
    return [np.asarray(o) for o in out]


def check(got, want, atol=ATOL):
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        w = np.asarray(w)
        assert g.shape == w.shape, f"result {i}: shape {g.shape} != {w.shape}"
        np.testing.assert_allclose(g, w, atol=atol, rtol=RTOL, err_msg=f"result {i}")


def rand(rng, *shape):
    return rng.standard_normal(shape).astype(np.float32)


erf = np.vectorize(math.erf)


def gelu(x):
    x = x.astype(np.float64)
    return 0.5 * x * (1 + erf(x / math.sqrt(2)))


def gelu_tanh(x):
    x = x.astype(np.float64)
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))


def sigmoid(x):
    return 1 / (1 + np.exp(-x.astype(np.float64)))


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def linear(x, w, b):
    return x @ w.T + b


@pytest.mark.parametrize("demo", ["ops", "mlp", "attention", "all"])
def test_iree_opt_parses_and_verifies(vlmxla_testtool, tmp_path, demo):
    mlir = emit(vlmxla_testtool, demo, tmp_path / f"{demo}.mlir")
    assert mlir.startswith("module {\n")
    proc = subprocess.run(
        [str(IREE_OPT), str(tmp_path / f"{demo}.mlir")], check=False, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    # iree-opt re-prints the module in pretty form: every function must survive.
    for fn in [
        line.split("@")[1].split("(")[0] for line in mlir.splitlines() if "func.func" in line
    ]:
        assert f"@{fn}(" in proc.stdout


def test_emit_rejects_unknown_demo(vlmxla_testtool, tmp_path):
    proc = subprocess.run(
        [str(vlmxla_testtool), "emit-demo", "--demo", "nope"], check=False, capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "--demo" in proc.stderr


def test_product_binary_has_no_test_tooling(vlmxla_bin):
    # The demo modules and run-program live in vlmxla-testtool only.
    proc = subprocess.run([str(vlmxla_bin), "emit", "--demo", "ops"], check=False,
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "--demo" in proc.stderr
    proc = subprocess.run([str(vlmxla_bin), "run-program", "--help"], check=False,
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "unknown command 'run-program'" in proc.stderr


def test_elementwise(module):
    rng = np.random.default_rng(0)
    a, b = rand(rng, 2, 3), rand(rng, 2, 3)
    pos = np.abs(a) + 1
    want = [
        a + b,
        a - b,
        a * b,
        a / b,
        np.maximum(a, b),
        np.minimum(a, b),
        -a,
        np.exp(a),
        np.log(pos),
        1 / np.sqrt(pos),
        np.sqrt(np.abs(a)),
        np.tanh(a),
        sigmoid(a),
        np.abs(a),
        pos.astype(np.float64) ** b,
        erf(a),
        np.sin(a),
        np.cos(a),
    ]
    check(call(module, "elementwise", a, b), want)


def test_compare_select_convert(module):
    rng = np.random.default_rng(1)
    a, b = rand(rng, 2, 3) * 3, rand(rng, 2, 3) * 3
    a[0, 0] = b[0, 0]  # equality exercises GE
    got = call(module, "compare_select", a, b)
    check(got[:2], [np.where(a < b, a, b), (a >= b).astype(np.float32)])
    assert got[2].dtype == np.int32
    np.testing.assert_array_equal(got[2], np.trunc(a).astype(np.int32))


def test_shapes(module):
    rng = np.random.default_rng(2)
    x, v = rand(rng, 2, 3, 4), rand(rng, 4)
    want = [
        x + v,
        x.reshape(6, 4),
        x.transpose(2, 0, 1),
        x[0:2, 1:3, 0:4:2],
        np.concatenate([x, x, x], axis=1),
        np.tile(np.arange(4, dtype=np.float32), (3, 1)),
    ]
    got = call(module, "shapes", x, v)
    check(got, want, atol=0)


def test_reductions(module):
    x = rand(np.random.default_rng(3), 3, 5)
    check(call(module, "reductions", x), [x.sum(1), x.max(0), np.array(x.min())])


def test_contractions(module):
    rng = np.random.default_rng(4)
    p, q, w, lw, lb = (
        rand(rng, 2, 3, 4),
        rand(rng, 2, 4, 5),
        rand(rng, 4, 5),
        rand(rng, 5, 4),
        rand(rng, 5),
    )
    check(call(module, "contractions", p, q, w, lw, lb), [p @ q, p @ w, p @ q, linear(p, lw, lb)])


def test_gather_rows(module):
    rng = np.random.default_rng(5)
    table = rand(rng, 10, 4)
    ids = np.array([[3, 0, 9], [9, 9, 1]], dtype=np.int32)
    check(call(module, "gather_rows", table, ids), [table[ids]], atol=0)


@pytest.mark.parametrize("i,j", [(1, 2), (0, 0), (2, 3), (7, 9)])  # (7, 9): clamped to (2, 3)
def test_dynamic_slices(module, i, j):
    rng = np.random.default_rng(6)
    x, update = rand(rng, 4, 6), rand(rng, 2, 3)
    ci, cj = min(i, 2), min(j, 3)
    updated = x.copy()
    updated[ci : ci + 2, cj : cj + 3] = update
    got = call(module, "dynamic_slices", x, update, np.int32(i), np.int32(j))
    check(got, [x[ci : ci + 2, cj : cj + 3], updated], atol=0)


def test_patch_embed(module):
    rng = np.random.default_rng(7)
    pixels, kernel = rand(rng, 1, 3, 8, 8), rand(rng, 4, 3, 4, 4)
    # Non-overlapping 4x4 patches: out[o, ph, pw] = sum_{c,y,x} pixels[c, 4ph+y, 4pw+x] kernel[o, c, y, x].
    patches = pixels[0].reshape(3, 2, 4, 2, 4).transpose(1, 3, 0, 2, 4).reshape(2, 2, 48)
    conv = np.einsum("hwk,ok->ohw", patches.astype(np.float64), kernel.reshape(4, 48))[None]
    check(
        call(module, "patch_embed", pixels, kernel),
        [conv, conv.reshape(1, 4, 4).transpose(0, 2, 1)],
    )


def test_norms(module):
    rng = np.random.default_rng(8)
    x, w, b = rand(rng, 3, 8) * 2 + 1, rand(rng, 8), rand(rng, 8)
    x64 = x.astype(np.float64)
    mean = x64.mean(-1, keepdims=True)
    var = ((x64 - mean) ** 2).mean(-1, keepdims=True)
    ln = (x64 - mean) / np.sqrt(var + 1e-5) * w + b
    rms = x64 / np.sqrt((x64**2).mean(-1, keepdims=True) + 1e-6) * w
    check(call(module, "norms", x, w, b), [ln, rms])


def test_activations(module):
    x = rand(np.random.default_rng(9), 4, 8) * 3
    want = [
        gelu(x),
        gelu_tanh(x),
        x * sigmoid(1.702 * x),
        x * sigmoid(x),
        softmax(x, -1),
        softmax(x, 0),
    ]
    check(call(module, "activations", x), want)


def test_constants_round_trip_exactly(module):
    got = call(module, "constants")
    want_f = np.array([0.1, 1 / 3, -0.0, 1e-30, 3.4028235e38, -2.5], dtype=np.float32).reshape(2, 3)
    assert got[0].tobytes() == want_f.tobytes()  # bit-exact, including the sign of zero
    np.testing.assert_array_equal(got[1], np.array([-(1 << 40), 7, 0], dtype=np.int64))
    assert got[2].tobytes() == np.full(2, 0.7, dtype=np.float32).tobytes()
    # 1/3 rounded to bfloat16 (round to nearest even of the float32 bits) is 0x3EAB.
    np.testing.assert_array_equal(
        got[3], np.frombuffer(np.array([0x3EAB0000] * 2, np.uint32).tobytes(), np.float32)
    )
    np.testing.assert_array_equal(got[4], np.array([[1, 0], [0, 1]], dtype=np.int32))


def bf16_round(x):
    """float32 -> bfloat16 (round to nearest even) -> float32."""
    u = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
    return u.astype(np.uint32).view(np.float32)


def test_half_precision(module):
    rng = np.random.default_rng(12)
    x, w = rand(rng, 2, 8).astype(np.float16), rand(rng, 8)
    got = call(module, "half_precision", x, w)
    x64 = x.astype(np.float64)
    rms = (x64 / np.sqrt((x64**2).mean(-1, keepdims=True) + 1e-6) * w).astype(np.float16)
    assert got[0].dtype == np.float16
    np.testing.assert_allclose(
        got[0].astype(np.float32), rms.astype(np.float32), atol=2e-3, rtol=2e-3
    )
    wb = bf16_round(w)
    np.testing.assert_array_equal(got[2], wb)  # f32 -> bf16 rounds to nearest even
    # IREE may keep a fused bf16 product in f32 (excess precision, as XLA allows by default), so
    # the product is only checked to bf16 accuracy.
    np.testing.assert_allclose(got[1], wb * wb, rtol=2**-8, atol=0)


def test_mlp(module):
    rng = np.random.default_rng(10)
    x, w1, b1, w2, b2 = (
        rand(rng, 3, 8),
        rand(rng, 16, 8),
        rand(rng, 16),
        rand(rng, 8, 16),
        rand(rng, 8),
    )
    want = linear(gelu(linear(x.astype(np.float64), w1, b1)), w2, b2)
    check(call(module, "mlp", x, w1, b1, w2, b2), [want], atol=1e-4)


def test_causal_attention(module):
    rng = np.random.default_rng(11)
    q, k, v = rand(rng, 2, 4, 8), rand(rng, 2, 4, 8), rand(rng, 2, 4, 8)
    scores = q.astype(np.float64) @ k.transpose(0, 2, 1) / math.sqrt(8)
    scores = np.where(np.tril(np.ones((4, 4), bool)), scores, -np.inf)
    got = call(module, "attention", q, k, v)
    check(got, [softmax(scores, -1) @ v])
    # The first query sees only the first key: its output is exactly v[:, 0].
    np.testing.assert_allclose(got[0][:, 0], v[:, 0], atol=1e-6)
