// ProgramCache: a runner's compiled programs by name and shape bucket. Compiles run one at a
// time; a lookup waits only for the map, never for a compile, so a request thread keeps running
// while another thread compiles.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::engine {

// A compiled program with every parameter and result resolved once, when it is compiled.
struct CompiledProgram {
  hlo::Program program;
  std::unique_ptr<runtime::Executable> executable;
  // Per program parameter: the shared weight buffer, or null for a request input (filled per
  // call by role and from the KV slots).
  std::vector<runtime::DeviceBuffer*> args;
  std::vector<bool> donate;        // per parameter: a KV cache, donated to the call
  int input[hlo::kNumInputRoles];  // parameter index of each request input role, or -1
  std::vector<int> kv_params;      // parameters that are KV caches (ProgramParam::kv)
  std::vector<std::string> taps;   // per result: its stage name where it is a tap
  int primary = -1;  // the result the call exists for: image_features, prefill_logits, logits
  double compile_seconds = 0;  // building, weight uploads and the backend's compile
};

struct CompileStats {
  int programs = 0;
  double seconds = 0;
};

class ProgramCache {
 public:
  // The program under `key`, or null.
  CompiledProgram* Find(const std::string& key) const;
  // The program under `key`, compiled by `compile` when absent (its compile_seconds counted in
  // stats). One compile at a time: the program may have been compiled while this call waited
  // for another.
  Result<CompiledProgram*> GetOrCompile(
      const std::string& key,
      const std::function<Result<std::unique_ptr<CompiledProgram>>()>& compile);
  CompileStats stats() const;

 private:
  // Guards programs_ and stats_: the request thread looks programs up while the compile thread
  // adds them. A program, once in the map, is never changed or removed.
  mutable std::mutex mu_;
  // Held through one compile (and the weight uploads it makes).
  std::mutex compile_mu_;
  std::map<std::string, std::unique_ptr<CompiledProgram>> programs_;
  CompileStats stats_;
};

}  // namespace vlmxla::engine
