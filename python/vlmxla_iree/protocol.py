"""The binary protocol between vlmxla's IreeExecutor (C++) and the IREE runtime host (host.py).

src/vlmxla/runtime/iree_host_client.cc implements the same framing; change both together and bump
VERSION.

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
    FREE         u32 count, u64 buffer[count]              (no answer: fire and forget)
    UNLOAD       u64 module                                (no answer: fire and forget)
    SHUTDOWN     -                                         -> -, then the host exits 0

An ERROR answer carries u16 kind (ERR_*) and a UTF-8 message. A frame with a bad magic or version,
or a payload over MAX_PAYLOAD, leaves the stream unsynchronised: the host answers ERROR
(ERR_PROTOCOL, request id 0) and exits with status 2. Any other bad request gets an ERROR answer
and the host keeps serving.

dtype codes follow vlmxla::DType: 0 f32, 1 f16, 2 bf16, 3 f64, 4 i64, 5 i32, 6 i16, 7 i8, 8 u8,
9 bool (one byte per element).
"""

import struct

MAGIC = 0x48584C56
VERSION = 1
HEADER = struct.Struct("<IHHQII")
MAX_PAYLOAD = 16 << 20

HELLO = 1
MAP_REGION = 2
UNMAP_REGION = 3
LOAD_MODULE = 4
UPLOAD = 5
EXECUTE = 6
DOWNLOAD = 7
FREE = 8
UNLOAD = 9
SHUTDOWN = 10

REPLY = 0x8000
ERROR = 0xFFFF

ERR_PROTOCOL = 1  # malformed frame or payload
ERR_INVALID = 2  # well-formed request the host cannot honour (bad dtype, size, shape)
ERR_NOT_FOUND = 3  # unknown module, buffer or region id
ERR_RUNTIME = 4  # IREE itself failed (load, invoke, transfer)

# vlmxla::DType order; numpy dtype names (bf16 via ml_dtypes).
DTYPES = ("float32", "float16", "bfloat16", "float64", "int64", "int32", "int16", "int8",
          "uint8", "bool")

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
