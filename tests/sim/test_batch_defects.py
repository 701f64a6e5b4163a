"""Defects of the batch commands (simulate, sweep, tune, report) found by a user audit: each
test names its defect and failed before the fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from warroom.cli import main
from warroom.cli.simulate import resolve_workers
from warroom.engine import ConfigError, config_to_json
from warroom.engine.config import changed_options
from warroom.games import REGISTRY
from warroom.games.word_iron.deck import DATA_DIR
from warroom.sim import datafile
from warroom.sim.batch import play_one
from warroom.sim.store import ResultStore
from warroom.sim.sweep import parse_vary, plan
from warroom.sim.tune import make_plan

BATTLE = REGISTRY["battle"]
SAMPLE = DATA_DIR / "sample.yaml"
LANCE = "deck0:Knights' Lance.losses.ranks"


def one_line_error(capsys, *args: str) -> str:
    assert main(list(args)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("warroom: error: "), err
    return err[0]


# --- defect 2: sweep --vary players ---------------------------------------------------------

@pytest.mark.parametrize("game", ["battle", "viktory-ii"])
def test_varying_players_fills_the_seats_past_the_list_with_the_last_spec(game):
    """Defect 2: `sweep --vary players=2,3 --players heuristic,random` was refused ("sweep
    cell players=3: --players needs 3 players, got 2") though the README says --vary may give
    players: the last SPEC now fills the seats a cell has past the list."""
    cells = plan(REGISTRY[game], (), parse_vary(["players=2,3,4"]), "heuristic,random")
    assert [c.config["players"] for c in cells] == [2, 3, 4]
    assert [c.players for c in cells] == [("heuristic", "random"),
                                          ("heuristic", "random", "random"),
                                          ("heuristic", "random", "random", "random")]


def test_more_specs_than_a_cells_players_is_one_line_before_any_game(tmp_path, capsys):
    """Defect 2: three SPECs with --vary players=2,3 said "sweep cell players=2: --players needs
    2 players, got 3" as if the sweep could never run; it names the rule now, and nothing is
    written."""
    db = tmp_path / "s.sqlite"
    err = one_line_error(capsys, "sweep", "battle", "--vary", "players=2,3", "--players",
                         "heuristic,random,random", "--games", "2", "--db", str(db))
    assert "sweep cell players=2: --players lists 3 SPECs, more than the cell's 2 players" in err
    assert "the last SPEC fills the seats" in err
    assert not db.exists()


def test_a_sweep_of_players_plays_every_cell_and_reports_it(tmp_path, capsys):
    """Defect 2: the sweep plays, each cell a run with its own SPECs, and its report does not
    compare seats, players or the first player across tables of different sizes."""
    db, out = tmp_path / "s.sqlite", tmp_path / "s.md"
    assert main(["sweep", "battle", "--vary", "players=3,2", "--players", "heuristic,random",
                 "--games", "4", "--db", str(db), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "win rate per seat: differences across cells not tested: the cells play different " \
           "numbers of players" in printed
    assert re.search(r"first player win rate: .*not tested: the cells play different numbers "
                     "of players", printed)
    with ResultStore(db) as store:
        runs = store.runs(sweep_id=1)
        assert [r.players for r in runs] == [["heuristic", "random", "random"],
                                             ["heuristic", "random"]]
        assert [store.count_games(r.id) for r in runs] == [4, 4]
    assert "the last SPEC fills the seats a cell has past them" in out.read_text()


# --- defect 6: a tune trial's run report ----------------------------------------------------

@pytest.fixture(scope="module")
def lance_tune(tmp_path_factory) -> tuple[Path, Path]:
    """A tiny tune of Knights' Lance's ranks with --out: (database, --out)."""
    folder = tmp_path_factory.mktemp("tune")
    db, out = folder / "t.sqlite", folder / "lance.yaml"
    args = ["tune", "word-iron", "--param", f"{LANCE}=40..160", "--target", "seat0_score=0.5",
            "--set", "word_deck_size=8", "--players", "random,random", "--budget", "20",
            "--batch", "10", "--db", str(db), "--out", str(out)]
    assert main(args) == 0
    return db, out


def test_a_tune_trials_run_report_names_the_tune_and_the_tuned_value(lance_tune, tmp_path,
                                                                      capsys):
    """Defect 6: `warroom report DB --run N` of a tune's trial showed only "options:
    deck0=.../deck0-sample-745c54db1cd1.yaml" (the patched copy), neither the tuned value nor
    that the run is a trial of tune 1."""
    db, _ = lance_tune
    with ResultStore(db) as store:
        trials = store.runs(tune_id=1)
    assert trials
    for run in trials:
        out = tmp_path / f"run{run.id}.md"
        assert main(["report", str(db), "--run", str(run.id), "--out", str(out)]) == 0
        capsys.readouterr()
        value = run.cell[LANCE]
        assert f"- **tune**: 1, its trial of {LANCE} = {value} " in out.read_text()


# --- defect 11: tune --out keeps the card file's text ---------------------------------------

def test_tune_out_keeps_the_comments_and_every_untouched_line(lance_tune):
    """Defect 11: `tune --out` rewrote the whole card file: its comments (the "SAMPLE DATA,
    NOT THE PUBLISHED CARDS" notice) were lost and flow-style lines reflowed into blocks. Now
    the file is the original text, byte for byte, but for the tuned number and a header."""
    _, out = lance_tune
    original = SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    written = out.read_text(encoding="utf-8").splitlines(keepends=True)
    assert written[0].startswith(f"# sample.yaml, patched: {LANCE} = ")
    value = int(written[0].rsplit("= ", 1)[1])
    assert len(written) == len(original) + 1
    changed = [(a, b) for a, b in zip(original, written[1:], strict=True) if a != b]
    lance = "      - {kind: losses, ranks: %d, below: royal_guards}\n"
    if value == 100:  # the tune kept the value as it is
        assert changed == []
    else:
        assert changed == [(lance % 100, lance % value)]
    assert "SAMPLE DATA, NOT THE PUBLISHED CARDS" in "".join(written)
    deck = yaml.safe_load("".join(written))
    card = next(c for c in deck["strategies"] if c["name"] == "Knights' Lance")
    assert card["effects"][1]["ranks"] == value


def test_a_number_that_cannot_be_edited_in_place_is_written_whole_with_a_note(tmp_path,
                                                                             capsys):
    """Defect 11: when the number cannot be changed in the file's own text (here an alias
    shares it with another card, so an edit would change both), the patched file is the whole
    document dumped again, as before, and tune says so in one line."""
    deck = tmp_path / "aliased.yaml"
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace("{name: Navigable River, ranks: 100,", "{name: Navigable River, "
                        "ranks: &hundred 100,", 1)
    text = text.replace("{kind: losses, ranks: 100, below: royal_guards}",
                        "{kind: losses, ranks: *hundred, below: royal_guards}", 1)
    deck.write_text(text, encoding="utf-8")
    address, _ = datafile.resolve(REGISTRY["word-iron"], LANCE, {},
                                  REGISTRY["word-iron"].config({"deck0": str(deck)}))
    patched, kept = datafile.patch(deck, [(address.path, 70, LANCE)])
    assert not kept and "&hundred" not in patched
    river = next(r for r in yaml.safe_load(patched)["resources"]
                 if r["name"] == "Navigable River")
    assert river["ranks"] == 100  # the other card keeps its number
    out = tmp_path / "out.yaml"
    assert main(["tune", "word-iron", "--param", f"{LANCE}=40..160", "--target",
                 "seat0_score=0.5", "--set", "word_deck_size=8", "--set", f"deck0={deck}",
                 "--players", "random,random", "--budget", "10", "--batch", "10", "--db",
                 str(tmp_path / "t.sqlite"), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    notes = [line for line in err.splitlines() if line.startswith("warroom: note: ")]
    assert len(notes) == 1 and str(out) in notes[0] and "written whole" in notes[0]


# --- defect 7: a resume with fewer games ----------------------------------------------------

def _interrupted_run(db: Path, requested: int, played: int) -> None:
    """A battle run asked for `requested` games that stopped after `played`."""
    with ResultStore(db) as store:
        run = store.create_run("battle", BATTLE.version, config_to_json(BATTLE.config({})),
                               ["random", "random"], 0, requested)
        store.add_games(run.id, [play_one(run.spec(), i) for i in range(played)])


def test_a_resume_with_fewer_games_than_requested_shrinks_the_run(tmp_path, capsys):
    """Defect 7: an interrupted 2000-game run resumed with --games 20 played to 20 but kept
    games_requested 2000: its report said "20 of 2000 requested" and a bare --resume went on
    to 2000. The resume's --games is the run's size now, as sweep's is the sweep's."""
    db = tmp_path / "r.sqlite"
    _interrupted_run(db, 2000, 5)
    assert main(["simulate", "battle", "--db", str(db), "--resume", "--games", "8",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 8
    with ResultStore(db) as store:
        assert store.run(1).games_requested == 8
    out = tmp_path / "r.md"
    assert main(["report", str(db), "--run", "1", "--out", str(out)]) == 0
    assert "- **games**: 8 of 8 requested" in out.read_text()
    capsys.readouterr()
    assert main(["simulate", "battle", "--db", str(db), "--resume", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 8  # a bare resume stops there


def test_a_sweep_resume_with_fewer_games_shrinks_the_sweep_and_its_cells(tmp_path, capsys):
    """Defect 7 (sweep's side, for consistency): a sweep asked for 2000 games a cell and
    resumed with --games 6 kept 2000 as its size and its cells', so a bare --resume went on
    to 2000."""
    db = tmp_path / "s.sqlite"
    vary = parse_vary(["hand_size=5,7"])
    cells = plan(BATTLE, (), vary, "random,random")
    with ResultStore(db) as store:
        sweep = store.create_sweep("battle", vary, {}, ["random", "random"], 0, 2000)
        for cell in cells:
            run = store.create_run("battle", BATTLE.version, cell.config, ["random", "random"],
                                   0, 2000, sweep_id=sweep.id, cell=cell.values)
            store.add_games(run.id, [play_one(run.spec(), i) for i in range(3)])
    args = ["sweep", "battle", "--vary", "hand_size=5,7", "--players", "random,random",
            "--db", str(db), "--resume"]
    assert main([*args, "--games", "6"]) == 0
    with ResultStore(db) as store:
        assert store.sweep(1).games == 6
        assert [r.games_requested for r in store.runs(sweep_id=1)] == [6, 6]
    assert main(args) == 0  # a bare resume plays nothing more
    capsys.readouterr()
    with ResultStore(db) as store:
        assert [store.count_games(r.id) for r in store.runs(sweep_id=1)] == [6, 6]


# --- defect 8: the first player across cells with different teams --------------------------

def test_the_first_player_is_not_compared_across_cells_with_different_teams(tmp_path,
                                                                           capsys):
    """Defect 8: `sweep battle --vary teams=none,alliance` compared the first player's win
    rate across cells ("differences across cells significant (p = 0.003)") though its fair
    share is 25 % alone and 50 % with a partner; held back now, as the seats are."""
    assert main(["sweep", "battle", "--vary", "teams=none,alliance", "--players",
                 "heuristic,random,random,random", "--games", "16", "--db",
                 str(tmp_path / "s.sqlite"), "--format", "md"]) == 0
    printed = capsys.readouterr().out
    line = next(x for x in printed.splitlines() if x.startswith("first player win rate"))
    assert "differences across cells not tested: the cells play different teams" in line
    assert "p =" not in line and "p <" not in line


# --- defect 12: booleans ---------------------------------------------------------------------

@pytest.mark.parametrize("text", ["yes", "on", "1", "TRUE", "True", "no", "off", "0", "False"])
def test_a_boolean_option_takes_true_or_false_only(capsys, text):
    """Defect 12: --set jokers=yes (on, 1, TRUE) was accepted although `warroom options` says
    "true or false"; it is a one-line error naming the option now."""
    with pytest.raises(ConfigError, match=f"option 'jokers' must be true or false, got "
                                          f"'{text}'"):
        BATTLE.config({"jokers": text})
    err = one_line_error(capsys, "simulate", "battle", "--set", f"jokers={text}",
                         "--players", "random,random", "--games", "1", "--db", "/nonexistent/x")
    assert "option 'jokers' must be true or false" in err


def test_booleans_read_as_documented_and_print_as_true_and_false(tmp_path, capsys):
    """Defect 12: `true` and `false` (and a record's JSON booleans) still read; report headers
    printed `jokers=True`, which --set does not take; they print `jokers=true` now."""
    assert BATTLE.config({"jokers": "true"}).jokers is True
    assert BATTLE.config({"jokers": "false"}).jokers is False
    assert BATTLE.config({"jokers": True}).jokers is True  # a record's or a run's JSON
    assert changed_options(BATTLE.Config, {"jokers": True}) == "jokers=true"
    db, out = tmp_path / "b.sqlite", tmp_path / "b.md"
    assert main(["simulate", "battle", "--set", "jokers=true", "--players", "random,random",
                 "--games", "2", "--db", str(db)]) == 0
    assert main(["report", str(db), "--out", str(out)]) == 0
    assert "- **options**: jokers=true" in out.read_text()
    save = tmp_path / "j.json"  # a saved game's config holds a JSON boolean
    assert main(["play", "battle", "--players", "random,random", "--set", "jokers=true",
                 "--seed", "3", "--save", str(save)]) == 0
    assert json.loads(save.read_text())["config"]["jokers"] is True
    assert main(["replay", str(save)]) == 0


def test_a_tuned_boolean_starts_from_its_value_as_it_is(tmp_path):
    """Defect 12: tune read a boolean's current value as Python's `False`, no choice of
    `jokers=true|false`, so the first trial was not the values as they are."""
    p = make_plan(BATTLE, (), ("jokers=true|false",), "draws=0.1", "random,random", 0, 10, 10,
                  tmp_path / "t.sqlite")
    assert p.params[0].current == "false"
    assert p.start_values() == {"jokers": "false"}


# --- defect 13: the workers note ------------------------------------------------------------

def test_the_workers_note_says_warroom_as_the_other_notes_do(capsys, monkeypatch):
    """Defect 13: "note: --workers 8 is more than the 2 CPUs here" lacked the `warroom:`
    prefix of every other note."""
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert resolve_workers(8, "process", 100) == 2
    assert capsys.readouterr().err == ("warroom: note: --workers 8 is more than the 2 CPUs "
                                       "here; using 2\n")
