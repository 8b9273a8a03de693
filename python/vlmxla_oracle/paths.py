"""Where generated artifacts live: $VLMXLA_CACHE, else ~/.cache/vlmxla. Never inside Git."""

import os
import pathlib


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
