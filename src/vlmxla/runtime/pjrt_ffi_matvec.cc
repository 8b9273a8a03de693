#include "vlmxla/runtime/pjrt_ffi_matvec.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "pjrt_c_api.h"
#include "vlmxla/base/quantize.h"
#include "vlmxla/runtime/cpu_isa.h"
#include "vlmxla/runtime/decode_attention.h"
#include "vlmxla/runtime/polling_pool.h"
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

// The products of one call, on rows prepared once before the chunks run (the float loops'
// MatvecRows, or the quantized ones of W8A8 and W4A8, ActivationRows): one weight's, or several
// weights' of the same rows (a layer's q, k and v; its gate and up), each with its own result,
// their outputs chunked together so that the threads share all of them.
template <class Rows, class Product, void (*Run)(const Product&, int64_t, int64_t, MatvecIsa)>
struct ProductsCall : SharedCall {
  struct Span {
    size_t product;
    int64_t begin, end;
  };
  Rows rows;
  std::vector<Product> products;
  std::vector<Span> spans;  // one a chunk
  MatvecIsa isa = MatvecIsa::kAuto;
  void RunChunk(int64_t c) override {
    const Span& s = spans[c];
    Run(products[s.product], s.begin, s.end, isa);
  }
  int64_t Outputs() const {
    int64_t n = 0;
    for (const Product& p : products) n += p.out;
    return n;
  }
  // Every product's outputs in chunks of `chunk` (each product's last one shorter).
  void Split(int64_t chunk) {
    for (size_t p = 0; p < products.size(); ++p) {
      for (int64_t begin = 0; begin < products[p].out; begin += chunk) {
        spans.push_back({p, begin, std::min(products[p].out, begin + chunk)});
      }
    }
    chunks = static_cast<int64_t>(spans.size());
  }
};
using MatvecCall = ProductsCall<MatvecRows, QuantizedMatvec, RunQuantizedMatvec>;
using W8A8Call = ProductsCall<ActivationRows, W8A8Matmul, RunW8A8Matmul>;
using W4A8Call = ProductsCall<ActivationRows, W4A8Matmul, RunW4A8Matmul>;

std::string Dims(const XLA_FFI_Buffer* b) {
  std::string s = "[";
  for (int64_t d = 0; d < b->rank; ++d) s += (d ? ", " : "") + std::to_string(b->dims[d]);
  return s + "]";
}

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

