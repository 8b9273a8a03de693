#!/usr/bin/env bash
# The text-only decoder gate (see python/vlmxla_gate/gate.py, suite "arch"): the same oracle
# comparison as the LLaVA gate (rendered text, ids, positions, mask, embeddings, prefill logits,
# every layer's K/V, greedy tokens and text) for the tiny Llama, Qwen2, Qwen3 and Gemma 3 fixtures.
#   scripts/xla/validate_arch.sh [--fixture NAME]... [--case NAME]...
#       [--backend pjrt-cpu|iree-cpu|pjrt-cuda|iree-cuda|pjrt|all] [--plugin SO]
#       [--dtype float32|bfloat16|float16|all]... [--weights stored|int8|int4|w8a8|w4a8]
#       [--report FILE.json] [--vlmxla BIN]   (default dtypes: all three)
# Exits 0 only when every case passed every stage; unavailable stages fail the gate.
# The multimodal path has its own gate: scripts/xla/validate_llava_reference.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python -m vlmxla_gate.gate --suite arch "$@"
