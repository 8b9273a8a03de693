// `vlmxla run`: asks a model about images from the command line. The answer goes to stdout
// (streamed with --stream); progress and the one-line summary (prompt and generated tokens,
// prefill time, decode speed) go to stderr, so stdout holds nothing but the answer.
#include <cmath>
#include <cstdio>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/engine_flags.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/runtime/executor_factory.h"
#include "vlmxla/vision/image_decode.h"

namespace vlmxla::cli {
namespace {

// One sequence at a time: no --max-batch.
const EngineFlagDefaults kRunEngine{.max_batch = 1, .max_batch_flag = false};

std::vector<FlagSpec> Flags() {
  return WithEngineFlags(
      {
          {"prompt", true, false, "user prompt text (required)"},
          {"image", true, true, "image file (PNG, JPEG, WebP), in prompt order; repeatable"},
          {"system", true, false, "system prompt text"},
          {"max-tokens", true, false,
           "most tokens to generate (default: until EOS or the context)"},
          {"temperature", true, false, "sampling temperature; 0 = greedy (default 0)"},
          {"top-p", true, false, "nucleus sampling mass (default 1)"},
          {"top-k", true, false, "keep the k most likely tokens (default 0 = off)"},
          {"min-p", true, false, "drop tokens below min-p times the top probability (default 0)"},
          {"seed", true, false, "sampling seed (same seed, same answer)"},
          {"stop", true, true, "stop string; repeatable"},
          {"stream", false, false, "print the answer as it is generated"},
          {"quiet", false, false, "no progress lines on stderr"},
      },
      kRunEngine);
}

Result<double> GetDouble(const ParsedArgs& args, const std::string& name, double fallback) {
  auto v = args.Get(name);
  if (!v) return fallback;
  char* end = nullptr;
  const double d = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || !std::isfinite(d)) {
    return InvalidArgument("--" + name + " expects a number, got '" + *v + "'");
  }
  return d;
}

Result<int> Run(const ParsedArgs& args) {
  engine::GenerationRequest req;
  for (const auto& path : args.GetAll("image")) {
    VLMXLA_ASSIGN_OR_RETURN(vision::Image img, vision::DecodeImageFile(path));
    req.images.push_back(std::move(img));
  }
  req.messages = prompt::SingleTurn(args.Get("system"), *args.Get("prompt"),
                                    static_cast<int>(req.images.size()));
  VLMXLA_ASSIGN_OR_RETURN(req.stop.max_tokens, args.GetInt("max-tokens", -1));
  req.stop.stop = args.GetAll("stop");
  VLMXLA_ASSIGN_OR_RETURN(double t, GetDouble(args, "temperature", 0));
  VLMXLA_ASSIGN_OR_RETURN(double top_p, GetDouble(args, "top-p", 1));
  VLMXLA_ASSIGN_OR_RETURN(double min_p, GetDouble(args, "min-p", 0));
  VLMXLA_ASSIGN_OR_RETURN(int64_t top_k, args.GetInt("top-k", 0));
  req.sampling.temperature = static_cast<float>(t);
  req.sampling.top_p = static_cast<float>(top_p);
  req.sampling.min_p = static_cast<float>(min_p);
  req.sampling.top_k = static_cast<int>(top_k);
  if (args.Has("seed")) {
    VLMXLA_ASSIGN_OR_RETURN(int64_t seed, args.GetInt("seed", 0));
    req.sampling.seed = static_cast<uint64_t>(seed);
  }

  VLMXLA_ASSIGN_OR_RETURN(engine::EngineOptions eo, EngineOptionsFromFlags(args, kRunEngine));
  eo.max_images = std::max<int>(1, static_cast<int>(req.images.size()));
  if (!args.Has("quiet")) {
    eo.progress = [](const std::string& line) {
      std::fprintf(stderr, "[vlmxla] %s\n", line.c_str());
    };
  }
  auto engine = engine::Engine::Create(eo);
  VLMXLA_RETURN_IF_ERROR(engine->Load());

  const bool stream = args.Has("stream");
  std::string answer;
  auto last = engine->Generate(req, [&](const engine::GenerationDelta& d) {
    if (stream && !d.text.empty()) {
      std::fwrite(d.text.data(), 1, d.text.size(), stdout);
      std::fflush(stdout);
    }
    answer += d.text;
    return true;
  });
  VLMXLA_RETURN_IF_ERROR(last.status());
  if (last->error) return *last->error;
  if (!stream) std::fwrite(answer.data(), 1, answer.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
  const engine::Usage& u = last->usage;
  const double decode_rate =
      last->decode_seconds > 0 ? (u.completion_tokens - 1) / last->decode_seconds : 0;
  std::fprintf(stderr,
               "prompt tokens %lld (logical %lld), generated %lld, finish %s, prefill %.1f ms, "
               "decode %.1f tok/s, backend %s\n",
               static_cast<long long>(u.prompt_tokens),
               static_cast<long long>(u.prompt_tokens_logical),
               static_cast<long long>(u.completion_tokens), engine::FinishReasonName(*last->finish),
               last->prefill_seconds * 1e3, decode_rate, engine->info().backend.c_str());
  return kExitOk;
}

int RunRun(const std::vector<std::string>& argv) {
  const std::vector<FlagSpec> flags = Flags();
  auto parsed = ParseArgs(argv, flags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") || !parsed->Get("prompt")) {
    if (!parsed.ok())
      std::fprintf(stderr, "vlmxla run: %s\n", parsed.status().message().c_str());
    else if (!help)
      std::fprintf(stderr, "vlmxla run: --model and --prompt are required\n");
    std::fprintf(help ? stdout : stderr,
                 "usage: vlmxla run --model DIR [--image FILE]... --prompt TEXT [options]\n%s",
                 FlagsHelp(flags).c_str());
    return help ? kExitOk : kExitUsage;
  }
  auto r = Run(*parsed);
  if (r.ok()) return *r;
  std::fprintf(stderr, "vlmxla run: %s\n", r.status().ToString().c_str());
  return kExitError;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("run", "ask a model about images and print the answer", RunRun);

}  // namespace vlmxla::cli
