#!/usr/bin/env bash
# The multimodal reference gate (see python/vlmxla_gate/gate.py), one family at a time:
#   scripts/xla/validate_vlm_reference.sh [--family llava|qwen2_vl|qwen2_5_vl|llava_next]
#       [--model DIR | --fixture NAME]
#       [--backend pjrt-cpu|iree-cpu|pjrt-cuda|iree-cuda|pjrt|all] [--plugin SO]
#       [--case NAME]... [--report FILE.json] [--dtype float32|bfloat16|float16|all]...
#       [--weights stored|int8|int4|w8a8|w4a8]
#       [--baselines FILE] [--update-baselines] [--no-surfaces]   (all = the CPU backends;
#       pjrt needs --plugin; a backend that cannot start here is reported UNAVAILABLE, not passed)
# --family (default llava; --model DIR infers it from config.json's model_type): llava runs
# tiny-llava-clip-llama and tiny-llava-siglip-qwen2 on image_text, two_images, no_image,
# malformed_placeholder, context_overflow; qwen2_vl runs tiny-qwen2-vl and qwen2_5_vl
# tiny-qwen2.5-vl on those five plus two_sizes (two images of different resolutions in one
# prompt); llava_next runs tiny-llava-next on the five plus two_aspects (a wide and a tall image
# in one prompt). The report's "family" says which ran.
# --dtype (repeatable): vlmxla --dtype D against Transformers in D at the tolerances measured
# for D; default: all three for the fixtures (their -bf16/-f16 variants hold the same weights),
# the checkpoint's stored dtype for --model DIR.
# --weights int8|int4: vlmxla --weights against Transformers on the dequantized weights W' (the
# same definition, docs/validation.md), at the float tolerances; greedy tokens stay exact. The
# report adds top1_agreement and mean_kl against the unquantized model.
# --weights w8a8: int8's weights with each product's input rows quantized to int8 per row as it
# runs; the oracle quantizes its activations the same way, at tolerances measured for w8a8 (an
# activation that sits at a rounding tie moves by a whole step under float noise). --weights
# w4a8: int4's weights with the same activations (its head w8a8's).
# Exits 0 only when every case passed every stage; unavailable stages fail the gate.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python -m vlmxla_gate.gate "$@"
