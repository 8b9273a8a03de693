// `vlmxla batch`: submits every request of a JSONL file to the engine at once, so the scheduler
// batches them continuously (new requests prefill while others decode), and writes one JSONL line
// per request with its tokens, text, finish reason, usage and timings. Tests use it to show that a
// batched request produces exactly the tokens it produces alone; benchmarks use it for
// throughput at a given batch size.
//
// Request line: {"id", "prompt", "system", "images": [paths], "max_tokens", "temperature",
//                "top_p", "top_k", "min_p", "seed", "stop": [..], "cancel_after": N}
// ("cancel_after": the client goes away after N deltas, as a disconnecting HTTP client does).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/engine_flags.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/engine/engine.h"
#include "vlmxla/prompt/messages.h"
#include "vlmxla/vision/image_decode.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec> kFlags = WithEngineFlags({
    {"requests", true, false, "JSONL file, one request per line (required)"},
    {"output", true, false, "JSONL file for the results (default: stdout)"},
});

struct Outcome {
  std::vector<int32_t> tokens;
  std::string text;
  int deltas = 0;
  int cancel_after = -1;
  std::optional<engine::GenerationDelta> last;
};

Result<engine::GenerationRequest> ParseRequest(const nlohmann::json& j, int line) {
  const std::string where = "request line " + std::to_string(line);
  if (!j.is_object() || !j.contains("prompt") || !j["prompt"].is_string()) {
    return InvalidArgument(where + ": needs a string 'prompt'");
  }
  engine::GenerationRequest r;
  for (const auto& p : j.value("images", nlohmann::json::array())) {
    if (!p.is_string()) return InvalidArgument(where + ": 'images' must be a list of paths");
    VLMXLA_ASSIGN_OR_RETURN(vision::Image img, vision::DecodeImageFile(p.get<std::string>()));
    r.images.push_back(std::move(img));
  }
  std::optional<std::string> system;
  if (j.contains("system") && j["system"].is_string()) system = j["system"].get<std::string>();
  r.messages =
      prompt::SingleTurn(system, j["prompt"].get<std::string>(), static_cast<int>(r.images.size()));
  r.stop.max_tokens = j.value("max_tokens", int64_t{-1});
  for (const auto& s : j.value("stop", nlohmann::json::array())) r.stop.stop.push_back(s);
  r.sampling.temperature = j.value("temperature", 0.0f);
  r.sampling.top_p = j.value("top_p", 1.0f);
  r.sampling.top_k = j.value("top_k", 0);
  r.sampling.min_p = j.value("min_p", 0.0f);
  if (j.contains("seed")) r.sampling.seed = j["seed"].get<uint64_t>();
  return r;
}

