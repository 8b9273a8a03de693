// A small, strict command-line parser: --flag VALUE, repeated flags, boolean switches.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"

namespace vlmxla::cli {

struct FlagSpec {
  std::string name;  // without the leading "--"
  bool takes_value = true;
  bool repeated = false;
  std::string help;
};

class ParsedArgs {
 public:
  bool Has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> Get(const std::string& name) const;
  std::vector<std::string> GetAll(const std::string& name) const;
  Result<int64_t> GetInt(const std::string& name, int64_t default_value) const;

 private:
  friend Result<ParsedArgs> ParseArgs(const std::vector<std::string>&,
                                      const std::vector<FlagSpec>&);
  std::map<std::string, std::vector<std::string>> values_;
};

// Rejects unknown flags, missing values and repeats of non-repeated flags, naming the flag.
Result<ParsedArgs> ParseArgs(const std::vector<std::string>& args,
                             const std::vector<FlagSpec>& specs);
std::string FlagsHelp(const std::vector<FlagSpec>& specs);

// --weights-layout out-in | in-out (hlo::ProgramCommonOptions::weights_in_out); absent: the
// default.
Result<bool> WeightsInOutFlag(const ParsedArgs& args, bool default_in_out);

// --attention-block-scores N >= 0 (hlo::ProgramCommonOptions::attention_block_scores; 0:
// unblocked); absent: `default_scores`. kAttentionBlockScoresHelp is its help line.
inline constexpr char kAttentionBlockScoresHelp[] =
    "attention in blocks of query rows of at most this many scores each; 0: unblocked (default: "
    "the engine's, 2^22)";
Result<int64_t> AttentionBlockScoresFlag(const ParsedArgs& args, int64_t default_scores);

}  // namespace vlmxla::cli
