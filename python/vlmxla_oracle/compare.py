"""Stage-by-stage comparison of a candidate capture against a reference (oracle) capture.

A capture directory holds `manifest.json` (stage list in pipeline order, text stage values, or an
expected "error") and `stages.safetensors` (one tensor per non-text stage). The comparison walks
the reference manifest in order, checks each stage with `|a-r| <= atol + rtol*|r|` (float stages,
in float64) or exact equality (integer and text stages), and names the first divergent stage.
Anything it cannot check (missing stage, shape/dtype drift, NaN/Inf, missing tolerance, ...) fails.

Dtypes: a run's compute dtype (f32, bf16, f16) is the dtype of its computed stages, so the
tolerance section a stage reads is the run's: "bf16" for a bfloat16 run's vision states,
features, embeddings and K/V. Host stages keep their own dtype in every run (pixel_values f32,
ids i64/i32) and read that section. The one sanctioned dtype change of a narrow run is the
logits: vlmxla returns float32 logits holding values rounded to the compute dtype, the oracle
stores the model's bf16/f16 logits, so "bf16->f32" / "f16->f32" sections allow exactly
prefill_logits; any other change of dtype fails as dtype drift. `compare(..., dtype="bf16")` also
checks that both manifests declare that compute dtype (a "compute_dtype" row).
`distances()` measures (without judging) how far each float stage of one capture is from another,
e.g. from a float32 reference.

Families: a reference manifest names its model's family ("family": llava, text, qwen2_vl,
qwen2_5_vl). A family with its own measured bounds (the Qwen ones: group "qwen") looks a stage up
in the section "<group>/<section>" ("qwen/f32", "qwen/bf16", "qwen/bf16->f32", ...) first; a
stage none of its patterns match there (the host stages, pixel_values; int dtype changes) reads
the plain section as every family does.

Activations: a reference captured from a w8a8 copy (manifest "activations": "int8 per token
(w8a8)", capture.py) looks a stage up in "w8a8/<section>" ("w8a8/bf16", "w8a8/bf16->f32",
"w8a8/f16", ...) before the family's group and the plain section: in a narrow dtype the
activations' rounding to whole int8 quanta moves the decoder's stages by more than the float
noise, measured on their own (`measure-tolerances --weights w8a8`); stages no quantized product
computes (the vision side, inputs_embeds, pixel_values) have no entry there and read the sections
they read without it. float32 has no "w8a8/f32": it keeps the float32 bounds (measure.py's
W8A8_F32_WHY). A w4a8 copy's reference (int4's projections, the same int8 per-token activations:
"int8 per token (w4a8)") reads "w4a8/<section>" the same way, measured on its own
(`measure-tolerances --weights w4a8`: its logits' noise exceeds w8a8's bounds), and its float32
near-ties "w4a8-tie/f32".
"""

from __future__ import annotations

import argparse
import dataclasses
import fnmatch
import json
import math
import pathlib
import sys

import numpy as np

from . import quantize

MANIFEST = "manifest.json"
TENSORS = "stages.safetensors"
SCHEMA = 1
DEFAULT_TOLERANCES = pathlib.Path(__file__).with_name("tolerances.json")
# Guards max_rel against division by zero where the reference is exactly 0.
TINY = float(np.finfo(np.float32).tiny)
def tolerance_group(manifest: dict) -> str | None:
    """The section group of a reference manifest's family, its model_type (None: the plain
    sections; families.tolerance_groups)."""
    from . import families

    return families.tolerance_groups().get(manifest.get("family"))


# A reference manifest's "activations" -> the section prefix its captures read first.
# w4a8's activations are w8a8's but its weights are not, and its measured noise is its own
# (measure.W4A8_SECTIONS_WHY).
ACTIVATION_SECTIONS = {quantize.W8A8_ACTIVATIONS: "w8a8", quantize.W4A8_ACTIVATIONS: "w4a8"}


