"""The IREE runtime host: one long-lived process per IreeExecutor that holds modules and device
buffers on an IREE device (iree.runtime) and answers the protocol in protocol.py.

    python -m vlmxla_iree.host --fd 3 --driver local-task

The socket arrives as an inherited descriptor; stdout is not used (the client captures stderr,
where this process writes one line per failure). The host serves one request at a time, in order.
"""

import argparse
import json
import mmap
import os
import re
import resource
import socket
import struct
import sys
import traceback

import ml_dtypes
import numpy as np

from vlmxla_iree import protocol as p

# Wire code -> numpy dtype, from the protocol's explicit codes.
_NP_DTYPES = {code: np.dtype(ml_dtypes.bfloat16) if n == "bfloat16" else np.dtype(n)
              for code, n in p.DTYPE_NAMES.items()}
# numpy name -> IREE HAL element type name.
_HAL_NAMES = {"float32": "FLOAT_32", "float16": "FLOAT_16", "bfloat16": "BFLOAT_16",
              "float64": "FLOAT_64", "int64": "SINT_64", "int32": "SINT_32", "int16": "SINT_16",
              "int8": "SINT_8", "uint8": "UINT_8", "bool": "BOOL_8"}


class HostError(Exception):
    def __init__(self, kind: int, message: str):
        super().__init__(message)
        self.kind = kind


class _StreamClosed(Exception):
    pass


