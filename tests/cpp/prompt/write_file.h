// Writes a test's model files (config.json, tokenizer.json, ...).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace vlmxla::prompt::test_util {

inline void Write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
}

}  // namespace vlmxla::prompt::test_util