# A float32 w8a8 capture is an activation near-tie when one of its quantized activations lies
# within this many float32 roundings (relative) of a rounding tie (its manifest's
# "activation_margin", capture.record_tie_margin): the engine's norms and residual adds reach the
# products' inputs a few roundings from the oracle's, so such a value may round a whole step the
# other way there (a "flip"), moving the product by scale_x * |W| (~1e-3 on the fixtures, up to
# 0.1 on the logits after the layers above it), far beyond float32's bounds.
ACTIVATION_TIE_ROUNDINGS = 16
F32_ROUNDING = 2.0 ** -24


def activation_near_tie(manifest: dict) -> bool:
    """Whether a reference capture is a float32 w8a8 or w4a8 activation near-tie (above). In bf16
    and f16 the noise makes flips routine and their measured sections hold them: never a
    near-tie."""
    margin = manifest.get("activation_margin")
    return (bool(margin) and manifest.get("dtype") == "f32"
            and margin["min_rel"] <= ACTIVATION_TIE_ROUNDINGS * F32_ROUNDING)


def activation_group(manifest: dict) -> str | None:
    """The section group of a reference capture's activation quantization: "w8a8" for a w8a8
    copy's capture, "w8a8-tie" for one that is an activation near-tie (its float32 stages read
    the flip bounds, "w8a8-tie/f32"); "w4a8" and "w4a8-tie" for a w4a8 copy's likewise; None for
    every other, whose manifest has no "activations"."""
    group = ACTIVATION_SECTIONS.get(manifest.get("activations"))
    return f"{group}-tie" if group and activation_near_tie(manifest) else group

# safetensors dtype tag -> (manifest name, numpy dtype used to read the raw bytes).
_ST_DTYPES = {
    "F64": ("f64", "<f8"), "F32": ("f32", "<f4"), "F16": ("f16", "<f2"), "BF16": ("bf16", "<u2"),
    "I64": ("i64", "<i8"), "I32": ("i32", "<i4"), "I16": ("i16", "<i2"), "I8": ("i8", "i1"),
    "U64": ("u64", "<u8"), "U32": ("u32", "<u4"), "U16": ("u16", "<u2"), "U8": ("u8", "u1"),
    "BOOL": ("bool", "?"),
}
_FLOAT_DTYPES = {"f64", "f32", "f16", "bf16"}
_INT_DTYPES = {"i64", "i32", "i16", "i8", "u64", "u32", "u16", "u8", "bool"}


class CaptureError(Exception):
    """A capture directory or tolerance table that cannot be read at all."""


@dataclasses.dataclass
class Row:
    stage: str
    dtype: str | None = None  # "f32", or "f32->f16" when the candidate's dtype differs
    shape: list[int] | None = None
    max_abs: float | None = None
    max_rel: float | None = None
    mismatches: int | None = None  # elements failing the check (or 1 for a failed text/meta row)
    atol: float | None = None
    rtol: float | None = None
    passed: bool = False
    detail: str = ""

    def to_json(self) -> dict:
        out = dataclasses.asdict(self)
        out["pass"] = out.pop("passed")
        return out


@dataclasses.dataclass
class Report:
    rows: list[Row]
    first_divergence: str | None
    passed: bool  # `pass` is a keyword; the JSON report spells it "pass"

    def to_json(self) -> dict:
        return {"pass": self.passed, "first_divergence": self.first_divergence,
                "stages": [r.to_json() for r in self.rows]}


# ----------------------------------------------------------------------------- capture reading


