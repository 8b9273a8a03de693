// A decoder config shaped like the tiny Llama fixture (GQA: 4 heads over 2 kv heads, 2 layers),
// for tests that build the decoder programs without a checkpoint.
#pragma once

#include "vlmxla/io/model_config.h"

namespace vlmxla::testing {

inline io::TextConfig SmallLlamaConfig() {
  io::TextConfig c;
  c.model_type = "llama";
  c.vocab_size = 64;
  c.hidden_size = 32;
  c.intermediate_size = 48;
  c.num_hidden_layers = 2;
  c.num_attention_heads = 4;
  c.num_key_value_heads = 2;
  c.head_dim = 8;
  c.hidden_act = "silu";
  c.rms_norm_eps = 1e-5;
  return c;
}

}  // namespace vlmxla::testing
