#include "vlmxla/runtime/pjrt_ffi_matvec.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "pjrt_c_api.h"
#include "vlmxla/base/quantize.h"
#include "vlmxla/runtime/cpu_isa.h"
#include "vlmxla/runtime/decode_attention.h"
#include "vlmxla/runtime/quantized_matvec.h"
#include "xla/ffi/api/c_api.h"

namespace vlmxla::runtime {
namespace {

// The PJRT FFI extension (PJRT_Extension_Type_FFI) as XLA's xla/pjrt/c/pjrt_c_api_ffi_extension.h
// lays it out in the plugin we pin; that header ships in no wheel, so the structs this file uses
// are declared here, field for field. The plugin's PJRT_FFI_Register_Handler reads these fields
// (its disassembly: 52 bytes at least, the handler at offset 24, the traits at 48) and registers
// the handler for the execute stage of a typed (api_version 4) custom call.
struct FfiRegisterHandlerArgs {
  size_t struct_size;
  const char* target_name;
  size_t target_name_size;
  void* handler;  // XLA_FFI_Handler*
  const char* platform_name;
  size_t platform_name_size;
  uint32_t traits;  // PJRT_FFI_Handler_TraitsBits
};
constexpr size_t kFfiRegisterHandlerArgsSize =
    offsetof(FfiRegisterHandlerArgs, traits) + sizeof(uint32_t);
using FfiRegisterHandler = PJRT_Error*(FfiRegisterHandlerArgs*);
struct FfiExtension {
  PJRT_Extension_Base base;
  void* type_id_register;
  void* user_data_add;
  FfiRegisterHandler* register_handler;
};

// Outputs per chunk of work: at least 64 (a chunk costs an atomic add), and 8 chunks per thread,
// so that the caller takes over the chunks of a pool thread that starts late (a loaded machine).
constexpr int64_t kMinOutputsPerChunk = 64, kChunksPerThread = 8;
// Multiply-adds (rows x out x in) per thread: a smaller product runs on the caller's thread
// alone, where waking a pool thread (and, on a loaded machine, waiting for its chunk) costs more
// than it saves (the 896 x 896 int8 projection at one row: 0.035 ms on one thread, 0.14 ms a call
// across two). Counted in work, not in weight bytes: an int4 weight holds two values a byte (by
// bytes its 4864 x 896 projections ran on one thread), and a prefill's rows multiply the work.
constexpr int64_t kMinMacsPerThread = 2 << 20;

// One call's work, shared with the tasks it schedules: every thread, the caller included, takes
// the next chunk until none is left, so the call finishes even if the pool runs none of its
// tasks, and a task that starts after the call returned finds nothing to do. A call's operands
// live in the object that derives from this, which the tasks keep alive.
struct SharedCall {
  virtual ~SharedCall() = default;
  virtual void RunChunk(int64_t c) = 0;
  int64_t chunks = 0;
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> done{0};

