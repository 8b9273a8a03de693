"""The oracle's model families, one module each, keyed by config.json's model_type.

A family module holds what the oracle knows of one family: MODEL_TYPES (the model_type values it
serves), KINDS (model_type -> the kind that selects cases and fixture builds), CASE_NAMES and
GENERATING_CASE_NAMES (the standard suite cases.py writes, and those that decode), FIXTURES (its
tiny fixtures), TOLERANCE_GROUP (the tolerances.json section group measured on its fixtures, or
None for the plain sections), VISION_WEIGHTS (the checkpoint name prefixes of its vision side) and
capture(model_dir, case, out_dir, dtype) (Transformers on one case, every stage recorded through
capture.py's helpers), and optionally processor_call_kwargs(processor) (what every call of its
processor must pass: call_kwargs below). The gate, the cases and the comparison
know families only through this registry. Adding a family is one line here
(docs/adding-a-family.md).
"""

from __future__ import annotations

import json
import pathlib

from . import gemma3, llava, llava_next, llava_onevision, qwen2_vl, qwen3_vl, text

# One entry per family.
FAMILIES = (llava, qwen2_vl, text, llava_next, llava_onevision, qwen3_vl, gemma3)


class UnsupportedModelType(ValueError):
    pass


def supported_model_types() -> list[str]:
    return sorted(t for f in FAMILIES for t in f.MODEL_TYPES)


def for_model_type(model_type: str):
    """The family module serving `model_type`; an error listing the supported ones."""
    for f in FAMILIES:
        if model_type in f.MODEL_TYPES:
            return f
    raise UnsupportedModelType(f"model_type {model_type!r} is not supported (supported: "
                               f"{', '.join(supported_model_types())})")


def model_type(model_dir: pathlib.Path) -> str:
    config = json.loads((pathlib.Path(model_dir) / "config.json").read_text(encoding="utf-8"))
    return config.get("model_type")


def for_model_dir(model_dir: pathlib.Path):
    try:
        return for_model_type(model_type(model_dir))
    except UnsupportedModelType as err:
        raise UnsupportedModelType(f"{model_dir}: {err}") from None


def kind_of(model_type_: str) -> str:
    return for_model_type(model_type_).KINDS[model_type_]


def by_kind(kind: str):
    """The family module of a kind (capture.model_kind's value)."""
    for f in FAMILIES:
        if kind in f.KINDS.values():
            return f
    raise KeyError(f"no family has kind {kind!r}")


def all_kinds() -> list[str]:
    return list(dict.fromkeys(k for f in FAMILIES for k in f.KINDS.values()))


def tolerance_groups() -> dict[str, str]:
    """model_type -> tolerance section group, for the families measured on their own fixtures."""
    return {t: f.TOLERANCE_GROUP for f in FAMILIES if f.TOLERANCE_GROUP for t in f.MODEL_TYPES}


def call_kwargs(processor) -> dict:
    """The keyword arguments every call of `processor` passes (fixture teaching, case lengths,
    capture): its family's processor_call_kwargs, or none."""
    for f in FAMILIES:
        if hasattr(f, "processor_call_kwargs") and type(processor).__name__ in getattr(
                f, "PROCESSOR_CLASSES", ()):
            return f.processor_call_kwargs(processor)
    return {}
