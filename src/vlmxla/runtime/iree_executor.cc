// IreeExecutor: compile through the artifact cache, run through the runtime host. Every device
// buffer and executable holds the host client (shared ownership), so the host outlives them.
// The wire protocol is described at the top of iree_host_client.cc and in
// python/vlmxla_iree/protocol.py.
#include "vlmxla/runtime/iree_executor.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>
#include <utility>

#include <nlohmann/json.hpp>

#include "vlmxla/runtime/artifact_cache.h"
#include "vlmxla/runtime/iree_artifact_cache.h"
#include "vlmxla/runtime/iree_cuda_target.h"
#include "vlmxla/runtime/iree_host_client.h"
#include "vlmxla/runtime/mlir_signature.h"

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;
using HostPtr = std::shared_ptr<IreeHostClient>;

// The first directory, from the current directory or the executable's upwards, that holds
// .venv/bin/python: the repository checkout (or an install laid out like one).
std::string FindRepoRoot() {
  std::vector<fs::path> starts;
  std::error_code ec;
  if (fs::path cwd = fs::current_path(ec); !ec) starts.push_back(cwd);
  if (fs::path exe = fs::read_symlink("/proc/self/exe", ec); !ec) {
    starts.push_back(exe.parent_path());
  }
  for (fs::path dir : starts) {
    for (; !dir.empty(); dir = dir.parent_path()) {
      if (fs::exists(dir / ".venv" / "bin" / "python", ec)) return dir.string();
      if (dir == dir.parent_path()) break;
    }
  }
  return {};
}

// The string value of `"key": "..."` in the host's flat JSON answer (no escapes expected).
std::string JsonString(const std::string& json, const std::string& key) {
  const std::string needle = "\"" + key + "\": \"";
  const size_t at = json.find(needle);
  if (at == std::string::npos) return {};
  const size_t start = at + needle.size();
  const size_t end = json.find('"', start);
  return end == std::string::npos ? std::string() : json.substr(start, end - start);
}

class IreeBuffer final : public DeviceBuffer {
 public:
  IreeBuffer(HostPtr host, uint64_t id, DType dtype, Shape shape)
      : host_(std::move(host)), id_(id), dtype_(dtype), shape_(std::move(shape)) {}
  ~IreeBuffer() override {
    if (!deleted_.load()) host_->Free(id_);
  }

  DType dtype() const override { return dtype_; }
  const Shape& shape() const override { return shape_; }
  bool is_deleted() const override { return deleted_.load(); }
  uint64_t id() const { return id_; }
  const HostPtr& host() const { return host_; }
  // The host released it as a donated input: it must not be freed again.
  void MarkDonated() { deleted_.store(true); }

  Result<HostTensor> ToHost() const override {
    if (is_deleted()) {
      return FailedPrecondition("device buffer " + ShapeToString(shape_) + " " + DTypeName(dtype_) +
                                    " was donated and can no longer be read",
                                "buffer_deleted");
    }
    HostTensor host(dtype_, shape_);
    VLMXLA_RETURN_IF_ERROR(host_->Download(id_, host.mutable_data(), host.byte_size()));
    return host;
  }

 private:
  HostPtr host_;
  uint64_t id_;
  DType dtype_;
  Shape shape_;
  std::atomic<bool> deleted_{false};
};

class IreeExecutable final : public Executable {
 public:
  IreeExecutable(HostPtr host, uint64_t module, FunctionSignature signature)
      : host_(std::move(host)), module_(module), signature_(std::move(signature)) {}
  ~IreeExecutable() override { host_->UnloadModule(module_); }

  size_t num_outputs() const override { return signature_.outputs.size(); }