// Runs `call`'s chunks on `threads` threads: the caller's and up to threads - 1 workers of the
// process's PollingPool, which has as many threads as XLA's intra-op pool less one (the caller).
void RunOnPool(const XLA_FFI_Api* api, XLA_FFI_ExecutionContext* ctx,
               const std::shared_ptr<SharedCall>& call, int64_t threads) {
  const int64_t helpers = std::min(threads, call->chunks) - 1;
  if (helpers <= 0) {
    call->Work();
    return;
  }
  PollingPool::Shared(PoolThreads(api, ctx) - 1).Run(call, helpers);
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

// Runs `call`'s products (their results set) on the pool: the outputs of all of them in chunks
// that are multiples of `align`, on as many threads as their multiply-adds are worth.
template <class Call>
void SplitAndRun(const XLA_FFI_Api* api, XLA_FFI_ExecutionContext* ctx,
                 const std::shared_ptr<Call>& call, int64_t macs_per_output, int64_t align,
                 MatvecIsa isa) {
  const int64_t outputs = call->Outputs();
  const Chunking c = ChunksOf(api, ctx, macs_per_output * outputs, outputs, align);
  call->isa = isa;
  call->Split(c.chunk);
  RunOnPool(api, ctx, call, c.threads);
}

// A product's weight operands: q (a bf16 weight's w) and, with scales, its scales.
struct WeightOperands {
  const XLA_FFI_Buffer* q = nullptr;
  const XLA_FFI_Buffer* scales = nullptr;
};
// The weights after x: `per` operands each (1: w; 2: q and scales), none where the operands do
// not divide into them. An operand that is not a buffer is null.
std::vector<WeightOperands> Weights(const XLA_FFI_CallFrame* frame, int64_t per) {
  const int64_t n = frame->args.size - 1;
  if (n < per || n % per != 0) return {};
  std::vector<WeightOperands> weights(n / per);
  for (int64_t p = 0; p < n / per; ++p) {
    weights[p].q = ArgBuffer(frame, 1 + p * per);
    if (per == 2) weights[p].scales = ArgBuffer(frame, 2 + p * per);
  }
  return weights;
}

// What a product call's result must hold: `rows` x `outs` of each product, one after another.
// One product's result may be [rows, out]; several products' results are one buffer of
// rows * (out_1 + ... + out_k) values, product i's [rows, out_i] after those before it.
std::string ResultRule(bool several) {
  return several ? "result of rows * (out_1 + ... + out_k) values" : "result [rows, out]";
}

// (x [rows, in] f32 or bf16, then for each of k >= 1 products q i8 and scales f32) -> y f32
// (base/quantize.h's targets; ResultRule); quant kNone: (x, then k weights w bf16 [out, in]) -> y.
XLA_FFI_Error* Matvec(WeightQuant quant, XLA_FFI_CallFrame* frame) {
  if (XLA_FFI_Error* answer = nullptr; Answered(frame, &answer)) return answer;
  const XLA_FFI_Api* api = frame->api;
  const bool bf16 = quant == WeightQuant::kNone;
  const char* target = ProductTarget(quant);
  const std::vector<WeightOperands> weights = Weights(frame, bf16 ? 1 : 2);
  const XLA_FFI_Buffer* x = ArgBuffer(frame, 0);
  const XLA_FFI_Buffer* y = RetBuffer(frame, 0);
  // The operands each target takes: x and y alike, then the weights' (q, and its scales).
  const int32_t weight_type = bf16 ? XLA_FFI_DataType_BF16 : XLA_FFI_DataType_S8;
  const char* weight_operands = bf16 ? "w bf16 [out, in]" : "q i8 [out, in], scales f32";
  bool typed = !weights.empty() && frame->rets.size == 1 && x && y && x->rank == 2 &&
               (x->dtype == XLA_FFI_DataType_F32 || x->dtype == XLA_FFI_DataType_BF16) &&
               y->dtype == XLA_FFI_DataType_F32;
  for (const auto& [q, scales] : weights) {
    typed = typed && q && q->rank == 2 && q->dtype == weight_type &&
            (bf16 || (scales && scales->dtype == XLA_FFI_DataType_F32));
  }
  if (!typed) {
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(target) + ": wants (x f32 or bf16 [rows, in], then for each of " +
                        "one or more products " + weight_operands + ") -> f32");
  }
  const int64_t rows = x->dims[0], in = x->dims[1];
  const bool int4 = quant == WeightQuant::kInt4;
  bool fits = rows >= 1 && (!int4 || in % kInt4GroupSize == 0);
  std::string shapes = "x " + Dims(x);
  int64_t outputs = 0;
  for (const auto& [q, scales] : weights) {
    const int64_t out = q->dims[0];
    const int64_t want_scales = int4 ? out * (in / kInt4GroupSize) : out;
    fits =
        fits && q->dims[1] == (int4 ? in / 2 : in) && (!scales || Elements(scales) == want_scales);
    shapes +=
        (bf16 ? ", w " : ", q ") + Dims(q) + (scales ? ", scales " + Dims(scales) : std::string());
    outputs += out;
  }
  if (!fits || Elements(y) != rows * outputs) {
    const char* takes = bf16   ? ", w [out, in]"
                        : int4 ? " with in a multiple of 32, q [out, in / 2], scales [out, in / 32]"
                               : ", q [out, in], scales [out]";
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(target) + ": " + shapes + " and result " + Dims(y) +
                        " do not fit; it takes x [rows, in] with rows >= 1" + takes + ", " +
                        ResultRule(weights.size() > 1));
  }
  const bool x_bf16 = x->dtype == XLA_FFI_DataType_BF16;
  const MatvecIsa isa = g_isa.load(std::memory_order_relaxed);
  // Each product's result after the one before.
  auto* result = static_cast<float*>(y->data);
  auto next_result = [&](const XLA_FFI_Buffer* q) {
    float* at = result;
    result += rows * q->dims[0];
    return at;
  };
  auto qv = [](const XLA_FFI_Buffer* q) { return static_cast<const int8_t*>(q->data); };
  auto sv = [](const XLA_FFI_Buffer* s) {
    return s ? static_cast<const float*>(s->data) : nullptr;
  };
  if (QuantizesActivations(quant)) {
    auto call = std::make_shared<W8A8Call>();
    QuantizeActivationRows(x->data, x_bf16, rows, in, call->rows, isa);
    for (const auto& [q, scales] : weights) {
      call->products.push_back({&call->rows, qv(q), sv(scales), q->dims[0], next_result(q)});
    }
    SplitAndRun(api, frame->ctx, call, rows * in, 1, isa);
  } else {
    auto call = std::make_shared<MatvecCall>();
    PrepareMatvecRows(x->data, x_bf16, rows, in, quant, call->rows);
    for (const auto& [q, scales] : weights) {
      call->products.push_back({quant, &call->rows, qv(q), sv(scales), q->dims[0], next_result(q)});
    }
    SplitAndRun(api, frame->ctx, call, rows * in, 1, isa);
  }
  return nullptr;
}

