"""Several gate runs in one Python process, as scripts/test.sh runs the family gates:

    python -m vlmxla_gate.sequence "--family qwen2_vl --report build/gate-qwen2-vl.json" \
        "--suite arch --fixture tiny-qwen2 --weights int8 --report build/gate-arch-int8.json"

Each argument is one gate run's command line (gate.main's arguments, split as a shell would), run
in turn with its own output, report and exit code. What the runs share is the process: torch, the
openai client and the oracle's modules are imported once, where one process per run imported them
again. Every run is run, whatever the one before it did; the exit code is 1 when any run failed
(or could not parse its arguments), 0 when all passed, and the last lines name each run's code.
"""

from __future__ import annotations

import shlex
import sys

from . import gate


def run(command_lines: list[str]) -> int:
    codes = []
    for i, line in enumerate(command_lines, 1):
        print(f"\n[gate sequence] run {i} of {len(command_lines)}: {line}", flush=True)
        try:
            code = gate.main(shlex.split(line))
        except SystemExit as e:  # argparse refusing the line: that run fails, the rest still run
            code = e.code if isinstance(e.code, int) else 2
        codes.append(code)
        sys.stdout.flush()
    for line, code in zip(command_lines, codes):
        print(f"[gate sequence] exit {code}: {line}")
    return 0 if all(code == 0 for code in codes) else 1


def main(argv: list[str] | None = None) -> int:
    lines = sys.argv[1:] if argv is None else argv
    if not lines:
        print("usage: python -m vlmxla_gate.sequence 'GATE ARGS' ['GATE ARGS' ...]",
              file=sys.stderr)
        return 2
    return run(lines)


if __name__ == "__main__":
    sys.exit(main())