class Host:
    def __init__(self, sock: socket.socket, driver: str, device_uri: str | None):
        import iree.runtime as rt  # imported here so `--help` and protocol errors stay fast

        self.rt = rt
        self.sock = sock
        self.driver_name = driver
        self.instance = rt.VmInstance()
        hal_driver = rt.get_driver(driver)
        self.device = (hal_driver.create_device_by_uri(device_uri) if device_uri
                       else hal_driver.create_default_device())
        try:
            self.device_infos = hal_driver.query_available_devices()
        except (RuntimeError, ValueError):  # some drivers cannot enumerate; optional anyway
            self.device_infos = []
        rt_types = rt.HalElementType
        self.element_types = {code: getattr(rt_types, _HAL_NAMES[name])
                              for code, name in p.DTYPE_NAMES.items()}
        self.codes = {int(t): code for code, t in self.element_types.items()}
        # Signless integers (what stablehlo's iN results become) read as their signed codes.
        by_name = {name: code for code, name in p.DTYPE_NAMES.items()}
        for bits in (64, 32, 16, 8):
            self.codes.setdefault(int(getattr(rt_types, f"INT_{bits}")), by_name[f"int{bits}"])
        self.regions: dict[int, mmap.mmap] = {}
        self.modules: dict[int, tuple] = {}
        self.buffers: dict = {}
        self.next_id = 1
        self.pending_fds: list[int] = []
        # Parameter archives by scope: (ParameterIndex, files loaded into it), and the one
        # io_parameters module over all of them that every module loaded afterwards links to.
        self.parameter_scopes: dict[str, tuple] = {}
        self.parameters_module = None

    # --- transport -------------------------------------------------------------------------

    def _recv_exact(self, n: int, with_fds: bool) -> bytes:
        data = bytearray()
        while len(data) < n:
            if with_fds:
                chunk, ancdata, _, _ = self.sock.recvmsg(n - len(data), socket.CMSG_SPACE(16))
                for level, kind, fd_bytes in ancdata:
                    if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                        usable = len(fd_bytes) - len(fd_bytes) % 4
                        self.pending_fds.extend(struct.unpack(f"<{usable // 4}i",
                                                              fd_bytes[:usable]))
            else:
                chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise _StreamClosed()
            data += chunk
        return bytes(data)

    def _send(self, opcode: int, request_id: int, payload: bytes = b"") -> None:
        self.sock.sendall(p.frame(opcode, request_id, payload))

    def _error(self, request_id: int, kind: int, message: str) -> None:
        print(f"vlmxla_iree.host: request {request_id}: {message}", file=sys.stderr, flush=True)
        self._send(p.ERROR, request_id, p.error_payload(kind, message))

    # --- main loop -------------------------------------------------------------------------

    def serve(self) -> int:
        handlers = {
            p.HELLO: self.hello, p.MAP_REGION: self.map_region,
            p.UNMAP_REGION: self.unmap_region, p.LOAD_MODULE: self.load_module,
            p.UPLOAD: self.upload, p.EXECUTE: self.execute, p.DOWNLOAD: self.download,
            p.FREE: self.free, p.UNLOAD: self.unload, p.COPY: self.copy,
            p.LOAD_PARAMETERS: self.load_parameters,
        }
        while True:
            try:
                header = self._recv_exact(p.HEADER.size, with_fds=True)
            except (_StreamClosed, ConnectionError):
                return 0  # the client went away: nothing left to serve
            magic, version, opcode, request_id, length, _ = p.HEADER.unpack(header)
            if magic != p.MAGIC or version != p.VERSION or length > p.MAX_PAYLOAD:
                self._error(0, p.ERR_PROTOCOL,
                            f"bad frame header (magic {magic:#x}, version {version}, payload "
                            f"{length} bytes; expected magic {p.MAGIC:#x}, version {p.VERSION}, "
                            f"payload <= {p.MAX_PAYLOAD})")
                return 2
            try:
                payload = self._recv_exact(length, with_fds=False)
            except (_StreamClosed, ConnectionError):
                return 0
            if opcode == p.SHUTDOWN:
                self._send(p.SHUTDOWN | p.REPLY, request_id)
                return 0
            handler = handlers.get(opcode)
            if handler is None:
                self._error(request_id, p.ERR_PROTOCOL, f"unknown opcode {opcode}")
                continue
            try:
                answer = handler(payload)
            except HostError as e:
                self._error(request_id, e.kind, str(e))
                continue
            except struct.error as e:  # the payload does not have the layout of its opcode
                self._error(request_id, p.ERR_PROTOCOL,
                            f"malformed payload for opcode {opcode}: {e}")
                continue
            except Exception as e:  # noqa: BLE001 - any IREE failure must become an answer
                traceback.print_exc(file=sys.stderr)
                self._error(request_id, p.ERR_RUNTIME, f"{type(e).__name__}: {e}")
                continue
            if answer is not None:
                self._send(opcode | p.REPLY, request_id, answer)

    def close(self) -> None:
        # Release IREE objects in dependency order: buffers and contexts before the device.
        self.buffers.clear()
        self.modules.clear()
        self.parameters_module = None
        self.parameter_scopes.clear()
        for region in self.regions.values():
            region.close()
        self.regions.clear()
        self.device = None

    # --- handlers ----------------------------------------------------------------------------

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def _region(self, region: int, offset: int, nbytes: int) -> memoryview:
        mem = self.regions.get(region)
        if mem is None:
            raise HostError(p.ERR_NOT_FOUND, f"unknown shared-memory region {region}")
        if offset + nbytes > len(mem):
            raise HostError(p.ERR_INVALID, f"{nbytes} bytes at offset {offset} exceed region "
                            f"{region} of {len(mem)} bytes")
        return memoryview(mem)[offset:offset + nbytes]

    def _buffer(self, buffer: int):
        view = self.buffers.get(buffer)
        if view is None:
            raise HostError(p.ERR_NOT_FOUND, f"unknown buffer {buffer} (freed or donated?)")
        return view

    def hello(self, payload: bytes) -> bytes:
        allocator = self.device.allocator
        stats = allocator.statistics if allocator.has_statistics else {}
        info = {
            "driver": self.driver_name,
            "device": str(self.device),
            "devices": [{k: str(v) for k, v in d.items()} for d in self.device_infos],
            "pid": os.getpid(),
            "protocol_version": p.VERSION,
            "memory": {k: int(v) for k, v in stats.items()},
            "live_buffers": len(self.buffers),
            "live_bytes": sum(v.byte_length for v in self.buffers.values()),
            "modules": len(self.modules),
            "process": _process_memory(),
        }
        return json.dumps(info).encode()

    def map_region(self, payload: bytes) -> bytes:
        region, size = p.REGION.unpack(payload)
        if not self.pending_fds:
            raise HostError(p.ERR_PROTOCOL, f"MAP_REGION {region} arrived without a descriptor")
        fd = self.pending_fds.pop(0)
        try:
            mem = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        except OSError as e:
            raise HostError(p.ERR_INVALID, f"cannot map region {region} ({size} bytes): {e}")
        finally:
            os.close(fd)
        old = self.regions.pop(region, None)
        if old is not None:
            old.close()
        self.regions[region] = mem
        return b""

    def unmap_region(self, payload: bytes) -> bytes:
        (region,) = p.U32.unpack(payload)
        mem = self.regions.pop(region, None)
        if mem is None:
            raise HostError(p.ERR_NOT_FOUND, f"unknown shared-memory region {region}")
        mem.close()
        return b""

    def load_module(self, payload: bytes) -> bytes:
        path = payload.decode("utf-8")
        rt = self.rt
        try:
            vm_module = rt.VmModule.mmap(self.instance, path)
        except (RuntimeError, ValueError, OSError) as e:
            raise HostError(p.ERR_RUNTIME, f"cannot load IREE module '{path}': {e}")
        # One context per module: every emitted module is named after its program and they may
        # collide; buffers belong to the device, so they cross contexts freely. A module whose
        # weights are parameter globals reads them from the archives of load_parameters; its
        # initializers (which pack those weights) run here.
        linked = [rt.create_hal_module(self.instance, self.device)]
        if self.parameters_module is not None:
            linked.append(self.parameters_module)
        try:
            context = rt.VmContext(self.instance, linked + [vm_module])
        except (RuntimeError, ValueError) as e:
            raise HostError(p.ERR_RUNTIME, f"cannot initialize IREE module '{path}' (its "
                            f"parameters: scopes {sorted(self.parameter_scopes)}): {e}")
        main = vm_module.lookup_function("main")
        if main is None:
            raise HostError(p.ERR_INVALID, f"module '{path}' exports no @main "
                            f"(functions: {', '.join(vm_module.function_names)})")
        module = self._new_id()
        self.modules[module] = (context, main, vm_module, _tied_inputs(main))
        return struct.pack("<QI", module, len(vm_module.function_names))

    def load_parameters(self, payload: bytes) -> bytes:
        scope, *paths = payload.decode("utf-8").split("\n")
        if not scope or not paths:
            raise HostError(p.ERR_INVALID, "LOAD_PARAMETERS needs a scope and at least one file")
        rt = self.rt
        index, loaded = self.parameter_scopes.get(scope) or (rt.ParameterIndex(), set())
        for path in paths:
            if path in loaded:
                continue
            try:
                index.load(path, mmap=True)  # the file's pages, not a copy of them
            except (RuntimeError, ValueError, OSError) as e:
                raise HostError(p.ERR_RUNTIME, f"cannot load parameter file '{path}' into scope "
                                f"'{scope}': {e}")
            loaded.add(path)
        self.parameter_scopes[scope] = (index, loaded)
        providers = [i.create_provider(scope=s) for s, (i, _) in self.parameter_scopes.items()]
        self.parameters_module = rt.create_io_parameters_module(self.instance, *providers)
        return p.U32.pack(len(index.items()))

    def unload(self, payload: bytes) -> None:
        (module,) = p.U64.unpack(payload)
        self.modules.pop(module, None)

    def upload(self, payload: bytes) -> bytes:
        dtype, rank, _, region, offset, nbytes = p.UPLOAD_FIXED.unpack_from(payload, 0)
        dims = struct.unpack_from(f"<{rank}q", payload, p.UPLOAD_FIXED.size)
        if len(payload) != p.UPLOAD_FIXED.size + 8 * rank:
            raise HostError(p.ERR_PROTOCOL, f"UPLOAD payload of {len(payload)} bytes for rank "
                            f"{rank}")
        if dtype not in _NP_DTYPES:
            raise HostError(p.ERR_INVALID, f"unknown dtype code {dtype}")
        if any(d < 0 for d in dims):
            raise HostError(p.ERR_INVALID, f"negative dimension in {list(dims)}")
        np_dtype = _NP_DTYPES[dtype]
        count = int(np.prod(dims, dtype=np.int64)) if dims else 1
        if count * np_dtype.itemsize != nbytes:
            raise HostError(p.ERR_INVALID, f"{nbytes} bytes do not hold {list(dims)} "
                            f"{p.DTYPE_NAMES[dtype]} ({count * np_dtype.itemsize} bytes)")
        rt = self.rt
        if nbytes == 0:
            # Zero-size tensors: a minimal allocation carries the (empty) view.
            backing = self.device.allocator.allocate_buffer(
                memory_type=rt.MemoryType.DEVICE_LOCAL, allowed_usage=rt.BufferUsage.DEFAULT,
                allocation_size=np_dtype.itemsize)
            buffer_view = rt.HalBufferView(backing, list(dims), self.element_types[dtype])
        else:
            view = self._region(region, offset, nbytes)
            try:
                host = np.frombuffer(view, dtype=np_dtype, count=count).reshape(dims)
                buffer_view = self.device.allocator.allocate_buffer_copy(
                    memory_type=rt.MemoryType.DEVICE_LOCAL, allowed_usage=rt.BufferUsage.DEFAULT,
                    device=self.device, buffer=host, element_type=self.element_types[dtype])
                del host
            finally:
                view.release()
            if list(buffer_view.shape) != list(dims):  # numpy scalars arrive as shape [1]
                buffer_view = rt.HalBufferView(buffer_view.get_buffer(), list(dims),
                                               self.element_types[dtype])
        buffer = self._new_id()
        self.buffers[buffer] = buffer_view
        return p.U64.pack(buffer)

    def execute(self, payload: bytes) -> bytes:
        module, nargs = struct.unpack_from("<QI", payload, 0)
        if len(payload) != 12 + 9 * nargs:
            raise HostError(p.ERR_PROTOCOL, f"EXECUTE payload of {len(payload)} bytes for "
                            f"{nargs} arguments")
        ids = struct.unpack_from(f"<{nargs}Q", payload, 12)
        donate = payload[12 + 8 * nargs:]
        entry = self.modules.get(module)
        if entry is None:
            raise HostError(p.ERR_NOT_FOUND, f"unknown module {module}")
        context, main, _, tied = entry
        rt = self.rt
        args = rt.VmVariantList(nargs)
        for i, buffer in enumerate(ids):
            view = self._buffer(buffer)
            if i in tied and not (i < len(donate) and donate[i]):
                # IREE writes a tied result (tf.aliasing_output becomes iree.abi.output) into the
                # argument's storage; an argument the caller keeps must not change under it.
                view = self._copy(view)
            args.push_ref(view.ref)
        results = rt.VmVariantList(max(nargs, 8))
        context.invoke(main, args, results)
        del args
        # IREE's invoke returns fresh buffers; a donated input is released here so its memory is
        # not held twice (the client marks it deleted).
        for buffer, d in zip(ids, donate):
            if d:
                self.buffers.pop(buffer, None)
        out = [p.U32.pack(len(results))]
        for i in range(len(results)):
            view = results.get_as_object(i, rt.HalBufferView)
            code = self.codes.get(int(view.element_type))
            if code is None:
                raise HostError(p.ERR_INVALID, f"result {i} has element type "
                                f"{int(view.element_type):#x}, which vlmxla does not read")
            buffer = self._new_id()
            self.buffers[buffer] = view
            dims = view.shape
            out.append(struct.pack(f"<QBB{len(dims)}q", buffer, code, len(dims), *dims))
        return b"".join(out)

    def copy(self, payload: bytes) -> bytes:
        (buffer,) = p.U64.unpack(payload)
        copied = self._new_id()
        self.buffers[copied] = self._copy(self._buffer(buffer))
        return p.U64.pack(copied)

    def _copy(self, view):
        rt = self.rt
        source = view.get_buffer()
        target = self.device.allocator.allocate_buffer(
            memory_type=rt.MemoryType.DEVICE_LOCAL, allowed_usage=rt.BufferUsage.DEFAULT,
            allocation_size=source.byte_length())
        semaphore = self.device.create_semaphore(0)
        self.device.queue_copy(source, target, wait_semaphores=rt.HalFence.create_at(semaphore, 0),
                               signal_semaphores=rt.HalFence.create_at(semaphore, 1))
        rt.HalFence.create_at(semaphore, 1).wait()
        return rt.HalBufferView(target, view.shape, view.element_type)

    def download(self, payload: bytes) -> bytes:
        buffer, region, offset, capacity = p.DOWNLOAD_REQ.unpack(payload)
        view = self._buffer(buffer)
        code = self.codes.get(int(view.element_type))
        if code is None:
            raise HostError(p.ERR_INVALID, f"buffer {buffer} has an element type vlmxla cannot read")
        dims = view.shape
        np_dtype = _NP_DTYPES[code]
        nbytes = int(np.prod(dims, dtype=np.int64)) * np_dtype.itemsize if dims else \
            np_dtype.itemsize
        if nbytes > capacity:
            raise HostError(p.ERR_INVALID, f"buffer {buffer} holds {nbytes} bytes but the client "
                            f"offered {capacity}")
        if nbytes == 0:
            return p.U64.pack(0)
        dst_mem = self._region(region, offset, nbytes)
        try:
            dst = np.frombuffer(dst_mem, dtype=np_dtype).reshape(dims)
            np.copyto(dst, self._to_host(view, np_dtype), casting="no")
            del dst
        finally:
            dst_mem.release()
        return p.U64.pack(nbytes)

    def _to_host(self, view, np_dtype) -> np.ndarray:
        rt = self.rt
        buffer = view.get_buffer()
        host_visible = int(rt.MemoryType.HOST_VISIBLE)
        scoped = int(rt.BufferUsage.MAPPING_SCOPED)
        if buffer.memory_type() & host_visible == host_visible and \
                buffer.allowed_usage() & scoped == scoped:
            # Host-visible memory (llvm-cpu on local-task): read it in place, one copy into shm.
            raw = rt.HalElementType.map_to_dtype(view.element_type)
            mapped = view.map().asarray(view.shape, raw)
            return mapped.view(np_dtype) if mapped.dtype != np_dtype else mapped
        # Device memory (cuda): let DeviceArray stage the transfer.
        array = rt.DeviceArray(self.device, view, implicit_host_transfer=True,
                               override_dtype=np_dtype)
        return np.asarray(array.to_host())

    def free(self, payload: bytes) -> None:
        (count,) = p.U32.unpack_from(payload, 0)
        for buffer in struct.unpack_from(f"<{count}Q", payload, 4):
            self.buffers.pop(buffer, None)