class _Capture:
    """A manifest plus a lazily read safetensors file (tensors are memory-mapped on demand)."""

    def __init__(self, root: pathlib.Path):
        self.root = pathlib.Path(root)
        try:
            self.manifest = json.loads((self.root / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise CaptureError(f"{self.root / MANIFEST}: cannot read manifest: {e}") from e
        if not isinstance(self.manifest, dict) or self.manifest.get("schema") != SCHEMA:
            raise CaptureError(f"{self.root / MANIFEST}: expected an object with schema {SCHEMA}")
        stages = self.manifest.get("stages", [])
        if not isinstance(stages, list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) for s in stages):
            raise CaptureError(f"{self.root / MANIFEST}: 'stages' must be a list of named objects")
        self.stages = {s["name"]: s for s in stages}
        self.order = [s["name"] for s in stages]
        self._header: dict | None = None

    def _read_header(self) -> dict:
        if self._header is None:
            path = self.root / TENSORS
            try:
                with open(path, "rb") as f:
                    n = int.from_bytes(f.read(8), "little")
                    header = json.loads(f.read(n))
                size = path.stat().st_size
            except (OSError, ValueError) as e:
                raise CaptureError(f"{path}: cannot read safetensors header: {e}") from e
            header.pop("__metadata__", None)
            self._header = {"base": 8 + n, "size": size, "tensors": header}
        return self._header

    def tensor_names(self) -> set[str]:
        return set(self._read_header()["tensors"])

    def tensor(self, name: str) -> tuple[str, np.ndarray]:
        """Returns (manifest dtype name, array); bf16 is widened to float32 exactly."""
        h = self._read_header()
        info = h["tensors"].get(name)
        if info is None:
            raise CaptureError(f"'{name}' is not in {self.root / TENSORS}")
        tag = info.get("dtype")
        if tag not in _ST_DTYPES:
            raise CaptureError(f"'{name}' has unsupported safetensors dtype {tag!r}")
        dname, npdt = _ST_DTYPES[tag]
        shape = tuple(int(d) for d in info["shape"])
        start, end = (int(x) for x in info["data_offsets"])
        want = math.prod(shape) * np.dtype(npdt).itemsize
        if end - start != want or h["base"] + end > h["size"]:
            raise CaptureError(f"'{name}' byte range [{start}, {end}) does not fit shape "
                               f"{list(shape)} {dname} in {self.root / TENSORS}")
        if want == 0:
            arr = np.zeros(shape, dtype=npdt)
        else:
            arr = np.memmap(self.root / TENSORS, dtype=npdt, mode="r",
                            offset=h["base"] + start, shape=shape)
        if dname == "bf16":  # bf16 is the top half of a float32
            arr = (arr.astype(np.uint32) << 16).view(np.float32)
        return dname, arr


# ----------------------------------------------------------------------------- tolerances


def load_tolerances(path: str | pathlib.Path | None = None) -> dict:
    """Reads and validates a tolerance table (default: the committed tolerances.json)."""
    path = pathlib.Path(path) if path else DEFAULT_TOLERANCES
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise CaptureError(f"{path}: cannot read tolerance table: {e}") from e
    validate_tolerances(table, str(path))
    return table


def validate_tolerances(table: dict, where: str = "tolerances") -> None:
    if not isinstance(table, dict):
        raise CaptureError(f"{where}: must be an object keyed by dtype")
    for key, section in table.items():
        if key.startswith("_"):
            continue
        if not isinstance(section, dict):
            raise CaptureError(f"{where}: section '{key}' must be an object keyed by stage pattern")
        for pattern, entry in section.items():
            if pattern.startswith("_"):
                continue
            ok = isinstance(entry, dict) and all(
                isinstance(entry.get(k), (int, float)) and not isinstance(entry.get(k), bool)
                and math.isfinite(entry[k]) and entry[k] >= 0 for k in ("atol", "rtol"))
            if not ok:
                raise CaptureError(f"{where}: '{key}'/'{pattern}' needs finite atol >= 0, rtol >= 0")


def lookup_tolerance(table: dict, ref_dtype: str, cand_dtype: str, stage: str,
                     group: str | None = None, activations: str | None = None):
    """Returns ((atol, rtol), None) or (None, why-not). Same dtype reads section `ref_dtype`;
    a dtype change reads only an explicit `ref->cand` section. First matching pattern wins.
    `activations` (activation_group): its "<activations>/<key>" section is searched first, then
    `group`'s (tolerance_group) "<group>/<key>", then the plain one."""
    key = ref_dtype if ref_dtype == cand_dtype else f"{ref_dtype}->{cand_dtype}"
    for prefix in (activations, group):
        own = table.get(f"{prefix}/{key}") if prefix else None
        for pattern, entry in (own.items() if isinstance(own, dict) else ()):
            if not pattern.startswith("_") and fnmatch.fnmatchcase(stage, pattern):
                return (float(entry["atol"]), float(entry["rtol"])), None
    section = table.get(key)
    if not isinstance(section, dict):
        if ref_dtype != cand_dtype:
            return None, (f"dtype drift: reference {ref_dtype}, candidate {cand_dtype}, and the "
                          f"tolerance table has no '{key}' section allowing it")
        return None, f"no tolerance section for dtype '{key}'"
    for pattern, entry in section.items():
        if not pattern.startswith("_") and fnmatch.fnmatchcase(stage, pattern):
            return (float(entry["atol"]), float(entry["rtol"])), None
    return None, f"no tolerance entry matches stage '{stage}' in section '{key}'"


# ----------------------------------------------------------------------------- per-stage checks


def _first_text_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def _compare_text(row: Row, ref: _Capture, cand: _Capture) -> None:
    name = row.stage
    row.dtype, row.atol, row.rtol = "text", 0.0, 0.0
    r, c = ref.manifest.get(name), cand.manifest.get(name)
    if not isinstance(r, str):
        row.detail = f"reference manifest lists text stage '{name}' but has no string value for it"
        return
    if not isinstance(c, str):
        row.detail = f"candidate manifest has no string value for text stage '{name}'"
        return
    row.shape = [len(r)]
    if r == c:
        row.passed, row.mismatches = True, 0
        return
    i = _first_text_difference(r, c)
    row.mismatches = 1
    row.detail = (f"text differs at character {i} (reference {len(r)} chars, candidate {len(c)}): "
                  f"reference {r[max(0, i - 10):i + 20]!r} vs candidate {c[max(0, i - 10):i + 20]!r}")


def _stats(a64: np.ndarray, r64: np.ndarray, finite: np.ndarray) -> tuple[float, float]:
    diff = np.abs(a64 - r64)
    if not finite.any():
        return 0.0, 0.0
    d = diff[finite]
    rel = d / np.maximum(np.abs(r64[finite]), TINY)
    return float(d.max()), float(rel.max())


def _compare_arrays(row: Row, kind: str, r: np.ndarray, c: np.ndarray) -> None:
    if kind == "int":
        r64, c64 = r.astype(np.int64), c.astype(np.int64)
        bad = r64 != c64
        row.mismatches = int(bad.sum())
        diff = np.abs(c64 - r64).astype(np.float64)
        row.max_abs = float(diff.max()) if diff.size else 0.0
        rel = diff / np.maximum(np.abs(r64).astype(np.float64), TINY)
        row.max_rel = float(rel.max()) if rel.size else 0.0
        if row.mismatches:
            k = int(np.flatnonzero(bad.ravel())[0])
            idx = tuple(int(i) for i in np.unravel_index(k, r.shape))
            row.detail = (f"{row.mismatches} of {r.size} elements differ (exact stage); first at "
                          f"{list(idx)}: reference {int(r64[idx])} vs candidate {int(c64[idx])}")
        row.passed = row.mismatches == 0
        return
    r64, c64 = r.astype(np.float64), c.astype(np.float64)
    finite = np.isfinite(r64) & np.isfinite(c64)
    row.max_abs, row.max_rel = _stats(c64, r64, finite)
    ok = finite & (np.abs(c64 - r64) <= row.atol + row.rtol * np.abs(r64))
    row.mismatches = int(r.size - ok.sum())
    notes = []
    if not finite.all():
        counts = [f"{who} {int(np.isnan(x).sum())} NaN, {int(np.isinf(x).sum())} Inf"
                  for who, x in (("reference", r64), ("candidate", c64))]
        notes.append("non-finite values (" + "; ".join(counts) + ")")
    if row.mismatches:
        worst = np.where(finite, np.abs(c64 - r64) - row.rtol * np.abs(r64), np.inf)
        k = int(np.argmax(worst.ravel()))
        idx = tuple(int(i) for i in np.unravel_index(k, r.shape))
        notes.append(f"{row.mismatches} of {r.size} elements outside tolerance; worst at "
                     f"{list(idx)}: reference {r64[idx]!r} vs candidate {c64[idx]!r}")
    row.detail = "; ".join(notes)
    row.passed = row.mismatches == 0


def _shape_drift_detail(kind: str, r: np.ndarray, c: np.ndarray) -> str:
    msg = f"shape drift: reference {list(r.shape)} vs candidate {list(c.shape)}"
    if kind == "int":  # e.g. greedy tokens of different length: say where they part ways
        rf, cf = r.ravel().astype(np.int64), c.ravel().astype(np.int64)
        n = min(rf.size, cf.size)
        diff = np.flatnonzero(rf[:n] != cf[:n])
        k = int(diff[0]) if diff.size else n
        msg += f"; flattened values first differ at index {k}"
    return msg


def _compare_tensor(row: Row, kind: str, ref: _Capture, cand: _Capture, table: dict) -> None:
    name = row.stage
    rs, cs = ref.stages[name], cand.stages[name]
    try:
        r_dt, r = ref.tensor(name)
    except CaptureError as e:
        row.detail = f"reference manifest lists '{name}' but: {e}"
        return
    row.dtype, row.shape = r_dt, list(r.shape)
    if rs.get("dtype") != r_dt or list(rs.get("shape", [])) != list(r.shape):
        row.detail = (f"reference manifest says {rs.get('dtype')} {rs.get('shape')} but its "
                      f"safetensors holds {r_dt} {list(r.shape)}")
        return
    try:
        c_dt, c = cand.tensor(name)
    except CaptureError as e:
        row.detail = f"candidate manifest lists '{name}' but: {e}"
        return
    if cs.get("dtype") != c_dt or list(cs.get("shape", [])) != list(c.shape):
        row.detail = (f"candidate manifest says {cs.get('dtype')} {cs.get('shape')} but its "
                      f"safetensors holds {c_dt} {list(c.shape)}")
        return
    want = _FLOAT_DTYPES if kind == "float" else _INT_DTYPES
    for who, dt in (("reference", r_dt), ("candidate", c_dt)):
        if dt not in want:
            row.detail = f"{who} dtype {dt} does not fit stage kind '{kind}'"
            return
    if c_dt != r_dt:
        row.dtype = f"{r_dt}->{c_dt}"
    if kind == "float" or c_dt != r_dt:
        tol, why = lookup_tolerance(table, r_dt, c_dt, name, tolerance_group(ref.manifest),
                                    activation_group(ref.manifest))
        if tol is None:
            row.detail = why
            return
        row.atol, row.rtol = tol
        if kind == "int" and tol != (0.0, 0.0):
            row.detail = f"integer stage '{name}' compares exactly; its entry must be atol=0, rtol=0"
            return
    else:
        row.atol, row.rtol = 0.0, 0.0
    if r.shape != c.shape:
        row.detail = _shape_drift_detail(kind, r, c)
        return
    _compare_arrays(row, kind, r, c)


def _compare_error(ref_err, cand_err) -> Row:
    row = Row(stage="error", mismatches=1)
    if not isinstance(ref_err, dict) or not ref_err.get("reason"):
        row.detail = "reference 'error' has no 'reason' to match against"
    elif not isinstance(cand_err, dict):
        row.detail = (f"reference expects a failure with reason '{ref_err['reason']}' "
                      f"({ref_err.get('type')}: {ref_err.get('message')}) but the candidate succeeded")
    elif cand_err.get("reason") != ref_err["reason"]:
        row.detail = (f"failure reason differs: reference '{ref_err['reason']}' vs candidate "
                      f"'{cand_err.get('reason')}' ({cand_err.get('message')})")
    else:
        row.passed, row.mismatches = True, 0
        row.detail = f"both failed with reason '{ref_err['reason']}'"
    return row


# ----------------------------------------------------------------------------- the walk


def compare(reference_dir, candidate_dir, tolerances: dict | None = None,
            stages: list[str] | None = None, dtype: str | None = None) -> Report:
    """Compares two capture directories. `stages` (names or fnmatch patterns) limits the walk;
    `dtype` (f32, bf16, f16) is the run's compute dtype, which both manifests must declare.
    Raises CaptureError only when the reference or the tolerance table is unreadable."""
    table = load_tolerances() if tolerances is None else tolerances
    validate_tolerances(table)
    ref = _Capture(reference_dir)
    order = ref.order
    rows: list[Row] = []
    if stages is not None:
        for pattern in stages:
            if not any(fnmatch.fnmatchcase(n, pattern) for n in order):
                rows.append(Row(stage=pattern, mismatches=1,
                                detail="requested stage is not in the reference manifest"))
        order = [n for n in order if any(fnmatch.fnmatchcase(n, p) for p in stages)]
    try:
        cand = _Capture(candidate_dir)
    except CaptureError as e:
        rows.insert(0, Row(stage="manifest", mismatches=1, detail=f"candidate: {e}"))
        return _finish(rows)
    if dtype is not None:
        rows.append(_dtype_row(dtype, ref, cand))
    for name in order:
        row = Row(stage=name)
        rows.append(row)
        kind = ref.stages[name].get("kind")
        if kind not in ("float", "int", "text"):
            row.detail = f"unknown stage kind {kind!r} in the reference manifest"
            continue
        if name not in cand.stages:
            row.detail = f"stage '{name}' missing from the candidate manifest"
            continue
        if cand.stages[name].get("kind") != kind:
            row.detail = f"kind drift: reference '{kind}' vs candidate {cand.stages[name].get('kind')!r}"
            continue
        try:
            if kind == "text":
                _compare_text(row, ref, cand)
            else:
                _compare_tensor(row, kind, ref, cand, table)
        except CaptureError as e:
            row.detail = str(e)
    if stages is None and ("error" in ref.manifest or "error" in cand.manifest):
        if "error" in ref.manifest:
            rows.append(_compare_error(ref.manifest["error"], cand.manifest.get("error")))
        else:
            err = cand.manifest["error"]
            rows.append(Row(stage="error", mismatches=1,
                            detail=f"candidate failed unexpectedly: {err}"))
    return _finish(rows)


def _dtype_row(dtype: str, ref: _Capture, cand: _Capture) -> Row:
    """Both captures must declare the run's compute dtype (the oracle's manifest_header and
    `vlmxla validate` always write "dtype"; a manifest without one fails this row)."""
    r, c = ref.manifest.get("dtype"), cand.manifest.get("dtype")
    row = Row(stage="compute_dtype", dtype=dtype, atol=0.0, rtol=0.0)
    if r == c == dtype:
        row.passed, row.mismatches = True, 0
    else:
        row.mismatches = 1
        row.detail = (f"compute dtype: the run asked for {dtype}, the reference manifest says "
                      f"{r}, the candidate's says {c}"
                      + ("" if "dtype" in cand.manifest else " (the candidate declares none)"))
    return row


def distances(reference_dir, other_dir, stages: list[str] | None = None) -> dict[str, dict]:
    """{stage: {"max_abs", "max_rel", "dtype"}} for every float stage both captures hold, whatever
    their dtypes (both widened to float64): a measurement, never a verdict."""
    ref, other = _Capture(reference_dir), _Capture(other_dir)
    out = {}
    for name in ref.order:
        if stages is not None and not any(fnmatch.fnmatchcase(name, p) for p in stages):
            continue
        if ref.stages[name].get("kind") != "float" or name not in other.stages:
            continue
        if other.stages[name].get("kind") != "float":
            continue
        try:
            r_dt, r = ref.tensor(name)
            o_dt, o = other.tensor(name)
        except CaptureError:
            continue
        if r.shape != o.shape:
            continue
        r64, o64 = r.astype(np.float64), o.astype(np.float64)
        finite = np.isfinite(r64) & np.isfinite(o64)
        max_abs, max_rel = _stats(o64, r64, finite)
        out[name] = {"max_abs": max_abs, "max_rel": max_rel, "dtype": f"{o_dt} vs {r_dt}",
                     "non_finite": int(r.size - finite.sum())}
    return out


def _finish(rows: list[Row]) -> Report:
    failing = [r for r in rows if not r.passed]
    if not rows:
        rows = [Row(stage="manifest", mismatches=1, detail="nothing to compare")]
        failing = rows
    return Report(rows=rows, first_divergence=failing[0].stage if failing else None,
                  passed=not failing)


# ----------------------------------------------------------------------------- CLI


def _fmt(v) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.3g}"
    if isinstance(v, list):
        return "[" + ",".join(str(d) for d in v) + "]"
    return str(v)