  void Work() {
    for (int64_t c; (c = next.fetch_add(1)) < chunks;) {
      RunChunk(c);
      done.fetch_add(1, std::memory_order_release);
    }
  }
};

// A product in chunks of outputs, on rows prepared once before the chunks run: the float
// loops' (MatvecRows) or W8A8's quantized ones (ActivationRows).
template <class Rows, class Product, void (*Run)(const Product&, int64_t, int64_t, MatvecIsa)>
struct ProductCall : SharedCall {
  Rows rows;
  Product product;
  MatvecIsa isa = MatvecIsa::kAuto;
  int64_t chunk = 0;
  void RunChunk(int64_t c) override {
    const int64_t begin = c * chunk;
    Run(product, begin, std::min(product.out, begin + chunk), isa);
  }
};
using MatvecCall = ProductCall<MatvecRows, QuantizedMatvec, RunQuantizedMatvec>;
using W8A8Call = ProductCall<ActivationRows, W8A8Matmul, RunW8A8Matmul>;
using W4A8Call = ProductCall<ActivationRows, W4A8Matmul, RunW4A8Matmul>;

// One slot's decode attention, a chunk per kv head, each thread with scratch of its own.
struct AttentionCall : SharedCall {
  DecodeAttention attention;
  MatvecIsa isa = MatvecIsa::kAuto;
  void RunChunk(int64_t c) override {
    thread_local std::vector<float> scratch;
    const size_t need = static_cast<size_t>(DecodeAttentionScratch(attention));
    if (scratch.size() < need) scratch.resize(need);
    RunDecodeAttention(attention, c, c + 1, scratch.data(), isa);
  }
};

// The instruction set the kernel may use: at most what XLA compiles for (XLA_FLAGS'
// --xla_cpu_max_isa, read once when the calls are registered), so that a user who holds XLA to
// AVX2 holds this kernel to it too.
std::atomic<MatvecIsa> g_isa{MatvecIsa::kAuto};

// The XLA FFI API these handlers are written to: the call frame as version 0.2 lays it out. The
// headers (jaxlib 0.10.2) are 0.3, whose call frame adds a `future` that the pinned plugin's XLA
// (0.2: a 168-byte call frame) does not pass, and whose C++ binding (ffi.h) therefore refuses
// every call; XLA refuses to register a handler that declares a newer version than its own. So
// the handlers use only c_api.h's structs and fields that 0.2 has, and declare 0.2.
constexpr int kFfiApiMajor = 0, kFfiApiMinor = 2;
constexpr size_t kCallFrameSize = offsetof(XLA_FFI_CallFrame, attrs) + sizeof(XLA_FFI_Attrs);

XLA_FFI_Error* FfiError(const XLA_FFI_Api* api, XLA_FFI_Error_Code code, const std::string& text) {
  XLA_FFI_Error_Create_Args args{};
  args.struct_size = offsetof(XLA_FFI_Error_Create_Args, errc) + sizeof(XLA_FFI_Error_Code);
  args.message = text.c_str();
  args.errc = code;
  return api->XLA_FFI_Error_Create(&args);
}

// The handler's metadata (what XLA asks at registration): the API version and no traits.
XLA_FFI_Error* Metadata(const XLA_FFI_CallFrame* frame) {
  auto* ext = reinterpret_cast<XLA_FFI_Metadata_Extension*>(frame->extension_start);
  if (ext->extension_base.struct_size < sizeof(XLA_FFI_Metadata_Extension) ||
      ext->metadata->struct_size < offsetof(XLA_FFI_Metadata, traits) + sizeof(uint32_t)) {
    return FfiError(frame->api, XLA_FFI_Error_Code_FAILED_PRECONDITION,
                    "XLA FFI metadata structs older than API 0.2");
  }
  ext->metadata->api_version = {sizeof(XLA_FFI_Api_Version), nullptr, kFfiApiMajor, kFfiApiMinor};
  ext->metadata->traits = 0;
  if (ext->metadata->struct_size >= sizeof(XLA_FFI_Metadata)) {
    ext->metadata->state_type_id = XLA_FFI_UNKNOWN_TYPE_ID;
  }
  return nullptr;
}

// What every handler checks first: a call frame laid out as API 0.2 lays it out (else an error),
// and XLA's metadata query (answered). True when `*answer` is the call's whole answer.
bool Answered(XLA_FFI_CallFrame* frame, XLA_FFI_Error** answer) {
  if (frame->struct_size < kCallFrameSize) {
    *answer = FfiError(frame->api, XLA_FFI_Error_Code_FAILED_PRECONDITION,
                       "XLA FFI call frame of " + std::to_string(frame->struct_size) +
                           " bytes, older than API 0.2");
    return true;
  }
  if (frame->extension_start != nullptr &&
      frame->extension_start->type == XLA_FFI_Extension_Metadata) {
    *answer = Metadata(frame);
    return true;
  }
  return false;
}

// Argument i / result i of the call frame, if it is a buffer (else null).
const XLA_FFI_Buffer* ArgBuffer(const XLA_FFI_CallFrame* frame, int64_t i) {
  const XLA_FFI_Args& a = frame->args;
  if (i >= a.size || a.types[i] != XLA_FFI_ArgType_BUFFER) return nullptr;
  return static_cast<const XLA_FFI_Buffer*>(a.args[i]);
}
const XLA_FFI_Buffer* RetBuffer(const XLA_FFI_CallFrame* frame, int64_t i) {
  const XLA_FFI_Rets& r = frame->rets;
  if (i >= r.size || r.types[i] != XLA_FFI_RetType_BUFFER) return nullptr;
  return static_cast<const XLA_FFI_Buffer*>(r.rets[i]);
}

int64_t Elements(const XLA_FFI_Buffer* b) {
  int64_t n = 1;
  for (int64_t d = 0; d < b->rank; ++d) n *= b->dims[d];
  return n;
}

std::string Dims(const XLA_FFI_Buffer* b) {
  std::string s = "[";
  for (int64_t d = 0; d < b->rank; ++d) s += (d ? ", " : "") + std::to_string(b->dims[d]);
  return s + "]";
}

int64_t PoolThreads(const XLA_FFI_Api* api, XLA_FFI_ExecutionContext* ctx) {
  int64_t threads = 0;
  XLA_FFI_ThreadPool_NumThreads_Args args{};
  args.struct_size = sizeof(args);
  args.ctx = ctx;
  args.num_threads = &threads;
  if (XLA_FFI_Error* error = api->XLA_FFI_ThreadPool_NumThreads(&args)) {
    XLA_FFI_Error_Destroy_Args destroy{};
    destroy.struct_size = sizeof(destroy);
    destroy.error = error;
    api->XLA_FFI_Error_Destroy(&destroy);
    return 1;  // no pool: the caller's thread does it all
  }
  return threads;
}

// Runs `call`'s chunks on `threads` threads: the caller's and up to threads - 1 of the FFI's pool.
void RunOnPool(const XLA_FFI_Api* api, XLA_FFI_ExecutionContext* ctx,
               const std::shared_ptr<SharedCall>& call, int64_t threads) {
  for (int64_t t = 1; t < std::min(threads, call->chunks); ++t) {
    // The task owns a reference to the call; a pool that cannot take it leaves the chunk to us.
    auto* task_call = new std::shared_ptr<SharedCall>(call);
    XLA_FFI_ThreadPool_Schedule_Args args{};
    args.struct_size = sizeof(args);
    args.ctx = ctx;
    args.task = [](void* data) {
      auto* c = static_cast<std::shared_ptr<SharedCall>*>(data);
      (*c)->Work();
      delete c;
    };
    args.data = task_call;
    if (XLA_FFI_Error* error = api->XLA_FFI_ThreadPool_Schedule(&args)) {
      XLA_FFI_Error_Destroy_Args destroy{};
      destroy.struct_size = sizeof(destroy);
      destroy.error = error;
      api->XLA_FFI_Error_Destroy(&destroy);
      delete task_call;
      break;
    }
  }
  call->Work();
  // The chunks other threads took are short (a slice of one product): wait for them here.
  while (call->done.load(std::memory_order_acquire) < call->chunks) std::this_thread::yield();
}

// The chunk of outputs each of `threads` threads' chunks takes for a product of `macs`
// multiply-adds and `out` outputs, a multiple of `align`; and the threads worth waking.
struct Chunking {
  int64_t threads, chunk;
};
Chunking ChunksOf(const XLA_FFI_Api* api, XLA_FFI_ExecutionContext* ctx, int64_t macs, int64_t out,
                  int64_t align) {
  const int64_t threads =
      std::max<int64_t>(1, std::min(macs / kMinMacsPerThread, PoolThreads(api, ctx)));
  int64_t chunk = std::max(kMinOutputsPerChunk,
                           (out + threads * kChunksPerThread - 1) / (threads * kChunksPerThread));
  chunk = (chunk + align - 1) / align * align;
  return {threads, chunk};
}

// (x [rows, in] f32 or bf16, q i8, scales f32) -> y f32 [rows, out] (base/quantize.h's targets);
// quant kNone: (x, w bf16 [out, in]) -> y.
XLA_FFI_Error* Matvec(WeightQuant quant, XLA_FFI_CallFrame* frame) {
  if (XLA_FFI_Error* answer = nullptr; Answered(frame, &answer)) return answer;
  const XLA_FFI_Api* api = frame->api;
  const bool bf16 = quant == WeightQuant::kNone;
  const char* target = bf16                          ? kBf16MatvecTarget
                       : quant == WeightQuant::kInt4 ? kInt4MatvecTarget
                       : quant == WeightQuant::kW8A8 ? kW8A8MatmulTarget
                                                     : kInt8MatvecTarget;
  const XLA_FFI_Buffer* x = ArgBuffer(frame, 0);
  const XLA_FFI_Buffer* q = ArgBuffer(frame, 1);
  const XLA_FFI_Buffer* scales = bf16 ? nullptr : ArgBuffer(frame, 2);
  const XLA_FFI_Buffer* y = RetBuffer(frame, 0);
  // The operands each target takes: x and y alike, then the weight's (q, and its scales).
  const int32_t weight_type = bf16 ? XLA_FFI_DataType_BF16 : XLA_FFI_DataType_S8;
  const char* weight_operands = bf16 ? "w bf16 [out, in]" : "q i8 [out, in], scales f32";
  if (frame->args.size != (bf16 ? 2 : 3) || frame->rets.size != 1 || !x || !q ||
      (!bf16 && !scales) || !y || x->rank != 2 || q->rank != 2 ||
      (x->dtype != XLA_FFI_DataType_F32 && x->dtype != XLA_FFI_DataType_BF16) ||
      q->dtype != weight_type || (scales && scales->dtype != XLA_FFI_DataType_F32) ||
      y->dtype != XLA_FFI_DataType_F32) {
    return FfiError(
        api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
        std::string(target) + ": wants (x f32 or bf16 [rows, in], " + weight_operands + ") -> f32");
  }
  const int64_t rows = x->dims[0], in = x->dims[1], out = q->dims[0];
  const bool int4 = quant == WeightQuant::kInt4;
  const int64_t want_scales = int4 ? out * (in / kInt4GroupSize) : out;
  if (rows < 1 || q->dims[1] != (int4 ? in / 2 : in) || (int4 && in % kInt4GroupSize != 0) ||
      (scales && Elements(scales) != want_scales) || Elements(y) != rows * out) {
    const char* takes = bf16   ? ", w [out, in]"
                        : int4 ? " with in a multiple of 32, q [out, in / 2], scales [out, in / 32]"
                               : ", q [out, in], scales [out]";
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(target) + ": x " + Dims(x) + (bf16 ? ", w " : ", q ") + Dims(q) +
                        (scales ? ", scales " + Dims(scales) : std::string()) + " and result " +
                        Dims(y) + " do not fit; it takes x [rows, in] with rows >= 1" + takes +
                        ", result [rows, out]");
  }
  const bool x_bf16 = x->dtype == XLA_FFI_DataType_BF16;
  const auto* qv = static_cast<const int8_t*>(q->data);
  const float* sv = scales ? static_cast<const float*>(scales->data) : nullptr;
  auto* yv = static_cast<float*>(y->data);
  const Chunking chunking = ChunksOf(api, frame->ctx, rows * out * in, out, 1);
  const int64_t threads = chunking.threads, chunk = chunking.chunk;
  const MatvecIsa isa = g_isa.load(std::memory_order_relaxed);
  auto start = [&](auto call) {
    call->isa = isa;
    call->chunk = chunk;
    call->chunks = (out + chunk - 1) / chunk;
    return std::shared_ptr<SharedCall>(call);
  };
  std::shared_ptr<SharedCall> shared;
  if (QuantizesActivations(quant)) {
    auto call = std::make_shared<W8A8Call>();
    QuantizeActivationRows(x->data, x_bf16, rows, in, call->rows, isa);
    call->product = {&call->rows, qv, sv, out, yv};
    shared = start(call);
  } else {
    auto call = std::make_shared<MatvecCall>();
    PrepareMatvecRows(x->data, x_bf16, rows, in, quant, call->rows);
    call->product = {quant, &call->rows, qv, sv, out, yv};
    shared = start(call);
  }
  RunOnPool(api, frame->ctx, shared, threads);
  return nullptr;
}

// (x [rows, in] f32 or bf16, q i8 [blocks, in / 32, 256], scales bf16 [blocks, in / 32, 16]) ->
// y f32 [rows, out] (base/quantize.h's kW4A8MatmulTarget), out within the last block.
XLA_FFI_Error* W4A8MatmulHandler(XLA_FFI_CallFrame* frame) {
  if (XLA_FFI_Error* answer = nullptr; Answered(frame, &answer)) return answer;
  const XLA_FFI_Api* api = frame->api;
  const XLA_FFI_Buffer* x = ArgBuffer(frame, 0);
  const XLA_FFI_Buffer* q = ArgBuffer(frame, 1);
  const XLA_FFI_Buffer* scales = ArgBuffer(frame, 2);
  const XLA_FFI_Buffer* y = RetBuffer(frame, 0);
  if (frame->args.size != 3 || frame->rets.size != 1 || !x || !q || !scales || !y || x->rank != 2 ||
      q->rank != 3 || scales->rank != 3 || y->rank != 2 ||
      (x->dtype != XLA_FFI_DataType_F32 && x->dtype != XLA_FFI_DataType_BF16) ||
      q->dtype != XLA_FFI_DataType_S8 || scales->dtype != XLA_FFI_DataType_BF16 ||
      y->dtype != XLA_FFI_DataType_F32) {
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(kW4A8MatmulTarget) +
                        ": wants (x f32 or bf16 [rows, in], q i8 [blocks, in / 32, 256], scales "
                        "bf16 [blocks, in / 32, 16]) -> f32 [rows, out]");
  }
  const int64_t rows = x->dims[0], in = x->dims[1], out = y->dims[1];
  const int64_t blocks = q->dims[0], groups = in / kInt4GroupSize;
  if (rows < 1 || in % kInt4GroupSize != 0 || q->dims[1] != groups ||
      q->dims[2] != kW4A8BlockBytes || scales->dims[0] != blocks || scales->dims[1] != groups ||
      scales->dims[2] != kW4A8BlockOutputs || y->dims[0] != rows || out < 1 ||
      out > blocks * kW4A8BlockOutputs || out <= (blocks - 1) * kW4A8BlockOutputs) {
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(kW4A8MatmulTarget) + ": x " + Dims(x) + ", q " + Dims(q) +
                        ", scales " + Dims(scales) + " and result " + Dims(y) +
                        " do not fit; it takes x [rows, in] with rows >= 1 and in a multiple of "
                        "32, q [ceil(out / 16), in / 32, 256], scales [ceil(out / 16), in / 32, "
                        "16], result [rows, out]");
  }
  const MatvecIsa isa = g_isa.load(std::memory_order_relaxed);
  const Chunking c = ChunksOf(api, frame->ctx, rows * out * in, out, kW4A8BlockOutputs);
  auto call = std::make_shared<W4A8Call>();
  QuantizeActivationRows(x->data, x->dtype == XLA_FFI_DataType_BF16, rows, in, call->rows, isa,
                         /*group_sums=*/true);
  call->product = {&call->rows, static_cast<const int8_t*>(q->data),
                   static_cast<const uint16_t*>(scales->data), out, static_cast<float*>(y->data)};
  call->isa = isa;
  call->chunk = c.chunk;
  call->chunks = (out + c.chunk - 1) / c.chunk;
  RunOnPool(api, frame->ctx, call, c.threads);
  return nullptr;
}