  Result<std::vector<std::shared_ptr<DeviceBuffer>>> Execute(
      std::span<DeviceBuffer* const> args, std::span<const bool> donate) override {
    VLMXLA_RETURN_IF_ERROR(CheckExecuteArguments(signature_, args, donate));
    std::vector<uint64_t> ids;
    std::vector<IreeBuffer*> buffers;
    ids.reserve(args.size());
    buffers.reserve(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      auto* buffer = dynamic_cast<IreeBuffer*>(args[i]);
      if (buffer == nullptr) {
        return InvalidArgument("argument " + std::to_string(i) +
                               " is not a device buffer of this IREE executor");
      }
      if (buffer->host().get() != host_.get()) {
        return InvalidArgument("argument " + std::to_string(i) +
                               " belongs to a different IREE runtime host");
      }
      ids.push_back(buffer->id());
      buffers.push_back(buffer);
    }
    VLMXLA_ASSIGN_OR_RETURN(std::vector<IreeHostClient::ResultBuffer> results,
                            host_->Execute(module_, ids, donate));
    // The host dropped the donated inputs once the call returned (IREE's invoke allocates fresh
    // results, so this is what keeps memory from being held twice).
    for (size_t i = 0; i < buffers.size(); ++i) {
      if (!donate.empty() && donate[i]) buffers[i]->MarkDonated();
    }
    std::vector<std::shared_ptr<DeviceBuffer>> out;
    out.reserve(results.size());
    for (IreeHostClient::ResultBuffer& r : results) {
      out.push_back(std::make_shared<IreeBuffer>(host_, r.id, r.dtype, std::move(r.shape)));
    }
    if (out.size() != signature_.outputs.size()) {
      return Internal("@main declares " + std::to_string(signature_.outputs.size()) +
                      " results but the IREE module returned " + std::to_string(out.size()));
    }
    for (size_t i = 0; i < out.size(); ++i) {
      if (!signature_.outputs[i].Matches(out[i]->dtype(), out[i]->shape())) {
        return Internal("result " + std::to_string(i) + " is " + DTypeName(out[i]->dtype()) +
                        ShapeToString(out[i]->shape()) + " but @main declares " +
                        signature_.outputs[i].ToString());
      }
    }
    return out;
  }

 private:
  HostPtr host_;
  uint64_t module_;
  FunctionSignature signature_;
};

}  // namespace

Result<std::vector<std::string>> IreeTargetFlags(const std::string& target,
                                                 const std::string& cuda_target,
                                                 const std::string& cpu_target) {
  if (target == "llvm-cpu") {
    const bool name_ok =
        !cpu_target.empty() && std::all_of(cpu_target.begin(), cpu_target.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
        });
    if (!name_ok) {
      return InvalidArgument(
          "--iree-cpu-target must be an LLVM CPU name such as host or "
          "x86-64-v3, got '" +
          cpu_target + "'");
    }
    return std::vector<std::string>{"--iree-hal-target-device=local",
                                    "--iree-hal-local-target-device-backends=llvm-cpu",
                                    "--iree-llvmcpu-target-cpu=" + cpu_target};
  }
  if (target == "cuda") {
    if (cuda_target.empty()) {
      return InvalidArgument("IREE target 'cuda' needs a CUDA target such as sm_80");
    }
    return std::vector<std::string>{"--iree-hal-target-device=cuda",
                                    "--iree-cuda-target=" + cuda_target};
  }
  return InvalidArgument("unknown IREE target '" + target + "' (expected llvm-cpu or cuda)",
                         "unknown_backend");
}

namespace {

// Fills the defaults that the compiler and the executor share: Python (may stay empty when
// iree-compile is given), iree-compile, the host's PYTHONPATH, the cache directory, the driver.
Status ResolveIreeOptions(IreeExecutorOptions& options) {
  if (options.driver.empty()) options.driver = options.target == "cuda" ? "cuda" : "local-task";
  const std::string root = FindRepoRoot();
  if (options.python.empty()) options.python = Env(kIreePythonEnv);
  if (options.python.empty() && !root.empty()) options.python = root + "/.venv/bin/python";
  if (options.compiler.empty()) options.compiler = Env(kIreeCompileEnv);
  if (options.compiler.empty() && !options.python.empty()) {
    options.compiler = (fs::path(options.python).parent_path() / "iree-compile").string();
  }
  if (options.compiler.empty()) {
    return NotFound("no iree-compile: set " + std::string(kIreeCompileEnv) + " or " +
                        std::string(kIreePythonEnv) + ", or create .venv with scripts/setup.sh",
                    "iree_compiler_missing");
  }
  std::error_code ec;
  if (options.python_path.empty() && !root.empty() &&
      fs::exists(fs::path(root) / "python" / "vlmxla_iree" / "host.py", ec)) {
    options.python_path = root + "/python";
  }
  if (options.cache_dir.empty()) {
    VLMXLA_ASSIGN_OR_RETURN(options.cache_dir, DefaultArtifactCacheDir("iree"));
  }
  return Status::Ok();
}

// The smallest module that reaches IREE's GPU target lookup: one elementwise dispatch.
constexpr std::string_view kCudaProbeModule =
    "module {\n"
    "  func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
    "    return %0 : tensor<4xf32>\n"
    "  }\n"
    "}\n";

// The iree-compile flags without the cuda target flags (the explicit target replaces them).
std::vector<std::string> WithoutCudaTargetFlags(const std::vector<std::string>& flags) {
  std::vector<std::string> out;
  for (const std::string& flag : flags) {
    if (flag == "--iree-hal-target-device=cuda" || flag.rfind("--iree-cuda-target=", 0) == 0) {
      continue;
    }
    out.push_back(flag);
  }
  return out;
}

}  // namespace

