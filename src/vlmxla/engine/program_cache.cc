#include "vlmxla/engine/program_cache.h"

namespace vlmxla::engine {

CompiledProgram* ProgramCache::Find(const std::string& key) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = programs_.find(key);
  return it == programs_.end() ? nullptr : it->second.get();
}

Result<CompiledProgram*> ProgramCache::GetOrCompile(
    const std::string& key,
    const std::function<Result<std::unique_ptr<CompiledProgram>>()>& compile) {
  if (CompiledProgram* p = Find(key)) return p;
  std::lock_guard<std::mutex> compiling(compile_mu_);
  if (CompiledProgram* p = Find(key)) return p;
  VLMXLA_ASSIGN_OR_RETURN(std::unique_ptr<CompiledProgram> compiled, compile());
  CompiledProgram* out = compiled.get();
  std::lock_guard<std::mutex> lk(mu_);
  stats_.programs += 1;
  stats_.seconds += compiled->compile_seconds;
  programs_[key] = std::move(compiled);
  return out;
}

CompileStats ProgramCache::stats() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stats_;
}

}  // namespace vlmxla::engine
