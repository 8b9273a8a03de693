#include "vlmxla/runtime/iree_artifact_cache.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "vlmxla/runtime/artifact_cache.h"
#include "vlmxla/runtime/cpu_isa.h"
#include "vlmxla/runtime/iree_process.h"
#include "vlmxla/runtime/sha256.h"

namespace vlmxla::runtime {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Runs the compiler with `args`; stdout and stderr together into `output`.
Result<int> RunCompiler(const std::string& compiler, std::vector<std::string> args,
                        double timeout_s, std::string& output) {
  VLMXLA_ASSIGN_OR_RETURN(int capture, MakeCaptureFile("vlmxla-iree-compile"));
  ChildSpec spec;
  spec.program = compiler;
  spec.args = std::move(args);
  spec.fds = {{capture, 1}, {capture, 2}};
  Result<pid_t> pid = SpawnChild(spec);
  if (!pid.ok()) {
    close(capture);
    return pid.status();
  }
  Result<int> status = WaitChild(*pid, timeout_s);
  output = ReadCapture(capture);
  close(capture);
  return status;
}

// The lines that say what went wrong: every "error:" line with the two lines after it (source
// excerpt and caret), at most `max_lines`; iree-compile follows them with pages of IR dumps.
std::string FirstErrorLines(const std::string& output, size_t max_lines) {
  std::istringstream in(output);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::string out;
  size_t taken = 0;
  for (size_t i = 0; i < lines.size() && taken < max_lines; ++i) {
    if (lines[i].find("error:") == std::string::npos) continue;
    for (size_t j = i; j < lines.size() && j < i + 3 && taken < max_lines; ++j, ++taken) {
      if (j > i && lines[j].find("error:") != std::string::npos) break;
      out += (out.empty() ? "" : "\n") + lines[j];
    }
  }
  if (out.empty()) {  // no error line: show the start of whatever it printed
    for (size_t i = 0; i < lines.size() && i < max_lines; ++i) {
      out += (out.empty() ? "" : "\n") + lines[i];
    }
  }
  return out;
}

// A complete artifact: renamed into place only after iree-compile wrote all of it.
bool IsStored(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && fs::file_size(path, ec) > 0 && !ec;
}

// The artifact's manifest entry, written after the artifact.
void WriteManifestEntry(const IreeCompileJob& job, const IreeArtifact& artifact,
                        std::string_view mlir_text) {
  nlohmann::ordered_json entry = {
      {"schema", 1},          {"key", artifact.key}, {"compiler_version", job.compiler_version},
      {"target", job.target}, {"flags", job.flags},  {"mlir_sha256", Sha256Hex(mlir_text)}};
  const fs::path path = fs::path(job.cache_dir) / (artifact.key + ".json");
  // A failure leaves an artifact that still works where iree-compile is; nothing to undo.
  (void)WriteFileAtomically(path.string(), entry.dump(2) + "\n");
}

// An artifact stored before caches had manifests gets its entry when it is next used.
void BackfillManifestEntry(const IreeCompileJob& job, const IreeArtifact& artifact,
                           std::string_view mlir_text) {
  std::error_code ec;
  if (!fs::exists(fs::path(job.cache_dir) / (artifact.key + ".json"), ec)) {
    WriteManifestEntry(job, artifact, mlir_text);
  }
}

}  // namespace

std::optional<std::string> RecordedIreeCompilerVersion(const std::string& cache_dir,
                                                       const std::string& target) {
  std::error_code ec;
  std::optional<std::string> newest;
  fs::file_time_type newest_time{};
  for (const fs::directory_entry& e : fs::directory_iterator(cache_dir, ec)) {
    if (e.path().extension() != ".json") continue;
    std::ifstream in(e.path());
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (!j.is_object() || !j.contains("target") || !j["target"].is_string() ||
        !j.contains("compiler_version") || !j["compiler_version"].is_string()) {
      continue;
    }
    const std::string t = j["target"].get<std::string>();
    if (t != target && t.rfind(target + " ", 0) != 0) continue;
    const fs::file_time_type when = e.last_write_time(ec);
    if (!newest || when > newest_time) {
      newest = j["compiler_version"].get<std::string>();
      newest_time = when;
    }
  }
  return newest;
}

std::string IreeArtifactKey(const IreeCompileJob& job, std::string_view mlir_text) {
  ArtifactKey key("vlmxla-iree-artifact-v1");
  key.Add(job.compiler_version).Add(job.target).Add(std::to_string(job.flags.size()));
  for (const std::string& flag : job.flags) {
    key.Add(flag);
    // llvm-cpu's "host" is whatever CPU compiles it: code for an AVX-512 machine must not be
    // loaded by an AVX2-only one that shares (or was handed) the cache.
    if (flag == "--iree-llvmcpu-target-cpu=host") key.Add(HostCpuIdentity());
  }
  return key.Add(mlir_text).Hex();
}