Result<IreeCompiler> IreeCompiler::Create(IreeExecutorOptions options) {
  IreeCompiler compiler;
  VLMXLA_ASSIGN_OR_RETURN(compiler.flags_,
                          IreeTargetFlags(options.target, options.cuda_target, options.cpu_target));
  compiler.flags_.insert(compiler.flags_.end(), options.extra_compile_flags.begin(),
                         options.extra_compile_flags.end());
  VLMXLA_RETURN_IF_ERROR(ResolveIreeOptions(options));
  Result<std::string> version = IreeCompilerVersion(options.compiler);
  if (version.ok()) {
    compiler.compiler_version_ = *version;
  } else {
    if (version.status().reason() != "iree_compiler_missing") return version.status();
    // A cache copied from a machine that had the compiler: its manifest names the version.
    const std::string target =
        options.target == "cuda" ? "cuda:" + options.cuda_target : options.target;
    std::optional<std::string> recorded = RecordedIreeCompilerVersion(options.cache_dir, target);
    if (!recorded) {
      return Status(version.status().code(),
                    version.status().message() + "; the artifact cache '" + options.cache_dir +
                        "' records no compiled module for target " + target,
                    version.status().reason());
    }
    compiler.compiler_version_ = *recorded;
    compiler.compiler_missing_ = version.status().message();
  }
  compiler.options_ = std::move(options);
  return compiler;
}

Result<bool> IreeCompiler::NeedsExplicitCudaTarget() const {
  // Remembered per compiler and arch: the answer only changes with the compiler.
  static std::mutex mu;
  static std::map<std::string, bool> known;
  const std::string memo =
      options_.compiler + "\n" + compiler_version_ + "\n" + options_.cuda_target;
  {
    std::lock_guard<std::mutex> lock(mu);
    if (auto it = known.find(memo); it != known.end()) return it->second;
  }
  IreeCompileJob probe;
  probe.compiler = options_.compiler;
  probe.compiler_version = compiler_version_;
  probe.target = "cuda:" + options_.cuda_target;
  probe.flags = {"--iree-hal-target-device=cuda", "--iree-cuda-target=" + options_.cuda_target};
  probe.cache_dir = options_.cache_dir;
  probe.timeout_s = options_.compile_timeout_s;
  Result<IreeArtifact> plain = CompileIreeArtifact(probe, kCudaProbeModule);
  bool needs = false;
  if (!plain.ok()) {
    if (plain.status().reason() != "compile_failed") return plain.status();
    // Any other rejection is the real module's to report, with the plain flags.
    needs = IsMissingGpuTargetError(plain.status().message());
  }
  std::lock_guard<std::mutex> lock(mu);
  known.emplace(memo, needs);
  return needs;
}

