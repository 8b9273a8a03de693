// PJRT C API plumbing: every PJRT object is owned by exactly one RAII holder, every PJRT_Error
// becomes a Status carrying the plugin's message, and nothing here aborts on bad input.
#include "vlmxla/runtime/pjrt_executor.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <system_error>
#include <utility>

#include <nlohmann/json.hpp>

#include "pjrt_c_api.h"
#include "vlmxla/base/quantize.h"
#include "vlmxla/runtime/pjrt_ffi_matvec.h"
#include "vlmxla/runtime/artifact_cache.h"
#include "vlmxla/runtime/cpu_isa.h"
#include "vlmxla/runtime/mlir_signature.h"

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;

// Whether the plugin's PJRT_Api table is long enough to contain `member` and sets it (a plugin
// built against an older minor version has a shorter table).
#define VLMXLA_PJRT_HAS(api, member)                                              \
  ((api)->struct_size >= offsetof(PJRT_Api, member) + sizeof(PJRT_Api::member) && \
   (api)->member != nullptr)

ErrorCode FromPjrtCode(PJRT_Error_Code code) {
  switch (code) {
    case PJRT_Error_Code_INVALID_ARGUMENT: return ErrorCode::kInvalidArgument;
    case PJRT_Error_Code_OUT_OF_RANGE:
    case PJRT_Error_Code_RESOURCE_EXHAUSTED: return ErrorCode::kOutOfRange;
    case PJRT_Error_Code_NOT_FOUND: return ErrorCode::kNotFound;
    case PJRT_Error_Code_DATA_LOSS: return ErrorCode::kDataLoss;
    case PJRT_Error_Code_UNIMPLEMENTED: return ErrorCode::kUnimplemented;
    case PJRT_Error_Code_FAILED_PRECONDITION: return ErrorCode::kFailedPrecondition;
    case PJRT_Error_Code_UNAVAILABLE: return ErrorCode::kUnavailable;
    default: return ErrorCode::kInternal;
  }
}

// Converts (and destroys) a PJRT_Error; OK when `error` is null.
Status TakeError(const PJRT_Api* api, PJRT_Error* error, std::string_view what,
                 const char* reason = "pjrt_error") {
  if (error == nullptr) return Status::Ok();
  PJRT_Error_Message_Args msg{};
  msg.struct_size = PJRT_Error_Message_Args_STRUCT_SIZE;
  msg.error = error;
  api->PJRT_Error_Message(&msg);
  std::string text(msg.message != nullptr ? msg.message : "", msg.message_size);

  ErrorCode code = ErrorCode::kInternal;
  PJRT_Error_GetCode_Args code_args{};
  code_args.struct_size = PJRT_Error_GetCode_Args_STRUCT_SIZE;
  code_args.error = error;
  PJRT_Error* code_error = api->PJRT_Error_GetCode(&code_args);
  if (code_error == nullptr) code = FromPjrtCode(code_args.code);

  for (PJRT_Error* e : {error, code_error}) {
    if (e == nullptr) continue;
    PJRT_Error_Destroy_Args destroy{};
    destroy.struct_size = PJRT_Error_Destroy_Args_STRUCT_SIZE;
    destroy.error = e;
    api->PJRT_Error_Destroy(&destroy);
  }
  return Status(code, std::string(what) + ": " + text, reason);
}

// Waits for and destroys an event.
Status AwaitAndDestroy(const PJRT_Api* api, PJRT_Event* event, std::string_view what) {
  if (event == nullptr) return Status::Ok();
  PJRT_Event_Await_Args await{};
  await.struct_size = PJRT_Event_Await_Args_STRUCT_SIZE;
  await.event = event;
  Status status = TakeError(api, api->PJRT_Event_Await(&await), what);
  PJRT_Event_Destroy_Args destroy{};
  destroy.struct_size = PJRT_Event_Destroy_Args_STRUCT_SIZE;
  destroy.event = event;
  Status destroyed = TakeError(api, api->PJRT_Event_Destroy(&destroy), "destroying a PJRT event");
  return status.ok() ? destroyed : status;
}

std::optional<PJRT_Buffer_Type> ToPjrtType(DType dtype) {
  switch (dtype) {
    case DType::kF32: return PJRT_Buffer_Type_F32;
    case DType::kF16: return PJRT_Buffer_Type_F16;
    case DType::kBF16: return PJRT_Buffer_Type_BF16;
    case DType::kF64: return PJRT_Buffer_Type_F64;
    case DType::kI64: return PJRT_Buffer_Type_S64;
    case DType::kI32: return PJRT_Buffer_Type_S32;
    case DType::kI16: return PJRT_Buffer_Type_S16;
    case DType::kI8: return PJRT_Buffer_Type_S8;
    case DType::kU8: return PJRT_Buffer_Type_U8;
    case DType::kBool: return PJRT_Buffer_Type_PRED;
  }
  return std::nullopt;
}

std::optional<DType> FromPjrtType(PJRT_Buffer_Type type) {
  switch (type) {
    case PJRT_Buffer_Type_F32: return DType::kF32;
    case PJRT_Buffer_Type_F16: return DType::kF16;
    case PJRT_Buffer_Type_BF16: return DType::kBF16;
    case PJRT_Buffer_Type_F64: return DType::kF64;
    case PJRT_Buffer_Type_S64: return DType::kI64;
    case PJRT_Buffer_Type_S32: return DType::kI32;
    case PJRT_Buffer_Type_S16: return DType::kI16;
    case PJRT_Buffer_Type_S8: return DType::kI8;
    case PJRT_Buffer_Type_U8: return DType::kU8;
    case PJRT_Buffer_Type_PRED: return DType::kBool;
    default: return std::nullopt;
  }
}

// Minimal serialized xla.CompileOptionsProto: executable_build_options (field 3) holding
// num_replicas (field 4) and num_partitions (field 5). Hand-encoded to avoid a protobuf dependency.
void AppendVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

std::string EncodeCompileOptions(const CompileOptions& options) {
  std::string build;
  build.push_back(static_cast<char>((4 << 3) | 0));  // num_replicas, varint
  AppendVarint(build, static_cast<uint64_t>(options.num_replicas));
  build.push_back(static_cast<char>((5 << 3) | 0));  // num_partitions, varint
  AppendVarint(build, static_cast<uint64_t>(options.num_partitions));
  std::string out;
  out.push_back(static_cast<char>((3 << 3) | 2));  // executable_build_options, length-delimited
  AppendVarint(out, build.size());
  out += build;
  return out;
}

