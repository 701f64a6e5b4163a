"""Audit (stop 58): Ctrl-C in `warroom evaluate` keeps nothing, which the command said only
once interrupted: neither `evaluate --help` nor the docs said it beforehand, so a student
stopped an hour's evaluation expecting to go on as simulate --resume does."""

from __future__ import annotations

from pathlib import Path

from warroom.cli import main

SIM_README = Path(__file__).resolve().parents[2] / "src" / "warroom" / "sim" / "README.md"


def test_evaluate_help_says_ctrl_c_keeps_nothing(capsys):
    """Audit (stop 58): `evaluate --help` says, before any game, what Ctrl-C keeps."""
    assert main(["evaluate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("Ctrl-C keeps nothing: an evaluation is not saved, and the same command starts it "
            "again.") in text


def test_the_sim_readme_says_it_of_evaluate():
    """Audit (stop 58): the docs' evaluate section says it too."""
    text = SIM_README.read_text(encoding="utf-8")
    section = text.split("\n### evaluate\n", 1)[1].split("\n### ", 1)[0]
    assert "Ctrl-C keeps nothing: an evaluation is not saved" in " ".join(section.split())