Result<IreeCompileOutcome> IreeCompiler::Compile(
    std::string_view mlir_text, const std::vector<std::string>& extra_flags) const {
  IreeCompileJob job;
  job.compiler = options_.compiler;
  job.compiler_version = compiler_version_;
  job.target = options_.target == "cuda" ? "cuda:" + options_.cuda_target : options_.target;
  job.flags = flags_;
  job.flags.insert(job.flags.end(), extra_flags.begin(), extra_flags.end());
  job.cache_dir = options_.cache_dir;
  job.max_cache_bytes = options_.max_cache_bytes;
  job.timeout_s = options_.compile_timeout_s;
  IreeCompileOutcome outcome;
  const bool maybe_explicit =
      options_.target == "cuda" && HasExplicitCudaTarget(options_.cuda_target);
  if (!maybe_explicit && compiler_missing_.empty()) {
    Result<IreeArtifact> artifact = CompileIreeArtifact(job, mlir_text);
    if (!artifact.ok() && options_.target == "cuda" &&
        IsMissingGpuTargetError(artifact.status().message())) {
      return artifact.status().WithContext(
          "IREE has no CUDA target for " + options_.cuda_target + " and " +
          CudaDeviceTargetAttr(options_.cuda_target).status().message());
    }
    VLMXLA_ASSIGN_OR_RETURN(outcome.artifact, std::move(artifact));
    outcome.flags = job.flags;
    return outcome;
  }
  // A stored artifact of the plain job, else (an arch IREE may lack, iree_cuda_target.h) of the
  // explicit one: it differs in target, flags and text, so its cache key differs.
  if (std::optional<IreeArtifact> cached = FindIreeArtifact(job, mlir_text)) {
    outcome.artifact = *cached;
    outcome.flags = job.flags;
    return outcome;
  }
  IreeCompileJob explicit_job = job;
  std::string annotated;
  if (maybe_explicit) {
    explicit_job.target += " explicit-target";
    explicit_job.flags = WithoutCudaTargetFlags(job.flags);
    VLMXLA_ASSIGN_OR_RETURN(annotated, AnnotateWithCudaTarget(mlir_text, options_.cuda_target));
    if (std::optional<IreeArtifact> cached = FindIreeArtifact(explicit_job, annotated)) {
      outcome.artifact = *cached;
      outcome.explicit_cuda_target = true;
      outcome.flags = explicit_job.flags;
      return outcome;
    }
  }
  if (!compiler_missing_.empty()) {
    return Unavailable("this module (target " + job.target +
                           ") is not in the IREE artifact "
                           "cache '" +
                           options_.cache_dir + "' (whose manifest records iree-compile " +
                           compiler_version_.substr(0, compiler_version_.find('\n')) +
                           ") and it cannot be compiled here: " + compiler_missing_,
                       "iree_compiler_missing");
  }
  VLMXLA_ASSIGN_OR_RETURN(bool needs_explicit, NeedsExplicitCudaTarget());
  const IreeCompileJob& chosen = needs_explicit ? explicit_job : job;
  VLMXLA_ASSIGN_OR_RETURN(outcome.artifact,
                          CompileIreeArtifact(chosen, needs_explicit ? annotated : mlir_text));
  outcome.explicit_cuda_target = needs_explicit;
  outcome.flags = chosen.flags;
  return outcome;
}

Result<std::unique_ptr<IreeExecutor>> IreeExecutor::Create(IreeExecutorOptions options) {
  VLMXLA_RETURN_IF_ERROR(ResolveIreeOptions(options));
  if (options.python.empty()) {
    return NotFound("no Python for the IREE runtime host: set " + std::string(kIreePythonEnv) +
                        " or create .venv with scripts/setup.sh",
                    "iree_host_failed");
  }
  bool parameters = false;
  if (options.weights_as_parameters) {
    parameters = *options.weights_as_parameters;
  } else if (const std::string env = Env(kIreeParametersEnv); env == "on" || env == "1") {
    parameters = true;
  } else if (!env.empty() && env != "off" && env != "0") {
    return InvalidArgument("$" + std::string(kIreeParametersEnv) + " is '" + env +
                           "'; expected on, off, 1 or 0");
  }
  auto executor = std::unique_ptr<IreeExecutor>(new IreeExecutor());
  if (options.no_cache) {
    // A private directory, removed with the executor: iree-compile still writes a file, and the
    // runtime host loads it from there.
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "vlmxla-iree-nocache-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      return Unavailable("cannot create a temporary directory for --no-cache ('" + pattern + "')",
                         "cache_unwritable");
    }
    options.cache_dir = executor->private_cache_dir_ = pattern;
  }
  VLMXLA_ASSIGN_OR_RETURN(IreeCompiler compiler, IreeCompiler::Create(options));
  executor->compiler_.emplace(std::move(compiler));
  if (options.also_compile_cuda_target.empty()) {
    options.also_compile_cuda_target = Env(kIreeAlsoCompileCudaEnv);
  }
  if (!options.also_compile_cuda_target.empty() && options.target != "cuda") {
    IreeExecutorOptions cuda = options;
    cuda.target = "cuda";
    cuda.cuda_target = options.also_compile_cuda_target;
    cuda.driver.clear();
    cuda.extra_compile_flags.clear();
    VLMXLA_ASSIGN_OR_RETURN(IreeCompiler also, IreeCompiler::Create(std::move(cuda)));
    executor->also_cuda_.emplace(std::move(also));
  }
  IreeHostOptions host;
  host.python = options.python;
  host.python_path = options.python_path;
  host.driver = options.driver;
  host.device_uri = options.device_uri;
  host.startup_timeout_s = options.startup_timeout_s;
  host.call_timeout_s = options.call_timeout_s;
  VLMXLA_ASSIGN_OR_RETURN(executor->host_, IreeHostClient::Start(host));
  executor->parameters_ = parameters && options.target == "llvm-cpu";
  executor->options_ = std::move(options);
  return executor;
}

