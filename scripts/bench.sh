#!/usr/bin/env bash
# The side-by-side benchmark: vlmxla (pjrt-cpu, iree-cpu) against Transformers eager on the
# shape-faithful llava-interleave-qwen-0.5b checkpoint (built once into $VLMXLA_CACHE, ~3.6 GB).
# Writes bench/results/<date>-<machine>.json and .png. Extra arguments go to python -m vlmxla_bench
# (--quick: the tiny fixture, a pipeline check in about a minute; --backends, --decode-tokens, ...;
# --llamacpp DIR: llama.cpp beside vlmxla, bench/README.md "llama.cpp beside vlmxla").
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  echo "[bench] no .venv: run scripts/setup.sh first" >&2
  exit 2
fi
export VLMXLA_BIN="${VLMXLA_BIN:-$PWD/build/vlmxla}"
if [ ! -x "$VLMXLA_BIN" ]; then
  echo "[bench] no vlmxla binary at $VLMXLA_BIN: run scripts/setup.sh first (or set VLMXLA_BIN)" >&2
  exit 2
fi
PYTHONPATH=python exec .venv/bin/python -m vlmxla_bench "$@"