// A plugin is dlopened and initialized once per process; it is never unloaded, because XLA
// plugins keep threads and static state alive that dlclose would pull out from under them.
Result<const PJRT_Api*> LoadPluginOnce(const std::string& path) {
  static std::mutex mu;
  static std::map<std::string, const PJRT_Api*> loaded;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = loaded.find(path); it != loaded.end()) return it->second;

  std::error_code ec;
  if (!fs::exists(path, ec)) {
    return NotFound("PJRT plugin '" + path + "' does not exist (set " +
                        std::string(kPjrtPluginEnv) + " to the plugin .so)",
                    "pjrt_plugin_missing");
  }
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* err = dlerror();
    return Unavailable("cannot dlopen PJRT plugin '" + path + "': " + (err ? err : "unknown"),
                       "pjrt_plugin_load_failed");
  }
  using GetApiFn = const PJRT_Api* (*)();
  auto get_api = reinterpret_cast<GetApiFn>(dlsym(handle, "GetPjrtApi"));
  if (get_api == nullptr) {
    return Unavailable("PJRT plugin '" + path + "' has no GetPjrtApi symbol",
                       "pjrt_plugin_load_failed");
  }
  const PJRT_Api* api = get_api();
  if (api == nullptr) {
    return Unavailable("GetPjrtApi of '" + path + "' returned null", "pjrt_plugin_load_failed");
  }
  const int major = api->pjrt_api_version.major_version;
  const int minor = api->pjrt_api_version.minor_version;
  VLMXLA_RETURN_IF_ERROR(CheckPjrtApiVersion(PJRT_API_MAJOR, PJRT_API_MINOR, major, minor, path));
  // Every entry point this file calls, by name, so that a short table is reported, not called.
  const std::pair<bool, const char*> needed[] = {
#define VLMXLA_PJRT_NEED(member) {VLMXLA_PJRT_HAS(api, member), #member}
      VLMXLA_PJRT_NEED(PJRT_Error_Destroy),
      VLMXLA_PJRT_NEED(PJRT_Error_Message),
      VLMXLA_PJRT_NEED(PJRT_Error_GetCode),
      VLMXLA_PJRT_NEED(PJRT_Plugin_Initialize),
      VLMXLA_PJRT_NEED(PJRT_Event_Destroy),
      VLMXLA_PJRT_NEED(PJRT_Event_Await),
      VLMXLA_PJRT_NEED(PJRT_Client_Create),
      VLMXLA_PJRT_NEED(PJRT_Client_Destroy),
      VLMXLA_PJRT_NEED(PJRT_Client_PlatformName),
      VLMXLA_PJRT_NEED(PJRT_Client_AddressableDevices),
      VLMXLA_PJRT_NEED(PJRT_Client_Compile),
      VLMXLA_PJRT_NEED(PJRT_Client_BufferFromHostBuffer),
      VLMXLA_PJRT_NEED(PJRT_Device_GetDescription),
      VLMXLA_PJRT_NEED(PJRT_DeviceDescription_DebugString),
      VLMXLA_PJRT_NEED(PJRT_Executable_Destroy),
      VLMXLA_PJRT_NEED(PJRT_Executable_NumOutputs),
      VLMXLA_PJRT_NEED(PJRT_LoadedExecutable_Destroy),
      VLMXLA_PJRT_NEED(PJRT_LoadedExecutable_GetExecutable),
      VLMXLA_PJRT_NEED(PJRT_LoadedExecutable_Execute),
      VLMXLA_PJRT_NEED(PJRT_Buffer_Destroy),
      VLMXLA_PJRT_NEED(PJRT_Buffer_ElementType),
      VLMXLA_PJRT_NEED(PJRT_Buffer_Dimensions),
      VLMXLA_PJRT_NEED(PJRT_Buffer_IsDeleted),
      VLMXLA_PJRT_NEED(PJRT_Buffer_ToHostBuffer),
      VLMXLA_PJRT_NEED(PJRT_Buffer_CopyToDevice),
#undef VLMXLA_PJRT_NEED
  };
  for (const auto& [present, fn] : needed) {
    if (!present) {
      return FailedPrecondition("PJRT plugin '" + path + "' (C API " + std::to_string(major) + "." +
                                    std::to_string(minor) + ") does not provide " + fn,
                                "pjrt_version_mismatch");
    }
  }
  PJRT_Plugin_Initialize_Args init{};
  init.struct_size = PJRT_Plugin_Initialize_Args_STRUCT_SIZE;
  VLMXLA_RETURN_IF_ERROR(
      TakeError(api, api->PJRT_Plugin_Initialize(&init), "initializing PJRT plugin " + path));
  loaded.emplace(path, api);
  return api;
}

// The quantized matrix-vector custom calls registered, and a program calling one compiled, once
// per plugin (every client of a plugin shares its handler registry): the plugin's
// PJRT_FFI_Register_Handler drops the error XLA answers (a handler of an FFI API version it does
// not take, say), so only a compile tells whether XLA has the handler.
Status QuantizedMatvecUsable(const PJRT_Api* api,
                             const std::function<Status(const std::string&)>& compile) {
  static std::mutex mu;
  static std::map<const PJRT_Api*, Status> usable;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = usable.find(api); it != usable.end()) return it->second;
  Status status = RegisterQuantizedMatvecCalls(api);
  if (status.ok()) {
    const std::string probe =
        std::string("func.func public @main(%x: tensor<1x32xf32>, %q: tensor<1x32xi8>, ") +
        "%s: tensor<1xf32>) -> tensor<1x1xf32> {\n  %y = \"stablehlo.custom_call\"(%x, %q, %s) " +
        "{api_version = 4 : i32, backend_config = {}, call_target_name = \"" + kInt8MatvecTarget +
        "\"} : (tensor<1x32xf32>, tensor<1x32xi8>, tensor<1xf32>) -> tensor<1x1xf32>\n" +
        "  return %y : tensor<1x1xf32>\n}\n";
    status = compile(probe).WithContext(std::string("compiling a call of ") + kInt8MatvecTarget +
                                        " after registering it");
  }
  usable.emplace(api, status);
  return status;
}

std::string ToString(const char* data, size_t size) {
  return data == nullptr ? std::string() : std::string(data, size);
}

// The plugin's attributes ("xla_version=...", one per line), or "" when it reports none.
std::string PluginAttributes(const PJRT_Api* api) {
  if (!VLMXLA_PJRT_HAS(api, PJRT_Plugin_Attributes)) return "";
  PJRT_Plugin_Attributes_Args args{};
  args.struct_size = PJRT_Plugin_Attributes_Args_STRUCT_SIZE;
  if (!TakeError(api, api->PJRT_Plugin_Attributes(&args), "reading plugin attributes").ok()) {
    return "";
  }
  std::string out;
  for (size_t i = 0; i < args.num_attributes; ++i) {
    const PJRT_NamedValue& v = args.attributes[i];
    out += ToString(v.name, v.name_size) + "=";
    switch (v.type) {
      case PJRT_NamedValue_kString: out += ToString(v.string_value, v.value_size); break;
      case PJRT_NamedValue_kInt64: out += std::to_string(v.int64_value); break;
      case PJRT_NamedValue_kInt64List:
        for (size_t j = 0; j < v.value_size; ++j)
          out += std::to_string(v.int64_array_value[j]) + ",";
        break;
      case PJRT_NamedValue_kFloat: out += std::to_string(v.float_value); break;
      case PJRT_NamedValue_kBool: out += v.bool_value ? "true" : "false"; break;
    }
    out += "\n";
  }
  return out;
}

