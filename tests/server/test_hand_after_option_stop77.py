"""`warroom serve --hand-after SECONDS` (audit, stop 77): the wait before the other players
may let the AI play an absent person's seat was fixed at two minutes in the code; an organiser
could not shorten it for a club evening, nor lengthen it."""

from __future__ import annotations

from click.testing import CliRunner
from test_server_admin_stop65 import serve_calls

from warroom.cli import cli, main
from warroom.server.app import HAND_AFTER


def test_serve_passes_hand_after_to_the_app_and_refuses_a_bad_one(monkeypatch, tmp_path,
                                                                   capsys):
    made = serve_calls(monkeypatch)
    db = str(tmp_path / "g.sqlite")
    assert main(["serve", "--port", "0", "--db", db]) == 0
    assert main(["serve", "--port", "0", "--db", db, "--hand-after", "30"]) == 0
    assert [kw["hand_after"] for kw in made] == [HAND_AFTER, 30.0]  # the app's own default
    capsys.readouterr()
    for bad in ("0", "nan", "soon"):
        assert main(["serve", "--port", "0", "--db", db, "--hand-after", bad]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert "--hand-after" in err[-1], err
    assert len(made) == 2  # nothing started
    shown = " ".join(CliRunner().invoke(cli, ["serve", "--help"], terminal_width=200)
                     .output.split())
    assert "--hand-after SECONDS" in shown and "let the heuristic AI play it" in shown
