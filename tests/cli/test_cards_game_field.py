"""`warroom cards --game GAME` names the game of a card file that has no `game:` field, a YAML
deck as well as a Battle deck list as text (the field is optional in every card format, as its
docs say); a file whose `game:` names another game is still refused, in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.games import REGISTRY

GAMES = Path(__file__).resolve().parents[2] / "src" / "warroom" / "games"
DECKS = {"word-iron": GAMES / "word_iron" / "data" / "sample.yaml",
         "viktory": GAMES / "viktory_battles" / "data" / "sample-deck.yaml",
         "viktory-ii": GAMES / "viktory_battles" / "data" / "sample-deck.yaml"}


def _without_game(tmp_path: Path, game: str, replacement: str = "") -> Path:
    lines = DECKS[game].read_text(encoding="utf-8").splitlines(keepends=True)
    assert sum(line.startswith("game:") for line in lines) == 1
    path = tmp_path / "deck.yaml"
    path.write_text("".join(replacement if line.startswith("game:") else line
                            for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", list(DECKS))
def test_game_names_the_game_of_a_yaml_deck_without_the_field(tmp_path, capsys, game):
    path = _without_game(tmp_path, game)
    assert main(["cards", "validate", str(path), "--game", game]) == 0
    assert f"valid {game} card file" in capsys.readouterr().out
    assert main(["cards", "show", str(path), "--game", game]) == 0


@pytest.mark.parametrize("game", list(DECKS))
def test_without_game_a_deck_without_the_field_is_refused_in_one_line(tmp_path, capsys, game):
    path = _without_game(tmp_path, game)
    assert main(["cards", "validate", str(path)]) != 0
    line = one_line_error(capsys)
    assert str(path) in line and "'game:'" in line and "--game" in line


@pytest.mark.parametrize("game", ["word-iron", "viktory"])
def test_a_deck_naming_another_game_is_still_refused(tmp_path, capsys, game):
    path = _without_game(tmp_path, game, "game: battle\n")
    assert main(["cards", "validate", str(path), "--game", game]) != 0
    line = one_line_error(capsys)
    assert str(path) in line and "field game" in line


def test_a_word_iron_deck_without_the_field_plays_as_cards_validate_says(tmp_path):
    path = _without_game(tmp_path, "word-iron")
    game = REGISTRY["word-iron"]
    config = game.config({"deck0": str(path)})
    assert game.load_cards(str(path)).name == "Sample starter deck"
    assert config is not None
