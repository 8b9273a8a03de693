#!/usr/bin/env bash
# The LLaVA reference gate (see python/vlmxla_gate/gate.py): the multimodal gate with its default
# family, the same as scripts/xla/validate_vlm_reference.sh --family llava (which also runs the
# Qwen2-VL / Qwen2.5-VL families). Kept self-contained: GPU bundles carry this script alone.
#   scripts/xla/validate_llava_reference.sh [--model DIR | --fixture NAME]
#       [--backend pjrt-cpu|iree-cpu|pjrt-cuda|iree-cuda|pjrt|all] [--plugin SO]
#       [--case NAME]... [--report FILE.json] [--dtype float32|bfloat16|float16|all]...
#       [--baselines FILE] [--update-baselines] [--no-surfaces]   (all = the CPU backends;
#       pjrt needs --plugin; a backend that cannot start here is reported UNAVAILABLE, not passed)
# --dtype (repeatable): vlmxla --dtype D against Transformers in D at the tolerances measured
# for D; default: all three for the fixtures (their -bf16/-f16 variants hold the same weights),
# the checkpoint's stored dtype for --model DIR.
# Exits 0 only when every case passed every stage; unavailable stages fail the gate.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python -m vlmxla_gate.gate "$@"