// (x [rows, in] f32 or bf16, then for each of k >= 1 products q i8 [blocks, in / 32, 256] and
// scales bf16 [blocks, in / 32, 16]) -> y f32 (base/quantize.h's kW4A8MatmulTarget): one product's
// result [rows, out], out within its last block; several products' results one buffer
// (ResultRule), each product's out all of its blocks' outputs (16 a block).
XLA_FFI_Error* W4A8MatmulHandler(XLA_FFI_CallFrame* frame) {
  if (XLA_FFI_Error* answer = nullptr; Answered(frame, &answer)) return answer;
  const XLA_FFI_Api* api = frame->api;
  const std::vector<WeightOperands> weights = Weights(frame, 2);
  const size_t products = weights.size();
  const XLA_FFI_Buffer* x = ArgBuffer(frame, 0);
  const XLA_FFI_Buffer* y = RetBuffer(frame, 0);
  bool typed = products >= 1 && frame->rets.size == 1 && x && y && x->rank == 2 &&
               (x->dtype == XLA_FFI_DataType_F32 || x->dtype == XLA_FFI_DataType_BF16) &&
               y->dtype == XLA_FFI_DataType_F32 && (products > 1 || y->rank == 2);
  for (const auto& [q, scales] : weights) {
    typed = typed && q && scales && q->rank == 3 && scales->rank == 3 &&
            q->dtype == XLA_FFI_DataType_S8 && scales->dtype == XLA_FFI_DataType_BF16;
  }
  if (!typed) {
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(kW4A8MatmulTarget) +
                        ": wants (x f32 or bf16 [rows, in], then for each of one or more products "
                        "q i8 [blocks, in / 32, 256], scales bf16 [blocks, in / 32, 16]) -> f32 "
                        "[rows, out] (one product) or f32 (several)");
  }
  const int64_t rows = x->dims[0], in = x->dims[1], groups = in / kInt4GroupSize;
  bool fits = rows >= 1 && in % kInt4GroupSize == 0;
  std::string shapes = "x " + Dims(x);
  std::vector<int64_t> outs;
  for (const auto& [q, scales] : weights) {
    const int64_t blocks = q->dims[0];
    fits = fits && q->dims[1] == groups && q->dims[2] == kW4A8BlockBytes &&
           scales->dims[0] == blocks && scales->dims[1] == groups &&
           scales->dims[2] == kW4A8BlockOutputs;
    outs.push_back(products == 1 ? y->dims[1] : blocks * kW4A8BlockOutputs);
    fits = fits && outs.back() >= 1 && outs.back() <= blocks * kW4A8BlockOutputs &&
           outs.back() > (blocks - 1) * kW4A8BlockOutputs;
    shapes += ", q " + Dims(q) + ", scales " + Dims(scales);
  }
  int64_t outputs = 0;
  for (const int64_t out : outs) outputs += out;
  if (!fits || (products == 1 && y->dims[0] != rows) || Elements(y) != rows * outputs) {
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(kW4A8MatmulTarget) + ": " + shapes + " and result " + Dims(y) +
                        " do not fit; it takes x [rows, in] with rows >= 1 and in a multiple of "
                        "32, q [ceil(out / 16), in / 32, 256], scales [ceil(out / 16), in / 32, "
                        "16], " +
                        ResultRule(products > 1) +
                        (products > 1 ? " (each out 16 x its blocks)" : ""));
  }
  const MatvecIsa isa = g_isa.load(std::memory_order_relaxed);
  auto call = std::make_shared<W4A8Call>();
  QuantizeActivationRows(x->data, x->dtype == XLA_FFI_DataType_BF16, rows, in, call->rows, isa,
                         /*group_sums=*/true);
  auto* result = static_cast<float*>(y->data);
  for (size_t p = 0; p < products; ++p) {
    call->products.push_back({&call->rows, static_cast<const int8_t*>(weights[p].q->data),
                              static_cast<const uint16_t*>(weights[p].scales->data), outs[p],
                              result});
    result += rows * outs[p];
  }
  SplitAndRun(api, frame->ctx, call, rows * in, kW4A8BlockOutputs, isa);
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

