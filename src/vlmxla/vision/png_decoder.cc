// PNG via libpng, with transforms chosen to land where PIL's convert("RGB") lands: 16-bit
// samples keep their high byte, except 16-bit grey (PIL's "I;16") which clips to 255; tRNS and
// alpha are dropped; palettes and low bit depths expand; gamma is ignored.
#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/vision/image_decode.h"

namespace vlmxla::vision {
namespace {

struct PngReader {
  std::span<const uint8_t> bytes;
  size_t pos = 0;
  char error[200] = {0};
  // Owned here rather than as locals so nothing non-trivial is skipped by a longjmp.
  Status limit_status;
  std::vector<uint8_t> buf;
  std::vector<png_bytep> rows;
  std::optional<std::array<int, 3>> key;
};

// What PIL leaves in info["transparency"]: a palette key only when tRNS has exactly one fully
// transparent entry and the rest opaque (else PIL drops it on convert); grey/RGB keys as stored.
std::optional<std::array<int, 3>> ReadTransparencyKey(png_structp png, png_infop info, int color,
                                                      int depth) {
  png_bytep alpha = nullptr;
  int num = 0;
  png_color_16p value = nullptr;
  if (!png_get_tRNS(png, info, &alpha, &num, &value)) return std::nullopt;
  if (color == PNG_COLOR_TYPE_PALETTE) {
    int zero = -1;
    for (int i = 0; i < num; ++i) {
      if (alpha[i] == 0 && zero < 0) {
        zero = i;
      } else if (alpha[i] != 255) {
        return std::nullopt;
      }
    }
    png_colorp palette = nullptr;
    int entries = 0;
    if (zero < 0 || !png_get_PLTE(png, info, &palette, &entries) || zero >= entries) {
      return std::nullopt;
    }
    return std::array<int, 3>{palette[zero].red, palette[zero].green, palette[zero].blue};
  }
  if (color == PNG_COLOR_TYPE_GRAY && depth == 8) {
    return std::array<int, 3>{value->gray, value->gray, value->gray};
  }
  if (color == PNG_COLOR_TYPE_RGB) return std::array<int, 3>{value->red, value->green, value->blue};
  return std::nullopt;  // low-bit and 16-bit grey keys: PIL's handling not reproduced
}

void PngError(png_structp png, png_const_charp msg) {
  auto* r = static_cast<PngReader*>(png_get_error_ptr(png));
  std::snprintf(r->error, sizeof(r->error), "%s", msg);
  png_longjmp(png, 1);
}
void PngWarning(png_structp, png_const_charp) {}  // silent, like PIL

void PngRead(png_structp png, png_bytep out, png_size_t n) {
  auto* r = static_cast<PngReader*>(png_get_io_ptr(png));
  if (r->pos + n > r->bytes.size()) png_error(png, "unexpected end of file (truncated)");
  std::memcpy(out, r->bytes.data() + r->pos, n);
  r->pos += n;
}

uint32_t Be32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

// A chunk type for a message: its four letters, with any other byte (damage: PNG chunk types are
// ASCII letters only) as \xNN, so that no byte of the file reaches a message raw.
std::string ChunkTypeName(const uint8_t* p) {
  static const char* hex = "0123456789abcdef";
  std::string name;
  for (int i = 0; i < 4; ++i) {
    const uint8_t c = p[i];
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      name += static_cast<char>(c);
    } else {
      name += {'\\', 'x', hex[c >> 4], hex[c & 15]};
    }
  }
  return name;
}

// Walks the chunks after the signature up to IEND, calling fn(type, data) for each until it
// returns false. Returns the offset of the first chunk whose declared length (with its CRC) runs
// past the end of `b`, or nullopt.
template <typename Fn>
std::optional<size_t> ForEachChunk(std::span<const uint8_t> b, Fn fn) {
  size_t p = 8;
  while (p + 12 <= b.size()) {
    const uint32_t len = Be32(&b[p]);
    if (static_cast<size_t>(len) > b.size() - p - 12) return p;
    const std::string_view type(reinterpret_cast<const char*>(&b[p + 4]), 4);
    if (!fn(type, b.subspan(p + 8, len)) || type == "IEND") break;
    p += 12 + len;
  }
  return std::nullopt;
}

// eXIf chunks: PIL reads the first one wherever it sits; libpng may not expose late ones.
std::string FindExifChunk(std::span<const uint8_t> b) {
  std::string exif;
  ForEachChunk(b, [&](std::string_view type, std::span<const uint8_t> data) {
    if (type != "eXIf") return true;
    exif.assign(reinterpret_cast<const char*>(data.data()), data.size());
    return false;
  });
  return exif;
}

}  // namespace

