"""The binary protocol between vlmxla's IreeExecutor (C++) and the IREE runtime host (host.py).

src/vlmxla/runtime/iree_host_client.cc implements the same framing with constants generated from
protocol.json; change the JSON and bump its version.

Transport: one AF_UNIX stream socket (a socketpair; the host gets its end as a file descriptor).
Tensor bytes never travel through the socket: they sit in shared-memory regions (memfds) that the
client creates, sends once with MAP_REGION (the descriptor rides along as SCM_RIGHTS ancillary
data of that frame's header) and both sides keep mapped.

Every frame is a 24-byte little-endian header followed by `payload_len` payload bytes:

    u32 magic         0x48584c56 ("VLXH")
    u16 version       VERSION
    u16 opcode        a request opcode, opcode | REPLY for its answer, or ERROR
    u64 request_id    chosen by the client, echoed in the answer
    u32 payload_len   at most MAX_PAYLOAD
    u32 flags         0 (reserved)

Requests and their payloads (-> the answer's payload); all integers little-endian:

    HELLO        -                                         -> UTF-8 JSON: driver, device, pid,
                                                              memory statistics, live buffers
    MAP_REGION   u32 region, u64 size  (+1 fd)             -> -
    UNMAP_REGION u32 region                                -> -
    LOAD_MODULE  UTF-8 path of a .vmfb                     -> u64 module, u32 num_functions
    UPLOAD       u8 dtype, u8 rank, u16 0, u32 region,     -> u64 buffer
                 u64 offset, u64 nbytes, i64 dims[rank]
    EXECUTE      u64 module, u32 nargs, u64 buffer[nargs], -> u32 nresults, then per result:
                 u8 donate[nargs]                             u64 buffer, u8 dtype, u8 rank,
                                                              i64 dims[rank]
    DOWNLOAD     u64 buffer, u32 region, u64 offset,       -> u64 nbytes written at offset
                 u64 capacity
    COPY         u64 buffer                                -> u64 buffer (a device-side copy)
    LOAD_PARAMETERS UTF-8 scope, then "\n" + path per file -> u32 entries in the scope: maps the
                 files (safetensors or irpa) as the parameter archive of `scope`, which every
                 module loaded afterwards reads its `#flow.parameter.named<"scope"::key>` from
    FREE         u32 count, u64 buffer[count]              (no answer: fire and forget)
    UNLOAD       u64 module                                (no answer: fire and forget)
    SHUTDOWN     -                                         -> -, then the host exits 0

An ERROR answer carries u16 kind (ERR_*) and a UTF-8 message. A frame with a bad magic or version,
or a payload over MAX_PAYLOAD, leaves the stream unsynchronised: the host answers ERROR
(ERR_PROTOCOL, request id 0) and exits with status 2. Any other bad request gets an ERROR answer
and the host keeps serving.

The constants (magic, VERSION, opcodes, error kinds, dtype codes) live in protocol.json, the one
description both sides take them from; dtype codes are explicit there (bool is one byte per
element).
"""

import json
import pathlib
import struct

# The protocol's one description, shared with the C++ side (CMake generates iree_protocol.h from
# it): magic, version, opcodes, error kinds and explicit dtype codes.
SPEC = json.loads((pathlib.Path(__file__).with_name("protocol.json")).read_text(encoding="utf-8"))

MAGIC = SPEC["magic"]
VERSION = SPEC["version"]
HEADER = struct.Struct("<IHHQII")
assert HEADER.size == SPEC["header_size"]
MAX_PAYLOAD = SPEC["max_payload"]

HELLO = SPEC["opcodes"]["HELLO"]
MAP_REGION = SPEC["opcodes"]["MAP_REGION"]
UNMAP_REGION = SPEC["opcodes"]["UNMAP_REGION"]
LOAD_MODULE = SPEC["opcodes"]["LOAD_MODULE"]
UPLOAD = SPEC["opcodes"]["UPLOAD"]
EXECUTE = SPEC["opcodes"]["EXECUTE"]
DOWNLOAD = SPEC["opcodes"]["DOWNLOAD"]
FREE = SPEC["opcodes"]["FREE"]
UNLOAD = SPEC["opcodes"]["UNLOAD"]
SHUTDOWN = SPEC["opcodes"]["SHUTDOWN"]
COPY = SPEC["opcodes"]["COPY"]
LOAD_PARAMETERS = SPEC["opcodes"]["LOAD_PARAMETERS"]

REPLY = SPEC["reply_bit"]
ERROR = SPEC["error_opcode"]

ERR_PROTOCOL = SPEC["errors"]["PROTOCOL"]  # malformed frame or payload
ERR_INVALID = SPEC["errors"]["INVALID"]  # a request the host cannot honour (dtype, size, shape)
ERR_NOT_FOUND = SPEC["errors"]["NOT_FOUND"]  # unknown module, buffer or region id
ERR_RUNTIME = SPEC["errors"]["RUNTIME"]  # IREE itself failed (load, invoke, transfer)

# Wire code -> numpy dtype name (bf16 via ml_dtypes), from the explicit codes.
DTYPE_NAMES = {d["code"]: d["numpy"] for d in SPEC["dtypes"]}

REGION = struct.Struct("<IQ")
UPLOAD_FIXED = struct.Struct("<BBHIQQ")
DOWNLOAD_REQ = struct.Struct("<QIQQ")
U32 = struct.Struct("<I")
U64 = struct.Struct("<Q")
ERROR_KIND = struct.Struct("<H")


def pack_header(opcode: int, request_id: int, payload_len: int) -> bytes:
    return HEADER.pack(MAGIC, VERSION, opcode, request_id, payload_len, 0)


def frame(opcode: int, request_id: int, payload: bytes = b"") -> bytes:
    return pack_header(opcode, request_id, len(payload)) + payload


def error_payload(kind: int, message: str) -> bytes:
    return ERROR_KIND.pack(kind) + message.encode("utf-8", "replace")


def pack_upload(dtype: int, dims, region: int, offset: int, nbytes: int) -> bytes:
    return UPLOAD_FIXED.pack(dtype, len(dims), 0, region, offset, nbytes) + struct.pack(
        f"<{len(dims)}q", *dims)


def pack_execute(module: int, buffers, donate) -> bytes:
    n = len(buffers)
    return (struct.pack(f"<QI{n}Q", module, n, *buffers) + bytes(1 if d else 0 for d in donate))


def unpack_results(payload: bytes):
    """[(buffer, dtype code, dims)] from an EXECUTE answer."""
    (count,) = U32.unpack_from(payload, 0)
    pos, results = 4, []
    for _ in range(count):
        buffer, dtype, rank = struct.unpack_from("<QBB", payload, pos)
        pos += 10
        dims = struct.unpack_from(f"<{rank}q", payload, pos)
        pos += 8 * rank
        results.append((buffer, dtype, list(dims)))
    return results
