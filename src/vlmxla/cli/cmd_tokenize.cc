// `vlmxla tokenize`: runs the tokenizer over a JSONL file (one request per line) for parity tests.
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/text/streaming_decoder.h"
#include "vlmxla/text/tokenizer.h"

namespace vlmxla::cli {
namespace {

nlohmann::json ErrorLine(const std::string& message, const std::string& reason) {
  return {{"error", {{"message", message}, {"reason", reason}}}};
}

nlohmann::json DecodeLine(const text::Tokenizer& tok, const std::vector<int32_t>& ids,
                          bool stream_skip_special) {
  text::StreamingDecoder stream(tok, stream_skip_special);
  std::string streamed;
  for (int32_t id : ids) streamed += stream.Push(id);
  streamed += stream.Finish();
  return {{"ids", ids},
          {"decoded", tok.Decode(ids, false)},
          {"decoded_skip_special", tok.Decode(ids, true)},
          {"stream_decoded", streamed}};
}

nlohmann::json HandleLine(const text::Tokenizer& tok, const std::string& line) {
  const auto req = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (req.is_discarded() || !req.is_object()) {
    return ErrorLine("line is not a JSON object", "invalid_json");
  }
  if (req.contains("text")) {
    if (!req["text"].is_string()) return ErrorLine("\"text\" must be a string", "invalid_request");
    const auto& ast = req.value("add_special_tokens", nlohmann::json(true));
    if (!ast.is_boolean()) {
      return ErrorLine("\"add_special_tokens\" must be a boolean", "invalid_request");
    }
    auto ids = tok.Encode(req["text"].get<std::string>(), ast.get<bool>());
    if (!ids.ok()) return ErrorLine(ids.status().message(), ids.status().reason());
    return DecodeLine(tok, *ids, false);
  }
  if (req.contains("ids")) {
    std::vector<int32_t> ids;
    if (!req["ids"].is_array()) return ErrorLine("\"ids\" must be an array", "invalid_request");
    for (const auto& v : req["ids"]) {
      if (!v.is_number_integer()) return ErrorLine("\"ids\" must hold integers", "invalid_request");
      ids.push_back(v.get<int32_t>());
    }
    const auto& skip = req.value("skip_special_tokens", nlohmann::json(false));
    if (!skip.is_boolean()) {
      return ErrorLine("\"skip_special_tokens\" must be a boolean", "invalid_request");
    }
    return DecodeLine(tok, ids, skip.get<bool>());
  }
  return ErrorLine("line has neither \"text\" nor \"ids\"", "invalid_request");
}

int RunTokenize(const std::vector<std::string>& args) {
  const std::vector<FlagSpec> specs = {
      {"tokenizer", true, false, "tokenizer.json to load"},
      {"input", true, false,
       "JSONL: {\"text\", \"add_special_tokens\"} or {\"ids\", \"skip_special_tokens\"}"},
      {"output", true, false, "JSONL results, one line per input line"},
  };
  auto parsed = ParseArgs(args, specs);
  if (!parsed.ok() || !parsed->Has("tokenizer") || !parsed->Has("input") ||
      !parsed->Has("output")) {
    std::cerr << (parsed.ok() ? "missing a required flag" : parsed.status().message()) << "\n"
              << "usage: vlmxla tokenize --tokenizer FILE --input IN.jsonl --output OUT.jsonl\n"
              << FlagsHelp(specs);
    return kExitUsage;
  }
  auto tok = text::Tokenizer::FromFile(*parsed->Get("tokenizer"));
  if (!tok.ok()) {
    std::cerr << "error: " << tok.status().ToString() << "\n";
    return kExitError;
  }
  std::ifstream in(*parsed->Get("input"));
  if (!in) {
    std::cerr << "error: cannot open input " << *parsed->Get("input") << "\n";
    return kExitError;
  }
  std::ofstream out(*parsed->Get("output"));
  if (!out) {
    std::cerr << "error: cannot open output " << *parsed->Get("output") << "\n";
    return kExitError;
  }
  std::string line;
  while (std::getline(in, line)) {
    out << HandleLine(*tok, line).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
        << "\n";
  }
  return out ? kExitOk : kExitError;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("tokenize", "encode/decode JSONL text with a tokenizer.json", RunTokenize);

}  // namespace vlmxla::cli