Result<int> Run(const ParsedArgs& args) {
  std::ifstream in(*args.Get("requests"));
  if (!in) return NotFound("cannot read " + *args.Get("requests"));
  std::vector<nlohmann::json> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded()) {
      return InvalidArgument("request line " + std::to_string(lines.size() + 1) + " is not JSON");
    }
    lines.push_back(std::move(j));
  }
  VLMXLA_ASSIGN_OR_RETURN(engine::EngineOptions eo, EngineOptionsFromFlags(args));
  eo.max_queue = static_cast<int>(lines.size()) + 1;
  eo.warm_decode = true;
  eo.progress = [](const std::string& s) { std::fprintf(stderr, "[batch] %s\n", s.c_str()); };
  auto engine = engine::Engine::Create(eo);
  VLMXLA_RETURN_IF_ERROR(engine->Load());

  // Prepare everything first (errors are per request), then submit all at once.
  std::vector<Outcome> outcomes(lines.size());
  std::vector<std::optional<Status>> errors(lines.size());
  std::vector<std::optional<engine::PreparedRequest>> prepared(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    auto req = ParseRequest(lines[i], static_cast<int>(i + 1));
    if (!req.ok()) return req.status();
    outcomes[i].cancel_after = lines[i].value("cancel_after", -1);
    auto p = engine->Prepare(*req);
    if (p.ok())
      prepared[i] = std::move(*p);
    else
      errors[i] = p.status();
  }
  // The whole workload is known: compile its buckets now, so the scheduler never holds a request
  // back for a compile while the others run (which would cost the batch its overlap).
  for (const auto& p : prepared) {
    if (p) VLMXLA_RETURN_IF_ERROR(engine->Warm(*p));
  }
  std::mutex mu;
  std::condition_variable cv;
  size_t pending = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!prepared[i]) continue;
    Outcome* o = &outcomes[i];
    auto sink = [o, &mu, &cv, &pending](const engine::GenerationDelta& d) {
      std::lock_guard<std::mutex> lk(mu);
      o->tokens.insert(o->tokens.end(), d.token_ids.begin(), d.token_ids.end());
      o->text += d.text;
      o->deltas += 1;
      const bool go_away = o->cancel_after >= 0 && o->deltas >= o->cancel_after && !d.finish;
      if (d.finish || go_away) {
        o->last = d;
        if (go_away) o->last->finish = engine::FinishReason::kCancelled;
        --pending;
        cv.notify_all();
      }
      return !go_away;
    };
    {
      std::lock_guard<std::mutex> lk(mu);
      ++pending;
    }
    auto id = engine->Submit(std::move(*prepared[i]), sink);
    if (!id.ok()) {
      std::lock_guard<std::mutex> lk(mu);
      --pending;
      errors[i] = id.status();
    }
  }
  {
    std::unique_lock<std::mutex> lk(mu);
    cv.wait(lk, [&] { return pending == 0; });
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::string out_text;
  int64_t generated = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    nlohmann::json r = {{"id", lines[i].value("id", nlohmann::json(i))}};
    if (errors[i]) {
      r["error"] = {{"message", errors[i]->message()}, {"reason", errors[i]->reason()}};
    } else {
      const auto& o = outcomes[i];
      r["tokens"] = o.tokens;
      r["text"] = o.text;
      r["finish_reason"] = engine::FinishReasonName(*o.last->finish);
      if (o.last->error) r["error"] = {{"message", o.last->error->message()}};
      r["usage"] = {{"prompt_tokens", o.last->usage.prompt_tokens},
                    {"prompt_tokens_logical", o.last->usage.prompt_tokens_logical},
                    {"completion_tokens", o.last->usage.completion_tokens}};
      r["prefill_seconds"] = o.last->prefill_seconds;
      r["decode_seconds"] = o.last->decode_seconds;
      generated += static_cast<int64_t>(o.tokens.size());
    }
    out_text += r.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  const engine::ServiceMetrics m = engine->metrics();
  if (auto out = args.Get("output")) {
    std::ofstream f(*out, std::ios::trunc);
    if (!f) return NotFound("cannot write " + *out);
    f << out_text;
  } else {
    std::fwrite(out_text.data(), 1, out_text.size(), stdout);
  }
  std::fprintf(stderr,
               "[batch] %zu requests, %lld tokens in %.3f s (%.1f tok/s), max batch %d, "
               "%lld decode steps\n",
               lines.size(), static_cast<long long>(generated), wall,
               wall > 0 ? generated / wall : 0.0, eo.max_batch,
               static_cast<long long>(m.decode_step_seconds.count));
  return kExitOk;
}

int RunBatch(const std::vector<std::string>& argv) {
  auto parsed = ParseArgs(argv, kFlags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("model") || !parsed->Get("requests")) {
    if (!parsed.ok()) std::fprintf(stderr, "vlmxla batch: %s\n", parsed.status().message().c_str());
    std::fprintf(help ? stdout : stderr,
                 "usage: vlmxla batch --model DIR --requests FILE.jsonl [--max-batch N]\n%s",
                 FlagsHelp(kFlags).c_str());
    return help ? kExitOk : kExitUsage;
  }
  auto r = Run(*parsed);
  if (r.ok()) return *r;
  std::fprintf(stderr, "vlmxla batch: %s\n", r.status().ToString().c_str());
  return kExitError;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("batch",
                        "run many requests at once through the continuous-batching scheduler",
                        RunBatch);

}  // namespace vlmxla::cli
