// The IREE host protocol's constants are generated from python/vlmxla_iree/protocol.json; the
// dtype conversions must be explicit and checked, never a cast of the wire byte.
#include "vlmxla/runtime/iree_protocol.h"

#include <gtest/gtest.h>

#include <set>

namespace vlmxla::runtime::iree_protocol {
namespace {

TEST(IreeProtocol, EveryDtypeRoundTripsThroughItsOwnCode) {
  std::set<uint8_t> codes;
  for (DType d : {DType::kF32, DType::kF16, DType::kBF16, DType::kF64, DType::kI64, DType::kI32,
                  DType::kI16, DType::kI8, DType::kU8, DType::kBool}) {
    const uint8_t code = DTypeToWire(d);
    EXPECT_TRUE(codes.insert(code).second) << DTypeName(d) << " shares code " << int{code};
    ASSERT_TRUE(DTypeFromWire(code).has_value()) << DTypeName(d);
    EXPECT_EQ(*DTypeFromWire(code), d);
  }
}

TEST(IreeProtocol, UnknownCodesAreRefusedNotCast) {
  int known = 0;
  for (int code = 0; code < 256; ++code) known += DTypeFromWire(static_cast<uint8_t>(code)) ? 1 : 0;
  EXPECT_EQ(known, 10);
  EXPECT_FALSE(DTypeFromWire(10).has_value());
  EXPECT_FALSE(DTypeFromWire(255).has_value());
}

TEST(IreeProtocol, FramingConstants) {
  EXPECT_EQ(kMagic, 0x48584c56u);  // "VLXH"
  EXPECT_EQ(kHeaderSize, 24u);
  EXPECT_EQ(kError & kReplyBit, kReplyBit);  // ERROR is never mistaken for a request
  for (uint16_t op : {kOpHello, kOpMapRegion, kOpUnmapRegion, kOpLoadModule, kOpUpload, kOpExecute,
                      kOpDownload, kOpFree, kOpUnload, kOpShutdown}) {
    EXPECT_EQ(op & kReplyBit, 0) << op;
  }
}

}  // namespace
}  // namespace vlmxla::runtime::iree_protocol
