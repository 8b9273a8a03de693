"""An image size that is not a multiple of the patch size (SigLIP so400m: 384 px, patch 14, the
pinned real checkpoint's tower) leaves the last pixels unread, as Transformers' stride-14
convolution does. A copy of the SigLIP fixture at 39 px with patch 8 (same 4x4 grid, same
weights) must pass every stage against the oracle of that copy."""

import json

from vlmxla_gate import perturb
from vlmxla_oracle import capture, cases, testing


def test_image_size_not_a_multiple_of_the_patch(vlmxla_bin, tmp_path):
    src = testing.ensure_fixtures()["tiny-llava-siglip-qwen2"]
    config = json.loads((src / "config.json").read_text())
    patch, size = config["vision_config"]["patch_size"], config["vision_config"]["image_size"]
    odd = size + patch - 1
    assert odd % patch != 0 and odd // patch == size // patch
    model = tmp_path / "odd-size"
    model.mkdir()
    for f in src.iterdir():
        if f.name not in ("config.json", "preprocessor_config.json", "processor_config.json"):
            (model / f.name).symlink_to(f.resolve())
    config["vision_config"]["image_size"] = odd
    (model / "config.json").write_text(json.dumps(config))
    for name in ("preprocessor_config.json", "processor_config.json"):
        j = json.loads((src / name).read_text())
        proc = j.get("image_processor", j)
        proc["size"] = {"height": odd, "width": odd}
        (model / name).write_text(json.dumps(j))

    testing.ensure_images()
    case = json.loads(cases.write_cases(model, tmp_path / "cases")["image_text"].read_text())
    ref = tmp_path / "oracle"
    capture.capture(model, case, ref)
    manifest = json.loads((ref / "manifest.json").read_text())
    px = next(s for s in manifest["stages"] if s["name"] == "pixel_values")
    assert px["shape"][-2:] == [odd, odd]
    report = perturb.compare_run(vlmxla_bin, ref, model, case, tmp_path / "cand")
    assert report.passed, [r.to_json() for r in report.rows if not r.passed]
