"""Review (stop 58), fresh eyes on the stop's changes: `--out figs/.` still wrote a file named
figs (the refusal of a name ending in "/" missed "/." and "/.."); and `serve` over a file it
refuses (a results database, junk) left an organiser token file beside it for a server that
never ran."""

from __future__ import annotations

import pytest

from warroom.cli import main


@pytest.mark.parametrize("name", ["figs/.", "figs/..", ".", ".."])
def test_a_name_ending_in_a_dot_folder_is_refused(tmp_path, monkeypatch, capsys, name):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "kow", "--players", "random,random", "--games", "1",
                 "--db", name]) == 2
    err = capsys.readouterr().err
    assert f"'{name}' names a folder: give a file name" in err, err
    assert list(tmp_path.iterdir()) == []


def test_serve_refusing_its_file_leaves_no_organiser_token(tmp_path, capsys):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database, and no warroom's" * 100)
    assert main(["serve", "--port", "8799", "--db", str(junk)]) == 2
    assert "junk.sqlite" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["junk.sqlite"]
