// build/vlmxla (and build/vlmxla-testtool): dispatches to the registered subcommands (cmd_*.cc),
// naming itself as it was invoked.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "vlmxla/cli/command.h"
#include "vlmxla/engine/process_memory.h"

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

static void PrintUsage(FILE* out, const char* self) {
  std::fprintf(out, "usage: %s <command> [flags]\n\ncommands:\n", self);
  for (const auto& c : vlmxla::cli::Commands())
    std::fprintf(out, "  %-16s %s\n", c.name, c.summary);
  std::fprintf(out, "\n'%s <command> --help' describes a command's flags.\n", self);
}

int main(int argc, char** argv) {
  vlmxla::engine::UseModelHeapPolicy();
  const std::string self =
      argc > 0 ? std::filesystem::path(argv[0]).filename().string() : std::string("vlmxla");
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    PrintUsage(argc < 2 ? stderr : stdout, self.c_str());
    return argc < 2 ? vlmxla::cli::kExitUsage : vlmxla::cli::kExitOk;
  }
  for (const auto& c : vlmxla::cli::Commands()) {
    if (std::strcmp(c.name, argv[1]) == 0) {
      return c.fn(std::vector<std::string>(argv + 2, argv + argc));
    }
  }
  std::fprintf(stderr, "%s: unknown command '%s'\n\n", self.c_str(), argv[1]);
  PrintUsage(stderr, self.c_str());
  return vlmxla::cli::kExitUsage;
}
