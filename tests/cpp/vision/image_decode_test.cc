// Decoder limits, corruption handling and format sniffing (pixel parity with PIL is checked in
// tests/py/test_image_parity.py).
#include "vlmxla/vision/image_decode.h"

#include <gtest/gtest.h>
#include <png.h>
#include <webp/encode.h>
#include <zlib.h>

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <jpeglib.h>

namespace vlmxla::vision {
namespace {

std::vector<uint8_t> Pixels(int w, int h) {
  std::vector<uint8_t> px(static_cast<size_t>(w) * h * 3);
  for (size_t i = 0; i < px.size(); ++i) px[i] = static_cast<uint8_t>((i * 37) ^ (i >> 3));
  return px;
}

void PutU32(std::vector<uint8_t>& b, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) b.push_back(static_cast<uint8_t>(v >> s));
}

// A PNG signature plus a valid IHDR chunk claiming w x h (no image data).
std::vector<uint8_t> PngHeader(uint32_t w, uint32_t h) {
  std::vector<uint8_t> b = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<uint8_t> chunk = {'I', 'H', 'D', 'R'};
  PutU32(chunk, w);
  PutU32(chunk, h);
  chunk.insert(chunk.end(), {8, 2, 0, 0, 0});
  PutU32(b, 13);
  b.insert(b.end(), chunk.begin(), chunk.end());
  PutU32(b, static_cast<uint32_t>(crc32(0, chunk.data(), static_cast<uInt>(chunk.size()))));
  return b;
}

void PngWriteFn(png_structp png, png_bytep data, png_size_t n) {
  auto* out = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + n);
}
void PngFlushFn(png_structp) {}

std::vector<uint8_t> EncodePng(int w, int h, const std::vector<uint8_t>& px) {
  std::vector<uint8_t> out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  png_set_write_fn(png, &out, PngWriteFn, PngFlushFn);
  png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < h; ++y) {
    png_write_row(png, const_cast<png_bytep>(px.data() + static_cast<size_t>(y) * w * 3));
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

std::vector<uint8_t> EncodeJpeg(int w, int h, const std::vector<uint8_t>& px) {
  jpeg_compress_struct c;
  jpeg_error_mgr err;
  c.err = jpeg_std_error(&err);
  jpeg_create_compress(&c);
  unsigned char* mem = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&c, &mem, &size);
  c.image_width = w;
  c.image_height = h;
  c.input_components = 3;
  c.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c);
  jpeg_start_compress(&c, TRUE);
  while (c.next_scanline < c.image_height) {
    JSAMPROW row = const_cast<JSAMPROW>(px.data() + static_cast<size_t>(c.next_scanline) * w * 3);
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c);
  jpeg_destroy_compress(&c);
  std::vector<uint8_t> out(mem, mem + size);
  free(mem);
  return out;
}

std::vector<uint8_t> EncodeWebp(int w, int h, const std::vector<uint8_t>& px) {
  uint8_t* mem = nullptr;
  const size_t size = WebPEncodeLosslessRGB(px.data(), w, h, w * 3, &mem);
  std::vector<uint8_t> out(mem, mem + size);
  WebPFree(mem);
  return out;
}

TEST(ImageDecode, RoundTripsLosslessFormats) {
  const auto px = Pixels(23, 17);
  for (const auto& bytes : {EncodePng(23, 17, px), EncodeWebp(23, 17, px)}) {
    auto r = DecodeImage(bytes);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->width, 23);
    EXPECT_EQ(r->height, 17);
    EXPECT_EQ(r->rgb, px);
  }
  auto j = DecodeImage(EncodeJpeg(23, 17, px));
  ASSERT_TRUE(j.ok()) << j.status().ToString();
  EXPECT_EQ(j->format, "jpeg");
  EXPECT_EQ(j->rgb.size(), px.size());
}

TEST(ImageDecode, HugePngHeaderRejectedBeforeAllocation) {
  // Only a header: a decoder that allocated first would need 30 GB; ours must stop at the limit.
  auto r = DecodeImage(PngHeader(100000, 100000), DecodeLimits{}, "huge.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kOutOfRange);
  EXPECT_EQ(r.status().reason(), "image_too_large");
  EXPECT_NE(r.status().message().find("16384"), std::string::npos) << r.status().message();

  DecodeLimits small;
  small.max_pixels = 100;
  auto p = DecodeImage(PngHeader(11, 10), small, "px.png");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), ErrorCode::kOutOfRange);
  EXPECT_NE(p.status().message().find("110 pixels"), std::string::npos) << p.status().message();
}

