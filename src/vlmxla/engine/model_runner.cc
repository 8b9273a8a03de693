#include "vlmxla/engine/model_runner.h"

#include "vlmxla/engine/precision.h"
#include "vlmxla/engine/process_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <nlohmann/json.hpp>

#include "vlmxla/vision/qwen_vision_layout.h"

namespace vlmxla::engine {
namespace {

HostTensor I32Tensor(std::span<const int32_t> values, Shape shape) {
  HostTensor t(DType::kI32, std::move(shape));
  std::copy(values.begin(), values.end(), t.mutable_span<int32_t>().begin());
  return t;
}

// The first `n` entries along `axis` of a dense tensor (taps of a padded prefill bucket).
HostTensor SliceAxis(const HostTensor& t, int axis, int64_t n) {
  Shape shape = t.shape();
  if (axis >= static_cast<int>(shape.size()) || shape[axis] <= n) return t;
  int64_t outer = 1, inner = DTypeSize(t.dtype());
  for (int i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  const int64_t full = shape[axis];
  shape[axis] = n;
  HostTensor out(t.dtype(), shape);
  const auto* src = static_cast<const uint8_t*>(t.data());
  auto* dst = static_cast<uint8_t*>(out.mutable_data());
  for (int64_t o = 0; o < outer; ++o) {
    std::memcpy(dst + o * n * inner, src + o * full * inner, n * inner);
  }
  return out;
}

std::vector<int> Buckets(int64_t first, int64_t limit) {
  std::vector<int> b;
  for (int64_t v = first; v < limit; v *= 2) b.push_back(static_cast<int>(v));
  b.push_back(static_cast<int>(limit));
  return b;
}

int PickBucket(const std::vector<int>& buckets, int64_t n) {
  for (int b : buckets)
    if (b >= n) return b;
  return -1;
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// The runner's request inputs by the programs' parameter names.
constexpr std::pair<const char*, int> kInputNames[] = {
    {"pixel_values", 0}, {"input_ids", 1},      {"feature_index", 2}, {"image_features", 3},
    {"length", 4},       {"tokens", 5},         {"positions", 6},     {"rotary_hw", 7},
    {"full_segment", 8}, {"window_segment", 9}, {"merged_order", 10}, {"rope_positions", 11}};

// The result a program exists for (the others are KV caches or taps).
bool IsPrimaryResult(const std::string& stage) {
  return stage == "image_features" || stage == "prefill_logits" || stage == "logits";
}

// Drops the pages wholly inside `t` (a view into the read-only checkpoint mmap) from this
// process once its bytes are on the device, so loading never holds two copies at its peak; a
// later read faults them back in from the file.
void DropCheckpointPages(const HostTensor& t) {
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(t.data()) + page - 1) & ~(page - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(t.data()) + t.byte_size()) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

bool IsVisionWeight(const std::string& name) {
  return name.rfind("vision_tower.", 0) == 0 || name.rfind("multi_modal_projector.", 0) == 0 ||
         name.rfind("visual.", 0) == 0;
}

// An image-less prompt of an M-RoPE model that came without 3-axis positions: every axis is the
// position itself (get_rope_index's text-only case).
std::vector<int32_t> RopePositions(const prompt::PreparedPrefill& p) {
  if (!p.rope_position_ids.empty()) return p.rope_position_ids;
  std::vector<int32_t> out(3 * p.effective_length);
  for (int64_t a = 0; a < 3; ++a) {
    for (int64_t i = 0; i < p.effective_length; ++i) out[a * p.effective_length + i] = i;
  }
  return out;
}

}  // namespace

ModelRunner::ModelRunner(io::ModelDir model, std::unique_ptr<runtime::Executor> executor,
                         const RunnerOptions& options)
    : model_(std::move(model)), executor_(std::move(executor)), options_(options) {}

Result<std::unique_ptr<ModelRunner>> ModelRunner::Load(const std::string& model_dir,
                                                       std::unique_ptr<runtime::Executor> executor,
                                                       const RunnerOptions& options) {
  VLMXLA_ASSIGN_OR_RETURN(io::ModelDir model, io::ModelDir::Open(model_dir));
  if (options.capacity < 1) return InvalidArgument("context capacity must be >= 1");
  if (options.max_batch < 1) return InvalidArgument("max batch must be >= 1");
  std::unique_ptr<ModelRunner> r(new ModelRunner(std::move(model), std::move(executor), options));
  // Opened once, for its headers (the stored type) and then the uploads: mapping it touches no
  // tensor pages.
  VLMXLA_ASSIGN_OR_RETURN(r->checkpoint_, io::CheckpointWeights::Open(r->model_));
  r->checkpoint_open_ = true;
  {
    VLMXLA_ASSIGN_OR_RETURN(
        PrecisionChoice choice,
        ResolvePrecision(options.dtype, r->config(), r->checkpoint_.StoredFloatType(),
                         r->executor_->name(), r->executor_->traits()));
    r->precision_ = choice.precision;
    r->precision_why_ = choice.why;
    r->weights_in_out_ = choice.weights_in_out;
    if (options.progress) options.progress(choice.why);
  }
  if (const char* layout = std::getenv(kWeightsLayoutEnv); layout != nullptr && *layout != '\0') {
    VLMXLA_ASSIGN_OR_RETURN(r->weights_in_out_, hlo::ParseWeightsLayout(layout, kWeightsLayoutEnv));
    SetProductForms(r->executor_->traits(), r->weights_in_out_, r->precision_);
  }
  r->prefill_buckets_ = Buckets(std::min<int64_t>(16, options.capacity), options.capacity);
  r->batch_buckets_ = Buckets(1, options.max_batch);
  r->rope_delta_.assign(options.max_batch, 0);
  VLMXLA_RETURN_IF_ERROR(r->AllocateSlots());

  // Upload every weight once (the programs share them); programs compile on first use.
  const auto t0 = std::chrono::steady_clock::now();
  // (The weights are the same for every bucket: the smallest of each program names them.)
  std::vector<hlo::ProgramOptions> smallest;
  if (r->config().is_multimodal()) {
    hlo::VisionEncodeOptions vision = r->VisionOptions(1);
    if (r->config().qwen_vl) vision.num_patches = static_cast<int>(r->PatchBucket(1));
    smallest.push_back(vision);
  }
  smallest.push_back(r->PrefillOptions(1, 1));
  smallest.push_back(r->DecodeOptions(1));
  std::vector<hlo::Program> programs;
  for (hlo::ProgramOptions& o : smallest) {
    hlo::CommonOptions(o).taps = false;
    VLMXLA_ASSIGN_OR_RETURN(hlo::Program program, hlo::BuildProgram(r->config(), o));
    programs.push_back(std::move(program));
  }
  // The snapshots bracket the uploads alone (programs are built, KV slots allocated).
  r->weight_stats_.before = r->SnapshotMemory();
  for (const hlo::Program& program : programs) VLMXLA_RETURN_IF_ERROR(r->UploadWeights(program));
  // The device holds the weights now: unmapping the checkpoint drops its pages from this
  // process, so the host does not keep a second copy.
  r->checkpoint_ = io::CheckpointWeights();
  r->checkpoint_open_ = false;
  r->weight_stats_.after = r->SnapshotMemory();
  if (options.progress) {
    options.progress("loaded " + std::to_string(r->weights_.size()) + " weights (" +
                     std::to_string(r->weight_bytes_ / 1000000) + " MB) in " +
                     std::to_string(Seconds(t0)).substr(0, 5) + " s on " +
                     r->executor_->device_description());
  }
  return r;
}

runtime::CompileOptions CompileHints(const hlo::ProgramOptions& o) {
  runtime::CompileOptions hints;
  hints.many_rows = std::holds_alternative<hlo::VisionEncodeOptions>(o);
  hints.narrow_products = hlo::CommonOptions(o).precision.compute != hlo::ElementType::kF32;
  return hints;
}

int ModelRunner::tokens_per_image() const {
  return config().llava ? config().llava->image_tokens_per_image() : 0;
}

int64_t ModelRunner::PatchBucket(int64_t patches) const {
  return vision::QwenPatchBucket(config().qwen_vl->vision, patches);
}

int64_t ModelRunner::FeatureRows(const prompt::PreparedPrefill& p) const {
  // An empty HostTensor has rank 0 (one element), so images are known by the shape's rank.
  if (p.pixel_values.shape().empty()) return 0;
  const int64_t n = p.pixel_values.shape()[0];
  if (config().qwen_vl) return PatchBucket(n) / config().qwen_vl->vision.merge_unit();
  return n * tokens_per_image();
}

uint64_t ModelRunner::kv_bytes_per_slot() const {
  const io::TextConfig& t = config().text;
  return 2ull * t.num_hidden_layers * t.num_key_value_heads * options_.capacity * t.head_dim *
         DTypeSize(hlo::DTypeFromElementType(precision_.compute));
}

Status ModelRunner::CopySlot(int from, int to) {
  const int n = static_cast<int>(slots_.size());
  if (from < 0 || from >= n || to < 0 || to >= n || from == to) {
    return InvalidArgument("cannot copy KV slot " + std::to_string(from) + " to " +
                           std::to_string(to) + " (" + std::to_string(n) + " slots)");
  }
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> copies;
  copies.reserve(slots_[from].size());
  for (const auto& buffer : slots_[from]) {
    VLMXLA_ASSIGN_OR_RETURN(auto copy, executor_->Copy(*buffer));
    copies.push_back(std::move(copy));
  }
  slots_[to] = std::move(copies);
  rope_delta_[to] = rope_delta_[from];
  return Status::Ok();
}

Status ModelRunner::AllocateSlots() {
  const io::TextConfig& t = config().text;
  HostTensor zeros(hlo::DTypeFromElementType(precision_.compute),
                   Shape{t.num_key_value_heads, options_.capacity, t.head_dim});
  std::memset(zeros.mutable_data(), 0, zeros.byte_size());
  slots_.resize(options_.max_batch);
  for (auto& slot : slots_) {
    for (int i = 0; i < 2 * t.num_hidden_layers; ++i) {
      VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor_->Upload(zeros));
      slot.push_back(std::move(buffer));
    }
  }
  return Status::Ok();
}

MemorySnapshot ModelRunner::SnapshotMemory() const {
  MemorySnapshot s;
  if (auto m = ReadProcessMemory(); m.ok()) s.engine = *m;
  // A backend whose device buffers live in another process (IREE's runtime host on local-task)
  // names it; its memory is reported beside the engine's.
  const runtime::ExecutorReport report = executor_->Report();
  if (report.device_process_pid > 0) {
    if (auto m = ReadProcessMemory(static_cast<pid_t>(report.device_process_pid)); m.ok()) {
      s.has_host = true;
      s.host = *m;
    }
  }
  s.device_live_bytes = report.memory.live_buffer_bytes;
  return s;
}

Status ModelRunner::UploadWeights(const hlo::Program& program) {
  for (const auto& p : program.params) {
    if (p.kind != hlo::ProgramParam::Kind::kWeight || weights_.count(p.name)) continue;
    if (!checkpoint_open_) {
      VLMXLA_ASSIGN_OR_RETURN(checkpoint_, io::CheckpointWeights::Open(model_));
      checkpoint_open_ = true;
    }
    VLMXLA_ASSIGN_OR_RETURN(HostTensor stored, checkpoint_.Get(p.name));
    // A transposed (or converted) weight is a temporary host copy, freed once it is on the device;
    // the checkpoint's pages are dropped before the upload when that copy holds the data, so the
    // largest such weight (a tied 152000 x 896 table: 260 MiB in bf16) is not resident twice
    // while the device copy is made.
    VLMXLA_ASSIGN_OR_RETURN(HostTensor host, hlo::BindWeight(p, stored));
    const bool copied = host.data() != stored.data();
    if (copied) DropCheckpointPages(stored);
    VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor_->Upload(host));
    host = HostTensor();
    if (!copied) DropCheckpointPages(stored);
    weight_bytes_ += buffer->byte_size();
    (IsVisionWeight(p.name) ? weight_stats_.vision_bytes : weight_stats_.decoder_bytes) +=
        buffer->byte_size();
    weight_stats_.uploads[p.name] += 1;
    weights_[p.name] = std::move(buffer);
  }
  return Status::Ok();
}

// The shape buckets and taps: a runner's precision and layout are the same for all its programs.
std::string ModelRunner::ProgramKey(const hlo::ProgramOptions& options) {
  std::string key = hlo::ProgramName(options);
  if (const auto* o = std::get_if<hlo::VisionEncodeOptions>(&options)) {
    key += o->num_patches > 0 ? "/P" + std::to_string(o->num_patches)
                              : "/n" + std::to_string(o->num_images);
  } else if (const auto* o = std::get_if<hlo::PrefillOptions>(&options)) {
    key += "/L" + std::to_string(o->seq_len) + "/F" + std::to_string(o->num_image_features) + "/C" +
           std::to_string(o->capacity);
  } else if (const auto* o = std::get_if<hlo::DecodeOptions>(&options)) {
    key += "/B" + std::to_string(o->batch) + "/C" + std::to_string(o->capacity);
  }
  return key + (hlo::CommonOptions(options).taps ? "/taps" : "");
}

bool ModelRunner::HasProgram(const hlo::ProgramOptions& o) const {
  std::lock_guard<std::mutex> lk(programs_mu_);
  return programs_.count(ProgramKey(o)) > 0;
}

Result<ModelRunner::Compiled*> ModelRunner::GetProgram(const hlo::ProgramOptions& o) {
  const std::string name = hlo::ProgramName(o);
  const std::string key = ProgramKey(o);
  {
    std::lock_guard<std::mutex> lk(programs_mu_);
    auto it = programs_.find(key);
    if (it != programs_.end()) return it->second.get();
  }
  // One compile at a time; the program may have been compiled while this one waited.
  std::lock_guard<std::mutex> compiling(compile_mu_);
  {
    std::lock_guard<std::mutex> lk(programs_mu_);
    auto it = programs_.find(key);
    if (it != programs_.end()) return it->second.get();
  }

  const auto t0 = std::chrono::steady_clock::now();
  auto compiled = std::make_unique<Compiled>();
  VLMXLA_ASSIGN_OR_RETURN(compiled->program, hlo::BuildProgram(config(), o));
  VLMXLA_RETURN_IF_ERROR(UploadWeights(compiled->program));
  // Resolve every parameter and result once: weights to their buffers, inputs to their roles.
  std::fill(std::begin(compiled->input), std::end(compiled->input), -1);
  const auto& params = compiled->program.params;
  for (size_t i = 0; i < params.size(); ++i) {
    const hlo::ProgramParam& p = params[i];
    const bool weight = p.kind == hlo::ProgramParam::Kind::kWeight;
    compiled->args.push_back(weight ? weights_.at(p.name).get() : nullptr);
    compiled->donate.push_back(!weight && p.kv.has_value());
    if (weight) continue;
    if (p.kv) {
      if (p.alias_result < 0) return Internal(name + ": KV input '" + p.name + "' has no result");
      compiled->kv_params.push_back(static_cast<int>(i));
      continue;
    }
    bool known = false;
    for (const auto& [input_name, role] : kInputNames) {
      if (p.name != input_name) continue;
      compiled->input[role] = static_cast<int>(i);
      known = true;
    }
    if (!known) return Internal(name + ": the runner has no value for input '" + p.name + "'");
  }
  const auto& results = compiled->program.result_names;
  compiled->taps.resize(results.size());
  for (size_t i = 0; i < results.size(); ++i) {
    if (IsPrimaryResult(results[i])) compiled->primary = static_cast<int>(i);
    compiled->taps[i] = results[i];
  }
  for (int k : compiled->kv_params) compiled->taps[params[k].alias_result].clear();
  if (compiled->primary < 0) return Internal(name + " has no primary result");
  auto executable = executor_->Compile(compiled->program.mlir, CompileHints(o));
  ReleaseFreedHeap();  // the compiler's working memory, freed whether or not it succeeded
  VLMXLA_ASSIGN_OR_RETURN(compiled->executable, std::move(executable));
  const double s = Seconds(t0);
  if (options_.progress) {
    options_.progress("compiled " + key + " in " + std::to_string(s).substr(0, 5) + " s");
  }
  Compiled* out = compiled.get();
  std::lock_guard<std::mutex> lk(programs_mu_);
  compile_stats_.programs += 1;
  compile_stats_.seconds += s;
  programs_[key] = std::move(compiled);
  return out;
}

std::vector<runtime::DeviceBuffer*> ModelRunner::Args(
    const Compiled& compiled,
    std::initializer_list<std::pair<Input, runtime::DeviceBuffer*>> inputs,
    std::span<const int> slot_of) const {
  std::vector<runtime::DeviceBuffer*> args = compiled.args;
  for (const auto& [role, buffer] : inputs) {
    if (compiled.input[role] >= 0) args[compiled.input[role]] = buffer;
  }
  for (int k : compiled.kv_params) {
    const hlo::KvRole& kv = *compiled.program.params[k].kv;
    args[k] = slots_[slot_of[kv.slot]][2 * kv.layer + (kv.value ? 1 : 0)].get();
  }
  return args;
}

Result<std::vector<std::shared_ptr<runtime::DeviceBuffer>>> ModelRunner::Run(
    Compiled& compiled, std::vector<runtime::DeviceBuffer*> args, std::span<const int> slot_of) {
  const auto& params = compiled.program.params;
  for (size_t i = 0; i < params.size(); ++i) {
    if (args[i] == nullptr) {
      return Internal(compiled.program.name + ": no value for input '" + params[i].name + "'");
    }
  }
  std::unique_ptr<bool[]> donate(new bool[params.size()]);
  for (size_t i = 0; i < params.size(); ++i) donate[i] = compiled.donate[i];
  VLMXLA_ASSIGN_OR_RETURN(
      auto outputs,
      compiled.executable->Execute(args, std::span<const bool>(donate.get(), params.size())));
  if (outputs.size() != compiled.program.result_names.size()) {
    return Internal(compiled.program.name + " returned " + std::to_string(outputs.size()) +
                    " results but names " + std::to_string(compiled.program.result_names.size()));
  }
  // The donated caches live on in their aliased results.
  for (int k : compiled.kv_params) {
    const hlo::ProgramParam& p = params[k];
    slots_[slot_of[p.kv->slot]][2 * p.kv->layer + (p.kv->value ? 1 : 0)] = outputs[p.alias_result];
  }
  return outputs;
}

hlo::ProgramCommonOptions ModelRunner::CommonOptions() const {
  hlo::ProgramCommonOptions o;
  o.weights_in_out = weights_in_out_;
  o.precision = precision_;
  o.taps = options_.taps;
  o.source_locations = !executor_->traits().keeps_op_metadata;
  return o;
}

hlo::PrefillOptions ModelRunner::PrefillOptions(int64_t length, int64_t feature_rows) const {
  hlo::PrefillOptions o;
  static_cast<hlo::ProgramCommonOptions&>(o) = CommonOptions();
  o.seq_len = PickBucket(prefill_buckets_, length);
  o.capacity = static_cast<int>(options_.capacity);
  o.num_image_features = static_cast<int>(std::max<int64_t>(1, feature_rows));
  return o;
}

hlo::DecodeOptions ModelRunner::DecodeOptions(int batch) const {
  hlo::DecodeOptions o;
  static_cast<hlo::ProgramCommonOptions&>(o) = CommonOptions();
  o.taps = false;  // decode has no taps
  o.batch = PickBucket(batch_buckets_, batch);
  o.capacity = static_cast<int>(options_.capacity);
  return o;
}

hlo::VisionEncodeOptions ModelRunner::VisionOptions(int num_images) const {
  hlo::VisionEncodeOptions o;
  static_cast<hlo::ProgramCommonOptions&>(o) = CommonOptions();
  o.weights_in_out = false;  // the vision tower keeps the checkpoint's layout
  o.num_images = num_images;
  return o;
}

hlo::VisionEncodeOptions ModelRunner::VisionOptionsFor(const prompt::PreparedPrefill& p) const {
  const int64_t n = p.pixel_values.shape().empty() ? 0 : p.pixel_values.shape()[0];
  hlo::VisionEncodeOptions o = VisionOptions(static_cast<int>(n));
  if (config().qwen_vl) {
    o.num_images = 1;
    o.num_patches = static_cast<int>(PatchBucket(n));
  }
  return o;
}

Status ModelRunner::Warm(const prompt::PreparedPrefill& p) {
  const int64_t rows = FeatureRows(p);
  if (rows > 0) VLMXLA_RETURN_IF_ERROR(GetProgram(VisionOptionsFor(p)).status());
  if (p.effective_length >= 1 && p.effective_length <= options_.capacity) {
    VLMXLA_RETURN_IF_ERROR(GetProgram(PrefillOptions(p.effective_length, rows)).status());
  }
  return WarmDecode();
}

bool ModelRunner::IsWarm(const prompt::PreparedPrefill& p) const {
  const int64_t rows = FeatureRows(p);
  if (rows > 0 && !HasProgram(VisionOptionsFor(p))) return false;
  if (p.effective_length >= 1 && p.effective_length <= options_.capacity &&
      !HasProgram(PrefillOptions(p.effective_length, rows))) {
    return false;
  }
  for (int b : batch_buckets_)
    if (!HasProgram(DecodeOptions(b))) return false;
  return true;
}

Status ModelRunner::WarmDecode() {
  for (int b : batch_buckets_) VLMXLA_RETURN_IF_ERROR(GetProgram(DecodeOptions(b)).status());
  return Status::Ok();
}

Result<HostTensor> ModelRunner::EncodeImages(const prompt::PreparedPrefill& prompt, TapMap* taps) {
  if (!config().is_multimodal()) return InvalidArgument("this model takes no images");
  const HostTensor& pixel_values = prompt.pixel_values;
  if (pixel_values.shape().empty()) return InvalidArgument("the prompt has no images");
  if (config().qwen_vl) return EncodeQwenImages(prompt, taps);
  const int n = static_cast<int>(pixel_values.shape().at(0));
  VLMXLA_ASSIGN_OR_RETURN(Compiled * c, GetProgram(VisionOptions(n)));
  VLMXLA_ASSIGN_OR_RETURN(auto px, executor_->Upload(pixel_values));
  VLMXLA_ASSIGN_OR_RETURN(auto outputs, Run(*c, Args(*c, {{kPixelValues, px.get()}}, {}), {}));
  VLMXLA_ASSIGN_OR_RETURN(HostTensor features, outputs[c->primary]->ToHost());
  for (size_t i = 0; taps && i < outputs.size(); ++i) {
    if (c->taps[i].empty()) continue;
    VLMXLA_ASSIGN_OR_RETURN((*taps)[c->taps[i]], outputs[i]->ToHost());
  }
  if (features.shape().size() != 3) return Internal("vision_encode gave no image_features");
  // [n, tokens, D] -> [n * tokens, D]: the rows prefill's feature_index addresses.
  const Shape& s = features.shape();
  HostTensor rows(features.dtype(), Shape{s[0] * s[1], s[2]});
  std::memcpy(rows.mutable_data(), features.data(), features.byte_size());
  return rows;
}

Result<HostTensor> ModelRunner::EncodeQwenImages(const prompt::PreparedPrefill& prompt,
                                                 TapMap* taps) {
  const io::QwenVLConfig& q = *config().qwen_vl;
  const HostTensor& pixels = prompt.pixel_values;
  const int64_t n = pixels.shape()[0], dim = q.vision.patch_dim();
  if (pixels.shape().size() != 2 || pixels.shape()[1] != dim || pixels.dtype() != DType::kF32) {
    return Internal("vision_encode: pixel_values must be f32[patches, " + std::to_string(dim) +
                    "], got " + DTypeName(pixels.dtype()) + " " + ShapeToString(pixels.shape()));
  }
  const hlo::VisionEncodeOptions options = VisionOptionsFor(prompt);
  VLMXLA_ASSIGN_OR_RETURN(
      vision::QwenVisionLayout layout,
      vision::BuildQwenVisionLayout(q.vision, q.family == "qwen2_5_vl", prompt.image_grid_thw,
                                    options.num_patches));
  if (layout.num_patches != n) {
    return Internal("vision_encode: image_grid_thw covers " + std::to_string(layout.num_patches) +
                    " patches but pixel_values has " + std::to_string(n));
  }
  const int64_t bucket = layout.bucket;
  // The program's rows: the patches in the layout's order (the window order for Qwen2.5-VL), then
  // zero padding.
  HostTensor rows(DType::kF32, Shape{bucket, dim});
  std::memset(rows.mutable_data(), 0, rows.byte_size());
  const auto src = pixels.span<float>();
  auto dst = rows.mutable_span<float>();
  for (int64_t i = 0; i < n; ++i) {
    std::copy_n(src.begin() + layout.patch_order[i] * dim, dim, dst.begin() + i * dim);
  }
  VLMXLA_ASSIGN_OR_RETURN(Compiled * c, GetProgram(options));
  VLMXLA_ASSIGN_OR_RETURN(auto px, executor_->Upload(rows));
  // The layout tables the program takes (Qwen2-VL's has no window segments or merged order).
  auto upload = [&](Input role, const std::vector<int32_t>& values,
                    Shape shape) -> Result<std::shared_ptr<runtime::DeviceBuffer>> {
    if (c->input[role] < 0) return std::shared_ptr<runtime::DeviceBuffer>();
    return executor_->Upload(I32Tensor(values, std::move(shape)));
  };
  const int64_t merged = static_cast<int64_t>(layout.merged_order.size());
  VLMXLA_ASSIGN_OR_RETURN(auto hw, upload(kRotaryHw, layout.rotary_hw, Shape{bucket, 2}));
  VLMXLA_ASSIGN_OR_RETURN(auto full, upload(kFullSegment, layout.full_segment, Shape{bucket}));
  VLMXLA_ASSIGN_OR_RETURN(auto window,
                          upload(kWindowSegment, layout.window_segment, Shape{bucket}));
  VLMXLA_ASSIGN_OR_RETURN(auto order, upload(kMergedOrder, layout.merged_order, Shape{merged}));
  VLMXLA_ASSIGN_OR_RETURN(auto outputs, Run(*c,
                                            Args(*c,
                                                 {{kPixelValues, px.get()},
                                                  {kRotaryHw, hw.get()},
                                                  {kFullSegment, full.get()},
                                                  {kWindowSegment, window.get()},
                                                  {kMergedOrder, order.get()}},
                                                 {}),
                                            {}));
  VLMXLA_ASSIGN_OR_RETURN(HostTensor features, outputs[c->primary]->ToHost());
  if (features.shape().size() != 2) return Internal("vision_encode gave no image_features");
  const int64_t tokens = n / q.vision.merge_unit();
  for (size_t i = 0; taps && i < outputs.size(); ++i) {
    if (c->taps[i].empty()) continue;
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, outputs[i]->ToHost());
    // The gate compares the real rows; padding rows are the bucket's, not the model's.
    (*taps)[c->taps[i]] = SliceAxis(t, 0, i == static_cast<size_t>(c->primary) ? tokens : n);
  }
  return features;
}