XLA_FFI_Error* Int8MatvecHandler(XLA_FFI_CallFrame* frame) {
  return Matvec(WeightQuant::kInt8, frame);
}
XLA_FFI_Error* Int4MatvecHandler(XLA_FFI_CallFrame* frame) {
  return Matvec(WeightQuant::kInt4, frame);
}
XLA_FFI_Error* W8A8MatmulHandler(XLA_FFI_CallFrame* frame) {
  return Matvec(WeightQuant::kW8A8, frame);
}

XLA_FFI_Error* Bf16MatvecHandler(XLA_FFI_CallFrame* frame) {
  return Matvec(WeightQuant::kNone, frame);
}

// (q [kv, rep, hd], k [kv, rows, hd], v [kv, rows, hd], position s32 [], scaling f32 []) -> out
// [kv, rep, hd]: q, k, v and out all f32 or all bf16 (base/quantize.h's kDecodeAttentionTarget).
XLA_FFI_Error* DecodeAttentionHandler(XLA_FFI_CallFrame* frame) {
  if (XLA_FFI_Error* answer = nullptr; Answered(frame, &answer)) return answer;
  const XLA_FFI_Api* api = frame->api;
  const XLA_FFI_Buffer* q = ArgBuffer(frame, 0);
  const XLA_FFI_Buffer* k = ArgBuffer(frame, 1);
  const XLA_FFI_Buffer* v = ArgBuffer(frame, 2);
  const XLA_FFI_Buffer* position = ArgBuffer(frame, 3);
  const XLA_FFI_Buffer* scaling = ArgBuffer(frame, 4);
  const XLA_FFI_Buffer* out = RetBuffer(frame, 0);
  const auto same_type = [&](const XLA_FFI_Buffer* b) { return b->dtype == q->dtype; };
  if (frame->args.size != 5 || frame->rets.size != 1 || !q || !k || !v || !position || !scaling ||
      !out || (q->dtype != XLA_FFI_DataType_F32 && q->dtype != XLA_FFI_DataType_BF16) ||
      !same_type(k) || !same_type(v) || !same_type(out) ||
      position->dtype != XLA_FFI_DataType_S32 || Elements(position) != 1 ||
      scaling->dtype != XLA_FFI_DataType_F32 || Elements(scaling) != 1 || q->rank != 3 ||
      k->rank != 3 || v->rank != 3 || out->rank != 3) {
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(kDecodeAttentionTarget) +
                        ": wants (q [kv, rep, hd], k [kv, rows, hd], v [kv, rows, hd], position "
                        "s32 [], scaling f32 []) -> [kv, rep, hd], q, k, v and the result all f32 "
                        "or all bf16");
  }
  const int64_t kv = q->dims[0], rep = q->dims[1], hd = q->dims[2], rows = k->dims[1];
  if (k->dims[0] != kv || k->dims[2] != hd || v->dims[0] != kv || v->dims[1] != rows ||
      v->dims[2] != hd || out->dims[0] != kv || out->dims[1] != rep || out->dims[2] != hd ||
      hd > kMaxDecodeAttentionHeadDim) {
    return FfiError(
        api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
        std::string(kDecodeAttentionTarget) + ": q " + Dims(q) + ", k " + Dims(k) + ", v " +
            Dims(v) + " and result " + Dims(out) +
            " do not fit; it takes q [kv, rep, hd], k and v [kv, rows, hd] with hd <= " +
            std::to_string(kMaxDecodeAttentionHeadDim) + ", result [kv, rep, hd]");
  }
  auto call = std::make_shared<AttentionCall>();
  call->isa = g_isa.load(std::memory_order_relaxed);
  DecodeAttention& a = call->attention;
  a.bf16 = q->dtype == XLA_FFI_DataType_BF16;
  a.q = q->data;
  a.k = k->data;
  a.v = v->data;
  a.kv = kv;
  a.rep = rep;
  a.hd = hd;
  a.rows = rows;
  a.position = *static_cast<const int32_t*>(position->data);
  a.scaling = *static_cast<const float*>(scaling->data);
  a.out = out->data;
  call->chunks = kv;
  // The scores' and the context's multiply-adds, at least kMinMacsPerThread a thread: one slot's
  // step at a few hundred positions runs on the caller's thread alone (splitting the bench's
  // ~800-position calls measured slower).
  const int64_t macs = 2 * kv * rep * hd * DecodeAttentionRows(a);
  const int64_t threads =
      std::max<int64_t>(1, std::min(macs / kMinMacsPerThread, PoolThreads(api, frame->ctx)));
  RunOnPool(api, frame->ctx, call, threads);
  return nullptr;
}

