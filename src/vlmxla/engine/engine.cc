#include "vlmxla/engine/engine.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "vlmxla/engine/caching_runner.h"
#include "vlmxla/engine/grammar.h"
#include "vlmxla/engine/model_runner.h"
#include "vlmxla/engine/prefix_cache.h"
#include "vlmxla/engine/precision.h"
#include "vlmxla/engine/sampler.h"
#include "vlmxla/engine/stop_rules.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/prompt/preparer.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::engine {

namespace {

// EOS ids: config.json's, and generation_config.json's when the checkpoint has one.
std::set<int32_t> EosIds(const io::ModelDir& model) {
  std::set<int32_t> eos(model.config().text.eos_token_ids.begin(),
                        model.config().text.eos_token_ids.end());
  if (model.HasFile("generation_config.json")) {
    auto j = io::ReadJsonFile(model.Path("generation_config.json"));
    if (j.ok() && j->contains("eos_token_id")) {
      const auto& e = (*j)["eos_token_id"];
      if (e.is_number_integer()) eos.insert(e.get<int32_t>());
      if (e.is_array())
        for (const auto& v : e)
          if (v.is_number_integer()) eos.insert(v.get<int32_t>());
    }
  }
  return eos;
}

}  // namespace

struct Engine::Impl {
  EngineOptions options;
  std::optional<prompt::Preparer> preparer;
  std::unique_ptr<ModelRunner> runner;
  int64_t capacity = 0;
  std::unique_ptr<CachingRunner> adapter;
  std::unique_ptr<Scheduler> scheduler;      // set by Load before ready(); stopped by Shutdown
  std::unique_ptr<GrammarCompiler> grammar;  // structured output: the vocabulary, given once
  // The scheduler once Load has made it, for the calls that may come from other threads meanwhile.
  std::atomic<Scheduler*> live{nullptr};
};

Engine::Engine(EngineOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
}

std::unique_ptr<Engine> Engine::Create(EngineOptions options) {
  return std::unique_ptr<Engine>(new Engine(std::move(options)));
}

Engine::~Engine() { Shutdown(); }

Status Engine::Load() {
  Impl& m = *impl_;
  const EngineOptions& o = m.options;
  auto progress = [&](const std::string& line) {
    if (o.progress) o.progress(line);
  };
  progress("loading " + o.model_dir);
  VLMXLA_ASSIGN_OR_RETURN(prompt::Preparer preparer, prompt::Preparer::Load(o.model_dir));
  m.preparer.emplace(std::move(preparer));
  const io::ModelDir& model = m.preparer->model();
  const std::set<int32_t> eos = EosIds(model);
  const int64_t max_pos = model.config().text.max_position_embeddings;
  m.capacity = o.context_capacity > 0 ? o.context_capacity : std::min<int64_t>(max_pos, 4096);
  if (max_pos > 0 && m.capacity > max_pos) {
    return InvalidArgument("context capacity " + std::to_string(m.capacity) +
                           " exceeds the model's max_position_embeddings " +
                           std::to_string(max_pos));
  }
  if (o.max_batch < 1 || o.max_batch > 256) {
    return InvalidArgument("max batch must be in [1, 256], got " + std::to_string(o.max_batch));
  }

  VLMXLA_ASSIGN_OR_RETURN(const std::optional<hlo::ElementType> dtype,
                          ParseDtypeFlag(o.dtype, "--dtype"));
  VLMXLA_ASSIGN_OR_RETURN(const WeightQuant weights, ParseWeightQuant(o.weights, "--weights"));
  runtime::ExecutorConfig ec;
  ec.plugin_path = o.plugin_path;
  ec.iree_cuda_target = o.iree_cuda_target;
  ec.iree_cpu_target = o.iree_cpu_target;
  ec.iree_parameters = o.iree_parameters;
  ec.no_cache = o.no_cache;
  progress("starting backend " + o.backend);
  VLMXLA_ASSIGN_OR_RETURN(auto executor, runtime::MakeExecutor(o.backend, ec));
  RunnerOptions ro;
  ro.capacity = m.capacity;
  ro.max_batch = o.max_batch;
  ro.max_images = model.config().is_multimodal() ? std::max(1, o.max_images) : 0;
  ro.taps = o.taps;
  ro.progress = o.progress;
  ro.dtype = dtype;
  ro.weights = weights;
  ro.prefill_chunk = o.prefill_chunk;
  ro.batch_invariant_decode = o.batch_invariant_decode;
  VLMXLA_ASSIGN_OR_RETURN(m.runner, ModelRunner::Load(o.model_dir, std::move(executor), ro));
  if (o.warm_decode) VLMXLA_RETURN_IF_ERROR(m.runner->WarmDecode());
  progress("indexing the vocabulary for structured output");
  const std::vector<int32_t> stop_ids(eos.begin(), eos.end());
  VLMXLA_ASSIGN_OR_RETURN(m.grammar,
                          GrammarCompiler::Create(m.preparer->tokenizer(),
                                                  m.runner->config().text.vocab_size, stop_ids));
  CacheOptions co;
  // The gate's capture (taps) compares every stage of each request: nothing may come from a cache.
  co.prefix_cache_bytes = o.taps ? 0 : o.prefix_cache_bytes;
  co.image_cache_bytes = o.taps ? 0 : o.image_cache_bytes;
  m.adapter = std::make_unique<CachingRunner>(*m.runner, co);
  SchedulerOptions so;
  so.max_queue = o.max_queue;
  so.capacity = m.capacity;
  so.eos_ids.assign(eos.begin(), eos.end());
  m.scheduler = std::make_unique<Scheduler>(*m.adapter, m.preparer->tokenizer(), std::move(so));
  m.live.store(m.scheduler.get());
  loaded_.store(true, std::memory_order_release);
  ready_.store(true);
  return Status::Ok();
}

