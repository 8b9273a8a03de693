// `vlmxla validate`: runs one case through the production path — host preparation, the engine's
// scheduler, vision_encode, prefill into a KV slot and greedy decode steps — with the programs'
// diagnostic taps on, and writes every stage in the oracle capture's layout (the reference gate
// compares it with Transformers). An expected failure (placeholder count, context overflow) is
// written as an error manifest.
#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/engine_flags.h"
#include "vlmxla/cli/capture.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/cli/measurements.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/engine/precision.h"
#include "vlmxla/engine/process_memory.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/runtime/executor_factory.h"
#include "vlmxla/vision/image_decode.h"

namespace vlmxla::cli {
namespace {

// "bfloat16" -> "bf16", ...: the capture manifests spell dtypes as the element types.
std::string DtypeShortName(const std::string& torch_name) {
  auto t = engine::ParseDtypeFlag(torch_name, "dtype");
  return hlo::ElementTypeName(t.ok() && *t ? **t : hlo::ElementType::kF32);
}

// One sequence, at the capacity its case names.
const EngineFlagDefaults kValidateEngine{.max_batch = 1,
                                         .context_flag = false,
                                         .max_batch_flag = false,
                                         .prefix_cache_mib = 0,
                                         .image_cache_mib = 0};

std::vector<FlagSpec> Flags() {
  std::vector<FlagSpec> flags = CaseFlags();
  flags.push_back({"output", true, false, "capture directory to write (required without --cases)"});
  flags.push_back({"cases", true, false,
                   "a JSON list [{\"case\": FILE, \"output\": DIR}, ...]: every case in one "
                   "process, each written to its own DIR (the engine loads once per capacity)"});
  flags.push_back({"max-new-tokens", true, false, "greedy tokens (default: the case's, else 8)"});
  return WithEngineFlags(std::move(flags), kValidateEngine);
}

int Fail(const Status& s, const std::optional<std::string>& output) {
  std::fprintf(stderr, "vlmxla validate: %s\n", s.ToString().c_str());
  if (output) WriteErrorManifest(*output, "vlmxla validate", s);
  return kExitError;
}

// The engines a run's cases need: one per context capacity (a case may name its own, e.g. the
// overflow case one position short of its prompt), loaded when a case first needs it and kept
// while the next cases need the same one, so programs compile (or load from the cache of compiled
// programs) once for all of them. One engine at a time: the cases run grouped by capacity.
class Engines {
 public:
  explicit Engines(engine::EngineOptions base) : base_(std::move(base)) {}

  // The loaded engine of `capacity` (0: the model's default), or why it could not load (the same
  // status for every case that asks again: a backend that cannot start here fails once).
  Result<engine::Engine*> Get(int64_t capacity) {
    if (!engine_ || capacity_ != capacity) {
      engine_.reset();  // the previous capacity's cases are done
      capacity_ = capacity;
      engine::EngineOptions eo = base_;
      eo.context_capacity = capacity;
      engine_ = engine::Engine::Create(eo);
      load_ = engine_->Load();
    }
    if (!load_.ok()) return load_;
    return engine_.get();
  }

