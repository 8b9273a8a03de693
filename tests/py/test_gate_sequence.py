"""vlmxla_gate.sequence: several gate runs in one process (scripts/test.sh's family gates). Each
line is one run, split as a shell splits it; every run is run whatever the one before did; the
exit code fails when any run failed, including a line the gate's own parser refuses."""

from vlmxla_gate import gate, sequence


def _fake_gate(monkeypatch, codes: dict[str, int]):
    """gate.main replaced by one returning codes[first argument]; the lines it was given."""
    seen = []

    def main(argv):
        seen.append(argv)
        return codes[argv[0]]

    monkeypatch.setattr(gate, "main", main)
    return seen


def test_every_run_is_run_in_turn_with_its_own_arguments(monkeypatch, capsys):
    seen = _fake_gate(monkeypatch, {"--family": 0, "--suite": 0})
    lines = ["--family qwen2_vl --report 'build/a b.json'", "--suite arch --weights int8"]
    assert sequence.main(lines) == 0
    assert seen == [["--family", "qwen2_vl", "--report", "build/a b.json"],
                    ["--suite", "arch", "--weights", "int8"]]
    out = capsys.readouterr().out
    assert "[gate sequence] run 2 of 2: --suite arch --weights int8" in out
    assert "[gate sequence] exit 0: --family qwen2_vl" in out


def test_a_failed_run_fails_the_sequence_and_the_runs_after_it_still_run(monkeypatch, capsys):
    seen = _fake_gate(monkeypatch, {"--family": 1, "--suite": 0})
    assert sequence.main(["--family llava_next", "--suite arch"]) == 1
    assert [argv[0] for argv in seen] == ["--family", "--suite"]
    assert "[gate sequence] exit 1: --family llava_next" in capsys.readouterr().out


def test_a_line_the_gate_refuses_fails_it_and_the_rest_still_run(monkeypatch, capsys):
    real = gate.main
    ran = []

    def main(argv):
        if argv[0] == "--family":
            return real(argv)  # argparse exits 2 on the unknown family, before any work
        ran.append(argv)
        return 0

    monkeypatch.setattr(gate, "main", main)
    assert sequence.main(["--family no_such_family", "--suite arch"]) == 1
    assert ran == [["--suite", "arch"]]
    assert "[gate sequence] exit 2: --family no_such_family" in capsys.readouterr().out


def test_no_runs_is_a_usage_error(capsys):
    assert sequence.main([]) == 2
    assert "usage" in capsys.readouterr().err
