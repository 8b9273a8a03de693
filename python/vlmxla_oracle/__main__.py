"""`python -m vlmxla_oracle <subcommand> ...`: fixtures, images, cases, capture, real-checkpoint, compare,
measure-tolerances, fuzz-seeds."""

from __future__ import annotations

import importlib
import sys

# subcommand -> (module, summary); modules are imported lazily so one broken tool cannot break others.
SUBCOMMANDS = {
    "fixtures": ("vlmxla_oracle.fixtures", "build the tiny fixture checkpoints"),
    "images": ("vlmxla_oracle.images", "write the deterministic test images"),
    "cases": ("vlmxla_oracle.cases", "write the standard case files for a model"),
    "capture": (
        "vlmxla_oracle.capture",
        "run Transformers on a case and record every stage",
    ),
    "real-checkpoint": (
        "vlmxla_oracle.real_checkpoint",
        "locate and verify the pinned checkpoint",
    ),
    "compare": (
        "vlmxla_oracle.compare",
        "compare a vlmxla capture against an oracle capture",
    ),
    "fuzz-seeds": (
        "vlmxla_oracle.fuzz_seeds",
        "write the seed corpora of the libFuzzer targets (tests/fuzz)",
    ),
    "measure-tolerances": (
        "vlmxla_oracle.measure",
        "measure the oracle's own bf16/f16 noise per stage and propose tolerances",
    ),
}


def _usage() -> str:
    lines = ["usage: python -m vlmxla_oracle <subcommand> [args]", "", "subcommands:"]
    lines += [f"  {name:16s} {summary}" for name, (_, summary) in SUBCOMMANDS.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(_usage())
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in SUBCOMMANDS:
        print(f"unknown subcommand {name!r}\n{_usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(SUBCOMMANDS[name][0])
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
