#include "vlmxla/prompt/mrope_positions.h"

#include <algorithm>
#include <string>

namespace vlmxla::prompt {

Status ComputeMropePositions(std::span<const std::array<int32_t, 3>> grid_thw,
                             int spatial_merge_size, PreparedPrefill* prefill) {
  const int64_t length = prefill->effective_length;
  const int m = spatial_merge_size;
  if (m <= 0) return InvalidArgument("spatial_merge_size must be positive");
  if (grid_thw.size() != prefill->image_slots.size()) {
    return InvalidArgument("M-RoPE needs one grid per image: " + std::to_string(grid_thw.size()) +
                           " grids for " + std::to_string(prefill->image_slots.size()) +
                           " image slots");
  }
  std::vector<int32_t>& pos = prefill->rope_position_ids;
  pos.assign(static_cast<size_t>(3 * length), 0);
  int32_t* axis[3] = {pos.data(), pos.data() + length, pos.data() + 2 * length};
  int64_t current = 0;  // get_rope_index's current_pos
  int64_t row = 0;
  int64_t max_position = -1;
  auto text_until = [&](int64_t end) {
    for (; row < end; ++row, ++current) {
      for (int a = 0; a < 3; ++a) axis[a][row] = static_cast<int32_t>(current);
      max_position = std::max(max_position, current);
    }
  };
  for (size_t i = 0; i < grid_thw.size(); ++i) {
    const ImageSlot& slot = prefill->image_slots[i];
    const auto& g = grid_thw[i];
    const int64_t t = g[0], h = g[1] / m, w = g[2] / m;
    if (slot.offset < row || slot.length != t * h * w || slot.offset + slot.length > length) {
      return InvalidArgument("image " + std::to_string(i) + " occupies " +
                             std::to_string(slot.length) + " tokens at " +
                             std::to_string(slot.offset) + " but its grid [" +
                             std::to_string(g[0]) + ", " + std::to_string(g[1]) + ", " +
                             std::to_string(g[2]) + "] merges to " + std::to_string(t * h * w));
    }
    text_until(slot.offset);
    // The vision tokens' grid, each axis offset by the position the image starts at (images have
    // a temporal step of 1).
    for (int64_t tt = 0; tt < t; ++tt)
      for (int64_t y = 0; y < h; ++y)
        for (int64_t x = 0; x < w; ++x, ++row) {
          axis[0][row] = static_cast<int32_t>(current + tt);
          axis[1][row] = static_cast<int32_t>(current + y);
          axis[2][row] = static_cast<int32_t>(current + x);
          max_position = std::max({max_position, current + tt, current + y, current + x});
        }
    current += std::max(h, w);
  }
  text_until(length);
  prefill->rope_delta = max_position + 1 - length;
  return Status::Ok();
}

}  // namespace vlmxla::prompt
