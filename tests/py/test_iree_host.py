"""The IREE runtime host (python/vlmxla_iree/host.py) driven directly through its protocol: tensors
of every dtype round-trip, a compiled module runs with donation, and bad frames get an ERROR
answer (or a clean exit when the stream can no longer be trusted)."""

import pathlib
import struct
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest
from vlmxla_iree import protocol as p
from vlmxla_iree.client import HostClient, HostError

IREE_COMPILE = pathlib.Path(sys.executable).parent / "iree-compile"

ADD_MUL = """
module @add_mul {
  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>)
      -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %0 = stablehlo.add %a, %b : tensor<2x3xf32>
    %1 = stablehlo.multiply %a, %b : tensor<2x3xf32>
    return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
}
"""


@pytest.fixture
def host():
    client = HostClient()
    yield client
    client.close()


@pytest.fixture(scope="module")
def add_mul_vmfb(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("iree_host")
    (tmp / "m.mlir").write_text(ADD_MUL)
    proc = subprocess.run(
        [str(IREE_COMPILE), "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=host",
         str(tmp / "m.mlir"), "-o", str(tmp / "m.vmfb")],
        check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return tmp / "m.vmfb"


@pytest.mark.parametrize("dtype", [np.float32, np.int32, ml_dtypes.bfloat16, np.float16,
                                   np.int64, np.int8, np.uint8, np.bool_, np.float64])
def test_round_trips_each_dtype(host, dtype):
    rng = np.random.default_rng(0)
    values = rng.normal(size=(3, 5)) * 100
    array = (values > 0) if dtype is np.bool_ else values.astype(dtype)
    buffer = host.upload(array)
    back = host.download(buffer, array.dtype, array.shape)
    assert back.dtype == array.dtype
    assert back.tobytes() == array.tobytes()


def test_round_trips_scalars_empty_and_large(host):
    scalar = np.array(7, dtype=np.int32)
    assert host.download(host.upload(scalar), np.int32, ()).item() == 7
    empty = np.zeros((0, 4), np.float32)
    assert host.download(host.upload(empty), np.float32, (0, 4)).shape == (0, 4)
    big = np.arange(3 << 18, dtype=np.float32)  # 3 MiB: the region is replaced by a larger one
    assert np.array_equal(host.download(host.upload(big), np.float32, big.shape), big)


def test_executes_and_donates(host, add_mul_vmfb):
    module = host.load_module(str(add_mul_vmfb))
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 2.0, np.float32)
    ids = [host.upload(a), host.upload(b)]
    live = host.hello()["live_buffers"]
    results = host.execute(module, ids, donate=[True, False])
    assert [(dtype, dims) for _, dtype, dims in results] == [(np.float32, [2, 3])] * 2
    np.testing.assert_array_equal(host.download(*results[0]), a + b)
    np.testing.assert_array_equal(host.download(*results[1]), a * b)
    # The donated input is gone, two results arrived.
    assert host.hello()["live_buffers"] == live + 1
    with pytest.raises(HostError) as err:
        host.download(ids[0], np.float32, (2, 3))
    assert err.value.kind == p.ERR_NOT_FOUND
    host.free([r[0] for r in results])
    assert host.hello()["live_buffers"] == live - 1


def test_errors_keep_the_host_serving(host, add_mul_vmfb):
    with pytest.raises(HostError) as err:
        host.load_module("/no/such/module.vmfb")
    assert err.value.kind == p.ERR_RUNTIME and "/no/such/module.vmfb" in err.value.message
    with pytest.raises(HostError) as err:
        host.execute(12345, [])
    assert err.value.kind == p.ERR_NOT_FOUND
    module = host.load_module(str(add_mul_vmfb))
    with pytest.raises(HostError) as err:  # wrong argument count: IREE refuses the call
        host.execute(module, [host.upload(np.zeros((2, 3), np.float32))])
    assert err.value.kind == p.ERR_RUNTIME
    host._ensure_region(64)
    with pytest.raises(HostError) as err:  # the byte count does not match the shape
        host.request(p.UPLOAD, p.pack_upload(0, [4], host.region_id, 0, 12))
    assert err.value.kind == p.ERR_INVALID and "12 bytes" in err.value.message
    with pytest.raises(HostError) as err:  # bytes past the end of the region
        host.request(p.UPLOAD, p.pack_upload(0, [4], host.region_id, len(host.region), 16))
    assert err.value.kind == p.ERR_INVALID
    with pytest.raises(HostError) as err:
        host.request(p.UPLOAD, b"\x00\x01")  # truncated payload
    assert err.value.kind == p.ERR_PROTOCOL
    with pytest.raises(HostError) as err:
        host.request(999)
    assert err.value.kind == p.ERR_PROTOCOL and "999" in err.value.message
    assert host.hello()["protocol_version"] == p.VERSION


def test_garbage_header_gets_an_error_frame_then_a_clean_exit(host):
    host.send_raw(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    opcode, request_id, payload = host.read_frame()
    assert (opcode, request_id) == (p.ERROR, 0)
    (kind,) = struct.unpack_from("<H", payload)
    assert kind == p.ERR_PROTOCOL
    assert "bad frame header" in payload[2:].decode()
    assert host.proc.wait(timeout=30) == 2


def test_oversized_payload_is_refused(host):
    host.send_raw(p.pack_header(p.UPLOAD, 5, p.MAX_PAYLOAD + 1))
    opcode, _, payload = host.read_frame()
    assert opcode == p.ERROR and struct.unpack_from("<H", payload)[0] == p.ERR_PROTOCOL
    assert host.proc.wait(timeout=30) == 2


def test_host_exits_when_the_client_goes_away():
    client = HostClient()
    assert client.hello()["driver"] == "local-task"
    client.sock.close()
    assert client.proc.wait(timeout=30) == 0
    client.proc.stderr.close()


def test_unknown_driver_is_reported():
    client = HostClient(driver="no-such-driver")
    opcode, _, payload = client.read_frame()
    assert opcode == p.ERROR and "no-such-driver" in payload[2:].decode()
    assert client.proc.wait(timeout=30) == 3
    client.sock.close()
    client.proc.stderr.close()


UPDATE_ROW = """
module @update_row {
  func.func public @main(%kv: tensor<4x3xf32> {tf.aliasing_output = 0 : i32},
                         %row: tensor<1x3xf32>, %at: tensor<i32>) -> tensor<4x3xf32> {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_update_slice %kv, %row, %at, %zero
        : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}
"""


def test_aliased_input_updates_in_place_only_when_donated(host, tmp_path):
    """IREE turns tf.aliasing_output into a tied result written into the argument's storage: a
    donated KV cache is updated in place, one the caller keeps is copied first."""
    (tmp_path / "u.mlir").write_text(UPDATE_ROW)
    proc = subprocess.run(
        [str(IREE_COMPILE), "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=host",
         str(tmp_path / "u.mlir"), "-o", str(tmp_path / "u.vmfb")],
        check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    module = host.load_module(str(tmp_path / "u.vmfb"))
    kv = np.zeros((4, 3), np.float32)
    row = host.upload(np.ones((1, 3), np.float32))
    at = host.upload(np.array(2, np.int32))
    expected = kv.copy()
    expected[2] = 1

    kept = host.upload(kv)
    (result, _, _), = host.execute(module, [kept, row, at], donate=[False, False, False])
    np.testing.assert_array_equal(host.download(result, np.float32, (4, 3)), expected)
    np.testing.assert_array_equal(host.download(kept, np.float32, (4, 3)), kv)  # untouched

    donated = host.upload(kv)
    (result, _, _), = host.execute(module, [donated, row, at], donate=[True, False, False])
    np.testing.assert_array_equal(host.download(result, np.float32, (4, 3)), expected)
    with pytest.raises(HostError):
        host.download(donated, np.float32, (4, 3))


def test_bad_parameter_requests_keep_the_host_serving(host, add_mul_vmfb):
    with pytest.raises(HostError) as err:  # a scope and no file
        host.request(p.LOAD_PARAMETERS, b"checkpoint")
    assert err.value.kind == p.ERR_INVALID and "at least one file" in err.value.message
    with pytest.raises(HostError) as err:
        host.request(p.LOAD_PARAMETERS, b"checkpoint\n/no/such/model.safetensors")
    assert err.value.kind == p.ERR_RUNTIME
    assert "/no/such/model.safetensors" in err.value.message and "'checkpoint'" in err.value.message
    module = host.load_module(str(add_mul_vmfb))  # a module without parameters still loads
    a = host.upload(np.ones((2, 3), np.float32))
    assert len(host.execute(module, [a, a])) == 2
