// Programs whose weights are named where the graph code uses them (the vision towers): StableHLO
// functions declare every argument before the first op, so such a graph is built twice with the
// same code. A collecting pass on a scratch builder (parameters are splat placeholders) records
// each input's and weight's name and type; the real pass declares them all as @main's arguments up
// front and hands them out in the same order.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/program.h"

namespace vlmxla::hlo {

class CollectedParams {
 public:
  // Collecting pass.
  CollectedParams(Builder& b, const Precision& precision, std::string program_name);
  // Real pass: declares `collected` (inputs under their names, weights as w0, w1, ...) as
  // arguments of `b`.
  CollectedParams(Builder& b, const Precision& precision, std::string program_name,
                  const std::vector<ProgramParam>& collected);

  Value Input(const std::string& name, TensorType type);
  // A weight parameter in the stored type (precision.weights); matmul weights convert inside
  // Linear.
  Value Weight(const std::string& name, std::vector<int64_t> dims);
  // The same, converted to the compute type (for elementwise uses).
  Value ComputeWeight(const std::string& name, std::vector<int64_t> dims);
  ElementType compute() const { return precision_.compute; }
  const std::vector<ProgramParam>& params() const { return params_; }

 private:
  Value Get(ProgramParam::Kind kind, const std::string& name, TensorType type);

  Builder& b_;
  Precision precision_;
  std::string program_name_;
  bool lookup_ = false;
  std::vector<ProgramParam> params_;
  std::vector<Value> values_;
  size_t next_ = 0;
};

// A graph's results and their stage names.
struct CollectedGraph {
  std::vector<Value> results;
  std::vector<std::string> names;
};

// The program `name` whose @main is `graph`, run once to collect its parameters and once to emit.
Result<Program> BuildCollectedProgram(
    const std::string& name, const ProgramCommonOptions& options,
    const std::function<Result<CollectedGraph>(Builder&, CollectedParams&)>& graph);

}  // namespace vlmxla::hlo
