"""The gate's server surface checks the streamed logprobs (surfaces._logprob_checks): their bytes
spell the text, each greedy token is its step's most likely, and the first token's log-probability
is the oracle's log-softmax within twice the prefill_logits bound. Each check fails when its
condition does not hold."""

import json
from types import SimpleNamespace

import torch
from safetensors.torch import save_file
from vlmxla_gate import gate, surfaces
from vlmxla_oracle import compare


def _ref(tmp_path):
    logits = torch.tensor([2.0, 5.0, 1.0, -3.0])
    save_file({"prefill_logits": logits, "greedy_tokens": torch.tensor([1, 2])},
              str(tmp_path / "stages.safetensors"))
    (tmp_path / "manifest.json").write_text(json.dumps({"dtype": "f32"}))
    return tmp_path, float(logits.log_softmax(-1)[1])


def _token(text, logprob, top):
    return SimpleNamespace(bytes=list(text.encode()), logprob=logprob,
                           top_logprobs=[SimpleNamespace(logprob=v) for v in top])


def test_logprob_checks_hold_and_fail(tmp_path):
    ref, want = _ref(tmp_path)
    bound = gate.logits_bound(compare.load_tolerances(), "f32", 5.0)
    good = [_token("Hé", want, [want, want - 3]), _token("!", -0.5, [-0.5, -2.0])]
    assert all(surfaces._logprob_checks(good, "Hé!", ref).values())
    # Bytes that do not spell the text.
    assert not surfaces._logprob_checks(good, "Hi!", ref)["openai_logprobs_spell_text"]
    # A SentencePiece first token's space, which the text drops at its start; no other.
    spaced = [_token(" Hé", want, [want]), good[1]]
    assert surfaces._logprob_checks(spaced, "Hé!", ref)["openai_logprobs_spell_text"]
    assert not surfaces._logprob_checks(spaced, "Hé !", ref)["openai_logprobs_spell_text"]
    assert not surfaces._logprob_checks(good, " Hé!", ref)["openai_logprobs_spell_text"]
    # A token that is not its step's most likely.
    off = [good[0], _token("!", -2.0, [-0.5, -2.0])]
    assert not surfaces._logprob_checks(off, "Hé!", ref)["openai_logprobs_greedy"]
    # A first log-probability beyond twice the bound from the oracle's.
    far = want - 3 * bound
    moved = [_token("Hé", far, [far]), good[1]]
    assert not surfaces._logprob_checks(moved, "Hé!", ref)["openai_logprobs_oracle"]
    # No logprobs at all: every check fails.
    assert not any(surfaces._logprob_checks([], "Hé!", ref).values())
