#include "vlmxla/vision/exif.h"

#include <gtest/gtest.h>

#include <string>

namespace vlmxla::vision {
namespace {

// 3x2 image whose pixel (x, y) has red = 10*y + x.
Image Sample() {
  Image im;
  im.width = 3;
  im.height = 2;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) im.rgb.insert(im.rgb.end(), {uint8_t(10 * y + x), 0, 0});
  return im;
}

std::string Reds(const Image& im) {
  std::string s;
  for (size_t i = 0; i < im.rgb.size(); i += 3) s += std::to_string(im.rgb[i]) + ",";
  return s;
}

TEST(Exif, OrientationsMatchPilTransposes) {
  // Expected outputs follow PIL: 2 mirror, 3 rotate 180, 4 flip, 5 transpose, 6 rotate 90 CW,
  // 7 transverse, 8 rotate 90 CCW.
  const char* expected[9] = {"",
                             "0,1,2,10,11,12,",
                             "2,1,0,12,11,10,",
                             "12,11,10,2,1,0,",
                             "10,11,12,0,1,2,",
                             "0,10,1,11,2,12,",
                             "10,0,11,1,12,2,",
                             "12,2,11,1,10,0,",
                             "2,12,1,11,0,10,"};
  for (int o = 1; o <= 8; ++o) {
    Image im = Sample();
    ApplyExifOrientation(o, im);
    EXPECT_EQ(Reds(im), expected[o]) << "orientation " << o;
    EXPECT_EQ(im.width, o >= 5 ? 2 : 3);
  }
}

TEST(Exif, ReadsOrientationBothByteOrders) {
  // Header, one IFD entry (tag 0x0112, SHORT, count 1, value), next-IFD offset 0: 26 bytes, all
  // spelled out (the literals once held 22 and the string read 4 past them, which ASan caught).
  const std::string le("II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0\0\0\0\0", 26);
  const std::string be("MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x03\0\0\0\0\0\0", 26);
  EXPECT_EQ(ReadExifOrientation(le), 6);
  EXPECT_EQ(ReadExifOrientation(std::string("Exif\0\0", 6) + le), 6);
  EXPECT_EQ(ReadExifOrientation(be), 3);
  EXPECT_EQ(ReadExifOrientation(le.substr(0, 15)), 1);  // truncated IFD
  EXPECT_EQ(ReadExifOrientation("garbage"), 1);
}

}  // namespace
}  // namespace vlmxla::vision