std::string PjrtErrorText(const PJRT_Api* api, PJRT_Error* error) {
  PJRT_Error_Message_Args message{};
  message.struct_size = PJRT_Error_Message_Args_STRUCT_SIZE;
  message.error = error;
  api->PJRT_Error_Message(&message);
  std::string text(message.message, message.message_size);
  PJRT_Error_Destroy_Args destroy{};
  destroy.struct_size = PJRT_Error_Destroy_Args_STRUCT_SIZE;
  destroy.error = error;
  api->PJRT_Error_Destroy(&destroy);
  return text;
}

}  // namespace

Status RegisterQuantizedMatvecCalls(const PJRT_Api* api) {
  const FfiExtension* ext = nullptr;
  for (const PJRT_Extension_Base* e = api->extension_start; e != nullptr; e = e->next) {
    if (e->type == PJRT_Extension_Type_FFI) ext = reinterpret_cast<const FfiExtension*>(e);
  }
  if (ext == nullptr) {
    return Unimplemented("the PJRT plugin has no FFI extension (PJRT_Extension_Type_FFI)");
  }
  if (ext->base.struct_size < offsetof(FfiExtension, register_handler) + sizeof(void*) ||
      ext->register_handler == nullptr) {
    return Unimplemented("the PJRT plugin's FFI extension (" +
                         std::to_string(ext->base.struct_size) +
                         " bytes) has no PJRT_FFI_Register_Handler");
  }
  const std::pair<const char*, XLA_FFI_Handler*> calls[] = {
      {kInt8MatvecTarget, Int8MatvecHandler}, {kInt4MatvecTarget, Int4MatvecHandler},
      {kW8A8MatmulTarget, W8A8MatmulHandler}, {kW4A8MatmulTarget, W4A8MatmulHandler},
      {kBf16MatvecTarget, Bf16MatvecHandler}, {kDecodeAttentionTarget, DecodeAttentionHandler}};
  const char* xla_flags = std::getenv("XLA_FLAGS");
  g_isa.store(MatvecIsaWithin(XlaCpuIsa(HostCpuIsa(), xla_flags ? xla_flags : "")));
  static constexpr char kPlatform[] = "Host";  // XLA's name for its CPU platform
  for (const auto& [target, handler] : calls) {
    FfiRegisterHandlerArgs args{};
    args.struct_size = kFfiRegisterHandlerArgsSize;
    args.target_name = target;
    args.target_name_size = std::char_traits<char>::length(target);
    args.handler = reinterpret_cast<void*>(handler);
    args.platform_name = kPlatform;
    args.platform_name_size = sizeof(kPlatform) - 1;
    if (PJRT_Error* error = ext->register_handler(&args)) {
      return FailedPrecondition(std::string("registering the custom call ") + target +
                                    " for platform " + kPlatform + ": " + PjrtErrorText(api, error),
                                "pjrt_ffi_register_failed");
    }
  }
  return Status::Ok();
}

}  // namespace vlmxla::runtime
