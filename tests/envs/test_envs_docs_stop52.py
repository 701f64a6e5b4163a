"""envs/README.md documents every observation piece that any config the project plays can have,
not only the default rules' pieces: viktory's and viktory-ii's card pieces, Battle's
`soldier_owners`. The configs are those encoding_digests.py lists (each game's conformance
configs, and the extra ones it plays)."""

from __future__ import annotations

import pytest

from game_cases import built_in_games
from warroom.envs import docs
from warroom.games import REGISTRY

from . import encoding_digests as d


def _section(name: str) -> str:
    """The game's part of the README's generated encodings."""
    text = docs.README.read_text()
    start = text.find(f"### `{name}`:")
    if start < 0:
        raise AssertionError(
            f"src/warroom/envs/README.md has no section for {name!r} (a `### `{name}`:` "
            f"heading): a built-in game with an encoding is documented there; run `python -m "
            f"warroom.envs.docs` (with the project's Python, .venv/bin/python) to write it")
    ends = [i for i in (text.find("\n### ", start + 1), text.find(docs.END, start)) if i >= 0]
    return text[start:min(ends)]


def test_audit54_a_game_without_a_readme_section_is_told_so(monkeypatch, tmp_path):
    """Audit (stop 54): a game without a section in envs/README.md failed here with a bare
    `ValueError: substring not found`; it is told which README lacks which game's section and
    the command that writes it."""
    readme = tmp_path / "README.md"
    readme.write_text("### `kow`: Kings\n")
    monkeypatch.setattr(docs, "README", readme)
    with pytest.raises(AssertionError, match=r"README.md has no section for 'duel' .*run "
                                             r"`python -m warroom.envs.docs`"):
        _section("duel")


def _encodings(name: str) -> list[tuple[dict, object]]:
    game = REGISTRY[name]
    return [(values, game.encoding(game.config(values))) for values in d.configs(name)]


@pytest.mark.parametrize("name", sorted(built_in_games()))
def test_every_piece_of_every_config_is_named_in_its_games_section(name):
    """Audit (stop 52): building the encoding of every config encoding_digests.py lists for the
    game, every piece name it has appears, as `name`, in that game's README section: the
    pieces a config's options add (viktory's `hand_sizes` ... `events` with mode=cards or
    hybrid, viktory-ii's `hands` and `discard_top`, Battle's `soldier_owners`) included."""
    section = _section(name)
    missing = sorted({p.name for values, enc in _encodings(name) for p in enc.pieces
                      if f"`{p.name}`" not in section})
    assert missing == [], f"{name}: pieces documented nowhere in its README section: {missing}"


@pytest.mark.parametrize("name", sorted(built_in_games()))
def test_each_added_piece_has_a_row_with_its_shape_and_the_options_that_bring_it(name):
    """Audit (stop 52): a piece that a config adds to the default rules' pieces has a row of
    its own in the game's section, `| `piece` | shape | options | meaning |`, giving a shape it
    takes and naming an option (`key=value`) of a config that has it, since where its slots
    fall depends on the config."""
    game = REGISTRY[name]
    default = {p.name for p in game.encoding(game.config()).pieces}
    rows = {line.split(" | ")[0].removeprefix("| "): line.split(" | ")
            for line in _section(name).splitlines() if line.startswith("| `")}
    wrong = []
    for values, enc in _encodings(name):
        for piece in enc.pieces:
            if piece.name in default:
                continue
            row = rows.get(f"`{piece.name}`")
            shape = " x ".join(map(str, piece.shape))
            options = [docs._options({k: v}) for k, v in values.items()]
            if (row is None or len(row) != 4 or shape not in row[1].split(" or ")
                    or not any(option in row[2] for option in options)):
                wrong.append((piece.name, docs._options(values)))
    assert wrong == [], f"{name}: added pieces without a row giving their shape and options"
