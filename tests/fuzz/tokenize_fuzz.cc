// libFuzzer target: arbitrary bytes through the real fixture tokenizers (both BPE styles), which
// scripts/fuzz.sh writes to $VLMXLA_FUZZ_TOKENIZERS (one *.json each). The first input byte picks
// the tokenizer and the flags; the rest is encoded as text, and read as little-endian ids that
// are decoded whole and streamed one by one.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <string_view>
#include <vector>

#include "vlmxla/text/streaming_decoder.h"
#include "vlmxla/text/tokenizer.h"

namespace {
std::vector<vlmxla::text::Tokenizer>* tokenizers = nullptr;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tokenizers = new std::vector<vlmxla::text::Tokenizer>();
  const char* dir = std::getenv("VLMXLA_FUZZ_TOKENIZERS");
  if (dir != nullptr && std::filesystem::is_directory(dir)) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      auto t = vlmxla::text::Tokenizer::FromFile(f.string());
      if (!t.ok()) {
        std::fprintf(stderr, "fuzz_tokenize: %s\n", t.status().ToString().c_str());
        std::exit(2);
      }
      tokenizers->push_back(std::move(t).value());
    }
  }
  if (tokenizers->empty()) {
    std::fprintf(stderr,
                 "fuzz_tokenize: set VLMXLA_FUZZ_TOKENIZERS to a directory of "
                 "tokenizer.json files (scripts/fuzz.sh writes them)\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const vlmxla::text::Tokenizer& t = (*tokenizers)[data[0] % tokenizers->size()];
  const bool add_special = data[0] & 0x10, skip_special = data[0] & 0x20;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (auto ids = t.Encode(text, add_special); ids.ok()) (void)t.Decode(*ids, skip_special);
  (void)t.EncodeAtMost(text, add_special, 16);

  // Ids near the vocabulary (unknown ones included) and, rarely, anywhere in int32.
  std::vector<int32_t> ids;
  for (size_t i = 1; i + 4 <= size; i += 4) {
    uint32_t v = data[i] | data[i + 1] << 8 | data[i + 2] << 16 | uint32_t(data[i + 3]) << 24;
    ids.push_back(v & 0x80000000u ? static_cast<int32_t>(v)
                                  : static_cast<int32_t>(v % (t.vocab_size() + 8)));
  }
  (void)t.Decode(ids, skip_special);
  vlmxla::text::StreamingDecoder stream(t, skip_special);
  for (int32_t id : ids) (void)stream.Push(id);
  (void)stream.Finish();
  return 0;
}
