// Programs whose weights are named where the graph code uses them (the vision towers): each input
// and weight becomes an argument of @main the first time the graph asks for it (the Builder takes
// arguments after ops), so the graph is built once and its parameters are collected on the way.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/program.h"

namespace vlmxla::hlo {

class CollectedParams {
 public:
  CollectedParams(Builder& b, const Precision& precision) : b_(b), precision_(precision) {}

  // An input parameter, the argument `name`.
  Value Input(const std::string& name, TensorType type);
  // A weight parameter in the stored type (precision.weights), the argument w<i> for the i-th
  // weight asked for; matmul weights convert inside Linear.
  Value Weight(const std::string& name, std::vector<int64_t> dims);
  // The same, converted to the compute type (for elementwise uses).
  Value ComputeWeight(const std::string& name, std::vector<int64_t> dims);
  ElementType compute() const { return precision_.compute; }
  // Every parameter asked for, in the order of @main's arguments.
  const std::vector<ProgramParam>& params() const { return params_; }

 private:
  Builder& b_;
  Precision precision_;
  std::vector<ProgramParam> params_;
  int weights_ = 0;
};

// A graph's results and their stage names.
struct CollectedGraph {
  std::vector<Value> results;
  std::vector<std::string> names;

  void Add(Value value, std::string name) {
    results.push_back(value);
    names.push_back(std::move(name));
  }
  // A vision tower's hidden states as the taps "vision_hidden_states.<i>".
  void AddHiddenStates(const std::vector<Value>& states) {
    for (size_t i = 0; i < states.size(); ++i) {
      Add(states[i], "vision_hidden_states." + std::to_string(i));
    }
  }
};

// The program `name` whose @main is `graph`, its parameters collected as the graph asks for them.
Result<Program> BuildCollectedProgram(
    const std::string& name, const ProgramCommonOptions& options,
    const std::function<Result<CollectedGraph>(Builder&, CollectedParams&)>& graph);

}  // namespace vlmxla::hlo