// (cache [d0, d1, d2], rows [n0, n1, n2] of the cache's type, three s32 [] starts) -> the cache
// with the rows written at the starts (each clamped as a dynamic-update-slice clamps it), in
// place: XLA makes the result the cache's own buffer (output_operand_aliases; where the program
// still needs the cache as it was, XLA copies it first) (base/quantize.h's kUpdateRowsTarget).
XLA_FFI_Error* UpdateRowsHandler(XLA_FFI_CallFrame* frame) {
  if (XLA_FFI_Error* answer = nullptr; Answered(frame, &answer)) return answer;
  const XLA_FFI_Api* api = frame->api;
  const XLA_FFI_Buffer* cache = ArgBuffer(frame, 0);
  const XLA_FFI_Buffer* rows = ArgBuffer(frame, 1);
  const XLA_FFI_Buffer* y = RetBuffer(frame, 0);
  auto width = [](int32_t dtype) -> int64_t {
    switch (dtype) {
      case XLA_FFI_DataType_BF16:
      case XLA_FFI_DataType_F16:
      case XLA_FFI_DataType_S16: return 2;
      case XLA_FFI_DataType_F32:
      case XLA_FFI_DataType_S32: return 4;
      default: return 0;
    }
  };
  bool fits = frame->args.size == 5 && frame->rets.size == 1 && cache && rows && y &&
              cache->rank == 3 && rows->rank == 3 && y->rank == 3 && width(cache->dtype) != 0 &&
              rows->dtype == cache->dtype && y->dtype == cache->dtype &&
              Elements(y) == Elements(cache);
  for (int64_t d = 0; fits && d < 3; ++d) {
    const XLA_FFI_Buffer* start = ArgBuffer(frame, 2 + d);
    fits = start && start->dtype == XLA_FFI_DataType_S32 && Elements(start) == 1 &&
           rows->dims[d] <= cache->dims[d] && y->dims[d] == cache->dims[d];
  }
  if (!fits) {
    return FfiError(api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                    std::string(kUpdateRowsTarget) + ": cache " +
                        (cache ? Dims(cache) : std::string("?")) + ", rows " +
                        (rows ? Dims(rows) : std::string("?")) +
                        " do not fit; it takes (cache [d0, d1, d2] of a 2- or 4-byte type, rows "
                        "[n0, n1, n2] of the same type with each n <= its d, three s32 [] "
                        "starts) -> the cache");
  }
  const int64_t bytes = width(cache->dtype);
  const int64_t* d = cache->dims;
  const int64_t* n = rows->dims;
  int64_t at[3];
  for (int64_t k = 0; k < 3; ++k) {
    at[k] = std::clamp<int64_t>(*static_cast<const int32_t*>(ArgBuffer(frame, 2 + k)->data), 0,
                                d[k] - n[k]);
  }
  auto* out = static_cast<char*>(y->data);
  // Not reached under XLA, which aliases the two; kept so that a caller that does not still
  // gets a dynamic-update-slice.
  if (y->data != cache->data) std::memcpy(out, cache->data, Elements(cache) * bytes);
  const auto* src = static_cast<const char*>(rows->data);
  for (int64_t i = 0; i < n[0]; ++i) {
    for (int64_t j = 0; j < n[1]; ++j) {
      std::memcpy(out + (((at[0] + i) * d[1] + at[1] + j) * d[2] + at[2]) * bytes,
                  src + ((i * n[1] + j) * n[2]) * bytes, n[2] * bytes);
    }
  }
  return nullptr;
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
      {kBf16MatvecTarget, Bf16MatvecHandler}, {kDecodeAttentionTarget, DecodeAttentionHandler},
      {kUpdateRowsTarget, UpdateRowsHandler}};
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
