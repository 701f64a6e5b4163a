"""Audit (stop 56): the commands `play` suggests, for a path that starts with `-`."""

from __future__ import annotations

import shlex

from warroom.cli import main

KOW = ["play", "kow", "--players", "heuristic,heuristic", "--seed", "1"]


def test_shell_word_quotes_and_keeps_a_leading_dash_from_reading_as_an_option():
    """Audit (stop 56): `see it with: warroom replay -fin.json` failed as "No such option
    '-f'". A relative path starting with `-` is written `./-fin.json`; others as shlex
    quotes them."""
    from warroom.engine.data import shell_word

    assert shell_word("-fin.json") == "./-fin.json"
    assert shell_word("-x y.json") == "'./-x y.json'"
    assert shell_word("a b.json") == "'a b.json'"
    assert shell_word("/tmp/-f.json") == "/tmp/-f.json"
    assert shell_word("s.json") == "s.json"


def test_the_suggested_replay_and_resume_run(tmp_path, monkeypatch, capsys):
    """Audit (stop 56): play's suggestions (`see it with: warroom replay FILE`, `continue it
    with --resume FILE`) named a save `-fin.json` bare, and the command pasted failed. Each
    suggestion runs as written."""
    monkeypatch.chdir(tmp_path)
    assert main([*KOW, "--save", "-fin.json"]) == 0
    capsys.readouterr()
    assert main([*KOW, "--save", "-fin.json"]) == 2
    said = capsys.readouterr().err
    assert "see it with: warroom replay ./-fin.json;" in said, said
    assert main(["play", "--resume", "-fin.json"]) == 2
    said = capsys.readouterr().err.strip()
    assert said.endswith("see it with: warroom replay ./-fin.json"), said
    assert main(shlex.split(said.split("see it with: ")[1])[1:]) == 0