Result<HostTensor> ModelRunner::Prefill(int slot, const prompt::PreparedPrefill& prompt,
                                        const HostTensor& features, TapMap* taps) {
  if (slot < 0 || slot >= static_cast<int>(slots_.size())) {
    return Internal("prefill: slot " + std::to_string(slot) + " does not exist");
  }
  const int64_t length = prompt.effective_length;
  if (length < 1 || length > options_.capacity) {
    return OutOfRange("prompt needs " + std::to_string(length) +
                          " positions but context capacity is " + std::to_string(options_.capacity),
                      prompt::kReasonContextLengthExceeded);
  }
  const int bucket = PickBucket(prefill_buckets_, length);
  const int64_t rows = features.shape().size() == 2 ? features.shape()[0] : 0;
  const int64_t hidden = config().text.hidden_size;
  if (rows && features.shape()[1] != hidden) return Internal("prefill: feature width mismatch");

  std::vector<int32_t> ids(bucket, 0), feature_index(bucket, 0);
  std::copy(prompt.input_ids.begin(), prompt.input_ids.end(), ids.begin());
  // Image i's features follow those of the images before it (slots are in image order).
  int64_t first_row = 0;
  for (size_t i = 0; i < prompt.image_slots.size(); ++i) {
    const prompt::ImageSlot& s = prompt.image_slots[i];
    if (s.image_index != static_cast<int>(i)) {
      return Internal("prefill: image slots are not in image order");
    }
    for (int64_t j = 0; j < s.length; ++j) {
      const int64_t row = first_row + j;
      if (row >= rows) {
        return InvalidArgument("prefill: image " + std::to_string(s.image_index) +
                               " has no features (" + std::to_string(rows) + " rows)");
      }
      feature_index[s.offset + j] = static_cast<int32_t>(row);
    }
    first_row += s.length;
  }

  VLMXLA_ASSIGN_OR_RETURN(Compiled * c, GetProgram(PrefillOptions(length, rows)));

  HostTensor feats = features;
  if (!rows) {
    feats = HostTensor(hlo::DTypeFromElementType(precision_.compute), Shape{1, hidden});
    std::memset(feats.mutable_data(), 0, feats.byte_size());
  }
  HostTensor len(DType::kI32, Shape{});
  len.mutable_span<int32_t>()[0] = static_cast<int32_t>(length);
  VLMXLA_ASSIGN_OR_RETURN(auto ids_d, executor_->Upload(I32Tensor(ids, Shape{bucket})));
  VLMXLA_ASSIGN_OR_RETURN(auto fi_d, executor_->Upload(I32Tensor(feature_index, Shape{bucket})));
  VLMXLA_ASSIGN_OR_RETURN(auto feats_d, executor_->Upload(feats));
  VLMXLA_ASSIGN_OR_RETURN(auto len_d, executor_->Upload(len));
  // M-RoPE: [3, bucket] rotary positions, the padding rows' 0 (causality hides them).
  std::shared_ptr<runtime::DeviceBuffer> rope_d;
  const bool mrope = !config().text.mrope_section.empty();
  if (mrope) {
    const std::vector<int32_t> rope = RopePositions(prompt);
    std::vector<int32_t> padded(3 * bucket, 0);
    for (int64_t a = 0; a < 3; ++a) {
      std::copy_n(rope.begin() + a * length, length, padded.begin() + a * bucket);
    }
    VLMXLA_ASSIGN_OR_RETURN(rope_d, executor_->Upload(I32Tensor(padded, Shape{3, bucket})));
  }
  const int slot_of[] = {slot};
  VLMXLA_ASSIGN_OR_RETURN(auto outputs, Run(*c,
                                            Args(*c,
                                                 {{kInputIds, ids_d.get()},
                                                  {kFeatureIndex, fi_d.get()},
                                                  {kImageFeatures, feats_d.get()},
                                                  {kLength, len_d.get()},
                                                  {kRopePositions, rope_d.get()}},
                                                 slot_of),
                                            slot_of));
  rope_delta_[slot] = mrope ? prompt.rope_delta : 0;
  VLMXLA_ASSIGN_OR_RETURN(HostTensor logits, outputs[c->primary]->ToHost());
  for (size_t i = 0; taps && i < outputs.size(); ++i) {
    const std::string& stage = c->taps[i];
    if (stage.empty()) continue;
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, outputs[i]->ToHost());
    if (stage == "inputs_embeds") t = SliceAxis(t, 0, length);
    if (stage.rfind("past_key_values.", 0) == 0) t = SliceAxis(t, 1, length);
    (*taps)[stage] = std::move(t);
  }
  if (logits.shape().size() != 1) return Internal("prefill gave no logits");
  return logits;
}