Result<std::string> ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("cannot open '" + path + "'");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return DataLoss("cannot read '" + path + "'", "cache_corrupt");
  return bytes;
}

// One line on stderr: the cache never fails a compile, it only says what it could not do.
void WarnCache(const std::string& message) {
  std::fprintf(stderr, "vlmxla: warning: PJRT executable cache: %s\n", message.c_str());
}

}  // namespace

struct PjrtExecutor::Client {
  const PJRT_Api* api = nullptr;
  PJRT_Client* client = nullptr;
  PJRT_Device* device = nullptr;
  std::string platform;
  std::string description;
  std::string kind;  // PJRT_DeviceDescription_Kind, e.g. "cpu" or "NVIDIA H200"
  // The quantized matrix-vector custom calls are registered (pjrt_ffi_matvec.h): CPU only.
  bool quantized_matvec = false;
  PjrtCacheOptions cache;
  // What identifies the compiler and the device in every cache key (PjrtExecutor::CacheKey).
  std::string identity;
  // Programs this client compiled, and those the persistent cache answered, for Report().
  std::mutex stats_mu;
  int compiles = 0;            // guarded by stats_mu
  double compile_seconds = 0;  // guarded by stats_mu
  int cache_hits = 0;          // guarded by stats_mu
  double cache_seconds = 0;    // guarded by stats_mu
  bool store_refused = false;  // guarded by stats_mu: the plugin cannot serialize; warned once
  bool write_warned = false;   // guarded by stats_mu: an entry could not be written; warned once

  ~Client() {
    if (client == nullptr) return;
    PJRT_Client_Destroy_Args args{};
    args.struct_size = PJRT_Client_Destroy_Args_STRUCT_SIZE;
    args.client = client;
    (void)TakeError(api, api->PJRT_Client_Destroy(&args), "destroying the PJRT client");
  }
};

namespace {

using ClientPtr = std::shared_ptr<PjrtExecutor::Client>;

// Sole owner of one PJRT_Buffer.
class BufferHandle {
 public:
  BufferHandle(ClientPtr client, PJRT_Buffer* buffer)
      : client_(std::move(client)), buffer_(buffer) {}
  ~BufferHandle() {
    if (buffer_ == nullptr) return;
    PJRT_Buffer_Destroy_Args args{};
    args.struct_size = PJRT_Buffer_Destroy_Args_STRUCT_SIZE;
    args.buffer = buffer_;
    (void)TakeError(client_->api, client_->api->PJRT_Buffer_Destroy(&args),
                    "destroying a PJRT buffer");
  }
  BufferHandle(BufferHandle&& other) noexcept
      : client_(std::move(other.client_)), buffer_(std::exchange(other.buffer_, nullptr)) {}
  BufferHandle(const BufferHandle&) = delete;
  BufferHandle& operator=(const BufferHandle&) = delete;
  BufferHandle& operator=(BufferHandle&&) = delete;

  PJRT_Buffer* get() const { return buffer_; }
  const ClientPtr& client() const { return client_; }

 private:
  ClientPtr client_;
  PJRT_Buffer* buffer_;
};

class PjrtBuffer final : public DeviceBuffer {
 public:
  PjrtBuffer(BufferHandle handle, DType dtype, Shape shape)
      : handle_(std::move(handle)), dtype_(dtype), shape_(std::move(shape)) {}

  DType dtype() const override { return dtype_; }
  const Shape& shape() const override { return shape_; }
  PJRT_Buffer* raw() const { return handle_.get(); }
  const ClientPtr& client() const { return handle_.client(); }

  bool is_deleted() const override {
    const PJRT_Api* api = client()->api;
    PJRT_Buffer_IsDeleted_Args args{};
    args.struct_size = PJRT_Buffer_IsDeleted_Args_STRUCT_SIZE;
    args.buffer = raw();
    // A buffer PJRT cannot even query is unusable: report it as deleted.
    if (!TakeError(api, api->PJRT_Buffer_IsDeleted(&args), "querying a buffer").ok()) return true;
    return args.is_deleted;
  }

  uintptr_t opaque_device_pointer() const override {
    const PJRT_Api* api = client()->api;
    // Optional entry point: a plugin without it (or a deleted buffer) reports "unknown".
    if (!VLMXLA_PJRT_HAS(api, PJRT_Buffer_UnsafePointer) || is_deleted()) return 0;
    PJRT_Buffer_UnsafePointer_Args args{};
    args.struct_size = PJRT_Buffer_UnsafePointer_Args_STRUCT_SIZE;
    args.buffer = raw();
    if (!TakeError(api, api->PJRT_Buffer_UnsafePointer(&args), "reading a buffer's address").ok()) {
      return 0;
    }
    return args.buffer_pointer;
  }

  Result<HostTensor> ToHost() const override {
    if (is_deleted()) {
      return FailedPrecondition("device buffer " + ShapeToString(shape_) + " " + DTypeName(dtype_) +
                                    " was donated and can no longer be read",
                                "buffer_deleted");
    }
    HostTensor host(dtype_, shape_);
    if (host.byte_size() == 0) return host;
    const PJRT_Api* api = client()->api;
    PJRT_Buffer_ToHostBuffer_Args args{};
    args.struct_size = PJRT_Buffer_ToHostBuffer_Args_STRUCT_SIZE;
    args.src = raw();
    args.host_layout = nullptr;  // dense row-major, like HostTensor
    args.dst = host.mutable_data();
    args.dst_size = host.byte_size();
    VLMXLA_RETURN_IF_ERROR(TakeError(api, api->PJRT_Buffer_ToHostBuffer(&args),
                                     "copying a device buffer to the host"));
    VLMXLA_RETURN_IF_ERROR(AwaitAndDestroy(api, args.event, "copying a device buffer to the host"));
    return host;
  }

