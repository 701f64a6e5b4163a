"""Audit (stop 51): Viktory's data files. A scenario whose battle cannot be fought is refused by
the scenario loader (the command line, the lobby's upload check and a game the lobby makes
alike, naming the file as the person named it, never the server's copy), a Battle Card whose
name is only spaces is refused, and a legal deck against the rule text is warned of."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from warroom.cli import cli, main
from warroom.engine import ConfigError, DataError
from warroom.games import get_game
from warroom.games.viktory.scenario import SCENARIOS, load_scenario
from warroom.games.viktory_battles.cards import SAMPLE_DECK, load_deck, show_deck
from warroom.server.options import Uploads, config_from
from warroom.server.store import FileRow

PLAINS_TOWN = (SCENARIOS / "plains-town.yaml").read_text()
# The shipped default battle with a third hex side holding nothing (the auditor's file).
EMPTY_SIDE = PLAINS_TOWN.replace("    - {infantry: 1, artillery: 1}\n",
                                 "    - {infantry: 1, artillery: 1}\n    - {}\n")
EMPTY_SIDE_PROBLEM = "field attacker.sides.2: a hex side with no units, committed or in reserve"


class _Store:
    """The game store's uploaded files, in memory."""

    def __init__(self, *rows: FileRow):
        self.rows = {row.sha: row for row in rows}

    def file(self, sha: str) -> FileRow | None:
        return self.rows.get(sha)

    def add_file(self, row: FileRow) -> None:
        self.rows.setdefault(row.sha, row)


def _row(name: str, text: str) -> FileRow:
    content = text.encode()
    return FileRow(hashlib.sha256(content).hexdigest(), "viktory", "scenario", name, content)


def test_a_scenario_with_an_empty_hex_side_is_refused_by_the_loader(tmp_path, monkeypatch,
                                                                    capsys):
    """Audit (stop 51): the viktory README: "A malformed file is a one-line error naming the
    file and the field"; the loader (what the upload check runs) took a file whose battle
    cannot be fought, and only the Config refused it."""
    assert EMPTY_SIDE != PLAINS_TOWN
    path = tmp_path / "emptyside.yaml"
    path.write_text(EMPTY_SIDE)
    with pytest.raises(DataError) as caught:
        load_scenario(str(path))
    assert str(caught.value) == f"{path}: {EMPTY_SIDE_PROBLEM}"
    # the command line says it alike, naming the file as given
    monkeypatch.chdir(tmp_path)
    assert main(["play", "viktory", "--set", "scenario=emptyside.yaml"]) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert lines == [f"warroom: error: emptyside.yaml: {EMPTY_SIDE_PROBLEM}"]


def test_the_lobby_upload_check_refuses_it_naming_the_upload():
    """Audit (stop 51): the server README: an upload "is checked by the same loader `warroom
    cards validate` uses (`Game.load_cards`, Viktory's scenario loader)"; the upload was
    accepted (200), and only creating a game refused it."""
    uploads = Uploads(_Store())  # type: ignore[arg-type]
    try:
        with pytest.raises(DataError) as caught:
            uploads.add(get_game("viktory"), "scenario", "emptyside.yaml", EMPTY_SIDE.encode())
    finally:
        uploads.close()
    assert str(caught.value) == f"emptyside.yaml: {EMPTY_SIDE_PROBLEM}"
    assert caught.value.option == "scenario"


@pytest.mark.parametrize("text, options, message", [
    # stored before the loader refused it
    (EMPTY_SIDE, {}, f"my-battle.yaml: {EMPTY_SIDE_PROBLEM}"),
    # a valid file that an option makes a battle that cannot be fought: the option's error
    # (stop 53), naming the file by its `name:`
    (PLAINS_TOWN, {"attackers": ["0", "1i"]},
     "option 'attackers' (0,1i) does not fit the scenario file given (Town on the plains): a "
     "hex side with no units, committed or in reserve"),
])
def test_a_game_made_with_an_upload_never_names_the_servers_copy(text, options, message):
    """Audit (stop 51): the server README: "A client never names a path on the server" (and is
    never told one); creating a game answered `/tmp/warroom-uploads-.../641b....yaml: field
    attacker.sides.2: ...`."""
    row = _row("my-battle.yaml", text)
    uploads = Uploads(_Store(row))  # type: ignore[arg-type]
    try:
        with pytest.raises((DataError, ConfigError)) as caught:
            config_from(get_game("viktory"), {"scenario": {"upload": row.sha}, **options},
                        uploads)
    finally:
        uploads.close()
    assert str(caught.value) == message
    assert "warroom-uploads-" not in str(caught.value)
    assert caught.value.option in ("scenario", "attackers")