Result<Image> DecodePng(std::span<const uint8_t> bytes, const DecodeLimits& limits,
                        const std::string& name, std::string* exif) {
  // IHDR is the first chunk: check the claimed size before libpng reads further (png_read_info
  // runs up to the first IDAT and would report a header-only file as truncated instead).
  if (bytes.size() >= 24 && std::memcmp(&bytes[12], "IHDR", 4) == 0) {
    VLMXLA_RETURN_IF_ERROR(
        CheckImageDimensions(Be32(&bytes[16]), Be32(&bytes[20]), limits, name + " (PNG)"));
  }
  // libpng allocates an ancillary chunk at its declared length before reading it (a 300-byte file
  // declaring a 1.5 GB eXIf chunk cost 1.5 GB): refuse lengths the bytes cannot hold first.
  auto all = [](std::string_view, std::span<const uint8_t>) { return true; };
  if (std::optional<size_t> bad = ForEachChunk(bytes, all)) {
    return DataLoss(name + ": corrupt or truncated PNG: chunk '" + ChunkTypeName(&bytes[*bad + 4]) +
                        "' at byte " + std::to_string(*bad) + " declares " +
                        std::to_string(Be32(&bytes[*bad])) + " bytes + 4 of CRC, only " +
                        std::to_string(bytes.size() - *bad - 8) + " follow",
                    "image_corrupt");
  }
  PngReader reader;
  reader.bytes = bytes;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, PngError, PngWarning);
  if (!png) return Internal("png_create_read_struct failed");
  png_infop info = png_create_info_struct(png);
  if (!info) {
    png_destroy_read_struct(&png, nullptr, nullptr);
    return Internal("png_create_info_struct failed");
  }
  png_uint_32 w = 0, h = 0;
  bool gray16 = false;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    if (!reader.limit_status.ok()) return reader.limit_status;
    return DataLoss(name + ": corrupt or truncated PNG: " + reader.error, "image_corrupt");
  }
  png_set_read_fn(png, &reader, PngRead);
  // Our own limits apply (checked below before allocating), not libpng's defaults.
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  png_read_info(png, info);
  w = png_get_image_width(png, info);
  h = png_get_image_height(png, info);
  reader.limit_status = CheckImageDimensions(w, h, limits, name + " (PNG)");
  if (!reader.limit_status.ok()) png_longjmp(png, 1);
  {
    const int color = png_get_color_type(png, info);
    const int depth = png_get_bit_depth(png, info);
    gray16 = color == PNG_COLOR_TYPE_GRAY && depth == 16;
    reader.key = ReadTransparencyKey(png, info, color, depth);
    if (depth == 16) {
      if (gray16) {
        png_set_swap(png);  // native order, clipped to 255 below like PIL's I;16 -> RGB
      } else {
        png_set_strip_16(png);  // keeps the high byte, as PIL's "RGB;16B" unpacker
      }
    }
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    // Also removes the alpha that palette expansion derives from tRNS.
    png_set_strip_alpha(png);
    if ((color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) && !gray16) {
      png_set_gray_to_rgb(png);
    }
  }
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  {
    const size_t rowbytes = png_get_rowbytes(png, info);
    if (rowbytes != static_cast<size_t>(w) * (gray16 ? 2 : 3)) {
      std::snprintf(reader.error, sizeof(reader.error), "unexpected row layout (%zu bytes)",
                    rowbytes);
      png_longjmp(png, 1);
    }
    reader.buf.resize(rowbytes * h);
    reader.rows.resize(h);
    for (png_uint_32 y = 0; y < h; ++y) reader.rows[y] = reader.buf.data() + y * rowbytes;
  }
  png_read_image(png, reader.rows.data());
  png_read_end(png, nullptr);
  png_destroy_read_struct(&png, &info, nullptr);

  Image image;
  image.width = static_cast<int>(w);
  image.height = static_cast<int>(h);
  image.format = "png";
  image.transparency_key = reader.key;
  if (gray16) {
    image.rgb.resize(static_cast<size_t>(w) * h * 3);
    for (size_t i = 0; i < static_cast<size_t>(w) * h; ++i) {
      uint16_t v;
      std::memcpy(&v, &reader.buf[i * 2], 2);
      const uint8_t c = v > 255 ? 255 : static_cast<uint8_t>(v);
      image.rgb[i * 3] = image.rgb[i * 3 + 1] = image.rgb[i * 3 + 2] = c;
    }
  } else {
    image.rgb = std::move(reader.buf);
  }
  if (exif) *exif = FindExifChunk(bytes);
  return image;
}

}  // namespace vlmxla::vision
