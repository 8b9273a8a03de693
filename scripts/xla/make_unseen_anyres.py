"""Builds two LLaVA-NeXT / LLaVA-OneVision checkpoints the gate has never seen, for
`scripts/xla/validate_vlm_reference.sh --model DIR --backend all` (docs/validation.md, "LLaVA-NeXT
and LLaVA-OneVision"): variants of the committed fixture specs with other dims, pinpoints,
decoders and seeds, built by the fixture builder into OUT (default $VLMXLA_CACHE/unseen).

  unseen-llava-next: a CLIP tower of 33 px views in 11 px patches (3 x 3 rows per view), a Qwen2
    decoder with one KV head, pinpoints 33x66, 66x33, 66x99, 99x66, 33x99;
  unseen-llava-onevision: SigLIP 30 px views in 6 px patches (5 x 5), a Mistral decoder with an
    explicit head_dim, anyres_max_3 (the scene image tiles 3 x 3 and is downscaled).

Usage: .venv/bin/python scripts/xla/make_unseen_anyres.py [OUT]
"""

import json
import pathlib
import sys

from vlmxla_oracle import fixtures, paths, unseen


def specs(src: pathlib.Path) -> dict[str, dict]:
    n = json.loads((src / "tiny-llava-next.json").read_text(encoding="utf-8"))
    n["name"], n["seed"] = "unseen-llava-next", 97
    lc = n["llava_config"]
    lc["image_grid_pinpoints"] = [[33, 66], [66, 33], [66, 99], [99, 66], [33, 99]]
    lc["vision_config"].update({"image_size": 33, "patch_size": 11, "hidden_size": 44,
                                "intermediate_size": 92, "num_attention_heads": 4})
    lc["text_config"] = {"model_type": "qwen2", "hidden_size": 80, "intermediate_size": 152,
                         "num_hidden_layers": 2, "num_attention_heads": 5,
                         "num_key_value_heads": 1, "hidden_act": "silu",
                         "max_position_embeddings": 512, "rms_norm_eps": 1e-6,
                         "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0},
                         "tie_word_embeddings": False, "use_sliding_window": False}
    n["processor"].update({"size": {"shortest_edge": 33},
                           "crop_size": {"height": 33, "width": 33}, "patch_size": 11})
    o = json.loads((src / "tiny-llava-onevision.json").read_text(encoding="utf-8"))
    o["name"], o["seed"] = "unseen-llava-onevision", 31
    lc = o["llava_config"]
    lc["vision_aspect_ratio"] = "anyres_max_3"
    lc["image_grid_pinpoints"] = [[30, 60], [60, 90], [90, 60], [60, 60], [90, 90]]
    lc["vision_config"].update({"image_size": 30, "patch_size": 6, "hidden_size": 48,
                                "intermediate_size": 100, "num_attention_heads": 3})
    lc["text_config"] = {"model_type": "mistral", "hidden_size": 60, "intermediate_size": 124,
                         "num_hidden_layers": 3, "num_attention_heads": 5,
                         "num_key_value_heads": 5, "head_dim": 12, "hidden_act": "silu",
                         "max_position_embeddings": 512, "rms_norm_eps": 1e-5,
                         "sliding_window": None,
                         "rope_parameters": {"rope_type": "default", "rope_theta": 1e6},
                         "tie_word_embeddings": False}
    o["processor"].update({"size": {"height": 30, "width": 30}, "num_image_tokens": 25})
    return {n["name"]: n, o["name"]: o}


def main() -> int:
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else paths.cache_dir() / "unseen"
    for built in unseen.ensure(specs(fixtures.SPEC_DIR), out):
        print(built)
    return 0


if __name__ == "__main__":
    sys.exit(main())
