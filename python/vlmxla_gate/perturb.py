"""Fault injection for the reference gate: run vlmxla on a copy of a model whose config.json differs
in one field, compare it with the oracle of the ORIGINAL model, and see which stage diverges first.

vlmxla emits its graphs from config.json, so a one-field edit (a layer-norm epsilon, rope_theta,
an activation name) perturbs exactly one piece of the emitted StableHLO while the weights, the
tokenizer and the processor stay the same files (symlinked). The tests built on this show that the
committed tolerances catch each such fault and that the gate names the right stage.
"""

from __future__ import annotations

import json
import pathlib
import shutil

from vlmxla_oracle import compare as compare_mod

from . import gate as gate_mod


def _set_field(config: dict, dotted: str, value) -> None:
    """Sets config[a][b]... = value; the path must already exist, so a misspelt key cannot turn
    a perturbation into a silent no-op."""
    *parents, leaf = dotted.split(".")
    node = config
    for key in parents:
        if not isinstance(node.get(key), dict):
            raise KeyError(f"config.json has no object '{key}' on the path '{dotted}'")
        node = node[key]
    if leaf not in node:
        raise KeyError(f"config.json has no field '{dotted}' to perturb")
    if node[leaf] == value:
        raise ValueError(f"'{dotted}' is already {value!r}: that is no perturbation")
    node[leaf] = value


def perturbed_model(src_dir, dst_dir, edit: dict) -> pathlib.Path:
    """Writes dst_dir: config.json of src_dir with `edit` applied ({"a.b": value, ...}), every
    other file a symlink to src_dir's. Returns dst_dir."""
    src, dst = pathlib.Path(src_dir).resolve(), pathlib.Path(dst_dir)
    config = json.loads((src / "config.json").read_text(encoding="utf-8"))
    for dotted, value in edit.items():
        _set_field(config, dotted, value)
    if dst.exists():
        shutil.rmtree(dst)
    dst.mkdir(parents=True)
    for entry in src.iterdir():
        if entry.name != "config.json":
            (dst / entry.name).symlink_to(entry)
    (dst / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return dst


def compare_run(vlmxla_bin, ref_dir, run_model_dir, case: dict, cand_dir,
                backend: str = "pjrt-cpu") -> compare_mod.Report:
    """Runs `vlmxla validate` (the gate's production path) on run_model_dir and compares every
    stage of the oracle capture in ref_dir, as gate.run_case does."""
    cand_dir = pathlib.Path(cand_dir)
    if (cand_dir / "manifest.json").exists():
        (cand_dir / "manifest.json").unlink()  # never compare a previous run's capture
    proc = gate_mod._validate(pathlib.Path(vlmxla_bin), pathlib.Path(run_model_dir), case,
                              cand_dir, backend)
    if proc.returncode != 0:
        raise RuntimeError(f"vlmxla validate on {run_model_dir} exited {proc.returncode}: "
                           f"{proc.stderr.strip()[-2000:]}")
    ref_manifest = json.loads((pathlib.Path(ref_dir) / "manifest.json").read_text("utf-8"))
    stages = [s["name"] for s in ref_manifest["stages"]]
    return compare_mod.compare(ref_dir, cand_dir, stages=stages)
