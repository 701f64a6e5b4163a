"""Audit (stop 56): Battle deck lists, checked and copied. `warroom cards validate` checks a
list with Jokers allowed, but the default rules (`jokers=false`) refuse a Joker in play: the
validation said "valid battle card file" and nothing else, then `simulate` refused the list.
It warns now (exit 0), and the README says what it checks. The shipped sample's header told
a copy to be played as `deck0=PATH/sample.txt`."""

from __future__ import annotations

import json
from pathlib import Path

from warroom.cli import main
from warroom.games.battle.cards import SHIPPED_DECKS

DATA = SHIPPED_DECKS["sample"].parent
README = DATA.parent / "README.md"
WARNING = "it holds a Joker: a Joker needs --set jokers=true to play (the default is jokers=false)"


def joker_list(folder: Path) -> Path:
    """The sample's 40 cards, the last one a Joker: valid with jokers=true."""
    cards = [line for line in (DATA / "sample.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    path = folder / "bb4.txt"
    path.write_text("\n".join(cards[:39] + ["Joker"]) + "\n")
    return path


def test_validate_warns_that_a_joker_needs_jokers_true(tmp_path, capsys):
    """Audit (stop 56): "bb4.txt: valid battle card file" for a list that `simulate` with the
    default options refuses: `a Joker needs the option jokers=true`."""
    path = joker_list(tmp_path)
    assert main(["cards", "validate", str(path), "--game", "battle"]) == 0
    out, err = capsys.readouterr()
    assert "valid battle card file" in out
    assert err.splitlines() == [f"warroom: warning: {path}: {WARNING}"]
    assert main(["cards", "validate", str(path), "--game", "battle", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == [WARNING]
    two = tmp_path / "two.txt"
    two.write_text(path.read_text().replace("AS\n", "Joker\n"))
    assert main(["cards", "validate", str(two), "--game", "battle"]) == 0
    assert "it holds 2 Jokers: a Joker needs --set jokers=true" in capsys.readouterr().err
    plain = tmp_path / "plain.txt"
    plain.write_text((DATA / "sample.txt").read_text())
    assert main(["cards", "validate", str(plain), "--game", "battle"]) == 0
    assert capsys.readouterr().err == ""


def test_the_warning_says_what_play_does(tmp_path, capsys):
    """Audit (stop 56): the warning is true of play: refused with the default jokers=false,
    played without a warning with --set jokers=true."""
    path = joker_list(tmp_path)
    run = ["simulate", "battle", "--games", "1", "--players", "random,random", "--seed", "3",
           "--set", "deck_mode=constructed", "--set", f"deck0={path}",
           "--db", str(tmp_path / "r.sqlite"), "--json"]
    assert main(run) != 0
    assert "a Joker needs the option jokers=true" in capsys.readouterr().err
    assert main([*run, "--set", "jokers=true"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 1 and "warning" not in err


def test_the_readme_says_validate_allows_jokers_the_default_rules_do_not():
    """Audit (stop 56): the README said validation checks "against the default rules: 40
    cards, Jokers allowed", but the default is jokers=false."""
    text = " ".join(README.read_text().split())
    assert "against the default rules: 40 cards, Jokers allowed" not in text
    assert "which the default rules (`jokers=false`) do not" in text
    assert WARNING in text


def test_the_sample_header_says_how_the_shipped_list_and_a_copy_are_named(tmp_path, capsys,
                                                                        monkeypatch):
    """Audit (stop 56): `warroom cards copy sample bdeck.txt --game battle` copied a header
    saying `--set deck0=PATH/sample.txt`; the shipped list is `deck0=sample`, a copy is named
    by its own path. Both headers say so now, and the cards are unchanged."""
    monkeypatch.chdir(tmp_path)
    assert main(["cards", "copy", "sample", "bdeck.txt", "--game", "battle"]) == 0
    capsys.readouterr()
    header = [line for line in Path("bdeck.txt").read_text().splitlines()
              if line.startswith("#")]
    assert not any("PATH/sample.txt" in line for line in header)
    assert any(line.endswith("--set deck0=sample") for line in header)
    assert any("warroom cards copy sample my-deck.txt --game battle" in line for line in header)
    assert any(line.endswith("--set deck0=my-deck.txt") for line in header)
    yaml_header = [line for line in (DATA / "sample.yaml").read_text().splitlines()
                   if line.startswith("#")]
    assert any("--set deck0=my-deck.yaml" in line for line in yaml_header)
    assert main(["cards", "show", "bdeck.txt", "--game", "battle", "--json"]) == 0
    text_cards = json.loads(capsys.readouterr().out)["cards"]["cards"]
    assert main(["cards", "show", str(DATA / "sample.yaml"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"]["cards"] == text_cards
    assert len(text_cards) == 40 and not {c[:-1] for c in text_cards} & {"4", "5", "6"}
