"""The cache of compiled programs through the CLI: a second `vlmxla run` loads its PJRT programs
from $VLMXLA_CACHE/pjrt and answers the same, `--no-cache` neither reads nor writes it, and a
damaged entry costs one warning line and a recompile, never the answer."""

import os
import subprocess

import pytest
from vlmxla_oracle import testing

MODEL = "tiny-llama"


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures((MODEL,))[MODEL]


def _run(vlmxla_bin, model_dir, cache, *flags):
    proc = subprocess.run(
        [str(vlmxla_bin), "run", "--model", str(model_dir), "--prompt", "hello there",
         "--max-tokens", "6", "--context", "256", *flags],
        check=False, capture_output=True, text=True, timeout=300,
        env={**os.environ, "VLMXLA_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    return proc


def _entries(cache):
    return sorted((cache / "pjrt").glob("*.pjrt"))


def test_a_second_run_loads_its_programs_and_answers_the_same(vlmxla_bin, model_dir, tmp_path):
    first = _run(vlmxla_bin, model_dir, tmp_path)
    entries = _entries(tmp_path)
    assert len(entries) == 2, first.stderr  # prefill and decode
    stamps = {p: p.stat().st_mtime_ns for p in entries}
    second = _run(vlmxla_bin, model_dir, tmp_path)
    assert second.stdout == first.stdout
    assert _entries(tmp_path) == entries  # nothing new was stored
    assert "warning" not in second.stderr
    # A hit refreshes the entry's time (the LRU bound evicts by it).
    assert all(p.stat().st_mtime_ns >= stamps[p] for p in entries)


def test_no_cache_leaves_no_entry(vlmxla_bin, model_dir, tmp_path):
    _run(vlmxla_bin, model_dir, tmp_path, "--no-cache")
    assert not (tmp_path / "pjrt").exists()


def test_a_damaged_entry_is_one_warning_and_a_recompile(vlmxla_bin, model_dir, tmp_path):
    first = _run(vlmxla_bin, model_dir, tmp_path)
    entries = _entries(tmp_path)
    assert entries
    data = entries[0].read_bytes()
    entries[0].write_bytes(data[: len(data) // 2])
    second = _run(vlmxla_bin, model_dir, tmp_path)
    assert second.stdout == first.stdout
    warnings = [line for line in second.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1, second.stderr
    assert str(entries[0]) in warnings[0]
    # Replaced by a whole entry (XLA's serialization differs run to run, so not byte-equal): its
    # header's length is the payload's, and the next run loads it without a word.
    header, length_and_digest, payload = entries[0].read_bytes().split(b"\n", 2)
    assert header == b"vlmxla-sealed-v1"
    assert int(length_and_digest.split(b" ")[0]) == len(payload)
    third = _run(vlmxla_bin, model_dir, tmp_path)
    assert third.stdout == first.stdout
    assert "warning" not in third.stderr


def test_a_bad_size_bound_is_refused_naming_the_variable(vlmxla_bin, model_dir, tmp_path):
    proc = subprocess.run(
        [str(vlmxla_bin), "run", "--model", str(model_dir), "--prompt", "hi", "--max-tokens",
         "1", "--context", "256"],
        check=False, capture_output=True, text=True, timeout=300,
        env={**os.environ, "VLMXLA_CACHE": str(tmp_path),
             "VLMXLA_CACHE_MAX_MB": "lots"})
    assert proc.returncode != 0
    assert "VLMXLA_CACHE_MAX_MB='lots'" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) <= 3, proc.stderr