 private:
  BufferHandle handle_;
  DType dtype_;
  Shape shape_;
};

// Takes ownership of a PJRT-created buffer and reads its element type and dimensions.
Result<std::shared_ptr<DeviceBuffer>> WrapBuffer(BufferHandle handle) {
  const PJRT_Api* api = handle.client()->api;
  PJRT_Buffer* buffer = handle.get();
  PJRT_Buffer_ElementType_Args type_args{};
  type_args.struct_size = PJRT_Buffer_ElementType_Args_STRUCT_SIZE;
  type_args.buffer = buffer;
  VLMXLA_RETURN_IF_ERROR(
      TakeError(api, api->PJRT_Buffer_ElementType(&type_args), "reading a buffer's element type"));
  std::optional<DType> dtype = FromPjrtType(type_args.type);
  if (!dtype) {
    return Unimplemented("PJRT buffer element type " + std::to_string(type_args.type) +
                         " has no vlmxla dtype");
  }
  PJRT_Buffer_Dimensions_Args dim_args{};
  dim_args.struct_size = PJRT_Buffer_Dimensions_Args_STRUCT_SIZE;
  dim_args.buffer = buffer;
  VLMXLA_RETURN_IF_ERROR(
      TakeError(api, api->PJRT_Buffer_Dimensions(&dim_args), "reading a buffer's dimensions"));
  Shape shape(dim_args.dims, dim_args.dims + dim_args.num_dims);
  return std::shared_ptr<DeviceBuffer>(
      std::make_shared<PjrtBuffer>(std::move(handle), *dtype, std::move(shape)));
}

class PjrtExecutable final : public Executable {
 public:
  PjrtExecutable(ClientPtr client, PJRT_LoadedExecutable* exe, size_t num_outputs)
      : client_(std::move(client)), exe_(exe), num_outputs_(num_outputs) {}
  ~PjrtExecutable() override {
    PJRT_LoadedExecutable_Destroy_Args args{};
    args.struct_size = PJRT_LoadedExecutable_Destroy_Args_STRUCT_SIZE;
    args.executable = exe_;
    (void)TakeError(client_->api, client_->api->PJRT_LoadedExecutable_Destroy(&args),
                    "destroying a PJRT executable");
  }
  PjrtExecutable(const PjrtExecutable&) = delete;
  PjrtExecutable& operator=(const PjrtExecutable&) = delete;

  size_t num_outputs() const override { return num_outputs_; }
  void set_num_outputs(size_t n) { num_outputs_ = n; }
  void set_signature(FunctionSignature sig) { signature_ = std::move(sig); }

  Result<std::vector<std::shared_ptr<DeviceBuffer>>> Execute(
      std::span<DeviceBuffer* const> args, std::span<const bool> donate) override {
    const PJRT_Api* api = client_->api;
    VLMXLA_RETURN_IF_ERROR(CheckExecuteArguments(signature_, args, donate));
    std::vector<PJRT_Buffer*> raw_args;
    std::vector<int64_t> non_donatable;
    raw_args.reserve(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      auto* buffer = dynamic_cast<PjrtBuffer*>(args[i]);
      if (buffer == nullptr) {
        return InvalidArgument("argument " + std::to_string(i) +
                               " is not a device buffer of this PJRT executor");
      }
      if (buffer->client().get() != client_.get()) {
        return InvalidArgument("argument " + std::to_string(i) +
                               " belongs to a different PJRT client");
      }
      if (donate.empty() || !donate[i]) non_donatable.push_back(static_cast<int64_t>(i));
      raw_args.push_back(buffer->raw());
    }

    PJRT_ExecuteOptions options{};
    options.struct_size = PJRT_ExecuteOptions_STRUCT_SIZE;
    options.non_donatable_input_indices = non_donatable.data();
    options.num_non_donatable_input_indices = non_donatable.size();

    std::vector<PJRT_Buffer*> outputs(num_outputs_, nullptr);
    PJRT_Buffer* const* arg_list = raw_args.data();
    PJRT_Buffer** output_list = outputs.data();
    PJRT_Event* done = nullptr;

    PJRT_LoadedExecutable_Execute_Args exec{};
    exec.struct_size = PJRT_LoadedExecutable_Execute_Args_STRUCT_SIZE;
    exec.executable = exe_;
    exec.options = &options;
    exec.argument_lists = &arg_list;
    exec.num_devices = 1;
    exec.num_args = raw_args.size();
    exec.output_lists = &output_list;
    exec.device_complete_events = &done;
    exec.execute_device = nullptr;
    Status launched = TakeError(api, api->PJRT_LoadedExecutable_Execute(&exec), "executing");

    // Own whatever outputs PJRT produced before looking at any error.
    std::vector<BufferHandle> handles;
    handles.reserve(outputs.size());
    for (PJRT_Buffer* out : outputs) {
      if (out != nullptr) handles.emplace_back(client_, out);
    }
    Status completed = AwaitAndDestroy(api, done, "executing");
    VLMXLA_RETURN_IF_ERROR(launched);
    VLMXLA_RETURN_IF_ERROR(completed);
    if (handles.size() != num_outputs_) {
      return Internal("PJRT returned " + std::to_string(handles.size()) + " of " +
                      std::to_string(num_outputs_) + " outputs");
    }

    std::vector<std::shared_ptr<DeviceBuffer>> results;
    results.reserve(handles.size());
    for (BufferHandle& handle : handles) {
      VLMXLA_ASSIGN_OR_RETURN(auto wrapped, WrapBuffer(std::move(handle)));
      results.push_back(std::move(wrapped));
    }
    return results;
  }

