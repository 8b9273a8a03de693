// JPEG via libjpeg-turbo with PIL's default decoder settings (islow DCT, fancy upsampling).
// Truncated data fails, as PIL does without LOAD_TRUNCATED_IMAGES; CMYK/YCCK are decoded to CMYK,
// un-inverted when an Adobe marker is present (PIL's "CMYK;I") and converted with PIL's formula.
#include <csetjmp>
#include <cstddef>
#include <cstdio>
// jpeglib.h needs size_t and FILE declared first.
#include <jerror.h>
#include <jpeglib.h>
#include <cstring>
#include <vector>

#include "vlmxla/vision/image_decode.h"

namespace vlmxla::vision {
namespace {

struct JpegErr {
  jpeg_error_mgr mgr;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX] = {0};
  bool truncated = false;
  Status limit_status;
  std::vector<uint8_t> buf;
  std::string exif;
};

void JpegErrorExit(j_common_ptr cinfo) {
  auto* e = reinterpret_cast<JpegErr*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, e->message);
  std::longjmp(e->jump, 1);
}
void JpegSilent(j_common_ptr, int) {}  // PIL ignores "corrupt data" warnings too

// A source that errors at end of data instead of inserting a fake EOI (libjpeg's mem source).
void SrcInit(j_decompress_ptr) {}
boolean SrcFill(j_decompress_ptr cinfo) {
  auto* e = reinterpret_cast<JpegErr*>(cinfo->err);
  e->truncated = true;
  std::snprintf(e->message, sizeof(e->message), "image file is truncated");
  std::longjmp(e->jump, 1);
}
void SrcSkip(j_decompress_ptr cinfo, long n) {
  if (n <= 0) return;
  if (static_cast<size_t>(n) > cinfo->src->bytes_in_buffer) SrcFill(cinfo);
  cinfo->src->next_input_byte += n;
  cinfo->src->bytes_in_buffer -= n;
}
void SrcTerm(j_decompress_ptr) {}

uint8_t MulDiv255(int a, int b) {
  const int t = a * b + 128;
  return static_cast<uint8_t>(((t >> 8) + t) >> 8);
}

}  // namespace

Result<Image> DecodeJpeg(std::span<const uint8_t> bytes, const DecodeLimits& limits,
                         const std::string& name, std::string* exif) {
  jpeg_decompress_struct cinfo;
  JpegErr err;
  jpeg_source_mgr src;
  cinfo.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = JpegErrorExit;
  err.mgr.emit_message = JpegSilent;
  int w = 0, h = 0;
  bool adobe = false;
  if (setjmp(err.jump)) {
    jpeg_destroy_decompress(&cinfo);
    if (!err.limit_status.ok()) return err.limit_status;
    return DataLoss(name + ": corrupt or truncated JPEG: " + err.message, "image_corrupt");
  }
  jpeg_create_decompress(&cinfo);
  src.init_source = SrcInit;
  src.fill_input_buffer = SrcFill;
  src.skip_input_data = SrcSkip;
  src.resync_to_restart = jpeg_resync_to_restart;
  src.term_source = SrcTerm;
  src.next_input_byte = bytes.data();
  src.bytes_in_buffer = bytes.size();
  cinfo.src = &src;
  jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_read_header(&cinfo, TRUE);
  w = static_cast<int>(cinfo.image_width);
  h = static_cast<int>(cinfo.image_height);
  err.limit_status = CheckImageDimensions(w, h, limits, name + " (JPEG)");
  if (!err.limit_status.ok()) std::longjmp(err.jump, 1);
  for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next) {
    if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 &&
        std::memcmp(m->data, "Exif\0\0", 6) == 0) {
      err.exif.assign(reinterpret_cast<const char*>(m->data) + 6, m->data_length - 6);
      break;
    }
  }
  const bool cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  adobe = cinfo.saw_Adobe_marker;
  if (cmyk) {
    cinfo.out_color_space = JCS_CMYK;
  } else if (cinfo.jpeg_color_space == JCS_GRAYSCALE) {
    cinfo.out_color_space = JCS_GRAYSCALE;
  } else {
    cinfo.out_color_space = JCS_RGB;
  }
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.do_fancy_upsampling = TRUE;
  jpeg_start_decompress(&cinfo);
  {
    const size_t stride = static_cast<size_t>(w) * cinfo.output_components;
    err.buf.resize(stride * h);
    while (cinfo.output_scanline < cinfo.output_height) {
      JSAMPROW row = err.buf.data() + stride * cinfo.output_scanline;
      jpeg_read_scanlines(&cinfo, &row, 1);
    }
  }
  jpeg_finish_decompress(&cinfo);
  const int comps = cinfo.output_components;
  jpeg_destroy_decompress(&cinfo);

  Image image;
  image.width = w;
  image.height = h;
  image.format = "jpeg";
  const size_t n = static_cast<size_t>(w) * h;
  if (comps == 3) {
    image.rgb = std::move(err.buf);
  } else {
    image.rgb.resize(n * 3);
    for (size_t i = 0; i < n; ++i) {
      if (comps == 1) {
        image.rgb[i * 3] = image.rgb[i * 3 + 1] = image.rgb[i * 3 + 2] = err.buf[i];
        continue;
      }
      int c = err.buf[i * 4], m = err.buf[i * 4 + 1], y = err.buf[i * 4 + 2],
          k = err.buf[i * 4 + 3];
      if (adobe) {
        c = 255 - c;
        m = 255 - m;
        y = 255 - y;
        k = 255 - k;
      }
      const int nk = 255 - k;
      image.rgb[i * 3] = static_cast<uint8_t>(nk - MulDiv255(c, nk));
      image.rgb[i * 3 + 1] = static_cast<uint8_t>(nk - MulDiv255(m, nk));
      image.rgb[i * 3 + 2] = static_cast<uint8_t>(nk - MulDiv255(y, nk));
    }
  }
  if (exif) *exif = std::move(err.exif);
  return image;
}

}  // namespace vlmxla::vision