def format_table(report: Report) -> str:
    head = ["stage", "dtype", "shape", "max_abs", "max_rel", "mismatches", "atol", "rtol", "pass"]
    body = [[r.stage, r.dtype, r.shape, r.max_abs, r.max_rel, r.mismatches, r.atol, r.rtol,
             "ok" if r.passed else "FAIL"] for r in report.rows]
    cells = [head] + [[_fmt(v) for v in line] for line in body]
    widths = [max(len(line[i]) for line in cells) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip() for line in cells]
    lines += [f"  {r.stage}: {r.detail}" for r in report.rows if r.detail and not r.passed]
    if report.first_divergence:
        lines.append(f"first divergent stage: {report.first_divergence}")
    else:
        lines.append("all stages within tolerance")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle compare",
                                     description="Compare a candidate capture with a reference.")
    parser.add_argument("--reference", required=True, help="reference capture directory")
    parser.add_argument("--candidate", required=True, help="candidate capture directory")
    parser.add_argument("--tolerances", help="tolerance table (default: the committed one)")
    parser.add_argument("--json", dest="json_out", help="write the report as JSON here")
    parser.add_argument("--stages", help="comma-separated stage names or fnmatch patterns")
    parser.add_argument("--dtype", choices=["f32", "bf16", "f16"],
                        help="the run's compute dtype: both manifests must declare it")
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as e:  # argparse has already printed the usage message
        return int(e.code or 0)
    for flag, path in (("--reference", args.reference), ("--candidate", args.candidate),
                       ("--tolerances", args.tolerances)):
        if path is not None and not pathlib.Path(path).exists():
            print(f"error: {flag} {path}: no such file or directory", file=sys.stderr)
            return 2
    stages = None
    if args.stages is not None:
        stages = [s.strip() for s in args.stages.split(",") if s.strip()]
        if not stages:
            print("error: --stages needs at least one stage name", file=sys.stderr)
            return 2
    try:
        report = compare(args.reference, args.candidate, load_tolerances(args.tolerances), stages,
                         dtype=args.dtype)
    except CaptureError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(format_table(report))
    if args.json_out:
        text = json.dumps(report.to_json(), indent=2, allow_nan=False, default=str)
        pathlib.Path(args.json_out).write_text(text + "\n", encoding="utf-8")
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