IreeExecutor::~IreeExecutor() {
  if (private_cache_dir_.empty()) return;
  host_.reset();  // the host has the artifacts open
  std::error_code ec;
  fs::remove_all(private_cache_dir_, ec);
}

std::string IreeExecutor::name() const { return "iree:" + options_.target; }

std::string IreeExecutor::device_description() const {
  const std::string& info = host_->startup_info();
  std::string version = compiler_->compiler_version();
  // "IREE (https://iree.dev):\n  IREE compiler version 3.13.0rc... @ hash\n  LLVM ...": keep
  // the compiler line.
  if (size_t at = version.find("compiler version "); at != std::string::npos) {
    version = version.substr(at + 17, version.find(' ', at + 17) - (at + 17));
  }
  std::string target = options_.target;
  if (target == "cuda") target += " " + options_.cuda_target;
  return "IREE " + JsonString(info, "driver") + " device '" + JsonString(info, "device") +
         "' (target " + target + ", iree-compile " + version + ", runtime host pid " +
         std::to_string(host_->pid()) + ")";
}

std::string IreeExecutor::device_kind() const {
  if (options_.target != "cuda") return "cpu";
  // The host's hello lists the driver's devices ({"device_id", "path", "name"}); the first
  // "name" in it is the first device's.
  const std::string name = JsonString(host_->startup_info(), "name");
  return name.empty() ? "cuda" : name;
}

pid_t IreeExecutor::host_pid() const { return host_->pid(); }

BackendTraits IreeExecutor::traits() const {
  BackendTraits t;
  t.has_artifact_cache = true;
  // With weights as parameters the compiler packs each weight into its own layout once, so the
  // checkpoint's [out, in] serves (no transpose in the program); as arguments, narrow products
  // run fastest on [in, out] ones (BackendTraits).
  t.prefers_in_out_narrow_weights = !parameters_;
  t.weights_as_parameters = parameters_;
  if (options_.target == "llvm-cpu") t.cpu_isa = IreeCpuIsa(HostCpuIsa(), options_.cpu_target);
  return t;
}

ExecutorReport IreeExecutor::Report() const {
  ExecutorReport r;
  const IreeCompileStats s = compile_stats();
  r.compiles = {"IREE artifact cache (" + options_.cache_dir + ")", s.cold, s.cached,
                s.cold_seconds, s.cached_seconds};
  r.device_process_pid = host_pid();
  r.memory.source = "IREE runtime host";
  auto info = DeviceInfoJson();
  const auto j = info.ok() ? nlohmann::json::parse(*info, nullptr, false) : nlohmann::json();
  if (!j.is_object()) {
    r.memory.detail = "the runtime host did not answer: " +
                      (info.ok() ? std::string("bad JSON") : info.status().message());
    return r;
  }
  if (j.contains("live_bytes") && j["live_bytes"].is_number_integer()) {
    r.memory.reported = true;
    r.memory.live_buffer_bytes = j["live_bytes"].get<int64_t>();
  }
  if (j.contains("memory") && !j["memory"].empty()) {
    r.memory.allocator_json = j["memory"].dump();
  } else {
    r.memory.detail =
        "allocator statistics not reported: the iree-base-runtime allocator keeps "
        "no statistics in this build";
  }
  if (j.contains("process")) r.memory.host_process_json = j["process"].dump();
  return r;
}

Result<std::string> IreeExecutor::DeviceInfoJson() const { return host_->Info(); }

IreeCompileStats IreeExecutor::compile_stats() const {
  std::lock_guard<std::mutex> lock(stats_mu_);
  return stats_;
}

