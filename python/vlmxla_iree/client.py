"""A Python client of the IREE runtime host, for tests and tools (the engine uses the C++ one in
src/vlmxla/runtime/iree_host_client.cc). One shared-memory region, grown on demand."""

import json
import mmap
import os
import socket
import struct
import subprocess
import sys

import ml_dtypes
import numpy as np

from vlmxla_iree import protocol as p

_CODES = {np.dtype(ml_dtypes.bfloat16) if n == "bfloat16" else np.dtype(n): code
          for code, n in p.DTYPE_NAMES.items()}
_DTYPES = {code: dtype for dtype, code in _CODES.items()}


class HostError(RuntimeError):
    def __init__(self, kind: int, message: str):
        super().__init__(f"host error {kind}: {message}")
        self.kind = kind
        self.message = message


class HostClient:
    def __init__(self, driver: str = "local-task", timeout: float = 120.0):
        self.sock, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        env = dict(os.environ)
        python_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env["PYTHONPATH"] = python_dir + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "vlmxla_iree.host", "--fd", str(child.fileno()),
             "--driver", driver], pass_fds=[child.fileno()], env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        child.close()
        self.next_request = 1
        self.region_fd = -1
        self.region: mmap.mmap | None = None
        self.region_id = 0

    def close(self) -> int:
        if self.proc.poll() is None:
            try:
                self.request(p.SHUTDOWN)
            except (OSError, HostError, EOFError):
                pass
        self.sock.close()
        try:
            self.proc.wait(timeout=30)
        finally:
            if self.region is not None:
                self.region.close()
                os.close(self.region_fd)
            self.proc.stderr.close()
        return self.proc.returncode

    # --- transport -------------------------------------------------------------------------

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _recv_exact(self, n: int) -> bytes:
        data = bytearray()
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError("the IREE runtime host closed the connection")
            data += chunk
        return bytes(data)

    def read_frame(self):
        """(opcode, request id, payload) of the next frame from the host."""
        magic, version, opcode, request_id, length, _ = p.HEADER.unpack(
            self._recv_exact(p.HEADER.size))
        assert magic == p.MAGIC and version == p.VERSION, (magic, version)
        return opcode, request_id, self._recv_exact(length)

    def request(self, opcode: int, payload: bytes = b"", fds=(), reply: bool = True) -> bytes:
        request_id = self.next_request
        self.next_request += 1
        data = p.frame(opcode, request_id, payload)
        if fds:
            self.sock.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                        struct.pack(f"<{len(fds)}i", *fds))])
        else:
            self.sock.sendall(data)
        if not reply:
            return b""
        got, got_id, answer = self.read_frame()
        if got == p.ERROR:
            (kind,) = p.ERROR_KIND.unpack_from(answer, 0)
            raise HostError(kind, answer[2:].decode())
        assert got == opcode | p.REPLY and got_id == request_id, (got, got_id, request_id)
        return answer

    # --- operations --------------------------------------------------------------------------

    def hello(self) -> dict:
        return json.loads(self.request(p.HELLO))

    def _ensure_region(self, nbytes: int) -> None:
        if self.region is not None and len(self.region) >= nbytes:
            return
        size = max(1 << 16, 1 << (max(nbytes, 1) - 1).bit_length())
        fd = os.memfd_create("vlmxla-iree-py", os.MFD_CLOEXEC)
        os.ftruncate(fd, size)
        self.region_id += 1
        self.request(p.MAP_REGION, p.REGION.pack(self.region_id, size), fds=[fd])
        if self.region is not None:
            self.request(p.UNMAP_REGION, p.U32.pack(self.region_id - 1))
            self.region.close()
            os.close(self.region_fd)
        self.region_fd, self.region = fd, mmap.mmap(fd, size)

    def upload(self, array: np.ndarray) -> int:
        array = np.asarray(array, order="C")  # (ascontiguousarray would make scalars 1-d)
        self._ensure_region(array.nbytes)
        self.region[:array.nbytes] = array.tobytes()
        answer = self.request(p.UPLOAD, p.pack_upload(_CODES[array.dtype], array.shape,
                                                      self.region_id, 0, array.nbytes))
        return p.U64.unpack(answer)[0]

    def download(self, buffer: int, dtype, shape) -> np.ndarray:
        dtype = np.dtype(dtype)
        nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        self._ensure_region(nbytes)
        answer = self.request(p.DOWNLOAD, p.DOWNLOAD_REQ.pack(buffer, self.region_id, 0,
                                                              len(self.region)))
        (written,) = p.U64.unpack(answer)
        assert written == nbytes, (written, nbytes)
        return np.frombuffer(self.region[:nbytes], dtype=dtype).reshape(shape).copy()

    def load_module(self, path: str) -> int:
        return struct.unpack_from("<Q", self.request(p.LOAD_MODULE, path.encode()))[0]

    def execute(self, module: int, buffers, donate=None):
        donate = donate or [False] * len(buffers)
        results = p.unpack_results(self.request(p.EXECUTE, p.pack_execute(module, buffers,
                                                                          donate)))
        return [(buffer, _DTYPES[code], dims) for buffer, code, dims in results]

    def free(self, buffers) -> None:
        self.request(p.FREE, struct.pack(f"<I{len(buffers)}Q", len(buffers), *buffers),
                     reply=False)
