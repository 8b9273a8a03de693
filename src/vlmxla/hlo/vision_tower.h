// The CLIP / SigLIP vision tower (CLIPVisionModel / SiglipVisionModel, weights under
// "vision_tower."), written once in vision_encode.cc for every family that runs one (LLaVA and
// its anyres kin, Gemma 3).
#pragma once

#include <cstdint>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/collected_params.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/model_config.h"

namespace vlmxla::hlo {

// Rejects a tower the program cannot emit (its type, inconsistent dims) and num_images < 1.
Status CheckVisionTower(const io::VisionConfig& vc, const VisionEncodeOptions& options);

// hidden_states of the tower over `pixels` f32[n, C, S, S]: [0] the encoder input (after CLIP's
// pre_layrnorm), [i] after encoder layer i; each ct[n, positions, hidden].
Result<std::vector<Value>> VisionTowerStates(Builder& b, CollectedParams& p,
                                             const io::VisionConfig& vc, Value pixels, int64_t n,
                                             int64_t block_scores);

// SigLIP's post_layernorm of the last state: the tower's last_hidden_state.
Value VisionPostLayerNorm(Builder& b, CollectedParams& p, const io::VisionConfig& vc, Value x);

}  // namespace vlmxla::hlo
