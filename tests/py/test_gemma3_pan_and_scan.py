"""Gemma 3's pan-and-scan on the host: `vlmxla prepare` (C++) against Gemma3Processor with the
checkpoint's pan-and-scan settings (tiny-gemma3-pas: crops of at least 32 px, at most 3, from an
aspect ratio of 1.2), on wide, tall and square images and a prompt mixing them. The crop count,
pixel_values of every view (the image, then its crops, each resized on its own) and the token ids
(the "Here is the original image ... crops to help you see better" text with one image sequence
per view) must be Transformers' exactly."""

import json
import pathlib
import subprocess

import numpy as np
import pytest
from safetensors.numpy import load_file
from vlmxla_oracle import capture, families, testing

NAME = "tiny-gemma3-pas"
# name -> (width, height, crops Gemma3ImageProcessor.pan_and_scan cuts with 32 / 3 / 1.2)
SHAPES = {
    "wide": (150, 50, 3),     # ratio 3: 3 crops of 50 x 50
    "tall": (60, 130, 2),     # ratio 2.17 rounds to 2: 2 crops of 60 x 65
    "square": (64, 64, 0),    # ratio 1 < 1.2: the image alone
    "scene": (317, 229, 2),   # ratio 1.38 rounds to 1, raised to 2: 159 then 158 wide
    "near": (119, 100, 0),    # ratio 1.19 < 1.2
}


@pytest.fixture(scope="module")
def model_dir():
    return testing.ensure_fixtures((NAME,))[NAME]


@pytest.fixture(scope="module")
def image_files(tmp_path_factory):
    from PIL import Image

    scene = Image.open(testing.ensure_images()["scene.png"]).convert("RGB")
    out = tmp_path_factory.mktemp("pas_images")
    files = {}
    for name, (w, h, _) in SHAPES.items():
        files[name] = out / f"{name}.png"
        scene.resize((w, h), Image.BICUBIC).save(files[name])
    return files


def _oracle(model_dir, case):
    from transformers.image_utils import load_image

    processor = capture.load_processor(model_dir)
    rendered = processor.apply_chat_template(capture.build_messages(case),
                                              add_generation_prompt=True, tokenize=False)
    images = [load_image(p) for p in case["images"]]
    kwargs = families.call_kwargs(processor)
    assert kwargs["do_pan_and_scan"] is True  # the checkpoint's settings, handed to the call
    inputs = processor(images=images, text=rendered, return_tensors="np", **kwargs)
    return processor, inputs


def _prepare(vlmxla_bin, model_dir, case, out: pathlib.Path):
    case_file = out.parent / f"{out.name}.case.json"
    case_file.write_text(json.dumps(case), encoding="utf-8")
    proc = subprocess.run([str(vlmxla_bin), "prepare", "--model", str(model_dir), "--case",
                           str(case_file), "--output", str(out)],
                          check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return load_file(str(out / "stages.safetensors"))


@pytest.mark.parametrize("names", [("wide",), ("tall",), ("square",), ("scene",), ("near",),
                                   ("wide", "square", "tall")])
def test_views_pixels_and_ids_match_gemma3_processor(model_dir, vlmxla_bin, image_files,
                                                      tmp_path, names):
    case = {"name": "pan_and_scan", "system": None, "prompt": "Describe what you see.",
            "images": [str(image_files[n]) for n in names]}
    processor, ref = _oracle(model_dir, case)
    cand = _prepare(vlmxla_bin, model_dir, case, tmp_path / "cand")

    views = sum(1 + SHAPES[n][2] for n in names)
    assert ref["pixel_values"].shape[0] == views  # the geometry above is Transformers'
    assert cand["pixel_values"].shape == ref["pixel_values"].shape
    diff = np.abs(cand["pixel_values"].astype(np.float64) - ref["pixel_values"])
    print(f"{'+'.join(names)}: {views} views, pixel_values max |diff| = {diff.max():.3g}")
    assert diff.max() <= 1e-6

    ids = ref["input_ids"][0].tolist()
    assert cand["input_ids"].tolist() == ids
    tok = processor.tokenizer
    assert ids.count(tok.convert_tokens_to_ids(tok.boi_token)) == views
    text = tok.decode(ids)
    crops = [SHAPES[n][2] for n in names]
    assert text.count("Here is the original image") == sum(1 for c in crops if c)
    assert text.count("crops to help you see better") == sum(1 for c in crops if c)


def test_pan_and_scan_off_keeps_one_view_per_image(model_dir, vlmxla_bin, image_files, tmp_path):
    """The same checkpoint with do_pan_and_scan false: the wide image is one view again, with
    no introduction, on both sides."""
    import shutil

    off = tmp_path / "off"
    shutil.copytree(model_dir, off)
    for name in ("preprocessor_config.json", "processor_config.json"):
        path = off / name
        if path.exists():
            j = json.loads(path.read_text(encoding="utf-8"))
            (j.get("image_processor", j))["do_pan_and_scan"] = False
            path.write_text(json.dumps(j), encoding="utf-8")
    case = {"name": "off", "system": None, "prompt": "Describe.",
            "images": [str(image_files["wide"])]}
    processor, ref = _oracle_off(off, case)
    cand = _prepare(vlmxla_bin, off, case, tmp_path / "cand")
    assert cand["pixel_values"].shape[0] == ref["pixel_values"].shape[0] == 1
    assert cand["input_ids"].tolist() == ref["input_ids"][0].tolist()
    assert "Here is the original image" not in processor.tokenizer.decode(ref["input_ids"][0])


def _oracle_off(model_dir, case):
    from transformers.image_utils import load_image

    processor = capture.load_processor(model_dir)
    assert families.call_kwargs(processor) == {}
    rendered = processor.apply_chat_template(capture.build_messages(case),
                                              add_generation_prompt=True, tokenize=False)
    inputs = processor(images=[load_image(p) for p in case["images"]], text=rendered,
                       return_tensors="np")
    return processor, inputs


@pytest.mark.parametrize("names", [("wide",), ("square",), ("wide", "tall")])
def test_an_extra_placeholder_is_refused_counting_images_not_views(model_dir, vlmxla_bin,
                                                                   image_files, tmp_path, names):
    """A prompt that also writes <start_of_image> itself has one placeholder more than images;
    the refusal counts the images given (not the views pan-and-scan would cut them into)."""
    case = {"name": "extra", "system": None, "prompt": "Compare <start_of_image> with this.",
            "images": [str(image_files[n]) for n in names]}
    case_file = tmp_path / "extra.case.json"
    case_file.write_text(json.dumps(case), encoding="utf-8")
    proc = subprocess.run([str(vlmxla_bin), "prepare", "--model", str(model_dir), "--case",
                           str(case_file), "--output", str(tmp_path / "cand")],
                          check=False, capture_output=True, text=True, timeout=120)
    n = len(names)
    images = "1 image was" if n == 1 else f"{n} images were"
    assert proc.returncode != 0
    assert (f"prompt has {n + 1} image placeholders (<start_of_image>) but {images} given"
            in proc.stderr), proc.stderr
    assert "placeholder_count_mismatch" in proc.stderr, proc.stderr