Result<HostTensor> ModelRunner::Decode(std::span<const int> slots, std::span<const int32_t> tokens,
                                       std::span<const int32_t> positions) {
  const int n = static_cast<int>(slots.size());
  if (n < 1 || tokens.size() != slots.size() || positions.size() != slots.size()) {
    return Internal("decode: slots, tokens and positions must have the same non-zero length");
  }
  const int bucket = PickBucket(batch_buckets_, n);
  if (bucket < 0) {
    return Internal("decode: " + std::to_string(n) + " slots exceed max batch " +
                    std::to_string(options_.max_batch));
  }
  std::vector<int> all(slots.begin(), slots.end());
  std::vector<int32_t> tok(tokens.begin(), tokens.end()), pos(positions.begin(), positions.end());
  for (int s = 0; s < static_cast<int>(slots_.size()) && static_cast<int>(all.size()) < bucket;
       ++s) {
    if (std::find(all.begin(), all.end(), s) != all.end()) continue;
    all.push_back(s);  // a free slot pads the bucket; its row 0 is scratch
    tok.push_back(0);
    pos.push_back(0);
  }
  for (int i = 0; i < n; ++i) {
    if (pos[i] < 0 || pos[i] >= options_.capacity) {
      return OutOfRange("decode: position " + std::to_string(pos[i]) +
                            " is outside the context capacity " + std::to_string(options_.capacity),
                        prompt::kReasonContextLengthExceeded);
    }
  }
  VLMXLA_ASSIGN_OR_RETURN(Compiled * c, GetProgram(DecodeOptions(bucket)));
  VLMXLA_ASSIGN_OR_RETURN(auto tok_d, executor_->Upload(I32Tensor(tok, Shape{bucket})));
  VLMXLA_ASSIGN_OR_RETURN(auto pos_d, executor_->Upload(I32Tensor(pos, Shape{bucket})));
  // M-RoPE: each slot's new token rotates by its row plus the delta its prompt left.
  std::shared_ptr<runtime::DeviceBuffer> rope_d;
  if (!config().text.mrope_section.empty()) {
    std::vector<int32_t> rope(pos);
    for (int i = 0; i < n; ++i) rope[i] = static_cast<int32_t>(pos[i] + rope_delta_[all[i]]);
    VLMXLA_ASSIGN_OR_RETURN(rope_d, executor_->Upload(I32Tensor(rope, Shape{bucket})));
  }
  VLMXLA_ASSIGN_OR_RETURN(
      auto outputs,
      Run(*c,
          Args(*c,
               {{kTokens, tok_d.get()}, {kPositions, pos_d.get()}, {kRopePositions, rope_d.get()}},
               all),
          all));
  VLMXLA_ASSIGN_OR_RETURN(HostTensor logits, outputs[c->primary]->ToHost());
  if (logits.shape().size() != 2) return Internal("decode gave no logits");
  if (bucket == n) return logits;
  const int64_t vocab = logits.shape()[1];
  HostTensor rows(DType::kF32, Shape{n, vocab});
  std::memcpy(rows.mutable_data(), logits.data(), rows.byte_size());
  return rows;
}

}  // namespace vlmxla::engine
