// LLaVA-NeXT (`llava_next`) and LLaVA-OneVision (`llava_onevision`): the LLaVA tower and projector
// run on "anyres" views of each image (a base view and the tiles of the best pinpoint grid), and
// pack_image_features lays the projected tiles out as one unpadded feature map with image_newline
// after every row (OneVision: downscaled bilinearly past anyres_max_N tiles; several images in one
// prompt take their base view and one newline each). The host half is vision/anyres.h; the
// packing runs in the vision program as a gather by the host's layout.
#pragma once

#include "vlmxla/models/family.h"

namespace vlmxla::models {

const Family& LlavaNextFamily();

// Shape buckets of the vision program: views per call and packed feature rows per call (the
// smallest of 1, 2, 3, 4, 6, 8, 12, ... that holds `views`; of 32, 48, 64, 96, ... for rows).
int64_t AnyresViewBucket(int64_t views);
int64_t AnyresFeatureBucket(int64_t rows);

}  // namespace vlmxla::models