Result<std::unique_ptr<Executable>> IreeExecutor::Compile(std::string_view mlir_text,
                                                          const CompileOptions& options) {
  if (options.num_replicas != 1 || options.num_partitions != 1) {
    return Unimplemented("IreeExecutor runs on one device; got " +
                         std::to_string(options.num_replicas) + " replicas and " +
                         std::to_string(options.num_partitions) + " partitions");
  }
  const auto start = std::chrono::steady_clock::now();
  // A narrow program whose products all take many rows (a vision encode) is compiled with data
  // tiling and IREE's microkernels on the CPU: every call repacks its weights (they are
  // arguments), which many rows repay and a decode step's few do not. The LLaVA bench model in
  // bf16: time to first token with an image 29.9 s -> 10.3 s, while a decode step so compiled
  // ran at a third of its speed (bench/README.md). Where the compiler rejects it (as it did a
  // float32 prefill), the program compiles plainly.
  // A program that reads its weights as parameter globals packs each one once, in its module's
  // initializer, so every product is data-tiled, decode steps included (docs/design.md, "IREE
  // weights as parameters"). Where data tiling crashes IREE 3.13 (its device-encoding
  // materialization on Qwen2-VL's batched decode, docs/design.md), the program compiles plainly,
  // still reading its weights as parameters.
  std::vector<std::string> tuned;
  if (options_.target == "llvm-cpu" &&
      (options.weights_as_parameters || (options.many_rows && options.narrow_products))) {
    tuned = {"--iree-opt-data-tiling", "--iree-llvmcpu-enable-ukernels=all"};
  }
  Result<IreeCompileOutcome> first = compiler_->Compile(mlir_text, tuned);
  if (!first.ok() && !tuned.empty()) first = compiler_->Compile(mlir_text);
  VLMXLA_ASSIGN_OR_RETURN(IreeCompileOutcome compiled, std::move(first));
  const IreeArtifact& artifact = compiled.artifact;
  if (also_cuda_) {
    Result<IreeCompileOutcome> cuda = also_cuda_->Compile(mlir_text);
    if (!cuda.ok()) {
      return cuda.status().WithContext("also compiling for cuda " +
                                       also_cuda_->options().cuda_target + " (" +
                                       std::string(kIreeAlsoCompileCudaEnv) + ")");
    }
  }

  Result<FunctionSignature> sig = ParseMainSignature(mlir_text);
  if (!sig.ok()) return sig.status().WithContext("reading the signature of the compiled module");
  VLMXLA_ASSIGN_OR_RETURN(uint64_t module, host_->LoadModule(artifact.path));
  auto executable = std::make_unique<IreeExecutable>(host_, module, std::move(sig).value());

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::lock_guard<std::mutex> lock(stats_mu_);
  (artifact.cached ? stats_.cached : stats_.cold) += 1;
  (artifact.cached ? stats_.cached_seconds : stats_.cold_seconds) += seconds;
  stats_.last_was_cached = artifact.cached;
  stats_.last_artifact = artifact.path;
  return std::unique_ptr<Executable>(std::move(executable));
}

Result<std::shared_ptr<DeviceBuffer>> IreeExecutor::Upload(const HostTensor& tensor) {
  for (int64_t d : tensor.shape()) {
    if (d < 0) {
      return InvalidArgument("cannot upload a tensor with negative dimension " +
                             ShapeToString(tensor.shape()));
    }
  }
  if (tensor.data() == nullptr && tensor.byte_size() > 0) {
    return InvalidArgument("host tensor " + ShapeToString(tensor.shape()) + " has no data");
  }
  VLMXLA_ASSIGN_OR_RETURN(uint64_t id, host_->Upload(tensor.dtype(), tensor.shape(), tensor.data(),
                                                     tensor.byte_size()));
  return std::shared_ptr<DeviceBuffer>(
      std::make_shared<IreeBuffer>(host_, id, tensor.dtype(), tensor.shape()));
}

Status IreeExecutor::LoadParameters(const std::string& scope,
                                    const std::vector<std::string>& files) {
  if (!parameters_) {
    return FailedPrecondition(name() + " takes weights as arguments (weights as parameters: " +
                              std::string(options_.target == "llvm-cpu" ? "off" : "llvm-cpu only") +
                              "); it has no parameter scope '" + scope + "'");
  }
  return host_->LoadParameters(scope, files).status();
}

Result<std::shared_ptr<DeviceBuffer>> IreeExecutor::Copy(const DeviceBuffer& buffer) {
  const auto* source = dynamic_cast<const IreeBuffer*>(&buffer);
  if (source == nullptr || source->host().get() != host_.get()) {
    return InvalidArgument("the buffer to copy is not a device buffer of this IREE executor");
  }
  if (source->is_deleted()) {
    return FailedPrecondition("device buffer " + ShapeToString(buffer.shape()) +
                                  " was donated and can no longer be copied",
                              "buffer_deleted");
  }
  VLMXLA_ASSIGN_OR_RETURN(uint64_t id, host_->Copy(source->id()));
  return std::shared_ptr<DeviceBuffer>(
      std::make_shared<IreeBuffer>(host_, id, buffer.dtype(), buffer.shape()));
}

}  // namespace vlmxla::runtime