Result<std::string> IreeCompilerVersion(const std::string& compiler) {
  static std::mutex mu;
  static std::map<std::string, std::string> known;
  {
    std::lock_guard<std::mutex> lock(mu);
    if (auto it = known.find(compiler); it != known.end()) return it->second;
  }
  if (access(compiler.c_str(), X_OK) != 0) {
    return NotFound("iree-compile '" + compiler +
                        "' is not executable (install iree-base-compiler into .venv with "
                        "scripts/setup.sh, or set VLMXLA_IREE_COMPILE)",
                    "iree_compiler_missing");
  }
  std::string output;
  VLMXLA_ASSIGN_OR_RETURN(int status, RunCompiler(compiler, {"--version"}, 60, output));
  if (status != 0) {
    return Unavailable("'" + compiler + " --version' " + DescribeWaitStatus(status) + ": " +
                           FirstErrorLines(output, 5),
                       "iree_compiler_missing");
  }
  while (!output.empty() && (output.back() == '\n' || output.back() == ' ')) output.pop_back();
  std::lock_guard<std::mutex> lock(mu);
  known.emplace(compiler, output);
  return output;
}

std::optional<IreeArtifact> FindIreeArtifact(const IreeCompileJob& job,
                                             std::string_view mlir_text) {
  const auto start = Clock::now();
  IreeArtifact artifact;
  artifact.key = IreeArtifactKey(job, mlir_text);
  artifact.path = (fs::path(job.cache_dir) / (artifact.key + ".vmfb")).string();
  if (!IsStored(artifact.path)) return std::nullopt;
  BackfillManifestEntry(job, artifact, mlir_text);
  TouchArtifactEntry(job.cache_dir, artifact.key);
  artifact.cached = true;
  artifact.seconds = SecondsSince(start);
  return artifact;
}

Result<IreeArtifact> CompileIreeArtifact(const IreeCompileJob& job, std::string_view mlir_text) {
  const auto start = Clock::now();
  if (mlir_text.empty()) return InvalidArgument("cannot compile an empty MLIR module");
  std::error_code ec;
  fs::create_directories(job.cache_dir, ec);
  if (ec) {
    return Unavailable(
        "cannot create the IREE artifact cache '" + job.cache_dir + "': " + ec.message(),
        "cache_unwritable");
  }
  IreeArtifact artifact;
  artifact.key = IreeArtifactKey(job, mlir_text);
  artifact.path = (fs::path(job.cache_dir) / (artifact.key + ".vmfb")).string();
  if (IsStored(artifact.path)) {
    BackfillManifestEntry(job, artifact, mlir_text);
    TouchArtifactEntry(job.cache_dir, artifact.key);
    artifact.cached = true;
    artifact.seconds = SecondsSince(start);
    return artifact;
  }

  // Unique temporaries per process and call: concurrent compiles of one key each write their
  // own file and the last rename wins with identical bytes.
  static std::atomic<uint64_t> counter{0};
  const std::string stem =
      (fs::path(job.cache_dir) / ("tmp-" + artifact.key.substr(0, 16) + "-" +
                                  std::to_string(getpid()) + "-" + std::to_string(counter++)))
          .string();
  const std::string mlir_path = stem + ".mlir";
  const std::string vmfb_tmp = stem + ".vmfb";
  {
    std::ofstream out(mlir_path, std::ios::binary);
    out.write(mlir_text.data(), static_cast<std::streamsize>(mlir_text.size()));
    if (!out) {
      fs::remove(mlir_path, ec);
      return Unavailable("cannot write '" + mlir_path + "'", "cache_unwritable");
    }
  }
  std::vector<std::string> args = job.flags;
  args.push_back(mlir_path);
  args.push_back("-o");
  args.push_back(vmfb_tmp);
  std::string output;
  Result<int> status = RunCompiler(job.compiler, std::move(args), job.timeout_s, output);
  fs::remove(mlir_path, ec);
  if (!status.ok() || *status != 0) {
    fs::remove(vmfb_tmp, ec);
    if (!status.ok()) return status.status().WithContext("running iree-compile");
    std::string first = FirstErrorLines(output, 12);
    // The temporary file name means nothing to the caller.
    for (size_t at; (at = first.find(mlir_path)) != std::string::npos;) {
      first.replace(at, mlir_path.size(), "<module>");
    }
    return InvalidArgument(
        "iree-compile (" + job.target + ") " + DescribeWaitStatus(*status) + ":\n" + first,
        "compile_failed");
  }
  fs::rename(vmfb_tmp, artifact.path, ec);
  if (ec) {
    fs::remove(vmfb_tmp, ec);
    return Unavailable("cannot store the compiled module as '" + artifact.path + "'",
                       "cache_unwritable");
  }
  WriteManifestEntry(job, artifact, mlir_text);
  if (job.max_cache_bytes > 0)
    EvictLeastRecentlyUsed(job.cache_dir, job.max_cache_bytes, artifact.key);
  artifact.seconds = SecondsSince(start);
  return artifact;
}

}  // namespace vlmxla::runtime
