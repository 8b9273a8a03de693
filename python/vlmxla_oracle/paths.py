"""Where generated artifacts live: $VLMXLA_CACHE, else ~/.cache/vlmxla. Never inside Git."""

import contextlib
import fcntl
import os
import pathlib
import tempfile


def cache_dir() -> pathlib.Path:
    root = os.environ.get("VLMXLA_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "vlmxla")
    path = pathlib.Path(root)
    path.mkdir(parents=True, exist_ok=True)
    return path


def fixtures_dir() -> pathlib.Path:
    return cache_dir() / "fixtures"


def images_dir() -> pathlib.Path:
    return cache_dir() / "images"


def captures_dir() -> pathlib.Path:
    """Oracle captures of the fixtures' cases; under an ISA cap (isa.py) a directory of its own."""
    from . import isa

    return cache_dir() / f"captures{isa.tag()}"


def resolve_image(path: str) -> pathlib.Path:
    """A case's image path: absolute as given; relative, under the cache directory (as `vlmxla
    validate --case` resolves it), so cases and their captures travel between machines."""
    p = pathlib.Path(path)
    return p if p.is_absolute() else cache_dir() / p


def relative_to_cache(path: pathlib.Path) -> str:
    """How a case names `path`: relative to the cache directory when it lies inside it."""
    try:
        return str(pathlib.Path(path).resolve().relative_to(cache_dir().resolve()))
    except ValueError:
        return str(path)


def write_atomic(path: pathlib.Path, data: bytes | str, mode: int = 0o644) -> bool:
    """Writes `data` to `path` through a temporary sibling and a rename, and only when the bytes
    differ: a reader in another process (a vlmxla run, a second test worker or gate on the same
    cache) sees the old file or the new one, never a half-written one. True when it wrote."""
    path = pathlib.Path(path)
    data = data.encode("utf-8") if isinstance(data, str) else data
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass  # absent or unreadable: write it
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return True


@contextlib.contextmanager
def cache_lock(name: str):
    """An exclusive lock named `name` in $VLMXLA_CACHE/locks, held for the block: processes that
    build the same cached artifact (a fixture, a capture) take turns, so the second finds the
    first's result current instead of rebuilding it under the first's readers."""
    locks = cache_dir() / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
    with open(locks / f"{safe}.lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
