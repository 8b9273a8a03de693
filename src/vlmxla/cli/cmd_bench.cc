// `vlmxla bench`: loads the engine once on one backend and measures, on fixed inputs, time to
// first token (one image + text, and text only), prefill tokens/s, decode tokens/s at each batch
// size (N concurrent requests through Submit, so the continuous-batching scheduler decodes them
// together), load/compile time and peak memory. Prints a table on stderr and writes JSON.
//
// Definitions (python/vlmxla_bench measures Transformers by the same ones):
//   ttft: from the decoded image + message to the first sampled token: host preprocessing (chat
//         template, tokenizer, image resize/normalize) included, image file decoding excluded.
//   prefill tok/s: effective prompt tokens (image tokens included) / prefill seconds (vision
//         encode + decoder prefill, preprocessing excluded), on the image + text request.
//   decode tok/s at batch N: tokens sampled while all N requests decode together / that time.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/engine_flags.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/vision/image_decode.h"

namespace vlmxla::cli {
namespace {

using Clock = std::chrono::steady_clock;

// The batch sizes (--batches) set the KV slots: no --max-batch.
// Each prefill is measured whole: no caches unless asked.
const EngineFlagDefaults kBenchEngine{
    .context = 768, .max_batch_flag = false, .prefix_cache_mib = 0, .image_cache_mib = 0};

const std::vector<FlagSpec> kFlags = WithEngineFlags(
    {
        {"image", true, false, "image file for the image + text request (required)"},
        {"prompt", true, false, "user text of both requests (default: 'Describe the image.')"},
        {"decode-tokens", true, false, "decode steps measured per batch size (default 16)"},
        {"batches", true, false, "decode batch sizes, comma separated (default 1,4,8)"},
        {"output", true, false, "JSON file for the results (default: stdout)"},
    },
    kBenchEngine);

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

Result<std::vector<int>> ParseBatches(const std::string& text) {
  std::vector<int> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    char* end = nullptr;
    const long v = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || v < 1 || v > 256) {
      return InvalidArgument("--batches expects sizes in [1, 256] separated by commas, got '" +
                             text + "'");
    }
    out.push_back(static_cast<int>(v));
  }
  if (out.empty()) return InvalidArgument("--batches is empty");
  return out;
}

// The engine's request for `prompt` (with `image` when given): greedy, exactly `tokens` tokens.
engine::GenerationRequest MakeRequest(const std::string& prompt, const vision::Image* image,
                                      int64_t tokens) {
  engine::GenerationRequest r;
  if (image) r.images.push_back(*image);
  r.messages = prompt::SingleTurn(std::nullopt, prompt, image ? 1 : 0);
  r.stop.max_tokens = tokens;
  r.stop.ignore_eos = true;  // random weights: measure a fixed number of steps
  return r;
}

struct FirstToken {
  double ttft_seconds = 0;
  double prefill_seconds = 0;
  int64_t prompt_tokens = 0;
};

// One request with one generated token: TTFT including host preprocessing.
Result<FirstToken> MeasureFirstToken(engine::Engine& e, const engine::GenerationRequest& req) {
  const auto t0 = Clock::now();
  VLMXLA_ASSIGN_OR_RETURN(engine::PreparedRequest prepared, e.Prepare(req));
  std::optional<Clock::time_point> first;
  VLMXLA_ASSIGN_OR_RETURN(engine::GenerationDelta last,
                          e.Generate(std::move(prepared), [&](const engine::GenerationDelta& d) {
                            if (!first && !d.token_ids.empty()) first = Clock::now();
                            return true;
                          }));
  if (last.error) return *last.error;
  if (!first) return Internal("the request finished without a token");
  FirstToken out;
  out.ttft_seconds = Seconds(t0, *first);
  out.prefill_seconds = last.prefill_seconds;
  out.prompt_tokens = last.usage.prompt_tokens;
  return out;
}

struct DecodeRate {
  int batch = 0;
  int64_t tokens = 0;  // sampled while all `batch` requests were active
  double seconds = 0;
  double tokens_per_second = 0;
};

