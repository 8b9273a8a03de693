#include "vlmxla/engine/model_runner.h"

#include "vlmxla/engine/precision.h"
#include "vlmxla/engine/process_memory.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <nlohmann/json.hpp>

#include "vlmxla/hlo/nn.h"
#include "vlmxla/models/registry.h"

namespace vlmxla::engine {
namespace {

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

// A ring KV tap [kv, W, hd] (position p at row p % W) as the positions a sliding-window cache
// keeps after a prompt of `length`: the last W - 1 (Transformers' DynamicSlidingWindowLayer keeps
// sliding_window - 1), or all of them when fewer, in position order.
HostTensor UnrollRing(const HostTensor& ring, int64_t window, int64_t length) {
  const Shape& s = ring.shape();
  const int64_t first = std::max<int64_t>(0, length - (window - 1));
  const int64_t n = length - first, heads = s[0], hd = s[2];
  const size_t row_bytes = static_cast<size_t>(hd) * DTypeSize(ring.dtype());
  HostTensor out(ring.dtype(), Shape{heads, n, hd});
  const auto* src = static_cast<const unsigned char*>(ring.data());
  auto* dst = static_cast<unsigned char*>(out.mutable_data());
  for (int64_t h = 0; h < heads; ++h) {
    for (int64_t i = 0; i < n; ++i) {
      const int64_t r = (first + i) % window;
      std::memcpy(dst + (h * n + i) * row_bytes, src + (h * window + r) * row_bytes, row_bytes);
    }
  }
  return out;
}

}  // namespace

ModelRunner::ModelRunner(io::ModelDir model, const models::Family& family,
                         std::unique_ptr<runtime::Executor> executor, const RunnerOptions& options)
    : model_(std::move(model)),
      family_(&family),
      executor_(std::move(executor)),
      options_(options),
      weights_(model_, *executor_, *family_) {}

Result<std::unique_ptr<ModelRunner>> ModelRunner::Load(const std::string& model_dir,
                                                       std::unique_ptr<runtime::Executor> executor,
                                                       const RunnerOptions& options) {
  VLMXLA_ASSIGN_OR_RETURN(io::ModelDir model, io::ModelDir::Open(model_dir));
  if (options.capacity < 1) return InvalidArgument("context capacity must be >= 1");
  if (options.max_batch < 1) return InvalidArgument("max batch must be >= 1");
  // The family first: an unknown model_type is refused before anything is loaded.
  VLMXLA_ASSIGN_OR_RETURN(const models::Family* family, models::FamilyOf(model.config()));
  std::unique_ptr<ModelRunner> r(
      new ModelRunner(std::move(model), *family, std::move(executor), options));
  // Opened once, for its headers (the stored type) and then the uploads.
  VLMXLA_RETURN_IF_ERROR(r->weights_.Open());
  {
    VLMXLA_ASSIGN_OR_RETURN(
        PrecisionChoice choice,
        ResolvePrecision(options.dtype, r->config(), r->weights_.StoredFloatType(),
                         r->executor_->name(), r->executor_->traits()));
    r->precision_ = choice.precision;
    // A checkpoint `vlmxla quantize` wrote runs as it is quantized; it cannot be requantized.
    WeightQuant quant = options.weights;
    const std::string& declared = r->config().quantization;
    if (!declared.empty()) {
      VLMXLA_ASSIGN_OR_RETURN(const WeightQuant stored, ParseWeightQuant(declared, "config.json"));
      if (quant != WeightQuant::kNone && quant != stored) {
        return InvalidArgument(std::string("--weights ") + WeightQuantName(quant) +
                               ": the checkpoint is already quantized to " + declared +
                               " (config.json quantization_config); run it without --weights");
      }
      quant = stored;
    }
    r->precision_.quant = quant;
    r->precision_why_ = choice.why;
    if (quant != WeightQuant::kNone) {
      r->precision_why_ +=
          std::string("; decoder projections quantized to ") + WeightQuantName(quant) +
          " and the LM head to " + WeightQuantName(HeadQuant(quant)) +
          (QuantizesActivations(quant) ? ", each product's input rows quantized to int8 per row"
                                       : "") +
          (declared.empty() ? " (--weights)" : " (the checkpoint's)");
    }
    r->weights_in_out_ = choice.weights_in_out;
    if (options.progress) options.progress(r->precision_why_);
  }
  if (const char* layout = std::getenv(kWeightsLayoutEnv); layout != nullptr && *layout != '\0') {
    VLMXLA_ASSIGN_OR_RETURN(r->weights_in_out_, hlo::ParseWeightsLayout(layout, kWeightsLayoutEnv));
    SetProductForms(r->executor_->traits(), r->weights_in_out_, r->precision_);
  }
  r->prefill_buckets_ = Buckets(std::min<int64_t>(16, options.capacity), options.capacity);
  // Batch-invariant decode: a lone sequence decodes in the batch-2 program, unless every product
  // of every decode program computes each row on its own (quantized weights), when the one-row
  // program gives a row what the others give it, with half the products' work.
  const bool one_row = !options.batch_invariant_decode ||
                       hlo::RowInvariantProducts(r->precision_, options.max_batch);
  r->batch_buckets_ = Buckets(one_row ? 1 : std::min(2, options.max_batch), options.max_batch);
  VLMXLA_ASSIGN_OR_RETURN(
      r->slots_,
      KvSlots::Allocate(*r->executor_, r->config().text, options.capacity, options.max_batch,
                        hlo::DTypeFromElementType(r->precision_.compute)));

  const auto t0 = std::chrono::steady_clock::now();
  if (r->executor_->traits().weights_as_parameters) {
    // The checkpoint's files are the programs' parameters: the device's process maps them once
    // and every program's initializer packs the weights it reads; nothing is uploaded. Weights
    // quantized at load have no file to be read from.
    if (options.weights != WeightQuant::kNone) {
      return InvalidArgument(std::string("--weights ") + WeightQuantName(options.weights) +
                             " quantizes as the weights upload, but --iree-parameters on reads "
                             "them from the checkpoint's files: write the quantized checkpoint "
                             "once (vlmxla quantize) or turn parameters off");
    }
    r->weights_.stats().before = r->SnapshotMemory();
    VLMXLA_RETURN_IF_ERROR(r->weights_.MapAsParameters());
    r->weights_.CloseCheckpoint();
    r->weights_.stats().after = r->SnapshotMemory();
    if (options.progress) {
      options.progress("mapped the checkpoint as parameters in " +
                       std::to_string(Seconds(t0)).substr(0, 5) + " s on " +
                       r->executor_->device_description());
    }
    return r;
  }
  // Upload every weight once (the programs share them); programs compile on first use.
  // (The weights are the same for every bucket: the smallest of each program names them.)
  std::vector<hlo::ProgramOptions> smallest;
  if (family->takes_images()) {
    smallest.push_back(family->SmallestVision(r->config(), r->VisionOptions(1)));
  }
  smallest.push_back(r->PrefillOptions(1, 1));
  smallest.push_back(r->DecodeOptions(1));
  std::vector<hlo::Program> programs;
  for (hlo::ProgramOptions& o : smallest) {
    hlo::CommonOptions(o).taps = false;
    VLMXLA_ASSIGN_OR_RETURN(hlo::Program program, models::BuildProgram(r->config(), o));
    programs.push_back(std::move(program));
  }
  // The snapshots bracket the uploads alone (programs are built, KV slots allocated), each taken
  // on a trimmed heap (below) so that neither counts freed memory the allocator kept.
  malloc_trim(0);
  r->weights_.stats().before = r->SnapshotMemory();
  for (const hlo::Program& program : programs) VLMXLA_RETURN_IF_ERROR(r->weights_.Upload(program));
  // The device holds the weights now: unmapping the checkpoint drops its pages from this
  // process, so the host does not keep a second copy.
  r->weights_.CloseCheckpoint();
  // The uploads' host temporaries (transposed copies, quantized halves) are freed, but the heap
  // keeps small freed chunks mapped: hand them back, so the process holds the weights alone.
  malloc_trim(0);
  r->weights_.stats().after = r->SnapshotMemory();
  if (options.progress) {
    options.progress("loaded " + std::to_string(r->weights_.count()) + " weights (" +
                     std::to_string(r->weights_.bytes() / 1000000) + " MB) in " +
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

int64_t ModelRunner::FeatureRows(const prompt::PreparedPrefill& p) const {
  return family_->FeatureRows(config(), p);
}

uint64_t ModelRunner::kv_bytes_per_slot() const { return slots_.bytes_per_slot(); }

Status ModelRunner::CopySlot(int from, int to) { return slots_.Copy(*executor_, from, to); }

Result<SavedKv> ModelRunner::SaveSlot(int slot) const { return slots_.Save(*executor_, slot); }

Status ModelRunner::RestoreSlot(const SavedKv& saved, int slot) {
  return slots_.Restore(*executor_, saved, slot);
}

int ModelRunner::SuffixBucket(int64_t n) const {
  const int bucket = PickBucket(prefill_buckets_, n);
  if (n > kFineSuffixLimit || bucket < 0) return bucket;
  return std::min<int>(bucket, static_cast<int>((n + 15) / 16 * 16));
}

bool ModelRunner::Chunked(const prompt::PreparedPrefill& p) const {
  const int64_t chunk = options_.prefill_chunk;
  // A sliding layer's ring holds the last positions of the prompt it was filled by, not a
  // prefix another prompt can continue from; an image's tokens that attend to each other both
  // ways (Gemma 3) need the whole image in one call; a capture compares one whole call's taps.
  if (chunk <= 0 || options_.taps || !config().text.sliding_layers.empty() ||
      config().text.bidirectional_image_blocks) {
    return false;
  }
  const int64_t length = p.effective_length;
  if (length < 1 || length > options_.capacity) return false;
  // Every chunk after the first must fit its rows and its keys' bucket into the capacity.
  for (int64_t first = chunk; first < length; first += chunk) {
    const int rows = SuffixBucket(std::min(length, first + chunk) - first);
    if (rows < 0 || first + rows > options_.capacity ||
        PickBucket(prefill_buckets_, first + rows) < 0) {
      return false;
    }
  }
  return true;
}

int64_t ModelRunner::WholeChunkRows(const prompt::PreparedPrefill& p) const {
  if (!Chunked(p)) return 0;
  return p.effective_length / options_.prefill_chunk * options_.prefill_chunk;
}

int64_t ModelRunner::PrefillStart(const prompt::PreparedPrefill& p, int64_t cached) const {
  if (!Chunked(p)) return 0;
  const int64_t start = std::clamp<int64_t>(cached, 0, p.effective_length - 1);
  return start / options_.prefill_chunk * options_.prefill_chunk;
}

std::vector<std::pair<int64_t, int64_t>> ModelRunner::Segments(const prompt::PreparedPrefill& p,
                                                               int64_t start) const {
  const int64_t length = p.effective_length;
  if (!Chunked(p)) return {{start, length}};
  std::vector<std::pair<int64_t, int64_t>> segments;
  for (int64_t first = start; first < length; first += options_.prefill_chunk) {
    segments.emplace_back(first, std::min(length, first + options_.prefill_chunk));
  }
  return segments;
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

// The shape buckets and taps: a runner's precision and layout are the same for all its programs.
std::string ModelRunner::ProgramKey(const hlo::ProgramOptions& options) {
  std::string key = hlo::ProgramName(options);
  if (const auto* o = std::get_if<hlo::VisionEncodeOptions>(&options)) {
    key += o->num_patches > 0 ? "/P" + std::to_string(o->num_patches)
                              : "/n" + std::to_string(o->num_images);
    if (o->num_feature_rows > 0) key += "/F" + std::to_string(o->num_feature_rows);
  } else if (const auto* o = std::get_if<hlo::PrefillOptions>(&options)) {
    key += "/L" + std::to_string(o->seq_len) + "/F" + std::to_string(o->num_image_features) + "/C" +
           std::to_string(o->capacity);
    if (o->from_start) key += "/from/K" + std::to_string(o->keys);
  } else if (const auto* o = std::get_if<hlo::DecodeOptions>(&options)) {
    key += "/B" + std::to_string(o->batch) + "/C" + std::to_string(o->capacity);
  }
  return key + (hlo::CommonOptions(options).taps ? "/taps" : "");
}

bool ModelRunner::HasProgram(const hlo::ProgramOptions& o) const {
  return programs_.Find(ProgramKey(o)) != nullptr;
}

Result<ModelRunner::Compiled*> ModelRunner::GetProgram(const hlo::ProgramOptions& o) {
  const std::string name = hlo::ProgramName(o);
  const std::string key = ProgramKey(o);
  return programs_.GetOrCompile(key, [&]() { return Compile(name, key, o); });
}

Result<std::unique_ptr<CompiledProgram>> ModelRunner::Compile(const std::string& name,
                                                              const std::string& key,
                                                              const hlo::ProgramOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  auto compiled = std::make_unique<Compiled>();
  VLMXLA_ASSIGN_OR_RETURN(compiled->program, models::BuildProgram(config(), o));
  runtime::CompileOptions hints = CompileHints(o);
  if (weights_.as_parameters()) {
    // The weights become the module's parameter globals, read from the mapped checkpoint.
    VLMXLA_ASSIGN_OR_RETURN(
        compiled->program,
        hlo::WeightsAsParameters(compiled->program, kParameterScope,
                                 [&](const hlo::ProgramParam& p) { return weights_.Stored(p); }));
    weights_.CloseCheckpoint();
    hints.weights_as_parameters = true;
  } else {
    VLMXLA_RETURN_IF_ERROR(weights_.Upload(compiled->program));
  }
  // Resolve every parameter and result once: weights to their buffers, inputs to their roles.
  std::fill(std::begin(compiled->input), std::end(compiled->input), -1);
  const auto& params = compiled->program.params;
  for (size_t i = 0; i < params.size(); ++i) {
    const hlo::ProgramParam& p = params[i];
    const bool weight = p.kind == hlo::ProgramParam::Kind::kWeight;
    compiled->args.push_back(weight ? weights_.Get(p.name) : nullptr);
    compiled->donate.push_back(!weight && p.kv.has_value());
    if (weight) continue;
    if (p.kv) {
      if (p.alias_result < 0) return Internal(name + ": KV input '" + p.name + "' has no result");
      compiled->kv_params.push_back(static_cast<int>(i));
      continue;
    }
    const std::optional<hlo::InputRole> role = hlo::InputRoleOf(p.name);
    if (!role) return Internal(name + ": the runner has no value for input '" + p.name + "'");
    compiled->input[static_cast<int>(*role)] = static_cast<int>(i);
  }
  const auto& results = compiled->program.result_names;
  compiled->taps.resize(results.size());
  for (size_t i = 0; i < results.size(); ++i) compiled->taps[i] = results[i];
  if (!results.empty()) compiled->primary = 0;  // hlo::Program: the first result
  for (int k : compiled->kv_params) compiled->taps[params[k].alias_result].clear();
  if (compiled->primary < 0) return Internal(name + " has no primary result");
  auto executable = executor_->Compile(compiled->program.mlir, hints);
  ReleaseFreedHeap();  // the compiler's working memory, freed whether or not it succeeded
  VLMXLA_ASSIGN_OR_RETURN(compiled->executable, std::move(executable));
  compiled->compile_seconds = Seconds(t0);
  if (options_.progress) {
    options_.progress("compiled " + key + " in " +
                      std::to_string(compiled->compile_seconds).substr(0, 5) + " s");
  }
  return compiled;
}

std::vector<runtime::DeviceBuffer*> ModelRunner::Args(
    const Compiled& compiled, std::span<const std::pair<Input, runtime::DeviceBuffer*>> inputs,
    std::span<const int> slot_of) const {
  std::vector<runtime::DeviceBuffer*> args = compiled.args;
  for (const auto& [role, buffer] : inputs) {
    const int index = compiled.input[static_cast<int>(role)];
    if (index >= 0) args[index] = buffer;
  }
  for (int k : compiled.kv_params) {
    const hlo::KvRole& kv = *compiled.program.params[k].kv;
    args[k] = slots_.Cache(slot_of[kv.slot], kv).get();
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
    slots_.Replace(slot_of[p.kv->slot], *p.kv, outputs[p.alias_result]);
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

hlo::PrefillOptions ModelRunner::PrefillFromOptions(int64_t length, int64_t start,
                                                    int64_t feature_rows) const {
  if (start <= 0) return PrefillOptions(length, feature_rows);
  hlo::PrefillOptions o = PrefillOptions(length - start, feature_rows);
  o.seq_len = SuffixBucket(length - start);
  o.from_start = true;
  o.keys = PickBucket(prefill_buckets_, start + o.seq_len);
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
  return family_->VisionOptionsFor(config(), p, VisionOptions(1));
}

Status ModelRunner::WarmVision(const prompt::PreparedPrefill& images) {
  return GetProgram(VisionOptionsFor(images)).status();
}

bool ModelRunner::IsVisionWarm(const prompt::PreparedPrefill& images) const {
  return HasProgram(VisionOptionsFor(images));
}

Status ModelRunner::Warm(const prompt::PreparedPrefill& p, int64_t start, bool vision) {
  const int64_t rows = FeatureRows(p);
  if (vision && rows > 0) VLMXLA_RETURN_IF_ERROR(WarmVision(p));
  if (p.effective_length >= 1 && p.effective_length <= options_.capacity) {
    for (const auto& [first, end] : Segments(p, start)) {
      VLMXLA_RETURN_IF_ERROR(GetProgram(PrefillFromOptions(end, first, rows)).status());
    }
  }
  return WarmDecode();
}

bool ModelRunner::IsWarm(const prompt::PreparedPrefill& p, int64_t start, bool vision) const {
  const int64_t rows = FeatureRows(p);
  if (vision && rows > 0 && !IsVisionWarm(p)) return false;
  if (p.effective_length >= 1 && p.effective_length <= options_.capacity) {
    for (const auto& [first, end] : Segments(p, start)) {
      if (!HasProgram(PrefillFromOptions(end, first, rows))) return false;
    }
  }
  for (int b : batch_buckets_)
    if (!HasProgram(DecodeOptions(b))) return false;
  return true;
}

Status ModelRunner::WarmDecode() {
  for (int b : batch_buckets_) VLMXLA_RETURN_IF_ERROR(GetProgram(DecodeOptions(b)).status());
  return Status::Ok();
}

Result<ImageFeatures> ModelRunner::EncodeImages(const prompt::PreparedPrefill& prompt,
                                                TapMap* taps) {
  if (!family_->takes_images()) return InvalidArgument("this model takes no images");
  if (prompt.pixel_values.shape().empty()) return InvalidArgument("the prompt has no images");
  const hlo::VisionEncodeOptions options = VisionOptionsFor(prompt);
  VLMXLA_ASSIGN_OR_RETURN(models::VisionInputs inputs,
                          family_->VisionInputsFor(config(), prompt, options));
  VLMXLA_ASSIGN_OR_RETURN(Compiled * c, GetProgram(options));
  // The inputs the program declares (a family may offer more than one of its programs takes).
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> held;
  std::vector<std::pair<Input, runtime::DeviceBuffer*>> bound;
  for (const auto& [role, tensor] : inputs) {
    if (c->input[static_cast<int>(role)] < 0) continue;
    VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor_->Upload(tensor));
    bound.emplace_back(role, buffer.get());
    held.push_back(std::move(buffer));
  }
  VLMXLA_ASSIGN_OR_RETURN(auto outputs, Run(*c, Args(*c, bound, {}), {}));
  VLMXLA_ASSIGN_OR_RETURN(HostTensor features, outputs[c->primary]->ToHost());
  ImageFeatures out;
  // The other results prefill takes: those named after an input role (deepstack_features). Not
  // image_features: the primary result fills it (a family's tap of that name, LLaVA-NeXT's
  // per-view features, is a diagnostic).
  const auto& names = c->program.result_names;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::optional<Input> role = hlo::InputRoleOf(names[i]);
    if (static_cast<int>(i) == c->primary || !role || *role == Input::kImageFeatures) continue;
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, outputs[i]->ToHost());
    out.by_role.emplace_back(*role, std::move(t));
  }
  for (size_t i = 0; taps && i < outputs.size(); ++i) {
    if (c->taps[i].empty()) continue;
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, outputs[i]->ToHost());
    const int64_t rows = family_->TapRows(config(), prompt, c->taps[i]);
    (*taps)[c->taps[i]] = rows < 0 ? std::move(t) : SliceAxis(t, 0, rows);
  }
  VLMXLA_ASSIGN_OR_RETURN(out.rows, family_->FeaturesForPrefill(std::move(features)));
  return out;
}

Result<HostTensor> ModelRunner::Prefill(int slot, const prompt::PreparedPrefill& prompt,
                                        const ImageFeatures& features, TapMap* taps,
                                        int64_t start) {
  if (slot < 0 || slot >= slots_.size()) {
    return Internal("prefill: slot " + std::to_string(slot) + " does not exist");
  }
  const int64_t length = prompt.effective_length;
  if (length < 1 || length > options_.capacity) {
    return OutOfRange("prompt needs " + std::to_string(length) +
                          " positions but context capacity is " + std::to_string(options_.capacity),
                      prompt::kReasonContextLengthExceeded);
  }
  if (start < 0 || (start > 0 && start != PrefillStart(prompt, start))) {
    return Internal("prefill: cannot continue a prompt of " + std::to_string(length) +
                    " positions from " + std::to_string(start));
  }
  HostTensor logits;
  for (const auto& [first, end] : Segments(prompt, start)) {
    VLMXLA_ASSIGN_OR_RETURN(logits, PrefillCall(slot, prompt, features, taps, first, end));
  }
  return logits;
}

Result<HostTensor> ModelRunner::PrefillCall(int slot, const prompt::PreparedPrefill& prompt,
                                            const ImageFeatures& images, TapMap* taps,
                                            int64_t start, int64_t end) {
  const HostTensor& features = images.rows;
  const int64_t length = end;            // the positions the slot holds after this call
  const int64_t count = length - start;  // the positions this call computes
  const int bucket = start > 0 ? SuffixBucket(count) : PickBucket(prefill_buckets_, count);
  const int64_t rows = features.shape().size() == 2 ? features.shape()[0] : 0;
  const int64_t hidden = config().text.hidden_size;
  if (rows && features.shape()[1] != hidden) return Internal("prefill: feature width mismatch");

  // Row r of the call is position start + r.
  std::vector<int32_t> ids(bucket, 0), feature_index(bucket, 0);
  std::copy(prompt.input_ids.begin() + start, prompt.input_ids.begin() + end, ids.begin());
  // Image i's features follow those of the images before it (slots are in image order).
  int64_t first_row = 0;
  for (size_t i = 0; i < prompt.image_slots.size(); ++i) {
    const prompt::ImageSlot& s = prompt.image_slots[i];
    if (s.image_index != static_cast<int>(i)) {
      return Internal("prefill: image slots are not in image order");
    }
    for (int64_t j = std::max<int64_t>(0, start - s.offset);
         j < std::min<int64_t>(s.length, end - s.offset); ++j) {
      const int64_t row = first_row + j;
      if (row >= rows) {
        return InvalidArgument("prefill: image " + std::to_string(s.image_index) +
                               " has no features (" + std::to_string(rows) + " rows)");
      }
      feature_index[s.offset + j - start] = static_cast<int32_t>(row);
    }
    first_row += s.length;
  }

  VLMXLA_ASSIGN_OR_RETURN(Compiled * c, GetProgram(PrefillFromOptions(length, start, rows)));

  HostTensor feats = features;
  if (!rows) {
    feats = HostTensor(hlo::DTypeFromElementType(precision_.compute), Shape{1, hidden});
    std::memset(feats.mutable_data(), 0, feats.byte_size());
  }
  HostTensor len(DType::kI32, Shape{});
  len.mutable_span<int32_t>()[0] = static_cast<int32_t>(count);
  HostTensor start_t(DType::kI32, Shape{});
  start_t.mutable_span<int32_t>()[0] = static_cast<int32_t>(start);
  VLMXLA_ASSIGN_OR_RETURN(auto ids_d, executor_->Upload(I32Tensor(ids, Shape{bucket})));
  VLMXLA_ASSIGN_OR_RETURN(auto fi_d, executor_->Upload(I32Tensor(feature_index, Shape{bucket})));
  VLMXLA_ASSIGN_OR_RETURN(auto feats_d, executor_->Upload(feats));
  VLMXLA_ASSIGN_OR_RETURN(auto len_d, executor_->Upload(len));
  VLMXLA_ASSIGN_OR_RETURN(auto start_d, executor_->Upload(start_t));
  // M-RoPE: [3, bucket] rotary positions, the padding rows' 0 (causality hides them).
  std::shared_ptr<runtime::DeviceBuffer> rope_d;
  const bool mrope = !config().text.mrope_section.empty();
  if (mrope) {
    const std::vector<int32_t> rope = RopePositions(prompt);
    std::vector<int32_t> padded(3 * bucket, 0);
    for (int64_t a = 0; a < 3; ++a) {
      std::copy_n(rope.begin() + a * prompt.effective_length + start, count,
                  padded.begin() + a * bucket);
    }
    VLMXLA_ASSIGN_OR_RETURN(rope_d, executor_->Upload(I32Tensor(padded, Shape{3, bucket})));
  }
  // Each position's image (its slot's index, -1 for text and padding): one image's tokens see
  // each other both ways in a prefill that asks for it.
  std::shared_ptr<runtime::DeviceBuffer> block_d;
  if (config().text.bidirectional_image_blocks) {
    std::vector<int32_t> block(bucket, -1);
    for (const prompt::ImageSlot& s : prompt.image_slots) {
      std::fill_n(block.begin() + s.offset, s.length, s.image_index);
    }
    VLMXLA_ASSIGN_OR_RETURN(block_d, executor_->Upload(I32Tensor(block, Shape{bucket})));
  }
  const int slot_of[] = {slot};
  std::vector<std::pair<Input, runtime::DeviceBuffer*>> inputs = {
      {Input::kInputIds, ids_d.get()},        {Input::kFeatureIndex, fi_d.get()},
      {Input::kImageFeatures, feats_d.get()}, {Input::kLength, len_d.get()},
      {Input::kStart, start_d.get()},         {Input::kRopePositions, rope_d.get()},
      {Input::kImageBlock, block_d.get()}};
  // The vision program's other results by role (deepstack_features [S, F, D]: its F the rows'),
  // each checked against the input the program declares; without images, zeros of that type, as
  // image_features above.
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> held;
  for (const auto& entry : images.by_role) {
    const hlo::InputRole role = entry.first;  // a plain variable: lambdas capture it (clang 14)
    const auto& tensor = entry.second;
    const int index = c->input[static_cast<int>(role)];
    if (index < 0) continue;  // an input this prefill does not take
    if (std::any_of(inputs.begin(), inputs.end(),
                    [&](const auto& in) { return in.first == role; })) {
      continue;  // the runner's own value (ids, positions, ...) wins
    }
    const hlo::TensorType& want = c->program.params[index].type;
    if (tensor.shape() != Shape(want.dims.begin(), want.dims.end()) ||
        tensor.dtype() != hlo::DTypeFromElementType(want.element)) {
      return Internal("prefill: the vision program's " + std::string(hlo::InputRoleName(role)) +
                      " is " + DTypeName(tensor.dtype()) + " " + ShapeToString(tensor.shape()) +
                      " but prefill takes " + want.ToString());
    }
    VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor_->Upload(tensor));
    inputs.emplace_back(role, buffer.get());
    held.push_back(std::move(buffer));
  }
  if (!rows) {
    for (size_t i = 0; i < c->program.params.size(); ++i) {
      const hlo::ProgramParam& p = c->program.params[i];
      if (p.kind != hlo::ProgramParam::Kind::kInput || p.kv) continue;
      const Input role = *hlo::InputRoleOf(p.name);  // Compile resolved every input's role
      if (std::any_of(inputs.begin(), inputs.end(),
                      [&](const auto& in) { return in.first == role && in.second; })) {
        continue;
      }
      HostTensor zeros(hlo::DTypeFromElementType(p.type.element),
                       Shape(p.type.dims.begin(), p.type.dims.end()));
      std::memset(zeros.mutable_data(), 0, zeros.byte_size());
      VLMXLA_ASSIGN_OR_RETURN(auto buffer, executor_->Upload(zeros));
      inputs.emplace_back(role, buffer.get());
      held.push_back(std::move(buffer));
    }
  }
  VLMXLA_ASSIGN_OR_RETURN(auto outputs, Run(*c, Args(*c, inputs, slot_of), slot_of));
  slots_.set_rope_delta(slot, mrope ? prompt.rope_delta : 0);
  VLMXLA_ASSIGN_OR_RETURN(HostTensor logits, outputs[c->primary]->ToHost());
  for (size_t i = 0; taps && i < outputs.size(); ++i) {
    const std::string& stage = c->taps[i];
    if (stage.empty()) continue;
    VLMXLA_ASSIGN_OR_RETURN(HostTensor t, outputs[i]->ToHost());
    if (stage == "inputs_embeds") t = SliceAxis(t, 0, count);
    if (stage.rfind("past_key_values.", 0) == 0) {
      const int layer = std::atoi(stage.c_str() + std::strlen("past_key_values."));
      t = config().text.IsRingLayer(layer, options_.capacity)
              ? UnrollRing(t, config().text.sliding_window, length)
              : SliceAxis(t, 1, count);
    }
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
  for (int s = 0; s < slots_.size() && static_cast<int>(all.size()) < bucket; ++s) {
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
    for (int i = 0; i < n; ++i) rope[i] = static_cast<int32_t>(pos[i] + slots_.rope_delta(all[i]));
    VLMXLA_ASSIGN_OR_RETURN(rope_d, executor_->Upload(I32Tensor(rope, Shape{bucket})));
  }
  const std::pair<Input, runtime::DeviceBuffer*> inputs[] = {{Input::kTokens, tok_d.get()},
                                                             {Input::kPositions, pos_d.get()},
                                                             {Input::kRopePositions, rope_d.get()}};
  VLMXLA_ASSIGN_OR_RETURN(auto outputs, Run(*c, Args(*c, inputs, all), all));
  VLMXLA_ASSIGN_OR_RETURN(HostTensor logits, outputs[c->primary]->ToHost());
  if (logits.shape().size() != 2) return Internal("decode gave no logits");
  if (bucket == n) return logits;
  const int64_t vocab = logits.shape()[1];
  HostTensor rows(DType::kF32, Shape{n, vocab});
  std::memcpy(rows.mutable_data(), logits.data(), rows.byte_size());
  return rows;
}

}  // namespace vlmxla::engine
