"""Builds a Qwen3-VL checkpoint the gate has never seen, for
`scripts/xla/validate_vlm_reference.sh --model DIR --backend all` (docs/validation.md, "Qwen3-VL"):
a variant of the committed tiny-qwen3-vl spec with other dims, head counts, vision depth,
DeepStack layers, patch and merge grid, pixel bounds, mean/std, M-RoPE sections and seed, built by
the fixture builder into OUT (default $VLMXLA_CACHE/unseen), with the fixture's tokenizer and chat
template.

  unseen-qwen3-vl: a 4-block vision tower 48 wide in 3 heads, 14 px patches merged 3 x 3 (42 px
    per merged token; tiny-qwen3-vl: 16 px, 2 x 2), a 7 x 7 learned position table, DeepStack
    after blocks 0, 2 and 3 (three decoder layers take DeepStack rows); min/max pixels 3528/35280
    (2 and 20 merged tokens of 42 x 42), CLIP's mean/std; a 4-layer decoder 80 wide, 5 heads over
    one KV head of 24, mrope_section [6, 3, 3] (12 frequencies), rope_theta 1e6, rms_norm_eps
    1e-5, the LM head tied to the embeddings (as Qwen3-VL-2B).

Usage: .venv/bin/python scripts/xla/make_unseen_qwen3_vl.py [OUT]
"""

import json
import pathlib
import sys

from vlmxla_oracle import fixtures, paths, unseen

NAME = "unseen-qwen3-vl"


def spec(src: pathlib.Path) -> dict:
    q = json.loads((src / "tiny-qwen3-vl.json").read_text(encoding="utf-8"))
    q["name"], q["seed"] = NAME, 71
    qc = q["qwen_config"]
    qc["vision_config"].update({
        "depth": 4, "hidden_size": 48, "intermediate_size": 80, "out_hidden_size": 80,
        "num_heads": 3, "patch_size": 14, "spatial_merge_size": 3,
        "num_position_embeddings": 49, "deepstack_visual_indexes": [0, 2, 3]})
    qc["text_config"].update({
        "hidden_size": 80, "intermediate_size": 144, "num_hidden_layers": 4,
        "num_attention_heads": 5, "num_key_value_heads": 1, "head_dim": 24, "rms_norm_eps": 1e-5,
        "rope_parameters": {"rope_type": "default", "rope_theta": 1000000.0,
                            "mrope_section": [6, 3, 3], "mrope_interleaved": True},
        "tie_word_embeddings": True})
    qc["tie_word_embeddings"] = True
    q["processor"].update({
        "patch_size": 14, "merge_size": 3, "min_pixels": 42 * 42 * 2, "max_pixels": 42 * 42 * 20,
        "image_mean": [0.48145466, 0.4578275, 0.40821073],
        "image_std": [0.26862954, 0.26130258, 0.27577711]})
    return q


def main() -> int:
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else paths.cache_dir() / "unseen"
    for built in unseen.ensure({NAME: spec(fixtures.SPEC_DIR)}, out):
        print(built)
    return 0


if __name__ == "__main__":
    sys.exit(main())
