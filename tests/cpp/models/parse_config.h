// config.json parsed for a family test, which fails when the config does not parse.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "vlmxla/io/model_config.h"

namespace vlmxla::models::test_util {

inline io::ModelConfig Parse(const nlohmann::json& j) {
  auto c = io::ParseModelConfig(j);
  EXPECT_TRUE(c.ok()) << c.status().ToString();
  return *c;
}

}  // namespace vlmxla::models::test_util