 private:
  ClientPtr client_;
  PJRT_LoadedExecutable* exe_;
  size_t num_outputs_;
  FunctionSignature signature_;
};

// Calls `fn` with the PJRT_Executable (the metadata) of `loaded`, released afterwards.
template <typename Fn>
Status WithExecutable(const PJRT_Api* api, PJRT_LoadedExecutable* loaded, Fn fn) {
  PJRT_LoadedExecutable_GetExecutable_Args get{};
  get.struct_size = PJRT_LoadedExecutable_GetExecutable_Args_STRUCT_SIZE;
  get.loaded_executable = loaded;
  VLMXLA_RETURN_IF_ERROR(TakeError(api, api->PJRT_LoadedExecutable_GetExecutable(&get),
                                   "inspecting the compiled executable"));
  Status status = fn(get.executable);
  PJRT_Executable_Destroy_Args destroy{};
  destroy.struct_size = PJRT_Executable_Destroy_Args_STRUCT_SIZE;
  destroy.executable = get.executable;
  (void)TakeError(api, api->PJRT_Executable_Destroy(&destroy), "releasing executable metadata");
  return status;
}

// Takes ownership of `loaded` and reads what Execute needs: the number of outputs (checked
// against @main's signature) and the signature itself.
Result<std::unique_ptr<Executable>> FinishLoaded(const ClientPtr& client,
                                                 PJRT_LoadedExecutable* loaded,
                                                 std::string_view mlir_text) {
  const PJRT_Api* api = client->api;
  // Owned before the next fallible call.
  auto executable = std::make_unique<PjrtExecutable>(client, loaded, 0);
  PJRT_Executable_NumOutputs_Args outputs{};
  outputs.struct_size = PJRT_Executable_NumOutputs_Args_STRUCT_SIZE;
  VLMXLA_RETURN_IF_ERROR(WithExecutable(api, loaded, [&](PJRT_Executable* metadata) {
    outputs.executable = metadata;
    return TakeError(api, api->PJRT_Executable_NumOutputs(&outputs), "counting executable outputs");
  }));
  executable->set_num_outputs(outputs.num_outputs);

  Result<FunctionSignature> sig = ParseMainSignature(mlir_text);
  if (!sig.ok()) return sig.status().WithContext("reading the signature of the compiled module");
  if (sig->outputs.size() != outputs.num_outputs) {
    return Internal("@main declares " + std::to_string(sig->outputs.size()) +
                    " results but PJRT compiled " + std::to_string(outputs.num_outputs));
  }
  executable->set_signature(std::move(sig).value());
  return std::unique_ptr<Executable>(std::move(executable));
}

// PJRT_Executable_Serialize of a loaded executable's bytes.
Result<std::string> Serialize(const PJRT_Api* api, PJRT_LoadedExecutable* loaded) {
  if (!VLMXLA_PJRT_HAS(api, PJRT_Executable_Serialize)) {
    return Unimplemented("the plugin has no PJRT_Executable_Serialize");
  }
  std::string bytes;
  VLMXLA_RETURN_IF_ERROR(WithExecutable(api, loaded, [&](PJRT_Executable* metadata) {
    PJRT_Executable_Serialize_Args args{};
    args.struct_size = PJRT_Executable_Serialize_Args_STRUCT_SIZE;
    args.executable = metadata;
    VLMXLA_RETURN_IF_ERROR(
        TakeError(api, api->PJRT_Executable_Serialize(&args), "PJRT_Executable_Serialize"));
    bytes.assign(args.serialized_bytes, args.serialized_bytes_size);
    if (args.serialized_executable_deleter != nullptr) {
      args.serialized_executable_deleter(args.serialized_executable);
    }
    return Status::Ok();
  }));
  return bytes;
}

// Stores `loaded` as the cache entry `key` (<key>.pjrt, sealed, and its <key>.json manifest),
// then evicts down to the bound. Any failure is one warning line: the executable still runs.
void StoreInCache(const ClientPtr& client, const std::string& key, PJRT_LoadedExecutable* loaded,
                  std::string_view mlir_text) {
  {
    std::lock_guard<std::mutex> lock(client->stats_mu);
    if (client->store_refused) return;
  }
  Result<std::string> bytes = Serialize(client->api, loaded);
  if (!bytes.ok()) {
    std::lock_guard<std::mutex> lock(client->stats_mu);
    if (!client->store_refused) {
      WarnCache("cannot store compiled programs: " + bytes.status().message());
    }
    client->store_refused = true;
    return;
  }
  const std::string& dir = client->cache.dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  const nlohmann::ordered_json manifest = {{"schema", 1},
                                           {"key", key},
                                           {"kind", "pjrt"},
                                           {"platform", client->platform},
                                           {"device_kind", client->kind},
                                           {"mlir_sha256", Sha256Hex(mlir_text)},
                                           {"bytes", bytes->size()}};
  Status stored = WriteFileAtomically(dir + "/" + key + ".pjrt", SealArtifact(*bytes));
  if (stored.ok()) stored = WriteFileAtomically(dir + "/" + key + ".json", manifest.dump(2) + "\n");
  if (!stored.ok()) {
    // Once per client: a read-only cache would otherwise warn at every program.
    std::lock_guard<std::mutex> lock(client->stats_mu);
    if (!client->write_warned) WarnCache(stored.message());
    client->write_warned = true;
    return;
  }
  if (client->cache.max_bytes > 0) EvictLeastRecentlyUsed(dir, client->cache.max_bytes, key);
}

// The cached executable `key`: nullopt when there is none, or when the entry is damaged or the
// plugin refuses it (one warning line; the entry is removed, so the compile that follows
// replaces it).
std::optional<Result<std::unique_ptr<Executable>>> LoadFromCache(const ClientPtr& client,
                                                                 const std::string& key,
                                                                 std::string_view mlir_text) {
  const PJRT_Api* api = client->api;
  const std::string& dir = client->cache.dir;
  const std::string path = dir + "/" + key + ".pjrt";
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  if (!VLMXLA_PJRT_HAS(api, PJRT_Executable_DeserializeAndLoad)) return std::nullopt;
  auto discard = [&](const std::string& why) {
    WarnCache("entry " + path + " unusable (" + why + "); recompiling it");
    RemoveArtifactEntry(dir, key);
    return std::nullopt;
  };
  Result<std::string> sealed = ReadWholeFile(path);
  // Evicted by another process since it was seen: a plain miss.
  if (!sealed.ok() && sealed.status().code() == ErrorCode::kNotFound) return std::nullopt;
  if (!sealed.ok()) return discard(sealed.status().message());
  Result<std::string> bytes = UnsealArtifact(*sealed);
  if (!bytes.ok()) return discard(bytes.status().message());
  PJRT_Executable_DeserializeAndLoad_Args args{};
  args.struct_size = PJRT_Executable_DeserializeAndLoad_Args_STRUCT_SIZE;
  args.client = client->client;
  args.serialized_executable = bytes->data();
  args.serialized_executable_size = bytes->size();
  Status loaded = TakeError(api, api->PJRT_Executable_DeserializeAndLoad(&args),
                            "PJRT_Executable_DeserializeAndLoad");
  if (!loaded.ok()) return discard(loaded.message());
  TouchArtifactEntry(dir, key);
  return FinishLoaded(client, args.loaded_executable, mlir_text);
}

}  // namespace

Result<std::string> FindCpuPluginInVenv(const std::string& venv_dir) {
  std::error_code ec;
  const fs::path lib = fs::path(venv_dir) / "lib";
  if (!fs::is_directory(lib, ec)) {
    return NotFound("no lib/ directory in virtual environment '" + venv_dir + "'",
                    "pjrt_plugin_missing");
  }
  for (const fs::directory_entry& entry : fs::directory_iterator(lib, ec)) {
    if (entry.path().filename().string().rfind("python3", 0) != 0) continue;
    const fs::path candidate =
        entry.path() / "site-packages" / "xla_plugins" / "xla_cpu_pjrt" / "xla_cpu_pjrt.so";
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
  }
  return NotFound(
      "no xla_cpu_pjrt.so (pip package xla-cpu-pjrt) in virtual environment '" + venv_dir + "'",
      "pjrt_plugin_missing");
}

std::string PluginFileIdentity(const std::string& path) {
  std::error_code ec;
  const uintmax_t size = fs::file_size(path, ec);
  const fs::path file = fs::absolute(path, ec).lexically_normal();
  // pip's RECORD lines: "<path relative to site-packages>,sha256=<digest>,<size>".
  fs::path dir = file.parent_path();
  for (int up = 0; up < 4 && !dir.empty() && dir != dir.root_path();
       ++up, dir = dir.parent_path()) {
    const std::string rel = file.lexically_relative(dir).generic_string() + ",";
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.size() < 10 || name.compare(name.size() - 10, 10, ".dist-info") != 0) continue;
      std::ifstream record(entry.path() / "RECORD");
      for (std::string line; std::getline(record, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();  // wheels may write CRLF
        if (line.rfind(rel, 0) != 0) continue;
        const std::string rest = line.substr(rel.size());
        const size_t comma = rest.find(',');
        if (comma == std::string::npos || rest.rfind("sha256=", 0) != 0) break;
        if (rest.substr(comma + 1) != std::to_string(size)) break;  // not what pip installed
        return rest.substr(0, comma) + "," + std::to_string(size);
      }
    }
  }
  const auto when = fs::last_write_time(path, ec).time_since_epoch().count();
  return path + "\n" + std::to_string(size) + "@" + std::to_string(when);
}