void Engine::Shutdown() {
  if (Scheduler* s = impl_->live.load()) s->Stop();
  ready_.store(false);
}

ModelInfo Engine::info() const {
  const Impl& m = *impl_;
  ModelInfo info;
  info.id = m.options.model_id.empty()
                ? std::filesystem::path(m.options.model_dir).filename().string()
                : m.options.model_id;
  if (info.id.empty())
    info.id = std::filesystem::path(m.options.model_dir).parent_path().filename();
  info.max_batch = m.options.max_batch;
  info.backend = m.options.backend;
  // The server asks (/metrics, /v1/models) while Load() writes these on its own thread.
  if (!loaded_.load(std::memory_order_acquire)) return info;
  info.context_capacity = m.capacity;
  info.backend = m.runner->executor().name();
  info.device_kind = m.runner->executor().device_kind();
  info.dtype = TorchDtypeName(m.runner->precision().compute);
  info.weights_dtype = TorchDtypeName(m.runner->precision().weights);
  info.weights = WeightQuantName(m.runner->precision().quant);
  info.vocab_size = m.runner->config().text.vocab_size;
  const bool multimodal = m.preparer->model().config().is_multimodal();
  info.max_images = multimodal ? m.options.max_images : 0;
  info.tool_call_format = m.preparer->tool_call_format();
  return info;
}

Status Engine::Warm(const PreparedRequest& request) {
  if (!loaded_.load(std::memory_order_acquire)) {
    return Unavailable("the model is still loading", "loading");
  }
  return impl_->adapter->Warm(request.prefill);
}

