// `vlmxla compile`: StableHLO text -> .vmfb with the IREE executor's own compile step (the same
// flags, the same explicit CUDA target for archs IREE's table lacks, the same artifact cache),
// without starting the IREE runtime host: a machine without the GPU can build its artifacts.
// Prints one JSON line: the output, the flags, whether the explicit CUDA target was used.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/runtime/iree_executor.h"

namespace vlmxla::cli {
namespace {

namespace fs = std::filesystem;

const std::vector<FlagSpec> kFlags = {
    {"backend", true, false, "iree-cuda | iree-cpu (required)"},
    {"cuda-target", true, false, "CUDA arch for iree-cuda (default sm_90)"},
    {"mlir", true, false, "StableHLO text to compile (required)"},
    {"output", true, false, "the .vmfb to write (required)"},
    {"cache-dir", true, false, "IREE artifact cache (default $VLMXLA_CACHE/iree, ~/.cache/...)"},
    {"compile-flag", true, true, "one more iree-compile flag, e.g. --compile-flag=--mlir-timing"},
    {"help", false, false, "show this help"},
};

Result<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("cannot read MLIR file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Copies the cached artifact to `output` through a temporary name, so `output` is never partial.
Status CopyArtifact(const std::string& from, const std::string& output) {
  std::error_code ec;
  const fs::path out(output);
  if (out.has_parent_path()) fs::create_directories(out.parent_path(), ec);
  const std::string tmp = output + ".tmp-" + std::to_string(getpid());
  fs::copy_file(from, tmp, fs::copy_options::overwrite_existing, ec);
  if (!ec) fs::rename(tmp, output, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return Unavailable("cannot write '" + output + "': " + ec.message());
  }
  return Status::Ok();
}

Result<nlohmann::json> Compile(const ParsedArgs& args) {
  const std::string backend = *args.Get("backend");
  runtime::IreeExecutorOptions options;
  if (backend == "iree-cuda") {
    options.target = "cuda";
    options.cuda_target = args.Get("cuda-target").value_or("sm_90");
  } else if (backend == "iree-cpu") {
    if (args.Has("cuda-target")) {
      return InvalidArgument("--cuda-target applies to --backend iree-cuda, not iree-cpu");
    }
    options.target = "llvm-cpu";
  } else {
    return InvalidArgument("--backend must be iree-cuda or iree-cpu, got '" + backend + "'",
                           "unknown_backend");
  }
  options.cache_dir = args.Get("cache-dir").value_or("");
  options.extra_compile_flags = args.GetAll("compile-flag");
  const std::string mlir = *args.Get("mlir");
  const std::string output = *args.Get("output");
  VLMXLA_ASSIGN_OR_RETURN(std::string text, ReadFile(mlir));
  VLMXLA_ASSIGN_OR_RETURN(runtime::IreeCompiler compiler,
                          runtime::IreeCompiler::Create(std::move(options)));
  Result<runtime::IreeCompileOutcome> compiled = compiler.Compile(text);
  if (!compiled.ok()) return compiled.status().WithContext("compiling '" + mlir + "'");
  VLMXLA_RETURN_IF_ERROR(CopyArtifact(compiled->artifact.path, output));
  std::error_code ec;
  nlohmann::json line = {
      {"mlir", mlir},
      {"vmfb", output},
      {"backend", backend},
      {"explicit_cuda_target", compiled->explicit_cuda_target},
      {"flags", compiled->flags},
      {"cached", compiled->artifact.cached},
      {"artifact", compiled->artifact.path},
      {"key", compiled->artifact.key},
      {"seconds", compiled->artifact.seconds},
      {"bytes", fs::file_size(output, ec)},
  };
  if (backend == "iree-cuda") line["cuda_target"] = compiler.options().cuda_target;
  return line;
}

int CompileCommand(const std::vector<std::string>& argv) {
  auto parsed = ParseArgs(argv, kFlags);
  const bool help = parsed.ok() && parsed->Has("help");
  if (!parsed.ok() || help || !parsed->Get("backend") || !parsed->Get("mlir") ||
      !parsed->Get("output")) {
    if (!parsed.ok()) {
      std::fprintf(stderr, "vlmxla compile: %s\n", parsed.status().message().c_str());
    }
    std::fprintf(help ? stdout : stderr,
                 "usage: vlmxla compile --backend iree-cuda|iree-cpu [--cuda-target sm_90] "
                 "--mlir FILE --output FILE.vmfb\n%s",
                 FlagsHelp(kFlags).c_str());
    return help ? kExitOk : kExitUsage;
  }
  Result<nlohmann::json> line = Compile(*parsed);
  if (!line.ok()) {
    std::fprintf(stderr, "vlmxla compile: %s\n", line.status().ToString().c_str());
    return kExitError;
  }
  std::printf("%s\n", line->dump().c_str());
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("compile", "compile StableHLO to an IREE .vmfb without running it",
                        CompileCommand);

}  // namespace vlmxla::cli
