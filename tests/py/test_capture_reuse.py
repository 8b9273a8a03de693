"""Oracle captures travel: a case names its images relative to the cache directory, and a
capture is reused when the model, the case and its input files hash the same. Another
transformers/torch/pillow version is reported (capture.version_drift), not a reason to
recapture; a changed input file, model file or capture code is."""

import importlib.metadata
import json
import shutil
import subprocess

from vlmxla_oracle import capture, cases, images, paths, testing

FIXTURE = "tiny-llava-clip-llama"


def _copy_cache(tmp_path, monkeypatch):
    """A cache of our own holding the test images (the fixture stays where it is built)."""
    model_dir = testing.ensure_fixtures((FIXTURE,))[FIXTURE]
    cache = tmp_path / "cache"
    images.write_images(cache / "images")
    monkeypatch.setenv("VLMXLA_CACHE", str(cache))
    return model_dir, cache


def test_cases_name_images_relative_to_the_cache(tmp_path, monkeypatch):
    model_dir, cache = _copy_cache(tmp_path, monkeypatch)
    written = cases.write_cases(model_dir, tmp_path / "cases")
    case = json.loads(written["two_images"].read_text())
    assert case["images"] == ["images/scene.png", "images/second.png"]
    assert paths.resolve_image(case["images"][0]) == cache / "images" / "scene.png"
    # An absolute path stays as given.
    assert paths.resolve_image("/x/y.png").as_posix() == "/x/y.png"


def test_vlmxla_resolves_case_images_under_the_cache(tmp_path, monkeypatch, vlmxla_bin):
    model_dir, cache = _copy_cache(tmp_path, monkeypatch)
    case_file = cases.write_cases(model_dir, tmp_path / "cases")["image_text"]
    proc = subprocess.run([str(vlmxla_bin), "prepare", "--model", str(model_dir), "--case",
                           str(case_file)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    # Without the image under the cache, the same case names the file it could not read.
    shutil.rmtree(cache / "images")
    proc = subprocess.run([str(vlmxla_bin), "prepare", "--model", str(model_dir), "--case",
                           str(case_file)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert proc.returncode != 0
    assert str(cache / "images" / "scene.png") in proc.stderr


def test_capture_is_reused_across_library_versions_not_across_inputs(tmp_path, monkeypatch):
    model_dir, cache = _copy_cache(tmp_path, monkeypatch)
    case = json.loads(cases.write_cases(model_dir, tmp_path / "cases")["image_text"].read_text())
    out = tmp_path / "capture"
    capture.capture(model_dir, case, out)
    manifest_path = out / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    assert manifest["case"]["images"] == ["images/scene.png"]
    assert set(manifest["inputs"]) == {"images/scene.png"}
    assert capture.is_current(manifest_path, model_dir, case)
    assert capture.version_drift(manifest) == {}

    # Made with other library versions (as on the GPU image): still current, drift reported.
    manifest["oracle"]["transformers"] = "0.0.1"
    manifest["oracle"]["pillow"] = "1.0"
    manifest_path.write_text(json.dumps(manifest))
    assert capture.is_current(manifest_path, model_dir, case)
    drift = capture.version_drift(manifest)
    assert set(drift) == {"transformers", "pillow"}
    assert drift["transformers"]["captured"] == "0.0.1"

    # The same cache moved elsewhere: still current (nothing names the old place).
    moved = tmp_path / "moved"
    shutil.copytree(cache, moved)
    monkeypatch.setenv("VLMXLA_CACHE", str(moved))
    assert capture.is_current(manifest_path, model_dir, case)

    # Another image under the same name: recapture.
    (moved / "images" / "scene.png").write_bytes((moved / "images" / "second.png").read_bytes())
    assert not capture.is_current(manifest_path, model_dir, case)
    monkeypatch.setenv("VLMXLA_CACHE", str(cache))
    assert capture.is_current(manifest_path, model_dir, case)

    # Other capture code: recapture.
    manifest["oracle"]["capture_sha256"] = "0" * 64
    manifest_path.write_text(json.dumps(manifest))
    assert not capture.is_current(manifest_path, model_dir, case)



def test_the_overflow_count_is_kept_and_recounted_when_its_inputs_change(tmp_path, monkeypatch):
    """The overflow case's capacity comes from Transformers' count of its prompt, kept in the
    cache by everything the count depends on: a second write_cases reads it; another tokenizer
    file, image or library version, or an unreadable entry, counts again; the weights do not."""
    model_dir, cache = _copy_cache(tmp_path, monkeypatch)
    model = tmp_path / "model"
    shutil.copytree(model_dir, model)
    first = json.loads(cases.write_cases(model, tmp_path / "a")["context_overflow"].read_text())
    case = {k: first[k] for k in ("name", "system", "prompt", "images", "max_new_tokens")}
    counted = cases.expanded_length(model, case)
    assert first["expanded_length"] == counted and first["context_capacity"] == counted - 1
    entries = list((cache / "expanded-lengths").glob("*.json"))
    assert len(entries) == 1

    calls = []
    monkeypatch.setattr(cases, "expanded_length", lambda m, c: calls.append(c["name"]) or 1000)
    again = json.loads(cases.write_cases(model, tmp_path / "b")["context_overflow"].read_text())
    assert again == first and calls == []  # read from the cache, not counted
    # Other weights: the same count.
    weights = next(model.glob("*.safetensors"))
    weights.write_bytes(weights.read_bytes() + b" ")
    assert cases.cached_expanded_length(model, case) == counted and calls == []

    # An unreadable entry: counted again (and kept).
    entries[0].write_text("{")
    assert cases.cached_expanded_length(model, case) == 1000 and len(calls) == 1
    # The chat template (tokenizer_config.json) decides the prompt: counted again.
    config = model / "tokenizer_config.json"
    config.write_text(config.read_text() + "\n")
    assert cases.cached_expanded_length(model, case) == 1000 and len(calls) == 2
    # Another image under the same name: counted again.
    (cache / "images" / "scene.png").write_bytes((cache / "images" / "second.png").read_bytes())
    assert cases.cached_expanded_length(model, case) == 1000 and len(calls) == 3
    # Another Transformers: counted again.
    version = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version",
                        lambda lib: "0.0.1" if lib == "transformers" else version(lib))
    assert cases.cached_expanded_length(model, case) == 1000 and len(calls) == 4