// `batch` identical requests submitted at once. The window starts when the last one has its
// first token (all slots are prefilled) and ends when the first one finishes; every decode step
// inside it advances all `batch` sequences.
Result<DecodeRate> MeasureDecode(engine::Engine& e, const engine::GenerationRequest& req,
                                 int batch) {
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::vector<Clock::time_point>> stamps(batch);
  std::vector<std::optional<Status>> errors(batch);
  int pending = batch;
  std::vector<engine::PreparedRequest> prepared;
  for (int i = 0; i < batch; ++i) {
    VLMXLA_ASSIGN_OR_RETURN(engine::PreparedRequest p, e.Prepare(req));
    prepared.push_back(std::move(p));
  }
  for (int i = 0; i < batch; ++i) {
    auto sink = [i, &mu, &cv, &stamps, &errors, &pending](const engine::GenerationDelta& d) {
      std::lock_guard<std::mutex> lk(mu);
      if (!d.token_ids.empty()) stamps[i].push_back(Clock::now());
      if (d.finish) {
        if (d.error) errors[i] = *d.error;
        --pending;
        cv.notify_all();
      }
      return true;
    };
    auto id = e.Submit(std::move(prepared[i]), sink);
    if (!id.ok()) {
      std::lock_guard<std::mutex> lk(mu);
      errors[i] = id.status();
      --pending;
    }
  }
  {
    std::unique_lock<std::mutex> lk(mu);
    cv.wait(lk, [&] { return pending == 0; });
  }
  for (const auto& err : errors)
    if (err) return *err;
  Clock::time_point start = stamps[0].front();
  size_t first_done = 0;
  for (size_t i = 0; i < stamps.size(); ++i) {
    start = std::max(start, stamps[i].front());
    if (stamps[i].back() < stamps[first_done].back()) first_done = i;
  }
  // The request that finishes first took part in every step of the window: its steps there,
  // times the batch, are the tokens sampled.
  const Clock::time_point end = stamps[first_done].back();
  int64_t steps = 0;
  for (const auto& t : stamps[first_done])
    if (t > start) ++steps;
  DecodeRate out;
  out.batch = batch;
  out.tokens = steps * batch;
  out.seconds = Seconds(start, end);
  if (out.tokens == 0 || out.seconds <= 0) {
    return Internal("batch " + std::to_string(batch) +
                    ": no decode step ran with every request active; raise --decode-tokens");
  }
  out.tokens_per_second = static_cast<double>(out.tokens) / out.seconds;
  return out;
}

