#include "vlmxla/cli/args.h"

#include <charconv>

#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::cli {

std::optional<std::string> ParsedArgs::Get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::GetAll(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

Result<int64_t> ParsedArgs::GetInt(const std::string& name, int64_t default_value) const {
  auto v = Get(name);
  if (!v) return default_value;
  int64_t out = 0;
  auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
  if (ec != std::errc() || ptr != v->data() + v->size()) {
    return InvalidArgument("--" + name + " expects an integer, got '" + *v + "'");
  }
  return out;
}

Result<ParsedArgs> ParseArgs(const std::vector<std::string>& args,
                             const std::vector<FlagSpec>& specs) {
  ParsedArgs parsed;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) return InvalidArgument("unexpected argument '" + a + "'");
    std::string name = a.substr(2);
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    const FlagSpec* spec = nullptr;
    for (const auto& s : specs)
      if (s.name == name) spec = &s;
    if (!spec) return InvalidArgument("unknown flag --" + name);
    if (parsed.Has(name) && !spec->repeated) return InvalidArgument("--" + name + " given twice");
    if (!spec->takes_value) {
      if (inline_value) return InvalidArgument("--" + name + " takes no value");
      parsed.values_[name].push_back("true");
      continue;
    }
    if (inline_value) {
      parsed.values_[name].push_back(*inline_value);
    } else {
      if (i + 1 >= args.size()) return InvalidArgument("--" + name + " needs a value");
      parsed.values_[name].push_back(args[++i]);
    }
  }
  return parsed;
}

std::string FlagsHelp(const std::vector<FlagSpec>& specs) {
  std::string out;
  for (const auto& s : specs) {
    std::string left = "  --" + s.name + (s.takes_value ? " VALUE" : "");
    if (left.size() < 28) left.resize(28, ' ');
    out += left + " " + s.help + (s.repeated ? " (repeatable)" : "") + "\n";
  }
  return out;
}

Result<bool> WeightsInOutFlag(const ParsedArgs& args, bool default_in_out) {
  const auto v = args.Get("weights-layout");
  if (!v) return default_in_out;
  return hlo::ParseWeightsLayout(*v, "--weights-layout");
}

Result<int64_t> AttentionBlockScoresFlag(const ParsedArgs& args, int64_t default_scores) {
  VLMXLA_ASSIGN_OR_RETURN(const int64_t scores,
                          args.GetInt("attention-block-scores", default_scores));
  if (scores < 0) {
    return InvalidArgument("--attention-block-scores must be >= 0, got " + std::to_string(scores));
  }
  return scores;
}

}  // namespace vlmxla::cli