Result<PreparedRequest> Engine::Prepare(const GenerationRequest& request) const {
  const Impl& m = *impl_;
  if (!loaded_.load(std::memory_order_acquire)) {
    return Unavailable("the model is still loading", "loading");
  }
  VLMXLA_RETURN_IF_ERROR(
      ValidateSamplingParams(request.sampling, m.runner->config().text.vocab_size));
  VLMXLA_RETURN_IF_ERROR(ValidateStopParams(request.stop));
  if (request.n < 1 || request.n > m.options.max_batch) {
    return InvalidArgument("n must be in [1, " + std::to_string(m.options.max_batch) +
                           "] (the KV slots, --max-batch), got " + std::to_string(request.n));
  }
  const int max_images = info().max_images;
  // A text-only model's refusal of any image comes from the preparer (images_unsupported).
  if (max_images > 0 && static_cast<int>(request.images.size()) > max_images) {
    return InvalidArgument("the request has " + std::to_string(request.images.size()) +
                               " images but at most " + std::to_string(max_images) +
                               " are allowed per request",
                           "too_many_images");
  }
  PreparedRequest out;
  out.sampling = request.sampling;
  if (request.grammar) {
    VLMXLA_ASSIGN_OR_RETURN(out.sampling.constraint, m.grammar->Compile(*request.grammar));
  }
  out.stop = request.stop;
  out.n = request.n;
  if (request.raw_prompt) {
    if (!request.images.empty()) {
      return InvalidArgument("a raw prompt (completions) takes no images",
                             prompt::kReasonImagesUnsupported);
    }
    VLMXLA_ASSIGN_OR_RETURN(std::vector<int32_t> ids,
                            m.preparer->EncodePrompt(*request.raw_prompt, true, m.capacity));
    prompt::PlaceholderSpec spec;
    spec.image_token_id = m.preparer->image_token_id();
    spec.image_token = m.preparer->image_token();
    VLMXLA_ASSIGN_OR_RETURN(out.prefill, prompt::ExpandPrompt(std::move(ids), 0, spec, m.capacity));
    out.prefill.rendered_text = *request.raw_prompt;
  } else {
    VLMXLA_ASSIGN_OR_RETURN(out.prefill, m.preparer->Prepare(request.messages, request.images,
                                                             m.capacity, request.tools));
  }
  // Hashed here, on the caller's thread, rather than on the scheduler's.
  if (m.options.prefix_cache_bytes > 0 || m.options.image_cache_bytes > 0) {
    VLMXLA_ASSIGN_OR_RETURN(out.prefill.image_digests, ImageDigests(out.prefill));
  }
  return out;
}

Result<std::vector<int32_t>> Engine::Tokenize(const std::string& text,
                                              bool add_special_tokens) const {
  if (!loaded_.load(std::memory_order_acquire)) {
    return Unavailable("the model is still loading", "loading");
  }
  return impl_->preparer->EncodePrompt(text, add_special_tokens, impl_->capacity);
}

Result<std::string> Engine::Detokenize(std::span<const int32_t> ids) const {
  if (!loaded_.load(std::memory_order_acquire)) {
    return Unavailable("the model is still loading", "loading");
  }
  const text::Tokenizer& tokenizer = impl_->preparer->tokenizer();
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || ids[i] >= tokenizer.vocab_size()) {
      return InvalidArgument("token " + std::to_string(i) + " is " + std::to_string(ids[i]) +
                             ", outside the vocabulary [0, " +
                             std::to_string(tokenizer.vocab_size()) + ")");
    }
  }
  return tokenizer.Decode(ids, false);
}

Result<uint64_t> Engine::Submit(PreparedRequest request, DeltaSink sink) {
  Scheduler* s = impl_->live.load();
  if (!ready() || s == nullptr) return Unavailable("the engine is not running", "loading");
  return s->Submit(std::move(request), std::move(sink));
}

void Engine::Cancel(uint64_t id) {
  if (Scheduler* s = impl_->live.load()) s->Cancel(id);
}

ServiceMetrics Engine::metrics() const {
  Scheduler* s = impl_->live.load();
  if (s == nullptr) return ServiceMetrics();
  ServiceMetrics m = s->metrics();
  m.prefix_cache = impl_->adapter->prefix_stats();
  m.image_cache = impl_->adapter->image_stats();
  return m;
}

const ModelRunner* Engine::runner() const { return impl_->runner.get(); }

Result<GenerationDelta> Engine::Generate(const GenerationRequest& request, const DeltaSink& sink,
                                         const TapSink& taps) {
  VLMXLA_ASSIGN_OR_RETURN(PreparedRequest prepared, Prepare(request));
  return Generate(std::move(prepared), sink, taps);
}

Result<GenerationDelta> Engine::Generate(PreparedRequest request, const DeltaSink& sink,
                                         const TapSink& taps) {
  Scheduler* s = impl_->live.load();
  if (!ready() || s == nullptr) return Unavailable("the engine is not running", "loading");
  return s->Generate(std::move(request), sink, taps);
}

}  // namespace vlmxla::engine
