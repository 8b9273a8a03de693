#include "vlmxla/io/safetensors.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace vlmxla::io {
namespace {

std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("vlmxla_io_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

void WriteRaw(const std::string& path, const std::string& header, size_t data_bytes) {
  std::ofstream out(path, std::ios::binary);
  uint64_t n = header.size();
  out.write(reinterpret_cast<const char*>(&n), 8);
  out << header;
  out << std::string(data_bytes, '\0');
}

TEST(Safetensors, WriteThenReadRoundTripsEveryDtype) {
  std::map<std::string, HostTensor> tensors;
  HostTensor f(DType::kF32, {2, 3});
  for (int i = 0; i < 6; ++i) f.mutable_span<float>()[i] = 0.5f * i;
  HostTensor b(DType::kBF16, {4});
  for (int i = 0; i < 4; ++i) b.mutable_span<uint16_t>()[i] = FloatToBFloat16(1.0f + i);
  HostTensor h(DType::kF16, {1});
  h.mutable_span<uint16_t>()[0] = FloatToHalf(-3.0f);
  HostTensor l(DType::kI64, {3});
  l.mutable_span<int64_t>()[2] = -7;
  HostTensor e(DType::kF32, {0, 5});  // empty tensors are legal
  tensors["w.f32"] = f;
  tensors["w.bf16"] = b;
  tensors["w.f16"] = h;
  tensors["ids"] = l;
  tensors["empty"] = e;
  const std::string path = TempPath("roundtrip.safetensors");
  ASSERT_TRUE(WriteSafetensors(path, tensors, {{"format", "pt"}}).ok());

  auto file = SafetensorsFile::Open(path);
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(file->metadata().at("format"), "pt");
  EXPECT_EQ(file->tensors().size(), 5u);
  auto got = file->Get("w.f32");
  ASSERT_TRUE(got.ok());
  EXPECT_TRUE(got->is_view());  // zero-copy from the mapping
  EXPECT_EQ(got->shape(), (Shape{2, 3}));
  EXPECT_EQ(got->GetAsDouble(5), 2.5);
  EXPECT_EQ(file->Get("w.bf16")->GetAsDouble(3), 4.0);
  EXPECT_EQ(file->Get("w.f16")->GetAsDouble(0), -3.0);
  EXPECT_EQ(file->Get("ids")->GetAsDouble(2), -7.0);
  EXPECT_EQ(file->Get("empty")->num_elements(), 0);
  EXPECT_EQ(file->Get("missing").status().code(), ErrorCode::kNotFound);
  std::remove(path.c_str());
}

TEST(Safetensors, ViewOutlivesTheFileObject) {
  std::map<std::string, HostTensor> tensors;
  HostTensor f(DType::kF32, {3});
  f.mutable_span<float>()[1] = 42.0f;
  tensors["x"] = f;
  const std::string path = TempPath("keepalive.safetensors");
  ASSERT_TRUE(WriteSafetensors(path, tensors).ok());
  HostTensor view;
  {
    auto file = SafetensorsFile::Open(path);
    ASSERT_TRUE(file.ok());
    view = *file->Get("x");
  }
  EXPECT_EQ(view.GetAsDouble(1), 42.0);
  std::remove(path.c_str());
}

struct BadHeader {
  const char* name;
  std::string header;
  size_t data_bytes;
  ErrorCode code;
};

TEST(Safetensors, RejectsMalformedHeaders) {
  const std::vector<BadHeader> cases = {
      {"not_json", "{nope", 0, ErrorCode::kDataLoss},
      {"not_object", "[1,2]", 0, ErrorCode::kDataLoss},
      {"unknown_dtype", R"({"a":{"dtype":"F8_E9","shape":[1],"data_offsets":[0,1]}})", 1,
       ErrorCode::kUnimplemented},
      {"negative_dim", R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", 4,
       ErrorCode::kDataLoss},
      {"size_mismatch", R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}})", 4,
       ErrorCode::kDataLoss},
      {"past_end", R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", 4,
       ErrorCode::kDataLoss},
      {"overlap",
       R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
       4, ErrorCode::kDataLoss},
      {"gap", R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", 8, ErrorCode::kDataLoss},
      {"trailing_data", R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", 8,
       ErrorCode::kDataLoss},
      {"reversed_offsets", R"({"a":{"dtype":"U8","shape":[0],"data_offsets":[4,0]}})", 4,
       ErrorCode::kDataLoss},
      {"extra_field", R"({"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1],"x":1}})", 1,
       ErrorCode::kDataLoss},
      {"metadata_not_string", R"({"__metadata__":{"k":1}})", 0, ErrorCode::kDataLoss},
  };
  for (const auto& c : cases) {
    const std::string path = TempPath(std::string(c.name) + ".safetensors");
    WriteRaw(path, c.header, c.data_bytes);
    auto file = SafetensorsFile::Open(path);
    EXPECT_FALSE(file.ok()) << c.name;
    if (!file.ok()) {
      EXPECT_EQ(file.status().code(), c.code) << c.name << ": " << file.status().ToString();
      EXPECT_NE(file.status().message().find(path), std::string::npos) << c.name;
    }
    std::remove(path.c_str());
  }
}

TEST(Safetensors, RejectsTruncatedAndOversizedHeaderLength) {
  const std::string path = TempPath("short.safetensors");
  {
    std::ofstream out(path, std::ios::binary);
    out << "abc";
  }
  EXPECT_EQ(SafetensorsFile::Open(path).status().code(), ErrorCode::kDataLoss);
  {
    std::ofstream out(path, std::ios::binary);
    uint64_t n = 1ull << 40;  // claims a terabyte of header
    out.write(reinterpret_cast<const char*>(&n), 8);
    out << "{}";
  }
  auto r = SafetensorsFile::Open(path);
  EXPECT_EQ(r.status().code(), ErrorCode::kDataLoss);
  EXPECT_NE(r.status().message().find("header length"), std::string::npos);
  std::remove(path.c_str());
  EXPECT_EQ(SafetensorsFile::Open(TempPath("does_not_exist")).status().code(),
            ErrorCode::kNotFound);
}

}  // namespace
}  // namespace vlmxla::io
