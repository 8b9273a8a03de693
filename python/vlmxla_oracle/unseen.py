"""Checkpoints built from specs that are not in fixture_configs/: the never-seen ones the
scripts/xla/make_unseen_*.py scripts derive from a committed spec. (Apart from fixtures.py on
purpose: that file's bytes are part of every fixture's hash.)"""

from __future__ import annotations

import json
import pathlib
import tempfile

from . import fixtures


def ensure(specs: dict[str, dict], out_root: pathlib.Path) -> list[pathlib.Path]:
    """Builds (unless current) each spec's checkpoint under out_root; the fixture builder reads
    the specs from a temporary spec directory, for this call only."""
    committed = fixtures.SPEC_DIR
    with tempfile.TemporaryDirectory() as tmp:
        for name, spec in specs.items():
            (pathlib.Path(tmp) / f"{name}.json").write_text(json.dumps(spec), encoding="utf-8")
        fixtures.SPEC_DIR = pathlib.Path(tmp)
        try:
            return [fixtures.ensure_fixture(name, out_root) for name in specs]
        finally:
            fixtures.SPEC_DIR = committed
