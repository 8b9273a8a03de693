#!/usr/bin/env bash
# The C++ format: every tracked .cc/.h file as the pinned clang-format (python/requirements.lock)
# lays it out under .clang-format.
#   scripts/format.sh          reformat in place
#   scripts/format.sh --check  change nothing; report each misformatted line, exit 1 if any
set -euo pipefail
cd "$(dirname "$0")/.."
CF=.venv/bin/clang-format
if [ ! -x "$CF" ]; then
  echo "[format] $CF missing: run scripts/setup.sh" >&2
  exit 2
fi
mapfile -t files < <(git ls-files -- '*.cc' '*.h')
if [ "${1:-}" = "--check" ]; then
  # One clang-format run over every file: each misformatted line is reported with its file.
  if ! "$CF" --style=file --dry-run --Werror "${files[@]}"; then
    echo "[format] not formatted: run scripts/format.sh" >&2
    exit 1
  fi
  echo "[format] ${#files[@]} C++ files formatted"
else
  "$CF" --style=file -i "${files[@]}"
fi