 private:
  engine::EngineOptions base_;
  std::unique_ptr<engine::Engine> engine_;
  int64_t capacity_ = 0;
  Status load_;
};

// One case on the engine of its capacity: its capture, or its error manifest for an expected
// failure (placeholder count, context overflow), in `output`.
Result<int> RunCase(const CaseRequest& req, int64_t max_new, const std::string& model_dir,
                    const std::string& output, Engines& engines) {
  engine::GenerationRequest gr;
  for (const auto& path : req.images) {
    auto img = vision::DecodeImageFile(path);
    if (!img.ok()) return Fail(img.status(), output);
    gr.images.push_back(std::move(img).value());
  }
  gr.messages = prompt::SingleTurn(req.system, req.prompt, static_cast<int>(gr.images.size()));
  gr.stop.max_tokens = max_new;

  VLMXLA_ASSIGN_OR_RETURN(engine::Engine * engine, engines.Get(req.capacity.value_or(0)));
  auto prepared = engine->Prepare(gr);
  if (!prepared.ok()) return Fail(prepared.status(), output);
  CaptureWriter capture("vlmxla validate");
  capture.AddHostStages(prepared->prefill, !gr.images.empty());

  std::map<std::string, HostTensor> taps;
  std::vector<int32_t> tokens;
  std::string text;
  auto last = engine->Generate(
      *prepared,
      [&](const engine::GenerationDelta& d) {
        tokens.insert(tokens.end(), d.token_ids.begin(), d.token_ids.end());
        text += d.text;
        return true;
      },
      [&](const std::string& stage, const HostTensor& value) { taps[stage] = value; });
  VLMXLA_RETURN_IF_ERROR(last.status());
  if (last->error) return *last->error;
  for (auto& [stage, value] : taps) capture.AddTensor(stage, std::move(value));
  capture.AddTensor("greedy_tokens", I64Tensor(tokens));
  capture.AddText("greedy_text", text);
  const engine::ModelInfo info = engine->info();
  capture.manifest()["backend"] = info.backend;
  capture.manifest()["device_kind"] = info.device_kind;  // what the gate keys baselines by
  capture.manifest()["dtype"] = DtypeShortName(info.dtype);
  capture.manifest()["weights_dtype"] = DtypeShortName(info.weights_dtype);
  capture.manifest()["weights"] = info.weights;
  capture.manifest()["finish_reason"] = engine::FinishReasonName(*last->finish);
  capture.manifest()["usage"] = {{"prompt_tokens", last->usage.prompt_tokens},
                                 {"prompt_tokens_logical", last->usage.prompt_tokens_logical},
                                 {"completion_tokens", last->usage.completion_tokens}};
  capture.manifest()["timing"] = {{"prefill_seconds", last->prefill_seconds},
                                  {"decode_seconds", last->decode_seconds}};
  // With several cases in one process (--cases), the compile counts and seconds are those of
  // every program the engine has compiled or loaded so far, and the peak RSS this case's, from
  // an engine already loaded for the cases after the first (docs/testing.md).
  capture.manifest()["measurements"] = Measurements(*engine);
  VLMXLA_RETURN_IF_ERROR(capture.Write(output, model_dir));
  std::printf("wrote %s (%zu device stages, %zu greedy tokens, finish %s) on %s\n", output.c_str(),
              taps.size(), tokens.size(), engine::FinishReasonName(*last->finish),
              info.backend.c_str());
  return kExitOk;
}

struct Job {
  CaseRequest request;
  std::string output;
  std::optional<Status> error;  // the case file could not be read: reported as this case's
};

// --cases FILE: [{"case": CASE FILE, "output": DIR}, ...]. A case file that cannot be read is that
// case's failure, not the run's.
Result<std::vector<Job>> JobsFromList(const ParsedArgs& args, const std::string& list) {
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json j, io::ReadJsonFile(list));
  if (!j.is_array() || j.empty())
    return InvalidArgument(list + ": --cases needs a non-empty list of {case, output}");
  std::vector<Job> jobs;
  for (size_t i = 0; i < j.size(); ++i) {
    const auto& e = j[i];
    if (!e.is_object() || !e.contains("case") || !e["case"].is_string() || !e.contains("output") ||
        !e["output"].is_string()) {
      return InvalidArgument(list + ": entry " + std::to_string(i) +
                             " needs a string 'case' (a case file) and 'output' (a directory)");
    }
    Job job;
    job.output = e["output"].get<std::string>();
    auto req = CaseRequestFromFile(e["case"].get<std::string>(), args);
    if (req.ok()) {
      job.request = std::move(req).value();
    } else {
      job.error = req.status();
    }
    jobs.push_back(std::move(job));
  }
  return jobs;
}

Result<int> Run(const ParsedArgs& args) {
  const std::string model_dir = *args.Get("model");
  std::vector<Job> jobs;
  const auto list = args.Get("cases");
  if (list) {
    if (args.Has("case") || args.Has("prompt") || args.Has("system") || args.Has("image") ||
        args.Has("output")) {
      return InvalidArgument(
          "--cases names each case's file and output: it cannot be combined with --case, "
          "--prompt, --system, --image or --output");
    }
    VLMXLA_ASSIGN_OR_RETURN(jobs, JobsFromList(args, *list));
  } else {
    VLMXLA_ASSIGN_OR_RETURN(CaseRequest req, CaseRequestFromArgs(args));
    jobs.push_back({std::move(req), *args.Get("output"), std::nullopt});
  }

  VLMXLA_ASSIGN_OR_RETURN(engine::EngineOptions eo, EngineOptionsFromFlags(args, kValidateEngine));
  // Images per request only bound what a request may carry (no program depends on it): the most
  // any case here has, so every case runs on the same engine.
  eo.max_images = 1;
  for (const Job& job : jobs)
    eo.max_images = std::max<int>(eo.max_images, static_cast<int>(job.request.images.size()));
  eo.taps = true;
  eo.progress = [](const std::string& line) {
    std::fprintf(stderr, "[validate] %s\n", line.c_str());
  };
  Engines engines(eo);

  if (!list) {
    const Job& job = jobs.front();
    VLMXLA_ASSIGN_OR_RETURN(int64_t max_new,
                            args.GetInt("max-new-tokens", job.request.max_new_tokens.value_or(8)));
    return RunCase(job.request, max_new, model_dir, job.output, engines);
  }
  // The cases grouped by capacity (in the order each capacity first appears), so each engine
  // loads once. Every case is bracketed on stderr by "[validate] case I of N begins: OUTPUT" and
  // "[validate] case I of N exit CODE": the gate gives each case its own part of the log and
  // exit code, and a case that began and never ended is the one a crash happened in.
  std::vector<size_t> order(jobs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::vector<int64_t> first_seen;
  auto rank = [&](size_t i) {
    const int64_t cap = jobs[i].request.capacity.value_or(0);
    auto it = std::find(first_seen.begin(), first_seen.end(), cap);
    if (it == first_seen.end()) it = first_seen.insert(first_seen.end(), cap);
    return it - first_seen.begin();
  };
  std::vector<std::ptrdiff_t> ranks(jobs.size());
  for (size_t i = 0; i < jobs.size(); ++i) ranks[i] = rank(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return ranks[a] < ranks[b]; });
  int worst = kExitOk;
  bool peak_per_case = true;
  for (size_t i : order) {
    const Job& job = jobs[i];
    std::fprintf(stderr, "[validate] case %zu of %zu begins: %s\n", i + 1, jobs.size(),
                 job.output.c_str());
    // Each case's engine_peak_rss_bytes is its own peak (with the engine already loaded for the
    // cases after the first), not the highest of the cases before it.
    if (Status reset = engine::ResetPeakRss(); !reset.ok() && peak_per_case) {
      peak_per_case = false;
      std::fprintf(stderr, "[validate] %s: each case's peak RSS is the process's so far\n",
                   reset.ToString().c_str());
    }
    int code;
    if (job.error) {
      code = Fail(*job.error, std::nullopt);
    } else {
      auto max_new = args.GetInt("max-new-tokens", job.request.max_new_tokens.value_or(8));
      auto r = max_new.ok() ? RunCase(job.request, *max_new, model_dir, job.output, engines)
                            : Result<int>(max_new.status());
      code = r.ok() ? *r : Fail(r.status(), std::nullopt);
    }
    std::fflush(stdout);
    std::fprintf(stderr, "[validate] case %zu of %zu exit %d\n", i + 1, jobs.size(), code);
    if (code != kExitOk) worst = kExitError;
  }
  return worst;
}

int RunValidate(const std::vector<std::string>& argv) {
  const std::vector<FlagSpec> flags = Flags();
  auto parsed = ParseArgs(argv, flags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") ||
      !(parsed->Get("output") || parsed->Get("cases"))) {
    if (!parsed.ok())
      std::fprintf(stderr, "vlmxla validate: %s\n", parsed.status().message().c_str());
    std::fprintf(
        help ? stdout : stderr,
        "usage: vlmxla validate --model DIR (--case FILE | --prompt TEXT [--image FILE]...) "
        "--output DIR\n"
        "       vlmxla validate --model DIR --cases LIST  (every case of LIST in one process)\n%s",
        FlagsHelp(flags).c_str());
    return help ? kExitOk : kExitUsage;
  }
  auto r = Run(*parsed);
  return r.ok() ? *r : Fail(r.status(), std::nullopt);
}

}  // namespace

VLMXLA_REGISTER_COMMAND("validate",
                        "capture every stage of one case from the production path (for the gate)",
                        RunValidate);

}  // namespace vlmxla::cli