Result<std::string> DefaultPjrtPluginPath() {
  if (const char* env = std::getenv(kPjrtPluginEnv); env != nullptr && *env != '\0') {
    return std::string(env);
  }
  std::vector<fs::path> starts;
  std::error_code ec;
  if (fs::path cwd = fs::current_path(ec); !ec) starts.push_back(cwd);
  if (fs::path exe = fs::read_symlink("/proc/self/exe", ec); !ec) {
    starts.push_back(exe.parent_path());
  }
  for (fs::path dir : starts) {
    for (; !dir.empty(); dir = dir.parent_path()) {
      const fs::path venv = dir / ".venv";
      if (fs::is_directory(venv, ec)) {
        Result<std::string> found = FindCpuPluginInVenv(venv.string());
        if (found.ok()) return found;
      }
      if (dir == dir.parent_path()) break;
    }
  }
  // Unavailable, as for a missing CUDA plugin: nothing the caller named is absent, this machine
  // lacks the plugin (NotFound stays for a plugin path that does not exist).
  return Unavailable("no PJRT plugin found: set " + std::string(kPjrtPluginEnv) +
                         " or create .venv with the xla-cpu-pjrt package (scripts/setup.sh)",
                     "pjrt_plugin_missing");
}

Status CheckPjrtApiVersion(int header_major, int header_minor, int plugin_major, int plugin_minor,
                           const std::string& plugin_path) {
  if (plugin_major == header_major) return Status::Ok();
  return FailedPrecondition("PJRT plugin '" + plugin_path + "' implements PJRT C API " +
                                std::to_string(plugin_major) + "." + std::to_string(plugin_minor) +
                                " but vlmxla was built against " + std::to_string(header_major) +
                                "." + std::to_string(header_minor) +
                                " (major versions differ; a plugin of major version " +
                                std::to_string(header_major) + " is needed)",
                            "pjrt_version_mismatch");
}

std::string PjrtHeaderApiVersion() {
  return std::to_string(PJRT_API_MAJOR) + "." + std::to_string(PJRT_API_MINOR);
}

Result<std::string> FindCudaPluginUnder(const std::vector<std::string>& prefixes) {
  std::error_code ec;
  for (const std::string& prefix : prefixes) {
    const fs::path lib = fs::path(prefix) / "lib";
    if (!fs::is_directory(lib, ec)) continue;
    std::vector<fs::path> pythons;  // lib/python3.*, newest name last
    for (const fs::directory_entry& entry : fs::directory_iterator(lib, ec)) {
      if (entry.path().filename().string().rfind("python3", 0) == 0) pythons.push_back(entry);
    }
    std::sort(pythons.begin(), pythons.end());
    for (auto it = pythons.rbegin(); it != pythons.rend(); ++it) {
      for (const char* packages : {"site-packages", "dist-packages"}) {
        for (const char* file : kCudaPluginFiles) {
          const fs::path candidate = *it / packages / file;
          if (fs::is_regular_file(candidate, ec)) return candidate.string();
        }
      }
    }
  }
  std::string looked_for, looked_in;
  for (const char* file : kCudaPluginFiles) {
    looked_for += (looked_for.empty() ? "" : ", ") + std::string(file);
  }
  for (const std::string& prefix : prefixes) {
    looked_in += (looked_in.empty() ? "" : ", ") + prefix;
  }
  return Unavailable(
      "no PJRT CUDA plugin found (pip package jax-cuda13-pjrt or xla-cuda13-pjrt): "
      "looked for " +
          looked_for + " under lib/python3.*/{site,dist}-packages of " +
          (looked_in.empty() ? std::string("no prefix") : looked_in) + "; pass --plugin PATH",
      "pjrt_plugin_missing");
}

