"""Builds a Gemma 3 checkpoint the gate has never seen, for
`scripts/xla/validate_vlm_reference.sh --model DIR --backend all` (docs/validation.md, "Gemma 3"):
a variant of the committed tiny-gemma3 spec with other dims, window, grid, token count and seed,
built by the fixture builder into OUT (default $VLMXLA_CACHE/unseen).

  unseen-gemma3: SigLIP 40 px images in 8 px patches (a 5 x 5 grid, which the projector pools by
    2 x 2 windows to 4 soft tokens, its last patch row and column unread as nn.AvgPool2d leaves
    them), 3 heads of 16; a Gemma 3 decoder of 5 layers (sliding, full, sliding, sliding, full)
    with window 4, one KV head, head_dim 20, query_pre_attn_scalar 20, RoPE scaling 4 on the
    global layers, no logit soft-capping.

Usage: .venv/bin/python scripts/xla/make_unseen_gemma3.py [OUT]
"""

import json
import pathlib
import sys

from vlmxla_oracle import fixtures, paths, unseen

NAME = "unseen-gemma3"


def spec(src: pathlib.Path) -> dict:
    g = json.loads((src / "tiny-gemma3.json").read_text(encoding="utf-8"))
    g["name"], g["seed"] = NAME, 53
    gc = g["gemma3_config"]
    gc["mm_tokens_per_image"] = 4
    gc["vision_config"].update({"image_size": 40, "patch_size": 8, "hidden_size": 48,
                                "intermediate_size": 80, "num_hidden_layers": 1,
                                "num_attention_heads": 3})
    gc["text_config"].update({
        "hidden_size": 60, "intermediate_size": 112, "num_hidden_layers": 5,
        "num_attention_heads": 3, "num_key_value_heads": 1, "head_dim": 20,
        "query_pre_attn_scalar": 20, "sliding_window": 4,
        "layer_types": ["sliding_attention", "full_attention", "sliding_attention",
                        "sliding_attention", "full_attention"],
        "rope_parameters": {
            "full_attention": {"rope_type": "linear", "factor": 4.0, "rope_theta": 500000.0},
            "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0}},
        "final_logit_softcapping": None})
    g["processor"].update({"size": {"height": 40, "width": 40}})
    return g


def main() -> int:
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else paths.cache_dir() / "unseen"
    for built in unseen.ensure({NAME: spec(fixtures.SPEC_DIR)}, out):
        print(built)
    return 0


if __name__ == "__main__":
    sys.exit(main())