// Found by fuzz_image: libpng allocated an ancillary chunk at its declared length before reading
// it, so 300 bytes declaring a 1.5 GB eXIf chunk cost 1.5 GB. The length is now checked against
// the bytes present, before libpng runs (it used to end as a generic "truncated" error).
TEST(ImageDecode, PngChunkLongerThanTheFileRefusedBeforeLibpng) {
  auto bytes = PngHeader(8, 6);
  PutU32(bytes, 0x5959001a);
  bytes.insert(bytes.end(), {'e', 'X', 'I', 'f', 'M', 'M', 0, '*'});
  bytes.resize(bytes.size() + 200, 'Y');
  auto r = DecodeImage(bytes, DecodeLimits{}, "bomb.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kDataLoss);
  EXPECT_EQ(r.status().reason(), "image_corrupt");
  EXPECT_NE(r.status().message().find("chunk 'eXIf' at byte 33 declares 1499004954 bytes"),
            std::string::npos)
      << r.status().message();
}

// A damaged length can make the "chunk" any four bytes of compressed data, a newline among them:
// the message shows such bytes escaped, so a failure stays one line of text.
TEST(ImageDecode, DamagedChunkTypeIsEscapedInTheMessage) {
  auto bytes = PngHeader(8, 6);
  PutU32(bytes, 0x5959001a);
  bytes.insert(bytes.end(), {'\n', 'a', 0x9c, 'Z'});
  bytes.resize(bytes.size() + 200, 'Y');
  auto r = DecodeImage(bytes, DecodeLimits{}, "flipped.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kDataLoss);
  EXPECT_NE(r.status().message().find("chunk '\\x0aa\\x9cZ' at byte 33 declares"),
            std::string::npos)
      << r.status().message();
  EXPECT_EQ(r.status().message().find('\n'), std::string::npos) << r.status().message();
}

TEST(ImageDecode, ZeroSizeRejected) {
  auto r = DecodeImage(PngHeader(0, 5), DecodeLimits{}, "zero.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kDataLoss);
}

TEST(ImageDecode, TruncatedFilesAreDataLoss) {
  const auto px = Pixels(64, 48);
  const std::vector<std::pair<std::string, std::vector<uint8_t>>> files = {
      {"t.png", EncodePng(64, 48, px)},
      {"t.jpg", EncodeJpeg(64, 48, px)},
      {"t.webp", EncodeWebp(64, 48, px)}};
  for (const auto& [name, bytes] : files) {
    for (size_t keep : {bytes.size() / 2, bytes.size() - 3, size_t{40}}) {
      std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + keep);
      auto r = DecodeImage(cut, DecodeLimits{}, name);
      ASSERT_FALSE(r.ok()) << name << " kept " << keep;
      EXPECT_EQ(r.status().code(), ErrorCode::kDataLoss) << r.status().ToString();
      EXPECT_NE(r.status().message().find(name), std::string::npos);
    }
  }
}

TEST(ImageDecode, CorruptPngDataIsDataLoss) {
  auto bytes = EncodePng(32, 32, Pixels(32, 32));
  for (size_t i = 60; i < bytes.size() - 20; i += 7) bytes[i] ^= 0x5a;
  auto r = DecodeImage(bytes, DecodeLimits{}, "bad.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kDataLoss);
}

TEST(ImageDecode, UnknownFormatNamesIt) {
  std::vector<uint8_t> garbage = {'G', 'I', 'F', '8', '9', 'a', 1, 2, 3, 4, 5, 6};
  auto r = DecodeImage(garbage, DecodeLimits{}, "x.gif");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("unknown image format"), std::string::npos);
  EXPECT_NE(r.status().message().find("47494638"), std::string::npos);
  EXPECT_FALSE(DecodeImage(std::vector<uint8_t>{}).ok());
}

TEST(ImageDecode, MaxBytesLimit) {
  DecodeLimits l;
  l.max_bytes = 10;
  auto r = DecodeImage(EncodePng(4, 4, Pixels(4, 4)), l);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kOutOfRange);
}

TEST(ImageDecode, SniffsByMagicNotName) {
  EXPECT_EQ(SniffImageFormat(EncodeWebp(2, 2, Pixels(2, 2))), ImageFormat::kWebp);
  EXPECT_EQ(SniffImageFormat(EncodeJpeg(2, 2, Pixels(2, 2))), ImageFormat::kJpeg);
  EXPECT_EQ(SniffImageFormat(PngHeader(2, 2)), ImageFormat::kPng);
}

}  // namespace
}  // namespace vlmxla::vision