std::vector<std::string> PythonPrefixesToSearch() {
  std::vector<fs::path> out;
  auto add = [&out](const fs::path& p) {
    if (p.empty()) return;
    const fs::path norm = p.lexically_normal();
    if (std::find(out.begin(), out.end(), norm) == out.end()) out.push_back(norm);
  };
  if (const char* venv = std::getenv("VIRTUAL_ENV"); venv != nullptr && *venv != '\0') add(venv);
  std::error_code ec;
  std::vector<fs::path> starts;
  if (fs::path cwd = fs::current_path(ec); !ec) starts.push_back(cwd);
  if (fs::path exe = fs::read_symlink("/proc/self/exe", ec); !ec) {
    starts.push_back(exe.parent_path());
  }
  for (fs::path dir : starts) {
    for (; !dir.empty(); dir = dir.parent_path()) {
      if (fs::is_directory(dir / ".venv", ec)) add(dir / ".venv");
      if (dir == dir.parent_path()) break;
    }
  }
  if (const char* path = std::getenv("PATH"); path != nullptr) {
    std::string_view rest(path);
    while (!rest.empty()) {
      const size_t colon = rest.find(':');
      const fs::path bin(std::string(rest.substr(0, colon)));
      if (bin.filename() == "bin") add(bin.parent_path());
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    add(fs::path(home) / ".local");
  }
  add("/usr/local");
  add("/usr");
  std::vector<std::string> strings;
  for (const fs::path& p : out) strings.push_back(p.string());
  return strings;
}

Result<std::string> FindCudaPlugin() { return FindCudaPluginUnder(PythonPrefixesToSearch()); }

Result<std::unique_ptr<PjrtExecutor>> PjrtExecutor::Load(const std::string& plugin_path,
                                                         const PjrtCacheOptions& cache) {
  VLMXLA_ASSIGN_OR_RETURN(const PJRT_Api* api, LoadPluginOnce(plugin_path));
  auto client = std::make_shared<Client>();
  client->api = api;
  client->cache = cache;

  PJRT_Client_Create_Args create{};
  create.struct_size = PJRT_Client_Create_Args_STRUCT_SIZE;
  VLMXLA_RETURN_IF_ERROR(
      TakeError(api, api->PJRT_Client_Create(&create), "creating a PJRT client"));
  client->client = create.client;

  PJRT_Client_AddressableDevices_Args devices{};
  devices.struct_size = PJRT_Client_AddressableDevices_Args_STRUCT_SIZE;
  devices.client = client->client;
  VLMXLA_RETURN_IF_ERROR(TakeError(api, api->PJRT_Client_AddressableDevices(&devices),
                                   "listing PJRT addressable devices"));
  if (devices.num_addressable_devices == 0) {
    return Unavailable("PJRT plugin '" + plugin_path + "' has no addressable devices", "no_device");
  }
  client->device = devices.addressable_devices[0];

  PJRT_Client_PlatformName_Args platform{};
  platform.struct_size = PJRT_Client_PlatformName_Args_STRUCT_SIZE;
  platform.client = client->client;
  VLMXLA_RETURN_IF_ERROR(
      TakeError(api, api->PJRT_Client_PlatformName(&platform), "reading the PJRT platform"));
  client->platform = ToString(platform.platform_name, platform.platform_name_size);

  PJRT_Device_GetDescription_Args desc{};
  desc.struct_size = PJRT_Device_GetDescription_Args_STRUCT_SIZE;
  desc.device = client->device;
  VLMXLA_RETURN_IF_ERROR(
      TakeError(api, api->PJRT_Device_GetDescription(&desc), "describing the PJRT device"));
  PJRT_DeviceDescription_DebugString_Args debug{};
  debug.struct_size = PJRT_DeviceDescription_DebugString_Args_STRUCT_SIZE;
  debug.device_description = desc.device_description;
  VLMXLA_RETURN_IF_ERROR(TakeError(api, api->PJRT_DeviceDescription_DebugString(&debug),
                                   "describing the PJRT device"));
  if (VLMXLA_PJRT_HAS(api, PJRT_DeviceDescription_Kind)) {
    PJRT_DeviceDescription_Kind_Args kind{};
    kind.struct_size = PJRT_DeviceDescription_Kind_Args_STRUCT_SIZE;
    kind.device_description = desc.device_description;
    VLMXLA_RETURN_IF_ERROR(
        TakeError(api, api->PJRT_DeviceDescription_Kind(&kind), "reading the PJRT device kind"));
    client->kind = ToString(kind.device_kind, kind.device_kind_size);
  }
  // The load's log line (ModelRunner's "loaded ... on <description>") carries both API versions.
  client->description = ToString(debug.debug_string, debug.debug_string_size) + " (" +
                        std::to_string(devices.num_addressable_devices) +
                        " addressable device(s), plugin " + plugin_path + ", PJRT C API " +
                        std::to_string(api->pjrt_api_version.major_version) + "." +
                        std::to_string(api->pjrt_api_version.minor_version) + ", vlmxla's header " +
                        PjrtHeaderApiVersion() + ")";
  if (!cache.dir.empty()) {
    const char* xla_flags = std::getenv("XLA_FLAGS");
    client->identity = PluginFileIdentity(plugin_path) + "\n" +
                       std::to_string(api->pjrt_api_version.major_version) + "." +
                       std::to_string(api->pjrt_api_version.minor_version) + "\n" +
                       PluginAttributes(api) + "XLA_FLAGS=" + (xla_flags ? xla_flags : "") + "\n" +
                       client->platform + "\n" + client->kind + "\n" +
                       ToString(debug.debug_string, debug.debug_string_size) + "\n" +
                       // XLA's CPU backend compiles for the features of the CPU it runs on.
                       (client->platform == "cpu" ? HostCpuIdentity() : std::string());
  }
  std::unique_ptr<PjrtExecutor> executor(new PjrtExecutor(client));
  if (client->platform == "cpu") {
    const Status usable = QuantizedMatvecUsable(api, [&executor](const std::string& probe) {
      return executor->CompileImpl(probe, {}, /*internal=*/true).status();
    });
    client->quantized_matvec = usable.ok();
    if (!usable.ok()) {
      std::fprintf(stderr,
                   "vlmxla: warning: %s; quantized weights are multiplied in StableHLO instead\n",
                   usable.message().c_str());
    }
  }
  return executor;
}

PjrtExecutor::PjrtExecutor(std::shared_ptr<Client> client) : client_(std::move(client)) {}
PjrtExecutor::~PjrtExecutor() = default;

std::string PjrtExecutor::name() const { return "pjrt:" + client_->platform; }
std::string PjrtExecutor::device_description() const { return client_->description; }
std::string PjrtExecutor::device_kind() const {
  return client_->kind.empty() ? client_->platform : client_->kind;
}
std::string PjrtExecutor::plugin_api_version() const {
  return std::to_string(client_->api->pjrt_api_version.major_version) + "." +
         std::to_string(client_->api->pjrt_api_version.minor_version);
}

BackendTraits PjrtExecutor::traits() const {
  BackendTraits t;
  t.prefers_in_out_weights = true;
  // XLA's CPU backend widens bf16/f16 dot operands of [in, out] weights to f32 (measured:
  // bench/README.md), but streams bf16 [out, in] ones; a GPU plugin computes on either.
  t.keeps_bf16_weights_out_in = client_->platform == "cpu";
  t.lacks_narrow_gemv = client_->platform == "cpu";
  t.widens_f16_matmuls = client_->platform == "cpu";
  t.widens_narrow_updates = client_->platform == "cpu";
  t.has_quantized_matvec_call = client_->quantized_matvec;
  t.keeps_op_metadata = true;
  t.has_artifact_cache = !client_->cache.dir.empty();
  if (client_->platform == "cpu") {
    const char* xla_flags = std::getenv("XLA_FLAGS");
    t.cpu_isa = XlaCpuIsa(HostCpuIsa(), xla_flags ? xla_flags : "");
  }
  return t;
}

std::string PjrtExecutor::CacheKey(std::string_view mlir_text,
                                   const CompileOptions& options) const {
  ArtifactKey key("vlmxla-pjrt-executable-v1");
  key.Add(client_->identity).Add(EncodeCompileOptions(options));
  key.Add(options.many_rows ? "many_rows" : "").Add(options.narrow_products ? "narrow" : "");
  return key.Add(mlir_text).Hex();
}

const std::string& PjrtExecutor::cache_dir() const { return client_->cache.dir; }

ExecutorReport PjrtExecutor::Report() const {
  ExecutorReport r;
  r.compiles.cache = client_->cache.dir.empty()
                         ? "none: PJRT compiles every program in process at each start"
                         : "PJRT executable cache (" + client_->cache.dir + ")";
  {
    std::lock_guard<std::mutex> lock(client_->stats_mu);
    r.compiles.cold = client_->compiles;
    r.compiles.cold_seconds = client_->compile_seconds;
    r.compiles.cached = client_->cache_hits;
    r.compiles.cached_seconds = client_->cache_seconds;
  }
  auto stats = MemoryStats();
  if (!stats.ok()) {
    r.memory.detail = "not reported by the PJRT plugin (" + name() +
                      "): " + stats.status().message() +
                      "; on the CPU plugin device buffers live in the engine's own heap, so the "
                      "engine's RSS covers them";
    return r;
  }
  r.memory.reported = true;
  r.memory.source = "PJRT_Device_MemoryStats";
  r.memory.bytes_in_use = stats->bytes_in_use;
  r.memory.peak_bytes_in_use = stats->peak_bytes_in_use;
  r.memory.bytes_limit = stats->bytes_limit;
  return r;
}

Result<PjrtMemoryStats> PjrtExecutor::MemoryStats() const {
  const PJRT_Api* api = client_->api;
  if (!VLMXLA_PJRT_HAS(api, PJRT_Device_MemoryStats)) {
    return Unimplemented("the PJRT plugin (C API " + plugin_api_version() +
                         ") has no PJRT_Device_MemoryStats");
  }
  PJRT_Device_MemoryStats_Args args{};
  args.struct_size = PJRT_Device_MemoryStats_Args_STRUCT_SIZE;
  args.device = client_->device;
  VLMXLA_RETURN_IF_ERROR(
      TakeError(api, api->PJRT_Device_MemoryStats(&args), "reading device memory statistics"));
  PjrtMemoryStats stats;
  stats.bytes_in_use = args.bytes_in_use;
  if (args.peak_bytes_in_use_is_set) stats.peak_bytes_in_use = args.peak_bytes_in_use;
  if (args.bytes_limit_is_set) stats.bytes_limit = args.bytes_limit;
  return stats;
}

Result<std::unique_ptr<Executable>> PjrtExecutor::Compile(std::string_view mlir_text,
                                                          const CompileOptions& options) {
  return CompileImpl(mlir_text, options, /*internal=*/false);
}

Result<std::unique_ptr<Executable>> PjrtExecutor::CompileImpl(std::string_view mlir_text,
                                                              const CompileOptions& options,
                                                              bool internal) {
  const PJRT_Api* api = client_->api;
  if (mlir_text.empty()) return InvalidArgument("cannot compile an empty MLIR module");
  if (options.num_replicas != 1 || options.num_partitions != 1) {
    return Unimplemented("PjrtExecutor runs on one device; got " +
                         std::to_string(options.num_replicas) + " replicas and " +
                         std::to_string(options.num_partitions) + " partitions");
  }
  const auto start = std::chrono::steady_clock::now();
  std::string key;
  if (!client_->cache.dir.empty() && !internal) {
    key = CacheKey(mlir_text, options);
    std::optional<Result<std::unique_ptr<Executable>>> cached =
        LoadFromCache(client_, key, mlir_text);
    if (cached) {
      if (cached->ok()) {
        std::lock_guard<std::mutex> lock(client_->stats_mu);
        client_->cache_hits += 1;
        client_->cache_seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      }
      return std::move(*cached);
    }
  }
  std::string code(mlir_text);
  static constexpr char kFormat[] = "mlir";
  PJRT_Program program{};
  program.struct_size = PJRT_Program_STRUCT_SIZE;
  program.code = code.data();
  program.code_size = code.size();
  program.format = kFormat;
  program.format_size = sizeof(kFormat) - 1;

  const std::string serialized = EncodeCompileOptions(options);
  PJRT_Client_Compile_Args compile{};
  compile.struct_size = PJRT_Client_Compile_Args_STRUCT_SIZE;
  compile.client = client_->client;
  compile.program = &program;
  compile.compile_options = serialized.data();
  compile.compile_options_size = serialized.size();
  Status compiled = TakeError(api, api->PJRT_Client_Compile(&compile),
                              "compiling StableHLO with PJRT", "compile_failed");
  if (compiled.code() == ErrorCode::kInternal) {
    // The plugin reports a module that does not parse or verify as INTERNAL; to the caller it is
    // an invalid argument, as on every backend.
    compiled = Status(ErrorCode::kInvalidArgument, compiled.message(), compiled.reason());
  }
  VLMXLA_RETURN_IF_ERROR(compiled);
  if (!internal) {
    std::lock_guard<std::mutex> lock(client_->stats_mu);
    client_->compiles += 1;
    client_->compile_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  if (!key.empty()) StoreInCache(client_, key, compile.executable, mlir_text);
  return FinishLoaded(client_, compile.executable, mlir_text);
}

Result<std::shared_ptr<DeviceBuffer>> PjrtExecutor::Upload(const HostTensor& tensor) {
  const PJRT_Api* api = client_->api;
  std::optional<PJRT_Buffer_Type> type = ToPjrtType(tensor.dtype());
  if (!type) {
    return Unimplemented(std::string("dtype ") + DTypeName(tensor.dtype()) +
                         " cannot be uploaded to PJRT");
  }
  for (int64_t d : tensor.shape()) {
    if (d < 0) {
      return InvalidArgument("cannot upload a tensor with negative dimension " +
                             ShapeToString(tensor.shape()));
    }
  }
  if (tensor.data() == nullptr && tensor.byte_size() > 0) {
    return InvalidArgument("host tensor " + ShapeToString(tensor.shape()) + " has no data");
  }
  PJRT_Client_BufferFromHostBuffer_Args args{};
  args.struct_size = PJRT_Client_BufferFromHostBuffer_Args_STRUCT_SIZE;
  args.client = client_->client;
  args.data = tensor.data();
  args.type = *type;
  args.dims = tensor.shape().data();
  args.num_dims = tensor.shape().size();
  args.byte_strides = nullptr;  // dense row-major
  args.host_buffer_semantics = PJRT_HostBufferSemantics_kImmutableUntilTransferCompletes;
  args.device = client_->device;
  VLMXLA_RETURN_IF_ERROR(TakeError(api, api->PJRT_Client_BufferFromHostBuffer(&args),
                                   "uploading " + ShapeToString(tensor.shape()) + " " +
                                       DTypeName(tensor.dtype()) + " to the device"));
  BufferHandle handle(client_, args.buffer);
  // The host memory must stay valid until PJRT says it is done with it.
  VLMXLA_RETURN_IF_ERROR(AwaitAndDestroy(api, args.done_with_host_buffer, "uploading a tensor"));
  return WrapBuffer(std::move(handle));
}

Result<std::shared_ptr<DeviceBuffer>> PjrtExecutor::Copy(const DeviceBuffer& buffer) {
  const auto* source = dynamic_cast<const PjrtBuffer*>(&buffer);
  if (source == nullptr || source->client().get() != client_.get()) {
    return InvalidArgument("the buffer to copy is not a device buffer of this PJRT executor");
  }
  if (source->is_deleted()) {
    return FailedPrecondition("device buffer " + ShapeToString(buffer.shape()) +
                                  " was donated and can no longer be copied",
                              "buffer_deleted");
  }
  const PJRT_Api* api = client_->api;
  PJRT_Buffer_CopyToDevice_Args args{};
  args.struct_size = PJRT_Buffer_CopyToDevice_Args_STRUCT_SIZE;
  args.buffer = source->raw();
  args.dst_device = client_->device;
  VLMXLA_RETURN_IF_ERROR(TakeError(api, api->PJRT_Buffer_CopyToDevice(&args),
                                   "copying " + ShapeToString(buffer.shape()) + " " +
                                       DTypeName(buffer.dtype()) + " on the device"));
  BufferHandle handle(client_, args.dst_buffer);
  // Report a failed copy here rather than at the execution that reads it.
  if (VLMXLA_PJRT_HAS(api, PJRT_Buffer_ReadyEvent)) {
    PJRT_Buffer_ReadyEvent_Args ready{};
    ready.struct_size = PJRT_Buffer_ReadyEvent_Args_STRUCT_SIZE;
    ready.buffer = handle.get();
    VLMXLA_RETURN_IF_ERROR(
        TakeError(api, api->PJRT_Buffer_ReadyEvent(&ready), "waiting for a device copy"));
    VLMXLA_RETURN_IF_ERROR(AwaitAndDestroy(api, ready.event, "copying on the device"));
  }
  return WrapBuffer(std::move(handle));
}

}  // namespace vlmxla::runtime
