#!/usr/bin/env bash
# The LLaVA reference gate (see python/vlmxla_oracle/gate.py):
#   scripts/xla/validate_llava_reference.sh [--model DIR | --fixture NAME]
#       [--backend pjrt-cpu|iree-cpu|iree-cuda|all] [--case NAME]... [--report FILE.json]
#       [--update-baselines] [--no-surfaces]   (all = the CPU backends)
# Exits 0 only when every case passed every stage; unavailable stages fail the gate.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec .venv/bin/python -m vlmxla_oracle.gate "$@"