def _deck(tmp_path: Path, *cards: str) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text("game: viktory\nname: T\ncards:\n" + "".join(f"  - {c}\n" for c in cards))
    return path


REGULAR = "{id: A02, name: Charge, kind: attack, attack: regular, hits: 1, misses: 0, " \
          "terrain: plains}"


@pytest.mark.parametrize("card, field", [
    ('{id: A01, name: "   ", kind: attack, attack: regular, hits: 1, misses: 0, '
     'terrain: plains}', "name"),
    ('{id: A01, name: Charge, kind: attack, attack: regular, hits: 1, misses: 0, '
     'terrain: plains, text: "  "}', "text"),
])
def test_a_card_whose_name_or_text_is_only_spaces_is_refused(tmp_path, card, field):
    """Audit (stop 51): the viktory README: "A card whose name is incomplete is rejected
    ("only playtest using the cards that have completed information")"; a name of spaces was
    valid and played as "Attacker plays A01     1H/0M plains"."""
    path = _deck(tmp_path, card, REGULAR)
    with pytest.raises(DataError) as caught:
        load_deck(str(path))
    assert str(caught.value).startswith(f"{path}: card A01: field {field}: ")
    assert "\n" not in str(caught.value)
    result = CliRunner().invoke(cli, ["cards", "validate", str(path), "--game", "viktory"])
    assert result.exit_code != 0 and "valid viktory card file" not in result.output


def test_a_cards_name_keeps_no_spaces_around_it(tmp_path):
    """Audit (stop 51): the viktory README: "A card whose name is incomplete is rejected"; a
    name padded with spaces is complete, and is shown without them."""
    path = _deck(tmp_path, '{id: A01, name: " Charge  ", kind: attack, attack: regular, '
                           'hits: 1, misses: 0, terrain: plains}')
    assert load_deck(str(path)).cards[0].short() == "Charge 1H/0M plains"


COUNTER = "{id: C01, name: Flank Counter, kind: counter, counter: flank, hits: 1, misses: 1, " \
          "terrain: plains}"


@pytest.mark.parametrize("game", ["viktory", "viktory-ii"])
def test_a_deck_without_an_attack_card_is_warned_of(tmp_path, game):
    """Audit (stop 51): the rule text: "Cards are either Attack, Counter, or Attack/Counter
    cards - 33% are Attack, 16% are Attack/Counter, and 50% are Counter"; a deck of Counter
    cards only fights no battle in cards mode, and nothing said so."""
    path = _deck(tmp_path, COUNTER, COUNTER.replace("C01", "C02"))
    g = get_game(game)
    warnings = g.card_warnings(g.load_cards(str(path)))
    assert any(w.startswith("no Attack card") and "no attack can be made" in w
               for w in warnings)
    assert any("the rule text's is Attack 33 %, Attack/Counter 16 %, Counter 50 %" in w
               for w in warnings)
    assert g.card_warnings(g.load_cards(str(SAMPLE_DECK))) == []
    result = CliRunner().invoke(cli, ["cards", "validate", str(path), "--game", game])
    assert result.exit_code == 0
    assert f"warroom: warning: {path}: no Attack card" in result.output


def test_a_mix_far_from_the_texts_is_warned_of_and_shown_as_cards_show_does(tmp_path):
    """Audit (stop 51): the rule text: "33% are Attack, 16% are Attack/Counter, and 50% are
    Counter"; a legal deck of Attack and Counter cards only, half and half, has both kinds to
    play but a mix far from the text's."""
    path = _deck(tmp_path, REGULAR, COUNTER)
    deck = load_deck(str(path))
    warnings = get_game("viktory").card_warnings(deck)
    assert warnings == ["the mix of kinds is Attack 50 %, Attack/Counter 0 %, Counter 50 %; "
                        "the rule text's is Attack 33 %, Attack/Counter 16 %, Counter 50 %"]
    assert ("mix: Attack 50 %, Attack/Counter 0 %, Counter 50 %  (the text: Attack 33 %, "
            "Attack/Counter 16 %, Counter 50 %)") in show_deck(deck)  # one way of writing it
