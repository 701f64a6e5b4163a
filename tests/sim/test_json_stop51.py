"""`--json` documents: option values typed as the game's config types them (a sweep's grid
and cells, the stored cell, compare-games' options), and each command's keys exactly those
that src/warroom/sim/README.md's "JSON output" section lists (its `Keys:` lines, read here, so
that the docs and the code cannot drift apart)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.sim.store import ResultStore

ROOT = Path(__file__).resolve().parents[2]
SIM_README = ROOT / "src" / "warroom" / "sim" / "README.md"
PLAYERS = ["--players", "heuristic,random"]
LISTS = "red_faces=0,0,1,1,1,2;0,1,1,1,2,2"


def one_object(capsys) -> dict:
    """Standard output holds one JSON object and nothing else (one line)."""
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.endswith("}\n"), out
    return json.loads(out)


def run_json(capsys, args: list[str]) -> dict:
    assert main([*args, "--json"]) == 0
    return one_object(capsys)


def documented() -> dict[str, dict[str, list[str]]]:
    """Per command (its `### ` heading in the section), per kind of line (`Keys`, `Optional
    keys`, `Data keys (run)`, `Length keys`, ...), the backquoted key names of that line."""
    text = SIM_README.read_text(encoding="utf-8")
    assert "\n## JSON output\n" in text, "src/warroom/sim/README.md has no JSON output section"
    section = text.split("\n## JSON output\n", 1)[1].split("\n## ", 1)[0]
    out: dict[str, dict[str, list[str]]] = {}
    for part in re.split(r"^### ", section, flags=re.M)[1:]:
        name, _, body = part.partition("\n")
        lines: dict[str, list[str]] = {}
        for line in body.splitlines():
            found = re.match(r"\s*((?:[A-Z][\w -]* )?[Kk]eys(?: \(\w+\))?): (.*)", line)
            if found:
                lines[found[1]] = re.findall(r"`([a-z_0-9]+)`", found[2])
        out[name.strip()] = lines
    return out


def keys(command: str, line: str = "Keys") -> list[str]:
    docs = documented()
    assert command in docs, f"the JSON output section has no `### {command}`"
    assert line in docs[command], f"`### {command}` has no `{line}:` line"
    return docs[command][line]


@pytest.fixture(scope="module")
def kow_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("json51") / "kow.sqlite"


# --- typed option values ------------------------------------------------------------------


def test_sweep_json_and_stored_cells_carry_typed_values(tmp_path, capsys):
    """Audit (stop 51): a script reading `sweep --json` met `"vary": [["max_dice", ["2",
    "3"]]]` and `cells[0].cell: {"max_dice": "2"}` (text) beside `run.config.max_dice: 2`,
    and the database's `runs.cell` held `{"max_dice":"2"}`, while a tune's `values` are
    numbers. Now the grid, the cells and the stored cell carry the values as the config types
    them (a list option as a list), and a resume still finds the cells it stored."""
    db = tmp_path / "sw.sqlite"
    args = ["sweep", "kow", "--vary", "max_dice=2,3", "--vary", LISTS, *PLAYERS,
            "--db", str(db)]
    shown = run_json(capsys, [*args, "--games", "2"])
    lists = [[0, 0, 1, 1, 1, 2], [0, 1, 1, 1, 2, 2]]
    assert shown["data"]["sweep"]["vary"] == [["max_dice", [2, 3]], ["red_faces", lists]]
    cells = [{"max_dice": d, "red_faces": f} for d in (2, 3) for f in lists]
    got = shown["data"]["cells"]
    assert sorted(map(json.dumps, (c["cell"] for c in got))) == sorted(map(json.dumps, cells))
    for cell in got:
        assert cell["run"]["cell"] == cell["cell"]
        assert all(cell["run"]["config"][k] == v for k, v in cell["cell"].items())
    with ResultStore(db, create=False) as store:
        runs = store.runs(sweep_id=shown["sweep"])
        assert sorted(map(json.dumps, (r.cell for r in runs))) == sorted(map(json.dumps, cells))
    again = run_json(capsys, ["report", str(db), "--sweep", str(shown["sweep"])])
    assert again["data"] == shown["data"]
    # resumed: the same four runs, each with more games
    resumed = run_json(capsys, [*args, "--games", "3", "--resume"])
    assert resumed["sweep"] == shown["sweep"]
    assert [c["run"]["id"] for c in resumed["data"]["cells"]] == [c["run"]["id"] for c in got]
    assert [c["games"] for c in resumed["data"]["cells"]] == [3] * 4


def test_a_sweep_stored_with_text_cells_still_reports_and_resumes(tmp_path, capsys):
    """Audit (stop 51): sweeps stored before hold their cells as text (`{"max_dice": "2"}`):
    a script reading `report --sweep --json` of one met text where a new sweep gives numbers.
    Such a sweep now reports the same typed values and the same cell labels, and `--resume`
    continues its cells instead of adding new ones."""
    db = tmp_path / "old.sqlite"
    args = ["sweep", "kow", "--vary", "max_dice=2,3", "--vary", LISTS, *PLAYERS,
            "--db", str(db), "--format", "md"]
    assert main([*args, "--games", "2", "--out", str(tmp_path / "new.md")]) == 0
    capsys.readouterr()
    with ResultStore(db, create=False) as store:
        (sweep_id,) = store.sweep_ids()
        runs = store.runs(sweep_id=sweep_id)
    # as the sweep command stored them before: each value as given on the command line
    with sqlite3.connect(db) as con:
        for run in runs:
            text = {"max_dice": str(run.config["max_dice"]),
                    "red_faces": ",".join(map(str, run.config["red_faces"]))}
            con.execute("UPDATE runs SET cell = ? WHERE id = ?",
                        (json.dumps(text, separators=(",", ":"), sort_keys=True), run.id))
    con.close()
    with ResultStore(db, create=False) as store:
        assert all(isinstance(r.cell["max_dice"], str) for r in store.runs(sweep_id=sweep_id))
    shown = run_json(capsys, ["report", str(db), "--sweep", str(sweep_id),
                              "--out", str(tmp_path / "old.md")])
    for cell in shown["data"]["cells"]:
        assert isinstance(cell["cell"]["max_dice"], int)
        assert isinstance(cell["cell"]["red_faces"], list)
        assert cell["run"]["cell"] == cell["cell"]
    assert shown["data"]["sweep"]["vary"][0] == ["max_dice", [2, 3]]
    # the human report labels the cells as before: the values as given
    new, old = (tmp_path / "new.md").read_text(), (tmp_path / "old.md").read_text()
    assert "max_dice=2, red_faces=0,0,1,1,1,2" in old
    strip = re.compile(r"created \S+|(new|old)-figures")
    assert strip.sub("", new) == strip.sub("", old)
    # resumed: the same runs, no new cell
    assert main([*args, "--games", "3", "--resume", "--out", str(tmp_path / "r.md")]) == 0
    capsys.readouterr()
    with ResultStore(db, create=False) as store:
        after = store.runs(sweep_id=sweep_id)
        assert [r.id for r in after] == [r.id for r in runs]
        assert [store.count_games(r.id) for r in after] == [3] * 4
        assert len(store.runs()) == 4


def test_compare_games_options_are_typed(capsys):
    """Audit (stop 51): a script reading `viktory compare-games --set turn_limit=3 --json` met
    `"options": {"turn_limit": "3", "players": 2}`: the option as text beside a number. Now
    `"turn_limit": 3`, as the config types it."""
    shown = run_json(capsys, ["viktory", "compare-games", "--games", "2", "--seed", "1",
                              "--set", "turn_limit=3"])
    assert shown["options"] == {"turn_limit": 3, "players": 2}
    assert list(shown) == keys("viktory compare-games")


# --- every command's keys, as the README lists them ---------------------------------------


def test_simulate_and_report_keys_are_the_documented_ones(kow_db, tmp_path, capsys):
    """Audit (stop 51): a script reading `simulate --json` or `report --json` had only the
    code to learn their keys: the README listed `--json` keys for `play` alone. Now the sim
    README lists them, and they are exactly what the commands print."""
    shown = run_json(capsys, ["simulate", "kow", *PLAYERS, "--games", "3", "--db",
                              str(kow_db)])
    assert list(shown) == keys("simulate")
    shown = run_json(capsys, ["simulate", "kow", *PLAYERS, "--games", "3", "--cards", "--db",
                              str(tmp_path / "cards.sqlite")])
    assert list(shown) == keys("simulate") + keys("simulate", "Optional keys")
    report = run_json(capsys, ["report", str(kow_db)])
    assert list(report) == keys("report")
    data = report["data"]
    assert list(data) == keys("report", "Data keys (run)")
    assert list(data["length"]) == keys("report", "Length keys")
    assert data["first_player"] is None  # kow opens with a simultaneous decision
    battle = tmp_path / "battle.sqlite"
    assert main(["simulate", "battle", *PLAYERS, "--games", "2", "--db", str(battle)]) == 0
    capsys.readouterr()
    first = run_json(capsys, ["report", str(battle)])["data"]["first_player"]
    assert list(first) == keys("report", "First-player keys")


def test_one_game_length_has_null_sd_and_ci95(tmp_path, capsys):
    """Audit (stop 51): a script reading a one-game report met `"sd": null, "ci95": null` in
    `length`, which no document said; the JSON output section says it."""
    db = tmp_path / "one.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "1", "--db", str(db)]) == 0
    capsys.readouterr()
    length = run_json(capsys, ["report", str(db)])["data"]["length"]
    assert list(length) == keys("report", "Length keys")
    assert length["sd"] is None and length["ci95"] is None and length["n"] == 1
    said = " ".join(SIM_README.read_text(encoding="utf-8").split())
    assert "`sd` and `ci95` are null for one game, `mean`, `min` and `max` for none" in said


def test_sweep_and_tune_keys_are_the_documented_ones(tmp_path, capsys):
    """Audit (stop 51): a script reading `sweep --json`, `tune --json` or their reports had
    no list of their keys anywhere; now they are listed and match."""
    db = tmp_path / "s.sqlite"
    shown = run_json(capsys, ["sweep", "kow", "--vary", "max_dice=2,3", *PLAYERS, "--games",
                              "2", "--db", str(db)])
    assert list(shown) == keys("sweep") == keys("report")
    assert list(shown["data"]) == keys("report", "Data keys (sweep)")
    assert all(list(c) == keys("report", "Cell keys") for c in shown["data"]["cells"])
    import optuna  # noqa: F401  (tune needs the extra `make test` installs: fail, never skip)
    tuned = tmp_path / "t.sqlite"
    shown = run_json(capsys, ["tune", "kow", "--param", "max_dice=2..4", "--target",
                              "seat0_win=0.5", *PLAYERS, "--budget", "8", "--batch", "4",
                              "--db", str(tuned)])
    assert list(shown) == keys("tune")
    assert isinstance(shown["best"]["values"]["max_dice"], int)
    report = run_json(capsys, ["report", str(tuned), "--tune", str(shown["tune"])])
    assert list(report) == keys("report")
    assert list(report["data"]) == keys("report", "Data keys (tune)")


def test_evaluate_tournament_bench_keys_are_the_documented_ones(capsys):
    """Audit (stop 51): a script reading `evaluate`, `tournament` or `bench --json` had no
    list of their keys; now they are listed and match."""
    shown = run_json(capsys, ["evaluate", "kow", *PLAYERS, "--games", "2"])
    assert list(shown) == keys("evaluate")
    shown = run_json(capsys, ["tournament", "kow", "--players", "heuristic,random,random,"
                              "heuristic"])
    assert list(shown) == keys("tournament")
    assert keys("bench") == []  # one key per game: no fixed names
    shown = run_json(capsys, ["bench", "kow", "--seconds", "0.02", "--runs", "1"])
    assert list(shown) == ["kow"]
    assert list(shown["kow"]) == keys("bench", "Game keys")
    shown = run_json(capsys, ["bench", "kow", "--seconds", "0.02", "--runs", "1",
                              "--checked"])
    assert list(shown["kow"]) == keys("bench", "Game keys") + keys("bench",
                                                                   "Optional game keys")


def test_viktory_compare_keys_are_the_documented_ones(capsys):
    """Audit (stop 51): a script reading `viktory compare --json` had no list of its keys;
    now they are listed and match."""
    shown = run_json(capsys, ["viktory", "compare", "open-field", "--games", "2"])
    assert list(shown) == keys("viktory compare")


def test_games_options_replay_cards_keys_are_the_documented_ones(tmp_path, capsys):
    """Audit (stop 51): a script reading `games`, `options`, `replay`, `cards validate` or
    `cards show --json` had no list of their keys; now they are listed and match."""
    assert list(run_json(capsys, ["games"])) == keys("games")
    assert list(run_json(capsys, ["options", "kow"])) == keys("options")
    save = tmp_path / "g.json"
    assert main(["play", "kow", *PLAYERS, "--seed", "1", "--save", str(save)]) == 0
    capsys.readouterr()
    assert list(run_json(capsys, ["replay", str(save)])) == keys("replay")
    assert list(run_json(capsys, ["replay", str(save), "--check-files"])) == \
        keys("replay") + keys("replay", "Optional keys")
    shown = run_json(capsys, ["cards", "validate", "raiders", "--game", "word-iron"])
    assert list(shown) == keys("cards validate")
    shown = run_json(capsys, ["cards", "show", "raiders", "--game", "word-iron"])
    assert list(shown) == keys("cards show")


def test_rules_keys_are_the_documented_ones(capsys):
    """Audit (stop 79): the section listed four keys of `rules --json`, which printed a
    fifth (`rule_texts`, Viktory II's map game text beside its Battle Cards text)."""
    for game in ("kow", "viktory-ii"):
        shown = run_json(capsys, ["rules", game])
        assert list(shown) == keys("rules")
        assert shown["rule_texts"][0] == shown["rule_text"]
    assert len(shown["rule_texts"]) == 2 and shown["rule_texts"][1].endswith("VIKTORY-II.md")


def test_the_records_section_names_the_outcome_field():
    """Audit (stop 51): a script reading a saved record met a top-level `outcome` (written by
    `play --save` when the game ends) that README.md's Records section did not name."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    records = text.split("\n## Records\n", 1)[1].split("\n## ", 1)[0]
    assert '"outcome": {"winners"' in records
    assert "`outcome` is how the game ended by its rules" in records
