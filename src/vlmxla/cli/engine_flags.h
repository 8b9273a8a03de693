// The flags of every command that builds an engine (run, batch, bench, serve, validate):
// declared, parsed and documented here once, so the commands cannot drift apart.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/cli/args.h"
#include "vlmxla/engine/engine.h"

namespace vlmxla::cli {

// What differs between commands: the defaults, and whether the command takes --context and
// --max-batch itself (validate takes the capacity from its case, and runs one sequence).
struct EngineFlagDefaults {
  int64_t context = 0;  // 0: the model's max positions, at most 4096
  int max_batch = 4;
  bool context_flag = true;
  bool max_batch_flag = true;
  // --prefix-cache-mib / --image-cache-mib defaults (0: off): commands that measure or compare
  // every prefill (bench, validate) keep them off.
  int64_t prefix_cache_mib = 1024;
  int64_t image_cache_mib = 256;
};

// --model, --backend, --plugin, --iree-cuda-target, --dtype, --weights, --no-cache, and (per
// `defaults`)
// --context and
// --max-batch, with their help.
std::vector<FlagSpec> EngineFlags(const EngineFlagDefaults& defaults = {});

// `command_flags` followed by EngineFlags(defaults) and --help.
std::vector<FlagSpec> WithEngineFlags(std::vector<FlagSpec> command_flags,
                                      const EngineFlagDefaults& defaults = {});

// Engine options from the parsed flags. Each value is checked here (backend name, dtype, ranges),
// so a bad one is reported naming the flag before anything loads.
Result<engine::EngineOptions> EngineOptionsFromFlags(const ParsedArgs& args,
                                                     const EngineFlagDefaults& defaults = {});

}  // namespace vlmxla::cli