double MaxRssMiB(int who) {
  rusage u{};
  getrusage(who, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // Linux: KiB
}

Result<int> Run(const ParsedArgs& args) {
  VLMXLA_ASSIGN_OR_RETURN(vision::Image image, vision::DecodeImageFile(*args.Get("image")));
  const std::string prompt = args.Get("prompt").value_or("Describe the image.");
  VLMXLA_ASSIGN_OR_RETURN(std::vector<int> batches,
                          ParseBatches(args.Get("batches").value_or("1,4,8")));
  VLMXLA_ASSIGN_OR_RETURN(int64_t decode_tokens, args.GetInt("decode-tokens", 16));
  if (decode_tokens < 2 || decode_tokens > 4096) {
    return InvalidArgument("--decode-tokens must be in [2, 4096], got " +
                           std::to_string(decode_tokens));
  }
  VLMXLA_ASSIGN_OR_RETURN(engine::EngineOptions eo, EngineOptionsFromFlags(args, kBenchEngine));
  eo.max_batch = *std::max_element(batches.begin(), batches.end());
  eo.max_queue = eo.max_batch + 1;
  eo.max_images = 1;
  eo.warm_decode = true;
  eo.progress = [](const std::string& s) { std::fprintf(stderr, "[bench] %s\n", s.c_str()); };

  const auto t_load = Clock::now();
  auto engine = engine::Engine::Create(eo);
  VLMXLA_RETURN_IF_ERROR(engine->Load());
  const double load_seconds = Seconds(t_load, Clock::now());

  const auto image_req = MakeRequest(prompt, &image, 1);
  const auto text_req = MakeRequest(prompt, nullptr, 1);
  // Warm-up: compiles vision_encode and both prefill buckets, so the measurements below time
  // execution only (the engine compiles outside the timed prefill anyway; this keeps TTFT clean).
  const auto t_warm = Clock::now();
  std::fprintf(stderr, "[bench] warm-up (compiles the prefill buckets)\n");
  VLMXLA_RETURN_IF_ERROR(MeasureFirstToken(*engine, image_req).status());
  VLMXLA_RETURN_IF_ERROR(MeasureFirstToken(*engine, text_req).status());
  const double warm_seconds = Seconds(t_warm, Clock::now());

  std::fprintf(stderr, "[bench] measuring time to first token\n");
  VLMXLA_ASSIGN_OR_RETURN(FirstToken img, MeasureFirstToken(*engine, image_req));
  VLMXLA_ASSIGN_OR_RETURN(FirstToken txt, MeasureFirstToken(*engine, text_req));
  // +2: the first token comes from prefill and the first-admitted request may lead by a step.
  const auto decode_req = MakeRequest(prompt, nullptr, decode_tokens + 2);
  std::vector<DecodeRate> rates;
  for (int b : batches) {
    std::fprintf(stderr, "[bench] measuring decode at batch %d\n", b);
    VLMXLA_ASSIGN_OR_RETURN(DecodeRate r, MeasureDecode(*engine, decode_req, b));
    rates.push_back(r);
  }
  const std::string backend_name = engine->info().backend;
  const std::string device_kind = engine->info().device_kind;  // "cpu", "NVIDIA H200"
  const std::string dtype = engine->info().dtype;  // read before the engine goes away below
  const std::string weights_dtype = engine->info().weights_dtype;
  const std::string weights = engine->info().weights;
  const double rss_self = MaxRssMiB(RUSAGE_SELF);
  engine->Shutdown();
  engine.reset();  // an out-of-process runtime host exits (and is reaped) here
  const double rss_children = MaxRssMiB(RUSAGE_CHILDREN);

  nlohmann::json j;
  j["backend"] = eo.backend;
  j["backend_name"] = backend_name;
  j["device_kind"] = device_kind;
  j["dtype"] = dtype;
  j["weights_dtype"] = weights_dtype;
  j["weights"] = weights;
  j["model_dir"] = eo.model_dir;
  j["context_capacity"] = eo.context_capacity;
  j["decode_tokens"] = decode_tokens;
  j["load_seconds"] = load_seconds;
  j["warmup_seconds"] = warm_seconds;
  j["ttft_image_text_seconds"] = img.ttft_seconds;
  j["ttft_text_seconds"] = txt.ttft_seconds;
  j["prompt_tokens_image_text"] = img.prompt_tokens;
  j["prompt_tokens_text"] = txt.prompt_tokens;
  j["prefill_seconds_image_text"] = img.prefill_seconds;
  j["prefill_tokens_per_second"] =
      img.prefill_seconds > 0 ? img.prompt_tokens / img.prefill_seconds : 0;
  j["prefill_seconds_text"] = txt.prefill_seconds;
  j["decode"] = nlohmann::json::array();
  for (const auto& r : rates) {
    j["decode"].push_back({{"batch", r.batch},
                           {"tokens", r.tokens},
                           {"seconds", r.seconds},
                           {"tokens_per_second", r.tokens_per_second}});
  }
  j["peak_rss_mib"] = {
      {"self", rss_self}, {"children", rss_children}, {"total", rss_self + rss_children}};

  std::fprintf(stderr, "[bench] %s on %s\n", eo.model_dir.c_str(), backend_name.c_str());
  std::fprintf(stderr, "  load+compile %.1f s, warm-up %.1f s\n", load_seconds, warm_seconds);
  std::fprintf(stderr, "  TTFT image+text %.3f s (%lld prompt tokens), text %.3f s (%lld)\n",
               img.ttft_seconds, static_cast<long long>(img.prompt_tokens), txt.ttft_seconds,
               static_cast<long long>(txt.prompt_tokens));
  std::fprintf(stderr, "  prefill %.1f tok/s\n", j["prefill_tokens_per_second"].get<double>());
  for (const auto& r : rates) {
    std::fprintf(stderr, "  decode batch %d: %.2f tok/s (%lld tokens in %.3f s)\n", r.batch,
                 r.tokens_per_second, static_cast<long long>(r.tokens), r.seconds);
  }
  std::fprintf(stderr, "  peak RSS %.0f MiB (self %.0f, runtime host %.0f)\n",
               rss_self + rss_children, rss_self, rss_children);

  const std::string text = j.dump(2) + "\n";
  if (auto out = args.Get("output")) {
    std::ofstream f(*out, std::ios::trunc);
    if (!f) return NotFound("cannot write " + *out);
    f << text;
  } else {
    std::fwrite(text.data(), 1, text.size(), stdout);
  }
  return kExitOk;
}

int RunBench(const std::vector<std::string>& argv) {
  auto parsed = ParseArgs(argv, kFlags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") || !parsed->Get("image")) {
    if (!parsed.ok())
      std::fprintf(stderr, "vlmxla bench: %s\n", parsed.status().message().c_str());
    else if (!help)
      std::fprintf(stderr, "vlmxla bench: --model and --image are required\n");
    std::fprintf(help ? stdout : stderr,
                 "usage: vlmxla bench --model DIR --image FILE [--backend B] [--batches 1,4,8]\n%s",
                 FlagsHelp(kFlags).c_str());
    return help ? kExitOk : kExitUsage;
  }
  auto r = Run(*parsed);
  if (r.ok()) return *r;
  std::fprintf(stderr, "vlmxla bench: %s\n", r.status().ToString().c_str());
  return kExitError;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("bench", "measure TTFT, prefill and decode throughput and peak memory",
                        RunBench);

}  // namespace vlmxla::cli
