// `vlmxla validate`: runs one case through the production path — host preparation, the engine's
// scheduler, vision_encode, prefill into a KV slot and greedy decode steps — with the programs'
// diagnostic taps on, and writes every stage in the oracle capture's layout (the reference gate
// compares it with Transformers). An expected failure (placeholder count, context overflow) is
// written as an error manifest.
#include <cstdio>
#include <map>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/engine_flags.h"
#include "vlmxla/cli/capture.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/cli/measurements.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/engine/precision.h"
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
  flags.push_back({"output", true, false, "capture directory to write (required)"});
  flags.push_back({"max-new-tokens", true, false, "greedy tokens (default: the case's, else 8)"});
  return WithEngineFlags(std::move(flags), kValidateEngine);
}

int Fail(const Status& s, const std::optional<std::string>& output) {
  std::fprintf(stderr, "vlmxla validate: %s\n", s.ToString().c_str());
  if (output) WriteErrorManifest(*output, "vlmxla validate", s);
  return kExitError;
}

Result<int> Run(const ParsedArgs& args) {
  const std::string model_dir = *args.Get("model");
  const std::string output = *args.Get("output");
  VLMXLA_ASSIGN_OR_RETURN(CaseRequest req, CaseRequestFromArgs(args));
  VLMXLA_ASSIGN_OR_RETURN(int64_t max_new,
                          args.GetInt("max-new-tokens", req.max_new_tokens.value_or(8)));

  engine::GenerationRequest gr;
  for (const auto& path : req.images) {
    auto img = vision::DecodeImageFile(path);
    if (!img.ok()) return Fail(img.status(), output);
    gr.images.push_back(std::move(img).value());
  }
  gr.messages = prompt::SingleTurn(req.system, req.prompt, static_cast<int>(gr.images.size()));
  gr.stop.max_tokens = max_new;

  VLMXLA_ASSIGN_OR_RETURN(engine::EngineOptions eo, EngineOptionsFromFlags(args, kValidateEngine));
  eo.context_capacity = req.capacity.value_or(0);
  eo.max_images = std::max<int>(1, static_cast<int>(gr.images.size()));
  eo.taps = true;
  eo.progress = [](const std::string& line) {
    std::fprintf(stderr, "[validate] %s\n", line.c_str());
  };
  auto engine = engine::Engine::Create(eo);
  VLMXLA_RETURN_IF_ERROR(engine->Load());

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
  capture.manifest()["measurements"] = Measurements(*engine);
  VLMXLA_RETURN_IF_ERROR(capture.Write(output, model_dir));
  std::printf("wrote %s (%zu device stages, %zu greedy tokens, finish %s) on %s\n", output.c_str(),
              taps.size(), tokens.size(), engine::FinishReasonName(*last->finish),
              info.backend.c_str());
  return kExitOk;
}

int RunValidate(const std::vector<std::string>& argv) {
  const std::vector<FlagSpec> flags = Flags();
  auto parsed = ParseArgs(argv, flags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") || !parsed->Get("output")) {
    if (!parsed.ok())
      std::fprintf(stderr, "vlmxla validate: %s\n", parsed.status().message().c_str());
    std::fprintf(
        help ? stdout : stderr,
        "usage: vlmxla validate --model DIR (--case FILE | --prompt TEXT [--image FILE]...) "
        "--output DIR\n%s",
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
