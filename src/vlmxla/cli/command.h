// Subcommand registry: each cmd_*.cc registers itself, main.cc dispatches on argv[1].
#pragma once

#include <string>
#include <vector>

namespace vlmxla::cli {

// Returns the process exit code. `args` excludes the program and subcommand names.
using CommandFn = int (*)(const std::vector<std::string>& args);

struct Command {
  const char* name;
  const char* summary;
  CommandFn fn;
};

// Called from static initializers in cmd_*.cc; see VLMXLA_REGISTER_COMMAND.
bool RegisterCommand(Command command);
const std::vector<Command>& Commands();

// Exit codes shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;  // the request failed (bad input, missing file, ...)
inline constexpr int kExitUsage = 2;  // the command line itself is wrong

}  // namespace vlmxla::cli

#define VLMXLA_REGISTER_COMMAND(name, summary, fn) \
  static const bool vlmxla_registered_##fn = ::vlmxla::cli::RegisterCommand({name, summary, fn})
