"""engine.files.write_atomic: a file written whole or not at all, with the permissions a
person expects of it."""

from __future__ import annotations

import os
import stat

import pytest

from warroom.engine.files import write_atomic


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_permissions_of_any_new_file(tmp_path):
    """Review (stop 40): a report or a tuned deck written atomically came out readable by its
    owner alone (the temporary file's 0600), where any other file the user makes follows the
    umask."""
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "report.html", "<p>hi</p>")
    finally:
        os.umask(old)
    assert (tmp_path / "report.html").read_text() == "<p>hi</p>"
    assert mode(tmp_path / "report.html") == 0o644


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("old")
    deck.chmod(0o640)
    write_atomic(deck, "new")
    assert deck.read_text() == "new" and mode(deck) == 0o640


def test_a_private_file_is_its_owners_alone(tmp_path):
    """A save holds the seed and every hand: `private` keeps it 0600, as saves always were."""
    save = tmp_path / "game.json"
    save.write_text("{}")
    save.chmod(0o644)
    write_atomic(save, "{}", private=True)
    assert mode(save) == 0o600


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    deck = tmp_path / "deck.yaml"
    deck.write_text("old")

    def full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError, match="No space"):
        write_atomic(deck, "new")
    assert deck.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["deck.yaml"]


def test_a_file_named_by_a_symbolic_link_is_written_through_it(tmp_path):
    """Review (stop 41): `tune --out` over a deck that is a symbolic link replaced the link
    with a copy, leaving the deck it named as it was."""
    (tmp_path / "shared").mkdir()
    deck = tmp_path / "shared" / "cards.yaml"
    deck.write_text("old")
    link = tmp_path / "cards.yaml"
    link.symlink_to(deck)
    write_atomic(link, "new")
    assert link.is_symlink() and deck.read_text() == "new"
