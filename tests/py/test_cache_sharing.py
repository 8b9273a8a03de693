"""What lets several processes share one $VLMXLA_CACHE (two gate lanes, pytest workers): files
replaced whole and only when their bytes change (paths.write_atomic), and builds of the same
artifact taking turns (paths.cache_lock)."""

import multiprocessing
import os
import pathlib

from vlmxla_oracle import paths

A, B = b"a" * (4 << 20), b"b" * (3 << 20)  # large enough that a plain write is seen half done


def _writer(path: str, rounds: int) -> None:
    for i in range(rounds):
        paths.write_atomic(pathlib.Path(path), A if i % 2 else B)


def test_a_reader_sees_the_old_file_or_the_new_one_never_a_part(tmp_path):
    path = tmp_path / "case.json"
    paths.write_atomic(path, A)
    proc = multiprocessing.get_context("spawn").Process(target=_writer, args=(str(path), 60))
    proc.start()
    seen = set()
    while proc.is_alive():
        data = path.read_bytes()
        assert data in (A, B), f"read {len(data)} bytes: a half-written file"
        seen.add(data[:1])
    proc.join()
    assert proc.exitcode == 0
    assert not [p for p in tmp_path.iterdir() if p.name != "case.json"]  # no temporary left


def test_unchanged_bytes_are_not_rewritten(tmp_path):
    path = tmp_path / "image.png"
    assert paths.write_atomic(path, b"pixels")
    before = os.stat(path)
    assert not paths.write_atomic(path, b"pixels")
    after = os.stat(path)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert paths.write_atomic(path, "other")  # str is written as UTF-8
    assert path.read_bytes() == b"other" and os.stat(path).st_ino != before.st_ino


def _hold(cache: str, name: str, log: str, held, release) -> None:
    os.environ["VLMXLA_CACHE"] = cache
    with paths.cache_lock(name):
        held.set()
        release.wait(30)
        with open(log, "a") as f:
            f.write("first\n")


def test_a_second_builder_waits_for_the_first(tmp_path, monkeypatch):
    monkeypatch.setenv("VLMXLA_CACHE", str(tmp_path))
    ctx = multiprocessing.get_context("spawn")
    held, release = ctx.Event(), ctx.Event()
    log = tmp_path / "order.log"
    proc = ctx.Process(target=_hold, args=(str(tmp_path), "fixture-x", str(log), held, release))
    proc.start()
    assert held.wait(30)
    release.set()  # the holder appends "first" and only then lets go
    with paths.cache_lock("fixture-x"):
        log.open("a").write("second\n")
    proc.join(30)
    assert log.read_text() == "first\nsecond\n"
    # Another name is another lock: taken at once while nothing holds it.
    with paths.cache_lock("fixture-y"):
        pass
