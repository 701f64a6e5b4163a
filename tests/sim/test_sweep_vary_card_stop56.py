"""`sweep --vary` of a number in a card file says what to do instead."""

from __future__ import annotations

from warroom.cli import main


def test_varying_a_card_number_points_to_card_files_and_tune(tmp_path, capsys):
    """Audit (stop 56): `sweep word-iron --vary "deck0:Shield Wall Advance.losses.ranks=
    45,100"` said `unknown option for word-iron; options are: ...`, although `warroom tune
    --param` takes that very name. The line says sweep varies rule options only, and how to
    vary a card: one card file per value, or `warroom tune --param`. One line, status 2, no
    database made."""
    db = tmp_path / "x.sqlite"
    key = "deck0:Shield Wall Advance.losses.ranks"
    assert main(["sweep", "word-iron", "--vary", f"{key}=45,100", "--games", "4",
                 "--players", "heuristic,heuristic", "--workers", "1", "--db", str(db)]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert captured.out == "" and len(err) == 1, err
    line = err[0]
    assert line.startswith(f"warroom: error: --vary {key}: sweep varies rule options only")
    assert "--vary deck0=a.yaml,b.yaml" in line and "warroom tune --param" in line
    assert "unknown option" not in line
    assert not db.exists() and not list(tmp_path.iterdir())