def _process_memory() -> dict:
    """This process's resident memory in bytes from /proc/self/status (VmHWM, VmRSS, RssAnon,
    RssFile, RssShmem), so the client can see what the host holds. The peak is VmHWM, not
    getrusage's ru_maxrss: that one starts at the forking parent's peak, which exec keeps."""
    out = {"peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
    fields = {"VmHWM": "peak_rss_bytes", "VmRSS": "rss_bytes", "RssAnon": "anon_bytes",
              "RssFile": "file_bytes", "RssShmem": "shmem_bytes"}
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in fields:
                    out[fields[key]] = int(value.split()[0]) * 1024
    except OSError:
        pass  # not Linux: the peak alone
    return out


def _tied_inputs(function) -> set[int]:
    """Indices of the inputs whose storage IREE reuses for a result ({iree.abi.output = N})."""
    declaration = function.reflection.get("iree.abi.declaration", "")
    head = declaration.split(") -> ", 1)[0]
    return {int(m.group(1)) for m in re.finditer(r"%input(\d+): [^%]*?iree\.abi\.output", head)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vlmxla_iree.host")
    parser.add_argument("--fd", type=int, required=True, help="inherited AF_UNIX stream socket")
    parser.add_argument("--driver", default="local-task", help="IREE HAL driver (local-task, cuda)")
    parser.add_argument("--device", default="", help="IREE device URI; default: the driver's first")
    args = parser.parse_args(argv)
    sock = socket.socket(fileno=args.fd)
    try:
        host = Host(sock, args.driver, args.device or None)
    except Exception as e:  # noqa: BLE001 - reported to the client, whatever IREE raised
        print(f"vlmxla_iree.host: cannot open IREE driver '{args.driver}': {e}", file=sys.stderr,
              flush=True)
        try:
            sock.sendall(p.frame(p.ERROR, 0, p.error_payload(p.ERR_RUNTIME,
                                                             f"cannot open IREE driver "
                                                             f"'{args.driver}': {e}")))
        except OSError:
            pass
        return 3
    try:
        status = host.serve()
    finally:
        host.close()
    return status


if __name__ == "__main__":
    code = main()
    sys.stderr.flush()
    # Skip interpreter teardown: IREE's native objects can crash when destroyed in GC order.
    os._exit(code)
