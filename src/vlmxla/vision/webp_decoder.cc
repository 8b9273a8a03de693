// WebP via libwebp's animation decoder (what PIL uses for every WebP): first frame composited
// onto the canvas as RGBA, alpha then dropped; the EXIF chunk, if any, comes from the demuxer.
#include <webp/decode.h>
#include <webp/demux.h>

#include <cstring>

#include "vlmxla/vision/image_decode.h"

namespace vlmxla::vision {

Result<Image> DecodeWebp(std::span<const uint8_t> bytes, const DecodeLimits& limits,
                         const std::string& name, std::string* exif) {
  WebPBitstreamFeatures features;
  const VP8StatusCode fs = WebPGetFeatures(bytes.data(), bytes.size(), &features);
  if (fs != VP8_STATUS_OK) {
    return DataLoss(name + ": corrupt or truncated WebP header (libwebp status " +
                        std::to_string(static_cast<int>(fs)) + ")",
                    "image_corrupt");
  }
  WebPData data{bytes.data(), bytes.size()};
  // The canvas size (VP8X) is what the animation decoder allocates; check it first.
  WebPDemuxer* demux = WebPDemux(&data);
  if (!demux) return DataLoss(name + ": corrupt or truncated WebP container", "image_corrupt");
  const int64_t cw = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
  const int64_t ch = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
  Status st = CheckImageDimensions(cw, ch, limits, name + " (WebP)");
  if (st.ok() && exif) {
    WebPChunkIterator it;
    if (WebPDemuxGetChunk(demux, "EXIF", 1, &it)) {
      exif->assign(reinterpret_cast<const char*>(it.chunk.bytes), it.chunk.size);
      WebPDemuxReleaseChunkIterator(&it);
    }
  }
  WebPDemuxDelete(demux);
  if (!st.ok()) return st;

  WebPAnimDecoderOptions opts;
  WebPAnimDecoderOptionsInit(&opts);
  opts.color_mode = MODE_RGBA;
  opts.use_threads = 0;
  WebPAnimDecoder* dec = WebPAnimDecoderNew(&data, &opts);
  if (!dec) return DataLoss(name + ": corrupt or truncated WebP", "image_corrupt");
  uint8_t* rgba = nullptr;
  int ts = 0;
  if (!WebPAnimDecoderGetNext(dec, &rgba, &ts)) {
    WebPAnimDecoderDelete(dec);
    return DataLoss(name + ": corrupt or truncated WebP bitstream", "image_corrupt");
  }
  Image image;
  image.width = static_cast<int>(cw);
  image.height = static_cast<int>(ch);
  image.format = "webp";
  const size_t n = static_cast<size_t>(cw) * ch;
  image.rgb.resize(n * 3);
  for (size_t i = 0; i < n; ++i) std::memcpy(&image.rgb[i * 3], &rgba[i * 4], 3);
  WebPAnimDecoderDelete(dec);
  return image;
}

}  // namespace vlmxla::vision
