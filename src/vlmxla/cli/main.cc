// build/vlmxla: dispatches to the registered subcommands (cmd_*.cc).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "vlmxla/cli/command.h"

namespace vlmxla::cli {

namespace {
std::vector<Command>& Registry() {
  static std::vector<Command> commands;
  return commands;
}
}  // namespace

bool RegisterCommand(Command command) {
  Registry().push_back(command);
  return true;
}
const std::vector<Command>& Commands() { return Registry(); }

}  // namespace vlmxla::cli

static void PrintUsage(FILE* out) {
  std::fprintf(out, "usage: vlmxla <command> [flags]\n\ncommands:\n");
  for (const auto& c : vlmxla::cli::Commands()) std::fprintf(out, "  %-16s %s\n", c.name, c.summary);
  std::fprintf(out, "\n'vlmxla <command> --help' describes a command's flags.\n");
}

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    PrintUsage(argc < 2 ? stderr : stdout);
    return argc < 2 ? vlmxla::cli::kExitUsage : vlmxla::cli::kExitOk;
  }
  for (const auto& c : vlmxla::cli::Commands()) {
    if (std::strcmp(c.name, argv[1]) == 0) {
      return c.fn(std::vector<std::string>(argv + 2, argv + argc));
    }
  }
  std::fprintf(stderr, "vlmxla: unknown command '%s'\n\n", argv[1]);
  PrintUsage(stderr);
  return vlmxla::cli::kExitUsage;
}
